// Pass 2 of ptxv-gen: families -> variants.
//
// A variant is what gets its own function: the opcode, its types and the
// modifiers that change the arithmetic. Selectors, masks, d selectors and vmad
// negations stay parameters, so the function count stays in the thousands,
// not the millions.
#include "model.hpp"

namespace ptxv::gen {

const char* name_of(Type t) { return t == Type::s32 ? "s32" : "u32"; }

const char* name_of(Op2 o) {
    switch (o) {
        case Op2::add: return "add";
        case Op2::min: return "min";
        case Op2::max: return "max";
        case Op2::none: break;
    }
    return "";
}

const char* name_of(Cmp c) {
    switch (c) {
        case Cmp::eq: return "eq";
        case Cmp::ne: return "ne";
        case Cmp::lt: return "lt";
        case Cmp::le: return "le";
        case Cmp::gt: return "gt";
        case Cmp::ge: return "ge";
    }
    return "";
}

const char* name_of(Mode m) {
    switch (m) {
        case Mode::clamp: return "clamp";
        case Mode::wrap: return "wrap";
        case Mode::none: break;
    }
    return "";
}

const char* name_of(Scale s) {
    switch (s) {
        case Scale::shr7: return "shr7";
        case Scale::shr15: return "shr15";
        case Scale::none: break;
    }
    return "";
}

const char* name_of(Sel s) {
    switch (s) {
        case Sel::b0: return "b0";
        case Sel::b1: return "b1";
        case Sel::b2: return "b2";
        case Sel::b3: return "b3";
        case Sel::h0: return "h0";
        case Sel::h1: return "h1";
        case Sel::b01: return "b01";
        case Sel::b12: return "b12";
        case Sel::b23: return "b23";
        case Sel::none: break;
    }
    return "";
}

const char* name_of(Operation o) {
    switch (o) {
        case Operation::add: return "add";
        case Operation::sub: return "sub";
        case Operation::absdiff: return "absdiff";
        case Operation::min: return "min";
        case Operation::max: return "max";
        case Operation::avrg: return "avrg";
        case Operation::shl: return "shl";
        case Operation::shr: return "shr";
        case Operation::mad: return "mad";
        case Operation::set: return "set";
    }
    return "";
}

const char* name_of(Geometry g) {
    switch (g) {
        case Geometry::scalar: return "scalar";
        case Geometry::half: return "half";
        case Geometry::byte: return "byte";
    }
    return "";
}

namespace {

// The mnemonic parts after the types, in the family's `order`.
std::vector<std::string> modifier_parts(const Variant& v) {
    std::vector<std::string> parts;
    for (const auto& m : v.family->order) {
        if (m == "sat" && v.sat) parts.emplace_back("sat");
        else if (m == "op2" && v.op2 != Op2::none) parts.emplace_back(name_of(v.op2));
        else if (m == "cmp" && v.operation_is_set()) parts.emplace_back(name_of(v.cmp));
        else if (m == "mode" && v.mode != Mode::none) parts.emplace_back(name_of(v.mode));
        else if (m == "po" && v.po) parts.emplace_back("po");
        else if (m == "scale" && v.scale != Scale::none) parts.emplace_back(name_of(v.scale));
    }
    return parts;
}

std::string joined(const Variant& v, char sep) {
    std::string s = v.opcode->name;
    if (v.has_dtype) s += sep + std::string(name_of(v.dtype));
    s += sep + std::string(name_of(v.atype));
    s += sep + std::string(name_of(v.btype));
    for (const auto& p : modifier_parts(v)) s += sep + p;
    return s;
}

}  // namespace

bool Variant::operation_is_set() const { return opcode->operation == Operation::set; }
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

}  // namespace ptxv::gen
