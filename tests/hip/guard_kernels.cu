// A CUDA source with the video instructions in inline asm, as ports meet it:
// check_hip.sh runs `ptxv translate --guard` on it and builds the output as
// HIP device code, with and without a port's __CUDA_ARCH__ define.
#if !defined(__HIP__) && !defined(__CUDACC__)
#define __global__
#endif

extern "C" __global__ void ptxv_guard_kernel(const unsigned* a, const unsigned* b, unsigned* d) {
    const unsigned i = __builtin_amdgcn_workitem_id_x();
    unsigned r, s;
    asm("vadd4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r) : "r"(a[i]), "r"(b[i]), "r"(0));
#if __CUDA_ARCH__ >= 300
    asm("vabsdiff2.s32.s32.s32.add %0, %1, %2, %3;" : "=r"(s) : "r"(a[i]), "r"(b[i]), "r"(r));
#else
    s = b[i];
#endif
    d[i] = r ^ s;
}
