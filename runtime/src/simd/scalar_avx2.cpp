// ptxv: the scalar families' loops (scalar_loops.hpp) built for AVX2 (8 elements a step).
// The build adds -mavx2 to this unit on x86; compile() uses it only after
// checking the CPU.
#include "batch.hpp"

#if defined(__AVX2__)
#define PTXV_SCALAR_UNIT avx2
#define PTXV_SCALAR_WARP 1
#include "scalar_loops.hpp"
#else
ptxv::simd::ScalarLoops ptxv::simd::scalar_avx2(int) { return {}; }
#endif
