// Expression trees: construction with type checks, the helpers' declarations,
// structure. See expr.hpp.
#include "expr.hpp"

#include <functional>
#include <stdexcept>

namespace ptxv::gen::ir {

namespace {

// The helpers of generator/primitives/scalar.hpp (detail::) and lanes.hpp
// (detail::lanes<N>::) that bodies call, with their C++ signatures.
// clang-format off
const Helper kHelpers[] = {
    // Operand extension (R1) by a source selector.
    {"xs", false, 0, Ty::i64, {Ty::u32, Ty::sel}},
    {"xu", false, 0, Ty::u64, {Ty::u32, Ty::sel}},
    {"xv", false, 0, Ty::i64, {Ty::u32, Ty::sel}},
    {"xs32", false, 0, Ty::u32, {Ty::u32, Ty::sel}},
    {"xu32", false, 0, Ty::u32, {Ty::u32, Ty::sel}},
    // Selects, minima and maxima.
    {"sel64", false, 0, Ty::i64, {Ty::boolean, Ty::i64, Ty::i64}},
    {"wmin", false, 0, Ty::i64, {Ty::i64, Ty::i64}},
    {"wmax", false, 0, Ty::i64, {Ty::i64, Ty::i64}},
    {"smin", false, 0, Ty::i64, {Ty::i64, Ty::i64}},
    {"smax", false, 0, Ty::i64, {Ty::i64, Ty::i64}},
    {"umin64", false, 0, Ty::u64, {Ty::u64, Ty::u64}},
    {"umax64", false, 0, Ty::u64, {Ty::u64, Ty::u64}},
    {"umin_pattern", false, 0, Ty::i64, {Ty::i64, Ty::i64}},
    {"umin32", false, 0, Ty::uint, {Ty::u32, Ty::uint}},
    {"sabs", false, 0, Ty::i64, {Ty::i64}},
    {"min_u32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"max_u32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"min_s32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"max_s32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"min_su", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"max_su", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"min_zs", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"max_zs", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"smin32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"smax32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    // Compares of 32-bit words: signed, and unsigned against signed.
    {"lt_s32", false, 0, Ty::boolean, {Ty::u32, Ty::u32}},
    {"lt_us", false, 0, Ty::boolean, {Ty::u32, Ty::u32}},
    {"le_us", false, 0, Ty::boolean, {Ty::u32, Ty::u32}},
    {"eq_us", false, 0, Ty::boolean, {Ty::u32, Ty::u32}},
    // Word arithmetic.
    {"absdiff_u32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"absdiff_s32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"sar32", false, 0, Ty::u32, {Ty::u32, Ty::uint}},
    {"subsat_u32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"addsat_s32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"subsat_s32", false, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"addsat", false, 3, Ty::u32, {Ty::u32, Ty::u32}},  // <signed a, signed b, signed d>
    {"subsat", false, 3, Ty::u32, {Ty::u32, Ty::u32}},
    {"sx32", false, 0, Ty::i64, {Ty::u32}},
    {"sx34", false, 0, Ty::i64, {Ty::u64}},
    {"negate_if", false, 0, Ty::i64, {Ty::i64, Ty::u64}},
    // d selectors (R9) and vmad's negations (R13).
    {"dmask", false, 0, Ty::u32, {Ty::dsel}},
    {"dmerge", false, 0, Ty::u32, {Ty::u32, Ty::u32, Ty::dsel}},
    {"neg_ab", false, 0, Ty::uint, {Ty::neg}},
    {"neg_c", false, 0, Ty::uint, {Ty::neg}},
    {"neg_sf", false, 0, Ty::uint, {Ty::neg}},
    // SIMD: c where a lane's mask bits are clear.
    {"merge", false, 0, Ty::u32, {Ty::u32, Ty::u32, Ty::u32}},
    // Lane helpers, detail::lanes<N>::.
    {"add", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"sub", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"geu", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"eq", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"msk", true, 0, Ty::u32, {Ty::u32}},
    {"addus", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"subus", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"addss", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"subss", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"mins", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"maxs", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"minu", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"maxu", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"absdiffu", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"absdiffs", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"absdiffss", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"avgu", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"avgs", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"sadu", true, 0, Ty::u32, {Ty::u32, Ty::u32, Ty::u32, Ty::u32}},
    {"set_eq", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"set_ne", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"set_ltu", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"set_leu", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"set_gtu", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"set_geu", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"set_lts", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"set_les", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"set_gts", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"set_ges", true, 0, Ty::u32, {Ty::u32, Ty::u32}},
    {"sads", true, 0, Ty::u32, {Ty::u32, Ty::u32, Ty::u32, Ty::u32}},
    {"mask", true, 0, Ty::u32, {Ty::mask}},
    {"pop", true, 0, Ty::u32, {Ty::mask}},
    {"hsum", true, 0, Ty::u32, {Ty::u32}},
    {"cnt", true, 0, Ty::u32, {Ty::u32}},
    {"widen", true, 0, Ty::u64, {Ty::u32}},
    {"narrow", true, 0, Ty::u32, {Ty::u64}},
    {"fmask", true, 0, Ty::u64, {Ty::mask}},
    {"fsum", true, 0, Ty::u32, {Ty::u64}},
    {"select", true, 0, Ty::u32, {Ty::u32, Ty::u32, Ty::sel}},
};
// clang-format on

[[noreturn]] void type_error(const std::string& what) { throw std::logic_error("expression: " + what); }

bool integer(Ty t) { return t == Ty::int_ || t == Ty::u32 || t == Ty::uint || t == Ty::u64 || t == Ty::i64; }
bool word(Ty t) { return t == Ty::u32 || t == Ty::uint; }

// Whether a value of type `from` converts to `to` without a cast and without
// changing its value: a literal to any integer, a 32-bit word to 64 bits.
bool converts(Ty from, Ty to) {
    if (from == to) return true;
    if (from == Ty::int_) return integer(to);
    if (word(from)) return word(to) || to == Ty::u64 || to == Ty::i64;
    return false;
}

// The type both operands of an arithmetic, bitwise or compare operator take.
Ty common(Bin op, Ty x, Ty y) {
    if (!integer(x) || !integer(y))
        type_error(std::string("operator ") + spelling(op) + " on " + spelling(x) + " and " + spelling(y));
    if (x == y) return x;
    if (x == Ty::int_) return y;
    if (y == Ty::int_) return x;
    if (word(x) && word(y)) return Ty::u32;
    if (word(x)) return y;
    if (word(y)) return x;
    type_error(std::string("mixed 64-bit signedness: ") + spelling(x) + " and " + spelling(y));
}

std::shared_ptr<Node> node(Node::Kind k, Ty t) {
    auto n = std::make_shared<Node>();
    n->kind = k;
    n->ty = t;
    return n;
}

void hash_into(std::size_t& h, std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); }

}  // namespace

const char* spelling(Ty t) {
    switch (t) {
        case Ty::boolean: return "bool";
        case Ty::int_: return "int";
        case Ty::u32: return "u32";
        case Ty::uint: return "unsigned";
        case Ty::u64: return "std::uint64_t";
        case Ty::i64: return "std::int64_t";
        case Ty::sel: return "sel";
        case Ty::dsel: return "dsel";
        case Ty::neg: return "neg";
        case Ty::mask: return "mask";
    }
    return "?";
}

const char* spelling(Bin op) {
    static const char* const names[] = {"+", "-", "*", "&", "|", "^", "<<", ">>", "==", "!=", "<", "<=", ">", ">="};
    return names[static_cast<int>(op)];
}

Ty E::ty() const { return n_->ty; }

E var(const std::string& name, Ty t) {
    auto n = node(Node::Kind::var, t);
    n->text = name;
    return E(n);
}

E lit(Ty t, std::uint64_t value) {
    if (!integer(t)) type_error(std::string("a literal of type ") + spelling(t));
    auto n = node(Node::Kind::lit, t);
    n->value = value;
    return E(n);
}

E hex(Ty t, std::uint64_t value, int digits) {
    if (!integer(t) || t == Ty::int_) type_error(std::string("a hex literal of type ") + spelling(t));
    auto n = node(Node::Kind::lit, t);
    n->value = value;
    n->hex = true;
    n->digits = digits;
    return E(n);
}

E shex(std::int64_t value) {
    auto n = node(Node::Kind::lit, Ty::i64);
    n->value = static_cast<std::uint64_t>(value);
    n->hex = true;
    return E(n);
}

E unary(Un op, const E& x) {
    const Ty t = x.ty();
    if (op == Un::lnot ? t != Ty::boolean : !integer(t) || t == Ty::int_)
        type_error(std::string(op == Un::lnot ? "!" : "~") + " on " + spelling(t));
    auto n = node(Node::Kind::unary, t);
    n->un = op;
    n->args = {x};
    return E(n);
}

E binary(Bin op, const E& x, const E& y) {
    Ty t;
    if (op == Bin::shl || op == Bin::shr) {
        if (!integer(x.ty()) || !integer(y.ty())) type_error(std::string("a shift of ") + spelling(x.ty()) + " by " + spelling(y.ty()));
        t = x.ty();
    } else {
        t = common(op, x.ty(), y.ty());
        if (op >= Bin::eq) t = Ty::boolean;
    }
    auto n = node(Node::Kind::binary, t);
    n->bin = op;
    n->args = {x, y};
    return E(n);
}

E select(const E& cond, const E& x, const E& y) {
    if (cond.ty() != Ty::boolean) type_error(std::string("a select on ") + spelling(cond.ty()));
    const Ty t = common(Bin::eq, x.ty(), y.ty());
    if (t != Ty::u32 && t != Ty::i64) type_error(std::string("a select of ") + spelling(t));
    auto n = node(Node::Kind::select, t);
    n->args = {cond, x, y};
    return E(n);
}

E cast(Ty t, const E& x, bool brace) {
    if (!integer(t) || t == Ty::int_ || !(integer(x.ty()) || x.ty() == Ty::boolean))
        type_error(std::string("a cast of ") + spelling(x.ty()) + " to " + spelling(t));
    if (brace && !converts(x.ty(), t)) type_error(std::string("a narrowing ") + spelling(t) + "{" + spelling(x.ty()) + "}");
    auto n = node(Node::Kind::cast, t);
    n->brace = brace;
    n->args = {x};
    return E(n);
}

namespace {
E make_call(int lanes, const char* name, std::vector<E> args, std::vector<bool> targs) {
    const Helper* h = nullptr;
    for (const Helper& k : kHelpers)
        if ((lanes != 0) == k.lane && std::string(k.name) == name) h = &k;
    const std::string what = (lanes ? "detail::lanes<" + std::to_string(lanes) + ">::" : std::string("detail::")) + name;
    if (!h) type_error(what + " is not a declared helper");
    if (lanes != 0 && lanes != 2 && lanes != 4) type_error(what + ": lanes are 2 or 4");
    if (static_cast<int>(targs.size()) != h->targs)
        type_error(what + " takes " + std::to_string(h->targs) + " template arguments, given " + std::to_string(targs.size()));
    if (args.size() != h->params.size())
        type_error(what + " takes " + std::to_string(h->params.size()) + " arguments, given " + std::to_string(args.size()));
    for (std::size_t i = 0; i < args.size(); ++i)
        if (!converts(args[i].ty(), h->params[i]))
            type_error(what + ": argument " + std::to_string(i + 1) + " is " + spelling(args[i].ty()) + ", not " +
                       spelling(h->params[i]));
    auto n = node(Node::Kind::call, h->result);
    n->fn = h;
    n->lanes = lanes;
    n->targs = std::move(targs);
    n->args = std::move(args);
    return E(n);
}
}  // namespace

E call(const char* name, std::vector<E> args, std::vector<bool> targs) {
    return make_call(0, name, std::move(args), std::move(targs));
}

E lane_call(int lanes, const char* name, std::vector<E> args) { return make_call(lanes, name, std::move(args), {}); }

E paren(const E& x) {
    auto n = node(Node::Kind::paren, x.ty());
    n->args = {x};
    return E(n);
}

E Body::let(Ty t, const std::string& name, const E& x) {
    if (!converts(x.ty(), t)) type_error("let " + name + ": " + spelling(x.ty()) + " is not a " + spelling(t));
    for (const Let& l : lets)
        if (l.name == name) type_error("let " + name + " twice");
    lets.push_back({t, name, x});
    return var(name, t);
}

bool same(const E& x, const E& y) {
    if (x.null() || y.null()) return x.null() && y.null();
    const Node &a = *x, &b = *y;
    if (a.kind != b.kind || a.ty != b.ty || a.text != b.text || a.value != b.value || a.hex != b.hex ||
        a.digits != b.digits || a.un != b.un || a.bin != b.bin || a.brace != b.brace || a.fn != b.fn ||
        a.lanes != b.lanes || a.targs != b.targs || a.args.size() != b.args.size())
        return false;
    for (std::size_t i = 0; i < a.args.size(); ++i)
        if (!same(a.args[i], b.args[i])) return false;
    return true;
}

bool same(const Body& x, const Body& y) {
    if (x.lets.size() != y.lets.size() || !same(x.result, y.result)) return false;
    for (std::size_t i = 0; i < x.lets.size(); ++i)
        if (x.lets[i].ty != y.lets[i].ty || x.lets[i].name != y.lets[i].name || !same(x.lets[i].value, y.lets[i].value))
            return false;
    return true;
}

std::size_t hash(const E& x) {
    std::size_t h = 0;
    if (x.null()) return h;
    const Node& a = *x;
    hash_into(h, static_cast<std::size_t>(a.kind) << 8 | static_cast<std::size_t>(a.ty));
    hash_into(h, std::hash<std::string>{}(a.text));
    hash_into(h, static_cast<std::size_t>(a.value));
    hash_into(h, static_cast<std::size_t>(a.un) << 16 | static_cast<std::size_t>(a.bin) << 8 |
                     static_cast<std::size_t>(a.hex) << 1 | static_cast<std::size_t>(a.brace));
    hash_into(h, std::hash<const void*>{}(a.fn));
    hash_into(h, static_cast<std::size_t>(a.lanes));
    for (const E& k : a.args) hash_into(h, hash(k));
    return h;
}

std::size_t hash(const Body& b) {
    std::size_t h = hash(b.result);
    for (const Let& l : b.lets) {
        hash_into(h, static_cast<std::size_t>(l.ty));
        hash_into(h, std::hash<std::string>{}(l.name));
        hash_into(h, hash(l.value));
    }
    return h;
}

namespace {
int uses(const E& x, const std::string& name) {
    if (x.null()) return 0;
    int n = x->kind == Node::Kind::var && x->text == name ? 1 : 0;
    for (const E& k : x->args) n += uses(k, name);
    return n;
}
}  // namespace

int uses(const Body& b, const std::string& name) {
    int n = uses(b.result, name);
    for (const Let& l : b.lets) n += uses(l.value, name);
    return n;
}

}  // namespace ptxv::gen::ir
