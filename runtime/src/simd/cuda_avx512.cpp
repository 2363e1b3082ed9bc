// ptxv: CUDA's array forms built for AVX-512 (-mavx512bw -mavx512vl: the build
// adds them to this unit on x86); ptxv::cuda::dispatch uses them only after
// checking the CPU.
#include "cuda_forms.hpp"

#if defined(__AVX512BW__) && defined(__AVX512VL__)
static_assert(PTXV_ARRAY_BYTES == 64, "the kernel library took the unit's target");
ptxv::simd::CudaForms ptxv::simd::cuda_forms_avx512() noexcept { return PTXV_CUDA_FORMS_TABLE; }
#else
ptxv::simd::CudaForms ptxv::simd::cuda_forms_avx512() noexcept { return {}; }
#endif
