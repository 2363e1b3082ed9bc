// ptxv: the scalar families' loops (scalar_loops.hpp) built for AVX-512 (16 elements a step, with the 64-bit
// min, max and arithmetic shifts SSE2 lacks).
// The build adds -mavx512bw -mavx512vl to this unit on x86; compile() uses it only after
// checking the CPU.
#include "batch.hpp"

#if defined(__AVX512BW__) && defined(__AVX512VL__)
#define PTXV_SCALAR_UNIT avx512
#define PTXV_SCALAR_WARP 1
#include "scalar_loops.hpp"
#else
ptxv::simd::ScalarLoops ptxv::simd::scalar_avx512(int) { return {}; }
#endif
