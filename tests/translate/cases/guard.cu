// --guard: each translated statement keeps its original for the GPU; a macro
// holding one is defined twice, its original for the GPU.
#pragma once
#define VABS(d, a) asm("vabsdiff.s32.s32.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(0))

__device__ unsigned f(unsigned a, unsigned b) {
    unsigned d;
    asm("vavrg2.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(a));
    VABS(d, d); return d + b; unsigned e; asm("vset.u32.u32.eq %0, %1, %2;" : "=r"(e) : "r"(a), "r"(b)); return e;
}
