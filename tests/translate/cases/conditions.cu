// Statements under conditions: the report names each condition, and says so
// of one that only a CUDA device pass compiles; the include guard is none.
#ifndef CONDITIONS_CU
#define CONDITIONS_CU
#include <cstdint>

unsigned under(unsigned a, unsigned b) {
    unsigned d = 0;
#if __CUDA_ARCH__ >= 300
    asm("vmax2.u32.u32.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b));
#else
    d = a > b ? a : b;
#endif
#ifdef ISCUDA
    asm("vmin.s32.s32.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(d));
#endif
    asm("vsub4.u32.u32.u32 %0, %1, %2, %0;" : "+r"(d) : "r"(a), "r"(b));
    return d;
}
#endif
