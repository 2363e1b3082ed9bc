// ptxv: CUDA's array forms one word at a time (the kernel library's path_word):
// what ptxv::cuda::dispatch runs under PTXV_ISA=generated.
#define PTXV_ARRAY_VECTOR 0
#include "cuda_forms.hpp"

static_assert(PTXV_ARRAY_BYTES == 4, "the per-word loop");

ptxv::simd::CudaForms ptxv::simd::cuda_forms_word() noexcept { return PTXV_CUDA_FORMS_TABLE; }
