// ptxv: which hand-written SIMD paths the runtime may use on this machine.
#pragma once

namespace ptxv {

// In increasing order: only the generated code, SSE2 kernels, SSSE3 kernels
// (byte shuffles for run-time selectors, pmaddubsw sums), AVX2 kernels (the
// same, eight elements at a time), AVX-512 kernels (BW and VL: sixteen at a
// time, the warp step's active lanes as a mask register), AVX-512 kernels
// with VBMI (an operand from bytes of two words in one vpermt2b).
enum class Isa { generated, sse2, ssse3, avx2, avx512, avx512vbmi };

// The best set the CPU has, capped by the environment variable PTXV_ISA
// ("generated", "sse2", "ssse3", "avx2", "avx512" or "avx512vbmi"), so that every path can be
// tested on one machine. Read once.
Isa runtime_isa();

}  // namespace ptxv
