// libptxv's array forms of CUDA's intrinsics (ptxv_cuda_dispatch.hpp) against
// their per-word functions, on the target the library chose: the widest this
// CPU has, or the one PTXV_ISA caps it to (ctest runs this test once per cap:
// isa_sse2 ... isa_avx512, isa_generated).
#include <cstdlib>
#include <string>

#include "cuda_array_proof.hpp"
#include "ptxv_cuda_dispatch.hpp"

namespace {

// The target the library should have chosen, worked out here from the CPU
// and PTXV_ISA as the README states the rule.
std::string expected_target() {
#if defined(__x86_64__) || defined(__i386__)
    const char* const order[] = {"sse2", "ssse3", "avx2", "avx512", "avx512vbmi"};
    const char* cap = std::getenv("PTXV_ISA");
    if (cap != nullptr && std::string(cap) == "generated") return "word";
    const bool avx512 = __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
    int best = avx512 && __builtin_cpu_supports("avx512vbmi") ? 4
               : avx512                                       ? 3
               : __builtin_cpu_supports("avx2")               ? 2
               : __builtin_cpu_supports("ssse3")              ? 1
                                                              : 0;
    for (int i = 0; cap != nullptr && i < 5; ++i)
        if (std::string(cap) == order[i] && i < best) best = i;
#if defined(PTXV_TEST_X86_KERNELS) && !PTXV_TEST_X86_KERNELS
    best = 0;  // the library's SSSE3, AVX2 and AVX-512 units were built empty
#endif
    return order[best];
#else
    return PTXV_ARRAY_VECTOR ? "vector" : "word";
#endif
}

}  // namespace

TEST_CASE("libptxv runs CUDA's array forms on the widest target the CPU has", "[cuda][cuda_dispatch]") {
    const char* target = ptxv::cuda::dispatch::target();
    REQUIRE(target != nullptr);
    CHECK(std::string(target) == expected_target());
    INFO("target " << target);
#define PTXV_CUDA_DISPATCH_FORM(f, arity) PTXV_CUDA_PROOF_FORM(ptxv::cuda::dispatch, f)
    const cuda_array_proof::Form forms[] = {PTXV_CUDA_ARRAY_FORMS(PTXV_CUDA_DISPATCH_FORM)};
#undef PTXV_CUDA_DISPATCH_FORM
    cuda_array_proof::check_forms(forms, 0xd15a7c4u);
}
