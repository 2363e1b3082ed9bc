// Emit pass: the hardware truth harness (generated/ptxv_hwcheck.cu).
//
// The readings of SEMANTICS.md that only a GPU can settle (selector digit
// order, mask digits, scalar saturation order, vset2/vset4 merge, vmad) are
// exercised here through real `asm volatile` video instructions. Operand forms
// are drawn from the spec's own tables with a fixed-seed generator, so the file
// is reproducible byte for byte and changes only when the spec does.
#include "emit_hwcheck.hpp"

#include "fragments.hpp"
#include "ptxv/random.hpp"

#include <cstdint>
#include <sstream>
#include <string>

namespace ptxv::gen {

namespace {

// Forms are drawn with ptxv::SplitMix64 (ptxv/random.hpp), so the file is
// the same on every platform and changes only when the spec does.
constexpr std::uint64_t kSeed = 0x70747876'68776368ull;  // "ptxvhwch"

// One operand form of a variant: everything a variant leaves as a parameter.
struct Form {
    std::string dsuffix;  // ".b1", ".b320", "" (d selector or mask)
    std::string asuffix, bsuffix;
    bool neg_a = false, neg_b = false, neg_c = false;
    bool has_c = false;
};

std::string digits_of_lanes(unsigned lanes_set, char prefix, int lanes) {
    std::string s(1, prefix);
    for (int i = lanes - 1; i >= 0; --i)
        if (lanes_set >> i & 1u) s += static_cast<char>('0' + i);
    return s;
}

unsigned lanes_of_mask(const std::string& spelling) {
    unsigned set = 0;
    for (std::size_t i = 1; i < spelling.size(); ++i) set |= 1u << (spelling[i] - '0');
    return set;
}

bool c_required(const Variant& v, bool merge) {
    return takes_c(v) || merge;
}

Form scalar_form(const Variant& v, ptxv::SplitMix64& rng, bool plain) {
    const Family& f = *v.family;
    const auto pick = [&](const std::vector<Sel>& from) {
        return "." + std::string(spelling(from[rng.below(static_cast<unsigned>(from.size()))]));
    };
    Form form;
    bool merge = false;
    if (!plain) {
        // One more choice than selectors: "no selector", the whole word (R1).
        const auto pick_source = [&]() -> std::string {
            const unsigned k = rng.below(static_cast<unsigned>(f.source_selectors.size()) + 1);
            return k == 0 ? std::string() : "." + std::string(spelling(f.source_selectors[k - 1]));
        };
        form.asuffix = pick_source();
        form.bsuffix = pick_source();
        const bool merge_allowed = !f.dest_selectors.empty() && !(f.exclusive_op2_dsel && v.op2 != Op2::none);
        const unsigned roll = rng.below(100);
        if (merge_allowed && roll < 50) {
            form.dsuffix = pick(f.dest_selectors);
            merge = true;
        } else if (!f.ignored_dest_selectors.empty() && roll >= 75) {
            // Accepted and ignored by ptxas (R16); a GPU confirms the "ignored".
            form.dsuffix = pick(f.ignored_dest_selectors);
        }
        if (!f.negation.empty()) {
            const auto& sets = v.po ? f.negation_po : f.negation;
            const std::uint8_t set = sets[rng.below(static_cast<unsigned>(sets.size()))];
            form.neg_a = (set & 1u) != 0;
            form.neg_b = (set & 2u) != 0;
            form.neg_c = (set & 4u) != 0;
        }
    }
    // Without .op2 or a merge, c is optional and ignored (R16): both spellings
    // are drawn so the GPU can confirm that too.
    form.has_c = c_required(v, merge) || (!plain && rng.chance(1, 2));
    return form;
}

Form simd_form(const Variant& v, ptxv::SplitMix64& rng, bool plain) {
    const GeometryDef& g = *v.family->geometry_def;
    Form form;
    form.has_c = true;
    if (plain) return form;
    const auto pick_selector = [&](const std::string& deflt) -> std::string {
        if (rng.chance(1, 5)) return std::string();
        for (;;) {
            std::string s(1, g.selector_prefix);
            for (int i = 0; i < g.lanes; ++i) s += static_cast<char>('0' + rng.below(2u * static_cast<unsigned>(g.lanes)));
            // ptxas cannot parse .b1024 (R17), so no GPU result can exist for it.
            if (s == "b1024") continue;
            return s == deflt ? std::string() : "." + s;
        }
    };
    form.asuffix = pick_selector(g.default_asel);
    form.bsuffix = pick_selector(g.default_bsel);
    const unsigned set = lanes_of_mask(g.masks[rng.below(static_cast<unsigned>(g.masks.size()))]);
    if (set != lanes_of_mask(g.default_mask)) form.dsuffix = "." + digits_of_lanes(set, g.selector_prefix, g.lanes);
    return form;
}

// The instruction as ptxv::print writes it: modifiers in the spec's order,
// defaults left out, single spaces, trailing ';'.
std::string render(const Variant& v, const Form& form, const char* const (&regs)[4]) {
    std::string s = v.ptx() + " " + regs[0] + form.dsuffix + ", ";
    s += (form.neg_a ? "-" : "") + std::string(regs[1]) + form.asuffix + ", ";
    s += (form.neg_b ? "-" : "") + std::string(regs[2]) + form.bsuffix;
    if (form.has_c) s += ", " + std::string(form.neg_c ? "-" : "") + regs[3];
    return s + ";";
}

// What one harness file holds; assemble() prints it around the scaffolding of
// generator/primitives/hwcheck.cu.
struct Harness {
    std::string file, program, what, columns, compare;
    std::string description;              // comment lines after the banner
    std::vector<std::string> names;       // column 1 of each form's lines
    std::vector<std::string> evaluations; // one macro line per form
    std::string probe_operands;           // rows of kProbeOperands
    std::size_t probes = 0;
    unsigned forms_per_variant = 1, default_vectors = 1;
};

OutputFile assemble(const Harness& h, const EmitOptions& opt) {
    const std::size_t forms = h.names.size();
    const std::size_t kernels = (forms + kHwcheckFormsPerKernel - 1) / kHwcheckFormsPerKernel;
    std::ostringstream o;
    o << banner(opt) << "//\n" << h.description << "#include <cstddef>\n\n"
      << "namespace {\n\n"
      << "constexpr int kFormCount = " << forms << ";\n"
      << "constexpr unsigned kProbeCount = " << h.probes << ";\n"
      << "constexpr unsigned kFormsPerVariant = " << h.forms_per_variant << ";\n"
      << "constexpr unsigned kDefaultVectors = " << h.default_vectors << ";\n"
      << "constexpr const char* kSource = " << string_literal("ptxv-gen from " + opt.spec_display_name) << ";\n"
      << "constexpr const char* kProgram = " << string_literal(h.program) << ";\n"
      << "constexpr const char* kWhat = " << string_literal(h.what) << ";\n"
      << "constexpr const char* kColumns = " << string_literal(h.columns) << ";\n"
      << "constexpr const char* kCompare = " << string_literal(h.compare) << ";\n\n"
      << "// Column 1 of form f's lines.\n"
      << "const char* const kForms[kFormCount] = {\n";
    for (const auto& t : h.names) o << "    " << string_literal(t) << ",\n";
    o << "};\n\n"
      << "// a, b, c of each probe.\n"
      << "__constant__ const unsigned kProbeOperands[" << (h.probes ? h.probes : 1) << "][3] = {\n"
      << (h.probes ? h.probe_operands : "    {0u, 0u, 0u},\n") << "};\n\n}  // namespace\n\n"
      << fragment("hwcheck.cu", "prologue") << "\n";
    for (std::size_t k = 0; k < kernels; ++k) {
        o << "PTXV_KERNEL_BEGIN(forms_" << k << ")\n";
        for (std::size_t f = k * kHwcheckFormsPerKernel; f < forms && f < (k + 1) * kHwcheckFormsPerKernel; ++f)
            o << "    " << h.evaluations[f] << "\n";
        o << "PTXV_KERNEL_END\n\n";
    }
    o << "void (*const kKernels[])(Out) = {\n";
    for (std::size_t k = 0; k < kernels; ++k) o << "    forms_" << k << ",\n";
    o << "};\n\n" << fragment("hwcheck.cu", "main");
    return {h.file, o.str()};
}

}  // namespace

OutputFile emit_hwcheck(const Model& model, const EmitOptions& opt) {
    const Spec& spec = model.spec;
    const std::vector<Variant>& variants = model.variants;
    ptxv::SplitMix64 rng(kSeed);
    Harness h;
    h.file = "ptxv_hwcheck.cu";
    h.program = "ptxv_hwcheck";
    h.what = "PTX video instructions";
    h.columns = "instruction, a, b, c, d (c is 0x00000000 where the instruction has no c)";
    h.compare = "ptxv golden OUT.tsv";
    h.forms_per_variant = kHwcheckFormsPerVariant;
    h.default_vectors = kHwcheckDefaultVectors;
    static const char* const kNames[4] = {"r0", "r1", "r2", "r3"};
    static const char* const kPlaceholders[4] = {"%0", "%1", "%2", "%3"};
    const auto add = [&](const std::string& text, const std::string& insn, bool has_c) {
        h.evaluations.push_back((has_c ? "PTXV_FORM4(" : "PTXV_FORM3(") + std::to_string(h.names.size()) + ", " +
                                string_literal(insn) + ")");
        h.names.push_back(text);
    };
    std::ostringstream probe_operands;
    for (const auto& p : spec.probes) {
        add(default_form(p.variant, p.has_c, kNames), default_form(p.variant, p.has_c, kPlaceholders), p.has_c);
        char buf[96];
        std::snprintf(buf, sizeof buf, "    {0x%08xu, 0x%08xu, 0x%08xu},  // %s predicts 0x%08x\n", p.a, p.b, p.c,
                      p.reading.c_str(), p.d);
        probe_operands << buf;
        ++h.probes;
    }
    h.probe_operands = probe_operands.str();
    for (const auto& v : variants)
        for (int k = 0; k < kHwcheckFormsPerVariant; ++k) {
            const bool plain = k == 0;
            const Form form = v.family->geometry == Geometry::scalar ? scalar_form(v, rng, plain) : simd_form(v, rng, plain);
            add(render(v, form, kNames), render(v, form, kPlaceholders), form.has_c);
        }
    std::ostringstream d;
    d << "// ptxv_hwcheck: runs " << h.names.size() << " forms (" << h.probes << " probes, then " << kHwcheckFormsPerVariant
      << " per variant of " << variants.size() << ") of the PTX video instructions on a GPU\n"
      << "// and writes what the device computed, for `ptxv golden` to compare with both CPU engines.\n"
      << "// The first " << h.probes << " forms are the spec's probes of its readings, on fixed operands. The first\n"
      << "// form of each variant uses every default; the others draw selectors, masks, d selectors and\n"
      << "// negations from the spec's tables. Instruction texts are ptxv's canonical spelling.\n"
      << "//\n"
      << "//   nvcc -arch=sm_90 -O2 -o ptxv_hwcheck ptxv_hwcheck.cu\n"
      << "//   ./ptxv_hwcheck out.tsv [vectors_per_form]     (default " << kHwcheckDefaultVectors << ")\n"
      << "//\n"
      << "// PTX ISA " << spec.ptx_isa << "; forms valid per " << spec.oracle << ".\n";
    h.description = d.str();
    return assemble(h, opt);
}

OutputFile emit_cuda_hwcheck(const Model& model, const EmitOptions& opt) {
    Harness h;
    h.file = "ptxv_cuda_hwcheck.cu";
    h.program = "ptxv_cuda_hwcheck";
    h.what = "CUDA SIMD intrinsics";
    h.columns = "intrinsic, x, y, z, result (an argument the intrinsic does not take is 0x00000000)";
    h.compare = "ptxv_cuda_golden OUT.tsv";
    h.default_vectors = kCudaHwcheckDefaultVectors;
    for (const auto& in : model.spec.intrinsics) {
        static const char* const kArgs[3] = {"x", "y", "z"};
        std::string call = in.name + "(";
        for (std::size_t k = 0; k < in.args.size(); ++k)
            call += std::string(k ? ", " : "") +
                    (in.args[k].type == "int" ? "static_cast<int>(" + std::string(kArgs[k]) + ")" : kArgs[k]);
        call += ")";
        h.evaluations.push_back("PTXV_INTRINSIC(" + std::to_string(h.names.size()) + ", " +
                                (in.args.size() > 1 ? "true" : "false") + ", " + (in.args.size() > 2 ? "true" : "false") +
                                ", " + call + ")");
        h.names.push_back(in.name);
    }
    std::ostringstream d;
    d << "// ptxv_cuda_hwcheck: calls CUDA's own " << h.names.size() << " SIMD intrinsics (the spec's cuda_intrinsics\n"
      << "// table) on a GPU and writes what they returned, for ptxv_cuda_golden to compare with\n"
      << "// ptxv::cuda and with the model of CUDA's documentation. The first 121 vectors of each\n"
      << "// are every pair of 11 boundary words; the rest are drawn, biased towards lane boundaries.\n"
      << "//\n"
      << "//   nvcc -arch=sm_90 -O2 -o ptxv_cuda_hwcheck ptxv_cuda_hwcheck.cu\n"
      << "//   ./ptxv_cuda_hwcheck out.tsv [vectors_per_form]     (default " << kCudaHwcheckDefaultVectors << ")\n";
    h.description = d.str();
    return assemble(h, opt);
}

}  // namespace ptxv::gen
