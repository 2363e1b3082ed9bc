// --guard keeps a statement that only a CUDA device pass compiles for NVIDIA's
// (#if defined(__CUDA_ARCH__) && !defined(__HIP__)) and translates it for HIP,
// whose device pass a port may give __CUDA_ARCH__, and for a host build whose
// condition is edited to hold there.
__device__ unsigned pick(unsigned a, unsigned b) {
    unsigned d;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 300
    asm("vmax.u32.u32.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
#else
    asm("vmin.u32.u32.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
#endif
    return d;
}
