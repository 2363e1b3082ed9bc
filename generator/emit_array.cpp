// Emit pass: ptxv_array.hpp, the array forms of the SIMD instructions.
//
// A function of one 32-bit word can only be vectorized by the compiler 32
// bits per lane, so every byte or half-word lane costs several SWAR
// instructions. The array forms see four words at once as one 128-bit vector
// (GCC/Clang vector extensions) and compute each lane in its own width where
// the types allow (the compiler emits paddb, pminub, pminsw, pcmpgtb, ...),
// else on lanes widened to twice their width, where every exact lane result
// fits (R5). Which of the two, and which clamp .sat still needs, is decided
// by the plan pass (lower.cpp), so the emitted body holds no test of the
// types; the lane operations are generator/primitives/array.hpp.
// Two steps per loop iteration: a loop of one short step runs at half speed
// on some cores, depending on where its code happens to lie. The at most
// three words left over, and compilers without the extensions, use the
// per-word template form of ptxv.hpp, which also checks the selector and
// mask arguments; the leftovers are unrolled, so the compiler does not
// vectorize a loop that never runs four times.
#include <sstream>

#include "emit.hpp"
#include "fragments.hpp"

namespace ptxv::gen {

namespace {

const char* tf(bool x) { return x ? "true" : "false"; }

}  // namespace

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
      << "// With GCC or Clang on a little-endian target, four words are computed at a\n"
      << "// time on 128-bit vectors, each lane in its own width where the types allow;\n"
      << "// the rest, and other compilers, use the per-word form. Needs only\n"
      << "// " << opt.header_name << ", the standard library and, on x86, <emmintrin.h>. PTX ISA " << spec.ptx_isa << ".\n"
      << "#ifndef " << guard << "\n#define " << guard << "\n\n"
      << "#include <cstddef>\n#include <cstdint>\n#include <type_traits>\n#include <utility>\n\n#include \"" << opt.header_name << "\"\n\n"
      << fragment("array.hpp", "array") << "\n";
    for (std::size_t k = 0; k < variants.size(); ++k) {
        const Variant& v = variants[k];
        const Lowered& L = m.lowered[k];
        if (!L.simd) continue;
        const GeometryDef& g = *v.family->geometry_def;
        const std::string fn = v.function_name();
        const std::string w = std::to_string(g.lane_bits);
        const bool sum = L.array_lanes.empty();
        // With Asel and Bsel paired (see detail::paired): the operation on the
        // words as loaded, then its results moved (Asel reads them through
        // either word of the pair {R:R}), or the sum over the lanes read.
        const std::string paired =
            sum ? "detail::st(d + i, " + L.array_paired_sum + ");\n"
                : "const detail::u32x4 R = " + L.array_lanes + ";\n            detail::st(d + i, detail::merge<" + w +
                      ", Mask>(detail::pick<" + w + ", Asel, Mask>(R, R), C));\n";
        o << "// " << v.ptx() << ": " << L.array_strategy << "\n"
          << "template <unsigned Asel = " << selector_literal(g.default_asel) << ", unsigned Bsel = "
          << selector_literal(g.default_bsel) << ", unsigned Mask = mask::" << g.default_mask << ">\n"
          << "inline void " << fn
          << "(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d, std::size_t n) noexcept {\n"
          << "    const auto one = [=](std::size_t i) noexcept { d[i] = ptxv::" << fn
          << "<Asel, Bsel, Mask>(a[i], b[i], c[i]); };\n"
          << "#if PTXV_ARRAY_VECTOR\n"
          << "    const auto step = [=](std::size_t i) noexcept {\n"
          << "        const detail::u32x4 a4 = detail::ld(a + i), b4 = detail::ld(b + i), C = detail::ld(c + i);\n"
          << "        if constexpr (constexpr int order = detail::paired<" << w << ">(Asel, Bsel, Mask, " << tf(sum)
          << "); order != 0) {\n"
          << "            const detail::u32x4 A = order == 1 ? a4 : b4, B = order == 1 ? b4 : a4;\n"
          << "            " << paired << "        } else {\n"
          << "            const detail::u32x4 A = detail::pick<" << w << ", Asel, Mask>(a4, b4), B = detail::pick<" << w
          << ", Bsel, Mask>(a4, b4);\n"
          << "            detail::st(d + i, " << L.array_value << ");\n"
          << "        }\n"
          << "    };\n"
          << "    std::size_t i = 0;\n"
          << "    for (; i + 8 <= n; i += 8) {\n"
          << "        step(i);\n"
          << "        step(i + 4);\n"
          << "    }\n"
          << "    if (i + 4 <= n) {\n"
          << "        step(i);\n"
          << "        i += 4;\n"
          << "    }\n"
          << "    if (i < n) one(i);\n"
          << "    if (i + 1 < n) one(i + 1);\n"
          << "    if (i + 2 < n) one(i + 2);\n"
          << "#else\n"
          << "    for (std::size_t i = 0; i < n; ++i) one(i);\n"
          << "#endif\n"
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
    o << "\n}  // inline namespace PTXV_ARRAY_PATH\n}  // namespace array\n}  // namespace ptxv\n\n#endif  // " << guard << "\n";
    return {name, o.str()};
}

}  // namespace ptxv::gen
