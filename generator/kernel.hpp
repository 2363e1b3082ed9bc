// ptxv-gen: what a SIMD variant's kernel body is built with. The plan pass
// (lower.cpp) makes a Simd for the variant and calls its operation's kernel
// builder (operations.cpp: its row's swar, with its fields and own-width lane
// plan beside it); a builder writes the body through these endings, compares
// and widened fields, which hold what is common to every operation:
//  - packed SWAR on the 32-bit word, when the exact lane result fits a lane;
//  - linear lane sums for the .add accumulate where the operation allows;
//  - widened fields: each lane moved to a field twice its width inside a
//    uint64, biased so that no intermediate goes negative or carries into the
//    next field; clamps become per-field threshold tests on one bit. Each
//    field's bias and value range is tracked, and a constant that could let a
//    field overflow is a std::logic_error, not a wrong header.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "expr.hpp"
#include "lower_ops.hpp"
#include "model.hpp"
#include "operations.hpp"
#include "primitives/lane_plan.hpp"

namespace ptxv::gen::plan {

using u64 = std::uint64_t;
using i64 = std::int64_t;
using ir::E;
using ir::Ty;

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

inline Geo geo_of(Geometry g) {
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

// A lowering that cannot be right: a std::logic_error naming the variant.
[[noreturn]] inline void fail(const Variant& v, const std::string& what) {
    throw std::logic_error("lowering " + v.ptx() + ": " + what);
}

// Literals as the bodies spell them.
inline E u32c(std::uint64_t v) { return ir::lit(Ty::u32, v); }     // 31u
inline E u32x(std::uint64_t v) { return ir::hex(Ty::u32, v, 8); }  // 0x7fffffffu
inline E intc(std::uint64_t v) { return ir::lit(Ty::int_, v); }    // 31

// The c operand, which scalar, vmad and SIMD bodies all read.
inline const E pc = ir::var("c", Ty::u32);

// A widened value: field = v + off for every lane, v in [lo, hi].
struct Fields {
    E e;
    i64 off, lo, hi;
};

// The parameters of a SIMD kernel: the selected operands, c and the mask.
inline const E pA = ir::var("A", Ty::u32), pB = ir::var("B", Ty::u32), pm = ir::var("m", Ty::mask);

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
};

// A lane plan in the lanes' own width (an own_lanes builder's ending): the
// operation, of one signedness `s` where it matters, and how it computes.
inline bool own(lane::LanePlan& p, std::string& how, lane::LaneOp o, bool s, const char* what) {
    p.op = o;
    p.sa = s;
    how = std::string(what) + (p.sum ? ", lane sum" : "");
    return true;
}

// .sat into a d of the other signedness than the (unsigned, signed) results.
inline void fix(const Variant& v, lane::LanePlan& p, bool results_signed) {
    const bool sd = v.has_dtype && v.dtype == Type::s32;
    if (v.sat && sd != results_signed) p.fix = results_signed ? lane::LaneFix::to_unsigned : lane::LaneFix::to_signed;
}

}  // namespace ptxv::gen::plan
