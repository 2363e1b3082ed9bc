// Pass 2 of ptxv-gen: families -> variants.
//
// A variant is what gets its own function: the opcode, its types and the
// modifiers that change the arithmetic. Selectors, masks, d selectors and vmad
// negations stay parameters, so the function count stays in the thousands,
// not the millions.
#include <algorithm>

#include "model.hpp"
#include "operations.hpp"

namespace ptxv::gen {

namespace {

// The mnemonic parts after the types, in the family's `order`.
std::vector<std::string> modifier_parts(const Variant& v) {
    std::vector<std::string> parts;
    for (const auto& m : v.family->order) {
        if (m == "sat" && v.sat) parts.emplace_back("sat");
        else if (m == "op2" && v.op2 != Op2::none) parts.emplace_back(spelling(v.op2));
        else if (m == "cmp" && v.operation_is_set()) parts.emplace_back(spelling(v.cmp));
        else if (m == "mode" && v.mode != Mode::none) parts.emplace_back(spelling(v.mode));
        else if (m == "po" && v.po) parts.emplace_back("po");
        else if (m == "scale" && v.scale != Scale::none) parts.emplace_back(spelling(v.scale));
    }
    return parts;
}

std::string joined(const Variant& v, char sep) {
    std::string s = v.opcode->name;
    if (v.has_dtype) s += sep + std::string(spelling(v.dtype));
    s += sep + std::string(spelling(v.atype));
    s += sep + std::string(spelling(v.btype));
    for (const auto& p : modifier_parts(v)) s += sep + p;
    return s;
}

}  // namespace

bool Variant::operation_is_set() const { return row(opcode->operation).compares; }
std::string Variant::function_name() const { return joined(*this, '_'); }
std::string Variant::ptx() const { return joined(*this, '.'); }

bool takes_c(const Variant& v) { return v.family->c_operand == spec::COperand::required || v.op2 != Op2::none; }

std::string default_form(const std::string& ptx, bool with_c, const char* const (&regs)[4]) {
    std::string s = ptx + " " + regs[0] + ", " + regs[1] + ", " + regs[2];
    if (with_c) s += std::string(", ") + regs[3];
    return s + ";";
}

std::vector<Variant> expand(const Spec& spec) {
    std::vector<Variant> out;
    int opcode_index = 0;
    for (const auto& fam : spec.families) {
        // An absent axis contributes one "off" value.
        const std::vector<Type> dtypes = fam.dtypes.empty() ? std::vector<Type>{Type::u32} : fam.dtypes;
        const std::vector<Cmp> cmps = fam.cmp.empty() ? std::vector<Cmp>{Cmp::eq} : fam.cmp;
        const std::vector<Mode> modes = fam.mode.empty() ? std::vector<Mode>{Mode::none} : fam.mode;
        std::vector<bool> pos{false};
        if (fam.po) pos.push_back(true);
        std::vector<bool> sats{false};
        if (fam.sat) sats.push_back(true);
        std::vector<Scale> scales{Scale::none};
        scales.insert(scales.end(), fam.scale.begin(), fam.scale.end());
        std::vector<Op2> op2s{Op2::none};
        op2s.insert(op2s.end(), fam.op2.begin(), fam.op2.end());

        for (const auto& op : fam.opcodes) {
            for (Type d : dtypes)
                for (Type a : fam.atypes)
                    for (Type b : fam.btypes)
                        for (Cmp c : cmps)
                            for (Mode m : modes)
                                for (bool po : pos)
                                    for (bool sat : sats)
                                        for (Scale sc : scales)
                                            for (Op2 o2 : op2s) {
                                                if (fam.exclusive_sat_op2 && sat && o2 != Op2::none) continue;
                                                Variant v;
                                                v.family = &fam;
                                                v.opcode = &op;
                                                v.opcode_index = opcode_index;
                                                v.has_dtype = !fam.dtypes.empty();
                                                v.dtype = d;
                                                v.atype = a;
                                                v.btype = b;
                                                v.cmp = c;
                                                v.mode = m;
                                                v.po = po;
                                                v.sat = sat;
                                                v.scale = sc;
                                                v.op2 = o2;
                                                out.push_back(v);
                                            }
            ++opcode_index;
        }
    }
    return out;
}

std::string Intrinsic::plain_name() const { return name.substr(name.find_first_not_of('_')); }

}  // namespace ptxv::gen
