// Pass 3 of ptxv-gen: lowering. See lower.hpp.
//
// Scalar forms work on 32-bit words wherever the exact value, or the part of
// it that is read, fits one (vop_on_words, lower_scalar_set), and otherwise
// on 64-bit signed values: every extended operand (33 bits) and every primary
// result (34 bits, or 65 bits for vshl, handled apart) fits, so the
// pseudocode's wide arithmetic is exact without 128-bit types; so does vmad's
// sum, whose whole-word factors are sign-extended (R13).
//
// SIMD forms pick, per variant, the cheapest of three techniques:
//  - packed SWAR on the 32-bit word, when the exact lane result fits in a
//    lane (wrap-around add/sub, min/max, same-type absdiff and average,
//    compares) or when a known saturating formula exists (same-type .sat
//    add/sub);
//  - linear lane sums for the .add accumulate of add/sub (the sum of the
//    lane results is the sum of the extended inputs);
//  - widened fields: each lane moves to a field twice its width inside a
//    uint64, biased so that no intermediate goes negative or carries into
//    the next field; clamps become per-field threshold tests on one bit.
// The generator tracks each field's bias and value range and refuses to emit
// a constant that could let a field overflow (std::logic_error), so a lowering
// mistake fails the build instead of producing a wrong header.
#include "lower.hpp"

#include "lower_ops.hpp"
#include "operations.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <unordered_map>
#include <stdexcept>
#include <utility>

namespace ptxv::gen {

namespace {

using u64 = std::uint64_t;
using i64 = std::int64_t;

// ---------------------------------------------------------------------------
// Lane geometry constants.

struct Geo {
    int w = 8;       // lane bits
    int lanes = 4;
    const char* sfx = "4";
    int F = 16;      // field bits in the widened form
    u64 H = 0;       // top bit of every lane (32-bit word)
    u64 L = 0;       // all lane bits but the top one
    u64 ONE = 0;     // bit 0 of every lane
    u64 HF = 0;      // top bit of every field (64-bit word)
    u64 ONEF = 0;    // bit 0 of every field
};

Geo geo_of(Geometry g) {
    Geo r;
    if (g == Geometry::byte) {
        r.w = 8, r.lanes = 4, r.sfx = "4", r.F = 16;
        r.H = 0x80808080u, r.L = 0x7f7f7f7fu, r.ONE = 0x01010101u;
        r.HF = 0x8000800080008000ull, r.ONEF = 0x0001000100010001ull;
    } else {
        r.w = 16, r.lanes = 2, r.sfx = "2", r.F = 32;
        r.H = 0x80008000u, r.L = 0x7fff7fffu, r.ONE = 0x00010001u;
        r.HF = 0x8000000080000000ull, r.ONEF = 0x0000000100000001ull;
    }
    return r;
}

[[noreturn]] void fail(const Variant& v, const std::string& what) {
    throw std::logic_error("lowering " + v.ptx() + ": " + what);
}

// ---------------------------------------------------------------------------
// Scalar forms (vadd..vmax, vshl/vshr, vset).

using ir::E;
using ir::Ty;

// The parameters of a scalar form (and vmad's), as the bodies read them.
const E pa = ir::var("a", Ty::u32), pb = ir::var("b", Ty::u32), pc = ir::var("c", Ty::u32);
const E pasel = ir::var("asel", Ty::sel), pbsel = ir::var("bsel", Ty::sel);
const E pdsel = ir::var("dsel", Ty::dsel), pneg = ir::var("neg", Ty::neg);

E u32c(std::uint64_t v) { return ir::lit(Ty::u32, v); }          // 31u
E u32x(std::uint64_t v) { return ir::hex(Ty::u32, v, 8); }       // 0x7fffffffu
E intc(std::uint64_t v) { return ir::lit(Ty::int_, v); }         // 31
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

namespace plan {

// A widened value: field = v + off for every lane, v in [lo, hi].
struct Fields {
    E e;
    i64 off, lo, hi;
};

// The parameters of a SIMD kernel: the selected operands, c and the mask.
const E pA = ir::var("A", Ty::u32), pB = ir::var("B", Ty::u32), pm = ir::var("m", Ty::mask);

struct Simd {
    const Variant& v;
    Geo g;
    ir::Body b;
    bool sa, sb, sd, acc;
    std::string strategy;
    int tmp = 0;
    bool merged = false;  // the body ends in merge(), the mask's only use

    Simd(const Variant& var) : v(var), g(geo_of(var.family->geometry)) {
        sa = v.atype == Type::s32;
        sb = v.btype == Type::s32;
        sd = v.has_dtype && v.dtype == Type::s32;
        acc = v.op2 == Op2::add;
        if (acc && v.sat) fail(v, ".sat and .add together (R7)");
    }

    E fn(const char* base, std::vector<E> args) const { return ir::lane_call(g.lanes, base, std::move(args)); }
    E H() const { return u32x(g.H); }
    E lanes() const { return fn("mask", {pm}); }
    E pop() const { return fn("pop", {pm}); }
    i64 half() const { return i64{1} << (g.w - 1); }
    Range ext(bool s) const { return s ? Range{-half(), half() - 1} : Range{0, (i64{1} << g.w) - 1}; }
    std::string name(const char* base) { return base + std::to_string(tmp++); }
    E u32v(const std::string& n, const E& e) { return b.let(Ty::u32, n, e); }
    E u64v(const std::string& n, const E& e) { return b.let(Ty::u64, n, e); }

    // --- endings -------------------------------------------------------
    void merge(const E& p) {
        b.ret(ir::call("merge", {pc, p, lanes()}));
        merged = true;
    }

    // c + sum of the masked lanes of p read as unsigned (or signed) w-bit
    // values (R11): flipping the top bit turns a signed lane into an unsigned
    // one biased by 2^(w-1), subtracted once per masked lane.
    void packed_acc(const E& p, bool is_signed) {
        if (is_signed)
            b.ret(pc + fn("hsum", {(p ^ H()) & lanes()}) - u32c(static_cast<std::uint64_t>(half())) * pop());
        else
            b.ret(pc + fn("hsum", {p & lanes()}));
    }

    // R7 on a packed result whose lanes are exact w-bit values, unsigned or
    // signed: only the crossing of the other signedness' range needs a clamp.
    E packed_sat(const E& p, bool is_signed) {
        if (!v.sat || is_signed == sd) return p;
        const std::string q = name("q");
        strategy += ", packed clamp";
        if (!is_signed)  // [0, 2^w) into the signed range: lanes >= 2^(w-1) become the maximum
            return u32v(q, (p | fn("msk", {p & H()})) ^ (p & H()));
        // signed into the unsigned range: negative lanes become 0
        return u32v(q, p & ~fn("msk", {p & H()}));
    }

    void packed_finish(const E& p, bool is_signed) {
        if (acc) {
            packed_acc(p, is_signed);
            strategy += ", lane sum";
        } else {
            merge(packed_sat(p, is_signed));
        }
    }

    // --- compares ------------------------------------------------------
    // Top bit of each lane set where X >= Y, X and Y extended by tx and ty (R3, R5).
    E ge(const E& X, const E& Y, bool tx, bool ty) const {
        if (!tx && !ty) return fn("geu", {X, Y});
        if (tx && ty) return fn("geu", {X ^ H(), Y ^ H()});
        if (tx)  // a negative X is below every unsigned Y
            return ir::paren(fn("geu", {X, Y}) & ~X);
        return ir::paren(fn("geu", {X, Y}) | (Y & H()));
    }
    E eq(const E& X, const E& Y, bool tx, bool ty) const {
        if (tx == ty) return fn("eq", {X, Y});
        // Mixed signedness: equal bits are equal values only below 2^(w-1).
        return ir::paren(fn("eq", {X, Y}) & ~X);
    }
    E flags(Cmp c) const {
        switch (c) {
            case Cmp::eq: return eq(pA, pB, sa, sb);
            case Cmp::ne: return ir::paren(eq(pA, pB, sa, sb) ^ H());
            case Cmp::ge: return ge(pA, pB, sa, sb);
            case Cmp::lt: return ir::paren(ge(pA, pB, sa, sb) ^ H());
            case Cmp::le: return ge(pB, pA, sb, sa);
            case Cmp::gt: return ir::paren(ge(pB, pA, sb, sa) ^ H());
        }
        fail(v, "no such comparison");
    }

    // --- widened fields ------------------------------------------------
    E rep(i64 k) const { return ir::hex(Ty::u64, static_cast<u64>(k) * g.ONEF, 16); }
    E HF() const { return ir::hex(Ty::u64, g.HF, 16); }
    void check(i64 lo_field, i64 hi_field, const char* what) const {
        if (lo_field < 0 || hi_field >= (i64{1} << g.F))
            fail(v, std::string("a widened field would leave its bits in ") + what);
    }
    // x + k in every field (k may be negative), checked to stay in the field.
    E addk(const Fields& x, i64 k, const char* what) const {
        check(x.off + x.lo + k, x.off + x.hi + k, what);
        if (k == 0) return x.e;
        if (k > 0) return ir::paren(x.e + rep(k));
        return ir::paren(x.e - rep(-k));
    }
    Fields widen(const E& X, bool s) {
        const std::string n = std::string("w") + static_cast<char>(X->text[0] - 'A' + 'a');
        const E w = u64v(n, fn("widen", {s ? X ^ H() : X}));
        const Range r = ext(s);
        return Fields{w, s ? half() : 0, r.lo, r.hi};
    }

    // The exact lane results on widened fields of A and B: the operation's
    // own (its row's fields builder).
    Fields widened() {
        const OperationRow& r = row(v.opcode->operation);
        if (!r.fields) fail(v, "no widened form for this operation");
        const Fields x = widen(pA, sa), y = widen(pB, sb);
        return r.fields(*this, x, y);
    }

    // Clamp (R7) and narrow to the packed word, or accumulate (R11).
    void wide_finish(const Fields& t) {
        if (acc) {
            const E sum = pc + fn("fsum", {t.e & fn("fmask", {pm})});
            b.ret(t.off ? sum - u32c(static_cast<std::uint64_t>(t.off)) * pop() : sum);
            strategy += ", field sum";
            return;
        }
        const i64 H2 = i64{1} << (g.F - 1);
        const i64 wmod = i64{1} << g.w;
        const Range dr = sd ? Range{-half(), half() - 1} : Range{0, wmod - 1};
        const bool need_hi = v.sat && t.hi > dr.hi;
        const bool need_lo = v.sat && t.lo < dr.lo;
        // Low w bits of each field = low w bits of v (+ 2^(w-1) for a signed
        // clamp, so both clamps become all-ones / all-zeros).
        const i64 bias = (v.sat && sd) ? half() : 0;
        const i64 kv = (((bias - t.off) % wmod) + wmod) % wmod;
        E e = addk(t, kv, "narrow");
        const E top = intc(static_cast<std::uint64_t>(g.F - 1)), w = intc(static_cast<std::uint64_t>(g.w));
        if (need_hi) {
            const i64 k = H2 - (dr.hi + 1 + t.off);
            const E o = u64v("o", (addk(t, k, "clamp") & HF()) >> top);
            e = ir::paren(e | ((o << w) - o));
        }
        if (need_lo) {
            const i64 k = H2 - (dr.lo + t.off);
            const E kk = u64v("k", (addk(t, k, "clamp") & HF()) >> top);
            e = ir::paren(e & ((kk << w) - kk));
        }
        const E narrowed = fn("narrow", {e});
        const E p = u32v("p", bias ? narrowed ^ H() : narrowed);
        if (need_hi || need_lo) strategy += ", field clamp";
        merge(p);
    }

    // --- per operation -------------------------------------------------
    void set() {
        const E flagged = u32v("g", flags(v.cmp));
        if (acc) {
            b.ret(pc + fn("cnt", {flagged & lanes()}));
        } else {
            merge(flagged >> intc(static_cast<std::uint64_t>(g.w - 1)));
        }
        strategy = "packed compare";
    }

    void addsub(bool add) {
        if (acc) {
            // The sum of the lane results is the sum of the extended inputs.
            const E M = u32v("M", lanes());
            const E xa = u32v("xa", fn("hsum", {(sa ? pA ^ H() : pA) & M}));
            const E xb = u32v("xb", fn("hsum", {(sb ? pB ^ H() : pB) & M}));
            const i64 k = (sa ? half() : 0) + (add ? 1 : -1) * (sb ? half() : 0);
            E e = add ? pc + xa + xb : pc + xa - xb;
            if (k > 0) e = e - u32c(static_cast<std::uint64_t>(k)) * pop();
            if (k < 0) e = e + u32c(static_cast<std::uint64_t>(-k)) * pop();
            b.ret(e);
            strategy = "linear lane sums";
            return;
        }
        if (!v.sat) {
            merge(fn(add ? "add" : "sub", {pA, pB}));
            strategy = "packed SWAR (wrap-around)";
            return;
        }
        if (sa == sb && sb == sd) {
            const char* f = add ? (sd ? "addss" : "addus") : (sd ? "subss" : "subus");
            merge(fn(f, {pA, pB}));
            strategy = "packed SWAR saturating";
            return;
        }
        strategy = "widened fields";
        wide_finish(widened());
    }

    void minmax(bool is_max) {
        E p;
        if (g.lanes == 2 && sa && sb) {
            p = u32v("p", fn(is_max ? "maxs" : "mins", {pA, pB}));
            strategy = "two 32-bit compares + selects";
        } else {
            const E k = u32v("k", fn("msk", {ge(pA, pB, sa, sb)}));
            p = u32v("p", is_max ? pB ^ ((pA ^ pB) & k) : pA ^ ((pA ^ pB) & k));
            strategy = "packed compare + select";
        }
        // The result is one of the inputs: signed when the minimum may be a
        // signed input's negative value, unsigned when the maximum may be an
        // unsigned input's large value.
        packed_finish(p, is_max ? (sa && sb) : (sa || sb));
    }

    void absdiff() {
        if (sa == sb) {
            // Same signedness: in the (flipped) unsigned order, max - min never borrows.
            const E x = sa ? u32v("x", pA ^ H()) : pA;
            const E y = sa ? u32v("y", pB ^ H()) : pB;
            const E k = u32v("k", fn("msk", {fn("geu", {x, y})}));
            const E e = u32v("e", (x ^ y) & k);
            const E p = u32v("p", (y ^ e) - (x ^ e));
            strategy = "packed max - min";
            packed_finish(p, false);
            return;
        }
        if (!v.sat && !acc) {
            const E k = u32v("k", fn("msk", {ge(pA, pB, sa, sb)}));
            const E e = u32v("e", (pA ^ pB) & k);
            merge(fn("sub", {pB ^ e, pA ^ e}));
            strategy = "packed max - min (wrap-around)";
            return;
        }
        strategy = "widened fields";
        wide_finish(widened());
    }

    void avrg() {
        if (sa == sb && !sa) {
            const E p = u32v("p", (pA | pB) - (((pA ^ pB) >> intc(1)) & u32x(g.L)));
            strategy = "packed rounding average";
            packed_finish(p, false);
            return;
        }
        if (sa == sb) {
            // Biased by 2^(w-1), s >= 0 is the carry out of x + y, which is the
            // top bit of the floor average; round up exactly then.
            const E x = u32v("x", pA ^ H());
            const E y = u32v("y", pB ^ H());
            const E f = u32v("f", (x & y) + (((x ^ y) >> intc(1)) & u32x(g.L)));
            const E p = u32v("p", (f + ((x ^ y) & (f >> intc(static_cast<std::uint64_t>(g.w - 1))) & u32x(g.ONE))) ^ H());
            strategy = "packed signed average";
            packed_finish(p, true);
            return;
        }
        strategy = "widened fields";
        wide_finish(widened());
    }
};

// The kernel bodies, by operation.
void swar_add(Simd& s) { s.addsub(true); }
void swar_sub(Simd& s) { s.addsub(false); }
void swar_absdiff(Simd& s) { s.absdiff(); }
void swar_min(Simd& s) { s.minmax(false); }
void swar_max(Simd& s) { s.minmax(true); }
void swar_avrg(Simd& s) { s.avrg(); }
void swar_set(Simd& s) { s.set(); }

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
    if (k < 0) fail(s.v, "avrg bias");
    const E sum = s.u64v("s", k ? x.e + y.e + s.rep(k) : x.e + y.e);
    const E one = ir::hex(Ty::u64, s.g.ONEF, 16);
    const E t = s.u64v("t", ((sum + ((sum >> intc(static_cast<std::uint64_t>(F1))) & one)) >> intc(1)) & s.rep(H2 - 1));
    auto f = [](i64 v) { return v >= 0 ? (v + 1) / 2 : -((-v + 1) / 2); };  // (s + (s >= 0)) >> 1
    return Fields{t, H2 / 2, f(x.lo + y.lo), f(x.hi + y.hi)};
}

}  // namespace plan

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

// Lanes in their own width, of one signedness `s` where it matters.
bool own(lane::LanePlan& p, std::string& how, lane::LaneOp o, bool s, const char* what) {
    p.op = o;
    p.sa = s;
    how = std::string(what) + (p.sum ? ", lane sum" : "");
    return true;
}

// .sat into a d of the other signedness than the (unsigned, signed) results.
void fix(const Variant& v, lane::LanePlan& p, bool results_signed) {
    const bool sd = v.has_dtype && v.dtype == Type::s32;
    if (v.sat && sd != results_signed) p.fix = results_signed ? lane::LaneFix::to_unsigned : lane::LaneFix::to_signed;
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
    fix(v, p, sa);
    p.sum_signed = sa;
    return own(p, how, is_max ? lane::LaneOp::max : lane::LaneOp::min, sa, "min/max lanes");
}

}  // namespace

namespace plan {

bool lanes_add(const Variant& v, lane::LanePlan& p, std::string& how) { return addsub_lanes(v, p, how, true); }
bool lanes_sub(const Variant& v, lane::LanePlan& p, std::string& how) { return addsub_lanes(v, p, how, false); }
bool lanes_min(const Variant& v, lane::LanePlan& p, std::string& how) { return minmax_lanes(v, p, how, false); }
bool lanes_max(const Variant& v, lane::LanePlan& p, std::string& how) { return minmax_lanes(v, p, how, true); }

bool lanes_avrg(const Variant& v, lane::LanePlan& p, std::string& how) {
    const bool sa = v.atype == Type::s32;
    if (sa != (v.btype == Type::s32)) return false;
    fix(v, p, sa);
    p.sum_signed = sa;
    return own(p, how, sa ? lane::LaneOp::avrg_s : lane::LaneOp::avrg_u, false,
               sa ? "signed average lanes" : "unsigned average lanes");
}

bool lanes_absdiff(const Variant& v, lane::LanePlan& p, std::string& how) {
    const bool sa = v.atype == Type::s32;
    if (sa != (v.btype == Type::s32)) return false;
    if (p.sum) return own(p, how, lane::LaneOp::sum_absdiff, sa, "sum of absolute differences");
    fix(v, p, false);
    return own(p, how, lane::LaneOp::absdiff, sa, "max - min lanes");
}

bool lanes_set(const Variant& v, lane::LanePlan& p, std::string& how) {
    const bool sa = v.atype == Type::s32;
    if (sa != (v.btype == Type::s32)) return false;
    p.code = static_cast<unsigned>(v.cmp);
    return own(p, how, lane::LaneOp::cmp, sa, "compare lanes");
}

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
