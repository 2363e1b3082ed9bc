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

#include "print.hpp"

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

struct Cpp {
    const char* type(Ty t) const { return spelling(t); }

    void literal(std::string& o, const Node& x) const {
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
    }

    void call(Printer<Cpp>& p, const Node& x) const {
        if (x.kind == Node::Kind::select) {
            p.o += x.ty == Ty::i64 ? "detail::sel64" : "detail::sel32";
        } else {
            p.o += x.lanes ? "detail::lanes<" + std::to_string(x.lanes) + ">::" : std::string("detail::");
            p.o += x.fn->name;
            for (std::size_t i = 0; i < x.targs.size(); ++i) {
                p.o += i == 0 ? "<" : ", ";
                p.o += x.targs[i] ? "true" : "false";
            }
            if (!x.targs.empty()) p.o += '>';
        }
        p.arguments(x);
    }

    void cast(Printer<Cpp>& p, const Node& x) const {
        if (x.brace) {
            p.o += spelling(x.ty);
            p.o += '{';
            p.print(x.args[0]);
            p.o += '}';
        } else {
            p.o += "static_cast<";
            p.o += spelling(x.ty);
            p.o += '>';
            p.grouping(x.args[0], true);
        }
    }
};

}  // namespace

std::string cpp(const E& x) {
    Printer<Cpp> p;
    p.print(x);
    return p.o;
}

std::string cpp(const Body& b) { return Printer<Cpp>{}.body(b); }

}  // namespace ptxv::gen::ir
