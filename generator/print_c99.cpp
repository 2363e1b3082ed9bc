// The C99 printer of expression trees (expr.hpp), for `ptxv explain --c`:
// the same grouping as the C++ printer's; C's spellings of types, casts and
// literals. A 64-bit literal is a cast one ((int64_t)0x7fffffff), since an
// unsuffixed 0x80000000 is an unsigned int whose negation stays unsigned.
#include <cinttypes>
#include <cstdio>

#include "expr.hpp"

namespace ptxv::gen::ir {

namespace {

const char* c_type(Ty t) {
    switch (t) {
        case Ty::boolean:
        case Ty::int_: return "int";
        case Ty::u32: return "uint32_t";
        case Ty::u64: return "uint64_t";
        case Ty::i64: return "int64_t";
        case Ty::uint:
        case Ty::sel:
        case Ty::dsel:
        case Ty::neg:
        case Ty::mask: return "unsigned";
    }
    return "?";
}

struct Printer {
    bool (*has)(const std::string&);
    std::string o;

    void operand(Bin parent, const E& x, bool right) {
        const bool g = grouped(parent, *x, right);
        if (g) o += '(';
        print(x);
        if (g) o += ')';
    }

    void literal(const Node& x) {
        char buf[64];
        const char* cast = x.ty == Ty::u64 ? "(uint64_t)" : x.ty == Ty::i64 ? "(int64_t)" : "";
        const char* suffix = x.ty == Ty::u32 || x.ty == Ty::uint || x.ty == Ty::u64 ? "u" : "";
        std::uint64_t m = x.value;
        const char* sign = "";
        if (x.ty == Ty::i64 && static_cast<std::int64_t>(x.value) < 0) {
            m = 0 - x.value;
            sign = "-";
        }
        if (x.hex) {
            std::snprintf(buf, sizeof buf, "%s%s0x%0*" PRIx64 "%s", sign, cast, x.digits, m, suffix);
        } else {
            std::snprintf(buf, sizeof buf, "%s%s%" PRIu64 "%s", sign, cast, m, suffix);
        }
        o += buf;
    }

    void print(const E& e) {
        const Node& x = *e;
        switch (x.kind) {
            case Node::Kind::var: o += x.text; return;
            case Node::Kind::lit: literal(x); return;
            case Node::Kind::unary: {
                o += x.un == Un::lnot ? "!" : "~";
                const bool g = x.args[0]->kind == Node::Kind::binary;
                if (g) o += '(';
                print(x.args[0]);
                if (g) o += ')';
                return;
            }
            case Node::Kind::binary:
                operand(x.bin, x.args[0], false);
                o += ' ';
                o += spelling(x.bin);
                o += ' ';
                operand(x.bin, x.args[1], true);
                return;
            case Node::Kind::paren:
                o += '(';
                print(x.args[0]);
                o += ')';
                return;
            case Node::Kind::select:
            case Node::Kind::call: {
                std::string width;
                if (x.kind == Node::Kind::select) {
                    o += x.ty == Ty::i64 ? "@_sel64" : "@_sel32";
                } else if (x.lanes) {
                    const std::string named = std::string(x.fn->name) + std::to_string(x.lanes);
                    if (has(named)) {
                        o += "@_" + named;
                    } else {
                        o += std::string("@_") + x.fn->name;
                        width = std::to_string(32 / x.lanes) + "u";
                    }
                } else {
                    o += std::string("@_") + x.fn->name;
                }
                o += '(';
                bool first = true;
                const auto next = [&] {
                    if (!first) o += ", ";
                    first = false;
                };
                for (const E& a : x.args) {
                    next();
                    print(a);
                }
                for (const bool t : x.targs) {
                    next();
                    o += t ? "1" : "0";
                }
                if (!width.empty()) {
                    next();
                    o += width;
                }
                o += ')';
                return;
            }
            case Node::Kind::cast: {
                o += '(';
                o += c_type(x.ty);
                o += ')';
                const Node& a = *x.args[0];
                const bool g = a.kind == Node::Kind::binary ||
                               (a.kind == Node::Kind::lit && a.ty == Ty::i64 && static_cast<std::int64_t>(a.value) < 0);
                if (g) o += '(';
                print(x.args[0]);
                if (g) o += ')';
                return;
            }
        }
    }
};

}  // namespace

std::string c99(const Body& b, bool (*has)(const std::string&)) {
    Printer p{has, {}};
    for (const Let& l : b.lets) {
        p.o += "    const ";
        p.o += c_type(l.ty);
        p.o += ' ';
        p.o += l.name;
        p.o += " = ";
        p.print(l.value);
        p.o += ";\n";
    }
    p.o += "    return ";
    p.print(b.result);
    p.o += ";\n";
    return p.o;
}

}  // namespace ptxv::gen::ir
