// Packed-lane helpers of generated/ptxv.hpp (namespace ptxv::detail) for the
// SIMD variants: lanes<4> for the byte forms, lanes<2> for the half-word
// forms. ptxv-gen copies the region between the markers verbatim, after the
// scalar helpers (scalar.hpp).
#pragma once

#include "scalar.hpp"

namespace ptxv::detail {

// ptxv-gen: begin lanes
// AMD GPUs since gfx9 compute a pair of 16-bit lanes in one instruction
// (v_pk_add_u16, v_pk_sub_i16 with clamp, v_pk_max_u16, ...), which clang
// selects for its vectors of two half-words and their element-wise builtins:
// in their device pass lanes<2> computes through those (PTXV_LANES_PK16).
// The source is not AMD's: define PTXV_LANES_PK16 to 1 under another clang
// to run the same code elsewhere (the host proofs do), or to 0 to keep SWAR.
#ifndef PTXV_LANES_PK16
#if defined(__AMDGCN__) && defined(__clang__) && defined(__has_builtin)
#if __has_builtin(__builtin_elementwise_add_sat) && __has_builtin(__builtin_elementwise_sub_sat) && \
    __has_builtin(__builtin_elementwise_min) && __has_builtin(__builtin_elementwise_max) && \
    __has_builtin(__builtin_bit_cast)
#define PTXV_LANES_PK16 1
#endif
#endif
#endif
#ifndef PTXV_LANES_PK16
#define PTXV_LANES_PK16 0
#endif
// GFX9 processors (Vega, CDNA) also read and write single bytes of a register
// (SDWA), which makes the byte-wise minimum, maximum and saturating subtract
// shorter as clang's vectors of four bytes than as SWAR (9 instructions
// against 11 to 17); on the later processors they are longer, so the device
// library, built once for every processor, keeps SWAR (PTXV_LANES_SDWA8=0).
#ifndef PTXV_LANES_SDWA8
#if PTXV_LANES_PK16 && defined(__GFX9__)
#define PTXV_LANES_SDWA8 1
#else
#define PTXV_LANES_SDWA8 0
#endif
#endif
// AMD-only builtins where no portable code reaches the instruction: sums of
// absolute differences. The GCN3, Vega, RDNA2 and RDNA3 ISA manuals define
// V_SAD_U8 as D.u = |S0[31:24] - S1[31:24]| + |S0[23:16] - S1[23:16]| +
// |S0[15:8] - S1[15:8]| + |S0[7:0] - S1[7:0]| + S2.u and V_SAD_U16 as
// D.u = |S0[31:16] - S1[31:16]| + |S0[15:0] - S1[15:0]| + S2.u, each field an
// unsigned integer, the sum modulo 2^32. Verified by reading the ISA only (no
// AMD GPU here); the host proofs define PTXV_AMD_SAD_U8/U16 as that text.
#ifndef PTXV_LANES_AMD_SAD
#if defined(__AMDGCN__) && defined(__has_builtin)
#if __has_builtin(__builtin_amdgcn_sad_u8) && __has_builtin(__builtin_amdgcn_sad_u16)
#define PTXV_LANES_AMD_SAD 1
#define PTXV_AMD_SAD_U8(a, b, c) __builtin_amdgcn_sad_u8(a, b, c)
#define PTXV_AMD_SAD_U16(a, b, c) __builtin_amdgcn_sad_u16(a, b, c)
#endif
#endif
#endif
#ifndef PTXV_LANES_AMD_SAD
#define PTXV_LANES_AMD_SAD 0
#endif
// And run-time SIMD selectors (R2), which portable code takes as shifts of
// the pair {b:a} (17 instructions for bytes, 6 for half-words). The same
// manuals define V_PERM_B32 as byte i of D = byte S2.u[8i+7:8i] of the pair
// {S0.u, S1.u}, bytes 0-3 S1's and 4-7 S0's, for a selector byte from 0 to 7
// (8 to 15 sign-fill or give constants; never passed here). Verified by
// reading the ISA only; the host proofs define PTXV_AMD_PERM as that text.
#ifndef PTXV_LANES_AMD_PERM
#if defined(__AMDGCN__) && defined(__has_builtin)
#if __has_builtin(__builtin_amdgcn_perm)
#define PTXV_LANES_AMD_PERM 1
#define PTXV_AMD_PERM(s0, s1, sel) __builtin_amdgcn_perm(s0, s1, sel)
#endif
#endif
#endif
#ifndef PTXV_LANES_AMD_PERM
#define PTXV_LANES_AMD_PERM 0
#endif

template <unsigned N>
struct lanes;

// Packed: a uint32 holding N lanes of W bits. Flags: the top bit of each lane.
template <unsigned N>
struct swar {
    static constexpr unsigned W = 32u / N;
    static constexpr std::uint32_t ONE = 0xffffffffu / ((1u << W) - 1u);  // bit 0 of every lane
    static constexpr std::uint32_t H = ONE << (W - 1u);                    // top bit of every lane
    static constexpr std::uint32_t L = ~H;                                 // every other bit
    PTXV_FI static constexpr std::uint32_t add(std::uint32_t a, std::uint32_t b) noexcept {
        return ((a & L) + (b & L)) ^ ((a ^ b) & H);
    }
    PTXV_FI static constexpr std::uint32_t sub(std::uint32_t a, std::uint32_t b) noexcept {
        return ((a | H) - (b & L)) ^ ((a ^ ~b) & H);
    }
    // a >= b (unsigned lanes): the top bit of ceil((a + ~b) / 2), which never
    // borrows across lanes.
    PTXV_FI static constexpr std::uint32_t geu(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t nb = ~b;
        return ((a | nb) - (((a ^ nb) >> 1) & L)) & H;
    }
    PTXV_FI static constexpr std::uint32_t eq(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t z = a ^ b;
        return ~(((z & L) + L) | z) & H;
    }
    // Flags to whole-lane masks.
    PTXV_FI static constexpr std::uint32_t msk(std::uint32_t f) noexcept { return (f - (f >> (W - 1u))) | f; }
    // Where a lane carries out, its top bit (a | b | carry-in) is already
    // set and only the low bits need filling: 13 operations where a full
    // lane mask and a corrected top bit take 15.
    PTXV_FI static constexpr std::uint32_t addus(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t s = (a & L) + (b & L);
        const std::uint32_t t = a | b;
        const std::uint32_t carry = ((a & b) | (t & s)) & H;
        return s | (t & H) | (carry - (carry >> (W - 1u)));
    }
    PTXV_FI static constexpr std::uint32_t subus(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t d = sub(a, b);
        const std::uint32_t borrow = ((~a & b) | (~(a ^ b) & d)) & H;
        return d & ~msk(borrow);
    }
    // Signed saturation: an overflowed lane becomes L (its top bit cleared,
    // its low bits filled), plus 1 where a is negative, which gives H and
    // cannot carry out of the lane. No whole-lane mask is built.
    PTXV_FI static constexpr std::uint32_t saturate(std::uint32_t r, std::uint32_t o, std::uint32_t a) noexcept {
        return ((r & ~o) | (o - (o >> (W - 1u)))) + ((a & o) >> (W - 1u));
    }
    PTXV_FI static constexpr std::uint32_t addss(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t s = add(a, b);
        return saturate(s, (s ^ a) & (s ^ b) & H, a);
    }
    // The low bits' difference keeps the top bit's borrow-in inverted in
    // (a | H) - (b & L); a lane overflows where a and b differ in sign and
    // that borrow-in differs from a's sign.
    PTXV_FI static constexpr std::uint32_t subss(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t r = (a | H) - (b & L);
        const std::uint32_t x = a ^ b;
        return saturate(r ^ (~x & H), (r ^ a) & x & H, a);
    }
    // Unsigned minimum and maximum: a packed compare and a select.
    PTXV_FI static constexpr std::uint32_t minu(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t k = msk(geu(a, b));
        return a ^ ((a ^ b) & k);
    }
    PTXV_FI static constexpr std::uint32_t maxu(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t k = msk(geu(a, b));
        return b ^ ((a ^ b) & k);
    }
    // |a - b| of unsigned lanes: max - min, which never borrows; of signed
    // lanes the same in the order their top bits flipped give.
    PTXV_FI static constexpr std::uint32_t absdiffu(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t k = msk(geu(a, b));
        const std::uint32_t e = (a ^ b) & k;
        return (b ^ e) - (a ^ e);
    }
    PTXV_FI static constexpr std::uint32_t absdiffs(std::uint32_t a, std::uint32_t b) noexcept {
        return absdiffu(a ^ H, b ^ H);
    }
    // c plus the sum of |a - b| over the lanes of m (R11), of unsigned lanes
    // and of signed ones: v_sad_u8 or v_sad_u16 on AMD GPUs.
    PTXV_FI static constexpr std::uint32_t sadu(std::uint32_t a, std::uint32_t b, std::uint32_t c,
                                                std::uint32_t m) noexcept {
#if PTXV_LANES_AMD_SAD
        if (!__builtin_is_constant_evaluated()) {
            if constexpr (N == 4) return PTXV_AMD_SAD_U8(a & m, b & m, c);
            else return PTXV_AMD_SAD_U16(a & m, b & m, c);
        }
#endif
        return c + lanes<N>::hsum(absdiffu(a, b) & m);
    }
    PTXV_FI static constexpr std::uint32_t sads(std::uint32_t a, std::uint32_t b, std::uint32_t c,
                                                std::uint32_t m) noexcept {
        return sadu(a ^ H, b ^ H, c, m);
    }
    // The unsigned average rounded up (R5): a | b less half of a ^ b, the
    // bits the halving shifts across a lane boundary cleared.
    PTXV_FI static constexpr std::uint32_t avgu(std::uint32_t a, std::uint32_t b) noexcept {
        return (a | b) - (((a ^ b) >> 1) & L);
    }
    // The unsigned average rounded down: a & b plus half of a ^ b.
    PTXV_FI static constexpr std::uint32_t avgd(std::uint32_t a, std::uint32_t b) noexcept {
        return (a & b) + (((a ^ b) >> 1) & L);
    }
    // The signed average rounded half away from zero (R5). Biased by
    // 2^(W-1), s >= 0 is the carry out of x + y, which is the top bit of the
    // floor average; round up exactly then.
    PTXV_FI static constexpr std::uint32_t avgs(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t x = a ^ H, y = b ^ H;
        const std::uint32_t f = (x & y) + (((x ^ y) >> 1) & L);
        return (f + ((x ^ y) & (f >> (W - 1u)) & ONE)) ^ H;
    }
    // |a - b| of signed lanes clamped to the signed range (.sat into a signed d).
    PTXV_FI static constexpr std::uint32_t absdiffss(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t p = absdiffs(a, b);
        return (p | msk(p & H)) ^ (p & H);
    }
    // Compares of two lanes of one type (R14): 1 in each lane where it holds,
    // the flags shifted down; signed ones in the order of the flipped top bits.
    PTXV_FI static constexpr std::uint32_t set_eq(std::uint32_t a, std::uint32_t b) noexcept { return eq(a, b) >> (W - 1u); }
    PTXV_FI static constexpr std::uint32_t set_ne(std::uint32_t a, std::uint32_t b) noexcept {
        return (eq(a, b) ^ H) >> (W - 1u);
    }
    PTXV_FI static constexpr std::uint32_t set_geu(std::uint32_t a, std::uint32_t b) noexcept { return geu(a, b) >> (W - 1u); }
    PTXV_FI static constexpr std::uint32_t set_ltu(std::uint32_t a, std::uint32_t b) noexcept {
        return (geu(a, b) ^ H) >> (W - 1u);
    }
    PTXV_FI static constexpr std::uint32_t set_leu(std::uint32_t a, std::uint32_t b) noexcept { return geu(b, a) >> (W - 1u); }
    PTXV_FI static constexpr std::uint32_t set_gtu(std::uint32_t a, std::uint32_t b) noexcept {
        return (geu(b, a) ^ H) >> (W - 1u);
    }
    PTXV_FI static constexpr std::uint32_t set_ges(std::uint32_t a, std::uint32_t b) noexcept {
        return geu(a ^ H, b ^ H) >> (W - 1u);
    }
    PTXV_FI static constexpr std::uint32_t set_lts(std::uint32_t a, std::uint32_t b) noexcept {
        return (geu(a ^ H, b ^ H) ^ H) >> (W - 1u);
    }
    PTXV_FI static constexpr std::uint32_t set_les(std::uint32_t a, std::uint32_t b) noexcept {
        return geu(b ^ H, a ^ H) >> (W - 1u);
    }
    PTXV_FI static constexpr std::uint32_t set_gts(std::uint32_t a, std::uint32_t b) noexcept {
        return (geu(b ^ H, a ^ H) ^ H) >> (W - 1u);
    }
    // Signed minimum and maximum: the select by the compare of the lanes with
    // their top bits flipped (lanes<2> has shorter ones).
    PTXV_FI static constexpr std::uint32_t mins(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t k = msk(geu(a ^ H, b ^ H));
        return a ^ ((a ^ b) & k);
    }
    PTXV_FI static constexpr std::uint32_t maxs(std::uint32_t a, std::uint32_t b) noexcept {
        const std::uint32_t k = msk(geu(a ^ H, b ^ H));
        return b ^ ((a ^ b) & k);
    }
};

#if PTXV_LANES_PK16 || PTXV_LANES_SDWA8
// An operation lanes<N> computes on clang's vectors of its lanes (vu(), vs():
// the word as unsigned or signed lanes) where the target has an instruction
// for it; a constant evaluation takes swar<N>'s formula.
#define PTXV_LANES_VECTOR_OP(NAME, EXPR)                                                       \
    PTXV_FI static constexpr std::uint32_t NAME(std::uint32_t a, std::uint32_t b) noexcept { \
        if (__builtin_is_constant_evaluated()) return swar::NAME(a, b);                      \
        return __builtin_bit_cast(std::uint32_t, EXPR);                                      \
    }
#endif

// Byte lanes.
template <>
struct lanes<4> : swar<4> {
#if PTXV_LANES_SDWA8
    typedef std::uint8_t u8x4 __attribute__((ext_vector_type(4)));
    typedef std::int8_t s8x4 __attribute__((ext_vector_type(4)));
    PTXV_FI static constexpr u8x4 vu(std::uint32_t x) noexcept { return __builtin_bit_cast(u8x4, x); }
    PTXV_FI static constexpr s8x4 vs(std::uint32_t x) noexcept { return __builtin_bit_cast(s8x4, x); }
    PTXV_LANES_VECTOR_OP(minu, __builtin_elementwise_min(vu(a), vu(b)))
    PTXV_LANES_VECTOR_OP(maxu, __builtin_elementwise_max(vu(a), vu(b)))
    PTXV_LANES_VECTOR_OP(mins, __builtin_elementwise_min(vs(a), vs(b)))
    PTXV_LANES_VECTOR_OP(maxs, __builtin_elementwise_max(vs(a), vs(b)))
    PTXV_LANES_VECTOR_OP(subus, __builtin_elementwise_sub_sat(vu(a), vu(b)))
#endif
    // R4: mask bits to lane masks.
    PTXV_FI static constexpr std::uint32_t mask(unsigned m) noexcept { return (((m & 15u) * 0x00204081u) & 0x01010101u) * 0xffu; }
    PTXV_FI static constexpr std::uint32_t pop(unsigned m) noexcept {
        return static_cast<std::uint32_t>(0x4332322132212110ull >> ((m & 15u) << 2)) & 7u;
    }
    PTXV_FI static constexpr std::uint32_t hsum(std::uint32_t x) noexcept {
        const std::uint32_t y = (x & 0x00ff00ffu) + ((x >> 8) & 0x00ff00ffu);
        return (y & 0xffffu) + (y >> 16);
    }
    PTXV_FI static constexpr std::uint32_t cnt(std::uint32_t f) noexcept { return ((f >> 7) * 0x01010101u) >> 24; }
    // Widened: lanes 0, 2, 1, 3 in the 16-bit fields of a uint64, from the bottom;
    // this order costs one shift each way.
    PTXV_FI static constexpr std::uint64_t widen(std::uint32_t x) noexcept {
        return (std::uint64_t{x} | (std::uint64_t{x} << 24)) & 0x00ff00ff00ff00ffull;
    }
    PTXV_FI static constexpr std::uint32_t narrow(std::uint64_t w) noexcept {
        return static_cast<std::uint32_t>((w & 0x00ff00ffu) | ((w >> 24) & 0xff00ff00u));
    }
    PTXV_FI static constexpr std::uint64_t fmask(unsigned m) noexcept {
        const std::uint64_t f = ((m & 15u) * 0x0000200080004001ull) & 0x0001000100010001ull;
        return (f << 16) - f;
    }
    PTXV_FI static constexpr std::uint32_t fsum(std::uint64_t w) noexcept {
        const std::uint64_t t = (w & 0x0000ffff0000ffffull) + ((w >> 16) & 0x0000ffff0000ffffull);
        return static_cast<std::uint32_t>(t) + static_cast<std::uint32_t>(t >> 32);
    }
    // R2: lane i takes byte digit i of s from the pair {b:a}.
    PTXV_FI static constexpr std::uint32_t select(std::uint32_t a, std::uint32_t b, unsigned s) noexcept {
#if PTXV_LANES_AMD_PERM
        if (!__builtin_is_constant_evaluated()) {
            // The digits spread to bytes: V_PERM_B32's selector.
            const std::uint32_t t = s & 0x7777u;
            const std::uint32_t x = (t | (t << 8)) & 0x00ff00ffu;
            return PTXV_AMD_PERM(b, a, (x | (x << 4)) & 0x0f0f0f0fu);
        }
#endif
        const std::uint64_t p = (std::uint64_t{b} << 32) | a;
        return static_cast<std::uint32_t>(((p >> ((s << 3) & 0x38u)) & 0xffu) | (((p >> ((s >> 1) & 0x38u)) & 0xffu) << 8) |
                                          (((p >> ((s >> 5) & 0x38u)) & 0xffu) << 16) |
                                          (((p >> ((s >> 9) & 0x38u)) & 0xffu) << 24));
    }
    // Constant selectors: the lanes that take bytes of the same word (a or b) and
    // move by the same distance d (source byte - lane) share one shift and one
    // mask, on 32-bit words; a broadcast is one multiply. Only the lanes in Live
    // (the mask: the others' results are dropped) are picked; a group alone
    // needs no mask, since what it moves into the other lanes is dropped.
    PTXV_HD static constexpr std::uint32_t group(unsigned s, unsigned live, unsigned word, int d) noexcept {
        std::uint32_t m = 0;
        for (int i = 0; i < 4; ++i) {
            const unsigned e = (s >> (4 * i)) & 7u;
            if (((live >> i) & 1u) != 0 && (e >> 2) == word && static_cast<int>(e & 3u) - i == d) m |= 0xffu << (8 * i);
        }
        return m;
    }
    PTXV_HD static constexpr int groups(unsigned s, unsigned live) noexcept {
        int n = 0;
        for (unsigned word = 0; word < 2; ++word) {
            for (int d = -3; d <= 3; ++d) n += group(s, live, word, d) != 0 ? 1 : 0;
        }
        return n;
    }
    // Whether every live lane takes byte e.
    PTXV_HD static constexpr bool splat(unsigned s, unsigned live, unsigned e) noexcept {
        bool all = true;
        for (int i = 0; i < 4; ++i) all = all && (((live >> i) & 1u) == 0 || ((s >> (4 * i)) & 7u) == e);
        return all;
    }
    template <unsigned S, unsigned Live, unsigned Word, int D>
    PTXV_FI static constexpr std::uint32_t move(std::uint32_t x) noexcept {
        constexpr std::uint32_t m = groups(S, Live) == 1 ? 0xffffffffu : group(S, Live, Word, D);
        if constexpr (group(S, Live, Word, D) == 0) {
            static_cast<void>(x);
            return 0;
        } else if constexpr (D >= 0) {
            return (x >> (8 * D)) & m;
        } else {
            return (x << (-8 * D)) & m;
        }
    }
    template <unsigned S, unsigned Live = 0xfu>
    PTXV_FI static constexpr std::uint32_t pick(std::uint32_t a, std::uint32_t b) noexcept {
        constexpr unsigned s0 = S & 7u;
        if constexpr (groups(S, Live) > 1 && splat(S, Live, s0)) {
            return (((s0 < 4 ? a : b) >> (8 * (s0 & 3u))) & 0xffu) * 0x01010101u;
        } else {
            return move<S, Live, 0, -3>(a) | move<S, Live, 0, -2>(a) | move<S, Live, 0, -1>(a) |
                   move<S, Live, 0, 0>(a) | move<S, Live, 0, 1>(a) | move<S, Live, 0, 2>(a) |
                   move<S, Live, 0, 3>(a) | move<S, Live, 1, -3>(b) | move<S, Live, 1, -2>(b) |
                   move<S, Live, 1, -1>(b) | move<S, Live, 1, 0>(b) | move<S, Live, 1, 1>(b) |
                   move<S, Live, 1, 2>(b) | move<S, Live, 1, 3>(b);
        }
    }
    // A .bxyzw selector written as four hex digits, each 0-7 (R2).
    PTXV_HD static constexpr bool select_ok(unsigned s) noexcept { return (s & ~0x7777u) == 0; }
};

// Half-word lanes.
template <>
struct lanes<2> : swar<2> {
#if PTXV_LANES_PK16
    // Each operation that a pair of 16-bit lanes has an instruction for.
    typedef std::uint16_t u16x2 __attribute__((ext_vector_type(2)));
    typedef std::int16_t s16x2 __attribute__((ext_vector_type(2)));
    PTXV_FI static constexpr u16x2 vu(std::uint32_t x) noexcept { return __builtin_bit_cast(u16x2, x); }
    PTXV_FI static constexpr s16x2 vs(std::uint32_t x) noexcept { return __builtin_bit_cast(s16x2, x); }
    PTXV_LANES_VECTOR_OP(add, vu(a) + vu(b))
    PTXV_LANES_VECTOR_OP(sub, vu(a) - vu(b))
    PTXV_LANES_VECTOR_OP(addus, __builtin_elementwise_add_sat(vu(a), vu(b)))
    PTXV_LANES_VECTOR_OP(subus, __builtin_elementwise_sub_sat(vu(a), vu(b)))
    PTXV_LANES_VECTOR_OP(addss, __builtin_elementwise_add_sat(vs(a), vs(b)))
    PTXV_LANES_VECTOR_OP(subss, __builtin_elementwise_sub_sat(vs(a), vs(b)))
    PTXV_LANES_VECTOR_OP(minu, __builtin_elementwise_min(vu(a), vu(b)))
    PTXV_LANES_VECTOR_OP(maxu, __builtin_elementwise_max(vu(a), vu(b)))
    PTXV_LANES_VECTOR_OP(mins, __builtin_elementwise_min(vs(a), vs(b)))
    PTXV_LANES_VECTOR_OP(maxs, __builtin_elementwise_max(vs(a), vs(b)))
    PTXV_LANES_VECTOR_OP(absdiffu, __builtin_elementwise_max(vu(a), vu(b)) - __builtin_elementwise_min(vu(a), vu(b)))
    // |a - b| of signed lanes, and clamped to the signed range. Where b is
    // the constant 0 (CUDA's __vabs2 and __vabsss2) max(a, -a) takes two
    // instructions where max - min takes three: -a wraps as the difference
    // does (0x8000 stays 0x8000), and saturated it is 0x7fff.
    PTXV_FI static constexpr std::uint32_t absdiffs(std::uint32_t a, std::uint32_t b) noexcept {
        if (__builtin_is_constant_evaluated()) return swar::absdiffs(a, b);
        if (__builtin_constant_p(b) && b == 0u)
            return __builtin_bit_cast(std::uint32_t, __builtin_elementwise_max(vs(a), (s16x2)(vu(0u) - vu(a))));
        return __builtin_bit_cast(std::uint32_t,
                                  __builtin_elementwise_max(vs(a), vs(b)) - __builtin_elementwise_min(vs(a), vs(b)));
    }
    PTXV_FI static constexpr std::uint32_t absdiffss(std::uint32_t a, std::uint32_t b) noexcept {
        if (__builtin_is_constant_evaluated()) return swar::absdiffss(a, b);
        if (__builtin_constant_p(b) && b == 0u) {
            return __builtin_bit_cast(std::uint32_t,
                                      __builtin_elementwise_max(vs(a), __builtin_elementwise_sub_sat(vs(0u), vs(a))));
        }
        return __builtin_bit_cast(std::uint32_t, __builtin_elementwise_sub_sat(__builtin_elementwise_max(vs(a), vs(b)),
                                                                               __builtin_elementwise_min(vs(a), vs(b))));
    }
    PTXV_LANES_VECTOR_OP(avgu, vu(a | b) - (vu(a ^ b) >> 1))
    PTXV_LANES_VECTOR_OP(avgd, vu(a & b) + (vu(a ^ b) >> 1))
    // The floor average (a & b plus half of a ^ b, shifted arithmetically),
    // plus 1 where the sum is odd and not negative: the odd bit less the
    // sign, saturated (as a mask or a shift of ~f, clang turns the condition
    // into per-lane compares and selects). Eight instructions where the
    // biased SWAR form takes twelve.
    PTXV_FI static constexpr std::uint32_t avgs(std::uint32_t a, std::uint32_t b) noexcept {
        if (__builtin_is_constant_evaluated()) return swar::avgs(a, b);
        const u16x2 f = vu(a & b) + (u16x2)(vs(a ^ b) >> 1);
        return __builtin_bit_cast(std::uint32_t, f + __builtin_elementwise_sub_sat(vu(a ^ b) & splat(1), f >> 15));
    }
    // The compares, each lane 1 or 0. b - a saturated is 0 where a >= b, and
    // 1 less that is 1 or 0 (LLVM turns a min with 1 into per-lane compares,
    // which AMD's ISA has no packed form of); above 0 where a < b, which
    // adding 0x7fff, saturated, carries into the top bit. Signed: b - a
    // saturated keeps its sign, and its maximum with 0 is the same test.
    PTXV_FI static constexpr u16x2 splat(std::uint16_t x) noexcept { return u16x2{x, x}; }
#define PTXV_LANES_PK16_GEU(a, b) __builtin_elementwise_sub_sat(splat(1), __builtin_elementwise_sub_sat(b, a))
#define PTXV_LANES_PK16_LTU(a, b) (__builtin_elementwise_add_sat(__builtin_elementwise_sub_sat(b, a), splat(0x7fff)) >> 15)
#define PTXV_LANES_PK16_POS(a, b) (u16x2) __builtin_elementwise_max(__builtin_elementwise_sub_sat(b, a), s16x2{0, 0})
    PTXV_LANES_VECTOR_OP(set_eq, __builtin_elementwise_sub_sat(splat(1), vu(a ^ b)))
    PTXV_LANES_VECTOR_OP(set_ne, __builtin_elementwise_add_sat(vu(a ^ b), splat(0x7fff)) >> 15)
    PTXV_LANES_VECTOR_OP(set_geu, PTXV_LANES_PK16_GEU(vu(a), vu(b)))
    PTXV_LANES_VECTOR_OP(set_leu, PTXV_LANES_PK16_GEU(vu(b), vu(a)))
    PTXV_LANES_VECTOR_OP(set_ltu, PTXV_LANES_PK16_LTU(vu(a), vu(b)))
    PTXV_LANES_VECTOR_OP(set_gtu, PTXV_LANES_PK16_LTU(vu(b), vu(a)))
    PTXV_LANES_VECTOR_OP(set_ges, __builtin_elementwise_sub_sat(splat(1), PTXV_LANES_PK16_POS(vs(a), vs(b))))
    PTXV_LANES_VECTOR_OP(set_les, __builtin_elementwise_sub_sat(splat(1), PTXV_LANES_PK16_POS(vs(b), vs(a))))
    PTXV_LANES_VECTOR_OP(set_lts, __builtin_elementwise_add_sat(PTXV_LANES_PK16_POS(vs(a), vs(b)), splat(0x7fff)) >> 15)
    PTXV_LANES_VECTOR_OP(set_gts, __builtin_elementwise_add_sat(PTXV_LANES_PK16_POS(vs(b), vs(a)), splat(0x7fff)) >> 15)
#undef PTXV_LANES_PK16_GEU
#undef PTXV_LANES_PK16_LTU
#undef PTXV_LANES_PK16_POS
#endif
    PTXV_FI static constexpr std::uint32_t mask(unsigned m) noexcept { return (((m & 3u) * 0x8001u) & 0x10001u) * 0xffffu; }
    PTXV_FI static constexpr std::uint32_t pop(unsigned m) noexcept { return (m & 1u) + ((m >> 1) & 1u); }
    PTXV_FI static constexpr std::uint32_t hsum(std::uint32_t x) noexcept { return (x & 0xffffu) + (x >> 16); }
    PTXV_FI static constexpr std::uint32_t cnt(std::uint32_t f) noexcept { return ((f >> 15) * 0x10001u) >> 16; }
#if !PTXV_LANES_PK16
    // Signed minimum and maximum as two 32-bit ones, a compare and a select
    // each (a conditional move, or vectorized over an array), where the
    // packed compare takes about a dozen operations. Lane 1 in place with
    // zeros below orders like the lane; lane 0 likewise shifted up (clang
    // vectorizes that best), or sign-extended (GCC then finds SSE2's 16-bit
    // pmaxsw/pminsw for it over an array: 7 % faster at g++ 12 -O3; shifted
    // up, clang's loop is 10 % faster).
    PTXV_FI static constexpr std::int32_t low_lane(std::uint32_t x) noexcept {
#if defined(__clang__)
        return static_cast<std::int32_t>(x << 16);
#else
        return static_cast<std::int16_t>(x & 0xffffu);
#endif
    }
    PTXV_FI static constexpr std::uint32_t low_back(std::int32_t x) noexcept {
#if defined(__clang__)
        return static_cast<std::uint32_t>(x) >> 16;
#else
        return static_cast<std::uint32_t>(x) & 0xffffu;
#endif
    }
    PTXV_FI static constexpr std::uint32_t maxs(std::uint32_t a, std::uint32_t b) noexcept {
        const std::int32_t x0 = low_lane(a), y0 = low_lane(b);
        const auto x1 = static_cast<std::int32_t>(a & 0xffff0000u), y1 = static_cast<std::int32_t>(b & 0xffff0000u);
        return static_cast<std::uint32_t>(x1 > y1 ? x1 : y1) | low_back(x0 > y0 ? x0 : y0);
    }
    PTXV_FI static constexpr std::uint32_t mins(std::uint32_t a, std::uint32_t b) noexcept {
        const std::int32_t x0 = low_lane(a), y0 = low_lane(b);
        const auto x1 = static_cast<std::int32_t>(a & 0xffff0000u), y1 = static_cast<std::int32_t>(b & 0xffff0000u);
        return static_cast<std::uint32_t>(x1 < y1 ? x1 : y1) | low_back(x0 < y0 ? x0 : y0);
    }
#endif
    // Widened: lane i in the 32-bit field i of a uint64.
    PTXV_FI static constexpr std::uint64_t widen(std::uint32_t x) noexcept {
        return (std::uint64_t{x} | (std::uint64_t{x} << 16)) & 0x0000ffff0000ffffull;
    }
    PTXV_FI static constexpr std::uint32_t narrow(std::uint64_t w) noexcept {
        return static_cast<std::uint32_t>((w & 0xffffu) | ((w >> 16) & 0xffff0000u));
    }
    PTXV_FI static constexpr std::uint64_t fmask(unsigned m) noexcept {
        const std::uint64_t f = ((m & 3u) * 0x80000001ull) & 0x0000000100000001ull;
        return (f << 32) - f;
    }
    PTXV_FI static constexpr std::uint32_t fsum(std::uint64_t w) noexcept {
        return static_cast<std::uint32_t>(w) + static_cast<std::uint32_t>(w >> 32);
    }
    // R2: lane i takes half-word digit i of s from the pair {b:a}.
    PTXV_FI static constexpr std::uint32_t select(std::uint32_t a, std::uint32_t b, unsigned s) noexcept {
#if PTXV_LANES_AMD_PERM
        if (!__builtin_is_constant_evaluated()) {
            // Half-word h is bytes 2h and 2h + 1: V_PERM_B32's selector.
            const std::uint32_t h = ((s & 0x3u) | ((s & 0x30u) << 12)) * 0x0202u;
            return PTXV_AMD_PERM(b, a, h + 0x01000100u);
        }
#endif
        const std::uint64_t p = (std::uint64_t{b} << 32) | a;
        return static_cast<std::uint32_t>(((p >> ((s << 4) & 0x30u)) & 0xffffu) | (((p >> (s & 0x30u)) & 0xffffu) << 16));
    }
    // Constant selectors on 32-bit words: lane 0 shifted down from its word, lane
    // 1 shifted up; masks only where both lanes are live (Live, as for lanes<4>::pick).
    template <unsigned Which>
    PTXV_FI static constexpr std::uint32_t word(std::uint32_t a, std::uint32_t b) noexcept {
        if constexpr (Which == 0) {
            static_cast<void>(b);
            return a;
        } else {
            static_cast<void>(a);
            return b;
        }
    }
    template <unsigned S, unsigned Live = 0x3u>
    PTXV_FI static constexpr std::uint32_t pick(std::uint32_t a, std::uint32_t b) noexcept {
        constexpr unsigned s0 = S & 3u, s1 = (S >> 4) & 3u;
        constexpr unsigned w0 = s0 >> 1, w1 = s1 >> 1, h0 = s0 & 1u, h1 = s1 & 1u;
        constexpr bool live0 = (Live & 1u) != 0, live1 = (Live & 2u) != 0;
        if constexpr (!live1) {
            return word<w0>(a, b) >> (16 * h0);
        } else if constexpr (!live0) {
            return word<w1>(a, b) << (16 * (1 - h1));
        } else if constexpr (w0 == w1 && h0 == 0 && h1 == 1) {
            return word<w0>(a, b);
        } else if constexpr (w0 == w1 && h0 == 1 && h1 == 0) {
            const std::uint32_t x = word<w0>(a, b);
            return (x >> 16) | (x << 16);
        } else {
            const std::uint32_t lo = h0 == 1 ? word<w0>(a, b) >> 16 : word<w0>(a, b) & 0xffffu;
            const std::uint32_t hi = h1 == 1 ? word<w1>(a, b) & 0xffff0000u : word<w1>(a, b) << 16;
            return lo | hi;
        }
    }
    // A .hxy selector written as two hex digits, each 0-3 (R2).
    PTXV_HD static constexpr bool select_ok(unsigned s) noexcept { return (s & ~0x33u) == 0; }
};
#if PTXV_LANES_PK16 || PTXV_LANES_SDWA8
#undef PTXV_LANES_VECTOR_OP
#endif
// ptxv-gen: end lanes

}  // namespace ptxv::detail
