// The PTX printer (lower_ptx.hpp): a lowered program as instructions, one per
// line, over placeholders the runtime replaces (runtime/src/tools/lower.cpp).
#include "lower_ptx.hpp"
#include "ptxv/ptx_literal.hpp"

namespace ptxv::gen::ptx {

namespace {

std::string operand(const Arg& a, const std::vector<int>& konst_index) {
    switch (a.kind) {
        case Arg::Kind::a: return "@a";
        case Arg::Kind::b: return "@b";
        case Arg::Kind::c: return "@c";
        case Arg::Kind::d: return "@d";
        case Arg::Kind::temp: return (a.cls == Cls::b32 ? "@r" : a.cls == Cls::b64 ? "@w" : "@p") + std::to_string(a.index);
        case Arg::Kind::lit: return ptx_literal(a.value, a.cls == Cls::b64);
        case Arg::Kind::konst: return (a.cls == Cls::b64 ? "@K" : "@k") + std::to_string(konst_index.at(a.index));
    }
    return "?";
}

}  // namespace

std::string print(const Program& p, const std::vector<int>& konst_index) {
    std::string o;
    for (const Ins& i : p.ins) {
        o += i.op + " " + operand(i.d, konst_index);
        for (const Arg& s : i.s) o += ", " + operand(s, konst_index);
        o += ";\n";
    }
    return o;
}

}  // namespace ptxv::gen::ptx
