// Emit pass: the decode and validity tables the runtime parser consults
// (generated/ptxv_tables.hpp). The parser has no rule of its own; every "may
// this opcode take .sat" question is answered by a row written here.
#include <sstream>

#include "emit.hpp"

namespace ptxv::gen {

namespace {

template <class E>
unsigned bits(const std::vector<E>& v) {
    unsigned m = 0;
    for (E e : v) m |= spec::bit(e);
    return m;
}

unsigned negation_bits(const std::vector<std::uint8_t>& sets) {
    unsigned m = 0;
    for (auto s : sets) m |= 1u << s;
    return m;
}

std::string hex(unsigned v) {
    std::ostringstream o;
    o << "0x" << std::hex << v;
    return o.str();
}

// Element index per lane of a selector spelling; the last digit is lane 0 (R2).
std::string selector_elements(const std::string& s, int lanes) {
    std::string out = "{{";
    for (int lane = 0; lane < 4; ++lane) {
        int e = 0;
        if (lane < lanes) e = s[s.size() - 1 - static_cast<std::size_t>(lane)] - '0';
        out += (lane ? ", " : "") + std::to_string(e);
    }
    return out + "}}";
}

std::string enum_ref(const char* type, const char* value) { return std::string(type) + "::" + value; }

}  // namespace

OutputFile emit_tables(const Model& model, const EmitOptions& opt) {
    const Spec& spec = model.spec;
    const std::vector<Variant>& variants = model.variants;
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// Decode and validity tables for the runtime parser (layout: runtime/include/ptxv/spec_tables.hpp).\n"
      << "// PTX ISA " << spec.ptx_isa << "; validity per " << spec.oracle << ".\n"
      << "#pragma once\n\n#include \"ptxv/spec_tables.hpp\"\n\nnamespace ptxv::spec {\n\n";

    int count = 0;
    for (const auto& fam : spec.families) count += static_cast<int>(fam.opcodes.size());
    o << "inline constexpr int kOpcodeCount = " << count << ";\n\n";
    o << "inline constexpr OpcodeInfo kOpcodes[kOpcodeCount] = {\n";
    for (const auto& fam : spec.families) {
        const GeometryDef& g = *fam.geometry_def;
        const bool simd = fam.geometry != Geometry::scalar;
        std::string masks;
        for (const auto& m : g.masks) masks += (masks.empty() ? "" : " ") + m;
        std::string order, readings;
        for (const auto& x : fam.order) order += (order.empty() ? "" : " ") + x;
        for (const auto& x : fam.readings) readings += (readings.empty() ? "" : " ") + x;
        for (const auto& op : fam.opcodes) {
            o << "    // " << op.name << ": family " << fam.name << ", PTX ISA " << fam.section << ", "
              << fam.loc.str() << "\n"
              << "    {" << string_literal(op.name) << ", " << string_literal(fam.name) << ", "
              << enum_ref("Operation", name_of(op.operation)) << ", " << enum_ref("Geometry", name_of(fam.geometry))
              << ",\n     " << hex(bits(fam.dtypes)) << ", " << hex(bits(fam.atypes)) << ", " << hex(bits(fam.btypes))
              << ", " << (fam.sat ? "true" : "false") << ", " << hex(bits(fam.op2)) << ", " << hex(bits(fam.cmp))
              << ", " << hex(bits(fam.mode)) << ", " << (fam.po ? "true" : "false") << ", " << hex(bits(fam.scale))
              << ", " << hex(negation_bits(fam.negation)) << ", " << hex(negation_bits(fam.negation_po)) << ",\n     "
              << hex(bits(fam.source_selectors)) << ", " << hex(bits(fam.dest_selectors)) << ", "
              << hex(bits(fam.ignored_dest_selectors)) << ", " << hex(bits(fam.ignored_c_selectors)) << ", "
              << string_literal(masks) << ", "
              << hex(simd ? mask_lanes(g.default_mask) : 0u) << ", "
              << (simd ? "'" + std::string(1, g.selector_prefix) + "'" : std::string("0")) << ", "
              << (simd ? selector_elements(g.default_asel, g.lanes) : std::string("{{0, 0, 0, 0}}")) << ", "
              << (simd ? selector_elements(g.default_bsel, g.lanes) : std::string("{{0, 0, 0, 0}}")) << ",\n     "
              << (fam.immediates ? "true" : "false") << ", "
              << (fam.c_operand == spec::COperand::required ? "COperand::required" : "COperand::with_op2_or_dsel") << ", "
              << (fam.exclusive_sat_op2 ? "true" : "false") << ", " << (fam.exclusive_op2_dsel ? "true" : "false")
              << ", " << string_literal(order) << ", " << string_literal(readings) << "},\n";
        }
    }
    o << "};\n\n";

    o << "inline constexpr int kReadingCount = " << spec.readings.size() << ";\n";
    o << "inline constexpr ReadingInfo kReadings[kReadingCount] = {\n";
    for (const auto& r : spec.readings)
        o << "    {" << string_literal(r.id) << ", " << string_literal(r.title) << ", " << string_literal(r.verified_by) << "},\n";
    o << "};\n\n";

    const std::size_t probes = spec.probes.size();
    static const char* const kRegs[4] = {"r0", "r1", "r2", "r3"};
    o << "inline constexpr int kProbeCount = " << probes << ";\n";
    o << "inline constexpr ProbeInfo kProbes[" << (probes ? probes : 1) << "] = {\n";
    for (const auto& p : spec.probes)
        o << "    {" << string_literal(p.reading) << ", " << string_literal(default_form(p.variant, p.has_c, kRegs)) << ", " << hex(p.a)
          << ", " << hex(p.b) << ", " << hex(p.c) << ", " << hex(p.d) << "},\n";
    if (!probes) o << "    {\"\", \"\", 0u, 0u, 0u, 0u},\n";
    o << "};\n\n";

    o << "inline constexpr int kVariantCount = " << variants.size() << ";\n";
    o << "inline constexpr VariantInfo kVariants[kVariantCount] = {\n";
    for (const auto& v : variants)
        o << "    {" << string_literal(v.function_name()) << ", " << string_literal(v.ptx()) << ", " << v.opcode_index << "},\n";
    o << "};\n\n";

    o << "inline constexpr int kExampleCount = " << spec.examples.size() << ";\n";
    o << "inline constexpr ExampleInfo kExamples[" << (spec.examples.empty() ? 1 : spec.examples.size()) << "] = {\n";
    for (const auto& e : spec.examples)
        o << "    {" << string_literal(e.text) << ", " << (e.valid ? "true" : "false") << ", " << string_literal(e.reading) << "},\n";
    if (spec.examples.empty()) o << "    {\"\", true, \"\"},\n";
    o << "};\n\n}  // namespace ptxv::spec\n";
    return {"ptxv_tables.hpp", o.str()};
}

}  // namespace ptxv::gen
