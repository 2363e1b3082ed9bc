// Emit pass: the decode and validity tables the runtime parser consults
// (generated/ptxv_tables.hpp). The parser has no rule of its own; every "may
// this opcode take .sat" question is answered by a row written here.
#include <algorithm>
#include <sstream>
#include <stdexcept>

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

// ptxv::variant_of's index (VariantIndex in spec_tables.hpp): per opcode, the
// position of each field's value in the expansion order of expand.cpp and the
// strides that order gives. Checked here against the expanded variants, so a
// change of the expansion order fails the generator instead of the lookup.
void emit_variant_index(std::ostringstream& o, const Spec& spec, const std::vector<Variant>& variants) {
    o << "inline constexpr VariantIndex kVariantIndex[kOpcodeCount] = {\n";
    int k = 0;
    for (const auto& fam : spec.families) {
        const std::vector<Type> dtypes = fam.dtypes.empty() ? std::vector<Type>{Type::u32} : fam.dtypes;
        const std::vector<Cmp> cmps = fam.cmp.empty() ? std::vector<Cmp>{Cmp::eq} : fam.cmp;
        const std::vector<Mode> modes = fam.mode.empty() ? std::vector<Mode>{Mode::none} : fam.mode;
        int tail[2][2][3][4];
        for (auto& x : tail) for (auto& y : x) for (auto& z : y) for (int& t : z) t = -1;
        int n_tail = 0;
        for (int po = 0; po <= (fam.po ? 1 : 0); ++po)
            for (int sat = 0; sat <= (fam.sat ? 1 : 0); ++sat) {
                std::vector<Scale> scales{Scale::none};
                scales.insert(scales.end(), fam.scale.begin(), fam.scale.end());
                std::vector<Op2> op2s{Op2::none};
                op2s.insert(op2s.end(), fam.op2.begin(), fam.op2.end());
                for (Scale sc : scales)
                    for (Op2 o2 : op2s) {
                        if (fam.exclusive_sat_op2 && sat && o2 != Op2::none) continue;
                        tail[po][sat][static_cast<int>(sc)][static_cast<int>(o2)] = n_tail++;
                    }
            }
        const int stride_mode = n_tail, stride_cmp = static_cast<int>(modes.size()) * stride_mode;
        const int stride_b = static_cast<int>(cmps.size()) * stride_cmp;
        const int stride_a = static_cast<int>(fam.btypes.size()) * stride_b;
        const int stride_d = static_cast<int>(fam.atypes.size()) * stride_a;
        const auto positions = [](const auto& list, int count) {
            std::vector<int> p(static_cast<std::size_t>(count), -1);
            for (std::size_t i = 0; i < list.size(); ++i) p[static_cast<std::size_t>(list[i])] = static_cast<int>(i);
            return p;
        };
        const auto pd = positions(dtypes, 2), pa = positions(fam.atypes, 2), pb = positions(fam.btypes, 2);
        const auto pc = positions(cmps, 6), pm = positions(modes, 3);
        const auto row = [](const std::vector<int>& p) {
            std::string r = "{";
            for (std::size_t i = 0; i < p.size(); ++i) r += (i ? ", " : "") + std::to_string(p[i]);
            return r + "}";
        };
        for (std::size_t op = 0; op < fam.opcodes.size(); ++op, ++k) {
            int first = -1;
            for (std::size_t i = 0; i < variants.size(); ++i) {
                const Variant& v = variants[i];
                if (v.opcode_index != k) continue;
                if (first < 0) first = static_cast<int>(i);
                const auto at = [](const std::vector<int>& p, auto e) { return p[static_cast<std::size_t>(e)]; };
                const int index = first + at(pd, v.dtype) * stride_d + at(pa, v.atype) * stride_a +
                                  at(pb, v.btype) * stride_b + at(pc, v.cmp) * stride_cmp + at(pm, v.mode) * stride_mode +
                                  tail[v.po][v.sat][static_cast<int>(v.scale)][static_cast<int>(v.op2)];
                if (index != static_cast<int>(i))
                    throw std::logic_error("variant index of " + v.ptx() + " is " + std::to_string(index) + ", not " +
                                           std::to_string(i) + ": expand.cpp's order changed");
            }
            o << "    {" << first << ", " << stride_d << ", " << stride_a << ", " << stride_b << ", " << stride_cmp << ", "
              << stride_mode << ", " << row(pd) << ", " << row(pa) << ", " << row(pb) << ", " << row(pc) << ", " << row(pm)
              << ",\n     {";
            for (int po = 0; po < 2; ++po) {
                o << (po ? ", " : "") << "{";
                for (int sat = 0; sat < 2; ++sat) {
                    o << (sat ? ", " : "") << "{";
                    for (int sc = 0; sc < 3; ++sc)
                        o << (sc ? ", " : "") << row({tail[po][sat][sc][0], tail[po][sat][sc][1], tail[po][sat][sc][2],
                                                     tail[po][sat][sc][3]});
                    o << "}";
                }
                o << "}";
            }
            o << "}},  // " << fam.opcodes[op].name << "\n";
        }
    }
    o << "};\n\n";
}

}  // namespace

OutputFile emit_tables(const Model& model, const EmitOptions& opt) {
    const Spec& spec = model.spec;
    const std::vector<Variant>& variants = model.variants;
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// Decode and validity tables for the runtime parser (layout: spec/include/ptxv/spec_tables.hpp).\n"
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
              << enum_ref("Operation", spelling(op.operation)) << ", " << enum_ref("Geometry", spelling(fam.geometry))
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

    emit_variant_index(o, spec, variants);

    // The distinct kernel plans of the SIMD variants, in variant order.
    std::vector<unsigned> plans;
    for (const Lowered& L : model.lowered)
        if (L.lane_plan_index == static_cast<int>(plans.size())) plans.push_back(L.kernel_plan);
    o << "// The lane plans Compiled::run's kernels run (generator/primitives/lane_plan.hpp), each once:\n"
      << "// a variant's own, or its mirror with the operands exchanged (VariantInfo::lane_swap).\n"
      << "inline constexpr int kLanePlanCount = " << plans.size() << ";\n"
      << "inline constexpr unsigned kLanePlans[" << std::max<std::size_t>(plans.size(), 1) << "] = {";
    for (std::size_t i = 0; i < plans.size(); ++i) o << (i % 8 == 0 ? "\n    " : " ") << hex_literal(plans[i]) << ",";
    if (plans.empty()) o << "0u";
    o << "\n};\n\n";

    o << "inline constexpr int kVariantCount = " << variants.size() << ";\n";
    o << "inline constexpr VariantInfo kVariants[kVariantCount] = {\n";
    const auto tf = [](bool x) { return x ? "true" : "false"; };
    for (const auto& v : variants)
        o << "    {" << string_literal(v.function_name()) << ", " << string_literal(v.ptx()) << ", " << v.opcode_index
          << ", Type::" << spelling(v.dtype) << ", Type::" << spelling(v.atype) << ", Type::" << spelling(v.btype) << ", "
          << tf(v.sat) << ", Op2::" << (v.op2 == Op2::none ? "none" : spelling(v.op2)) << ", Cmp::" << spelling(v.cmp)
          << ", Mode::" << (v.mode == Mode::none ? "none" : spelling(v.mode)) << ", " << tf(v.po)
          << ", Scale::" << (v.scale == Scale::none ? "none" : spelling(v.scale)) << ", "
          << model.lowered[static_cast<std::size_t>(&v - variants.data())].lane_plan_index << ", "
          << tf(model.lowered[static_cast<std::size_t>(&v - variants.data())].lane_swap) << "},\n";
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
