// The C++ printer of expression trees (expr.hpp): the one place that writes
// C++ of a body.
//
// Grouping: an operand is put in parentheses where C++'s precedence needs
// them, and also where a bitwise operator or a shift takes an operand of
// another operator, or a sum takes a bitwise one ((a - b) ^ m, (x >> 1) &
// k), so that no reader, nor -Wparentheses, has to recall the table. A chain
// of one associative operator, or of sums and differences, reads left to
// right without them (a + b - c, x & y & z).
#include <cinttypes>
#include <cstdio>

#include "expr.hpp"

namespace ptxv::gen::ir {

namespace {

enum class Cls { arith, shift, compare, bitwise };

Cls cls(Bin op) {
    switch (op) {
        case Bin::add:
        case Bin::sub:
        case Bin::mul: return Cls::arith;
        case Bin::shl:
        case Bin::shr: return Cls::shift;
        case Bin::band:
        case Bin::bor:
        case Bin::bxor: return Cls::bitwise;
        case Bin::eq:
        case Bin::ne:
        case Bin::lt:
        case Bin::le:
        case Bin::gt:
        case Bin::ge: return Cls::compare;
    }
    return Cls::compare;
}

// Binds tighter: lower.
int precedence(Bin op) {
    switch (op) {
        case Bin::mul: return 5;
        case Bin::add:
        case Bin::sub: return 6;
        case Bin::shl:
        case Bin::shr: return 7;
        case Bin::lt:
        case Bin::le:
        case Bin::gt:
        case Bin::ge: return 9;
        case Bin::eq:
        case Bin::ne: return 10;
        case Bin::band: return 11;
        case Bin::bxor: return 12;
        case Bin::bor: return 13;
    }
    return 16;
}

}  // namespace

bool grouped(Bin parent, const Node& x, bool right) {
    if (x.kind != Node::Kind::binary) return false;
    switch (cls(parent)) {
        case Cls::bitwise: return x.bin != parent || right;
        case Cls::shift: return true;
        case Cls::compare: return cls(x.bin) != Cls::arith;
        case Cls::arith:
            if (cls(x.bin) != Cls::arith) return true;
            return precedence(x.bin) > precedence(parent) || (precedence(x.bin) == precedence(parent) && right);
    }
    return true;
}

namespace {

const char* suffix(Ty t) {
    switch (t) {
        case Ty::u32:
        case Ty::uint: return "u";
        case Ty::u64: return "ull";
        case Ty::i64: return "ll";
        default: return "";
    }
}

void print(std::string& o, const E& x);

void operand(std::string& o, Bin parent, const E& x, bool right) {
    const bool g = grouped(parent, *x, right);
    if (g) o += '(';
    print(o, x);
    if (g) o += ')';
}

void print(std::string& o, const E& e) {
    const Node& x = *e;
    switch (x.kind) {
        case Node::Kind::var: o += x.text; return;
        case Node::Kind::lit: {
            char buf[48];
            if (!x.hex) {
                std::snprintf(buf, sizeof buf, "%" PRIu64 "%s", x.value, suffix(x.ty));
            } else if (x.ty == Ty::i64) {
                const auto v = static_cast<std::int64_t>(x.value);
                const std::uint64_t m = v < 0 ? 0 - x.value : x.value;
                std::snprintf(buf, sizeof buf, "%s0x%0*" PRIx64 "ll", v < 0 ? "-" : "", x.digits, m);
            } else {
                std::snprintf(buf, sizeof buf, "0x%0*" PRIx64 "%s", x.digits, x.value, suffix(x.ty));
            }
            o += buf;
            return;
        }
        case Node::Kind::unary: {
            o += x.un == Un::lnot ? "!" : "~";
            const bool g = x.args[0]->kind == Node::Kind::binary;
            if (g) o += '(';
            print(o, x.args[0]);
            if (g) o += ')';
            return;
        }
        case Node::Kind::binary:
            operand(o, x.bin, x.args[0], false);
            o += ' ';
            o += spelling(x.bin);
            o += ' ';
            operand(o, x.bin, x.args[1], true);
            return;
        case Node::Kind::paren:
            o += '(';
            print(o, x.args[0]);
            o += ')';
            return;
        case Node::Kind::select:
        case Node::Kind::call: {
            if (x.kind == Node::Kind::select) {
                o += x.ty == Ty::i64 ? "detail::sel64" : "detail::sel32";
            } else {
                o += x.lanes ? "detail::lanes<" + std::to_string(x.lanes) + ">::" : std::string("detail::");
                o += x.fn->name;
                for (std::size_t i = 0; i < x.targs.size(); ++i) {
                    o += i == 0 ? "<" : ", ";
                    o += x.targs[i] ? "true" : "false";
                }
                if (!x.targs.empty()) o += '>';
            }
            o += '(';
            for (std::size_t i = 0; i < x.args.size(); ++i) {
                if (i) o += ", ";
                print(o, x.args[i]);
            }
            o += ')';
            return;
        }
        case Node::Kind::cast:
            if (x.brace) {
                o += spelling(x.ty);
                o += '{';
                print(o, x.args[0]);
                o += '}';
            } else {
                o += "static_cast<";
                o += spelling(x.ty);
                o += ">(";
                print(o, x.args[0]);
                o += ')';
            }
            return;
    }
}

}  // namespace

std::string cpp(const E& x) {
    std::string o;
    print(o, x);
    return o;
}

std::string cpp(const Body& b) {
    std::string o;
    for (const Let& l : b.lets) {
        o += "    const ";
        o += spelling(l.ty);
        o += ' ';
        o += l.name;
        o += " = ";
        print(o, l.value);
        o += ";\n";
    }
    o += "    return ";
    print(o, b.result);
    o += ";\n";
    return o;
}

}  // namespace ptxv::gen::ir
