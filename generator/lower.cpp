// Pass 3 of ptxv-gen: lowering. See lower.hpp.
//
// Scalar forms work on 64-bit signed values: every extended operand (33 bits)
// and every primary result (34 bits, or 65 bits for vshl, handled apart) fits,
// so the pseudocode's wide arithmetic is exact without 128-bit types. vmad
// carries its 128-bit value as two 64-bit words with an explicit carry.
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

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace ptxv::gen {

namespace {

using u64 = std::uint64_t;
using i64 = std::int64_t;

std::string hex32(u64 v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%08llxu", static_cast<unsigned long long>(v & 0xffffffffu));
    return buf;
}

std::string hex64(u64 v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "0x%016llxull", static_cast<unsigned long long>(v));
    return buf;
}

std::string dec(i64 v) { return std::to_string(v); }

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

// ---------------------------------------------------------------------------
// Body text.

struct Body {
    std::ostringstream o;
    void line(const std::string& s) { o << "    " << s << "\n"; }
    void u32(const std::string& n, const std::string& e) { line("const std::uint32_t " + n + " = " + e + ";"); }
    void u64v(const std::string& n, const std::string& e) { line("const std::uint64_t " + n + " = " + e + ";"); }
    void i64v(const std::string& n, const std::string& e) { line("const std::int64_t " + n + " = " + e + ";"); }
    void ret(const std::string& e) { line("return " + e + ";"); }
    std::string str() const { return o.str(); }
};

[[noreturn]] void fail(const Variant& v, const std::string& what) {
    throw std::logic_error("lowering " + v.ptx() + ": " + what);
}

// ---------------------------------------------------------------------------
// Scalar forms (vadd..vmax, vshl/vshr, vset).

struct Range {
    i64 lo, hi;
};

Range ext_range32(Type t) {
    return t == Type::s32 ? Range{-(i64{1} << 31), (i64{1} << 31) - 1} : Range{0, (i64{1} << 32) - 1};
}

// Extended operand (R1), as an int64 expression.
std::string scalar_ext(const char* x, const char* sel, Type t) {
    if (t == Type::s32) return std::string("detail::xs(") + x + ", " + sel + ")";
    return std::string("static_cast<std::int64_t>(detail::xu(") + x + ", " + sel + "))";
}

// Saturation (R6) of `key` into `out`; the d selector narrows the range when
// the form has one. Sides the value cannot cross are left out.
void scalar_sat(Body& b, const Variant& v, const std::string& key, Range r, const std::string& out) {
    const bool sd = v.dtype == Type::s32;
    const bool dsel_form = v.op2 == Op2::none;
    const i64 small = i64{1} << 62;
    const bool wide = r.lo <= -small || r.hi >= small;
    const std::string smin = wide ? "detail::wmin(" : "detail::smin(", smax = wide ? "detail::wmax(" : "detail::smax(";
    std::string e = key;
    if (dsel_form) {
        // The narrowest range any d selector can ask for decides what can be skipped.
        const bool need_lo = sd ? r.lo < -128 : r.lo < 0;
        const bool need_hi = sd ? r.hi > 127 : r.hi > 255;
        if (need_hi || need_lo) {
            b.i64v("hi", sd ? "static_cast<std::int64_t>(detail::dmask(dsel) >> 1)"
                            : "static_cast<std::int64_t>(detail::dmask(dsel))");
        }
        if (need_lo) e = smax + e + ", " + (sd ? std::string("-hi - 1") : std::string("0")) + ")";
        if (need_hi) e = smin + e + ", hi)";
    } else {
        const i64 lo = sd ? -(i64{1} << 31) : 0;
        const i64 hi = sd ? (i64{1} << 31) - 1 : (i64{1} << 32) - 1;
        if (r.lo < lo) e = smax + e + ", " + (sd ? std::string("-0x80000000ll") : std::string("0")) + ")";
        if (r.hi > hi) e = smin + e + ", " + (sd ? std::string("0x7fffffffll") : std::string("0xffffffffll")) + ")";
    }
    b.i64v(out, e);
}

// The closing part shared by all scalar forms but vmad: the secondary
// operation (R8) or the d-selector merge (R9). `low` is the low 32 bits of
// the (saturated) result; R8 reads it, and c, as 32-bit values of dtype's
// signedness, so .min/.max are plain 32-bit compares.
void scalar_tail(Body& b, const Variant& v, const std::string& low, bool signed_d) {
    switch (v.op2) {
        case Op2::none:
            b.ret("detail::dmerge(c, " + low + ", dsel)");
            return;
        case Op2::add:
            b.ret(low + " + c");
            return;
        case Op2::min:
        case Op2::max: {
            b.u32("tl", low);
            const char* rel = v.op2 == Op2::min ? " < " : " > ";
            const std::string cond = signed_d ? "detail::sx32(tl)" + std::string(rel) + "detail::sx32(c)"
                                              : "tl" + std::string(rel) + "c";
            b.ret("detail::sel32(" + cond + ", tl, c)");
            return;
        }
    }
}

Lowered lower_scalar_vop(const Variant& v) {
    Lowered L;
    Body b;
    const Operation op = v.opcode->operation;
    b.i64v("ta", scalar_ext("a", "asel", v.atype));
    b.i64v("tb", scalar_ext("b", "bsel", v.btype));
    const Range ra = ext_range32(v.atype), rb = ext_range32(v.btype);
    Range r{};
    std::string e;
    switch (op) {
        case Operation::add: e = "ta + tb", r = {ra.lo + rb.lo, ra.hi + rb.hi}; break;
        case Operation::sub: e = "ta - tb", r = {ra.lo - rb.hi, ra.hi - rb.lo}; break;
        case Operation::absdiff:
            e = "detail::sabs(ta - tb)";
            r = {0, std::max(std::max(ra.hi - rb.lo, rb.hi - ra.lo), i64{0})};
            break;
        case Operation::min: e = "detail::smin(ta, tb)", r = {std::min(ra.lo, rb.lo), std::min(ra.hi, rb.hi)}; break;
        case Operation::max: e = "detail::smax(ta, tb)", r = {std::max(ra.lo, rb.lo), std::max(ra.hi, rb.hi)}; break;
        default: fail(v, "not a scalar arithmetic operation");
    }
    b.i64v("t", e);
    std::string key = "t";
    if (v.sat) {
        scalar_sat(b, v, "t", r, "ts");
        key = "ts";
    }
    scalar_tail(b, v, "static_cast<std::uint32_t>(" + key + ")", v.dtype == Type::s32);
    L.body = b.str();
    L.strategy = std::string("64-bit exact") + (v.sat ? ", branch-free clamp" : "");
    return L;
}

Lowered lower_scalar_shift(const Variant& v) {
    Lowered L;
    Body b;
    const bool shl = v.opcode->operation == Operation::shl;
    const bool sa = v.atype == Type::s32;
    const bool clamp = v.mode == Mode::clamp;
    if (v.btype != Type::u32) fail(v, "vshl/vshr take btype .u32 only (R12)");
    if (v.mode == Mode::none) fail(v, "vshl/vshr need .clamp or .wrap (R12)");
    b.i64v("ta", scalar_ext("a", "asel", v.atype));
    b.u32("tb", "static_cast<std::uint32_t>(detail::xu(b, bsel))");
    b.line(std::string("const unsigned s = ") + (clamp ? "detail::umin32(tb, 32u)" : "tb & 31u") + ";");
    std::string key, low;
    Range r{};
    if (shl) {
        // A 33-bit value shifted by up to 32 needs 65 bits. The low 64 bits are
        // exact; as a signed value they are exact too unless a is unsigned and
        // the shift is 32, where the value is saturated far above the bound
        // .sat clamps it to. Without .sat only the low word is read (R8).
        b.u64v("w", "static_cast<std::uint64_t>(ta) << s");
        low = "static_cast<std::uint32_t>(w)";
        if (v.sat) {
            if (sa || !clamp) {
                b.i64v("t", "static_cast<std::int64_t>(w)");
                r = sa ? Range{INT64_MIN, INT64_MAX} : Range{0, INT64_MAX};
            } else {
                b.i64v("t", "static_cast<std::int64_t>(detail::umin64(w, 0x10000000000ull))");
                r = {0, i64{1} << 40};
            }
            key = "t";
        }
    } else {
        // Arithmetic for a signed a (R12); an unsigned a is non-negative, so the
        // same shift is logical for it.
        b.i64v("t", "ta >> s");
        key = "t";
        low = "static_cast<std::uint32_t>(t)";
        r = ext_range32(v.atype);
    }
    if (v.sat) {
        scalar_sat(b, v, key, r, "ts");
        key = "ts";
        low = "static_cast<std::uint32_t>(ts)";
    }
    scalar_tail(b, v, low, v.dtype == Type::s32);
    L.body = b.str();
    L.strategy = std::string(shl ? (v.sat ? "64-bit shift, 65-bit value kept as low word + order key" : "64-bit shift, low word")
                                 : "64-bit arithmetic shift") +
                 (v.sat ? ", branch-free clamp" : "");
    return L;
}

const char* cmp_op(Cmp c) {
    switch (c) {
        case Cmp::eq: return " == ";
        case Cmp::ne: return " != ";
        case Cmp::lt: return " < ";
        case Cmp::le: return " <= ";
        case Cmp::gt: return " > ";
        case Cmp::ge: return " >= ";
    }
    return " == ";
}

Lowered lower_scalar_set(const Variant& v) {
    Lowered L;
    Body b;
    b.i64v("ta", scalar_ext("a", "asel", v.atype));
    b.i64v("tb", scalar_ext("b", "bsel", v.btype));
    b.u32("t", std::string("static_cast<std::uint32_t>(ta") + cmp_op(v.cmp) + "tb)");
    // c is unsigned (R14) and t is 0 or 1, so min/max reduce to tests of c == 0.
    switch (v.op2) {
        case Op2::none: b.ret("detail::dmerge01(c, t, dsel)"); break;
        case Op2::add: b.ret("t + c"); break;
        case Op2::min: b.ret("t & static_cast<std::uint32_t>(c != 0u)"); break;
        case Op2::max: b.ret("c | (t & static_cast<std::uint32_t>(c == 0u))"); break;
    }
    L.body = b.str();
    L.strategy = "64-bit compare";
    return L;
}

// ---------------------------------------------------------------------------
// vmad (R13).

Lowered lower_vmad(const Variant& v) {
    Lowered L;
    Body b;
    const bool sa = v.atype == Type::s32, sb = v.btype == Type::s32;
    const bool static_signed = sa || sb;
    b.i64v("ta", scalar_ext("a", "asel", v.atype));
    b.i64v("tb", scalar_ext("b", "bsel", v.btype));
    // The product of two extended operands fits 64 bits: unsigned when both
    // are unsigned, signed otherwise; its upper 64 bits are its sign.
    if (!static_signed) {
        b.u64v("pl", "static_cast<std::uint64_t>(ta) * static_cast<std::uint64_t>(tb)");
    } else {
        b.i64v("p", "ta * tb");
        b.u64v("pl", "static_cast<std::uint64_t>(p)");
        if (v.sat || v.scale != Scale::none) b.u64v("ph", "static_cast<std::uint64_t>(p >> 63)");
    }
    const std::string ph = static_signed ? "ph" : "0";
    std::string sf;    // signedFinal, "" when statically false, "1" when statically true
    std::string c2;    // c128 + lsb as a 64-bit value
    std::string plo = "pl", phi = ph;
    if (v.po) {
        // .po sets lsb and skips the negations; -a -b (the only set .po
        // allows besides none) cancel, so the negation argument has no effect.
        L.x_used = false;
        sf = static_signed ? "1" : "";
        b.u64v("c2", std::string(static_signed ? "static_cast<std::uint64_t>(detail::sx32(c))" : "std::uint64_t{c}") +
                         " + 1u");
    } else {
        b.u64v("pm", "std::uint64_t{0} - detail::neg_ab(neg)");
        b.u32("cc", "c ^ detail::neg_cx(neg)");
        plo = "(pl ^ pm)";
        phi = static_signed ? "(ph ^ pm)" : "pm";
        if (static_signed) {
            sf = "1";
            b.u64v("c2", "static_cast<std::uint64_t>(detail::sx32(cc)) + detail::neg_sf(neg)");
        } else {
            sf = "sf";
            b.line("const unsigned sf = detail::neg_sf(neg);");
            // sext32 when signedFinal, zext otherwise; lsb equals signedFinal here.
            b.u64v("c2", "(std::uint64_t{cc} | ((std::uint64_t{0} - (cc >> 31)) & (std::uint64_t{0} - sf) & "
                         "0xffffffff00000000ull)) + sf");
        }
    }
    b.u64v("lo", plo + " + c2");
    // Without .sat and .scale only the low word matters.
    if (v.sat || v.scale != Scale::none)
        b.u64v("hi", phi + " + static_cast<std::uint64_t>(static_cast<std::int64_t>(c2) >> 63) + (lo < c2)");
    std::string hi = "hi", lo = "lo";
    if (v.scale != Scale::none) {
        const int k = v.scale == Scale::shr7 ? 7 : 15;
        // Only the low 64 bits are kept (R13), and within them an arithmetic
        // and a logical shift agree; the high word still tells the clamp the
        // sign.
        b.u64v("rl", "(lo >> " + dec(k) + ") | (hi << " + dec(64 - k) + ")");
        if (v.sat) b.u64v("rh", "static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) >> " + dec(k) + ")");
        hi = "rh", lo = "rl";
    }
    if (v.sat) {
        std::string o = sf == "1" ? "0x80000000ull" : sf.empty() ? "0u" : "(std::uint64_t{" + sf + "} << 31)";
        b.ret("detail::sat32(" + hi + ", " + lo + ", " + o + ")");
    } else {
        b.ret("static_cast<std::uint32_t>(" + lo + ")");
    }
    L.body = b.str();
    L.strategy = std::string(static_signed ? "signed" : "unsigned") + " 64-bit product, 128-bit sum as two words" +
                 (v.sat ? ", one-compare 32-bit clamp" : "");
    L.x = XParam::neg;
    return L;
}

// ---------------------------------------------------------------------------
// SIMD forms.

// A widened value: field = v + off for every lane, v in [lo, hi].
struct Wide {
    std::string e;
    i64 off, lo, hi;
};

struct Simd {
    const Variant& v;
    Geo g;
    Body b;
    bool sa, sb, sd, acc;
    std::string strategy;
    int tmp = 0;

    Simd(const Variant& var) : v(var), g(geo_of(var.family->geometry)) {
        sa = v.atype == Type::s32;
        sb = v.btype == Type::s32;
        sd = v.has_dtype && v.dtype == Type::s32;
        acc = v.op2 == Op2::add;
        if (acc && v.sat) fail(v, ".sat and .add together (R7)");
    }

    std::string fn(const char* base) const { return std::string("detail::") + base + g.sfx; }
    std::string H() const { return hex32(g.H); }
    std::string lanes() const { return fn("lanes") + "(m)"; }
    i64 half() const { return i64{1} << (g.w - 1); }
    Range ext(bool s) const { return s ? Range{-half(), half() - 1} : Range{0, (i64{1} << g.w) - 1}; }
    std::string name(const char* base) { return base + std::to_string(tmp++); }

    // --- endings -------------------------------------------------------
    void merge(const std::string& p) { b.ret("detail::merge(c, " + p + ", " + lanes() + ")"); }

    // c + sum of the masked lanes of p read as unsigned (or signed) w-bit
    // values (R11): flipping the top bit turns a signed lane into an unsigned
    // one biased by 2^(w-1), subtracted once per masked lane.
    void packed_acc(const std::string& p, bool is_signed) {
        if (is_signed)
            b.ret("c + " + fn("hsum") + "((" + p + " ^ " + H() + ") & " + lanes() + ") - " + dec(half()) + "u * " +
                  fn("pop") + "(m)");
        else
            b.ret("c + " + fn("hsum") + "(" + p + " & " + lanes() + ")");
    }

    // R7 on a packed result whose lanes are exact w-bit values, unsigned or
    // signed: only the crossing of the other signedness' range needs a clamp.
    std::string packed_sat(const std::string& p, bool is_signed) {
        if (!v.sat || is_signed == sd) return p;
        const std::string q = name("q");
        if (!is_signed)  // [0, 2^w) into the signed range: lanes >= 2^(w-1) become the maximum
            b.u32(q, "(" + p + " | " + fn("msk") + "(" + p + " & " + H() + ")) ^ (" + p + " & " + H() + ")");
        else  // signed into the unsigned range: negative lanes become 0
            b.u32(q, p + " & ~" + fn("msk") + "(" + p + " & " + H() + ")");
        strategy += ", packed clamp";
        return q;
    }

    void packed_finish(const std::string& p, bool is_signed) {
        if (acc) {
            packed_acc(p, is_signed);
            strategy += ", lane sum";
        } else {
            merge(packed_sat(p, is_signed));
        }
    }

    // --- compares ------------------------------------------------------
    // Top bit of each lane set where X >= Y, X and Y extended by tx and ty (R3, R5).
    std::string ge(const std::string& X, const std::string& Y, bool tx, bool ty) const {
        if (!tx && !ty) return fn("geu") + "(" + X + ", " + Y + ")";
        if (tx && ty) return fn("geu") + "(" + X + " ^ " + H() + ", " + Y + " ^ " + H() + ")";
        if (tx)  // a negative X is below every unsigned Y
            return "(" + fn("geu") + "(" + X + ", " + Y + ") & ~" + X + ")";
        return "(" + fn("geu") + "(" + X + ", " + Y + ") | (" + Y + " & " + H() + "))";
    }
    std::string eq(const std::string& X, const std::string& Y, bool tx, bool ty) const {
        if (tx == ty) return fn("eq") + "(" + X + ", " + Y + ")";
        // Mixed signedness: equal bits are equal values only below 2^(w-1).
        return "(" + fn("eq") + "(" + X + ", " + Y + ") & ~" + X + ")";
    }
    std::string flags(Cmp c) const {
        switch (c) {
            case Cmp::eq: return eq("A", "B", sa, sb);
            case Cmp::ne: return "(" + eq("A", "B", sa, sb) + " ^ " + H() + ")";
            case Cmp::ge: return ge("A", "B", sa, sb);
            case Cmp::lt: return "(" + ge("A", "B", sa, sb) + " ^ " + H() + ")";
            case Cmp::le: return ge("B", "A", sb, sa);
            case Cmp::gt: return "(" + ge("B", "A", sb, sa) + " ^ " + H() + ")";
        }
        return "";
    }

    // --- widened fields ------------------------------------------------
    std::string rep(i64 k) const { return hex64(static_cast<u64>(k) * g.ONEF); }
    void check(i64 lo_field, i64 hi_field, const char* what) const {
        if (lo_field < 0 || hi_field >= (i64{1} << g.F))
            fail(v, std::string("a widened field would leave its bits in ") + what);
    }
    // x + k in every field (k may be negative), checked to stay in the field.
    std::string addk(const Wide& x, i64 k, const char* what) const {
        check(x.off + x.lo + k, x.off + x.hi + k, what);
        if (k == 0) return x.e;
        if (k > 0) return "(" + x.e + " + " + rep(k) + ")";
        return "(" + x.e + " - " + rep(-k) + ")";
    }
    Wide widen(const char* X, bool s) {
        const std::string n = std::string("w") + static_cast<char>(X[0] - 'A' + 'a');
        b.u64v(n, fn("widen") + "(" + (s ? std::string(X) + " ^ " + H() : std::string(X)) + ")");
        const Range r = ext(s);
        return Wide{n, s ? half() : 0, r.lo, r.hi};
    }

    Wide wide_op(Operation op) {
        const Wide x = widen("A", sa), y = widen("B", sb);
        const i64 H2 = i64{1} << (g.F - 1);
        const int F1 = g.F - 1;
        switch (op) {
            case Operation::add: {
                check(x.off + y.off + x.lo + y.lo, x.off + y.off + x.hi + y.hi, "add");
                b.u64v("t", x.e + " + " + y.e);
                return Wide{"t", x.off + y.off, x.lo + y.lo, x.hi + y.hi};
            }
            case Operation::sub: {
                const i64 k = i64{1} << g.w;  // lifts every field of x above every field of y
                const std::string xe = addk(x, k, "sub");
                check(x.off + x.lo + k - (y.off + y.hi), x.off + x.hi + k - (y.off + y.lo), "sub");
                b.u64v("t", xe + " - " + y.e);
                return Wide{"t", x.off + k - y.off, x.lo - y.hi, x.hi - y.lo};
            }
            case Operation::absdiff: {
                // d = (Va - Vb) + 2^(F-1): the field's top bit is the sign.
                const i64 k = H2 + y.off - x.off;
                const std::string xe = addk(x, k, "absdiff");
                check(H2 + x.lo - y.hi, H2 + x.hi - y.lo, "absdiff");
                b.u64v("d", xe + " - " + y.e);
                b.u64v("n", "~d & " + hex64(g.HF));  // lanes where Va < Vb
                b.u64v("nb", "n >> " + dec(F1));
                // Negative fields: ~d + 1 = 2^(F-1) + |Va - Vb|; no carry leaves a field.
                b.u64v("t", "(d ^ ((n << 1) - nb)) + nb");
                const i64 m = std::max({x.hi - y.lo, y.hi - x.lo, i64{0}});
                const i64 lo = (x.lo - y.hi <= 0 && x.hi - y.lo >= 0) ? 0 : std::min(std::abs(x.lo - y.hi), std::abs(x.hi - y.lo));
                return Wide{"t", H2, lo, m};
            }
            case Operation::avrg: {
                // s + 2^(F-1): the top bit is (s >= 0), the rounding increment (R5).
                const i64 k = H2 - x.off - y.off;
                check(H2 + x.lo + y.lo, H2 + x.hi + y.hi, "avrg");
                if (k < 0) fail(v, "avrg bias");
                b.u64v("s", x.e + " + " + y.e + (k ? " + " + rep(k) : std::string()));
                b.u64v("t", "((s + ((s >> " + dec(F1) + ") & " + hex64(g.ONEF) + ")) >> 1) & " + rep(H2 - 1));
                auto f = [](i64 s) { return s >= 0 ? (s + 1) / 2 : -((-s + 1) / 2); };  // (s + (s >= 0)) >> 1
                return Wide{"t", H2 / 2, f(x.lo + y.lo), f(x.hi + y.hi)};
            }
            default: fail(v, "no widened form for this operation");
        }
    }

    // Clamp (R7) and narrow to the packed word, or accumulate (R11).
    void wide_finish(const Wide& t) {
        if (acc) {
            const std::string sub = t.off ? " - " + dec(t.off) + "u * " + fn("pop") + "(m)" : std::string();
            b.ret("c + " + fn("fsum") + "(" + t.e + " & " + fn("fmask") + "(m))" + sub);
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
        std::string e = addk(t, kv, "narrow");
        if (need_hi) {
            const i64 k = H2 - (dr.hi + 1 + t.off);
            b.u64v("o", "(" + addk(t, k, "clamp") + " & " + hex64(g.HF) + ") >> " + dec(g.F - 1));
            e = "(" + e + " | ((o << " + dec(g.w) + ") - o))";
        }
        if (need_lo) {
            const i64 k = H2 - (dr.lo + t.off);
            b.u64v("k", "(" + addk(t, k, "clamp") + " & " + hex64(g.HF) + ") >> " + dec(g.F - 1));
            e = "(" + e + " & ((k << " + dec(g.w) + ") - k))";
        }
        std::string p = fn("narrow") + "(" + e + ")";
        if (bias) p += " ^ " + H();
        b.u32("p", p);
        if (need_hi || need_lo) strategy += ", field clamp";
        merge("p");
    }

    // --- per operation -------------------------------------------------
    void set() {
        const std::string f = flags(v.cmp);
        b.u32("g", f);
        if (acc) {
            b.ret("c + " + fn("cnt") + "(g & " + lanes() + ")");
        } else {
            merge("g >> " + dec(g.w - 1));
        }
        strategy = "packed compare";
    }

    void addsub(bool add) {
        if (acc) {
            // The sum of the lane results is the sum of the extended inputs.
            b.u32("M", lanes());
            b.u32("xa", fn("hsum") + "(" + (sa ? "(A ^ " + H() + ")" : std::string("A")) + " & M)");
            b.u32("xb", fn("hsum") + "(" + (sb ? "(B ^ " + H() + ")" : std::string("B")) + " & M)");
            const i64 k = (sa ? half() : 0) + (add ? 1 : -1) * (sb ? half() : 0);
            std::string e = std::string("c + xa ") + (add ? "+" : "-") + " xb";
            if (k > 0) e += " - " + dec(k) + "u * " + fn("pop") + "(m)";
            if (k < 0) e += " + " + dec(-k) + "u * " + fn("pop") + "(m)";
            b.ret(e);
            strategy = "linear lane sums";
            return;
        }
        if (!v.sat) {
            merge(fn(add ? "add" : "sub") + "(A, B)");
            strategy = "packed SWAR (wrap-around)";
            return;
        }
        if (sa == sb && sb == sd) {
            const char* f = add ? (sd ? "addss" : "addus") : (sd ? "subss" : "subus");
            merge(fn(f) + "(A, B)");
            strategy = "packed SWAR saturating";
            return;
        }
        strategy = "widened fields";
        wide_finish(wide_op(add ? Operation::add : Operation::sub));
    }

    void minmax(bool is_max) {
        b.u32("k", fn("msk") + "(" + ge("A", "B", sa, sb) + ")");
        b.u32("p", is_max ? "B ^ ((A ^ B) & k)" : "A ^ ((A ^ B) & k)");
        strategy = "packed compare + select";
        // The result is one of the inputs: signed when the minimum may be a
        // signed input's negative value, unsigned when the maximum may be an
        // unsigned input's large value.
        packed_finish("p", is_max ? (sa && sb) : (sa || sb));
    }

    void absdiff() {
        if (sa == sb) {
            // Same signedness: in the (flipped) unsigned order, max - min never borrows.
            const std::string x = sa ? "x" : "A", y = sa ? "y" : "B";
            if (sa) {
                b.u32("x", "A ^ " + H());
                b.u32("y", "B ^ " + H());
            }
            b.u32("k", fn("msk") + "(" + fn("geu") + "(" + x + ", " + y + "))");
            b.u32("e", "(" + x + " ^ " + y + ") & k");
            b.u32("p", "(" + y + " ^ e) - (" + x + " ^ e)");
            strategy = "packed max - min";
            packed_finish("p", false);
            return;
        }
        if (!v.sat && !acc) {
            b.u32("k", fn("msk") + "(" + ge("A", "B", sa, sb) + ")");
            b.u32("e", "(A ^ B) & k");
            merge(fn("sub") + "(B ^ e, A ^ e)");
            strategy = "packed max - min (wrap-around)";
            return;
        }
        strategy = "widened fields";
        wide_finish(wide_op(Operation::absdiff));
    }

    void avrg() {
        if (sa == sb && !sa) {
            b.u32("p", "(A | B) - (((A ^ B) >> 1) & " + hex32(g.L) + ")");
            strategy = "packed rounding average";
            packed_finish("p", false);
            return;
        }
        if (sa == sb) {
            // Biased by 2^(w-1), s >= 0 is the carry out of x + y, which is the
            // top bit of the floor average; round up exactly then.
            b.u32("x", "A ^ " + H());
            b.u32("y", "B ^ " + H());
            b.u32("f", "(x & y) + (((x ^ y) >> 1) & " + hex32(g.L) + ")");
            b.u32("p", "(f + ((x ^ y) & (f >> " + dec(g.w - 1) + ") & " + hex32(g.ONE) + ")) ^ " + H());
            strategy = "packed signed average";
            packed_finish("p", true);
            return;
        }
        strategy = "widened fields";
        wide_finish(wide_op(Operation::avrg));
    }
};

Lowered lower_simd(const Variant& v) {
    Simd s(v);
    switch (v.opcode->operation) {
        case Operation::set: s.set(); break;
        case Operation::add: s.addsub(true); break;
        case Operation::sub: s.addsub(false); break;
        case Operation::min: s.minmax(false); break;
        case Operation::max: s.minmax(true); break;
        case Operation::absdiff: s.absdiff(); break;
        case Operation::avrg: s.avrg(); break;
        default: fail(v, "not a SIMD operation");
    }
    Lowered L;
    L.simd = true;
    L.x = XParam::mask;
    L.body = s.b.str();
    L.strategy = s.strategy;
    return L;
}

// ---------------------------------------------------------------------------
// Primitives.

// Per-selector nibble tables for detail::xs/xu: the left shift that puts the
// selected part's top bit at bit 31 and the right shift that brings it back,
// both in bytes, indexed by the ptxv::Sel encoding (unlisted codes: the word).
u64 sel_table(bool left) {
    // none b0 b1 b2 b3 h0 h1
    const int lsh[7] = {0, 3, 2, 1, 0, 2, 0};
    const int rsh[7] = {0, 3, 3, 3, 3, 2, 2};
    u64 t = 0;
    for (int i = 0; i < 16; ++i) t |= static_cast<u64>(i < 7 ? (left ? lsh[i] : rsh[i]) : 0) << (4 * i);
    return t;
}

// Two-bit tables for the d selector: byte position of the merge, and the
// narrowing (0: word, 2: half-word, 3: byte). b01/b12/b23 and unlisted codes
// merge nothing (R16).
u64 dsel_table(bool pos) {
    // none b0 b1 b2 b3 h0 h1
    const int p[7] = {0, 0, 1, 2, 3, 0, 2};
    const int n[7] = {0, 3, 3, 3, 3, 2, 2};
    u64 t = 0;
    for (int i = 0; i < 7; ++i) t |= static_cast<u64>(pos ? p[i] : n[i]) << (2 * i);
    return t;
}

const char* kScalarPrimitives = R"(// Scalar helpers. Branch-free: conditions become masks, so compilers emit
// setcc/cmov, never a jump.
PTXV_FI constexpr std::uint32_t sel32(bool cond, std::uint32_t x, std::uint32_t y) noexcept {
    const std::uint32_t m = 0u - static_cast<std::uint32_t>(cond);
    return (x & m) | (y & ~m);
}
// min/max of values below 2^62 in magnitude: the sign of the difference
// selects, four instructions.
PTXV_FI constexpr std::int64_t smin(std::int64_t x, std::int64_t y) noexcept {
    const std::int64_t d = x - y;
    return y + (d & (d >> 63));
}
PTXV_FI constexpr std::int64_t smax(std::int64_t x, std::int64_t y) noexcept {
    const std::int64_t d = x - y;
    return x - (d & (d >> 63));
}
// min/max over the whole int64 range (vshl's shifted values).
PTXV_FI constexpr std::int64_t wmin(std::int64_t x, std::int64_t y) noexcept {
    const std::uint64_t m = std::uint64_t{0} - static_cast<std::uint64_t>(x < y);
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(x) & m) | (static_cast<std::uint64_t>(y) & ~m));
}
PTXV_FI constexpr std::int64_t wmax(std::int64_t x, std::int64_t y) noexcept {
    const std::uint64_t m = std::uint64_t{0} - static_cast<std::uint64_t>(x > y);
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(x) & m) | (static_cast<std::uint64_t>(y) & ~m));
}
PTXV_FI constexpr std::int64_t sabs(std::int64_t x) noexcept {
    const std::uint64_t m = static_cast<std::uint64_t>(x >> 63);
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(x) ^ m) - m);
}
PTXV_FI constexpr unsigned umin32(std::uint32_t x, unsigned y) noexcept { return sel32(x < y, x, y); }
PTXV_FI constexpr std::uint64_t umin64(std::uint64_t x, std::uint64_t y) noexcept {
    const std::uint64_t m = std::uint64_t{0} - static_cast<std::uint64_t>(x < y);
    return (x & m) | (y & ~m);
}
// sext32 without relying on the conversion of out-of-range values.
PTXV_FI constexpr std::int64_t sx32(std::uint32_t x) noexcept {
    return static_cast<std::int64_t>(std::uint64_t{x ^ 0x80000000u}) - 0x80000000ll;
}
// R1: the byte, half-word or word that selector s picks from x, sign-extended
// (xs) or zero-extended (xu). Two table lookups in constants (xl, xr), two
// shifts, on 32 bits, so that compilers see a 32-bit value extended.
PTXV_FI constexpr unsigned xl(unsigned s) noexcept { return static_cast<unsigned>(((@LSH >> ((s & 15u) << 2)) & 15u) << 3); }
PTXV_FI constexpr unsigned xr(unsigned s) noexcept { return static_cast<unsigned>(((@RSH >> ((s & 15u) << 2)) & 15u) << 3); }
PTXV_FI constexpr std::int64_t xs(std::uint32_t x, unsigned s) noexcept {
    return static_cast<std::int32_t>(x << xl(s)) >> xr(s);
}
PTXV_FI constexpr std::uint64_t xu(std::uint32_t x, unsigned s) noexcept { return (x << xl(s)) >> xr(s); }
// R6/R9: the d selector's bits (all ones without a merge) and position.
PTXV_FI constexpr std::uint32_t dmask(unsigned ds) noexcept {
    return 0xffffffffu >> (((@DNAR >> ((ds & 15u) << 1)) & 3u) << 3);
}
PTXV_FI constexpr unsigned dpos(unsigned ds) noexcept {
    return static_cast<unsigned>(((@DPOS >> ((ds & 15u) << 1)) & 3u) << 3);
}
// R13, vmad's negations (neg: bit 0 a, bit 1 b, bit 2 c): whether the
// product is negated, the xor that negates c (the pseudocode's else-if chain
// drops c's negation under a product negation), and signedFinal's negation
// part, which is also the +1 completing a two's-complement negation.
PTXV_FI constexpr unsigned neg_ab(unsigned neg) noexcept { return (neg ^ (neg >> 1)) & 1u; }
PTXV_FI constexpr std::uint32_t neg_cx(unsigned neg) noexcept {
    return 0u - (((neg >> 2) & 1u) & (neg_ab(neg) ^ 1u));
}
PTXV_FI constexpr unsigned neg_sf(unsigned neg) noexcept { return neg_ab(neg) | ((neg >> 2) & 1u); }
PTXV_FI constexpr std::uint32_t dmerge(std::uint32_t c, std::uint32_t t, unsigned ds) noexcept {
    const unsigned p = dpos(ds);
    return c ^ ((c ^ (t << p)) & (dmask(ds) << p));
}
// The same for t in {0, 1}, which fits any field: no mask on t.
PTXV_FI constexpr std::uint32_t dmerge01(std::uint32_t c, std::uint32_t t, unsigned ds) noexcept {
    const unsigned p = dpos(ds);
    return (c & ~(dmask(ds) << p)) | (t << p);
}
// vmad's clamp (R13) of the 128-bit value hi:lo: adding o (2^31 for a signed
// result, 0 for an unsigned one) maps the target range onto [0, 2^32), so one
// test decides, and the high word's sign says which bound applies outside.
PTXV_FI constexpr std::uint32_t sat32(std::uint64_t hi, std::uint64_t lo, std::uint64_t o) noexcept {
    const std::uint64_t l = lo + o;
    const std::uint64_t h = hi + static_cast<std::uint64_t>(l < lo);
    const std::uint32_t bound = static_cast<std::uint32_t>(h >> 63) - 1u;
    return sel32((h | (l >> 32)) == 0, static_cast<std::uint32_t>(l), bound) - static_cast<std::uint32_t>(o);
}
// Selector and mask checks for the template forms.
PTXV_HD constexpr bool in_set(std::uint32_t set, unsigned v) noexcept { return v < 32u && ((set >> v) & 1u) != 0; }
PTXV_HD constexpr bool sel4_ok(unsigned s) noexcept { return (s & ~0x7777u) == 0; }
PTXV_HD constexpr bool sel2_ok(unsigned s) noexcept { return (s & ~0x33u) == 0; }

// SIMD helpers shared by both geometries.
PTXV_FI constexpr std::uint32_t merge(std::uint32_t c, std::uint32_t r, std::uint32_t m) noexcept {
    return c ^ ((c ^ r) & m);
}
)";

// Packed-lane helpers; @-names are replaced per geometry.
const char* kLanePrimitives = R"(// @NAME lanes. Packed: a uint32 holding @N lanes of @W bits. Flags: the top bit
// of each lane.
PTXV_FI constexpr std::uint32_t add@S(std::uint32_t a, std::uint32_t b) noexcept {
    return ((a & @L) + (b & @L)) ^ ((a ^ b) & @H);
}
PTXV_FI constexpr std::uint32_t sub@S(std::uint32_t a, std::uint32_t b) noexcept {
    return ((a | @H) - (b & @L)) ^ ((a ^ ~b) & @H);
}
// a >= b (unsigned lanes): the top bit of ceil((a + ~b) / 2), which never
// borrows across lanes.
PTXV_FI constexpr std::uint32_t geu@S(std::uint32_t a, std::uint32_t b) noexcept {
    const std::uint32_t nb = ~b;
    return ((a | nb) - (((a ^ nb) >> 1) & @L)) & @H;
}
PTXV_FI constexpr std::uint32_t eq@S(std::uint32_t a, std::uint32_t b) noexcept {
    const std::uint32_t z = a ^ b;
    return ~(((z & @L) + @L) | z) & @H;
}
// Flags to whole-lane masks.
PTXV_FI constexpr std::uint32_t msk@S(std::uint32_t f) noexcept { return (f - (f >> @WM1)) | f; }
PTXV_FI constexpr std::uint32_t addus@S(std::uint32_t a, std::uint32_t b) noexcept {
    const std::uint32_t s = (a & @L) + (b & @L);
    const std::uint32_t carry = ((a & b) | ((a | b) & s)) & @H;
    return (s ^ ((a ^ b) & @H)) | msk@S(carry);
}
PTXV_FI constexpr std::uint32_t subus@S(std::uint32_t a, std::uint32_t b) noexcept {
    const std::uint32_t d = sub@S(a, b);
    const std::uint32_t borrow = ((~a & b) | (~(a ^ b) & d)) & @H;
    return d & ~msk@S(borrow);
}
PTXV_FI constexpr std::uint32_t addss@S(std::uint32_t a, std::uint32_t b) noexcept {
    const std::uint32_t s = add@S(a, b);
    const std::uint32_t bound = @L + ((a & @H) >> @WM1);
    return s ^ ((s ^ bound) & msk@S((s ^ a) & (s ^ b) & @H));
}
PTXV_FI constexpr std::uint32_t subss@S(std::uint32_t a, std::uint32_t b) noexcept {
    const std::uint32_t d = sub@S(a, b);
    const std::uint32_t bound = @L + ((a & @H) >> @WM1);
    return d ^ ((d ^ bound) & msk@S((a ^ b) & (a ^ d) & @H));
}
)";

const char* kBytePrimitives = R"(// R4: mask bits to lane masks.
PTXV_FI constexpr std::uint32_t lanes4(unsigned m) noexcept { return (((m & 15u) * 0x00204081u) & 0x01010101u) * 0xffu; }
PTXV_FI constexpr std::uint32_t pop4(unsigned m) noexcept {
    return static_cast<std::uint32_t>(0x4332322132212110ull >> ((m & 15u) << 2)) & 7u;
}
PTXV_FI constexpr std::uint32_t hsum4(std::uint32_t x) noexcept {
    const std::uint32_t y = (x & 0x00ff00ffu) + ((x >> 8) & 0x00ff00ffu);
    return (y & 0xffffu) + (y >> 16);
}
PTXV_FI constexpr std::uint32_t cnt4(std::uint32_t f) noexcept { return ((f >> 7) * 0x01010101u) >> 24; }
// Widened: lanes 0, 2, 1, 3 in the 16-bit fields of a uint64, from the bottom;
// this order costs one shift each way.
PTXV_FI constexpr std::uint64_t widen4(std::uint32_t x) noexcept {
    return (std::uint64_t{x} | (std::uint64_t{x} << 24)) & 0x00ff00ff00ff00ffull;
}
PTXV_FI constexpr std::uint32_t narrow4(std::uint64_t w) noexcept {
    return static_cast<std::uint32_t>((w & 0x00ff00ffu) | ((w >> 24) & 0xff00ff00u));
}
PTXV_FI constexpr std::uint64_t fmask4(unsigned m) noexcept {
    const std::uint64_t f = ((m & 15u) * 0x0000200080004001ull) & 0x0001000100010001ull;
    return (f << 16) - f;
}
PTXV_FI constexpr std::uint32_t fsum4(std::uint64_t w) noexcept {
    const std::uint64_t t = (w & 0x0000ffff0000ffffull) + ((w >> 16) & 0x0000ffff0000ffffull);
    return static_cast<std::uint32_t>(t) + static_cast<std::uint32_t>(t >> 32);
}
// R2: lane i takes byte digit i of s from the pair {b:a}.
PTXV_FI constexpr std::uint32_t sel4(std::uint32_t a, std::uint32_t b, unsigned s) noexcept {
    const std::uint64_t p = (std::uint64_t{b} << 32) | a;
    return static_cast<std::uint32_t>(((p >> ((s << 3) & 0x38u)) & 0xffu) | (((p >> ((s >> 1) & 0x38u)) & 0xffu) << 8) |
                                      (((p >> ((s >> 5) & 0x38u)) & 0xffu) << 16) |
                                      (((p >> ((s >> 9) & 0x38u)) & 0xffu) << 24));
}
// Constant selectors: the lanes that take bytes of the same word (a or b) and
// move by the same distance d (source byte - lane) share one shift and one
// mask, on 32-bit words; a broadcast is one multiply. Only the lanes in Live
// (the mask: the others' results are dropped) are picked; a group alone
// needs no mask, since what it moves into the other lanes is dropped.
PTXV_HD constexpr std::uint32_t group4(unsigned s, unsigned live, unsigned word, int d) noexcept {
    std::uint32_t m = 0;
    for (int i = 0; i < 4; ++i) {
        const unsigned e = (s >> (4 * i)) & 7u;
        if (((live >> i) & 1u) != 0 && (e >> 2) == word && static_cast<int>(e & 3u) - i == d) m |= 0xffu << (8 * i);
    }
    return m;
}
PTXV_HD constexpr int groups4(unsigned s, unsigned live) noexcept {
    int n = 0;
    for (unsigned word = 0; word < 2; ++word) {
        for (int d = -3; d <= 3; ++d) n += group4(s, live, word, d) != 0 ? 1 : 0;
    }
    return n;
}
// Whether every live lane takes byte e.
PTXV_HD constexpr bool splat4(unsigned s, unsigned live, unsigned e) noexcept {
    bool all = true;
    for (int i = 0; i < 4; ++i) all = all && (((live >> i) & 1u) == 0 || ((s >> (4 * i)) & 7u) == e);
    return all;
}
template <unsigned S, unsigned Live, unsigned Word, int D>
PTXV_FI constexpr std::uint32_t move4(std::uint32_t x) noexcept {
    constexpr std::uint32_t m = groups4(S, Live) == 1 ? 0xffffffffu : group4(S, Live, Word, D);
    if constexpr (group4(S, Live, Word, D) == 0) {
        static_cast<void>(x);
        return 0;
    } else if constexpr (D >= 0) {
        return (x >> (8 * D)) & m;
    } else {
        return (x << (-8 * D)) & m;
    }
}
template <unsigned S, unsigned Live = 0xfu>
PTXV_FI constexpr std::uint32_t pick4(std::uint32_t a, std::uint32_t b) noexcept {
    constexpr unsigned s0 = S & 7u;
    if constexpr (groups4(S, Live) > 1 && splat4(S, Live, s0)) {
        return (((s0 < 4 ? a : b) >> (8 * (s0 & 3u))) & 0xffu) * 0x01010101u;
    } else {
        return move4<S, Live, 0, -3>(a) | move4<S, Live, 0, -2>(a) | move4<S, Live, 0, -1>(a) |
               move4<S, Live, 0, 0>(a) | move4<S, Live, 0, 1>(a) | move4<S, Live, 0, 2>(a) |
               move4<S, Live, 0, 3>(a) | move4<S, Live, 1, -3>(b) | move4<S, Live, 1, -2>(b) |
               move4<S, Live, 1, -1>(b) | move4<S, Live, 1, 0>(b) | move4<S, Live, 1, 1>(b) |
               move4<S, Live, 1, 2>(b) | move4<S, Live, 1, 3>(b);
    }
}
)";

const char* kHalfPrimitives = R"(PTXV_FI constexpr std::uint32_t lanes2(unsigned m) noexcept { return (((m & 3u) * 0x8001u) & 0x10001u) * 0xffffu; }
PTXV_FI constexpr std::uint32_t pop2(unsigned m) noexcept { return (m & 1u) + ((m >> 1) & 1u); }
PTXV_FI constexpr std::uint32_t hsum2(std::uint32_t x) noexcept { return (x & 0xffffu) + (x >> 16); }
PTXV_FI constexpr std::uint32_t cnt2(std::uint32_t f) noexcept { return ((f >> 15) * 0x10001u) >> 16; }
// Widened: lane i in the 32-bit field i of a uint64.
PTXV_FI constexpr std::uint64_t widen2(std::uint32_t x) noexcept {
    return (std::uint64_t{x} | (std::uint64_t{x} << 16)) & 0x0000ffff0000ffffull;
}
PTXV_FI constexpr std::uint32_t narrow2(std::uint64_t w) noexcept {
    return static_cast<std::uint32_t>((w & 0xffffu) | ((w >> 16) & 0xffff0000u));
}
PTXV_FI constexpr std::uint64_t fmask2(unsigned m) noexcept {
    const std::uint64_t f = ((m & 3u) * 0x80000001ull) & 0x0000000100000001ull;
    return (f << 32) - f;
}
PTXV_FI constexpr std::uint32_t fsum2(std::uint64_t w) noexcept {
    return static_cast<std::uint32_t>(w) + static_cast<std::uint32_t>(w >> 32);
}
// R2: lane i takes half-word digit i of s from the pair {b:a}.
PTXV_FI constexpr std::uint32_t sel2(std::uint32_t a, std::uint32_t b, unsigned s) noexcept {
    const std::uint64_t p = (std::uint64_t{b} << 32) | a;
    return static_cast<std::uint32_t>(((p >> ((s << 4) & 0x30u)) & 0xffffu) | (((p >> (s & 0x30u)) & 0xffffu) << 16));
}
// Constant selectors on 32-bit words: lane 0 shifted down from its word, lane
// 1 shifted up; masks only where both lanes are live (Live, as for pick4).
template <unsigned W>
PTXV_FI constexpr std::uint32_t word2(std::uint32_t a, std::uint32_t b) noexcept {
    if constexpr (W == 0) {
        static_cast<void>(b);
        return a;
    } else {
        static_cast<void>(a);
        return b;
    }
}
template <unsigned S, unsigned Live = 0x3u>
PTXV_FI constexpr std::uint32_t pick2(std::uint32_t a, std::uint32_t b) noexcept {
    constexpr unsigned s0 = S & 3u, s1 = (S >> 4) & 3u;
    constexpr unsigned w0 = s0 >> 1, w1 = s1 >> 1, h0 = s0 & 1u, h1 = s1 & 1u;
    constexpr bool live0 = (Live & 1u) != 0, live1 = (Live & 2u) != 0;
    if constexpr (!live1) {
        return word2<w0>(a, b) >> (16 * h0);
    } else if constexpr (!live0) {
        return word2<w1>(a, b) << (16 * (1 - h1));
    } else if constexpr (w0 == w1 && h0 == 0 && h1 == 1) {
        return word2<w0>(a, b);
    } else if constexpr (w0 == w1 && h0 == 1 && h1 == 0) {
        const std::uint32_t x = word2<w0>(a, b);
        return (x >> 16) | (x << 16);
    } else {
        const std::uint32_t lo = h0 == 1 ? word2<w0>(a, b) >> 16 : word2<w0>(a, b) & 0xffffu;
        const std::uint32_t hi = h1 == 1 ? word2<w1>(a, b) & 0xffff0000u : word2<w1>(a, b) << 16;
        return lo | hi;
    }
}
)";

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
    return s;
}

std::string lane_primitives(Geometry geom) {
    const Geo g = geo_of(geom);
    std::string s = kLanePrimitives;
    // Longest names first: @WM1 before @W.
    s = replace_all(s, "@NAME", geom == Geometry::byte ? "Byte" : "Half-word");
    s = replace_all(s, "@WM1", dec(g.w - 1));
    s = replace_all(s, "@W", dec(g.w));
    s = replace_all(s, "@N", dec(g.lanes));
    s = replace_all(s, "@S", g.sfx);
    s = replace_all(s, "@H", hex32(g.H));
    s = replace_all(s, "@L", hex32(g.L));
    return s;
}

}  // namespace

Lowered lower(const Variant& v) {
    Lowered L;
    switch (v.family->geometry) {
        case Geometry::scalar:
            switch (v.opcode->operation) {
                case Operation::add:
                case Operation::sub:
                case Operation::absdiff:
                case Operation::min:
                case Operation::max: L = lower_scalar_vop(v); break;
                case Operation::shl:
                case Operation::shr: L = lower_scalar_shift(v); break;
                case Operation::set: L = lower_scalar_set(v); break;
                case Operation::mad: L = lower_vmad(v); break;
                default: fail(v, "not a scalar operation");
            }
            if (v.opcode->operation != Operation::mad) {
                L.x = v.op2 == Op2::none ? XParam::dsel : XParam::ignored;
                L.x_used = v.op2 == Op2::none;
            }
            break;
        case Geometry::half:
        case Geometry::byte: L = lower_simd(v); break;
    }
    L.name = v.function_name();
    return L;
}

std::string lower_primitives() {
    std::string s = kScalarPrimitives;
    s = replace_all(s, "@LSH", hex64(sel_table(true)));
    s = replace_all(s, "@RSH", hex64(sel_table(false)));
    s = replace_all(s, "@DNAR", hex64(dsel_table(false)));
    s = replace_all(s, "@DPOS", hex64(dsel_table(true)));
    s += "\n" + lane_primitives(Geometry::byte) + kBytePrimitives;
    s += "\n" + lane_primitives(Geometry::half) + kHalfPrimitives;
    return s;
}

}  // namespace ptxv::gen
