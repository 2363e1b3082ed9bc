// ptxv: CUDA's array forms built with the library's own flags: SSE2 on x86,
// vector extensions (or the per-word loop) elsewhere.
#include "cuda_forms.hpp"

ptxv::simd::CudaForms ptxv::simd::cuda_forms_baseline() noexcept { return PTXV_CUDA_FORMS_TABLE; }
