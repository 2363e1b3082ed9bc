// CUDA's SIMD intrinsics in HIP device code through ptxv_cuda_compat.hpp, as a
// ggml-style port uses them (a dequantize-and-compare step: __vsub4,
// __vsubss4, __vcmpne4, __vcmpeq4), plus one intrinsic of each other kind and
// HIP's own __sad/__usad. check_hip.sh compiles it for gfx90a and gfx1030 and
// reads the ISA: no branch, no call.
#if !defined(PTXV_HIP_NO_RUNTIME)
#include <hip/hip_runtime.h>
#endif
#include "ptxv_cuda_compat.hpp"

extern "C" __attribute__((global)) void ptxv_hip_quant(const unsigned* q, const unsigned* bias, unsigned* d,
                                                       unsigned* eq) {
    const unsigned i = __builtin_amdgcn_workitem_id_x();
    const unsigned centered = __vsub4(q[i], bias[i]);
    const unsigned clamped = __vsubss4(q[i], bias[i]);
    d[i] = centered ^ clamped;
    eq[i] = __vcmpne4(centered, clamped) | (__vcmpeq4(q[i], bias[i]) & 0x01010101u);
}

extern "C" __attribute__((global)) void ptxv_hip_kinds(const unsigned* a, const unsigned* b, unsigned* d) {
    const unsigned i = __builtin_amdgcn_workitem_id_x();
    const unsigned x = a[i], y = b[i];
    d[i] = __vaddus4(x, y) ^ __vavgs2(x, y) ^ __vabsdiffs4(x, y) ^ __vmaxs2(x, y) ^ __vsetgtu4(x, y) ^ __vsads2(x, y) ^
           __vabsss4(x) ^ __vnegss2(x) ^ __vhaddu2(x, y) ^ __vcmpltu2(x, y);
#if !defined(PTXV_HIP_NO_RUNTIME)
    d[i] += __usad(x, y, 1u) + __sad(static_cast<int>(x), static_cast<int>(y), 2u);
#endif
}

// The host pass has them too (__sad and __usad: ptxv's exact ones).
unsigned ptxv_hip_host(unsigned a, unsigned b) { return __vsubss4(a, b) + __sad(static_cast<int>(a), static_cast<int>(b), 0u); }
