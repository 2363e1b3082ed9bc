// ptxv: CUDA's array forms built for SSSE3 (-mssse3: the build adds them to
// this unit on x86); ptxv::cuda::dispatch uses them only after checking the CPU.
#include "cuda_forms.hpp"

#if defined(__SSSE3__)
static_assert(PTXV_ARRAY_BYTES == 16, "the kernel library took the unit's target");
ptxv::simd::CudaForms ptxv::simd::cuda_forms_ssse3() noexcept { return PTXV_CUDA_FORMS_TABLE; }
#else
ptxv::simd::CudaForms ptxv::simd::cuda_forms_ssse3() noexcept { return {}; }
#endif
