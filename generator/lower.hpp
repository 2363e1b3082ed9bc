// ptxv-gen, pass 3 (plan/lower): each Variant -> the straight-line C++ body of
// its function and the lane plan of its array form, once, as data the emit
// passes print.
//
// Every decision that depends only on the variant (types, operation, .sat,
// .op2, .mode, .po, .scale) is taken here, in the generator, so the emitted
// code holds no test of them: no sign extension for an unsigned slot, no clamp
// where the value range cannot leave the destination range, no offset
// bookkeeping at run time. What stays a run-time value (selectors, masks, d
// selectors, vmad negations) is decoded arithmetically, without branches, and
// folds away when the template form passes a constant.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "expr.hpp"
#include "model.hpp"
#include "primitives/lane_plan.hpp"

namespace ptxv::gen {

// What the last argument of the run-time form (and the last template
// parameter) of a generated function means.
enum class XParam : std::uint8_t {
    dsel,     // scalar without .op2: the d selector (merge, R9; narrows .sat, R6)
    ignored,  // scalar with .op2: taken for a uniform signature, not read
    neg,      // vmad: the negation set, ptxv::neg bits
    mask,     // SIMD: the lane mask, ptxv::mask bits
};

// How a SIMD kernel's lane mask can be applied outside it, on the full-mask
// kernel:
//   merge: the mask only merges the result with c (every form without .add);
//          the full-mask result is merged with c under the mask's bits.
//   zero:  the mask picks the lanes of a sum (.add, R11) whose operation
//          gives 0 on two zero lanes (all but vset's compares); the operands
//          are cleared outside the mask.
//   none:  neither (vset's .add: equal zero lanes compare true); the kernel
//          expands the mask itself.
enum class MaskFold { none, merge, zero };

struct Lowered {
    std::string name;  // Variant::function_name()
    XParam x = XParam::dsel;
    bool x_used = true;  // false: the run-time argument is accepted and ignored
    bool simd = false;
    // Scalar and vmad: the statements of the run-time form, over the
    // parameters a, b, c, asel, bsel and dsel/neg.
    // SIMD: the statements of the lane kernel, over the selected operands A and
    // B, c and the lane mask m.
    ir::Body body;
    std::string strategy;  // how the body computes, in a few words (VARIANTS.md)
    // Scalar .sat forms with a d selector whose whole-word case computes
    // faster than the general body: the statements for Dsel = sel::none over
    // a, b, asel and bsel, which the template form uses for that Dsel and
    // run()'s loop for every parameter at its default (the run-time form
    // keeps `body`); none otherwise.
    std::optional<ir::Body> whole_body;
    // Scalar forms with a cheaper exact body when both sources are a byte or
    // half-word (32-bit words, signed compares): the statements for that case, over the
    // same parameters as `body`, which the template form uses for constant
    // part selectors and dispatch binds for run-time ones; none otherwise.
    std::optional<ir::Body> part_body;
    // SIMD: the lane plan (generator/primitives/lane_plan.hpp, encoded) that
    // the array form runs on vectors and how it computes in a few words.
    unsigned lane_plan = 0;
    std::string lane_strategy;
    // SIMD: the plan Compiled::run's kernels run, lane_plan's kernel shape
    // (lane::kernel_shape) or its mirror (lane::mirror, the operands
    // exchanged: lane_swap), whichever encodes lower, so that a plan and its
    // mirror share one kernel; and its position
    // among the distinct kernel plans in variant order (spec::kLanePlans).
    unsigned kernel_plan = 0;
    bool lane_swap = false;
    int lane_plan_index = -1;
    // SIMD: how the bound forms (ptxv_batch.hpp) apply a lane mask decoded
    // once into its lanes' bits, so that no call expands it.
    MaskFold mask_fold = MaskFold::none;
    // The first variant (an index into the variants, below this one) whose
    // bound form of a body is the same code as this one's, or -1: where a
    // type only matters to a clause this variant lacks (d's type without
    // .sat), two variants compute alike. ptxv_batch.hpp then names the first
    // one's function, so that the loops and tables built over the bound
    // forms hold one copy of each distinct body. same_pre: detail::pre (and,
    // SIMD, pre_v and pre_m); same_pre_d: pre_d; same_pre_p: pre_p (scalar
    // forms with a part body).
    int same_pre = -1;
    int same_pre_d = -1;
    int same_pre_p = -1;
};

Lowered lower(const Variant& v);
// The plan pass: lower(v) for every variant, in order.
std::vector<Lowered> lower_all(const std::vector<Variant>& variants);

// The lane plan of each CUDA intrinsic's array form (spec.intrinsics[i], the
// variant variants[variants_of[i]]): its instruction's plan with the post-step
// folded in, lanes_to_mask as compare lanes of all ones, round_down as the
// average rounded down; so the array form is one kernel. __sad and __usad get
// a plan of one 32-bit lane; kNoLanePlan where no kernel computes the form.
inline constexpr unsigned kNoLanePlan = ~0u;
std::vector<unsigned> intrinsic_plans(const Spec& spec, const std::vector<Variant>& variants,
                                      const std::vector<std::size_t>& variants_of, const std::vector<Lowered>& lowered);

}  // namespace ptxv::gen
