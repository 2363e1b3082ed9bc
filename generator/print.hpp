// What the printers of expression trees share (print_cpp.cpp, print_c99.cpp):
// the walk over a tree, operators and their grouping, and a body as
// statements, four spaces in, one per line. The dialect D spells what the
// languages write differently:
//   const char* D::type(Ty)                    a declared type
//   void D::literal(std::string&, const Node&) a literal
//   void D::call(Printer<D>&, const Node&)     a select or a helper's call
//   void D::cast(Printer<D>&, const Node&)     a conversion
#pragma once

#include <string>

#include "expr.hpp"

namespace ptxv::gen::ir {

// Where a printer groups an operand x of the operator `parent` in
// parentheses (print_cpp.cpp states the rule); C and C++ rank these
// operators alike.
bool grouped(Bin parent, const Node& x, bool right);

template <class D>
struct Printer {
    D d;
    std::string o;

    void print(const E& e) {
        const Node& x = *e;
        switch (x.kind) {
            case Node::Kind::var: o += x.text; return;
            case Node::Kind::lit: d.literal(o, x); return;
            case Node::Kind::unary:
                o += x.un == Un::lnot ? "!" : "~";
                grouping(x.args[0], x.args[0]->kind == Node::Kind::binary);
                return;
            case Node::Kind::binary:
                grouping(x.args[0], grouped(x.bin, *x.args[0], false));
                o += ' ';
                o += spelling(x.bin);
                o += ' ';
                grouping(x.args[1], grouped(x.bin, *x.args[1], true));
                return;
            case Node::Kind::paren: grouping(x.args[0], true); return;
            case Node::Kind::select:
            case Node::Kind::call: d.call(*this, x); return;
            case Node::Kind::cast: d.cast(*this, x); return;
        }
    }

    // x, in parentheses where `g`.
    void grouping(const E& x, bool g) {
        if (g) o += '(';
        print(x);
        if (g) o += ')';
    }

    // "(a, b" and `more`, then ")": a call's arguments.
    void arguments(const Node& x, const std::string& more = {}) {
        o += '(';
        for (std::size_t i = 0; i < x.args.size(); ++i) {
            if (i) o += ", ";
            print(x.args[i]);
        }
        if (!more.empty()) o += (x.args.empty() ? "" : ", ") + more;
        o += ')';
    }

    std::string body(const Body& b) {
        for (const Let& l : b.lets) {
            o += "    const ";
            o += d.type(l.ty);
            o += ' ';
            o += l.name;
            o += " = ";
            print(l.value);
            o += ";\n";
        }
        o += "    return ";
        print(b.result);
        o += ";\n";
        return o;
    }
};

}  // namespace ptxv::gen::ir
