// ptxv: the packed kernels of Compiled::run built for AVX2: any selectors,
// on 32-byte vectors. The build adds -mavx2 to this unit on x86; bind() uses
// it only after checking the CPU.
#include "batch.hpp"

#if defined(__AVX2__)
#define PTXV_BATCH_UNIT avx2
#include "batch_kernels.hpp"
#else
ptxv::simd::Kernel ptxv::simd::kernel_avx2(int, Out, Shuffle, WarpFn& warp) {
    warp = nullptr;
    return nullptr;
}
ptxv::simd::UnitHelpers ptxv::simd::helpers_avx2() { return {}; }
#endif
