// ptxv: the packed kernels of Compiled::run built for SSE2: the x86-64 baseline: the default
// selectors, and those that read each operand in place from one word, which
// need no byte shuffle.
#include "batch.hpp"

#if defined(__SSE2__)
#define PTXV_BATCH_UNIT sse2
#include "batch_kernels.hpp"
#else
ptxv::simd::Kernel ptxv::simd::kernel_sse2(int, Out, Shuffle, WarpFn& warp) {
    warp = nullptr;
    return nullptr;
}
ptxv::simd::UnitHelpers ptxv::simd::helpers_sse2() { return {}; }
#endif
