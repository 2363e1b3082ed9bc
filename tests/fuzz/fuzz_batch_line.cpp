// Fuzz target: one batch text input, line by line (ptxv/batch_text.hpp).
//
// Properties, for any bytes:
//   - the interpreter and the generated engine give the same outcome for every
//     line: both skip it, both fail with the same message, or both compute the
//     same d;
//   - the caching BatchEvaluator gives exactly what eval_batch_line gives;
//   - error messages are non-empty, bounded, printable single lines.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "ptxv/batch_text.hpp"

namespace {

constexpr std::size_t kMaxErrorLength = 600;

using Status = ptxv::BatchLineResult::Status;

std::string describe(const ptxv::BatchLineResult& r) {
    switch (r.status) {
        case Status::skipped: return "skipped";
        case Status::value: return "d=" + std::to_string(r.d);
        case Status::error: return "error: " + r.error;
    }
    return "?";
}

bool same(const ptxv::BatchLineResult& x, const ptxv::BatchLineResult& y) {
    if (x.status != y.status) return false;
    if (x.status == Status::value) return x.d == y.d;
    if (x.status == Status::error) return x.error == y.error;
    return true;
}

void check_message(const ptxv::BatchLineResult& r, std::string_view line) {
    if (r.status != Status::error) return;
    if (r.error.empty()) ptxv_fuzz::fail("line rejected without a message", line);
    if (r.error.size() > kMaxErrorLength) ptxv_fuzz::fail("error message too long", line, r.error);
    if (!ptxv_fuzz::printable_line(r.error)) ptxv_fuzz::fail("error message not printable ASCII", line, r.error);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using ptxv_fuzz::fail;
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    // The whole input as one line: a '\n' inside is an ordinary byte there.
    {
        const ptxv::BatchLineResult i = ptxv::eval_batch_line(text, ptxv::BatchEngine::interp);
        const ptxv::BatchLineResult g = ptxv::eval_batch_line(text, ptxv::BatchEngine::generated);
        check_message(i, text);
        if (!same(i, g)) fail("interp and generated disagree", text, describe(i) + " vs " + describe(g));
    }

    // As a batch file, through the caching evaluators; each line twice so the
    // second lookup hits the cache.
    ptxv::BatchEvaluator cached_i(ptxv::BatchEngine::interp);
    ptxv::BatchEvaluator cached_g(ptxv::BatchEngine::generated);
    ptxv::for_each_batch_line(text, [&](long, std::string_view line) {
        const ptxv::BatchLineResult i = ptxv::eval_batch_line(line, ptxv::BatchEngine::interp);
        const ptxv::BatchLineResult g = ptxv::eval_batch_line(line, ptxv::BatchEngine::generated);
        check_message(i, line);
        if (!same(i, g)) fail("interp and generated disagree", line, describe(i) + " vs " + describe(g));
        for (int round = 0; round < 2; ++round) {
            const ptxv::BatchLineResult ci = cached_i.eval(line);
            const ptxv::BatchLineResult cg = cached_g.eval(line);
            if (!same(ci, i)) fail("cached interp differs from uncached", line, describe(ci) + " vs " + describe(i));
            if (!same(cg, g)) fail("cached generated differs from uncached", line, describe(cg) + " vs " + describe(g));
        }
    });
    return 0;
}
