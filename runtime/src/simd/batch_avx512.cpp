// ptxv: the packed kernels of Compiled::run built for AVX-512 (BW and VL):
// any selectors, on 64-byte vectors. The build adds -mavx512bw -mavx512vl to
// this unit on x86; bind() uses it only after checking the CPU.
#include "batch.hpp"

#if defined(__AVX512BW__) && defined(__AVX512VL__)
#define PTXV_BATCH_UNIT avx512
#include "batch_kernels.hpp"
#else
ptxv::simd::Kernel ptxv::simd::kernel_avx512(int, Out, Shuffle, WarpFn& warp) {
    warp = nullptr;
    return nullptr;
}
ptxv::simd::UnitHelpers ptxv::simd::helpers_avx512() { return {}; }
#endif
