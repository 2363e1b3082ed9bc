// ptxv-gen: the operation table. One row per video operation (instr.hpp's
// Operation) holding what the passes ask of an operation: where it exists and
// which modifiers go with it (load), the range of its exact result (lower),
// the operation of its widened lane plan and whether it is 0 on two zero
// lanes (plan). A pass reads rows; it does not switch over operations.
//
// The table is indexed by Operation and checked at compile time to hold one
// row per enumerator, in order: an operation added to instr.hpp without a row
// does not build.
#pragma once

#include <cstdint>
#include <optional>

#include "model.hpp"
#include "primitives/lane_plan.hpp"

namespace ptxv::gen {

// A closed range of exact (extended) values.
struct Range {
    std::int64_t lo, hi;
};

struct OperationRow {
    Operation op;
    // Validity: the geometries a family of this operation may have, and the
    // modifiers that belong exactly to it.
    bool scalar, simd;
    bool compares;  // a .cmp list, no dtype, no .sat (R14)
    bool shifts;    // a .mode list (R12)
    bool mad;       // .po, .scale and negations; no secondary operation (R13)
    // The range of the exact result for operands in a and b (R5), where the
    // result is a function of the two values alone; null otherwise.
    Range (*range)(Range a, Range b);
    // A SIMD operation's widened lane plan (lane::WideOp); a compare's is
    // chosen by its .cmp (wide_op_of).
    std::optional<lane::WideOp> wide;
    // op(0, 0) is 0 on extended lanes: clearing both operands outside a mask
    // leaves an .add sum (R11) unchanged. Not a compare's: equal lanes may
    // compare true.
    bool zero_on_zero_lanes;
};

const OperationRow& row(Operation op);

// The range of op's exact result; a std::logic_error for an operation whose
// result is not a function of two ranges.
Range result_range(Operation op, Range a, Range b);

// The widened plan's operation of a SIMD variant's operation and comparison.
lane::WideOp wide_op_of(Operation op, Cmp cmp);

}  // namespace ptxv::gen
