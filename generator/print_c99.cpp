// The C99 printer of expression trees (expr.hpp), for `ptxv explain --c`:
// the same grouping as the C++ printer's; C's spellings of types, casts and
// literals. A 64-bit literal is a cast one ((int64_t)0x7fffffff), since an
// unsuffixed 0x80000000 is an unsigned int whose negation stays unsigned.
#include <cinttypes>
#include <cstdio>

#include "print.hpp"

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

struct C99 {
    bool (*has)(const std::string&);

    const char* type(Ty t) const { return c_type(t); }

    void literal(std::string& o, const Node& x) const {
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

    // A helper's template arguments, then a shared lane helper's width, come
    // after the tree's arguments.
    void call(Printer<C99>& p, const Node& x) const {
        std::string more;
        if (x.kind == Node::Kind::select) {
            p.o += x.ty == Ty::i64 ? "@_sel64" : "@_sel32";
        } else if (x.lanes) {
            const std::string named = std::string(x.fn->name) + std::to_string(x.lanes);
            if (has(named)) {
                p.o += "@_" + named;
            } else {
                p.o += std::string("@_") + x.fn->name;
                more = std::to_string(32 / x.lanes) + "u";
            }
        } else {
            p.o += std::string("@_") + x.fn->name;
            for (const bool t : x.targs) more += std::string(more.empty() ? "" : ", ") + (t ? "1" : "0");
        }
        p.arguments(x, more);
    }

    void cast(Printer<C99>& p, const Node& x) const {
        p.o += '(';
        p.o += c_type(x.ty);
        p.o += ')';
        const Node& a = *x.args[0];
        p.grouping(x.args[0], a.kind == Node::Kind::binary ||
                                  (a.kind == Node::Kind::lit && a.ty == Ty::i64 && static_cast<std::int64_t>(a.value) < 0));
    }
};

}  // namespace

std::string c99(const Body& b, bool (*has)(const std::string&)) { return Printer<C99>{C99{has}, {}}.body(b); }

}  // namespace ptxv::gen::ir
