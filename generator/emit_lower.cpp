// ptxv-gen: ptxv_lower.inc, every variant as plain integer PTX for `ptxv
// lower` (runtime/src/tools/lower.cpp): each variant's run-time body lowered
// by lower_ptx.cpp and printed by print_ptx.cpp, and the constants the
// instructions read as functions of the instruction's selectors, d selector,
// negations or mask, printed by the C++ printer.
#include <map>
#include <sstream>
#include <stdexcept>

#include "emit.hpp"
#include "lower_ptx.hpp"

namespace ptxv::gen {

OutputFile emit_lower(const Model& m, const EmitOptions& opt) {
    std::vector<std::string> consts;  // C++ expressions over k.asel, k.bsel, k.x
    std::map<std::string, int> const_index;
    struct Form {
        std::size_t text;
        std::size_t instructions;
        int regs[3];
    };
    std::vector<std::string> texts;
    std::map<std::string, std::size_t> text_index;
    std::vector<Form> forms;
    for (std::size_t i = 0; i < m.variants.size(); ++i) {
        ptx::Program p;
        try {
            p = ptx::lower(m.variants[i], m.lowered[i]);
        } catch (const std::logic_error& e) {
            throw std::logic_error(m.lowered[i].name + ": " + e.what());
        }
        std::vector<int> index;
        for (const ptx::Konst& k : p.consts) {
            const std::string e = ir::cpp(k.expr);
            const auto [at, fresh] = const_index.emplace(e, static_cast<int>(consts.size()));
            if (fresh) consts.push_back(e);
            index.push_back(at->second);
        }
        const std::string t = ptx::print(p, index);
        const auto [at, fresh] = text_index.emplace(t, texts.size());
        if (fresh) texts.push_back(t);
        forms.push_back({at->second, p.ins.size(), {p.regs[0], p.regs[1], p.regs[2]}});
    }

    std::ostringstream o;
    o << banner(opt)
      << "//\n"
         "// Every variant as plain integer PTX, for `ptxv lower` (runtime/src/tools/lower.cpp): the\n"
         "// instructions of each distinct text, as lines, and per variant its text. @a, @b, @c and @d are\n"
         "// the instruction's operands (only the last instruction writes @d); @r<i>, @w<i> and @p<i> its\n"
         "// 32-bit, 64-bit and predicate registers; @k<i> (32-bit) and @K<i> (64-bit) the value of\n"
         "// kConsts[i] for the instruction's selectors (asel, bsel) and its d selector, negations or mask (x).\n"
         "#pragma once\n\n#include <cstdint>\n\nnamespace ptxv::ptx_forms {\n\n";
    o << "struct Consts {\n    unsigned asel, bsel, x;\n};\n";
    o << "using ConstFn = std::uint64_t (*)(const Consts&);\n";
    o << "inline constexpr int kConstCount = " << consts.size() << ";\n";
    o << "inline constexpr ConstFn kConsts[kConstCount] = {\n";
    for (const std::string& e : consts)
        o << "    [](const Consts& k) -> std::uint64_t { return static_cast<std::uint64_t>(" << e << "); },\n";
    o << "};\n\n";
    const std::vector<std::size_t> text_start = write_text_lines(o, texts, "ptxv_lower.inc");
    o << "struct Form {\n"
         "    std::uint16_t text;          // where its lines start in kTextLines\n"
         "    std::uint8_t instructions;\n"
         "    std::uint8_t regs[3];        // the registers it uses: 32-bit, 64-bit, predicate\n"
         "};\n";
    o << "inline constexpr int kFormCount = " << forms.size() << ";\n";
    o << "inline constexpr Form kForms[kFormCount] = {\n";
    for (std::size_t i = 0; i < forms.size(); ++i) {
        const Form& f = forms[i];
        o << "    {" << text_start[f.text] << ", " << f.instructions << ", {" << f.regs[0] << ", " << f.regs[1] << ", "
          << f.regs[2] << "}},  // " << m.lowered[i].name << "\n";
    }
    o << "};\n\n}  // namespace ptxv::ptx_forms\n";
    return {"ptxv_lower.inc", o.str()};
}

}  // namespace ptxv::gen
