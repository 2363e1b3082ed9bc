// ptxv-gen: run-time bodies lowered to PTX instructions (lower_ptx.hpp).
//
// The walk evaluates a body over values that are a register, a literal or a
// constant of the instruction (a tree over asel, bsel and x); an operator on
// registers is an instruction, on constants a constant. The helpers the body
// calls are written below in the same terms, after generator/primitives/c99.h
// (checked against the interpreter by tests/explain/check_c.sh), where PTX
// has an instruction for a whole helper (min, max, bfe, prmt, selp, cvt) by
// that instruction. Identical instructions are computed once, unread ones
// dropped, and the registers reused once their last reader has run.
#include "lower_ptx.hpp"

#include "operations.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <optional>
#include <stdexcept>

namespace ptxv::gen::ptx {

namespace {

using ir::Bin;
using ir::E;
using ir::Ty;

[[noreturn]] void fail(const std::string& what) { throw std::logic_error("ptx lowering: " + what); }

bool wide(Ty t) { return t == Ty::u64 || t == Ty::i64; }
Cls cls_of(Ty t) { return t == Ty::boolean ? Cls::pred : wide(t) ? Cls::b64 : Cls::b32; }

// The value of a tree of literals, as the C++ operators compute it in its
// type; nullopt where it reads a variable.
std::optional<std::uint64_t> eval(const E& e) {
    const ir::Node& x = *e;
    const auto trunc = [](Ty t, std::uint64_t v) { return wide(t) ? v : t == Ty::boolean ? v & 1 : v & 0xffffffffu; };
    std::vector<std::uint64_t> a;
    for (const E& k : x.args) {
        const auto v = eval(k);
        if (!v) return std::nullopt;
        a.push_back(*v);
    }
    switch (x.kind) {
        case ir::Node::Kind::var: return std::nullopt;
        case ir::Node::Kind::lit: return trunc(x.ty, x.value);
        case ir::Node::Kind::paren: return a[0];
        case ir::Node::Kind::unary: return x.un == ir::Un::lnot ? std::uint64_t{a[0] == 0} : trunc(x.ty, ~a[0]);
        case ir::Node::Kind::select: return a[0] ? a[1] : a[2];
        case ir::Node::Kind::cast: {
            const Ty from = x.args[0].ty();
            std::uint64_t v = a[0];
            // An int literal is a signed 32-bit value.
            if (from == Ty::int_ && (v >> 31 & 1)) v |= 0xffffffff00000000ull;
            return trunc(x.ty, v);
        }
        case ir::Node::Kind::binary: {
            const Ty ta = x.args[0].ty(), tb = x.args[1].ty();
            Ty t = x.bin == Bin::shl || x.bin == Bin::shr ? ta : x.ty;
            if (x.bin >= Bin::eq) t = ta == Ty::int_ ? tb : ta;
            const bool sgn = t == Ty::i64 || t == Ty::int_;
            const auto sx = [&](std::uint64_t v, Ty of) {
                return of == Ty::int_ && (v >> 31 & 1) ? v | 0xffffffff00000000ull : v;
            };
            const std::uint64_t p = sx(a[0], ta), q = sx(a[1], tb);
            const auto s64 = [](std::uint64_t v) { return static_cast<std::int64_t>(v); };
            switch (x.bin) {
                case Bin::add: return trunc(t, p + q);
                case Bin::sub: return trunc(t, p - q);
                case Bin::mul: return trunc(t, p * q);
                case Bin::band: return trunc(t, p & q);
                case Bin::bor: return trunc(t, p | q);
                case Bin::bxor: return trunc(t, p ^ q);
                case Bin::shl: return trunc(t, p << q);
                case Bin::shr:
                    return trunc(t, sgn ? static_cast<std::uint64_t>(s64(p) >> q) : trunc(t, p) >> q);
                case Bin::eq: return std::uint64_t{trunc(t, p) == trunc(t, q)};
                case Bin::ne: return std::uint64_t{trunc(t, p) != trunc(t, q)};
                case Bin::lt: return std::uint64_t{sgn ? s64(p) < s64(q) : trunc(t, p) < trunc(t, q)};
                case Bin::le: return std::uint64_t{sgn ? s64(p) <= s64(q) : trunc(t, p) <= trunc(t, q)};
                case Bin::gt: return std::uint64_t{sgn ? s64(p) > s64(q) : trunc(t, p) > trunc(t, q)};
                case Bin::ge: return std::uint64_t{sgn ? s64(p) >= s64(q) : trunc(t, p) >= trunc(t, q)};
            }
            break;
        }
        case ir::Node::Kind::call: break;
    }
    fail("a call among constants");
}

struct Lowerer;

// A value: a register (or operand), a literal, or a constant of the
// instruction; `e` is its tree where it is not a register.
struct V {
    Lowerer* l = nullptr;
    Ty ty = Ty::u32;
    bool reg = false;
    Arg arg;
    E e;

    bool lit() const { return !reg && eval(e).has_value(); }
    std::uint64_t value() const { return *eval(e); }
};

struct Lowerer {
    std::vector<Ins> ins;
    std::vector<Cls> temps;
    std::map<std::string, Arg> done;  // an instruction's text -> its register

    V constant(const E& e) {
        V v;
        v.l = this;
        v.ty = e.ty();
        v.e = e;
        if (e.ty() == Ty::boolean) return v;
        if (const auto k = eval(e); k && e->kind != ir::Node::Kind::lit) v.e = ir::lit(e.ty(), *k);
        return v;
    }
    V lit(Ty t, std::uint64_t x) { return constant(ir::lit(t, x)); }
    V input(Arg::Kind k) {
        V v;
        v.l = this;
        v.reg = true;
        v.arg.kind = k;
        return v;
    }

    // The operand an instruction of width `w` reads for v.
    Arg operand(const V& v, Cls w) {
        if (v.reg) return v.arg;
        Arg a;
        a.cls = w;
        if (v.lit()) {
            a.kind = Arg::Kind::lit;
            a.value = v.value();
        } else {
            a.kind = Arg::Kind::konst;
            a.index = static_cast<int>(konsts.size());
            konsts.push_back(v.e);
        }
        return a;
    }
    std::vector<E> konsts;  // in order of use; deduplicated by the printer's caller

    static std::string key(const Arg& a, const std::vector<E>& ks) {
        switch (a.kind) {
            case Arg::Kind::a: return "@a";
            case Arg::Kind::b: return "@b";
            case Arg::Kind::c: return "@c";
            case Arg::Kind::d: return "@d";
            case Arg::Kind::temp: return "%" + std::to_string(a.index);
            case Arg::Kind::lit: return "#" + std::to_string(a.value);
            case Arg::Kind::konst: return "k" + ir::cpp(ks[a.index]);
        }
        return "?";
    }

    // op d, s...: d a new register of type t, or the register of the same
    // instruction computed before.
    V emit(const std::string& op, Ty t, const std::vector<V>& s) {
        Ins i;
        i.op = op;
        // The sources' width: a conversion's source type, else the operation's.
        const std::string st = op.rfind("cvt.", 0) == 0 ? op.substr(op.size() - 3) : op;
        const Cls w = st.find("64") != std::string::npos ? Cls::b64 : Cls::b32;
        bool any_reg = false;
        std::string k = op;
        for (std::size_t n = 0; n < s.size(); ++n) {
            // A shift amount, bfe's position and length and prmt's control are 32-bit.
            const bool narrow = (op.rfind("sh", 0) == 0 && n == 1) || (op.rfind("bfe", 0) == 0 && n > 0);
            const Cls want = narrow ? Cls::b32 : w;
            V x = s[n];
            // C++ widens a 32-bit operand of a 64-bit operation by its type: a
            // u32 is zero-extended.
            if (x.reg && x.ty != Ty::boolean && cls_of(x.ty) != want) {
                if (want != Cls::b64) fail(op + " of a 64-bit operand");
                x = emit("cvt.u64.u32", Ty::u64, {x});
            }
            i.s.push_back(operand(x, want));
            any_reg |= s[n].reg;
            k += " " + key(i.s.back(), konsts);
        }
        if (!any_reg) fail(op + " of constants");
        V r;
        r.l = this;
        r.ty = t;
        r.reg = true;
        if (const auto it = done.find(k); it != done.end()) {
            r.arg = it->second;
            return r;
        }
        r.arg.kind = Arg::Kind::temp;
        r.arg.cls = cls_of(t);
        r.arg.index = static_cast<int>(temps.size());
        temps.push_back(r.arg.cls);
        i.d = r.arg;
        ins.push_back(i);
        done.emplace(k, r.arg);
        return r;
    }

    static const char* sfx(Ty t) { return t == Ty::i64 ? "s64" : t == Ty::u64 ? "u64" : "u32"; }
    static const char* bits(Ty t) { return t == Ty::boolean ? "pred" : wide(t) ? "b64" : "b32"; }

    static E tree(const V& v) { return v.reg ? ir::var("@", v.ty) : v.e; }

    V bin(Bin op, V x, V y) {
        const E typed = ir::binary(op, tree(x), tree(y));  // checks the operand types
        if (!x.reg && !y.reg) return constant(ir::binary(op, x.e, y.e));
        const Ty t = typed.ty();
        const Ty ot = op >= Bin::eq ? ir::binary(Bin::add, tree(x), tree(y)).ty()
                      : op == Bin::shl || op == Bin::shr ? x.ty
                                                         : t;
        // x op identity is x; x & 0 and x * 0 are 0.
        if (y.lit()) {
            const std::uint64_t v = y.value(), ones = wide(ot) ? ~0ull : 0xffffffffull;
            if ((v == 0 && (op == Bin::add || op == Bin::sub || op == Bin::bor || op == Bin::bxor || op == Bin::shl ||
                            op == Bin::shr)) ||
                ((v & ones) == ones && op == Bin::band) || (v == 1 && op == Bin::mul)) {
                x.ty = t;
                return x;
            }
            if ((v == 0 && (op == Bin::band || op == Bin::mul))) return lit(t, 0);
        }
        if (x.lit() && (op == Bin::add || op == Bin::bor || op == Bin::bxor || op == Bin::band || op == Bin::mul))
            return bin(op, y, x);
        if ((op == Bin::shl || op == Bin::shr) && y.reg && wide(y.ty)) y = cvt(Ty::u32, y);
        std::string o;
        switch (op) {
            case Bin::add: o = std::string("add.") + sfx(t); break;
            case Bin::sub: o = std::string("sub.") + sfx(t); break;
            case Bin::mul: o = std::string("mul.lo.") + sfx(t); break;
            case Bin::band: o = std::string("and.") + bits(t); break;
            case Bin::bor: o = std::string("or.") + bits(t); break;
            case Bin::bxor: o = std::string("xor.") + bits(t); break;
            case Bin::shl: o = std::string("shl.") + bits(t); break;
            case Bin::shr: o = std::string("shr.") + sfx(t); break;
            default: {
                static const char* const cmp[] = {"eq", "ne", "lt", "le", "gt", "ge"};
                o = std::string("setp.") + cmp[static_cast<int>(op) - static_cast<int>(Bin::eq)] + "." + sfx(ot);
            }
        }
        return emit(o, t, {x, y});
    }

    // A conversion between 32 and 64 bits (zero-extending a u32), or a
    // predicate to 0 or 1.
    V cvt(Ty t, V x) {
        if (!x.reg) return constant(ir::cast(t, x.e));
        if (x.ty == Ty::boolean) return emit(std::string("selp.") + sfx(t), t, {lit(t, 1), lit(t, 0), x});
        if (wide(t) == wide(x.ty)) {
            x.ty = t;
            return x;
        }
        return emit(wide(t) ? "cvt.u64.u32" : "cvt.u32.u64", t, {x});
    }

    V select(V c, V x, V y) {
        const Ty t = ir::select(tree(c), tree(x), tree(y)).ty();
        if (!c.reg) {
            if (c.lit()) return c.value() ? x : y;
            // On a constant of the instruction: y, or x where the mask of
            // ones is.
            const V m = constant(ir::binary(Bin::sub, ir::lit(t, 0), ir::cast(t, c.e)));
            return bin(Bin::bxor, y, bin(Bin::band, bin(Bin::bxor, x, y), m));
        }
        if (!x.reg && !y.reg && !x.lit() && !y.lit()) fail("a select of two constants of the instruction");
        return emit(std::string("selp.") + bits(t), t, {x, y, c});
    }
};

// Operators on values, as in C.
V lit_like(const V& x, long long v) { return x.l->constant(ir::lit(Ty::int_, static_cast<std::uint64_t>(v))); }
V operator+(V x, V y) { return x.l->bin(Bin::add, x, y); }
V operator-(V x, V y) { return x.l->bin(Bin::sub, x, y); }
V operator*(V x, V y) { return x.l->bin(Bin::mul, x, y); }
V operator&(V x, V y) { return x.l->bin(Bin::band, x, y); }
V operator|(V x, V y) { return x.l->bin(Bin::bor, x, y); }
V operator^(V x, V y) { return x.l->bin(Bin::bxor, x, y); }
V operator<<(V x, V y) { return x.l->bin(Bin::shl, x, y); }
V operator>>(V x, V y) { return x.l->bin(Bin::shr, x, y); }
V operator+(V x, long long y) { return x + lit_like(x, y); }
V operator-(V x, long long y) { return x - lit_like(x, y); }
V operator&(V x, long long y) { return x & lit_like(x, y); }
V operator^(V x, long long y) { return x ^ lit_like(x, y); }
V operator<<(V x, long long y) { return x << lit_like(x, y); }
V operator>>(V x, long long y) { return x >> lit_like(x, y); }
V operator-(long long x, V y) { return lit_like(y, x) - y; }
V operator~(V x) {
    if (!x.reg) return x.l->constant(~x.e);
    return x.l->emit(std::string("not.") + Lowerer::bits(x.ty), x.ty, {x});
}
V lt(V x, V y) { return x.l->bin(Bin::lt, x, y); }
V ge(V x, V y) { return x.l->bin(Bin::ge, x, y); }
V eq(V x, V y) { return x.l->bin(Bin::eq, x, y); }
V sel(V c, V x, V y) { return c.l->select(c, x, y); }
V u32(V x) { return x.l->cvt(Ty::u32, x); }
V u64(V x) { return x.l->cvt(Ty::u64, x); }
V i64(V x) { return x.l->cvt(Ty::i64, x); }
V U(Lowerer* l, std::uint64_t v) { return l->lit(Ty::u32, v); }
V I(Lowerer* l, std::int64_t v) { return l->lit(Ty::i64, static_cast<std::uint64_t>(v)); }
V Q(Lowerer* l, std::uint64_t v) { return l->lit(Ty::u64, v); }

// PTX's own instructions for a whole helper.
V op2(const char* op, Ty t, V x, V y) { return x.l->emit(op, t, {x, y}); }
V bfe(bool sgn, V x, V pos, V len) { return x.l->emit(sgn ? "bfe.s32" : "bfe.u32", Ty::u32, {x, pos, len}); }
// A permutation of x's own bytes: prmt x, x with a control of byte indices
// below 4. (GPGPU-Sim's prmt reads {b:a} with a sign-extended, so that every
// byte of b reads 0xff where a is negative: no prmt here reads a second
// register.)
V permute(V x, V ctl) { return x.l->emit("prmt.b32", Ty::u32, {x, x, ctl}); }
// prmt of two registers, x not negative.
V pack(V x, V y, V ctl) { return x.l->emit("prmt.b32", Ty::u32, {x, y, ctl}); }
V sx32(V x) { return x.l->emit("cvt.s64.s32", Ty::i64, {x}); }

// c99.h's helpers.
V xl(V s) { return (((Q(s.l, 0x201230) >> ((s & 15) << 2)) & 15) << 3); }
V xr(V s) { return (((Q(s.l, 0x2233330) >> ((s & 15) << 2)) & 15) << 3); }
V part(bool sgn, V x, V s) { return bfe(sgn, x, u32(xr(s) - xl(s)), u32(32 - xr(s))); }
V dmask(V ds) { return U(ds.l, 0xffffffff) >> (((U(ds.l, 0x2bfc) >> ((ds & 15) << 1)) & 3) << 3); }
V dpos(V ds) { return ((U(ds.l, 0x2390) >> ((ds & 15) << 1)) & 3) << 3; }
V dmove(V ds) { return ((U(ds.l, 0x390) >> ((ds & 15) << 1)) & 3) << 3; }
V neg_ab(V n) { return (n ^ (n >> 1)) & 1; }
V neg_c(V n) { return ((n >> 2) & 1) & (neg_ab(n) ^ 1); }
V neg_sf(V n) { return neg_ab(n) | ((n >> 2) & 1); }
V lt_s32(V x, V y) { return op2("setp.lt.s32", Ty::boolean, x, y); }
V s33_sat(V s, int k, int sd, V word) {
    Lowerer* l = s.l;
    const std::int64_t unit = 0x80000000ll;
    const V low = sel(lt(s, I(l, (k - sd) * unit)), U(l, static_cast<std::uint64_t>(sd) << 31), word);
    return sd ? sel(ge(s, I(l, (k + 1) * unit)), U(l, 0x7fffffff), low) : low;
}

V top(Lowerer* l, int w) { return U(l, (0xffffffffu / ((1u << w) - 1u)) << (w - 1)); }
V add(V a, V b, int w) {
    const V h = top(a.l, w);
    return ((a & ~h) + (b & ~h)) ^ ((a ^ b) & h);
}
V sub(V a, V b, int w) {
    const V h = top(a.l, w);
    return ((a | h) - (b & ~h)) ^ ((a ^ ~b) & h);
}
V geu(V a, V b, int w) {
    const V nb = ~b, h = top(a.l, w);
    return ((a | nb) - (((a ^ nb) >> 1) & ~h)) & h;
}
V eqf(V a, V b, int w) {
    const V h = top(a.l, w), z = a ^ b;
    return ~(((z & ~h) + ~h) | z) & h;
}
V msk(V f, int w) { return (f - (f >> (w - 1))) | f; }
V addus(V a, V b, int w) {
    const V h = top(a.l, w);
    const V s = (a & ~h) + (b & ~h), t = a | b;
    const V carry = ((a & b) | (t & s)) & h;
    return s | (t & h) | (carry - (carry >> (w - 1)));
}
V subus(V a, V b, int w) {
    const V d = sub(a, b, w);
    return d & ~msk(((~a & b) | (~(a ^ b) & d)) & top(a.l, w), w);
}
V saturate(V r, V o, V a, int w) { return ((r & ~o) | (o - (o >> (w - 1)))) + ((a & o) >> (w - 1)); }
V addss(V a, V b, int w) {
    const V s = add(a, b, w);
    return saturate(s, (s ^ a) & (s ^ b) & top(a.l, w), a, w);
}
V subss(V a, V b, int w) {
    const V h = top(a.l, w);
    const V r = (a | h) - (b & ~h), x = a ^ b;
    return saturate(r ^ (~x & h), (r ^ a) & x & h, a, w);
}
V minu(V a, V b, int w) { return a ^ ((a ^ b) & msk(geu(a, b, w), w)); }
V maxu(V a, V b, int w) { return b ^ ((a ^ b) & msk(geu(a, b, w), w)); }
V mins(V a, V b, int w) { return a ^ ((a ^ b) & msk(geu(a ^ top(a.l, w), b ^ top(a.l, w), w), w)); }
V maxs(V a, V b, int w) { return b ^ ((a ^ b) & msk(geu(a ^ top(a.l, w), b ^ top(a.l, w), w), w)); }
V absdiffu(V a, V b, int w) { return maxu(a, b, w) - minu(a, b, w); }
V absdiffs(V a, V b, int w) { return absdiffu(a ^ top(a.l, w), b ^ top(a.l, w), w); }
V absdiffss(V a, V b, int w) {
    const V p = absdiffs(a, b, w), f = p & top(a.l, w);
    return (p | msk(f, w)) ^ f;
}
V avgu(V a, V b, int w) { return (a | b) - (((a ^ b) >> 1) & ~top(a.l, w)); }
V avgs(V a, V b, int w) {
    const V h = top(a.l, w), x = a ^ h, y = b ^ h;
    const V f = (x & y) + (((x ^ y) >> 1) & ~h);
    return (f + ((x ^ y) & (f >> (w - 1)) & (h >> (w - 1)))) ^ h;
}
V set(const std::string& c, V a, V b, int w) {
    if (c.back() == 's' && c != "ne" && c != "eq") {
        const V h = top(a.l, w);
        return set(c.substr(0, 2) + "u", a ^ h, b ^ h, w);
    }
    const V h = top(a.l, w);
    if (c == "eq") return eqf(a, b, w) >> (w - 1);
    if (c == "ne") return (eqf(a, b, w) ^ h) >> (w - 1);
    if (c == "geu") return geu(a, b, w) >> (w - 1);
    if (c == "ltu") return (geu(a, b, w) ^ h) >> (w - 1);
    if (c == "leu") return geu(b, a, w) >> (w - 1);
    if (c == "gtu") return (geu(b, a, w) ^ h) >> (w - 1);
    fail("no compare set_" + c);
}
V mask(V m, int lanes) {
    Lowerer* l = m.l;
    return lanes == 4 ? (((m & 15) * U(l, 0x00204081)) & U(l, 0x01010101)) * U(l, 0xff)
                      : (((m & 3) * U(l, 0x8001)) & U(l, 0x10001)) * U(l, 0xffff);
}
V pop(V m, int lanes) {
    return lanes == 4 ? u32((Q(m.l, 0x4332322132212110ull) >> ((m & 15) << 2)) & 7) : (m & 1) + ((m >> 1) & 1);
}
V hsum(V x, int lanes) {
    if (lanes == 2) return (x & 0xffff) + (x >> 16);
    const V y = (x & U(x.l, 0x00ff00ff)) + ((x >> 8) & U(x.l, 0x00ff00ff));
    return (y & 0xffff) + (y >> 16);
}
V cnt(V f, int lanes) {
    return lanes == 4 ? ((f >> 7) * U(f.l, 0x01010101)) >> 24 : ((f >> 15) * U(f.l, 0x10001)) >> 16;
}
V widen(V x, int lanes) {
    const V q = u64(x);
    return lanes == 4 ? (q | (q << 24)) & Q(x.l, 0x00ff00ff00ff00ffull) : (q | (q << 16)) & Q(x.l, 0x0000ffff0000ffffull);
}
V narrow(V w, int lanes) {
    return lanes == 4 ? u32((w & Q(w.l, 0x00ff00ff)) | ((w >> 24) & Q(w.l, 0xff00ff00)))
                      : u32((w & Q(w.l, 0xffff)) | ((w >> 16) & Q(w.l, 0xffff0000)));
}
V fmask(V m, int lanes) {
    const V f = lanes == 4 ? (u64(m & 15) * Q(m.l, 0x0000200080004001ull)) & Q(m.l, 0x0001000100010001ull)
                           : (u64(m & 3) * Q(m.l, 0x80000001ull)) & Q(m.l, 0x0000000100000001ull);
    return (f << (lanes == 4 ? 16 : 32)) - f;
}
V fsum(V w, int lanes) {
    if (lanes == 2) return u32(w) + u32(w >> 32);
    const V t = (w & Q(w.l, 0x0000ffff0000ffffull)) + ((w >> 16) & Q(w.l, 0x0000ffff0000ffffull));
    return u32(t) + u32(t >> 32);
}
V sadu(V a, V b, V c, V m, int lanes) { return c + hsum(absdiffu(a, b, 32 / lanes) & m, lanes); }
// With a constant mask, as ands and an or that the runtime drops where the
// mask is all ones or zeros.
V merge(V c, V r, V m) {
    if (!m.reg) return (r & m) | (c & ~m);
    return c ^ ((c ^ r) & m);
}
// R2: each lane takes the element of {b:a} its selector digit names: a's and
// b's bytes each moved into place (the digit's low bits), then the lanes
// whose digit names b taken from b's.
V select(V a, V b, V s, int lanes) {
    Lowerer* l = s.l;
    const V ctl = lanes == 4 ? s & 0x3333 : (s & 1) * U(l, 0x22) + ((s >> 4) & 1) * U(l, 0x2200) + U(l, 0x1010);
    const V from_b = lanes == 4 ? ((s >> 2) & 1) * U(l, 0xff) | ((s >> 6) & 1) * U(l, 0xff00) |
                                      ((s >> 10) & 1) * U(l, 0xff0000) | ((s >> 14) & 1) * U(l, 0xff000000)
                                : ((s >> 1) & 1) * U(l, 0xffff) | ((s >> 5) & 1) * U(l, 0xffff0000);
    return merge(permute(a, ctl), permute(b, ctl), from_b);
}

V call(const ir::Node& n, const std::vector<V>& a) {
    const std::string f = n.fn->name;
    if (n.lanes) {
        const int L = n.lanes, w = 32 / L;
        if (f == "add") return add(a[0], a[1], w);
        if (f == "sub") return sub(a[0], a[1], w);
        if (f == "geu") return geu(a[0], a[1], w);
        if (f == "eq") return eqf(a[0], a[1], w);
        if (f == "msk") return msk(a[0], w);
        if (f == "addus") return addus(a[0], a[1], w);
        if (f == "subus") return subus(a[0], a[1], w);
        if (f == "addss") return addss(a[0], a[1], w);
        if (f == "subss") return subss(a[0], a[1], w);
        if (f == "mins") return mins(a[0], a[1], w);
        if (f == "maxs") return maxs(a[0], a[1], w);
        if (f == "minu") return minu(a[0], a[1], w);
        if (f == "maxu") return maxu(a[0], a[1], w);
        if (f == "absdiffu") return absdiffu(a[0], a[1], w);
        if (f == "absdiffs") return absdiffs(a[0], a[1], w);
        if (f == "absdiffss") return absdiffss(a[0], a[1], w);
        if (f == "avgu") return avgu(a[0], a[1], w);
        if (f == "avgs") return avgs(a[0], a[1], w);
        if (f.rfind("set_", 0) == 0) return set(f.substr(4), a[0], a[1], w);
        if (f == "sadu") return sadu(a[0], a[1], a[2], a[3], L);
        if (f == "sads") {
            const V h = top(a[0].l, w);
            return sadu(a[0] ^ h, a[1] ^ h, a[2], a[3], L);
        }
        if (f == "mask") return mask(a[0], L);
        if (f == "pop") return pop(a[0], L);
        if (f == "hsum") return hsum(a[0], L);
        if (f == "cnt") return cnt(a[0], L);
        if (f == "widen") return widen(a[0], L);
        if (f == "narrow") return narrow(a[0], L);
        if (f == "fmask") return fmask(a[0], L);
        if (f == "fsum") return fsum(a[0], L);
        if (f == "select") return select(a[0], a[1], a[2], L);
        fail("no PTX form of lanes<" + std::to_string(L) + ">::" + f);
    }
    const V& x = a[0];
    Lowerer* l = x.l;
    if (f == "xs") return sx32(part(true, x, a[1]));
    if (f == "xu") return u64(part(false, x, a[1]));
    // R13: a part zero-extended is not negative, so its sign extension is the
    // same; the whole word is sign-extended.
    if (f == "xv") return sx32(part(false, x, a[1]));
    if (f == "xs32") return part(true, x, a[1]);
    if (f == "xu32") return part(false, x, a[1]);
    if (f == "sel64") return sel(a[0], a[1], a[2]);
    if (f == "wmin" || f == "smin") return op2("min.s64", Ty::i64, x, a[1]);
    if (f == "wmax" || f == "smax") return op2("max.s64", Ty::i64, x, a[1]);
    if (f == "umin64") return op2("min.u64", Ty::u64, x, a[1]);
    if (f == "umax64") return op2("max.u64", Ty::u64, x, a[1]);
    if (f == "umin_pattern") return op2("min.u64", Ty::i64, x, a[1]);
    if (f == "sabs") return op2("max.s64", Ty::i64, x, I(l, 0) - x);
    if (f == "umin32" || f == "min_u32") return op2("min.u32", Ty::u32, x, a[1]);
    if (f == "max_u32") return op2("max.u32", Ty::u32, x, a[1]);
    if (f == "min_s32" || f == "smin32") return op2("min.s32", Ty::u32, x, a[1]);
    if (f == "max_s32" || f == "smax32") return op2("max.s32", Ty::u32, x, a[1]);
    if (f == "min_su") return sel(lt(x | (0 - (x >> 31)), a[1]), x, a[1]);
    if (f == "max_su") return sel(ge(x | (0 - (x >> 31)), a[1]), x, a[1]);
    if (f == "min_zs") return sel(lt(x, a[1] & ((a[1] >> 31) - 1)), x, a[1]);
    if (f == "max_zs") return sel(ge(x, a[1] & ((a[1] >> 31) - 1)), x, a[1]);
    if (f == "lt_s32") return lt_s32(x, a[1]);
    if (f == "lt_us") return lt(x, a[1] & ((a[1] >> 31) - 1));
    if (f == "le_us") return lt(x, (a[1] + 1) & ((a[1] >> 31) - 1));
    if (f == "eq_us") return eq((x ^ a[1]) | (a[1] & U(l, 0x80000000)), U(l, 0));
    if (f == "absdiff_u32") return op2("max.u32", Ty::u32, x, a[1]) - op2("min.u32", Ty::u32, x, a[1]);
    if (f == "absdiff_s32") return op2("max.s32", Ty::u32, x, a[1]) - op2("min.s32", Ty::u32, x, a[1]);
    if (f == "sar32") return op2("shr.s32", Ty::u32, x, a[1]);
    if (f == "subsat_u32") return op2("max.u32", Ty::u32, x, a[1]) - a[1];
    if (f == "addsat_s32" || f == "subsat_s32") {
        const bool plus = f == "addsat_s32";
        const V s = plus ? x + a[1] : x - a[1];
        const V o = plus ? (s ^ x) & (s ^ a[1]) : (x ^ a[1]) & (s ^ x);
        return sel(lt_s32(o, U(l, 0)), U(l, 0x7fffffff) + (x >> 31), s);
    }
    if (f == "addsat" || f == "subsat") {
        const int sa = n.targs[0], sb = n.targs[1], sd = n.targs[2];
        const V bx = x ^ U(l, static_cast<std::uint64_t>(sa) << 31), by = a[1] ^ U(l, static_cast<std::uint64_t>(sb) << 31);
        if (f == "addsat") return s33_sat(i64(bx) + i64(by), sa + sb, sd, x + a[1]);
        return s33_sat(I(l, 0x100000000ll) + i64(bx) - i64(by), 2 + sa - sb, sd, x - a[1]);
    }
    if (f == "sx32") return sx32(x);
    if (f == "sx34") return (i64(x) << 30) >> 30;
    // m is 0 or all ones where the bodies call it: (x ^ m) - m.
    if (f == "negate_if") return (x ^ i64(a[1])) - i64(a[1]);
    if (f == "dmask") return dmask(x);
    if (f == "dmerge") {
        const V& ds = a[2];
        return merge(x, a[1] << dmove(ds), dmask(ds) << dpos(ds));
    }
    if (f == "neg_ab") return neg_ab(x);
    if (f == "neg_c") return neg_c(x);
    if (f == "neg_sf") return neg_sf(x);
    if (f == "merge") return merge(a[0], a[1], a[2]);
    fail("no PTX form of detail::" + f);
}

struct Walk {
    Lowerer& l;
    std::map<std::string, V> env;

    V value(const E& e) {
        const ir::Node& n = *e;
        switch (n.kind) {
            case ir::Node::Kind::var: {
                const auto it = env.find(n.text);
                if (it == env.end()) fail("an unbound variable " + n.text);
                return it->second;
            }
            case ir::Node::Kind::lit: return l.constant(e);
            case ir::Node::Kind::paren: return value(n.args[0]);
            case ir::Node::Kind::unary: {
                const V x = value(n.args[0]);
                if (n.un == ir::Un::bnot) return ~x;
                if (!x.reg) return l.constant(!x.e);
                return l.emit("not.pred", Ty::boolean, {x});
            }
            case ir::Node::Kind::binary: return l.bin(n.bin, value(n.args[0]), value(n.args[1]));
            case ir::Node::Kind::select: {
                // select(lt_s32(x, y), x, y) is min.s32 and (..., y, x) max.s32.
                const ir::Node& c = *n.args[0];
                if (c.kind == ir::Node::Kind::call && std::string(c.fn->name) == "lt_s32") {
                    if (ir::same(c.args[0], n.args[1]) && ir::same(c.args[1], n.args[2]))
                        return op2("min.s32", Ty::u32, value(n.args[1]), value(n.args[2]));
                    if (ir::same(c.args[1], n.args[1]) && ir::same(c.args[0], n.args[2]))
                        return op2("max.s32", Ty::u32, value(n.args[1]), value(n.args[2]));
                }
                return l.select(value(n.args[0]), value(n.args[1]), value(n.args[2]));
            }
            case ir::Node::Kind::cast: return l.cvt(n.ty, value(n.args[0]));
            case ir::Node::Kind::call: {
                std::vector<V> a;
                for (const E& k : n.args) a.push_back(value(k));
                return call(n, a);
            }
        }
        fail("a node of no kind");
    }
};

// What both forms of a variant read: its operands, and its constants (the
// trees kConsts prints: k.asel, k.bsel and k.x, the d selector, negations or
// mask).
struct Sources {
    V a, b, c, asel, bsel, x;
};
Sources sources(Lowerer& l) {
    const auto k = [&l](const char* name) { return l.constant(ir::var(name, Ty::uint)); };
    return {l.input(Arg::Kind::a), l.input(Arg::Kind::b), l.input(Arg::Kind::c), k("k.asel"), k("k.bsel"), k("k.x")};
}

// The variant's run-time body (the SWAR one for SIMD variants).
V body(Lowerer& l, const Variant& v, const Lowered& L) {
    const Sources s = sources(l);
    Walk w{l, {{"a", s.a}, {"b", s.b}, {"c", s.c}}};
    if (L.simd) {
        const int lanes = lanes_of(v.family->geometry);
        // Lanes outside the mask are cleared where they would enter a sum;
        // where the mask only merges the result with c, they cannot matter.
        const V live = L.mask_fold == MaskFold::merge ? l.lit(Ty::u32, 0xffffffffu) : mask(s.x, lanes);
        w.env["m"] = s.x;
        w.env["A"] = select(s.a, s.b, s.asel, lanes) & live;
        w.env["B"] = select(s.a, s.b, s.bsel, lanes) & live;
    } else {
        w.env["asel"] = s.asel;
        w.env["bsel"] = s.bsel;
        w.env[L.x == XParam::neg ? "neg" : "dsel"] = s.x;
    }
    for (const ir::Let& let : L.body.lets) {
        V k = w.value(let.value);
        if (k.ty != let.ty && k.ty != Ty::boolean) k = l.cvt(let.ty, k);
        w.env[let.name] = k;
    }
    return w.value(L.body.result);
}

// A SIMD variant lane by lane (R3, R5, R7, R11): each lane of Va and Vb
// extended to a 32-bit word by its slot's type, the operation's exact result
// on the two words (the operation table's lane_word), clamped to d's lane
// range under .sat, then packed and merged with c under the mask, or, under
// .add, the mask's lanes summed into c.
V lane_body(Lowerer& l, const Variant& v) {
    const OperationRow& op = row(v.opcode->operation);
    if (op.lane_word == nullptr) fail(v.function_name() + " has no lane word in the operation table");
    const int lanes = lanes_of(v.family->geometry), w = 32 / lanes;
    const Sources s = sources(l);
    const V& m = s.x;
    const bool sum = v.op2 == Op2::add;
    const V A = select(s.a, s.b, s.asel, lanes), B = select(s.a, s.b, s.bsel, lanes);
    const bool sa = v.atype == Type::s32, sb = v.btype == Type::s32, sd = v.has_dtype && v.dtype == Type::s32;
    const auto range = [w](bool sgn) {
        return sgn ? Range{-(std::int64_t{1} << (w - 1)), (std::int64_t{1} << (w - 1)) - 1} : Range{0, (std::int64_t{1} << w) - 1};
    };
    // Where the table gives no range of the exact result, both clamps.
    const Range exact = op.range != nullptr ? result_range(v.opcode->operation, range(sa), range(sb))
                                            : Range{INT64_MIN, INT64_MAX};
    const Range d = range(sd);
    std::vector<V> r;
    for (int i = 0; i < lanes; ++i) {
        Walk k{l, {}};
        const std::uint64_t pos = static_cast<std::uint64_t>(i * w);
        k.env["x"] = bfe(sa, A, U(&l, pos), U(&l, static_cast<std::uint64_t>(w)));
        k.env["y"] = bfe(sb, B, U(&l, pos), U(&l, static_cast<std::uint64_t>(w)));
        V t = k.value(op.lane_word({ir::var("x", Ty::u32), ir::var("y", Ty::u32), sa, sb, v.cmp}));
        if (v.sat && !sum) {
            if (exact.lo < d.lo) t = op2("max.s32", Ty::u32, t, I(&l, d.lo));
            if (exact.hi > d.hi) t = op2("min.s32", Ty::u32, t, I(&l, d.hi));
        }
        // R11: a lane outside the mask adds nothing.
        if (sum) t = t & (0 - ((m >> i) & 1));
        r.push_back(t);
    }
    if (sum) {
        V t = s.c;
        for (const V& x : r) t = t + x;
        return t;
    }
    // prmt reads the second register right where the first is not negative
    // (see permute): each first operand is a lane cut to its width, or a
    // pair of such lanes with zero bytes above.
    const V packed = lanes == 2 ? pack(r[0] & 0xffff, r[1], U(&l, 0x5410))
                                : pack(pack(r[0] & 0xff, r[1], U(&l, 0x1140)), pack(r[2] & 0xff, r[3], U(&l, 0x1140)),
                                       U(&l, 0x5410));
    return merge(s.c, packed, mask(m, lanes));
}

// d from r, written by the last instruction; unread instructions dropped,
// registers reused after their last reader.
Program finish(Lowerer& l, const V& r) {
    Arg d;
    d.kind = Arg::Kind::d;
    if (!r.reg || r.arg.kind != Arg::Kind::temp || l.ins.empty() || !(l.ins.back().d.kind == Arg::Kind::temp &&
                                                                        l.ins.back().d.index == r.arg.index)) {
        Ins m;
        m.op = "mov.b32";
        m.d = d;
        m.s.push_back(l.operand(r, Cls::b32));
        l.ins.push_back(m);
    } else {
        l.ins.back().d = d;
    }

    // Unread instructions dropped; registers reused after their last reader.
    std::vector<bool> live(l.temps.size(), false);
    std::vector<Ins> kept;
    for (auto it = l.ins.rbegin(); it != l.ins.rend(); ++it) {
        if (it->d.kind == Arg::Kind::temp && !live[it->d.index]) continue;
        for (const Arg& s : it->s)
            if (s.kind == Arg::Kind::temp) live[s.index] = true;
        kept.push_back(*it);
    }
    std::reverse(kept.begin(), kept.end());
    std::vector<int> last(l.temps.size(), -1);
    for (std::size_t i = 0; i < kept.size(); ++i)
        for (const Arg& s : kept[i].s)
            if (s.kind == Arg::Kind::temp) last[s.index] = static_cast<int>(i);
    Program p;
    std::vector<int> phys(l.temps.size(), -1);
    std::vector<std::vector<bool>> busy(3);
    for (std::size_t i = 0; i < kept.size(); ++i) {
        Ins in = kept[i];
        for (Arg& s : in.s) {
            if (s.kind != Arg::Kind::temp) continue;
            const int t = s.index;
            s.index = phys[t];
            if (last[t] == static_cast<int>(i)) busy[static_cast<int>(s.cls)][phys[t]] = false;
        }
        if (in.d.kind == Arg::Kind::temp) {
            auto& b = busy[static_cast<int>(in.d.cls)];
            const auto free = std::find(b.begin(), b.end(), false);
            const int r = static_cast<int>(free - b.begin());
            if (free == b.end()) b.push_back(true);
            else *free = true;
            phys[in.d.index] = r;
            in.d.index = r;
        }
        for (Arg& s : in.s)
            if (s.kind == Arg::Kind::konst) {
                p.consts.push_back({l.konsts[s.index]});
                s.index = static_cast<int>(p.consts.size()) - 1;
            }
        p.ins.push_back(in);
    }
    for (int c = 0; c < 3; ++c) p.regs[c] = static_cast<int>(busy[c].size());
    return p;
}

}  // namespace

Program lower(const Variant& v, const Lowered& L) {
    Lowerer sw;
    Program p = finish(sw, body(sw, v, L));
    if (!L.simd) return p;
    // SIMD: the lane by lane form where it is shorter.
    Lowerer ln;
    Program q = finish(ln, lane_body(ln, v));
    return q.ins.size() < p.ins.size() ? q : p;
}

}  // namespace ptxv::gen::ptx
