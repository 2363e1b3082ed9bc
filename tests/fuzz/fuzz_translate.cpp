// Fuzz target: `ptxv translate` on any bytes (ptxv/translate.hpp).
//
// Properties, for any input:
//   - it is rejected with a located, printable ScanError, or translated, the
//     same way with and without --guard (the same statements, but for those
//     only a device pass compiles, which --guard leaves for the GPU);
//   - with nothing translated the text is the input, byte for byte;
//   - the output translates again without error and with nothing left to
//     translate (every statement it replaced is gone, every one it kept is
//     kept again for the same reason);
//   - the same bytes as a PTX module lower as lower_check.hpp requires.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "lower_check.hpp"
#include "ptxv/translate.hpp"

namespace {

std::size_t count_lines(std::string_view s) {
    std::size_t n = 1;
    for (char c : s) n += c == '\n';
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using ptxv_fuzz::fail;
    namespace tr = ptxv::translate;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    ptxv_fuzz::check_lower(text);
    tr::TranslatedSource plain, guarded;
    try {
        plain = tr::translate_source(text, false);
    } catch (const tr::ScanError& e) {
        const std::string what = e.what();
        if (!ptxv_fuzz::printable_line(what)) fail("error message not printable", text, what);
        if (e.where.line < 1 || static_cast<std::size_t>(e.where.line) > count_lines(text) || e.where.column < 1)
            fail("error position outside the input", text, what);
        try {
            tr::translate_source(text, true);
            fail("rejected without --guard, accepted with it", text, what);
        } catch (const tr::ScanError& g) {
            if (std::string(g.what()) != what) fail("--guard rejects differently", text, what + " vs " + g.what());
        }
        return 0;
    }
    try {
        guarded = tr::translate_source(text, true);
    } catch (const tr::ScanError& e) {
        fail("accepted without --guard, rejected with it", text, e.what());
    }
    std::size_t left_for_gpu = 0;
    for (const auto& line : guarded.report)
        left_for_gpu += line.what.rfind("skipped: under ", 0) == 0 && line.what.size() >= 16 &&
                        line.what.compare(line.what.size() - 16, 16, "left for the GPU") == 0;
    if (static_cast<std::size_t>(guarded.translated) + left_for_gpu != static_cast<std::size_t>(plain.translated))
        fail("--guard translates a different number of statements", text);
    // The counts add up, and the report has a line for each skipped statement.
    for (const tr::TranslatedSource* r : {&plain, &guarded}) {
        if (r->translated + r->skipped_video + r->skipped_other + r->left_for_gpu != r->found)
            fail("the summary's counts do not add up to the statements found", text, tr::summary(*r));
        std::size_t skip_lines = 0;
        for (const auto& line : r->report) skip_lines += line.what.rfind("skipped", 0) == 0;
        if (skip_lines != static_cast<std::size_t>(r->skipped_video + r->skipped_other + r->left_for_gpu))
            fail("the report's skipped lines do not match the summary", text, tr::summary(*r));
    }
    if (plain.translated == 0 && plain.text != text) fail("nothing translated but the text changed", text, plain.text);
    if (plain.translated == 0 && guarded.text != text) fail("nothing translated but --guard changed the text", text);
    std::size_t skipped = 0;
    for (const auto& line : plain.report) skipped += line.what.rfind("skipped", 0) == 0;
    try {
        const tr::TranslatedSource again = tr::translate_source(plain.text, false);
        if (again.translated != 0) fail("the output has statements left to translate", text, plain.text);
        std::size_t skipped_again = 0;
        for (const auto& line : again.report) skipped_again += line.what.rfind("skipped", 0) == 0;
        if (skipped_again != skipped) fail("the output skips a different number of statements", text, plain.text);
    } catch (const tr::ScanError& e) {
        fail("the output does not scan", text, plain.text + "\n" + e.what());
    }
    return 0;
}
