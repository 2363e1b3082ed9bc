// ptxv: packed batch kernels for the SIMD families (vadd2 ... vset2, vadd4
// ... vset4), four or eight 32-bit elements per step.
//
// The generated batch loops work one 32-bit word at a time with SWAR
// arithmetic, which the compiler can only vectorize 32 bits per lane. These
// kernels use the byte and half-word instructions the operations map to
// (paddusb, pavgb, pminub, paddsw, ...) and, where the types are mixed, widen
// to lanes of twice the width, where every exact lane result fits. compile()
// chooses a plan from the decoded instruction; the kernels themselves read
// only the plan's parameters.
// Everything here is checked element for element against the interpreter
// (tests/generated/test_gen_batch.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ptxv/compile.hpp"
#include "ptxv/instr.hpp"

namespace ptxv::batch4 {

// The lane operation.
enum class Core : std::uint8_t {
    // On the lanes in their own width: the types allow it (same signedness,
    // or a result whose low bits do not depend on them).
    add_wrap, sub_wrap, add_us, add_ss, sub_us, sub_ss, avrg_u, absdiff, min, max, eq, ne, lt, le, gt, ge,
    // On lanes widened to twice their width, extended by type: mixed types.
    w_add, w_sub, w_avrg, w_absdiff, w_min, w_max, w_eq, w_ne, w_lt, w_le, w_gt, w_ge,
    // .add of a wrap-around add or subtract: the sum of the lane results is
    // the sum of the a lanes plus (minus) the sum of the b lanes.
    lin_add, lin_sub,
};
inline constexpr int kCores = static_cast<int>(Core::lin_sub) + 1;

// The .sat clamp a lane result still needs when d's signedness differs from
// the operands': unsigned results into a signed d, signed into unsigned.
enum class Fix : std::uint8_t { none, to_signed, to_unsigned };
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
    bool half;  // half-word lanes, else byte lanes
    Core core;
    Fix fix;
    Out out;
    // The operands are xored with the lane's sign bit first, mapping their
    // order onto the one the instruction compares in: signed operands of
    // absdiff and of byte min/max into unsigned order, unsigned operands of
    // half-word min/max and of the compares into signed order. For
    // lin_add/lin_sub on bytes: some operand is signed.
    bool biased;
    Shuffle shuffle;
};

constexpr bool is_wide_core(Core c) { return c >= Core::w_add && c < Core::lin_add; }
constexpr bool is_lin_core(Core c) { return c == Core::lin_add || c == Core::lin_sub; }
constexpr bool is_order_core(Core c) {
    return c == Core::absdiff || c == Core::min || c == Core::max || (c >= Core::lt && c <= Core::ge);
}
// Whether min or max has signed operands, given its bias.
constexpr bool minmax_signed(bool biased, bool half) { return half ? !biased : biased; }
// Whether a kernel reads its lane results as signed when it sums them.
constexpr bool sums_signed(Core c, bool biased, bool half) {
    return c == Core::add_ss || c == Core::sub_ss ||
           ((c == Core::min || c == Core::max) && minmax_signed(biased, half));
}
// The plans a kernel exists for; bind() makes no other.
constexpr bool valid(Core c, Fix f, Out o, bool biased, bool half) {
    if (is_lin_core(c)) return o == Out::sum && f == Fix::none;
    if (c == Core::add_wrap || c == Core::sub_wrap) return o != Out::sum && f == Fix::none && !biased;
    if (biased && !is_order_core(c)) return false;
    const bool minmax = c == Core::min || c == Core::max;
    switch (f) {
        case Fix::none: return true;
        // Unsigned results: absdiff, and avrg, min, max of unsigned operands.
        case Fix::to_signed:
            return c == Core::absdiff || (c == Core::avrg_u && !biased) || (minmax && !minmax_signed(biased, half));
        // Signed results: min, max of signed operands.
        case Fix::to_unsigned: return minmax && minmax_signed(biased, half);
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

// Whether the lanes of `in` in `live` read their default elements (R3);
// `lanes` is the lane count, 2 or 4.
bool default_selectors(const Instr& in, std::size_t lanes, unsigned live);

// Fills `p` and returns the kernel for `in` (a SIMD instruction), with its
// name, or null when no packed kernel applies on this machine.
detail::BatchKernel bind(const Instr& in, detail::BatchParams& p, const char*& name);

}  // namespace ptxv::batch4
