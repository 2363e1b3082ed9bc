// Other projects' formulations of CUDA's per-word SIMD intrinsics, written
// here from their published descriptions, as references for ptxv's per-word
// forms (bench_cuda.cpp, BM_cuda_peer):
//   nvidia_swar  the portable SWAR of NVIDIA's simd_functions.h (the path for
//                GPUs without the video instructions): __vaddus4 keeps each
//                byte's top bit as a | b | carry and ORs 0x7f into the low
//                seven bits where the byte carries out; __vsubss4 subtracts
//                the low seven bits with the top bit's borrow-in recorded
//                inverted, detects overflow from it and a's sign, clears the
//                overflowed top bit, fills the low bits and adds a's sign;
//                __vmaxs2 takes two 32-bit signed maxima, of the sign-extended
//                low half-words and of the high half-words with the low
//                halves cleared.
//   byte_loop    a lane loop as CPU and HIP ports write it (ggml's HIP
//                header's __vsubss4): each byte sign-extended, subtracted in
//                int, clamped with ternaries, put back.
//   from_vavrg   __vhaddu4 and __vhaddu2 as they map onto PTX: the video
//                instruction vavrg's average, rounded up, less 1 in the
//                lanes where a + b is odd (the low bits of a and b differ).
// Each is checked word for word against ptxv's form before it is timed.
#pragma once

#include <cstdint>

#include "ptxv.hpp"

namespace ptxv_bench::peers {

using u32 = std::uint32_t;

namespace nvidia_swar {
inline u32 vaddus4(u32 a, u32 b) {
    const u32 low = (a & 0x7f7f7f7fu) + (b & 0x7f7f7f7fu);
    const u32 either = a | b;
    const u32 carry = ((a & b) | (either & low)) & 0x80808080u;
    return low | (either & 0x80808080u) | (carry - (carry >> 7));
}
inline u32 vsubss4(u32 a, u32 b) {
    const u32 same = a ^ ~b;                         // top bit: the signs agree
    u32 r = (a | 0x80808080u) - (b & 0x7f7f7f7fu);  // top bit: no borrow into it
    u32 ovfl = (r ^ a) & ~same & 0x80808080u;
    r ^= same & 0x80808080u;                        // the wrapped difference
    r &= ~ovfl;
    const u32 sign = (a & ovfl) >> 7;
    r |= ovfl - (ovfl >> 7);                        // 0x7f
    return r + sign;                                // 0x80 where a was negative
}
inline u32 vmaxs2(u32 a, u32 b) {
    const int lo_a = static_cast<std::int16_t>(a & 0xffffu), lo_b = static_cast<std::int16_t>(b & 0xffffu);
    const int hi_a = static_cast<std::int32_t>(a & 0xffff0000u), hi_b = static_cast<std::int32_t>(b & 0xffff0000u);
    const int lo = lo_a > lo_b ? lo_a : lo_b;
    const int hi = hi_a > hi_b ? hi_a : hi_b;
    return static_cast<u32>(hi) | (static_cast<u32>(lo) & 0xffffu);
}
}  // namespace nvidia_swar

namespace byte_loop {
inline u32 vsubss4(u32 a, u32 b) {
    u32 r = 0;
    for (int i = 0; i < 4; ++i) {
        const int shift = 8 * i;
        int d = static_cast<std::int8_t>((a >> shift) & 0xffu) - static_cast<std::int8_t>((b >> shift) & 0xffu);
        d = d > 127 ? 127 : (d < -128 ? -128 : d);
        r |= (static_cast<u32>(d) & 0xffu) << shift;
    }
    return r;
}
}  // namespace byte_loop

namespace from_vavrg {
inline u32 vhaddu4(u32 a, u32 b) { return ptxv::vavrg4_u32_u32_u32(a, b, 0u) - ((a ^ b) & 0x01010101u); }
inline u32 vhaddu2(u32 a, u32 b) { return ptxv::vavrg2_u32_u32_u32(a, b, 0u) - ((a ^ b) & 0x00010001u); }
}  // namespace from_vavrg

}  // namespace ptxv_bench::peers
