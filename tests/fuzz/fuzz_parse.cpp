// Fuzz target: the PTX text parser and the canonical printer.
//
// Properties, for any bytes:
//   - try_parse either decodes or sets a non-empty, bounded, printable error,
//     and parse() agrees with it (same instruction, or ParseError with the same
//     message);
//   - a decoded instruction prints to a form that decodes to the same value
//     (parse(print(x)) == x), and printing is idempotent;
//   - a decoded instruction has a generated variant, and the generated
//     function and the interpreter agree on it for a few operand values;
//   - it is explained in words and as C99 (ptxv explain), each starting
//     with its canonical form;
//   - a function holding the input as its body lowers as lower_check.hpp
//     requires (ptxv lower), and a decoded instruction lowers.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "lower_check.hpp"
#include "ptxv/compile.hpp"
#include "ptxv/explain.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/lower.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"

namespace {

constexpr std::size_t kMaxErrorLength = 600;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using ptxv_fuzz::fail;
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    ptxv_fuzz::check_lower(".version 7.8\n.target sm_75\n.entry k()\n{\n" + std::string(text) + "\n}\n");

    std::string error;
    const std::optional<ptxv::Instr> in = ptxv::try_parse(text, &error);
    if (!in) {
        if (error.empty()) fail("rejected without a message", text);
        if (error.size() > kMaxErrorLength) fail("error message too long", text, error);
        if (!ptxv_fuzz::printable_line(error)) fail("error message not printable ASCII", text, error);
        try {
            (void)ptxv::parse(text);
            fail("parse accepted what try_parse rejected", text, error);
        } catch (const ptxv::ParseError& e) {
            if (error != e.what()) fail("parse and try_parse give different errors", text, e.what());
        }
        return 0;
    }

    const std::string printed = ptxv::print(*in);
    std::string again_error;
    const std::optional<ptxv::Instr> again = ptxv::try_parse(printed, &again_error);
    if (!again) fail("the canonical form is rejected", text, printed + "  ->  " + again_error);
    if (*again != *in) fail("parse(print(x)) != x", text, printed);
    const std::string reprinted = ptxv::print(*again);
    if (reprinted != printed) fail("print is not idempotent", text, printed + "  ->  " + reprinted);
    if (!(ptxv::parse(text) == *in)) fail("parse and try_parse decode differently", text, printed);

    ptxv::Compiled f;
    try {
        f = ptxv::compile(*in);
    } catch (const std::exception& e) {
        fail("an accepted instruction has no generated variant", text, printed + ": " + e.what());
    }
    try {
        if (ptxv::explain_text(*in).compare(0, printed.size(), printed) != 0)
            fail("the explanation does not start with the canonical form", text, printed);
        if (ptxv::explain_c(*in).compare(0, printed.size() + 3, "/* " + printed) != 0)
            fail("the C99 does not start with the canonical form", text, printed);
    } catch (const std::exception& e) {
        fail("an accepted instruction is not explained", text, printed + ": " + e.what());
    }
    try {
        int regs[3];
        if (ptxv::lower_instruction(*in, "%t_", regs).empty()) fail("an accepted instruction lowers to nothing", text, printed);
    } catch (const std::exception& e) {
        fail("an accepted instruction is not lowered", text, printed + ": " + e.what());
    }
    std::uint64_t seed = size;
    for (std::size_t i = 0; i < size; ++i) seed = seed * 131 + data[i];
    ptxv::SplitMix64 rng(seed);
    for (int k = 0; k < 4; ++k) {
        const std::uint32_t a = ptxv::operand_value(in->a, rng.word());
        const std::uint32_t b = ptxv::operand_value(in->b, rng.word());
        const std::uint32_t c = in->has_c ? ptxv::operand_value(in->c, rng.word()) : 0u;
        const std::uint32_t want = ptxv::interpret(*in, a, b, c);
        const std::uint32_t got = f(a, b, c);
        if (want != got) {
            fail("generated and interpreter disagree", text,
                 printed + " a=" + std::to_string(a) + " b=" + std::to_string(b) + " c=" + std::to_string(c) +
                     " interp=" + std::to_string(want) + " generated=" + std::to_string(got));
        }
    }
    return 0;
}
