// The lane plan of a SIMD variant: how its operation maps onto byte or
// half-word lanes of a vector, decided once by ptxv-gen's plan pass
// (generator/lower.cpp) and carried as one integer. The array forms
// (generated/ptxv_array.hpp) take it as a template argument, spec::kVariants
// (generated/ptxv_tables.hpp) carries it for Compiled::run, and both run it
// through the same kernels (generator/primitives/simd.hpp). ptxv-gen encodes
// with this file; the region is copied into ptxv_array.hpp, which decodes.
#pragma once

// ptxv-gen uses it in namespace ptxv::lane; ptxv_array.hpp has its copy in
// ptxv::array's detail namespace.
namespace ptxv::lane {

// ptxv-gen: begin lane_plan
// What computes the lane results.
enum class LaneOp : unsigned {
    // In the lanes' own width; the operands' signedness is `sa` (same types).
    add,      // wrap-around (R7 without .sat): the types do not matter
    sub,
    addsat,   // saturating, d of the operands' signedness
    subsat,
    avrg_u,   // unsigned average
    avrg_s,   // signed average, rounded as R5 says
    absdiff,  // |a - b|, unsigned
    min,
    max,
    cmp,      // 0 or 1 per lane (R14); `code` is the comparison, eq ne lt le gt ge
    // .add (R11) without computing lane results: sums of a and of b
    // (wrap-around add or subtract), or of |a - b| (same signedness).
    sum_add,
    sum_sub,
    sum_absdiff,
    // Mixed types: lanes widened to twice their width, extended by `sa` and
    // `sb`, where every exact result fits (R3, R5); `code` is the WideOp;
    // clamped to d's range under .sat (R7, d signed when `sd`).
    wide,
    // Unsigned average rounded down: no video instruction's, CUDA's __vhaddu2/4
    // (the cuda_intrinsics table's post-step round_down on vavrg's plan).
    avrg_down,
    // |a| of signed lanes: vabsdiff of signed lanes with b fed 0, CUDA's
    // __vabs2/4 (the cuda_intrinsics table's plans only).
    abs,
};

// The operation of a widened plan (LaneOp::wide, the plan's `code`): the
// lane operations, then the comparisons in instr.hpp's Cmp order (R14).
enum class WideOp : unsigned { add, sub, absdiff, min, max, avrg, eq, ne, lt, le, gt, ge };

// The clamp an own-width result still needs under .sat when d's signedness
// differs from the operands' (R7).
enum class LaneFix : unsigned { none, to_signed, to_unsigned };

struct LanePlan {
    unsigned bits = 8;  // lane width: 8 or 16; 32 for a scalar instruction's one lane (__sad, __usad)
    LaneOp op = LaneOp::add;
    unsigned code = 0;
    bool sa = false, sb = false;  // signed operands (an own-width op: `sa` alone)
    bool sd = false, sat = false;  // signed d, .sat: the clamp of a widened plan
    bool sum = false;          // .add: the lane results are summed into c (R11)
    bool sum_signed = false;   // ... read as signed lanes
    LaneFix fix = LaneFix::none;
    bool ones = false;  // cmp: all ones where the comparison holds, not 1 (post-step lanes_to_mask)
};

// The operation has four bits of the encoding.
static_assert(static_cast<unsigned>(LaneOp::abs) < 16, "LaneOp outgrows its field");

constexpr unsigned encode(const LanePlan& p) noexcept {
    return (p.bits == 16 ? 1u : 0u) | (p.bits == 32 ? 1u : 0u) << 18 | static_cast<unsigned>(p.op) << 1 | p.code << 5 | (p.sa ? 1u : 0u) << 9 |
           (p.sb ? 1u : 0u) << 10 | (p.sd ? 1u : 0u) << 11 | (p.sat ? 1u : 0u) << 12 | (p.sum ? 1u : 0u) << 13 |
           (p.sum_signed ? 1u : 0u) << 14 | static_cast<unsigned>(p.fix) << 15 | (p.ones ? 1u : 0u) << 17;
}

constexpr LanePlan decode(unsigned x) noexcept {
    LanePlan p;
    p.bits = (x >> 18 & 1u) != 0 ? 32 : (x & 1u) != 0 ? 16 : 8;
    p.op = static_cast<LaneOp>(x >> 1 & 0xfu);
    p.code = x >> 5 & 0xfu;
    p.sa = (x >> 9 & 1u) != 0;
    p.sb = (x >> 10 & 1u) != 0;
    p.sd = (x >> 11 & 1u) != 0;
    p.sat = (x >> 12 & 1u) != 0;
    p.sum = (x >> 13 & 1u) != 0;
    p.sum_signed = (x >> 14 & 1u) != 0;
    p.fix = static_cast<LaneFix>(x >> 15 & 3u);
    p.ones = (x >> 17 & 1u) != 0;
    return p;
}
// ptxv-gen: end lane_plan

// What Compiled::run's kernels specialize on: the plan without what they
// take as values bound at compile() instead, the range a widened .sat
// clamps to (R7: d's signedness, array::detail::Range), which changes
// constants, not instructions.
constexpr LanePlan kernel_shape(const LanePlan& p) noexcept {
    LanePlan k = p;
    if (p.op == LaneOp::wide && p.sat && !p.sum) k.sd = false;
    return k;
}

// The plan of the same lanes with the operands exchanged, op(b, a) = op'(a, b):
// the compare's direction reversed (lt and gt, le and ge), a widened plan's
// or a sum's operand types exchanged. False where no plan computes op(b, a)
// (a difference, the sum of a difference, |a|) or where it is p itself.
// Compiled::run keeps one kernel for a plan and its mirror and runs the
// mirror with the selectors exchanged (spec::VariantInfo::lane_swap).
constexpr unsigned mirrored_compare(unsigned code) noexcept {
    // eq ne lt le gt ge
    return code == 2 ? 4 : code == 4 ? 2 : code == 3 ? 5 : code == 5 ? 3 : code;
}
constexpr bool mirror(const LanePlan& p, LanePlan& m) noexcept {
    m = p;
    switch (p.op) {
        case LaneOp::cmp: m.code = mirrored_compare(p.code); break;
        case LaneOp::sum_add: m.sa = p.sb; m.sb = p.sa; break;
        case LaneOp::wide: {
            constexpr unsigned eq = static_cast<unsigned>(WideOp::eq);
            if (p.code == static_cast<unsigned>(WideOp::sub)) return false;
            m.code = p.code < eq ? p.code : eq + mirrored_compare(p.code - eq);
            m.sa = p.sb;
            m.sb = p.sa;
            break;
        }
        default: return false;
    }
    return encode(m) != encode(p);
}

}  // namespace ptxv::lane
