// ptxv_ptxas_check: forms as written (forms.hpp).
#include "forms.hpp"

#include <cstdio>

#include "ptxv/random_form.hpp"

namespace ptxas_check {

std::vector<std::string> split_words(const char* list, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (const char* p = list; *p != '\0'; ++p) {
        if (*p == sep) {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += *p;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

std::string render(const Form& f) {
    const std::string dot = f.loose ? " ." : ".";
    std::string s = f.guard + kOpcodes[f.opcode].name;
    for (const std::string& m : f.mods) s += dot + m;
    s += f.loose ? "\t" : " ";
    for (std::size_t i = 0; i < f.ops.size(); ++i) {
        const Opnd& o = f.ops[i];
        if (i != 0) s += f.loose ? " ,\t" : ", ";
        if (o.neg) s += f.loose ? "- " : "-";
        s += o.text;
        // "5 .b0" would read as a float literal's tail, so an immediate's
        // selector stays attached.
        if (!o.sel.empty()) s += (o.imm ? "." : dot) + o.sel;
    }
    return s + (f.loose ? " ;" : ";");
}

bool is_type(const std::string& m) { return is_one_of(kTypeNames, m); }
bool is_op2(const std::string& m) { return is_one_of(kOp2Names, m); }

bool has_mod(const Form& f, const std::string& m) {
    return std::find(f.mods.begin(), f.mods.end(), m) != f.mods.end();
}
void insert_mod(Form& f, const std::string& m, Rng& r) {
    f.mods.insert(f.mods.begin() + static_cast<std::ptrdiff_t>(r.below(f.mods.size() + 1)), m);
}
bool has_op2(const Form& f) { return std::any_of(f.mods.begin(), f.mods.end(), is_op2); }

std::string reg(Rng& r) { return "r" + std::to_string(r.below(16)); }

void make_reg(Opnd& o, Rng& r) {
    if (o.imm) {
        o.imm = false;
        o.text = reg(r);
    }
}

std::string hex(std::uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// Integer literals in every spelling PTX has, some wider than 32 bits (ptxas
// truncates those, as for add.s32). Nothing wider than 64 bits: ptxas's
// overflow check is erratic there.
std::string immediate(Rng& r) {
    switch (r.below(8)) {
        case 0: return std::to_string(r.below(101));
        case 1: return "-" + std::to_string(1 + r.below(1000));
        case 2: return hex(r.next() & 0xffffffffu);
        case 3: return hex(r.next());
        case 4: return std::to_string(r.next());
        case 5: return std::to_string(r.below(1000)) + "U";
        case 6: {
            std::string s = "0";
            for (std::size_t n = 1 + r.below(6); n > 0; --n) s += static_cast<char>('0' + r.below(8));
            return s;
        }
        default: {
            std::string s = "0b1";
            for (std::size_t n = r.below(12); n > 0; --n) s += static_cast<char>('0' + r.below(2));
            return s;
        }
    }
}

int lanes(const OpcodeInfo& info) { return ptxv::lanes_of(info.geometry); }
bool scalar(const OpcodeInfo& info) { return info.geometry == Geometry::scalar; }

std::string digits(Rng& r, int count, int lo, int hi) {
    std::string s;
    for (int i = 0; i < count; ++i) s += static_cast<char>('0' + lo + static_cast<int>(r.below(static_cast<std::size_t>(hi - lo + 1))));
    return s;
}

std::string simd_source_sel(const OpcodeInfo& info, Rng& r) {
    for (;;) {
        const std::string s = std::string(1, info.selector_prefix) + digits(r, lanes(info), 0, 2 * lanes(info) - 1);
        if (s != kReservedSelector) return s;
    }
}

// Valid forms: the parts are ptxv::random_form's (the runtime's one draw of
// valid forms, from the tables); what is added here is every way PTX lets
// them be written, which is what ptxas and the parser must agree on:
// modifiers in any order and .sat repeated (R16), a predicate guard, loose
// whitespace, any registers, default masks and selectors written out, and
// immediates in every literal syntax.

namespace {

// The SIMD mask or selector as written, without the '.'; "" when it is the
// default and left out.
std::string simd_mask(const OpcodeInfo& info, std::uint8_t mask, Rng& r) {
    if (mask == info.default_mask && r.chance(3, 4)) return "";
    std::string s(1, info.selector_prefix);
    for (int i = lanes(info) - 1; i >= 0; --i) {
        if ((mask >> i & 1u) != 0) s += static_cast<char>('0' + i);
    }
    return s;
}

std::string simd_sel(const OpcodeInfo& info, const std::array<std::uint8_t, 4>& sel,
                     const std::array<std::uint8_t, 4>& def, Rng& r) {
    std::string s(1, info.selector_prefix), d = s;
    for (std::size_t i = static_cast<std::size_t>(lanes(info)); i-- > 0;) {
        s += static_cast<char>('0' + sel[i]);
        d += static_cast<char>('0' + def[i]);
    }
    return s == d && r.chance(3, 4) ? "" : s;
}

Form spell(int vi, const ptxv::Instr& in, Rng& r) {
    Form f;
    f.variant = vi;
    f.opcode = kVariants[vi].opcode;
    const OpcodeInfo& info = kOpcodes[f.opcode];
    std::vector<std::string> words = split_words(kVariants[vi].ptx, '.');
    std::vector<std::string> types, others;
    for (std::size_t i = 1; i < words.size(); ++i) (is_type(words[i]) ? types : others).push_back(words[i]);
    if (info.sat && std::find(others.begin(), others.end(), "sat") != others.end() && r.chance(1, 4)) {
        others.push_back("sat");  // R16
    }
    if (r.chance(1, 2)) {
        f.mods = types;
        f.mods.insert(f.mods.end(), others.begin(), others.end());
    } else {
        // Free order, but the types keep theirs: it says which is which.
        r.shuffle(others);
        std::size_t t = 0, o = 0;
        while (t < types.size() || o < others.size()) {
            const bool take_type = o == others.size() || (t < types.size() && r.chance(1, 2));
            f.mods.push_back(take_type ? types[t++] : others[o++]);
        }
    }
    if (r.chance(1, 4)) f.guard = std::string(r.chance(1, 2) ? "@!p" : "@p") + std::to_string(r.below(4)) + " ";
    f.loose = r.chance(1, 8);

    const ptxv::Operand* src[3] = {&in.a, &in.b, &in.c};
    f.ops.resize(in.has_c ? 4 : 3);
    for (std::size_t i = 0; i < f.ops.size(); ++i) {
        Opnd& o = f.ops[i];
        if (i != D && src[i - 1]->kind == ptxv::Operand::Kind::imm) {
            o = Opnd{false, true, immediate(r), ""};
            continue;
        }
        o.text = reg(r);
        o.neg = i != D && src[i - 1]->neg;
    }
    auto sel_name = [](ptxv::Sel s) { return std::string(kSelNames[static_cast<int>(s)]); };
    if (scalar(info)) {
        f.ops[D].sel = sel_name(in.dsel);
        if (!f.ops[A].imm) f.ops[A].sel = sel_name(in.asel);
        if (!f.ops[B].imm) f.ops[B].sel = sel_name(in.bsel);
        if (in.has_c && !f.ops[C].imm) f.ops[C].sel = sel_name(in.csel);
    } else {
        f.ops[D].sel = simd_mask(info, in.mask, r);
        f.ops[A].sel = simd_sel(info, in.simd_asel, info.default_asel, r);
        f.ops[B].sel = simd_sel(info, in.simd_bsel, info.default_bsel, r);
    }
    return f;
}

}  // namespace

Form make_valid(int vi, Rng& r) {
    for (;;) {
        Form f = spell(vi, ptxv::random_form(vi, r), r);
        // R17's selector is checked on its own, not as a valid form.
        if (render(f).find(kReservedSelector) == std::string::npos) return f;
    }
}

}  // namespace ptxas_check
