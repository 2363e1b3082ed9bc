// Emit passes: CUDA's SIMD intrinsics, from the spec's cuda_intrinsics table.
//
//   ptxv_cuda.hpp         ptxv::cuda::vsadu4(a, b) ...: each intrinsic as a call of
//                         the generated function of its variant (ptxv.hpp), with
//                         its operands and post-step as the table says
//   ptxv_cuda_compat.hpp  CUDA's own spellings and signatures for host code
//   ptxv_cuda_array.hpp   the same over arrays, through the SIMD kernel library
//   ptxv_cuda_dispatch.hpp, ptxv_cuda_dispatch.inc
//                         the array forms as libptxv runs them, on the widest
//                         SIMD target the CPU has: declarations, definitions
//   CUDA_INTRINSICS.md    the reference table
//
// Which variant an intrinsic is was resolved when the spec was loaded; these
// passes only print.
#include <sstream>

#include "emit.hpp"
#include "fragments.hpp"

namespace ptxv::gen {

namespace {

// The operand of the instruction: an argument, as a 32-bit word, or 0.
std::string operand(const Intrinsic& in, int k) {
    const int s = in.source[k];
    if (s < 0) return "0u";
    const IntrinsicArg& a = in.args[static_cast<std::size_t>(s)];
    return a.type == "int" ? "static_cast<std::uint32_t>(" + a.name + ")" : a.name;
}

std::string operand_text(const Intrinsic& in, int k) {
    return in.source[k] < 0 ? "0" : in.args[static_cast<std::size_t>(in.source[k])].name;
}

// "vabsdiff4.u32.u32.u32.add d, a, b, 0"
std::string ptx_form(const Intrinsic& in) {
    std::string s = in.form + " d, " + operand_text(in, 0) + ", " + operand_text(in, 1);
    if (in.has_c) s += ", " + operand_text(in, 2);
    return s;
}

std::string post_name(const Intrinsic& in) { return kIntrinsicPostNames[static_cast<int>(in.post)]; }

// An array form's parameters before d and n: "const std::uint32_t* a, ...".
std::string array_parameters(const Intrinsic& in) {
    std::string s;
    for (const auto& a : in.args) s += std::string("const std::") + fixed_width_type(a) + "* " + a.name + ", ";
    return s;
}
std::string array_signature(const Intrinsic& in) {
    return in.plain_name() + "(" + array_parameters(in) + "std::uint32_t* d, std::size_t n) noexcept";
}

void check_resolved(const Model& m) {
    if (m.intrinsic_variants.size() != m.spec.intrinsics.size() || m.intrinsic_plans.size() != m.spec.intrinsics.size())
        throw std::runtime_error("the intrinsics were not resolved to variants and lane plans");
}

}  // namespace

OutputFile emit_cuda(const Model& m, const EmitOptions& opt) {
    check_resolved(m);
    const std::string name = "ptxv_cuda.hpp";
    const std::string guard = guard_of(name);
    std::size_t simd = 0;
    std::string scalar;
    for (const auto& in : m.spec.intrinsics) {
        simd += in.lanes > 1 ? 1 : 0;
        if (in.lanes == 1) scalar += (scalar.empty() ? "" : ", ") + in.name;
    }
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// CUDA's " << simd << " SIMD intrinsics (__vadd4, __vsadu4, __vcmpgeu2 ...) and\n"
      << "// " << scalar << "\n"
      << "// as C++17 functions in namespace ptxv::cuda, named without the leading\n"
      << "// underscores: ptxv::cuda::vsadu4(a, b). Each calls the function of the video\n"
      << "// instruction the spec maps it to (" << opt.header_name << "), on the operands the table names,\n"
      << "// then a post-step where the intrinsic's result is not that instruction's d.\n"
      << "// constexpr, noexcept, branch-free, __host__ __device__ under nvcc.\n"
      << "// CUDA_INTRINSICS.md lists them; ptxv_cuda_compat.hpp adds CUDA's own\n"
      << "// spellings (__vsadu4 ...) for host code; ptxv_cuda_array.hpp the array forms.\n"
      << "#ifndef " << guard << "\n#define " << guard << "\n\n"
      << "#include <cstdint>\n\n#include \"" << opt.header_name << "\"\n\n"
      << "namespace ptxv {\nnamespace cuda {\n\n"
      << "// The post-steps: generator/primitives/cuda.hpp.\n"
      << fragment("cuda.hpp", "post") << "\n";
    for (std::size_t i = 0; i < m.spec.intrinsics.size(); ++i) {
        const Intrinsic& in = m.spec.intrinsics[i];
        const Variant& v = m.variants[m.intrinsic_variants[i]];
        std::string call = "ptxv::" + v.function_name() + "(" + operand(in, 0) + ", " + operand(in, 1) +
                           (in.has_c ? ", " + operand(in, 2) : std::string()) + ")";
        if (in.post == IntrinsicPost::lanes_to_mask)
            call = "post::lanes_to_mask<" + std::to_string(in.lanes) + ">(" + call + ")";
        else if (in.post == IntrinsicPost::round_down)
            call = "post::round_down<" + std::to_string(in.lanes) + ">(" + call + ", " + operand(in, 0) + ", " + operand(in, 1) + ")";
        o << "// " << in.name << ": " << in.doc << "\n"
          << "//   " << ptx_form(in) << (in.post != IntrinsicPost::none ? ", then " + post_name(in) : std::string()) << "\n"
          << "PTXV_FI constexpr std::uint32_t " << in.plain_name() << "(" << intrinsic_parameters(in, ParamTypes::cxx)
          << ") noexcept {\n"
          << "    return " << call << ";\n}\n";
    }
    o << "\n#if !defined(__CUDA_ARCH__)\n"
      << "// Every intrinsic, for code that looks one up by name (emulators, tests);\n"
      << "// host only. eval takes the arguments in CUDA's order (an int argument as\n"
      << "// its bit pattern) and ignores the ones the intrinsic does not have;\n"
      << "// source[k] is the argument that feeds operand a, b, c (k = 0, 1, 2), or -1\n"
      << "// for 0 (and for c when the instruction takes none).\n"
      << "struct Intrinsic {\n"
      << "    const char* name;  // CUDA's spelling\n"
      << "    const char* ptx;   // the instruction's variant\n"
      << "    int lanes;\n"
      << "    int arity;\n"
      << "    int source[3];\n"
      << "    bool has_c;\n"
      << "    const char* post;  // none, lanes_to_mask or round_down\n"
      << "    std::uint32_t (*eval)(std::uint32_t, std::uint32_t, std::uint32_t) noexcept;\n"
      << "};\n\n"
      << "inline constexpr Intrinsic kIntrinsics[] = {\n";
    for (const auto& in : m.spec.intrinsics) {
        const char* const names[] = {"x", "y", "z"};
        std::string params, args;
        for (std::size_t k = 0; k < 3; ++k) {
            const bool used = k < in.args.size();
            params += std::string(k ? ", " : "") + "std::uint32_t" + (used ? std::string(" ") + names[k] : std::string());
            if (used)
                args += std::string(k ? ", " : "") +
                        (in.args[k].type == "int" ? "static_cast<std::int32_t>(" + std::string(names[k]) + ")" : names[k]);
        }
        o << "    {\"" << in.name << "\", \"" << in.form << "\", " << in.lanes << ", " << in.args.size() << ", {"
          << in.source[0] << ", " << in.source[1] << ", " << in.source[2] << "}, " << (in.has_c ? "true" : "false")
          << ", \"" << post_name(in) << "\",\n     [](" << params << ") noexcept { return " << in.plain_name() << "(" << args
          << "); }},\n";
    }
    o << "};\n#endif  // !__CUDA_ARCH__\n\n"
      << "}  // namespace cuda\n}  // namespace ptxv\n\n#endif  // " << guard << "\n";
    return {name, o.str()};
}

OutputFile emit_cuda_array(const Model& m, const EmitOptions& opt) {
    check_resolved(m);
    const std::string name = "ptxv_cuda_array.hpp";
    const std::string guard = guard_of(name);
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// Array forms of CUDA's intrinsics (ptxv_cuda.hpp): for i < n,\n"
      << "//   ptxv::cuda::array::vsadu4(a, b, d, n)   d[i] = ptxv::cuda::vsadu4(a[i], b[i])\n"
      << "// and likewise for every intrinsic, its argument arrays in CUDA's order, then\n"
      << "// d and n; d may be one of them, or not overlap them at all. Each runs its\n"
      << "// instruction's lane plan, with the post-step folded in (__sad and __usad:\n"
      << "// one 32-bit lane), through the SIMD kernel library of ptxv_array.hpp,\n"
      << "// whole vectors at a time, and the per-word function on the last words.\n"
      << "// Host code only: under nvcc or HIP, a device function that calls one does\n"
      << "// not compile.\n"
      << "#ifndef " << guard << "\n#define " << guard << "\n\n"
      << "#include <cstddef>\n#include <cstdint>\n\n#include \"ptxv_array.hpp\"\n#include \"ptxv_cuda.hpp\"\n\n"
      << "namespace ptxv {\nnamespace cuda {\nnamespace array {\n"
      << "// The kernel library's target (ptxv_array.hpp), so that units built for\n"
      << "// different targets link together without mixing definitions.\n"
      << "inline namespace PTXV_ARRAY_PATH {\n\n";
    for (std::size_t i = 0; i < m.spec.intrinsics.size(); ++i) {
        const Intrinsic& in = m.spec.intrinsics[i];
        std::string per_word;
        for (const auto& a : in.args) per_word += (per_word.empty() ? "" : ", ") + a.name + "[i]";
        o << "// " << in.name << ": " << in.doc << "\n"
          << "inline void " << array_signature(in) << " {\n";
        const auto one = "[=](std::size_t i) noexcept { d[i] = ptxv::cuda::" + in.plain_name() + "(" + per_word + "); }";
        if (m.intrinsic_plans.at(i) == kNoLanePlan) {
            o << "    for (std::size_t i = 0; i < n; ++i) d[i] = ptxv::cuda::" << in.plain_name() << "(" << per_word << ");\n}\n";
            continue;
        }
        std::string arrays;
        for (std::size_t k = 0; k < 3; ++k) {
            // int arrays are read as their unsigned words (a signed type may
            // alias its unsigned one).
            if (k >= in.args.size()) arrays += "nullptr, ";
            else if (in.args[k].type == "int") arrays += "reinterpret_cast<const std::uint32_t*>(" + in.args[k].name + "), ";
            else arrays += in.args[k].name + ", ";
        }
        o << "    ptxv::array::detail::run_fed<" << hex_literal(m.intrinsic_plans.at(i)) << ", " << in.source[0] << ", " << in.source[1]
          << ", " << in.source[2] << ">(\n        " << arrays << "d, n,\n        " << one << ");\n}\n";
    }
    o << "\n}  // inline namespace PTXV_ARRAY_PATH\n"
      << "\n// X(name, arity) for every array form above, for tables built by the including code.\n"
      << "#define PTXV_CUDA_ARRAY_FORMS(X)";
    for (const auto& in : m.spec.intrinsics) o << " \\\n    X(" << in.plain_name() << ", " << in.args.size() << ")";
    o << "\n\n}  // namespace array\n}  // namespace cuda\n}  // namespace ptxv\n\n#endif  // " << guard << "\n";
    return {name, o.str()};
}

OutputFile emit_cuda_dispatch(const Model& m, const EmitOptions& opt) {
    check_resolved(m);
    const std::string name = "ptxv_cuda_dispatch.hpp";
    const std::string guard = guard_of(name);
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// CUDA's intrinsics in array form as libptxv runs them: for i < n,\n"
      << "//   ptxv::cuda::dispatch::vsadu4(a, b, d, n)   d[i] = ptxv::cuda::vsadu4(a[i], b[i])\n"
      << "// with the arguments of ptxv::cuda::array::vsadu4 (ptxv_cuda_array.hpp). The\n"
      << "// library holds the array forms built for each SIMD target it knows and\n"
      << "// runs the widest one the CPU has (PTXV_ISA caps it), whatever the flags\n"
      << "// of the calling code: a caller built for baseline x86-64 gets AVX2 or\n"
      << "// AVX-512 where the machine has them. ptxv_cuda_array.hpp inlines the forms\n"
      << "// for the caller's own target instead, with no call and no library. Host\n"
      << "// code only: under nvcc or HIP, a device function that calls one does not\n"
      << "// compile.\n"
      << "#ifndef " << guard << "\n#define " << guard << "\n\n"
      << "#include <cstddef>\n#include <cstdint>\n\n"
      << "namespace ptxv {\nnamespace cuda {\nnamespace dispatch {\n\n"
      << "// The target the forms run on: \"avx512vbmi\", \"avx512\", \"avx2\", \"ssse3\",\n"
      << "// \"sse2\", \"vector\" (the portable vector path, off x86) or \"word\" (one\n"
      << "// word at a time: PTXV_ISA=generated).\n"
      << "const char* target() noexcept;\n\n";
    for (const auto& in : m.spec.intrinsics) o << "// " << in.name << ": " << in.doc << "\nvoid " << array_signature(in) << ";\n";
    o << "\n}  // namespace dispatch\n}  // namespace cuda\n}  // namespace ptxv\n\n#endif  // " << guard << "\n";
    return {name, o.str()};
}

OutputFile emit_cuda_dispatch_inc(const Model& m, const EmitOptions& opt) {
    check_resolved(m);
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// The definitions of ptxv_cuda_dispatch.hpp's forms: each calls the form of\n"
      << "// the same name in the table that forms() returns (a struct with a member\n"
      << "// of that name per form). Include inside namespace ptxv::cuda::dispatch.\n";
    for (const auto& in : m.spec.intrinsics) {
        std::string args;
        for (const auto& a : in.args) args += a.name + ", ";
        o << "void " << array_signature(in) << " { forms()." << in.plain_name() << "(" << args << "d, n); }\n";
    }
    return {"ptxv_cuda_dispatch.inc", o.str()};
}

OutputFile emit_cuda_compat(const Model& m, const EmitOptions& opt) {
    check_resolved(m);
    const std::string name = "ptxv_cuda_compat.hpp";
    const std::string guard = guard_of(name);
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// CUDA's SIMD intrinsics and __sad/__usad under CUDA's own names and\n"
      << "// signatures, in the global namespace, for host code: a CUDA source compiled\n"
      << "// as plain C++ (g++, clang++) without CUDA's headers builds unchanged. Each\n"
      << "// is the function of the same name in ptxv_cuda.hpp. Under nvcc they exist\n"
      << "// in the host pass only, beside CUDA's device functions of the same names;\n"
      << "// under HIP, which has none of the SIMD ones, in both passes.\n"
      << "#ifndef " << guard << "\n#define " << guard << "\n\n"
      << "#include \"ptxv_cuda.hpp\"\n\n"
      << fragment("cuda.hpp", "compat_guard") << "\n"
      << "#if defined(PTXV_CUDA_COMPAT_FN)\n"
      << "static_assert(sizeof(unsigned int) == 4 && sizeof(int) == 4, \"CUDA's intrinsics take 32-bit int\");\n\n";
    for (const auto& in : m.spec.intrinsics) {
        // HIP's device library has CUDA's one-lane intrinsics (__sad, __usad)
        // but none of the SIMD ones.
        const bool hip_has_it = in.lanes == 1;
        o << "// " << in.doc << "\n"
          << (hip_has_it ? "PTXV_CUDA_COMPAT_HOST_FN" : "PTXV_CUDA_COMPAT_FN") << " unsigned int " << in.name << "("
          << intrinsic_parameters(in, ParamTypes::cuda) << ") { return ptxv::cuda::" << in.plain_name() << "("
          << intrinsic_arguments(in) << "); }\n";
    }
    o << "#endif  // PTXV_CUDA_COMPAT_FN\n#undef PTXV_CUDA_COMPAT_FN\n#undef PTXV_CUDA_COMPAT_HOST_FN\n\n#endif  // "
      << guard << "\n";
    return {name, o.str()};
}

OutputFile emit_cuda_md(const Model& m, const EmitOptions& opt) {
    check_resolved(m);
    std::ostringstream o;
    o << banner(opt, CommentStyle::markdown) << "\n"
      << "# CUDA's SIMD intrinsics in ptxv\n\n"
      << "Every SIMD intrinsic of CUDA's Math API and `__sad`/`__usad`, " << m.spec.intrinsics.size()
      << " in all, as the video instruction it is (the `cuda_intrinsics` table of `" << opt.spec_display_name
      << "`).\n\n"
      << "- `ptxv_cuda.hpp`: `ptxv::cuda::vsadu4(a, b)`, constexpr, noexcept, branch-free, `__host__ __device__` under "
         "nvcc; each calls the generated function of its instruction ([VARIANTS.md](VARIANTS.md)).\n"
      << "- `ptxv_cuda_compat.hpp`: CUDA's spellings and signatures (`unsigned int __vsadu4(unsigned int, unsigned int)`) "
         "for host code, so CUDA sources build as plain C++.\n"
      << "- `ptxv_cuda_array.hpp`: `ptxv::cuda::array::vsadu4(a, b, d, n)`, every one through the kernel "
         "library of `ptxv_array.hpp`, one kernel each: the post-step folded into the instruction's lane plan, "
         "`__sad`/`__usad` as one 32-bit lane.\n"
      << "- `ptxv_cuda_dispatch.hpp` (libptxv): `ptxv::cuda::dispatch::vsadu4(a, b, d, n)`, the same array forms "
         "built in the library for each SIMD target and run on the widest the CPU has, whatever the caller's "
         "flags.\n\n"
      << "*Instruction* is the form each is, with what feeds its a, b and c: an argument, or 0. *Post-step*: "
         "`lanes_to_mask` widens each 0/1 lane of `vset` to 0 or all ones; `round_down` turns `vavrg`'s unsigned "
         "average, rounded up, into the average rounded down. *CUDA's summary* is the intrinsic's one-line "
         "documentation; where it contradicts itself the note says what decided.\n\n"
      << "| intrinsic | ptxv::cuda | instruction | post-step | CUDA's summary | note |\n|---|---|---|---|---|---|\n";
    auto esc = [](const std::string& s) {
        std::string r;
        for (char ch : s) {
            if (ch == '|') r += '\\';
            r += ch;
        }
        return r;
    };
    for (const auto& in : m.spec.intrinsics)
        o << "| `" << in.name << "(" << intrinsic_parameters(in, ParamTypes::cuda) << ")` | `" << in.plain_name()
          << "` | `" << ptx_form(in)
          << "` | " << (in.post == IntrinsicPost::none ? "-" : "`" + post_name(in) + "`") << " | " << esc(in.doc) << " | "
          << (in.note.empty() ? "-" : esc(in.note)) << " |\n";
    return {"CUDA_INTRINSICS.md", o.str()};
}

}  // namespace ptxv::gen
