// Emit pass: ptxv_batch.hpp, the forms behind dispatch tables and array
// loops. A run-time form decodes its packed selectors on every call; here they
// are decoded once, into words the bound function reads directly, and the PTX
// default parameters (the common case) get a form with them folded in. The
// shared part is generator/primitives/batch.hpp; per variant this prints the
// pre-decoded forms and one macro call.
#include <sstream>

#include "emit.hpp"
#include "fragments.hpp"

namespace ptxv::gen {

OutputFile emit_batch(const Model& m, const EmitOptions& opt) {
    const std::vector<Variant>& variants = m.variants;
    std::ostringstream o;
    const std::string name = "ptxv_batch.hpp";
    const std::string guard = guard_of(name);
    o << banner(opt) << "//\n"
      << "// The forms behind run-time dispatch and array loops, for " << variants.size() << " variants:\n"
      << "//   ptxv::batch::f(a, b, c, d, n, asel, bsel, x)    d[i] = rt::f(a[i], b[i], c[i], asel, bsel, x)\n"
      << "//   ptxv::batch::f_c(a, b, c, d, n, asel, bsel, x)  the same with one c for all elements\n"
      << "// (d may not overlap a, b or c), and the pre-decoded forms (detail::pre*), which\n"
      << "// read (asel, bsel, x) decoded once into words (detail::bind picks one).\n"
      << "// Kept apart from " << opt.header_name << ": their loops cost compile time that a\n"
      << "// translation unit calling a few functions should not pay.\n"
      << "#ifndef " << guard << "\n#define " << guard << "\n\n"
      << "#include \"" << opt.header_name << "\"\n#include \"ptxv/forms.hpp\"\n\nnamespace ptxv {\n\n"
      << fragment("batch.hpp", "batch") << "\n";
    const std::string sig = "(std::uint32_t a, std::uint32_t b, std::uint32_t c, const std::uint32_t* pw) noexcept {\n";
    const std::string sig_d = "(std::uint32_t a, std::uint32_t b, std::uint32_t c, const std::uint32_t*) noexcept {\n";
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const Variant& v = variants[i];
        const Lowered& L = m.lowered[i];
        const std::string& n = L.name;
        // A form whose code an earlier variant's already is (Lowered::same_*):
        // a name for that function, in the same namespace.
        const auto shared = [&](int same) {
            o << "inline constexpr auto& " << n << " = " << m.lowered[static_cast<std::size_t>(same)].name
              << ";  // the same code\n";
        };
        if (L.simd) {
            const GeometryDef& g = *v.family->geometry_def;
            const std::string s = v.family->geometry == Geometry::byte ? "4" : "2";
            const std::string full = hex_literal(mask_lanes(g.default_mask));
            // The kernel on the operands A and B under the decoded mask: the
            // full-mask kernel with the mask's bits decoded once
            // (pw[kSimdMaskWord]) where the lowering folds it (MaskFold), else
            // the kernel expanding pw[8].
            const std::string M = "pw[kSimdMaskWord]";
            const auto call = [&](const std::string& A, const std::string& B) {
                switch (L.mask_fold) {
                    case MaskFold::merge:
                        return "detail::merge(c, k::" + n + "(" + A + ", " + B + ", c, " + full + "), " + M + ")";
                    case MaskFold::zero:
                        return "k::" + n + "(" + A + " & " + M + ", " + B + " & " + M + ", c, " + full + ")";
                    case MaskFold::none: break;
                }
                return "k::" + n + "(" + A + ", " + B + ", c, pw[8])";
            };
            const std::string ps = "psel" + s, vs = "vsel" + s;
            const auto form = [&](const char* ns, const std::string& signature, int same, const std::string& body) {
                o << "namespace detail::" << ns << " {\n";
                if (same >= 0) shared(same);
                else o << "PTXV_FI std::uint32_t " << n << signature << "    return " << body << ";\n}\n";
                o << "}  // namespace detail::" << ns << "\n";
            };
            form("pre", sig, L.same_pre, call(ps + "(a, b, pw)", ps + "(a, b, pw + 4)"));
            form("pre_v", sig, L.same_pre, call(vs + "(a, b, pw)", vs + "(a, b, pw + 4)"));
            form("pre_m", sig, L.same_pre, call("a", "b"));
            form("pre_d", sig_d, L.same_pre_d, "k::" + n + "(a, b, c, " + full + ")");
        } else {
            // A body over the parameters decoded into pw, in namespace detail::<ns>.
            const auto decoded = [&](const char* ns, int same, const ir::Body& body) {
                o << "namespace detail::" << ns << " {\n";
                if (same >= 0) {
                    shared(same);
                } else {
                    o << "PTXV_FI std::uint32_t " << n << sig << "    const SelP asel{pw[0], pw[1]}, bsel{pw[2], pw[3]};\n";
                    if (L.x == XParam::dsel) o << "    const DselP dsel{pw[4], pw[5], pw[6], pw[11]};\n";
                    if (L.x == XParam::neg && L.x_used) o << "    const NegP neg{pw[8], pw[9], pw[10]};\n";
                    o << ir::cpp(body) << "}\n";
                }
                o << "}  // namespace detail::" << ns << "\n";
            };
            decoded("pre", L.same_pre, L.body);
            o << "namespace detail::pre_d {\n";
            if (L.same_pre_d >= 0) {
                shared(L.same_pre_d);
            } else {
                o << "PTXV_FI std::uint32_t " << n << sig_d;
                // The defaults include d without a selector: the whole-word body where there is one.
                if (!L.whole_body)
                    o << "    return rt::" << n << "(a, b, c, 0u, 0u, 0u);\n";
                else
                    o << "    (void)c;\n    return rt::whole::" << n << "(a, b, 0u, 0u);\n";
                o << "}\n";
            }
            o << "}  // namespace detail::pre_d\n";
            // Both sources a byte or half-word: the part body where there is
            // one, the general one otherwise.
            if (!L.part_body) {
                o << "namespace detail::pre_p {\nusing detail::pre::" << n << ";\n}  // namespace detail::pre_p\n";
            } else {
                decoded("pre_p", L.same_pre_p, *L.part_body);
            }
        }
    }
    o << "\n" << fragment("batch.hpp", "batch_macros");
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const Variant& v = variants[i];
        const Lowered& L = m.lowered[i];
        if (L.simd) {
            const GeometryDef& g = *v.family->geometry_def;
            o << "PTXV_DETAIL_BATCH_SIMD(" << L.name << ", " << selector_literal(g.default_asel) << "u, "
              << selector_literal(g.default_bsel) << "u, " << hex_literal(mask_lanes(g.default_mask)) << ", "
              << (v.family->geometry == Geometry::byte ? 4 : 2) << ")\n";
        } else {
            o << "PTXV_DETAIL_BATCH_SCALAR(" << L.name << ")\n";
        }
    }
    o << "#undef PTXV_DETAIL_BATCH_SIMD\n#undef PTXV_DETAIL_BATCH_SCALAR\n\n}  // namespace ptxv\n\n";
    // The scalar variants as a list, for the runtime's units that build
    // their loops for a wider target.
    o << "// Every scalar variant as X(index, f), index its position in spec::kVariants.\n"
      << "#define PTXV_BATCH_SCALAR_VARIANTS(X) \\\n";
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const Lowered& L = m.lowered[i];
        if (!L.simd) o << "    X(" << i << ", " << L.name << ") \\\n";
    }
    o << "\n#endif  // " << guard << "\n";
    return {name, o.str()};
}

}  // namespace ptxv::gen
