// Emit pass: ptxv_array.hpp, the array forms of the SIMD instructions.
//
// A function of one 32-bit word can only be vectorized by the compiler 32
// bits per lane, so every byte or half-word lane costs several SWAR
// instructions. The array forms see whole vectors of words at once and run
// each variant's lane plan (decided by the plan pass, lower.cpp) through the
// SIMD kernel library (generator/primitives/simd.hpp, copied in), with the
// selectors and mask applied by the array driver (primitives/array.hpp).
// So each form is one call: the emitted body holds no test of the types.
#include <algorithm>
#include <sstream>
#include <vector>

#include "emit.hpp"
#include "fragments.hpp"

namespace ptxv::gen {

OutputFile emit_array(const Model& m, const EmitOptions& opt) {
    const Spec& spec = m.spec;
    const std::vector<Variant>& variants = m.variants;
    std::ostringstream o;
    const std::string name = "ptxv_array.hpp";
    const std::string guard = guard_of(name);
    std::size_t count = 0;
    for (const auto& v : variants) count += v.family->geometry != Geometry::scalar ? 1 : 0;
    o << banner(opt) << "//\n"
      << "// Array forms of the " << count << " SIMD variants (vadd2 ... vset2, vadd4 ... vset4):\n"
      << "//   ptxv::array::f<Asel, Bsel, Mask>(a, b, c, d, n)   d[i] = ptxv::f<Asel, Bsel, Mask>(a[i], b[i], c[i])\n"
      << "// for i < n, with the template arguments of the per-word form in " << opt.header_name << ".\n"
      << "// a, b and c hold n words each (c is read where the mask or .add needs it);\n"
      << "// d may be a, b or c, or not overlap them at all.\n"
      << "// With GCC or Clang on a little-endian target, whole vectors of words are\n"
      << "// computed at a time (64 bytes where the translation unit is built for\n"
      << "// AVX-512 BW and VL, 32 for AVX2, else 16), each lane in its own width where\n"
      << "// the types allow, and the last words as one partial vector (masked loads and\n"
      << "// stores with AVX2 and AVX-512); other compilers use the per-word form\n"
      << "// throughout. Needs only " << opt.header_name << ", the standard\n"
      << "// library and, on x86, <immintrin.h>. Host code only: under nvcc or HIP, a\n"
      << "// device function that calls one does not compile. PTX ISA " << spec.ptx_isa << ".\n"
      << "#ifndef " << guard << "\n#define " << guard << "\n\n"
      << "#include <cstddef>\n#include <cstdint>\n#include <type_traits>\n#include <utility>\n\n#include \"" << opt.header_name << "\"\n\n"
      << fragment("simd.hpp", "target") << "\n"
      << "namespace ptxv {\nnamespace array {\ninline namespace PTXV_ARRAY_PATH {\nnamespace detail {\n\n"
      << "// The lane plan: generator/primitives/lane_plan.hpp.\n"
      << fragment("lane_plan.hpp", "lane_plan") << "\n"
      << "// The SIMD kernel library: generator/primitives/simd.hpp.\n"
      << fragment("simd.hpp", "simd") << "\n"
      << "// The array driver: generator/primitives/array.hpp.\n"
      << fragment("array.hpp", "array") << "\n"
      << "}  // namespace detail\n\n";
    for (std::size_t k = 0; k < variants.size(); ++k) {
        const Variant& v = variants[k];
        const Lowered& L = m.lowered[k];
        if (!L.simd) continue;
        const GeometryDef& g = *v.family->geometry_def;
        const std::string fn = v.function_name();
        o << "// " << v.ptx() << ": " << L.lane_strategy << "\n"
          << "template <unsigned Asel = " << selector_literal(g.default_asel) << ", unsigned Bsel = "
          << selector_literal(g.default_bsel) << ", unsigned Mask = mask::" << g.default_mask << ">\n"
          << "inline void " << fn
          << "(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d, std::size_t n) noexcept {\n"
          << "    detail::run<" << hex_literal(L.lane_plan) << ", Asel, Bsel, Mask>(a, b, c, d, n, [=](std::size_t i) noexcept {\n"
          << "        d[i] = ptxv::" << fn << "<Asel, Bsel, Mask>(a[i], b[i], c[i]);\n"
          << "    });\n"
          << "}\n\n";
    }
    // Every variant once per geometry, for tables built by the including code.
    for (const Geometry geo : {Geometry::byte, Geometry::half}) {
        o << "\n// X(name, \"ptx\") for every " << (geo == Geometry::byte ? "byte" : "half-word")
          << " variant above.\n#define PTXV_ARRAY_" << (geo == Geometry::byte ? "BYTE" : "HALF") << "_VARIANTS(X)";
        for (const auto& v : variants)
            if (v.family->geometry == geo) o << " \\\n    X(" << v.function_name() << ", \"" << v.ptx() << "\")";
        o << "\n";
    }
    // The first variant of each lane plan per geometry: the other variants of
    // a plan run the same vector code (detail::run_plan<Plan, ...>), so a test
    // of the vector code on one target needs only these.
    for (const Geometry geo : {Geometry::byte, Geometry::half}) {
        o << "\n// X(name, \"ptx\", plan) for the first " << (geo == Geometry::byte ? "byte" : "half-word")
          << " variant above of each lane plan.\n#define PTXV_ARRAY_" << (geo == Geometry::byte ? "BYTE" : "HALF")
          << "_PLANS(X)";
        std::vector<unsigned> seen;
        for (std::size_t k = 0; k < variants.size(); ++k) {
            const Variant& v = variants[k];
            const unsigned plan = m.lowered[k].lane_plan;
            if (v.family->geometry != geo || std::find(seen.begin(), seen.end(), plan) != seen.end()) continue;
            seen.push_back(plan);
            o << " \\\n    X(" << v.function_name() << ", \"" << v.ptx() << "\", " << hex_literal(plan) << ")";
        }
        o << "\n";
    }
    o << "\n}  // inline namespace PTXV_ARRAY_PATH\n}  // namespace array\n}  // namespace ptxv\n\n#endif  // " << guard << "\n";
    return {name, o.str()};
}

}  // namespace ptxv::gen
