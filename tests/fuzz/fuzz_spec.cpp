// Fuzz target: the spec loader (the only code that reads YAML) and the
// variant expansion behind it.
//
// Properties, for any bytes: load_program_text either returns a model or throws
// SpecError whose what() is "NAME:LINE:COL: error: MESSAGE" with LINE and COL
// at least 1 and MESSAGE non-empty. Any other exception, a crash, a hang or a
// leak is a defect.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "model.hpp"

namespace {

constexpr const char* kName = "fuzz.yaml";

bool positive_number(std::string_view s) {
    if (s.empty() || s.size() > 9 || s[0] == '0') return false;
    for (const char c : s) {
        if (c < '0' || c > '9') return false;
    }
    return true;
}

// "fuzz.yaml:12:3: error: ..." with the location the exception carries.
void check_error(const ptxv::gen::SpecError& e, std::string_view input) {
    const std::string what = e.what();
    const std::string prefix = std::string(kName) + ":";
    if (what.compare(0, prefix.size(), prefix) != 0) ptxv_fuzz::fail("SpecError without the file name", input, what);
    const std::size_t line_end = what.find(':', prefix.size());
    const std::size_t col_end = line_end == std::string::npos ? line_end : what.find(':', line_end + 1);
    if (col_end == std::string::npos) ptxv_fuzz::fail("SpecError without :line:col", input, what);
    const std::string_view w(what);
    if (!positive_number(w.substr(prefix.size(), line_end - prefix.size())) ||
        !positive_number(w.substr(line_end + 1, col_end - line_end - 1))) {
        ptxv_fuzz::fail("SpecError with a bad :line:col", input, what);
    }
    if (w.substr(col_end, 9) != ": error: " || w.size() <= col_end + 9)
        ptxv_fuzz::fail("SpecError without ': error: message'", input, what);
    if (e.loc.line < 1 || e.loc.col < 1 || e.loc.file != kName) ptxv_fuzz::fail("SpecError::loc is wrong", input, what);
    if (e.message.empty()) ptxv_fuzz::fail("SpecError without a message", input, what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        (void)ptxv::gen::load_program_text(text, kName);
    } catch (const ptxv::gen::SpecError& e) {
        check_error(e, text);
    } catch (const std::exception& e) {
        ptxv_fuzz::fail("exception other than SpecError", text, e.what());
    } catch (...) {
        ptxv_fuzz::fail("non-standard exception", text);
    }
    return 0;
}
