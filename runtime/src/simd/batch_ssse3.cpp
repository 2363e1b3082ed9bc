// ptxv: the packed kernels of Compiled::run built for SSSE3: any selectors, through pshufb.
// The build adds -mssse3 to this unit on x86; bind() uses it only after
// checking the CPU.
#include "batch.hpp"

#if defined(__SSSE3__)
#define PTXV_BATCH_UNIT ssse3
#include "batch_kernels.hpp"
#else
ptxv::simd::Kernel ptxv::simd::kernel_ssse3(int, Out, Shuffle, WarpFn& warp) {
    warp = nullptr;
    return nullptr;
}
ptxv::simd::UnitHelpers ptxv::simd::helpers_ssse3() { return {}; }
#endif
