// The example's kernels for AMD GPUs: hipcc builds them for gfx90a and gfx1030
// (tests/hip/check_hip.sh), with and without a port's __CUDA_ARCH__ define.
// Launch exactly one thread per element: the kernels test no bound.
#include <hip/hip_runtime.h>

#include "quant.hpp"
#include "sad.guarded.cuh"

extern "C" __global__ void dequantize_compare(const unsigned* q, const unsigned* signs, const unsigned* ref,
                                              unsigned* diff, unsigned* equal) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    const quant::Compared c = quant::compare(q[i], signs[i], ref[2 * i], ref[2 * i + 1]);
    diff[2 * i] = c.diff_lo;
    diff[2 * i + 1] = c.diff_hi;
    equal[i] = c.equal;
}

// Block matching's inner step: the SAD of four pixels of a against b, and a
// clamp of a's half-words.
extern "C" __global__ void sad_clamp(const unsigned* a, const unsigned* b, unsigned* sums, unsigned* clamped) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    sums[i] = sad::sad4(a[i], b[i], sad::sad4(a[i] >> 8, b[i] >> 8, 0u));
    clamped[i] = sad::clamp2(a[i], 0xff80ff80u, 0x007f007fu);
}
