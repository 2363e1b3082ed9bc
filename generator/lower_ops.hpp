// ptxv-gen: what the plan pass builds for each operation. The operation
// table's rows (operations.cpp) name these builders: the scalar lowerings,
// one per form of instruction (lower.cpp), and the shapes of what each
// operation defines beside its row (operations.cpp): vadd..vmax's result as
// expressions, a SIMD kernel's body, widened fields and own-width lane plan.
#pragma once

#include <string>

#include "expr.hpp"
#include "lower.hpp"
#include "model.hpp"
#include "primitives/lane_plan.hpp"

namespace ptxv::gen::plan {

// A scalar variant's lowering, by the form of its instruction.
Lowered scalar_vop(const Variant& v);    // vadd..vmax
Lowered scalar_shl(const Variant& v);    // vshl
Lowered scalar_shr(const Variant& v);    // vshr
Lowered scalar_mad(const Variant& v);    // vmad
Lowered scalar_set(const Variant& v);    // vset

// vadd..vmax's exact result (R5) on the operands extended to 32-bit words ta
// and tb, read with the variant's types.
struct WordArgs {
    const Variant& v;
    ir::Body& b;  // for a binding the expression needs
    ir::E ta, tb;
    bool sa, sb, sd;
    bool mixed_tail;  // .min/.max will read the result with another signedness than a's
};
struct WordResult {
    ir::E e;
    bool sign_extended;  // .min/.max (R8) read the word sign-extended, else zero-extended
};
// The three forms of that result: on 32-bit words of the variant's types, on
// signed words for two byte or half-word sources, on int64 values.
struct VopExprs {
    WordResult (*word)(const WordArgs&);
    ir::E (*part)(const ir::E& ta, const ir::E& tb);
    ir::E (*wide)(const ir::E& ta, const ir::E& tb);
};

// One SIMD lane's exact result (R5; a compare's 1 or 0, R14) on its operands
// extended to 32-bit words x and y (R3; signed where sa, sb), which the
// lane-by-lane PTX of `ptxv lower` computes (lower_ptx.cpp).
struct LaneWord {
    ir::E x, y;
    bool sa, sb;
    Cmp cmp;
};

// A SIMD kernel being built, and a widened operand of it (kernel.hpp). An
// operation's kernel builder, widened fields and own-width lane plan are
// defined beside its row in operations.cpp.
struct Simd;
struct Fields;

}  // namespace ptxv::gen::plan
