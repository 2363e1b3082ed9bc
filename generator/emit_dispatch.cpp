// Emit pass: ptxv_dispatch.inc, the table of every variant's run-time forms
// that ptxv::compile indexes.
#include <sstream>

#include "emit.hpp"

namespace ptxv::gen {

OutputFile emit_dispatch(const Model& m, const EmitOptions& opt) {
    const std::vector<Variant>& variants = m.variants;
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// Every variant's pre-decoded forms and (SIMD) batch loops, in ptxv::spec::kVariants\n"
      << "// order (the spec's expansion order): entry i is variant i; and its run-time\n"
      << "// form (rt::f) in the same order, for code that calls it through a table.\n"
      << "// Include at namespace scope, after ptxv_batch.hpp. A SIMD variant's batch loops are\n"
      << "// PTXV_DISPATCH_LOOPS(f): ptxv::batch::f and f_c unless the includer defines it\n"
      << "// otherwise (nullptr, nullptr where packed kernels run every SIMD form).\n"
      << "#ifndef PTXV_DISPATCH_LOOPS\n"
      << "#define PTXV_DISPATCH_LOOPS(f) &ptxv::batch::f, &ptxv::batch::f##_c\n"
      << "#endif\n"
      << "inline constexpr ptxv::detail::VariantFns kVariantFns[] = {\n";
    std::size_t i = 0;
    for (const auto& v : variants) {
        const std::string n = v.function_name();
        const auto form = [&](const char* ns) { return "&ptxv::detail::" + std::string(ns) + "::" + n; };
        o << "    {";
        if (v.family->geometry != Geometry::scalar) {
            const GeometryDef& g = *v.family->geometry_def;
            o << (v.family->geometry == Geometry::byte ? 4 : 2) << ", " << selector_literal(g.default_asel) << "u, "
              << selector_literal(g.default_bsel) << "u, " << hex_literal(mask_lanes(g.default_mask)) << ", "
              << form("pre_d") << ", " << form("pre") << ", " << form("pre_m") << ", nullptr";
        } else {
            o << "0, 0, 0, 0, " << form("pre_d") << ", " << form("pre") << ", nullptr, " << form("pre_p");
        }
        // A scalar variant's loops are the runtime's (runtime/src/simd/scalar_loops.hpp), one per body.
        if (v.family->geometry != Geometry::scalar) o << ", PTXV_DISPATCH_LOOPS(" << n << ")";
        else o << ", nullptr, nullptr";
        o << "},  // " << i++ << " " << v.ptx() << "\n";
    }
    o << "};\n"
      << "inline constexpr ptxv::OneFn kVariantWords[] = {\n";
    for (const auto& v : variants) o << "    &ptxv::rt::" << v.function_name() << ",\n";
    o << "};\n";
    return {"ptxv_dispatch.inc", o.str()};
}

}  // namespace ptxv::gen
