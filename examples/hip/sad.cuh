// Inline PTX asm of the kind CUDA image code has: a sum of absolute byte
// differences and a half-word clamp. As written it builds only for NVIDIA's
// GPUs; `ptxv translate --guard` keeps the asm there and puts ptxv's
// functions in HIP's passes and on the host (CMake writes sad.guarded.cuh).
#pragma once

#if !defined(__HIP__) && !defined(__CUDACC__)
#define __device__
#define __forceinline__ inline
#endif

namespace sad {

// acc + the sum of |a - b| over the four unsigned bytes.
__device__ __forceinline__ unsigned sad4(unsigned a, unsigned b, unsigned acc) {
    unsigned d;
    asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(acc));
    return d;
}

// Each signed half-word of x clamped to [lo, hi] (lo <= hi in each half).
__device__ __forceinline__ unsigned clamp2(unsigned x, unsigned lo, unsigned hi) {
    unsigned d;
    asm("vmax2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(x), "r"(lo), "r"(0u));
    asm("vmin2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(d), "r"(hi), "r"(0u));
    return d;
}

}  // namespace sad
