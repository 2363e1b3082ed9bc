// ptxv-gen: what the plan pass builds for each operation. The operation
// table's rows (operations.cpp) name these builders; lower.cpp defines the
// lowerings, the SIMD kernel builders and the lane plans, operations.cpp the
// expressions of vadd..vmax's result.
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

// A SIMD kernel being built (lower.cpp), and a widened operand of it: each
// lane moved to a field twice its width.
struct Simd;
struct Fields;
// The kernel's body: packed SWAR, lane sums, or widened fields.
void swar_add(Simd& s);
void swar_sub(Simd& s);
void swar_absdiff(Simd& s);
void swar_min(Simd& s);
void swar_max(Simd& s);
void swar_avrg(Simd& s);
void swar_set(Simd& s);
// The exact lane results on widened fields x and y.
Fields fields_add(Simd& s, const Fields& x, const Fields& y);
Fields fields_sub(Simd& s, const Fields& x, const Fields& y);
Fields fields_absdiff(Simd& s, const Fields& x, const Fields& y);
Fields fields_avrg(Simd& s, const Fields& x, const Fields& y);
// The lane plan of a variant in its lanes' own width, and how it computes in
// a few words; false where its types need widened lanes (R3, R5). p arrives
// with its lane width and .add set.
bool lanes_add(const Variant& v, lane::LanePlan& p, std::string& how);
bool lanes_sub(const Variant& v, lane::LanePlan& p, std::string& how);
bool lanes_absdiff(const Variant& v, lane::LanePlan& p, std::string& how);
bool lanes_min(const Variant& v, lane::LanePlan& p, std::string& how);
bool lanes_max(const Variant& v, lane::LanePlan& p, std::string& how);
bool lanes_avrg(const Variant& v, lane::LanePlan& p, std::string& how);
bool lanes_set(const Variant& v, lane::LanePlan& p, std::string& how);

}  // namespace ptxv::gen::plan
