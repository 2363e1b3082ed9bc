// Pass 3 of ptxv-gen: lowering. See lower.hpp.
//
// Scalar forms work on 32-bit words wherever the exact value, or the part of
// it that is read, fits one (vop_on_words, lower_scalar_set), and otherwise
// on 64-bit signed values: every extended operand (33 bits) and every primary
// result (34 bits, or 65 bits for vshl, handled apart) fits, so the
// pseudocode's wide arithmetic is exact without 128-bit types; so does vmad's
// sum, whose whole-word factors are sign-extended (R13).
//
// SIMD forms pick, per variant, the cheapest of packed SWAR, linear lane
// sums and widened fields: the operation's kernel builder (operations.cpp)
// decides, with what kernel.hpp holds in common; lane_plan_of asks its row
// for the plan the array forms and Compiled::run compute it by.
#include "lower.hpp"

#include "kernel.hpp"
#include "lower_ops.hpp"
#include "operations.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <stdexcept>
#include <utility>

namespace ptxv::gen {

namespace {

using i64 = std::int64_t;

// ---------------------------------------------------------------------------
// Scalar forms (vadd..vmax, vshl/vshr, vset).

using ir::E;
using ir::Ty;
using plan::fail;
using plan::intc;
using plan::pc;
using plan::u32c;
using plan::u32x;

// The parameters of a scalar form (and vmad's), as the bodies read them.
const E pa = ir::var("a", Ty::u32), pb = ir::var("b", Ty::u32);
const E pasel = ir::var("asel", Ty::sel), pbsel = ir::var("bsel", Ty::sel);
const E pdsel = ir::var("dsel", Ty::dsel), pneg = ir::var("neg", Ty::neg);

E dmask() { return ir::call("dmask", {pdsel}); }

Range ext_range32(Type t) {
    return t == Type::s32 ? Range{-(i64{1} << 31), (i64{1} << 31) - 1} : Range{0, (i64{1} << 32) - 1};
}

// The extended operand (R1) of a (b) by asel (bsel), as an int64 value and
// as a 32-bit word.
E ext64(bool second, Type t) {
    const E& x = second ? pb : pa;
    const E& sel = second ? pbsel : pasel;
    if (t == Type::s32) return ir::call("xs", {x, sel});
    return ir::cast(Ty::i64, ir::call("xu", {x, sel}));
}
E ext32(bool second, Type t) {
    return ir::call(t == Type::s32 ? "xs32" : "xu32", {second ? pb : pa, second ? pbsel : pasel});
}

// The value .min/.max (R8) compare with c: the result's 64-bit pattern, read
// with dtype's signedness (vset: atype's), against c extended the same way.
// Where that value is the low word sign- or zero-extended, 32-bit compares
// do (detail::min_su and friends where the two sides are read differently);
// otherwise it is given as an int64 value.
struct Compared {
    enum Kind { sx32, zx32, value } kind;
    E wide;  // `value`: the int64 value
};
const Compared kSx32{Compared::sx32, {}}, kZx32{Compared::zx32, {}};

// The secondary operation (R8) or the d-selector merge (R9), the closing part
// of every scalar form but vmad. `low` is the low 32 bits of the (saturated)
// result.
void scalar_tail(ir::Body& b, const Variant& v, const E& low, const Compared& key, bool signed_d) {
    using ir::call;
    using ir::cast;
    const bool min = v.op2 == Op2::min;
    switch (v.op2) {
        case Op2::none: return b.ret(call("dmerge", {pc, low, pdsel}));
        case Op2::add: return b.ret(low + pc);
        case Op2::min:
        case Op2::max: break;
    }
    switch (key.kind) {
        case Compared::sx32:
        case Compared::zx32: {
            // 32-bit compares: the same signedness on both sides, or one key adjusted.
            static const char* const names[2][2][2] = {{{"max_u32", "max_zs"}, {"max_su", "max_s32"}},
                                                       {{"min_u32", "min_zs"}, {"min_su", "min_s32"}}};
            return b.ret(call(names[min][key.kind == Compared::sx32][signed_d], {low, pc}));
        }
        case Compared::value:
            if (signed_d) return b.ret(cast(Ty::u32, call(min ? "wmin" : "wmax", {key.wide, call("sx32", {pc})})));
            return b.ret(cast(Ty::u32, call(min ? "umin64" : "umax64", {cast(Ty::u64, key.wide), cast(Ty::u64, pc, true)})));
    }
}

// .sat of vadd..vmax on a whole word (R6): a signed dtype clamps to S32, an
// unsigned one only raises a negative value to 0. Sides the value cannot
// cross are left out.
E word_sat(const Variant& v, const E& key, Range r) {
    E e = key;
    if (v.dtype == Type::s32) {
        if (r.lo < -(i64{1} << 31)) e = ir::call("smax", {e, ir::shex(-(i64{1} << 31))});
        if (r.hi > (i64{1} << 31) - 1) e = ir::call("smin", {e, ir::shex((i64{1} << 31) - 1)});
    } else if (r.lo < 0) {
        e = ir::call("smax", {e, intc(0)});
    }
    return e;
}

// vadd..vmax on 32-bit words, which compilers vectorize as 32-bit lanes:
// - a sum or difference: without .sat only its low word is read (R8, R9),
//   which needs only the operands modulo 2^32; with .sat, detail::addsat and
//   subsat saturate it on words for every type triple (R6). Either way
//   .min/.max read that low word sign-extended (R8).
// - min and max: the exact value lies between the operands', so it is a word
//   read as signed where an operand is signed (min) or where both are (max),
//   and unsigned otherwise; |a - b| of one type is below 2^32. .sat (R6)
//   then clamps only a side the value can cross: a signed word below 0 for a
//   .u32 dtype, an unsigned one above 2^31 - 1 for .s32. Operands of mixed
//   types compare through the signed one's sign (detail::lt_us).
// - |a - b| of mixed types reaches 2^32 + 2^31 - 1: a word where only its low
//   word is read (no .sat, no .min/.max), the difference negated where a < b.
// A d selector's byte or half-word bound under .sat (R6) needs the exact
// value: those forms keep the 64-bit body and get the word body for Dsel
// none (Lowered::whole_body).
bool vop_on_words(const Variant& v) {
    const Operation op = v.opcode->operation;
    if (v.atype == v.btype || row(op).low_word) return true;
    // Mixed types: one word where the exact value spans fewer than 2^32
    // values (min, max), else only where its low word is all that is read.
    const Range r = result_range(op, ext_range32(v.atype), ext_range32(v.btype));
    if (r.hi - r.lo < (i64{1} << 32)) return true;
    return !v.sat && (v.op2 == Op2::none || v.op2 == Op2::add);
}

// vadd..vmax's expressions (the operation table's rows).
const plan::VopExprs& vop_exprs(const Variant& v) {
    const plan::VopExprs* x = row(v.opcode->operation).vop;
    if (!x) fail(v, "not a scalar arithmetic operation");
    return *x;
}

Lowered lower_scalar_vop_words(const Variant& v) {
    using ir::call;
    using ir::select;
    Lowered L;
    ir::Body b;
    const E ta = b.let(Ty::u32, "ta", ext32(false, v.atype));
    const E tb = b.let(Ty::u32, "tb", ext32(true, v.btype));
    const bool sa = v.atype == Type::s32, sb = v.btype == Type::s32, sd = v.dtype == Type::s32;
    const bool mixed = sa != sb;
    // Before a .min/.max whose sides are read differently, the signed min/max
    // selects with a mask: GCC turns its ternary, followed by that tail, into
    // a jump.
    const bool mixed_tail = (v.op2 == Op2::min || v.op2 == Op2::max) && sa != sd;
    const plan::WordResult word = vop_exprs(v).word(plan::WordArgs{v, b, ta, tb, sa, sb, sd, mixed_tail});
    E e = word.e;
    const Compared key = word.sign_extended ? kSx32 : kZx32;
    // Sums and differences saturate in their helpers (R6).
    const bool add_sub = row(v.opcode->operation).low_word;
    if (v.sat && !add_sub && sd != (key.kind == Compared::sx32)) {
        // The one side of dtype's range the value can cross (R6).
        const E tx = b.let(Ty::u32, "tx", e);
        // Masks from the sign, without a compare: GCC joins a compare and
        // select here with the min or max before it into a jump.
        e = sd ? tx ^ ((tx ^ u32x(0x7fffffff)) & (u32c(0) - (tx >> intc(31)))) : tx & ((tx >> intc(31)) - u32c(1));
    }
    if (v.sat && v.op2 == Op2::none) {
        // Only the whole word (no d selector) saturates on words alone.
        b.ret(e);
        L.whole_body = std::move(b);
        return L;
    }
    const E t = b.let(Ty::u32, "t", e);
    scalar_tail(b, v, t, key, sd);
    L.body = std::move(b);
    L.strategy = std::string(v.sat ? "32-bit words, saturating" : "32-bit words (only d's low word is read)") +
                 (mixed && !add_sub ? ", signed operand's sign first" : "");
    return L;
}

Lowered lower_scalar_vop_wide(const Variant& v);

// Both sources a byte or half-word (R1): each extended value lies in
// [-2^15, 2^16), so the sum, difference, |a - b|, min and max lie in
// (-2^17, 2^17) and are exact as signed 32-bit words, where signed compares
// order them. On that word .sat (R6) can only raise an unsigned dtype's
// negative value to 0, the d selector's unsigned min is one 32-bit min (a
// negative word reads above every part's maximum, as the 64-bit pattern
// does), and .min/.max (R8) read the word sign-extended, which is the exact
// value.
ir::Body lower_scalar_vop_part(const Variant& v) {
    using ir::call;
    using ir::select;
    ir::Body b;
    const Operation op = v.opcode->operation;
    const E ta = b.let(Ty::u32, "ta", ext32(false, v.atype));
    const E tb = b.let(Ty::u32, "tb", ext32(true, v.btype));
    const auto part = [](Type t) { return t == Type::s32 ? Range{-(i64{1} << 15), (i64{1} << 15) - 1} : Range{0, 0xffff}; };
    const Range r = result_range(op, part(v.atype), part(v.btype));
    const E e = vop_exprs(v).part(ta, tb);
    const E t = b.let(Ty::u32, "t", e);
    E key = t;
    if (v.sat) {
        if (v.dtype == Type::u32 && r.lo < 0) key = b.let(Ty::u32, "tw", select(call("lt_s32", {t, u32c(0)}), u32c(0), t));
        if (v.op2 == Op2::none) {
            const E hi = b.let(Ty::u32, "hi", v.dtype == Type::s32 ? dmask() >> intc(1) : dmask());
            key = b.let(Ty::u32, "ts", select(ir::eq(dmask(), u32x(0xffffffff)), key, call("min_u32", {t, hi})));
        }
    }
    scalar_tail(b, v, key, kSx32, v.dtype == Type::s32);
    return b;
}

Lowered lower_scalar_vop(const Variant& v) {
    std::optional<ir::Body> whole_body;
    if (vop_on_words(v)) {
        Lowered words = lower_scalar_vop_words(v);
        // A words body for the whole word alone: the general one is wide.
        if (!words.whole_body) return words;
        whole_body = std::move(words.whole_body);
    }
    Lowered L = lower_scalar_vop_wide(v);
    if (whole_body) {
        L.whole_body = std::move(whole_body);
        L.strategy += "; whole d: 32-bit words, saturating";
    }
    L.part_body = lower_scalar_vop_part(v);
    L.strategy += "; byte/half-word sources: 32-bit words";
    return L;
}

Lowered lower_scalar_vop_wide(const Variant& v) {
    using ir::call;
    Lowered L;
    ir::Body b;
    const Operation op = v.opcode->operation;
    const E ta = b.let(Ty::i64, "ta", ext64(false, v.atype));
    const E tb = b.let(Ty::i64, "tb", ext64(true, v.btype));
    const Range ra = ext_range32(v.atype), rb = ext_range32(v.btype);
    const Range r = result_range(op, ra, rb);
    const E e = vop_exprs(v).wide(ta, tb);
    const E t = b.let(Ty::i64, "t", e);
    E key = t;
    if (v.sat) {
        const E word = word_sat(v, t, r);
        if (v.op2 != Op2::none) {
            key = b.let(Ty::i64, "ts", word);
        } else {
            // Under a byte or half-word d selector (R6): one unsigned min of
            // t's 64-bit pattern against the part's maximum, so a negative t
            // gives that maximum.
            const E tw = b.let(Ty::i64, "tw", word);
            const E hi = b.let(Ty::i64, "hi", ir::cast(Ty::i64, v.dtype == Type::s32 ? dmask() >> intc(1) : dmask(), true));
            key = b.let(Ty::i64, "ts", ir::select(ir::eq(dmask(), u32x(0xffffffff)), tw, call("umin_pattern", {t, hi})));
        }
    }
    // R8: vadd/vsub hand on their low word sign-extended, the others the exact value.
    scalar_tail(b, v, ir::cast(Ty::u32, key), row(op).low_word ? kSx32 : Compared{Compared::value, key}, v.dtype == Type::s32);
    L.body = std::move(b);
    L.strategy = std::string("64-bit exact") + (v.sat ? ", branch-free clamp" : "");
    return L;
}

Lowered lower_scalar_shift(const Variant& v, bool shl) {
    using ir::call;
    using ir::cast;
    Lowered L;
    ir::Body b;
    const bool sa = v.atype == Type::s32;
    const bool clamp = v.mode == Mode::clamp;
    const bool sd = v.dtype == Type::s32;
    if (v.btype != Type::u32) fail(v, "vshl/vshr take btype .u32 only (R12)");
    if (v.mode == Mode::none) fail(v, "vshl/vshr need .clamp or .wrap (R12)");
    if (!shl || (!v.sat && (v.op2 == Op2::none || v.op2 == Op2::add))) {
        // A vshr's value lies within its operand's word (shifted right,
        // extended by atype), so that word is all of it: .sat (R6) has only
        // the other signedness's side to clamp, and .min/.max read the word
        // sign- or zero-extended by atype (R8), or after .sat sign-extended. A
        // vshl's value is wider, but without .sat and .min/.max only d's low
        // word is read. So a 32-bit shift of the extended operand's word gives
        // d, in 32-bit lanes when a loop is vectorized, where 64 bits would
        // widen every lane.
        const E ta = b.let(Ty::u32, "ta", ext32(false, v.atype));
        const E tb = b.let(Ty::u32, "tb", call("xu32", {pb, pbsel}));
        E t;
        if (!clamp) {
            const E s = b.let(Ty::uint, "s", tb & u32c(31));
            t = shl ? ta << s : sa ? call("sar32", {ta, s}) : ta >> s;
            L.strategy = "32-bit shift (.wrap: amount below 32)";
        } else if (!shl && sa) {
            // A shift by 32 fills the word with its sign, as one by 31 does.
            t = call("sar32", {ta, call("umin32", {tb, u32c(31)})});
            L.strategy = "32-bit arithmetic shift (.clamp: 32 fills with the sign as 31 does)";
        } else {
            // From 32 up every bit is shifted out.
            const E amount = tb & u32c(31);
            t = ir::select(ir::lt(tb, u32c(32)), shl ? ta << amount : ta >> amount, u32c(0));
            L.strategy = "32-bit shift (.clamp: 0 from 32 up)";
        }
        E key = b.let(Ty::u32, "t", t);
        if (v.sat && sa != sd) {
            // A signed value below 0 becomes 0 in an unsigned dtype; an
            // unsigned one above 2^31 - 1 becomes that in a signed one. (A
            // mask, not detail::max_s32: GCC makes that select a jump here.)
            key = b.let(Ty::u32, "ts", sa ? key & ((key >> intc(31)) - u32c(1)) : call("min_u32", {key, u32x(0x7fffffff)}));
        }
        if (v.sat) L.strategy += sa != sd ? ", 32-bit clamp" : ", .sat: in range";
        scalar_tail(b, v, key, v.sat || sa ? kSx32 : kZx32, sd);
        L.body = std::move(b);
        return L;
    }
    const E ta = b.let(Ty::i64, "ta", ext64(false, v.atype));
    const E tb = b.let(Ty::u32, "tb", call("xu32", {pb, pbsel}));
    const E s = b.let(Ty::uint, "s", clamp ? call("umin32", {tb, u32c(32)}) : tb & u32c(31));
    // The shifted value's low 64 bits (R12): all that .sat (its low 34
    // bits), .min/.max (64) and d (32) read. Arithmetic for a signed a
    // (R12); an unsigned a is non-negative, so the same shift is logical
    // for it.
    const E w = b.let(Ty::i64, "w", shl ? cast(Ty::i64, cast(Ty::u64, ta) << s) : ta >> s);
    if (v.sat) {
        // R6: the low 34 bits read as signed, clamped to dtype's 32-bit range
        // whatever the d selector; .min/.max get the word sign-extended.
        const E t = b.let(Ty::i64, "t", call("sx34", {cast(Ty::u64, w)}));
        const E ts = b.let(Ty::i64, "ts", sd ? call("smin", {call("smax", {t, ir::shex(-(i64{1} << 31))}), ir::shex((i64{1} << 31) - 1)})
                                             : call("smin", {call("smax", {t, intc(0)}), ir::shex((i64{1} << 32) - 1)}));
        const E low = b.let(Ty::u32, "low", cast(Ty::u32, ts));
        scalar_tail(b, v, low, kSx32, sd);
    } else {
        scalar_tail(b, v, cast(Ty::u32, w), Compared{Compared::value, w}, sd);
    }
    L.body = std::move(b);
    L.strategy = std::string(shl ? "64-bit shift" : "64-bit arithmetic shift") + (v.sat ? ", branch-free clamp" : "");
    return L;
}

// A vset's compare of ta and tb, both 32-bit words holding the extended
// values (R5): as they stand where the types agree (read as int32_t for
// .s32), else through detail::lt_us and friends with the unsigned operand
// first, the order reversed where that is b.
E word_compare(Cmp cmp, Type at, Type bt, const E& ta, const E& tb) {
    using ir::call;
    if (at != bt) {
        const bool swap = at == Type::s32;
        const E& u = swap ? tb : ta;
        const E& s = swap ? ta : tb;
        // cmp as seen from the unsigned operand.
        Cmp c = cmp;
        if (swap) {
            switch (cmp) {
                case Cmp::lt: c = Cmp::gt; break;
                case Cmp::le: c = Cmp::ge; break;
                case Cmp::gt: c = Cmp::lt; break;
                case Cmp::ge: c = Cmp::le; break;
                case Cmp::eq: case Cmp::ne: break;
            }
        }
        switch (c) {
            case Cmp::lt: return call("lt_us", {u, s});
            case Cmp::le: return call("le_us", {u, s});
            case Cmp::gt: return !call("le_us", {u, s});
            case Cmp::ge: return !call("lt_us", {u, s});
            case Cmp::eq: return call("eq_us", {u, s});
            case Cmp::ne: return !call("eq_us", {u, s});
        }
    }
    if (at == Type::s32) {
        switch (cmp) {
            case Cmp::eq: case Cmp::ne: break;
            case Cmp::lt: return call("lt_s32", {ta, tb});
            case Cmp::le: return !call("lt_s32", {tb, ta});
            case Cmp::gt: return call("lt_s32", {tb, ta});
            case Cmp::ge: return !call("lt_s32", {ta, tb});
        }
    }
    static const ir::Bin ops[] = {ir::Bin::eq, ir::Bin::ne, ir::Bin::lt, ir::Bin::le, ir::Bin::gt, ir::Bin::ge};  // Cmp's order
    return ir::binary(ops[static_cast<int>(cmp)], ta, tb);
}

// The body of a vset on 32-bit words; `part`: both sources a byte or
// half-word, whose extended values every signed word holds.
ir::Body scalar_set_body(const Variant& v, bool part) {
    ir::Body b;
    const E ta = b.let(Ty::u32, "ta", ext32(false, v.atype));
    const E tb = b.let(Ty::u32, "tb", ext32(true, v.btype));
    const E e = part ? word_compare(v.cmp, Type::s32, Type::s32, ta, tb) : word_compare(v.cmp, v.atype, v.btype, ta, tb);
    const E t = b.let(Ty::u32, "t", ir::cast(Ty::u32, e));
    // R14: atype's signedness reads c for .min/.max; t, 0 or 1, is the same
    // word read either way.
    const bool sa = v.atype == Type::s32;
    scalar_tail(b, v, t, sa ? kSx32 : kZx32, sa);
    return b;
}

Lowered lower_scalar_set(const Variant& v) {
    Lowered L;
    // Every extended operand is exact as a 32-bit word read with its type's
    // signedness; mixed types compare through the sign of the signed one.
    const bool mixed = v.atype != v.btype;
    L.body = scalar_set_body(v, false);
    L.strategy = mixed ? "32-bit compare, signed operand's sign first" : "32-bit compare";
    // A byte or half-word of either type lies in [-2^15, 2^16), within a
    // signed word: with both sources parts, one signed 32-bit compare orders
    // them (vectorized: pcmpgtd, without the sign flips of an unsigned one).
    const bool ordered = v.cmp != Cmp::eq && v.cmp != Cmp::ne;
    if (mixed || (v.atype == Type::u32 && ordered)) {
        L.part_body = scalar_set_body(v, true);
        L.strategy += "; byte/half-word sources: signed 32-bit compare";
    }
    return L;
}

// ---------------------------------------------------------------------------
// vmad (R13).

// Every intermediate fits int64: a whole-word operand is sign-extended (R13),
// so each factor is at most 2^31 in magnitude, the product at most 2^62, and
// the sum with c and .po below 2^63.
Lowered lower_vmad(const Variant& v) {
    using ir::call;
    using ir::cast;
    Lowered L;
    ir::Body b;
    const bool sa = v.atype == Type::s32, sb = v.btype == Type::s32;
    const bool static_signed = sa || sb;
    if (!v.sat && v.scale == Scale::none) {
        // Only d's low word is read: the product and sum modulo 2^32 need only
        // the extended operands' words, whatever the extension (R13).
        const E ta = b.let(Ty::u32, "ta", ext32(false, v.atype));
        const E tb = b.let(Ty::u32, "tb", ext32(true, v.btype));
        if (v.po) {
            L.x_used = false;
            b.ret(ta * tb + pc + u32c(1));
        } else {
            const E pm = b.let(Ty::u32, "pm", u32c(0) - call("neg_ab", {pneg}));
            const E cm = b.let(Ty::u32, "cm", u32c(0) - call("neg_c", {pneg}));
            // Grouped as the two negated terms they are.
            b.ret(ir::paren(((ta * tb) ^ pm) - pm) + ((pc ^ cm) - cm));
        }
        L.body = std::move(b);
        L.strategy = "32-bit words (only d's low word is read)";
        L.x = XParam::neg;
        return L;
    }
    const E ta = b.let(Ty::i64, "ta", call(sa ? "xs" : "xv", {pa, pasel}));
    const E tb = b.let(Ty::i64, "tb", call(sb ? "xs" : "xv", {pb, pbsel}));
    // signedFinal (R13): known statically where an operand is signed (or
    // .po, which skips the negations), else the negations' variable.
    enum class Final { is_signed, is_unsigned, by_negation } signed_final;
    E tmp, sf;
    if (v.po) {
        // .po adds 1 and skips the negations; -a -b (the only set .po allows
        // besides none) cancel, so the negation argument has no effect.
        L.x_used = false;
        signed_final = static_signed ? Final::is_signed : Final::is_unsigned;
        tmp = b.let(Ty::i64, "tmp", ta * tb + call("sx32", {pc}) + intc(1));
    } else {
        const E zero = cast(Ty::u64, intc(0), true);
        tmp = b.let(Ty::i64, "tmp", call("negate_if", {ta * tb, zero - call("neg_ab", {pneg})}) +
                                        call("negate_if", {call("sx32", {pc}), zero - call("neg_c", {pneg})}));
        signed_final = static_signed ? Final::is_signed : Final::by_negation;
        if (!static_signed && v.sat) sf = b.let(Ty::uint, "sf", call("neg_sf", {pneg}));
    }
    E r = tmp;
    const bool scaled = v.scale != Scale::none;
    // An arithmetic shift of the exact sum (R13).
    if (scaled) r = b.let(Ty::i64, "r", tmp >> intc(v.scale == Scale::shr7 ? 7 : 15));
    if (!v.sat) {
        b.ret(cast(Ty::u32, r));
    } else {
        // R13: signedFinal clamps to S32. Otherwise, after a shift the 64-bit
        // pattern is clamped as unsigned (a negative sum gives U32_MAX), and
        // without one the exact value to [0, U32_MAX].
        // The clamps compare and select on every target (wmin/wmax): no x86
        // vector unit before AVX2 multiplies signed 32-bit values into 64 bits,
        // so where smin/smax would take SSE2's vectorizable form, the loop is
        // scalar anyway and cmov is the shortest.
        const E s32 = call("wmin", {call("wmax", {r, ir::shex(-(i64{1} << 31))}), ir::shex((i64{1} << 31) - 1)});
        const E u32 = scaled ? cast(Ty::i64, call("umin64", {cast(Ty::u64, r), ir::hex(Ty::u64, 0xffffffffu, 0)}))
                             : call("wmin", {call("wmax", {r, intc(0)}), ir::shex((i64{1} << 32) - 1)});
        switch (signed_final) {
            case Final::is_signed: b.ret(cast(Ty::u32, s32)); break;
            case Final::is_unsigned: b.ret(cast(Ty::u32, u32)); break;
            case Final::by_negation: b.ret(cast(Ty::u32, ir::select(ir::ne(sf, u32c(0)), s32, u32))); break;
        }
    }
    L.body = std::move(b);
    L.strategy = std::string(static_signed ? "signed" : "unsigned") + " 64-bit product and sum" +
                 (v.sat ? ", branch-free 32-bit clamp" : "");
    L.x = XParam::neg;
    return L;
}

// ---------------------------------------------------------------------------
// SIMD forms.

}  // namespace

namespace {

Lowered lower_simd(const Variant& v) {
    const OperationRow& r = row(v.opcode->operation);
    if (!r.swar) fail(v, "not a SIMD operation");
    plan::Simd s(v);
    r.swar(s);
    Lowered L;
    L.simd = true;
    L.x = XParam::mask;
    L.body = std::move(s.b);
    L.strategy = s.strategy;
    // R11 sums op(Va, Vb) over the masked lanes; where op is 0 on Va = Vb = 0
    // (R5: exact on the extended values), clearing both operands outside the
    // mask leaves the sum unchanged.
    if (s.merged)
        L.mask_fold = MaskFold::merge;
    else if (s.acc && r.zero_on_zero_lanes)
        L.mask_fold = MaskFold::zero;
    // The bound forms fold the mask in where it only merges: no other use of
    // m may hide in the body.
    if (s.merged && ir::uses(L.body, "m") != 1)
        throw std::logic_error(v.ptx() + ": a merging SIMD body uses its mask twice");
    return L;
}

// ---------------------------------------------------------------------------
// The lane plan (generator/primitives/lane_plan.hpp) of a SIMD variant: how
// the array forms and Compiled::run compute it on vectors. Each lane in its
// own width where the types allow (paddb, pminub, pcmpgtb, ...), else on
// lanes widened to twice their width, where every exact lane result fits
// (R5); the clamp .sat still needs; and for .add (R11) how the sum is taken.

// The plan, and how it computes in a few words. A plan holds only what its
// kernels read (the types of a wrap-around add, say, are left out), so that
// variants computed alike share one plan, and Compiled::run one kernel.
std::pair<lane::LanePlan, std::string> lane_plan_of(const Variant& v) {
    const Operation op = v.opcode->operation;
    const OperationRow& r = row(op);
    if (!r.own_lanes) fail(v, "no lane plan for this operation");
    const bool sa = v.atype == Type::s32, sb = v.btype == Type::s32;
    const bool sd = v.has_dtype && v.dtype == Type::s32;
    const bool sum = v.op2 == Op2::add;
    lane::LanePlan p;
    p.bits = static_cast<unsigned>(v.family->geometry_def->lane_bits);
    p.sum = sum;
    std::string how;
    if (r.own_lanes(v, p, how)) return {p, how};
    // Mixed types: widened lanes, where every exact result fits (R3, R5).
    p.op = lane::LaneOp::wide;
    p.code = static_cast<unsigned>(wide_op_of(op, v.cmp));
    p.sa = sa;
    p.sb = sb;
    p.sat = v.sat;
    p.sd = v.sat && sd;
    return {p, sum ? "widened lanes, lane sum" : "widened lanes"};
}

}  // namespace

namespace plan {

Lowered scalar_vop(const Variant& v) { return lower_scalar_vop(v); }
Lowered scalar_shl(const Variant& v) { return lower_scalar_shift(v, true); }
Lowered scalar_shr(const Variant& v) { return lower_scalar_shift(v, false); }
Lowered scalar_mad(const Variant& v) { return lower_vmad(v); }
Lowered scalar_set(const Variant& v) { return lower_scalar_set(v); }

}  // namespace plan

Lowered lower(const Variant& v) {
    Lowered L;
    switch (v.family->geometry) {
        case Geometry::scalar: {
            const OperationRow& r = row(v.opcode->operation);
            if (!r.lower_scalar) fail(v, "not a scalar operation");
            L = r.lower_scalar(v);
            if (!r.mad) {
                L.x = v.op2 == Op2::none ? XParam::dsel : XParam::ignored;
                L.x_used = v.op2 == Op2::none;
            }
            break;
        }
        case Geometry::half:
        case Geometry::byte: L = lower_simd(v); break;
    }
    if (L.simd) {
        const auto [plan, how] = lane_plan_of(v);
        L.lane_plan = lane::encode(plan);
        L.lane_strategy = how;
        const lane::LanePlan shape = lane::kernel_shape(plan);
        lane::LanePlan m;
        L.lane_swap = lane::mirror(shape, m) && lane::encode(m) < lane::encode(shape);
        L.kernel_plan = lane::encode(L.lane_swap ? m : shape);
    }
    L.name = v.function_name();
    return L;
}

namespace {
// A body and what its bound form is printed with besides it.
struct BodyKey {
    std::string with;
    const ir::Body* body;
};
struct BodyKeyHash {
    std::size_t operator()(const BodyKey& k) const { return std::hash<std::string>{}(k.with) ^ ir::hash(*k.body); }
};
struct BodyKeyEq {
    bool operator()(const BodyKey& x, const BodyKey& y) const { return x.with == y.with && ir::same(*x.body, *y.body); }
};

// Fills the same_* links: a bound form's code is fixed by what it is printed
// from, so equal inputs are the same function. (A body calls declared helpers
// only, never a variant's function, so no body depends on its own name.)
void share_bodies(const std::vector<Variant>& variants, std::vector<Lowered>& lowered) {
    std::unordered_map<BodyKey, int, BodyKeyHash, BodyKeyEq> first;
    const auto link = [&first](std::string with, const ir::Body& body, int i) {
        const auto [at, added] = first.emplace(BodyKey{std::move(with), &body}, i);
        return added ? -1 : at->second;
    };
    for (std::size_t k = 0; k < lowered.size(); ++k) {
        Lowered& L = lowered[k];
        const int i = static_cast<int>(k);
        const std::string x = std::to_string(static_cast<int>(L.x)) + (L.x_used ? "+" : "-");
        if (L.simd) {
            const GeometryDef& g = *variants[k].family->geometry_def;
            const std::string shape = std::to_string(static_cast<int>(variants[k].family->geometry)) + " " +
                                      g.default_asel + " " + g.default_bsel + " " + g.default_mask;
            L.same_pre = link("simd " + std::to_string(static_cast<int>(L.mask_fold)) + " " + shape, L.body, i);
            L.same_pre_d = link("simd_d " + shape, L.body, i);
        } else {
            L.same_pre = link("pre " + x, L.body, i);
            L.same_pre_d = L.whole_body ? link("whole", *L.whole_body, i) : link("pre_d " + x, L.body, i);
            if (L.part_body) L.same_pre_p = link("part " + x, *L.part_body, i);
        }
    }
}
}  // namespace

std::vector<Lowered> lower_all(const std::vector<Variant>& variants) {
    std::vector<Lowered> out;
    out.reserve(variants.size());
    std::vector<unsigned> plans;
    for (const auto& v : variants) {
        out.push_back(lower(v));
        Lowered& L = out.back();
        if (!L.simd) continue;
        const auto at = std::find(plans.begin(), plans.end(), L.kernel_plan);
        L.lane_plan_index = static_cast<int>(at - plans.begin());
        if (at == plans.end()) plans.push_back(L.kernel_plan);
    }
    share_bodies(variants, out);
    return out;
}

std::vector<unsigned> intrinsic_plans(const Spec& spec, const std::vector<Variant>& variants,
                                      const std::vector<std::size_t>& variants_of, const std::vector<Lowered>& lowered) {
    std::vector<unsigned> out;
    for (std::size_t i = 0; i < spec.intrinsics.size(); ++i) {
        const Intrinsic& in = spec.intrinsics[i];
        const Variant& v = variants.at(variants_of.at(i));
        const Lowered& L = lowered.at(variants_of.at(i));
        if (!L.simd) {
            // A scalar instruction as one 32-bit lane: a kernel computes it
            // where that lane's own plan is a sum of absolute differences
            // (vabsdiff.add of same-typed operands, __sad and __usad): |a - b|
            // < 2^32, plus c modulo 2^32 (R8).
            const OperationRow& r = row(v.opcode->operation);
            lane::LanePlan p;
            p.bits = 32;
            p.sum = v.op2 == Op2::add;
            std::string how;
            const bool sad = r.own_lanes && !v.sat && in.post == IntrinsicPost::none && r.own_lanes(v, p, how) &&
                             p.op == lane::LaneOp::sum_absdiff;
            out.push_back(sad ? lane::encode(p) : kNoLanePlan);
            continue;
        }
        lane::LanePlan p = lane::decode(L.lane_plan);
        // The loader allows these post-steps on vset and vavrg.u32 only; a plan
        // that is not the one they fold into is a lowering bug, not a spec error.
        const auto expect = [&](bool ok) {
            if (!ok) throw std::logic_error(in.name + ": the post-step does not fit the instruction's lane plan");
        };
        switch (in.post) {
            case IntrinsicPost::none: break;
            case IntrinsicPost::lanes_to_mask:
                expect(p.op == lane::LaneOp::cmp && !p.sum);
                p.ones = true;
                break;
            case IntrinsicPost::round_down:
                expect(p.op == lane::LaneOp::avrg_u && !p.sum && p.fix == lane::LaneFix::none);
                p.op = lane::LaneOp::avrg_down;
                break;
        }
        // |a - 0| of signed lanes is |a|: one instruction (pabsb, pabsw) from
        // SSSE3 on, where max - min is three. (Clamped to the signed maximum,
        // __vabsss2/4, it stays the larger of a and -a saturated: two.)
        if (p.op == lane::LaneOp::absdiff && p.sa && !p.sum && p.fix == lane::LaneFix::none && in.source[1] == -1)
            p.op = lane::LaneOp::abs;
        out.push_back(lane::encode(p));
    }
    return out;
}

}  // namespace ptxv::gen
