// The operation table. See operations.hpp.
#include "operations.hpp"

#include "kernel.hpp"

#include <algorithm>
#include <cstdlib>
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

// ---- SIMD: each operation's kernel body (kernel.hpp says how a body is
// built), its exact result on widened fields, and its own-width lane plan.
using ir::Ty;
using plan::Fields;
using plan::Simd;
using plan::intc;
using plan::own;
using plan::pA;
using plan::pB;
using plan::pc;
using plan::u32c;
using plan::u32x;

void swar_set(Simd& s) {
    if (s.sa == s.sb && !s.acc) {
        // A helper, for the packed instructions of lanes.hpp's PTXV_LANES_PK16.
        const Cmp c = s.v.cmp;
        const bool either = c == Cmp::eq || c == Cmp::ne;
        const std::string f = std::string("set_") + spelling(c) + (either ? "" : s.sa ? "s" : "u");
        s.merge(s.fn(f.c_str(), {pA, pB}));
        s.strategy = "packed compare";
        return;
    }
    const E flagged = s.u32v("g", s.flags(s.v.cmp));
    if (s.acc) {
        s.b.ret(pc + s.fn("cnt", {flagged & s.lanes()}));
    } else {
        s.merge(flagged >> intc(static_cast<std::uint64_t>(s.g.w - 1)));
    }
    s.strategy = "packed compare";
}

void swar_addsub(Simd& s, bool add) {
    if (s.acc) {
        // The sum of the lane results is the sum of the extended inputs.
        const E M = s.u32v("M", s.lanes());
        const E xa = s.u32v("xa", s.fn("hsum", {(s.sa ? pA ^ s.H() : pA) & M}));
        const E xb = s.u32v("xb", s.fn("hsum", {(s.sb ? pB ^ s.H() : pB) & M}));
        const i64 k = (s.sa ? s.half() : 0) + (add ? 1 : -1) * (s.sb ? s.half() : 0);
        E e = add ? pc + xa + xb : pc + xa - xb;
        if (k > 0) e = e - u32c(static_cast<std::uint64_t>(k)) * s.pop();
        if (k < 0) e = e + u32c(static_cast<std::uint64_t>(-k)) * s.pop();
        s.b.ret(e);
        s.strategy = "linear lane sums";
        return;
    }
    if (!s.v.sat) {
        s.merge(s.fn(add ? "add" : "sub", {pA, pB}));
        s.strategy = "packed SWAR (wrap-around)";
        return;
    }
    if (s.sa == s.sb && s.sb == s.sd) {
        const char* f = add ? (s.sd ? "addss" : "addus") : (s.sd ? "subss" : "subus");
        s.merge(s.fn(f, {pA, pB}));
        s.strategy = "packed SWAR saturating";
        return;
    }
    s.strategy = "widened fields";
    s.wide_finish(s.widened());
}
void swar_add(Simd& s) { swar_addsub(s, true); }
void swar_sub(Simd& s) { swar_addsub(s, false); }

void swar_minmax(Simd& s, bool is_max) {
    E p;
    if (s.sa == s.sb) {
        // A helper, not the select below written out: packed or byte
        // instructions where the target has them (lanes.hpp, PTXV_LANES_PK16
        // and PTXV_LANES_SDWA8); signed half-words elsewhere as two 32-bit
        // compares.
        const char* f = is_max ? (s.sa ? "maxs" : "maxu") : (s.sa ? "mins" : "minu");
        p = s.u32v("p", s.fn(f, {pA, pB}));
        s.strategy = s.g.lanes == 2 && s.sa ? "two 32-bit compares + selects" : "packed compare + select";
    } else {
        const E k = s.u32v("k", s.fn("msk", {s.ge(pA, pB, s.sa, s.sb)}));
        p = s.u32v("p", is_max ? pB ^ ((pA ^ pB) & k) : pA ^ ((pA ^ pB) & k));
        s.strategy = "packed compare + select";
    }
    // The result is one of the inputs: signed when the minimum may be a
    // signed input's negative value, unsigned when the maximum may be an
    // unsigned input's large value.
    s.packed_finish(p, is_max ? (s.sa && s.sb) : (s.sa || s.sb));
}
void swar_min(Simd& s) { swar_minmax(s, false); }
void swar_max(Simd& s) { swar_minmax(s, true); }

void swar_absdiff(Simd& s) {
    // Helpers where an AMD GPU has the instruction (lanes.hpp): v_sad_u8 and
    // v_sad_u16 for the sums (R11), the packed 16-bit max, min and subtract.
    if (s.sa == s.sb && s.acc) {
        s.b.ret(s.fn(s.sa ? "sads" : "sadu", {pA, pB, pc, s.lanes()}));
        s.strategy = "packed max - min, lane sum";
        return;
    }
    if (s.sa == s.sb) {
        // In the (flipped) unsigned order, max - min never borrows; a signed
        // .sat into a signed d clamps in the same helper.
        const bool clamp = s.sa && s.v.sat && s.sd;
        const E p = s.u32v("p", s.fn(clamp ? "absdiffss" : s.sa ? "absdiffs" : "absdiffu", {pA, pB}));
        s.strategy = clamp ? "packed max - min, packed clamp" : "packed max - min";
        if (clamp) s.merge(p);
        else s.packed_finish(p, false);
        return;
    }
    if (!s.v.sat && !s.acc) {
        const E k = s.u32v("k", s.fn("msk", {s.ge(pA, pB, s.sa, s.sb)}));
        const E e = s.u32v("e", (pA ^ pB) & k);
        s.merge(s.fn("sub", {pB ^ e, pA ^ e}));
        s.strategy = "packed max - min (wrap-around)";
        return;
    }
    s.strategy = "widened fields";
    s.wide_finish(s.widened());
}

void swar_avrg(Simd& s) {
    if (s.sa == s.sb && !s.sa) {
        // A helper, for the packed instructions of lanes.hpp's PTXV_LANES_PK16.
        const E p = s.u32v("p", s.fn("avgu", {pA, pB}));
        s.strategy = "packed rounding average";
        s.packed_finish(p, false);
        return;
    }
    if (s.sa == s.sb) {
        const E p = s.u32v("p", s.fn("avgs", {pA, pB}));
        s.strategy = "packed signed average";
        s.packed_finish(p, true);
        return;
    }
    s.strategy = "widened fields";
    s.wide_finish(s.widened());
}

// Widened fields (see Simd): field = v + off, each check()ed to stay in its
// field.
Fields fields_add(Simd& s, const Fields& x, const Fields& y) {
    s.check(x.off + y.off + x.lo + y.lo, x.off + y.off + x.hi + y.hi, "add");
    return Fields{s.u64v("t", x.e + y.e), x.off + y.off, x.lo + y.lo, x.hi + y.hi};
}

Fields fields_sub(Simd& s, const Fields& x, const Fields& y) {
    const i64 k = i64{1} << s.g.w;  // lifts every field of x above every field of y
    const E xe = s.addk(x, k, "sub");
    s.check(x.off + x.lo + k - (y.off + y.hi), x.off + x.hi + k - (y.off + y.lo), "sub");
    return Fields{s.u64v("t", xe - y.e), x.off + k - y.off, x.lo - y.hi, x.hi - y.lo};
}

Fields fields_absdiff(Simd& s, const Fields& x, const Fields& y) {
    const i64 H2 = i64{1} << (s.g.F - 1);
    const int F1 = s.g.F - 1;
    // d = (Va - Vb) + 2^(F-1): the field's top bit is the sign.
    const i64 k = H2 + y.off - x.off;
    const E xe = s.addk(x, k, "absdiff");
    s.check(H2 + x.lo - y.hi, H2 + x.hi - y.lo, "absdiff");
    const E d = s.u64v("d", xe - y.e);
    const E n = s.u64v("n", ~d & s.HF());  // lanes where Va < Vb
    const E nb = s.u64v("nb", n >> intc(static_cast<std::uint64_t>(F1)));
    // Negative fields: ~d + 1 = 2^(F-1) + |Va - Vb|; no carry leaves a field.
    const E t = s.u64v("t", (d ^ ((n << intc(1)) - nb)) + nb);
    const i64 m = std::max({x.hi - y.lo, y.hi - x.lo, i64{0}});
    const i64 lo = (x.lo - y.hi <= 0 && x.hi - y.lo >= 0) ? 0 : std::min(std::abs(x.lo - y.hi), std::abs(x.hi - y.lo));
    return Fields{t, H2, lo, m};
}

Fields fields_avrg(Simd& s, const Fields& x, const Fields& y) {
    const i64 H2 = i64{1} << (s.g.F - 1);
    const int F1 = s.g.F - 1;
    // s + 2^(F-1): the top bit is (s >= 0), the rounding increment (R5).
    const i64 k = H2 - x.off - y.off;
    s.check(H2 + x.lo + y.lo, H2 + x.hi + y.hi, "avrg");
    if (k < 0) plan::fail(s.v, "avrg bias");
    const E sum = s.u64v("s", k ? x.e + y.e + s.rep(k) : x.e + y.e);
    const E one = ir::hex(Ty::u64, s.g.ONEF, 16);
    const E t = s.u64v("t", ((sum + ((sum >> intc(static_cast<std::uint64_t>(F1))) & one)) >> intc(1)) & s.rep(H2 - 1));
    auto f = [](i64 v) { return v >= 0 ? (v + 1) / 2 : -((-v + 1) / 2); };  // (s + (s >= 0)) >> 1
    return Fields{t, H2 / 2, f(x.lo + y.lo), f(x.hi + y.hi)};
}

bool addsub_lanes(const Variant& v, lane::LanePlan& p, std::string& how, bool add) {
    using lane::LaneOp;
    const bool sa = v.atype == Type::s32, sb = v.btype == Type::s32;
    const bool sd = v.has_dtype && v.dtype == Type::s32;
    if (p.sum) {
        // R11 with a wrap-around add or subtract: the sum of the lane results
        // is the sum of the a lanes plus (minus) the sum of the b lanes.
        p.op = add ? LaneOp::sum_add : LaneOp::sum_sub;
        p.sa = sa;
        p.sb = sb;
        how = "lane sums of a and b";
        return true;
    }
    if (!v.sat) return own(p, how, add ? LaneOp::add : LaneOp::sub, false, "wrap-around lanes");
    if (sa == sb && sa == sd) return own(p, how, add ? LaneOp::addsat : LaneOp::subsat, sa, "saturating lanes");
    return false;
}

bool minmax_lanes(const Variant& v, lane::LanePlan& p, std::string& how, bool is_max) {
    const bool sa = v.atype == Type::s32;
    if (sa != (v.btype == Type::s32)) return false;
    plan::fix(v, p, sa);
    p.sum_signed = sa;
    return own(p, how, is_max ? lane::LaneOp::max : lane::LaneOp::min, sa, "min/max lanes");
}

bool lanes_add(const Variant& v, lane::LanePlan& p, std::string& how) { return addsub_lanes(v, p, how, true); }
bool lanes_sub(const Variant& v, lane::LanePlan& p, std::string& how) { return addsub_lanes(v, p, how, false); }
bool lanes_min(const Variant& v, lane::LanePlan& p, std::string& how) { return minmax_lanes(v, p, how, false); }
bool lanes_max(const Variant& v, lane::LanePlan& p, std::string& how) { return minmax_lanes(v, p, how, true); }

bool lanes_avrg(const Variant& v, lane::LanePlan& p, std::string& how) {
    const bool sa = v.atype == Type::s32;
    if (sa != (v.btype == Type::s32)) return false;
    plan::fix(v, p, sa);
    p.sum_signed = sa;
    return own(p, how, sa ? lane::LaneOp::avrg_s : lane::LaneOp::avrg_u, false,
               sa ? "signed average lanes" : "unsigned average lanes");
}

bool lanes_absdiff(const Variant& v, lane::LanePlan& p, std::string& how) {
    const bool sa = v.atype == Type::s32;
    if (sa != (v.btype == Type::s32)) return false;
    if (p.sum) return own(p, how, lane::LaneOp::sum_absdiff, sa, "sum of absolute differences");
    plan::fix(v, p, false);
    return own(p, how, lane::LaneOp::absdiff, sa, "max - min lanes");
}

bool lanes_set(const Variant& v, lane::LanePlan& p, std::string& how) {
    const bool sa = v.atype == Type::s32;
    if (sa != (v.btype == Type::s32)) return false;
    p.code = static_cast<unsigned>(v.cmp);
    return own(p, how, lane::LaneOp::cmp, sa, "compare lanes");
}

// ---- One lane on words: the operands' extended values are below 2^17 in
// magnitude, so every sum is exact.
E add_lane(const plan::LaneWord& w) { return add_part(w.x, w.y); }
E sub_lane(const plan::LaneWord& w) { return sub_part(w.x, w.y); }
E absdiff_lane(const plan::LaneWord& w) { return absdiff_part(w.x, w.y); }
E min_lane(const plan::LaneWord& w) { return min_part(w.x, w.y); }
E max_lane(const plan::LaneWord& w) { return max_part(w.x, w.y); }
// R5: the average rounded half away from zero: a non-negative sum rounds up,
// a negative one down (the sum shifted right arithmetically).
E avrg_lane(const plan::LaneWord& w) {
    const E s = w.x + w.y, one = ir::lit(Ty::u32, 1);
    if (!w.sa && !w.sb) return (s + one) >> one;
    return call("sar32", {s + one + call("sar32", {s, ir::lit(Ty::uint, 31)}), ir::lit(Ty::uint, 1)});
}
// R14: 1 where the comparison of the extended values holds.
E set_lane(const plan::LaneWord& w) {
    const E one = ir::lit(Ty::u32, 1), zero = ir::lit(Ty::u32, 0);
    switch (w.cmp) {
        case Cmp::eq: return select(ir::eq(w.x, w.y), one, zero);
        case Cmp::ne: return select(ir::ne(w.x, w.y), one, zero);
        case Cmp::lt: return select(call("lt_s32", {w.x, w.y}), one, zero);
        case Cmp::le: return select(call("lt_s32", {w.y, w.x}), zero, one);
        case Cmp::gt: return select(call("lt_s32", {w.y, w.x}), one, zero);
        case Cmp::ge: return select(call("lt_s32", {w.x, w.y}), zero, one);
    }
    throw std::logic_error("set_lane: no such comparison");
}

using W = lane::WideOp;
constexpr auto none = std::nullopt;
constexpr unsigned post(IntrinsicPost p) { return 1u << static_cast<unsigned>(p); }

// clang-format off
constexpr OperationRow kRows[] = {
    // op                  compares shifts mad    range          low word
    //   lower_scalar        vop        swar                fields               own lanes
    //   lane word     wide        zero on zero  posts
    {Operation::add,     false,   false, false, add_range,     true,
       plan::scalar_vop,   &kAdd,     swar_add,     fields_add,     lanes_add,
       add_lane,     W::add,     true,  0},
    {Operation::sub,     false,   false, false, sub_range,     true,
       plan::scalar_vop,   &kSub,     swar_sub,     fields_sub,     lanes_sub,
       sub_lane,     W::sub,     true,  0},
    {Operation::absdiff, false,   false, false, absdiff_range, false,
       plan::scalar_vop,   &kAbsdiff, swar_absdiff, fields_absdiff, lanes_absdiff,
       absdiff_lane, W::absdiff, true,  0},
    {Operation::min,     false,   false, false, min_range,     false,
       plan::scalar_vop,   &kMin,     swar_min,     nullptr,              lanes_min,
       min_lane,     W::min,     true,  0},
    {Operation::max,     false,   false, false, max_range,     false,
       plan::scalar_vop,   &kMax,     swar_max,     nullptr,              lanes_max,
       max_lane,     W::max,     true,  0},
    {Operation::avrg,    false,   false, false, nullptr,       false,
       nullptr,            nullptr,   swar_avrg,    fields_avrg,    lanes_avrg,
       avrg_lane,    W::avrg,    true,  post(IntrinsicPost::round_down)},
    {Operation::shl,     false,   true,  false, nullptr,       false,
       plan::scalar_shl,   nullptr,   nullptr,            nullptr,              nullptr,
       nullptr,      none,       true,  0},
    {Operation::shr,     false,   true,  false, nullptr,       false,
       plan::scalar_shr,   nullptr,   nullptr,            nullptr,              nullptr,
       nullptr,      none,       true,  0},
    {Operation::mad,     false,   false, true,  nullptr,       false,
       plan::scalar_mad,   nullptr,   nullptr,            nullptr,              nullptr,
       nullptr,      none,       true,  0},
    {Operation::set,     true,    false, false, nullptr,       false,
       plan::scalar_set,   nullptr,   swar_set,     nullptr,              lanes_set,
       set_lane,     none,       false, post(IntrinsicPost::lanes_to_mask)},
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
