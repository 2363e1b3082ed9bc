// ptxv-gen: the operation table. One row per video operation (vocabulary.hpp's
// Operation) holding what the passes ask of an operation: where it exists and
// which modifiers go with it (load), the range of its exact result, and how
// the plan pass builds it (its scalar lowering, the expressions of its
// result, its SIMD kernel builder, widened fields and own-width lane plan,
// the operation of its widened plan, one lane's result on 32-bit words,
// whether it is 0 on two zero lanes, the
// CUDA post-steps its plan folds in). A pass reads rows; it does not switch
// over operations.
//
// The table is indexed by Operation and checked at compile time to hold one
// row per enumerator, in order: an operation added to vocabulary.hpp without a row
// does not build. A builder a row leaves null is an error where a pass needs
// it, never a default.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "lower_ops.hpp"
#include "model.hpp"
#include "primitives/lane_plan.hpp"

namespace ptxv::gen {

// A closed range of exact (extended) values.
struct Range {
    std::int64_t lo, hi;
};

struct OperationRow {
    Operation op;
    // Validity: the modifiers that belong exactly to it. (The geometries it
    // may have are those it has a lowering for: lower_scalar, swar.)
    bool compares;  // a .cmp list, no dtype, no .sat (R14)
    bool shifts;    // a .mode list (R12)
    bool mad;       // .po, .scale and negations; no secondary operation (R13)
    // The range of the exact result for operands in a and b (R5), where the
    // result is a function of the two values alone; null otherwise.
    Range (*range)(Range a, Range b);
    // The result .min/.max (R8) and the merge read is its low word,
    // sign-extended (vadd, vsub, whose exact value may need 34 bits); the
    // others hand on their exact value.
    bool low_word;
    // The plan pass (lower_ops.hpp). Scalar: the lowering; vadd..vmax's
    // result as expressions.
    Lowered (*lower_scalar)(const Variant&);
    const plan::VopExprs* vop;
    // SIMD: the kernel's body, the exact result on widened fields where the
    // body uses them, the own-width lane plan.
    void (*swar)(plan::Simd&);
    plan::Fields (*fields)(plan::Simd&, const plan::Fields&, const plan::Fields&);
    bool (*own_lanes)(const Variant&, lane::LanePlan&, std::string&);
    // One lane's exact result on two words, for the PTX computed lane by lane.
    ir::E (*lane_word)(const plan::LaneWord&);
    // The widened plan's operation (lane::WideOp); a compare's is chosen by
    // its .cmp (wide_op_of).
    std::optional<lane::WideOp> wide;
    // op(0, 0) is 0 on extended lanes: clearing both operands outside a mask
    // leaves an .add sum (R11) unchanged. Not a compare's: equal lanes may
    // compare true.
    bool zero_on_zero_lanes;
    // The CUDA intrinsic post-steps (IntrinsicPost) its lane plan folds in,
    // one bit each.
    unsigned posts;
};

const OperationRow& row(Operation op);

// The range of op's exact result; a std::logic_error for an operation whose
// result is not a function of two ranges.
Range result_range(Operation op, Range a, Range b);

// The widened plan's operation of a SIMD variant's operation and comparison.
lane::WideOp wide_op_of(Operation op, Cmp cmp);

// Whether op's lane plan folds in the post-step.
bool folds(Operation op, IntrinsicPost post);

}  // namespace ptxv::gen
