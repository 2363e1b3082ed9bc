// Emit pass: ptxv_dispatch.inc, the table of every variant's run-time forms
// that ptxv::compile indexes.
#include <sstream>

#include "emit.hpp"

namespace ptxv::gen {

OutputFile emit_dispatch(const Model& m, const EmitOptions& opt) {
    const std::vector<Variant>& variants = m.variants;
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// The run-time forms of every variant, in ptxv::spec::kVariants order (the\n"
      << "// spec's expansion order): entry i is variant i. Include at namespace scope,\n"
      << "// after ptxv_batch.hpp.\n"
      << "inline constexpr ptxv::detail::VariantFns kVariantFns[] = {\n";
    std::size_t i = 0;
    for (const auto& v : variants) {
        const std::string n = v.function_name();
        const bool simd = v.family->geometry != Geometry::scalar;
        o << "    {&ptxv::rt::" << n << ", &ptxv::detail::bind::" << n << ", &ptxv::batch::" << n << ", &ptxv::batch::" << n
          << "_c, " << (simd ? "&ptxv::detail::pre_m::" + n + ", &ptxv::detail::pre_d::" + n : std::string("nullptr, nullptr"))
          << "},  // " << i++
          << " " << v.ptx() << "\n";
    }
    o << "};\n";
    return {"ptxv_dispatch.inc", o.str()};
}

}  // namespace ptxv::gen
