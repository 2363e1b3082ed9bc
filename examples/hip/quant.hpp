// A ggml-style dequantize-and-compare step on packed signed bytes, written
// with CUDA's SIMD intrinsics as CUDA code writes it. Under HIP they come
// from ptxv_cuda_compat.hpp (HIP has none of them); on the host too.
//
// Each 32-bit word q holds eight 4-bit quants; a quant's value is q - 8. Four
// sign bits per half (one per byte) negate values, as ggml's sign-grid
// quantizations do: a byte mask from __vcmpne4, then (x ^ m) - m. The result
// is compared with reference bytes: their saturated difference (__vsubss4)
// and how many bytes are equal (__vcmpeq4).
#pragma once

#include "ptxv_cuda_compat.hpp"

#if !defined(__HIP__) && !defined(__CUDACC__)
#define __host__
#define __device__
#endif

namespace quant {

struct Compared {
    unsigned diff_lo, diff_hi;  // saturated byte differences, value - reference
    unsigned equal;             // how many of the eight bytes equal the reference's
};

// Byte k of the result is bit k of s, for k < 4.
__host__ __device__ inline unsigned sign_bytes(unsigned s) {
    return (s & 1u) | ((s & 2u) << 7) | ((s & 4u) << 14) | ((s & 8u) << 21);
}

// Four quants (the low or the high nibbles of q) as signed bytes, negated where
// a sign bit is set. q - 8 wraps within each byte: __vsub4, not __vsubss4.
__host__ __device__ inline unsigned dequantize(unsigned nibbles, unsigned signs) {
    const unsigned x = __vsub4(nibbles & 0x0f0f0f0fu, 0x08080808u);
    const unsigned m = __vcmpne4(sign_bytes(signs), 0u);
    return __vsub4(x ^ m, m);
}

__host__ __device__ inline unsigned equal_bytes(unsigned a, unsigned b) {
    return ((__vcmpeq4(a, b) & 0x01010101u) * 0x01010101u) >> 24;
}

// Eight quants of q with the eight sign bits of signs, against ref_lo (the
// low nibbles') and ref_hi (the high nibbles').
__host__ __device__ inline Compared compare(unsigned q, unsigned signs, unsigned ref_lo, unsigned ref_hi) {
    const unsigned lo = dequantize(q, signs & 0xfu);
    const unsigned hi = dequantize(q >> 4, (signs >> 4) & 0xfu);
    return {__vsubss4(lo, ref_lo), __vsubss4(hi, ref_hi), equal_bytes(lo, ref_lo) + equal_bytes(hi, ref_hi)};
}

}  // namespace quant
