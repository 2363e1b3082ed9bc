// The operation table. See operations.hpp.
#include "operations.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace ptxv::gen {

namespace {

using i64 = std::int64_t;
using ir::call;
using ir::E;
using ir::select;
using plan::WordArgs;
using plan::WordResult;

constexpr Range add_range(Range a, Range b) { return {a.lo + b.lo, a.hi + b.hi}; }
constexpr Range sub_range(Range a, Range b) { return {a.lo - b.hi, a.hi - b.lo}; }
constexpr Range absdiff_range(Range a, Range b) { return {0, std::max(std::max(a.hi - b.lo, b.hi - a.lo), i64{0})}; }
constexpr Range min_range(Range a, Range b) { return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)}; }
constexpr Range max_range(Range a, Range b) { return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)}; }

// ---- vadd..vmax on 32-bit words (plan::scalar_vop, which says why each
// form is exact there).

// Mixed types: the unsigned operand and the signed one.
const E& unsigned_of(const WordArgs& w) { return w.sa ? w.tb : w.ta; }
const E& signed_of(const WordArgs& w) { return w.sa ? w.ta : w.tb; }
E lt_us(const WordArgs& w) { return call("lt_us", {unsigned_of(w), signed_of(w)}); }

// A sum or difference: its low word without .sat, else saturated on words
// for every type triple (R6); either way read sign-extended (R8).
WordResult add_word(const WordArgs& w) {
    if (!w.v.sat) return {w.ta + w.tb, true};
    if (w.sa && w.sb && w.sd) return {call("addsat_s32", {w.ta, w.tb}), true};
    return {call("addsat", {w.ta, w.tb}, {w.sa, w.sb, w.sd}), true};
}
WordResult sub_word(const WordArgs& w) {
    if (!w.v.sat) return {w.ta - w.tb, true};
    if (w.sa && w.sb && w.sd) return {call("subsat_s32", {w.ta, w.tb}), true};
    if (!w.sa && !w.sb && !w.sd) return {call("subsat_u32", {w.ta, w.tb}), true};
    return {call("subsat", {w.ta, w.tb}, {w.sa, w.sb, w.sd}), true};
}
// The smaller (larger) operand, a word read as signed where an operand is
// (both are); mixed types compare through the signed one's sign. Before a
// .min/.max whose sides are read differently the signed select is a mask:
// GCC turns its ternary, followed by that tail, into a jump.
WordResult min_word(const WordArgs& w) {
    const bool sx = w.sa || w.sb;
    if (w.sa != w.sb) return {select(lt_us(w), unsigned_of(w), signed_of(w)), sx};
    if (!w.sa) return {call("min_u32", {w.ta, w.tb}), sx};
    if (w.mixed_tail) return {select(call("lt_s32", {w.ta, w.tb}), w.ta, w.tb), sx};
    return {call("smin32", {w.ta, w.tb}), sx};
}
WordResult max_word(const WordArgs& w) {
    const bool sx = w.sa && w.sb;
    if (w.sa != w.sb) return {select(lt_us(w), signed_of(w), unsigned_of(w)), sx};
    if (!w.sa) return {call("max_u32", {w.ta, w.tb}), sx};
    if (w.mixed_tail) return {select(call("lt_s32", {w.tb, w.ta}), w.ta, w.tb), sx};
    return {call("smax32", {w.ta, w.tb}), sx};
}
// |a - b|: of one type below 2^32; of mixed types only its low word (the
// difference negated where a < b), which scalar_vop uses only where that is
// all that is read.
WordResult absdiff_word(const WordArgs& w) {
    if (w.sa == w.sb) return {call(w.sa ? "absdiff_s32" : "absdiff_u32", {w.ta, w.tb}), false};
    const E m = w.b.let(ir::Ty::u32, "m", ir::lit(ir::Ty::u32, 0) - ir::cast(ir::Ty::u32, lt_us(w)));
    return {((unsigned_of(w) - signed_of(w)) ^ m) - m, false};
}

// ---- Two byte or half-word sources: exact signed words; mask selects, as
// GCC turns a ternary followed by the tail's compares into jumps.
E add_part(const E& ta, const E& tb) { return ta + tb; }
E sub_part(const E& ta, const E& tb) { return ta - tb; }
E absdiff_part(const E& ta, const E& tb) { return call("absdiff_s32", {ta, tb}); }
E min_part(const E& ta, const E& tb) { return select(call("lt_s32", {ta, tb}), ta, tb); }
E max_part(const E& ta, const E& tb) { return select(call("lt_s32", {tb, ta}), ta, tb); }

// ---- int64 values, exact for every extended operand.
E add_wide(const E& ta, const E& tb) { return ta + tb; }
E sub_wide(const E& ta, const E& tb) { return ta - tb; }
E absdiff_wide(const E& ta, const E& tb) { return call("sabs", {ta - tb}); }
E min_wide(const E& ta, const E& tb) { return call("smin", {ta, tb}); }
E max_wide(const E& ta, const E& tb) { return call("smax", {ta, tb}); }

constexpr plan::VopExprs kAdd{add_word, add_part, add_wide};
constexpr plan::VopExprs kSub{sub_word, sub_part, sub_wide};
constexpr plan::VopExprs kAbsdiff{absdiff_word, absdiff_part, absdiff_wide};
constexpr plan::VopExprs kMin{min_word, min_part, min_wide};
constexpr plan::VopExprs kMax{max_word, max_part, max_wide};

using W = lane::WideOp;
constexpr auto none = std::nullopt;
constexpr unsigned post(IntrinsicPost p) { return 1u << static_cast<unsigned>(p); }

// clang-format off
constexpr OperationRow kRows[] = {
    // op                  compares shifts mad    range          low word
    //   lower_scalar        vop        swar                fields               own lanes
    //   wide        zero on zero  posts
    {Operation::add,     false,   false, false, add_range,     true,
       plan::scalar_vop,   &kAdd,     plan::swar_add,     plan::fields_add,     plan::lanes_add,
       W::add,     true,  0},
    {Operation::sub,     false,   false, false, sub_range,     true,
       plan::scalar_vop,   &kSub,     plan::swar_sub,     plan::fields_sub,     plan::lanes_sub,
       W::sub,     true,  0},
    {Operation::absdiff, false,   false, false, absdiff_range, false,
       plan::scalar_vop,   &kAbsdiff, plan::swar_absdiff, plan::fields_absdiff, plan::lanes_absdiff,
       W::absdiff, true,  0},
    {Operation::min,     false,   false, false, min_range,     false,
       plan::scalar_vop,   &kMin,     plan::swar_min,     nullptr,              plan::lanes_min,
       W::min,     true,  0},
    {Operation::max,     false,   false, false, max_range,     false,
       plan::scalar_vop,   &kMax,     plan::swar_max,     nullptr,              plan::lanes_max,
       W::max,     true,  0},
    {Operation::avrg,    false,   false, false, nullptr,       false,
       nullptr,            nullptr,   plan::swar_avrg,    plan::fields_avrg,    plan::lanes_avrg,
       W::avrg,    true,  post(IntrinsicPost::round_down)},
    {Operation::shl,     false,   true,  false, nullptr,       false,
       plan::scalar_shl,   nullptr,   nullptr,            nullptr,              nullptr,
       none,       true,  0},
    {Operation::shr,     false,   true,  false, nullptr,       false,
       plan::scalar_shr,   nullptr,   nullptr,            nullptr,              nullptr,
       none,       true,  0},
    {Operation::mad,     false,   false, true,  nullptr,       false,
       plan::scalar_mad,   nullptr,   nullptr,            nullptr,              nullptr,
       none,       true,  0},
    {Operation::set,     true,    false, false, nullptr,       false,
       plan::scalar_set,   nullptr,   plan::swar_set,     nullptr,              plan::lanes_set,
       none,       false, post(IntrinsicPost::lanes_to_mask)},
};
// clang-format on

constexpr bool rows_in_order() {
    for (std::size_t i = 0; i < std::size(kRows); ++i)
        if (static_cast<std::size_t>(kRows[i].op) != i) return false;
    return true;
}
static_assert(std::size(kRows) == std::size(kOperationNames), "one row per Operation");
static_assert(rows_in_order(), "rows in Operation's order");

}  // namespace

const OperationRow& row(Operation op) { return kRows[static_cast<std::size_t>(op)]; }

Range result_range(Operation op, Range a, Range b) {
    const OperationRow& r = row(op);
    if (!r.range) throw std::logic_error(std::string("no result range for operation ") + spelling(op));
    return r.range(a, b);
}

lane::WideOp wide_op_of(Operation op, Cmp cmp) {
    const OperationRow& r = row(op);
    if (r.compares) return static_cast<W>(static_cast<unsigned>(W::eq) + static_cast<unsigned>(cmp));
    if (!r.wide) throw std::logic_error(std::string("no widened lane plan for operation ") + spelling(op));
    return *r.wide;
}

bool folds(Operation op, IntrinsicPost p) { return p == IntrinsicPost::none || (row(op).posts & post(p)) != 0; }

}  // namespace ptxv::gen
