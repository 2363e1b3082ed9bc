// ptxv: the tables behind ptxv::cuda::dispatch (ptxv_cuda_dispatch.hpp): CUDA's
// intrinsics in array form (ptxv_cuda_array.hpp) built once per SIMD target,
// one unit each (cuda_<target>.cpp), the unit's flags choosing the kernel
// library's target as they would for a caller's own code. cuda_dispatch.cpp
// picks the table of the widest target the CPU has.
#pragma once

#include "ptxv_cuda_array.hpp"
#include "ptxv_cuda_dispatch.hpp"

namespace ptxv::simd {

// One target's array forms, a member per intrinsic, named like it, typed like
// its declaration in ptxv_cuda_dispatch.hpp; target is the kernel library's
// name for the target the unit was built for ("avx2", "sse2", "word", ...),
// null in a unit built without its flags (its members null too).
struct CudaForms {
    const char* target;
#define PTXV_CUDA_FORMS_MEMBER(f, arity) decltype(&::ptxv::cuda::dispatch::f) f;
    PTXV_CUDA_ARRAY_FORMS(PTXV_CUDA_FORMS_MEMBER)
#undef PTXV_CUDA_FORMS_MEMBER
};

// The body of a unit's table: its own build of every array form, and the
// target's name ("path_avx2" less "path_").
#define PTXV_CUDA_FORMS_TARGET2(path) #path
#define PTXV_CUDA_FORMS_TARGET(path) PTXV_CUDA_FORMS_TARGET2(path)
#define PTXV_CUDA_FORMS_ENTRY(f, arity) &::ptxv::cuda::array::f,
#define PTXV_CUDA_FORMS_TABLE \
    { &PTXV_CUDA_FORMS_TARGET(PTXV_ARRAY_PATH)[5], PTXV_CUDA_ARRAY_FORMS(PTXV_CUDA_FORMS_ENTRY) }

// The per-word loop (the kernel library's path_word), the build's baseline
// (SSE2 on x86; vector extensions, or the per-word loop, elsewhere) and the
// x86 targets, each empty where its unit was built without the target's
// flags.
CudaForms cuda_forms_word() noexcept;
CudaForms cuda_forms_baseline() noexcept;
CudaForms cuda_forms_ssse3() noexcept;
CudaForms cuda_forms_avx2() noexcept;
CudaForms cuda_forms_avx512() noexcept;
CudaForms cuda_forms_avx512vbmi() noexcept;

}  // namespace ptxv::simd
