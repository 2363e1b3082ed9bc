// ptxv: the packed kernels of Compiled::run built for AVX-512 with VBMI: the
// forms whose operands read bytes of both words of their element, each
// operand one vpermt2b instead of two pshufb and an or; the AVX-512 unit has
// the others. The build adds -mavx512bw -mavx512vl -mavx512vbmi to this unit
// on x86; bind() uses it only after checking the CPU.
#include "batch.hpp"

#if defined(__AVX512BW__) && defined(__AVX512VL__) && defined(__AVX512VBMI__)
#define PTXV_BATCH_UNIT avx512vbmi
#include "batch_kernels.hpp"
#else
ptxv::simd::Kernel ptxv::simd::kernel_avx512vbmi(int, Out, Shuffle, WarpFn& warp) {
    warp = nullptr;
    return nullptr;
}
void ptxv::simd::pair_controls_avx512vbmi(const Instr&, Params&) {}
#endif
