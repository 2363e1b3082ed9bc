// Emit pass: the drop-in header (ptxv.hpp).
//
// The function bodies come from the plan pass (lower.cpp) and the helpers
// from generator/primitives/ (preamble.hpp, scalar.hpp, lanes.hpp); this file
// only frames them: each family's parameter checks (static_asserts, stated
// once per set of rules) and a line per variant naming the macro of
// forms.hpp that makes its compile-time and run-time forms. Output depends on
// the spec alone, in spec order, so the same spec always gives the same bytes.
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "emit.hpp"
#include "fragments.hpp"

namespace ptxv::gen {

namespace {

std::string sel_name(Sel s) {
    const char* n = spelling(s);
    return *n ? n : "none";
}

std::string join_readings(const Family& f) {
    std::string r;
    for (const auto& id : f.readings) r += " " + id;
    return r;
}


std::string sel_list(const std::vector<Sel>& v, const char* prefix) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) {
        s += (i == 0 ? "" : i + 1 == v.size() ? " or " : ", ");
        s += prefix + sel_name(v[i]);
    }
    return s;
}

unsigned sel_bits(const std::vector<Sel>& v) {
    unsigned m = 0;
    for (Sel s : v) m |= 1u << static_cast<unsigned>(s);
    return m;
}

std::string neg_spelling(std::uint8_t set) {
    if (set == 0) return "neg::none";
    std::string s;
    const char* names[3] = {"neg::a", "neg::b", "neg::c"};
    for (int i = 0; i < 3; ++i)
        if (set & (1u << i)) s += (s.empty() ? "" : " | ") + std::string(names[i]);
    return s;
}

void emit_constants(std::ostringstream& o, const Spec& spec) {
    o << "namespace ptxv {\n\n";
    o << "// The 32-bit word every function takes and returns (a register of PTX).\n";
    o << "using u32 = std::uint32_t;\n\n";
    o << "// Scalar selectors (R1, R9, R16); the numbering of ptxv::Sel.\n";
    o << "namespace sel {\n";
    const Sel all[] = {Sel::none, Sel::b0, Sel::b1, Sel::b2, Sel::b3, Sel::h0, Sel::h1, Sel::b01, Sel::b12, Sel::b23};
    for (Sel s : all)
        o << "inline constexpr unsigned " << sel_name(s) << " = " << static_cast<unsigned>(s) << ";\n";
    o << "}  // namespace sel\n\n";

    o << "// SIMD lane masks (R4): bit i set = lane i takes the result.\n";
    o << "namespace mask {\n";
    std::vector<std::string> seen;
    for (const auto& g : spec.geometries)
        for (const auto& m : g.masks) {
            bool dup = false;
            for (const auto& s : seen) dup = dup || s == m;
            if (dup) continue;
            seen.push_back(m);
            o << "inline constexpr unsigned " << m << " = " << hex_literal(mask_lanes(m)) << ";\n";
        }
    o << "}  // namespace mask\n\n";

    o << "// vmad operand negations (R13); -a -b cancel (R16).\n";
    o << "namespace neg {\n"
      << "inline constexpr unsigned none = 0, a = 1, b = 2, c = 4;\n"
      << "}  // namespace neg\n\n";
}

// The parameter checks of the compile-time forms, each set of static_asserts
// stated once, in a function template that every variant with those rules
// names (detail::params_NAME), printed before its first use.
class Checks {
public:
    // The name of the check `lines` over `params` (a template parameter
    // list), named after `base`; defines it in `o` on first use.
    std::string use(std::ostringstream& o, const std::string& base, const std::string& params, const std::string& lines) {
        const std::string body = "template <" + params + ">\nPTXV_HD constexpr void %s() noexcept {\n" + lines + "}\n";
        for (const auto& d : defined_)
            if (d.second == body) return d.first;
        std::string name = "params_" + base;
        for (int k = 2; taken(name); ++k) name = "params_" + base + "_" + std::to_string(k);
        defined_.emplace_back(name, body);
        std::string text = body;
        text.replace(text.find("%s"), 2, name);
        o << "namespace detail {\n" << text << "}  // namespace detail\n";
        return name;
    }

private:
    bool taken(const std::string& name) const {
        for (const auto& d : defined_)
            if (d.first == name) return true;
        return false;
    }
    std::vector<std::pair<std::string, std::string>> defined_;
};

// A scalar variant's run-time forms: rt::f, and where the plan pass made
// them, the bodies for two part sources (rt::part) and for d without a
// selector (rt::whole). `which` picks one; it returns false where the
// variant has none.
enum class Rt { general, part, whole };
bool emit_scalar_rt(std::ostringstream& o, const Variant& v, const Lowered& L, Rt which) {
    const ir::Body* body = which == Rt::general ? &L.body : which == Rt::part ? L.part_body ? &*L.part_body : nullptr
                                                          : L.whole_body ? &*L.whole_body : nullptr;
    if (!body) return false;
    const char* xname = L.x == XParam::dsel ? "dsel" : L.x == XParam::neg ? "neg" : "";
    if (which == Rt::general) o << "// " << v.ptx() << ": " << L.strategy << "\n";
    o << "PTXV_FI constexpr u32 " << L.name;
    if (which == Rt::whole)
        o << "(u32 a, u32 b, unsigned asel, unsigned bsel) noexcept {\n";
    else
        o << "(u32 a, u32 b, u32 c, unsigned asel, unsigned bsel, unsigned"
          << (L.x_used ? std::string(" ") + xname : std::string()) << ") noexcept {\n";
    o << ir::cpp(*body) << "}\n";
    return true;
}

// A scalar variant's compile-time form: its parameters checked, then the
// body chosen at compile time (no branch in the code).
void emit_scalar_template(std::ostringstream& o, const Variant& v, const Lowered& L, Checks& checks) {
    const Family& f = *v.family;
    const std::string& n = L.name;
    const std::string op = v.opcode->name;
    std::vector<Sel> src{Sel::none};
    src.insert(src.end(), f.source_selectors.begin(), f.source_selectors.end());
    const std::string src_set = hex_literal(sel_bits(src));
    const std::string src_msg = op + ": " + "%s must be " + sel_list(src, "sel::");
    auto msg = [&](const char* param) {
        std::string m = src_msg;
        m.replace(m.find("%s"), 2, param);
        return m;
    };
    std::string lines = "    static_assert(detail::in_set(" + src_set + ", Asel), \"" + msg("Asel") + "\");\n" +
                        "    static_assert(detail::in_set(" + src_set + ", Bsel), \"" + msg("Bsel") + "\");\n";
    std::string params = "unsigned Asel, unsigned Bsel", base = op;
    if (L.x == XParam::dsel) {
        std::vector<Sel> d{Sel::none};
        d.insert(d.end(), f.dest_selectors.begin(), f.dest_selectors.end());
        std::string m = op + ": Dsel must be " + sel_list(d, "sel::");
        if (!f.ignored_dest_selectors.empty())
            m += ", or one of the ignored " + sel_list(f.ignored_dest_selectors, "sel::");
        d.insert(d.end(), f.ignored_dest_selectors.begin(), f.ignored_dest_selectors.end());
        lines += "    static_assert(detail::in_set(" + hex_literal(sel_bits(d)) + ", Dsel), \"" + m + "\");\n";
        params += ", unsigned Dsel";
        base += "_dsel";
    } else if (L.x == XParam::neg) {
        const auto& sets = v.po ? f.negation_po : f.negation;
        unsigned bits = 0;
        std::string m;
        for (std::size_t i = 0; i < sets.size(); ++i) {
            bits |= 1u << sets[i];
            m += (i == 0 ? "" : i + 1 == sets.size() ? " or " : ", ") + neg_spelling(sets[i]);
        }
        lines += "    static_assert(detail::in_set(" + hex_literal(bits) + ", Neg), \"" + op + (v.po ? ".po" : "") +
                 ": Neg must be " + m + "\");\n";
        params += ", unsigned Neg";
        base += v.po ? "_po_neg" : "_neg";
    }
    const std::string check = checks.use(o, base, params, lines);
    // The form macro by the bodies the plan pass made (generator/primitives/forms.hpp).
    const bool whole = L.whole_body.has_value(), part = L.part_body.has_value();
    std::string macro;
    if (L.x == XParam::dsel)
        macro = std::string("PTXV_DSEL") + (whole ? "_WHOLE" : "") + (part ? "_PART" : "") + "_FORMS";
    else if (whole)
        throw std::runtime_error(v.ptx() + ": a body for d without a selector, but the variant has no d selector");
    else if (L.x == XParam::neg && part)
        throw std::runtime_error(v.ptx() + ": forms.hpp has no form for a vmad body with part sources");
    else
        macro = L.x == XParam::neg ? "PTXV_NEG_FORMS" : part ? "PTXV_OP2_PART_FORMS" : "PTXV_OP2_FORMS";
    o << macro << "(" << n << ", " << check << ")\n";
}

// A SIMD variant's lane count, as its forms and helpers name it.
const char* lane_count(const Variant& v) { return v.family->geometry == Geometry::byte ? "4" : "2"; }

std::string lanes_of(const Variant& v) { return std::string("detail::lanes<") + lane_count(v) + ">"; }

// A SIMD variant's kernel: the lane operation on the selected operands A and
// B under mask m, which the run-time and compile-time forms share.
void emit_simd_kernel(std::ostringstream& o, const Variant& v, const Lowered& L) {
    o << "// " << v.ptx() << ": " << L.strategy << "\n"
      << "PTXV_FI constexpr u32 " << L.name << "(u32 A, u32 B, u32 c, unsigned m) noexcept {\n" << ir::cpp(L.body) << "}\n";
}

// A SIMD variant's run-time and compile-time forms (forms.hpp), the
// template arguments checked by the family's check.
void emit_simd_forms(std::ostringstream& o, const Variant& v, const Lowered& L, Checks& checks) {
    const Family& f = *v.family;
    const GeometryDef& g = *f.geometry_def;
    const std::string op = v.opcode->name;
    const std::string lanes = lanes_of(v);
    unsigned mask_set = 0;
    std::string masks;
    for (std::size_t i = 0; i < g.masks.size(); ++i) {
        mask_set |= 1u << mask_lanes(g.masks[i]);
        masks += (i == 0 ? "" : i + 1 == g.masks.size() ? " or " : ", ") + ("mask::" + g.masks[i]);
    }
    const std::string digits = g.selector_prefix == 'b' ? "four hex digits 0-7" : "two hex digits 0-3";
    auto sel_msg = [&](const char* p, const std::string& def) {
        return op + ": " + p + " must be a ." + std::string(1, g.selector_prefix) + " selector written as " + digits +
               ", top lane first (the default ." + def + " is " + selector_literal(def) + ")";
    };
    const std::string check = checks.use(
        o, op, "unsigned Asel, unsigned Bsel, unsigned Mask",
        "    static_assert(" + lanes + "::select_ok(Asel), \"" + sel_msg("Asel", g.default_asel) + "\");\n" +
            "    static_assert(" + lanes + "::select_ok(Bsel), \"" + sel_msg("Bsel", g.default_bsel) + "\");\n" +
            "    static_assert(detail::in_set(" + hex_literal(mask_set) + ", Mask), \"" + op + ": Mask must be " + masks +
            "\");\n");
    o << "PTXV_SIMD_FORMS(" << lane_count(v) << ", " << L.name << ", " << check
      << ", " << selector_literal(g.default_asel) << ", " << selector_literal(g.default_bsel) << ", mask::"
      << g.default_mask << ")\n";
}

// One family's variants [from, to): each kind of form in one namespace
// block, in dependency order (kernels, run-time forms, compile-time forms).
void emit_family(std::ostringstream& o, const Model& m, std::size_t from, std::size_t to, Checks& checks) {
    const Family& fam = *m.variants[from].family;
    o << "// ---- " << fam.name << " (PTX ISA " << fam.section << ")";
    for (const auto& op : fam.opcodes) o << " " << op.name;
    o << "; readings" << join_readings(fam) << "\n\n";
    const auto block = [&](const char* ns, auto&& each) {
        std::ostringstream body;
        bool any = false;
        for (std::size_t i = from; i < to; ++i) any = each(body, m.variants[i], m.lowered[i]) || any;
        if (any) o << "namespace " << ns << " {\n" << body.str() << "}  // namespace " << ns << "\n";
    };
    if (fam.geometry != Geometry::scalar) {
        block("detail::k", [](std::ostringstream& b, const Variant& v, const Lowered& L) {
            emit_simd_kernel(b, v, L);
            return true;
        });
        for (std::size_t i = from; i < to; ++i) emit_simd_forms(o, m.variants[i], m.lowered[i], checks);
    } else {
        const std::pair<const char*, Rt> kinds[] = {{"rt", Rt::general}, {"rt::part", Rt::part}, {"rt::whole", Rt::whole}};
        for (const auto& k : kinds)
            block(k.first, [&](std::ostringstream& b, const Variant& v, const Lowered& L) {
                return emit_scalar_rt(b, v, L, k.second);
            });
        for (std::size_t i = from; i < to; ++i) emit_scalar_template(o, m.variants[i], m.lowered[i], checks);
    }
    o << "\n";
}

}  // namespace

OutputFile emit_header(const Model& m, const EmitOptions& opt) {
    const Spec& spec = m.spec;
    const std::vector<Variant>& variants = m.variants;
    std::ostringstream o;
    const std::string guard = guard_of(opt.header_name);
    o << banner(opt) << fragment("preamble.hpp", "intro") << "//\n// " << variants.size() << " variants; PTX ISA " << spec.ptx_isa << ".\n"
      << "#ifndef " << guard << "\n#define " << guard << "\n\n"
      << fragment("preamble.hpp", "preamble") << "\n";
    emit_constants(o, spec);
    o << "namespace detail {\n\n" << fragment("scalar.hpp", "scalar") << "\n" << fragment("lanes.hpp", "lanes")
      << "\n}  // namespace detail\n\n" << fragment("forms.hpp", "forms") << "\n";

    Checks checks;
    for (std::size_t from = 0; from < variants.size();) {
        std::size_t to = from + 1;
        while (to < variants.size() && variants[to].family == variants[from].family) ++to;
        emit_family(o, m, from, to, checks);
        from = to;
    }

    o << "}  // namespace ptxv\n\n" << fragment("forms.hpp", "forms_end") << "\n#endif  // " << guard << "\n";
    return {opt.header_name, o.str()};
}

}  // namespace ptxv::gen
