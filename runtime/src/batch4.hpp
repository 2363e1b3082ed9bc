// ptxv: packed batch kernels for the byte SIMD families (vadd4 ... vmax4,
// vset4), four 32-bit elements (sixteen byte lanes) per step.
//
// The generated batch loops work one 32-bit word at a time with SWAR
// arithmetic, which the compiler can only vectorize 32 bits per lane. These
// kernels use the byte instructions the operations map to (paddusb, pavgb,
// pminub, ...) and, where the types are mixed, widen to 16-bit lanes, where
// every exact lane result fits. compile() chooses a plan from the decoded
// instruction; the kernels themselves read only the plan's parameters.
// Everything here is checked element for element against the interpreter
// (tests/generated/test_gen_batch.cpp).
#pragma once

#include <cstdint>

#include "ptxv/compile.hpp"
#include "ptxv/instr.hpp"

namespace ptxv::batch4 {

// The lane operation.
enum class Core : std::uint8_t {
    // On the bytes themselves: the types allow it (same signedness, or a
    // result whose low 8 bits do not depend on them).
    add_wrap, sub_wrap, add_us, add_ss, sub_us, sub_ss, avrg_u, absdiff, min, max, eq, ne, lt, le, gt, ge,
    // On lanes widened to 16 bits, sign-extended by type: mixed types.
    w_add, w_sub, w_avrg, w_absdiff, w_min, w_max, w_eq, w_ne, w_lt, w_le, w_gt, w_ge,
    // .add of a wrap-around add or subtract: the sum of the lane results is
    // the sum of the a lanes plus (minus) the sum of the b lanes.
    lin_add, lin_sub,
};
inline constexpr int kCores = static_cast<int>(Core::lin_sub) + 1;

// The .sat clamp a byte result still needs when d's signedness differs from
// the operands'.
enum class Fix : std::uint8_t { none, min7f, max0 };
inline constexpr int kFixes = 3;

// What becomes of the lane results: stored, merged with c under a partial
// mask (R10), or summed into c (.add, R11).
enum class Out : std::uint8_t { store, merge, sum };
inline constexpr int kOuts = 3;

// How the selectors are applied: not at all (the defaults), one byte
// shuffle per operand when each operand's lanes come from one source, or two
// shuffles and an or per operand.
enum class Shuffle : std::uint8_t { none, one, two };
inline constexpr int kShuffles = 3;

struct Plan {
    Core core;
    Fix fix;
    Out out;
    // The operands are xored with 0x80 first: signed ones of min, max and
    // absdiff into unsigned byte order, unsigned ones of the compares into
    // signed order. For lin_add/lin_sub: some operand is signed.
    bool biased;
    Shuffle shuffle;
};

constexpr bool is_byte_core(Core c) { return c < Core::w_add; }
constexpr bool is_wide_core(Core c) { return c >= Core::w_add && c < Core::lin_add; }
constexpr bool is_lin_core(Core c) { return c == Core::lin_add || c == Core::lin_sub; }
constexpr bool is_order_core(Core c) {
    return c == Core::absdiff || c == Core::min || c == Core::max || (c >= Core::lt && c <= Core::ge);
}
// Whether a kernel reads its byte results as signed when it sums them.
constexpr bool sums_signed(Core c, bool biased) {
    return c == Core::add_ss || c == Core::sub_ss || ((c == Core::min || c == Core::max) && biased);
}
// The plans a kernel exists for; bind() makes no other.
constexpr bool valid(Core c, Fix f, Out o, bool biased) {
    if (is_lin_core(c)) return o == Out::sum && f == Fix::none;
    if (c == Core::add_wrap || c == Core::sub_wrap) return o != Out::sum && f == Fix::none && !biased;
    if (biased && !is_order_core(c)) return false;
    switch (f) {
        case Fix::none: return true;
        // A signed d takes unsigned results above 127: absdiff, or unsigned
        // operands of avrg, min, max.
        case Fix::min7f: return c == Core::absdiff || ((c == Core::avrg_u || c == Core::min || c == Core::max) && !biased);
        // An unsigned d takes signed results below 0: min, max of signed operands.
        case Fix::max0: return (c == Core::min || c == Core::max) && biased;
    }
    return false;
}

// The kernel for a plan, from the unit built for plain SSE2 (no shuffle), the
// one built for SSSE3 (any selectors, through pshufb, and sums through
// pmaddubsw), or the one built for AVX2 (the same on 256-bit vectors); null
// where the unit was built without those instructions.
detail::BatchKernel kernel_sse2(Plan plan);
detail::BatchKernel kernel_ssse3(Plan plan);
detail::BatchKernel kernel_avx2(Plan plan);

// Fills `p` and returns the kernel for `in` (a byte SIMD instruction), with
// its name, or null when no packed kernel applies on this machine.
detail::BatchKernel bind(const Instr& in, detail::BatchParams& p, const char*& name);

}  // namespace ptxv::batch4
