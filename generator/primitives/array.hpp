// The head of generated/ptxv_array.hpp: the vector abstraction and lane
// operations of the array forms (ptxv::array), for x86 SSE2, GCC/Clang vector
// extensions and a per-word fallback. ptxv-gen copies the region between the
// markers verbatim (generator/fragments.hpp) and then writes one array form
// per SIMD variant.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "ptxv.hpp"

// ptxv-gen: begin array
// The vector path needs __builtin_shufflevector (GCC 12, Clang) and a
// little-endian target, where lane i of a word is its i-th byte or half-word
// in memory. Define PTXV_ARRAY_VECTOR to 0 to use the per-word loop everywhere.
#ifndef PTXV_ARRAY_VECTOR
#if defined(__has_builtin) && !defined(__CUDACC__) && defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__)
#if __has_builtin(__builtin_shufflevector) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define PTXV_ARRAY_VECTOR 1
#endif
#endif
#endif
#ifndef PTXV_ARRAY_VECTOR
#define PTXV_ARRAY_VECTOR 0
#endif
// On x86 the saturating adds, the average and the byte sums use the SSE2
// instructions made for them (paddsb, pavgb, pmaddwd), which the operators of
// the vector extensions cannot name. Define PTXV_ARRAY_X86 to 0 for the
// portable formulation everywhere.
#ifndef PTXV_ARRAY_X86
#if PTXV_ARRAY_VECTOR && defined(__SSE2__)
#define PTXV_ARRAY_X86 1
#else
#define PTXV_ARRAY_X86 0
#endif
#endif
#if PTXV_ARRAY_X86
#include <emmintrin.h>
#endif
// Each path has its own inline namespace, so translation units built with
// different settings link together without mixing definitions.
#if PTXV_ARRAY_X86
#define PTXV_ARRAY_PATH path_x86
#elif PTXV_ARRAY_VECTOR
#define PTXV_ARRAY_PATH path_vector
#else
#define PTXV_ARRAY_PATH path_word
#endif

namespace ptxv {
namespace array {
inline namespace PTXV_ARRAY_PATH {
namespace detail {
#if PTXV_ARRAY_VECTOR

typedef std::uint8_t u8x16 __attribute__((vector_size(16)));
typedef std::int8_t s8x16 __attribute__((vector_size(16)));
typedef std::uint16_t u16x8 __attribute__((vector_size(16)));
typedef std::int16_t s16x8 __attribute__((vector_size(16)));
typedef std::uint32_t u32x4 __attribute__((vector_size(16)));
typedef std::int32_t s32x4 __attribute__((vector_size(16)));

// Lane vectors of width W (8 or 16): unsigned, signed, and signed lanes of
// twice the width (the widened path).
template <int W> struct L;
template <> struct L<8> {
    typedef u8x16 U;
    typedef s8x16 S;
    typedef s16x8 WS;
    static constexpr unsigned kLanes = 4;
    static constexpr std::uint32_t kSign = 0x80808080u, kLow = 0x00ff00ffu, kOne = 0x01010101u;
};
template <> struct L<16> {
    typedef u16x8 U;
    typedef s16x8 S;
    typedef s32x4 WS;
    static constexpr unsigned kLanes = 2;
    static constexpr std::uint32_t kSign = 0x80008000u, kLow = 0x0000ffffu, kOne = 0x00010001u;
};
template <int W, bool S> using V = typename std::conditional<S, typename L<W>::S, typename L<W>::U>::type;

PTXV_FI u32x4 ld(const std::uint32_t* p) noexcept {
    u32x4 v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}
PTXV_FI void st(std::uint32_t* p, u32x4 v) noexcept { __builtin_memcpy(p, &v, sizeof v); }
template <class T> PTXV_FI T splat(int x) noexcept {
    return T{} + static_cast<typename std::remove_reference<decltype(std::declval<T&>()[0])>::type>(x);
}
template <class T> PTXV_FI T vmin(T x, T y) noexcept { return x < y ? x : y; }
template <class T> PTXV_FI T vmax(T x, T y) noexcept { return x < y ? y : x; }
template <class T, class M> PTXV_FI T blend(M m, T x, T y) noexcept { return (x & (T)m) | (y & ~(T)m); }

// The bits of a word that the lanes in mask occupy (the per-word forms' own).
template <int W> constexpr std::uint32_t lane_bits(unsigned mask) noexcept {
    return W == 8 ? ::ptxv::detail::lanes<4>::mask(mask) : ::ptxv::detail::lanes<2>::mask(mask);
}
constexpr int popcount(unsigned m) noexcept { return m == 0 ? 0 : static_cast<int>(m & 1u) + popcount(m >> 1); }

// R2: lane J of the result is lane G of the pair {b:a}. The lanes that come
// from the same word, moved by the same distance, are one group: one shift,
// and a mask only where the shift leaves something other than zeros in the
// lanes of another group. Lanes outside Mask may hold anything: every use
// clears them (merge takes them from c, the sums leave them out).
//
// The lanes in Mask that take the lane Dist below them in word S (0 a, 1 b).
template <int W> constexpr unsigned group(unsigned sel, unsigned mask, unsigned s, int dist) noexcept {
    unsigned g = 0;
    for (unsigned j = 0; j < L<W>::kLanes; ++j) {
        const unsigned from = (sel >> (4 * j)) & 0xfu;
        const int moved = static_cast<int>(j) - static_cast<int>(from % L<W>::kLanes);
        if (((mask >> j) & 1u) != 0 && from / L<W>::kLanes == s && moved == dist) g |= 1u << j;
    }
    return g;
}
template <int W, unsigned Sel, unsigned Mask, unsigned S, int Dist> PTXV_FI u32x4 group_from(u32x4 a, u32x4 b) noexcept {
    constexpr unsigned g = group<W>(Sel, Mask, S, Dist);
    if constexpr (g == 0) {
        return u32x4{};
    } else {
        const u32x4 s = S == 0 ? a : b;
        constexpr int bits = W * (Dist < 0 ? -Dist : Dist);
        constexpr std::uint32_t zeros = Dist == 0 ? 0u : Dist > 0 ? (1u << bits) - 1u : ~(0xffffffffu >> bits);
        const u32x4 v = Dist > 0 ? s << bits : Dist < 0 ? s >> bits : s;
        if constexpr ((lane_bits<W>(Mask & ~g) & ~zeros) == 0) return v;
        else return v & lane_bits<W>(g);
    }
}
// Every (word, distance) group: K enumerates word * (2 * lanes - 1) + distance + lanes - 1.
template <int W, unsigned Sel, unsigned Mask, int... K>
PTXV_FI u32x4 groups(u32x4 a, u32x4 b, std::integer_sequence<int, K...>) noexcept {
    constexpr int span = 2 * static_cast<int>(L<W>::kLanes) - 1;
    return (u32x4{} | ... | group_from<W, Sel, Mask, static_cast<unsigned>(K / span), K % span - span / 2>(a, b));
}
template <int W, unsigned Sel, unsigned Mask> PTXV_FI u32x4 pick(u32x4 a, u32x4 b) noexcept {
    constexpr unsigned own_a = W == 8 ? 0x3210u : 0x10u, own_b = W == 8 ? 0x7654u : 0x32u;
    if constexpr (Sel == own_a) return a;
    else if constexpr (Sel == own_b) return b;
    else return groups<W, Sel, Mask>(a, b, std::make_integer_sequence<int, 2 * (2 * L<W>::kLanes - 1)>{});
}
// Whether every lane in Mask reads one lane position p through both Asel
// and Bsel (p may differ from lane to lane), Va from a and Vb from b (1) or
// Va from b and Vb from a (2), the same for every lane; 0 if not. The lane
// operation then runs on the words as loaded and its results move once,
// instead of both operands. For a sum, no position may be read twice: the
// sum then runs over the lanes read (sources), where they are.
template <int W> constexpr int paired(unsigned asel, unsigned bsel, unsigned mask, bool sum) noexcept {
    constexpr unsigned n = L<W>::kLanes;
    unsigned seen = 0;
    int order = 0;
    for (unsigned j = 0; j < n; ++j) {
        if (((mask >> j) & 1u) == 0) continue;
        const unsigned p = (asel >> (4 * j)) & 0xfu, q = (bsel >> (4 * j)) & 0xfu;
        const int o = p < n && q == p + n ? 1 : q < n && p == q + n ? 2 : 0;
        if (o == 0 || (order != 0 && o != order) || (sum && ((seen >> (p % n)) & 1u) != 0)) return 0;
        order = o;
        seen |= 1u << (p % n);
    }
    return order;
}
template <int W> constexpr unsigned sources(unsigned asel, unsigned mask) noexcept {
    unsigned s = 0;
    for (unsigned j = 0; j < L<W>::kLanes; ++j)
        if (((mask >> j) & 1u) != 0) s |= 1u << (((asel >> (4 * j)) & 0xfu) % L<W>::kLanes);
    return s;
}

// ---- Lanes in their own width. In and out: four words.
template <int W> PTXV_FI u32x4 add(u32x4 a, u32x4 b) noexcept { return (u32x4)((typename L<W>::U)a + (typename L<W>::U)b); }
template <int W> PTXV_FI u32x4 sub(u32x4 a, u32x4 b) noexcept { return (u32x4)((typename L<W>::U)a - (typename L<W>::U)b); }
// The saturated value of a signed overflow has the sign of a (R7): the
// maximum, or its complement, the minimum. (A compare, not x >> (W - 1):
// SSE2 has no arithmetic shift of bytes.)
template <int W> PTXV_FI u32x4 sat_on(typename L<W>::S ov, typename L<W>::S x, typename L<W>::S r) noexcept {
    typedef typename L<W>::S S;
    return (u32x4)blend(ov, (S)((S)(x < S{}) ^ splat<S>((1 << (W - 1)) - 1)), r);
}
template <int W, bool Signed> PTXV_FI u32x4 addsat(u32x4 a, u32x4 b) noexcept {
#if PTXV_ARRAY_X86
    const __m128i x = (__m128i)a, y = (__m128i)b;
    if constexpr (W == 8) return (u32x4)(Signed ? _mm_adds_epi8(x, y) : _mm_adds_epu8(x, y));
    else return (u32x4)(Signed ? _mm_adds_epi16(x, y) : _mm_adds_epu16(x, y));
#else
    typedef typename L<W>::U U;
    typedef typename L<W>::S S;
    if constexpr (!Signed) {
        return (u32x4)(vmin((U)a, (U)~b) + (U)b);
    } else {
        const S x = (S)a, y = (S)b, r = (S)((U)a + (U)b);
        return sat_on<W>((S)(((x ^ r) & (y ^ r)) < S{}), x, r);
    }
#endif
}
template <int W, bool Signed> PTXV_FI u32x4 subsat(u32x4 a, u32x4 b) noexcept {
#if PTXV_ARRAY_X86
    const __m128i x = (__m128i)a, y = (__m128i)b;
    if constexpr (W == 8) return (u32x4)(Signed ? _mm_subs_epi8(x, y) : _mm_subs_epu8(x, y));
    else return (u32x4)(Signed ? _mm_subs_epi16(x, y) : _mm_subs_epu16(x, y));
#else
    typedef typename L<W>::U U;
    typedef typename L<W>::S S;
    if constexpr (!Signed) {
        return (u32x4)(vmax((U)a, (U)b) - (U)b);
    } else {
        const S x = (S)a, y = (S)b, r = (S)((U)a - (U)b);
        return sat_on<W>((S)(((x ^ y) & (x ^ r)) < S{}), x, r);
    }
#endif
}
// Unsigned lanes only: (x + y + 1) >> 1 without the carry out.
template <int W> PTXV_FI u32x4 avrg_u(u32x4 a, u32x4 b) noexcept {
#if PTXV_ARRAY_X86
    if constexpr (W == 8) return (u32x4)_mm_avg_epu8((__m128i)a, (__m128i)b);
    else return (u32x4)_mm_avg_epu16((__m128i)a, (__m128i)b);
#else
    typedef typename L<W>::U U;
    return (u32x4)(((U)a | (U)b) - (((U)a ^ (U)b) >> 1));
#endif
}
// Signed lanes: R5 rounds s = a + b half away from zero. The unsigned
// average of the lanes offset to unsigned, offset back, is floor((s + 1) / 2),
// which rounds half up; an odd s below 0 (exactly where that is below 1)
// takes 1 off.
template <int W> PTXV_FI u32x4 avrg_s(u32x4 a, u32x4 b) noexcept {
    typedef typename L<W>::U U;
    typedef typename L<W>::S S;
    const u32x4 up = avrg_u<W>(a ^ L<W>::kSign, b ^ L<W>::kSign) ^ L<W>::kSign;
    const U odd = (U)((a ^ b) & L<W>::kOne);
    return (u32x4)((U)up - (odd & ~(U)((S)up > S{})));
}
// |a - b| of same-signed lanes fits the lane as an unsigned value.
template <int W, bool Signed> PTXV_FI u32x4 absdiff(u32x4 a, u32x4 b) noexcept {
    typedef V<W, Signed> T;
    typedef typename L<W>::U U;
    return (u32x4)((U)vmax((T)a, (T)b) - (U)vmin((T)a, (T)b));
}
template <int W, bool Signed> PTXV_FI u32x4 min(u32x4 a, u32x4 b) noexcept { typedef V<W, Signed> T; return (u32x4)vmin((T)a, (T)b); }
template <int W, bool Signed> PTXV_FI u32x4 max(u32x4 a, u32x4 b) noexcept { typedef V<W, Signed> T; return (u32x4)vmax((T)a, (T)b); }
// Cmp order: eq ne lt le gt ge. 0 or 1 per lane (R14). A compare gives -1
// or 0: masked with 1 it is the result, plus 1 its negation.
template <int W, bool Signed, int C> PTXV_FI u32x4 cmp(u32x4 a, u32x4 b) noexcept {
    typedef V<W, Signed> T;
    typedef typename L<W>::U U;
#if PTXV_ARRAY_X86
    // Unsigned bytes have no compare instruction: x < y exactly when
    // y - x, saturated at 0, is not 0; min(that, 1) is the result.
    if constexpr (W == 8 && !Signed && C >= 2) {
        const __m128i x = (__m128i)a, y = (__m128i)b, one = _mm_set1_epi8(1);
        const __m128i lt = _mm_min_epu8(_mm_subs_epu8(y, x), one), gt = _mm_min_epu8(_mm_subs_epu8(x, y), one);
        if constexpr (C == 2) return (u32x4)lt;
        else if constexpr (C == 3) return (u32x4)_mm_xor_si128(gt, one);
        else if constexpr (C == 4) return (u32x4)gt;
        else return (u32x4)_mm_xor_si128(lt, one);
    }
#endif
    const T x = (T)a, y = (T)b;
    if constexpr (C == 0) return (u32x4)((U)(x == y) & 1);
    else if constexpr (C == 1) return (u32x4)((U)(x == y) + 1);
    else if constexpr (C == 2) return (u32x4)((U)(x < y) & 1);
    else if constexpr (C == 3) return (u32x4)((U)(x > y) + 1);
    else if constexpr (C == 4) return (u32x4)((U)(x > y) & 1);
    else return (u32x4)((U)(x < y) + 1);
}
// .sat into a d of the other signedness (R7): an unsigned lane result clamped
// to the signed maximum, a signed one to 0.
template <int W> PTXV_FI u32x4 to_signed(u32x4 r) noexcept {
    typedef typename L<W>::U U;
    return (u32x4)vmin((U)r, splat<U>((1 << (W - 1)) - 1));
}
template <int W> PTXV_FI u32x4 to_unsigned(u32x4 r) noexcept {
    typedef typename L<W>::S S;
    return (u32x4)vmax((S)r, S{});
}
// R11 for lane results held in their lanes: the sum over the lanes in Mask,
// each read as signed or unsigned. Signed lanes are offset to unsigned first.
template <int W, bool Signed, unsigned Mask> PTXV_FI u32x4 lane_sum(u32x4 v) noexcept {
    // What offsetting each lane in Mask by half its range adds to the sum.
    constexpr std::uint32_t offset = static_cast<std::uint32_t>(popcount(Mask)) << (W - 1);
#if PTXV_ARRAY_X86
    // pmaddwd adds the two signed half-words of each word: byte lanes are
    // first summed in pairs (at most 510), unsigned half-words offset to
    // signed.
    if constexpr (W == 8) {
        if constexpr (Signed) v ^= L<8>::kSign;
        const u16x8 h = (u16x8)(v & lane_bits<8>(Mask));
        const u32x4 s = (u32x4)_mm_madd_epi16((__m128i)((h & 0xffu) + (h >> 8)), _mm_set1_epi16(1));
        return Signed ? s - offset : s;
    } else {
        if constexpr (!Signed) v ^= L<16>::kSign;
        const u32x4 s = (u32x4)_mm_madd_epi16((__m128i)(v & lane_bits<16>(Mask)), _mm_set1_epi16(1));
        return Signed ? s : s + offset;
    }
#else
    if constexpr (Signed) v ^= L<W>::kSign;
    v &= lane_bits<W>(Mask);
    if constexpr (W == 8) v = (v & L<8>::kLow) + ((v >> 8) & L<8>::kLow);
    v = (v & 0xffffu) + (v >> 16);
    return Signed ? v - offset : v;
#endif
}
// R11 for |a - b| of same-signed lanes. On x86, psadbw sums the absolute
// differences of the eight byte pairs of each 64-bit half: once over both
// words (s0 + s1), once over the odd word alone (s1), and
// (s0 + s1) + s1 * (2^32 - 1) = s0 + s1 * 2^32 puts each word's sum in its
// word. Flipping the sign bits of signed bytes keeps their differences.
// Lanes outside Mask are cleared in both operands, so they add 0.
template <int W, bool Signed, unsigned Mask> PTXV_FI u32x4 absdiff_sum(u32x4 a, u32x4 b) noexcept {
#if PTXV_ARRAY_X86
    if constexpr (W == 8) {
        constexpr std::uint32_t m = lane_bits<8>(Mask);
        if constexpr (Signed) a ^= L<8>::kSign, b ^= L<8>::kSign;
        if constexpr (m != 0xffffffffu) a &= m, b &= m;
        const __m128i x = (__m128i)a, y = (__m128i)b;
        const __m128i both = _mm_sad_epu8(x, y), odd = _mm_sad_epu8(_mm_srli_epi64(x, 32), _mm_srli_epi64(y, 32));
        return (u32x4)_mm_add_epi64(both, _mm_mul_epu32(odd, _mm_set1_epi32(-1)));
    } else {
        return lane_sum<W, false, Mask>(absdiff<W, Signed>(a, b));
    }
#else
    return lane_sum<W, false, Mask>(absdiff<W, Signed>(a, b));
#endif
}
// R10: the lanes in Mask from r, the others from c.
template <int W, unsigned Mask> PTXV_FI u32x4 merge(u32x4 r, u32x4 c) noexcept {
    constexpr std::uint32_t m = lane_bits<W>(Mask);
    if constexpr (m == 0xffffffffu) return r;
    else return (r & m) | (c & ~m);
}

// ---- Lanes widened to twice their width, extended by type (R3, R5).
template <int W> struct Wide {
    typename L<W>::WS lo, hi;
};
template <int W, bool Signed> PTXV_FI Wide<W> ext(u32x4 v) noexcept {
    typedef typename L<W>::WS WS;
    if constexpr (W == 8) {
        const u8x16 x = (u8x16)v, z{};
        if constexpr (Signed)
            return {(WS)__builtin_shufflevector(z, x, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23) >> 8,
                    (WS)__builtin_shufflevector(z, x, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31) >> 8};
        else
            return {(WS)__builtin_shufflevector(x, z, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23),
                    (WS)__builtin_shufflevector(x, z, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)};
    } else {
        const u16x8 x = (u16x8)v, z{};
        if constexpr (Signed)
            return {(WS)__builtin_shufflevector(z, x, 0, 8, 1, 9, 2, 10, 3, 11) >> 16,
                    (WS)__builtin_shufflevector(z, x, 4, 12, 5, 13, 6, 14, 7, 15) >> 16};
        else
            return {(WS)__builtin_shufflevector(x, z, 0, 8, 1, 9, 2, 10, 3, 11),
                    (WS)__builtin_shufflevector(x, z, 4, 12, 5, 13, 6, 14, 7, 15)};
    }
}
// The low W bits of every lane (R7 without .sat, R10).
template <int W> PTXV_FI u32x4 narrow(Wide<W> t) noexcept {
    if constexpr (W == 8)
        return (u32x4)__builtin_shufflevector((u8x16)t.lo, (u8x16)t.hi, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    else
        return (u32x4)__builtin_shufflevector((u16x8)t.lo, (u16x8)t.hi, 0, 2, 4, 6, 8, 10, 12, 14);
}
// Operation order: add sub absdiff min max avrg, then the compares eq..ge.
template <int Op, class T> PTXV_FI T wide_op(T x, T y) noexcept {
    if constexpr (Op == 0) return x + y;
    else if constexpr (Op == 1) return x - y;
    else if constexpr (Op == 2) return vmax(x - y, y - x);
    else if constexpr (Op == 3) return vmin(x, y);
    else if constexpr (Op == 4) return vmax(x, y);
    else if constexpr (Op == 5) return (x + y + ((T)(x + y >= T{}) & 1)) >> 1;  // R5: (s + (s >= 0)) >> 1
    else if constexpr (Op == 6) return (T)(x == y) & 1;
    else if constexpr (Op == 7) return (T)(x != y) & 1;
    else if constexpr (Op == 8) return (T)(x < y) & 1;
    else if constexpr (Op == 9) return (T)(x <= y) & 1;
    else if constexpr (Op == 10) return (T)(x > y) & 1;
    else return (T)(x >= y) & 1;
}
template <int W, int Op> PTXV_FI Wide<W> wide(Wide<W> x, Wide<W> y) noexcept {
    return {wide_op<Op>(x.lo, y.lo), wide_op<Op>(x.hi, y.hi)};
}
// R7: .sat clamps to the lane range of d.
template <int W, bool Signed> PTXV_FI Wide<W> clamp(Wide<W> t) noexcept {
    typedef typename L<W>::WS WS;
    const WS lo = splat<WS>(Signed ? -(1 << (W - 1)) : 0), hi = splat<WS>(Signed ? (1 << (W - 1)) - 1 : (1 << W) - 1);
    return {vmin(vmax(t.lo, lo), hi), vmin(vmax(t.hi, lo), hi)};
}
// R11 on widened lane results: each word's lanes in Mask, summed.
template <int W, unsigned Mask> PTXV_FI u32x4 wide_sum(Wide<W> t) noexcept {
    typedef typename L<W>::WS WS;
    constexpr auto m = [](int j) { return ((Mask >> j) & 1u) != 0 ? -1 : 0; };
    if constexpr (W == 8) {
        const WS keep = {m(0), m(1), m(2), m(3), m(0), m(1), m(2), m(3)};
        const s32x4 l = (s32x4)(t.lo & keep), h = (s32x4)(t.hi & keep);
        // Each 32-bit lane holds two 16-bit lane results: add them.
        const s32x4 pl = ((s32x4)((u32x4)l << 16) >> 16) + (l >> 16), ph = ((s32x4)((u32x4)h << 16) >> 16) + (h >> 16);
        return (u32x4)(__builtin_shufflevector(pl, ph, 0, 2, 4, 6) + __builtin_shufflevector(pl, ph, 1, 3, 5, 7));
    } else {
        const WS keep = {m(0), m(1), m(0), m(1)};
        const WS l = t.lo & keep, h = t.hi & keep;
        return (u32x4)(__builtin_shufflevector(l, h, 0, 2, 4, 6) + __builtin_shufflevector(l, h, 1, 3, 5, 7));
    }
}

#endif  // PTXV_ARRAY_VECTOR
}  // namespace detail
// ptxv-gen: end array

}  // inline namespace PTXV_ARRAY_PATH
}  // namespace array
}  // namespace ptxv
