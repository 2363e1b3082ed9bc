// Other projects' formulations of CUDA's byte-wise SIMD intrinsics for AMD
// GPUs, written here from their published descriptions, as references for
// ptxv's device code (tools/amd_isa.py --peers counts their VALU
// instructions beside ptxv's and first checks each word for word against
// ptxv's intrinsic on the host):
//   ggml_hip  ggml's HIP header (ggml/src/ggml-cuda/vendors/hip.h): __vsubss4
//             as clang's element-wise saturating subtract on a vector of four
//             signed bytes; __vcmpeq4 and __vcmpne4 as a loop over the bytes,
//             0xff where the comparison holds; its __vsub4 was __vsubss4 (a
//             saturating subtract, which CUDA's is not) and is left out.
//   pr_swar   the two llama.cpp pull requests of 2026 (#27962, #28616) that
//             replace those loops with branch-free SWAR: __vsub4 as a wrapping
//             subtract of the low seven bits of each byte with the top bits
//             fixed up by an xor, __vcmpne4 from the bytes of a ^ b that are
//             not zero (their low seven bits plus 0x7f, or'ed with the byte,
//             give the top bit), widened to 0xff, and __vcmpeq4 its complement.
// Compiled by clang for HIP's device pass or for the host.
#pragma once

#include <cstdint>

#if defined(__HIP__)
#define PTXV_PEER_FN __attribute__((host, device)) inline
#else
#define PTXV_PEER_FN inline
#endif

namespace ptxv_bench::peers_hip {

using u32 = std::uint32_t;

namespace ggml_hip {
typedef std::int8_t s8x4 __attribute__((ext_vector_type(4)));
typedef std::uint8_t u8x4 __attribute__((ext_vector_type(4)));
PTXV_PEER_FN u32 vsubss4(u32 a, u32 b) {
    return __builtin_bit_cast(u32, __builtin_elementwise_sub_sat(__builtin_bit_cast(s8x4, a), __builtin_bit_cast(s8x4, b)));
}
PTXV_PEER_FN u32 vcmpeq4(u32 a, u32 b) {
    const u8x4 va = __builtin_bit_cast(u8x4, a), vb = __builtin_bit_cast(u8x4, b);
    u8x4 vc;
    for (int i = 0; i < 4; ++i) vc[i] = va[i] == vb[i] ? 0xff : 0x00;
    return __builtin_bit_cast(u32, vc);
}
PTXV_PEER_FN u32 vcmpne4(u32 a, u32 b) {
    const u8x4 va = __builtin_bit_cast(u8x4, a), vb = __builtin_bit_cast(u8x4, b);
    u8x4 vc;
    for (int i = 0; i < 4; ++i) vc[i] = va[i] != vb[i] ? 0xff : 0x00;
    return __builtin_bit_cast(u32, vc);
}
}  // namespace ggml_hip

namespace pr_swar {
PTXV_PEER_FN u32 vsub4(u32 a, u32 b) { return ((a | 0x80808080u) - (b & 0x7f7f7f7fu)) ^ ((a ^ ~b) & 0x80808080u); }
PTXV_PEER_FN u32 vcmpne4(u32 a, u32 b) {
    const u32 t = a ^ b;
    const u32 top = (((t & 0x7f7f7f7fu) + 0x7f7f7f7fu) | t) & 0x80808080u;
    return (top >> 7) * 0xffu;
}
PTXV_PEER_FN u32 vcmpeq4(u32 a, u32 b) { return ~vcmpne4(a, b); }
}  // namespace pr_swar

}  // namespace ptxv_bench::peers_hip

// The peers by CUDA's name: (intrinsic, peer, function).
#define PTXV_HIP_PEERS(X)                                 \
    X(__vsubss4, ggml_hip, ggml_hip::vsubss4)             \
    X(__vcmpeq4, ggml_hip, ggml_hip::vcmpeq4)             \
    X(__vcmpne4, ggml_hip, ggml_hip::vcmpne4)             \
    X(__vsub4, pr_swar, pr_swar::vsub4)                   \
    X(__vcmpne4, pr_swar, pr_swar::vcmpne4)               \
    X(__vcmpeq4, pr_swar, pr_swar::vcmpeq4)
