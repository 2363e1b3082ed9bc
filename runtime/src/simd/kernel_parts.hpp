// The SIMD kernel library's part that only Compiled::run's units use
// (runtime/src/simd), beside generated/ptxv_array.hpp's, in its namespace for
// the unit's target: the emulated warp's masked stores, the run-time
// selectors' byte shuffles and funnel shifts, a shuffle control in every
// block, and the padded copy of a run's last words. Every x86 intrinsic of
// the runtime is here or in the library itself (generator/primitives/simd.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ptxv_array.hpp"

#if PTXV_ARRAY_VECTOR
namespace ptxv {
namespace array {
inline namespace PTXV_ARRAY_PATH {
namespace detail {

// One emulated warp: the 32 words at d, word j under bit j of `active`,
// the vector at word o computed by result(o); the others keep d's. Each
// vector's d is loaded after result(o) has read its inputs and before it is
// stored, so d may be one of them. The loop is unrolled twice, not fully:
// result() is a whole kernel body, and 4 or 8 copies of it in every kernel
// of the narrower targets would multiply the library's compile time; the next
// vector's bits are one shift by a constant away.
template <class Result> PTXV_FI void warp_words(std::uint32_t* d, std::uint32_t active, Result result) noexcept {
    static_assert(32 % kWords == 0, "a warp is whole vectors");
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64
    // The active bits are a lane mask as they stand: one masked store, which
    // leaves the inactive words of d unread and unwritten.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 2
#endif
    for (std::size_t o = 0; o < 32; o += kWords, active >>= kWords)
        _mm512_mask_storeu_epi32(d + o, static_cast<__mmask16>(active), (M)result(o));
#else
    // Bit j of the broadcast word moved to the top of word j, where
    // vblendvps reads it (AVX2), or compared with the bit itself.
    V bits = words(active);
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 32
    const __m256i up = _mm256_setr_epi32(31, 30, 29, 28, 27, 26, 25, 24);
#else
    V bit{};
    for (std::size_t j = 0; j < kWords; ++j) bit[j] = std::uint32_t{1} << j;
#endif
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 2
#endif
    for (std::size_t o = 0; o < 32; o += kWords, bits >>= kWords) {
        const V r = result(o), old = ld(d + o);
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 32
        const __m256 k = _mm256_castsi256_ps(_mm256_sllv_epi32((M)bits, up));
        st(d + o, (V)_mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps((M)old), _mm256_castsi256_ps((M)r), k)));
#else
        st(d + o, blend((bits & bit) == bit, r, old));
#endif
    }
#endif
}

#if PTXV_ARRAY_SSSE3
// Byte j of each 16-byte block from byte ctl[j] of the same block of x; zero
// where ctl[j] has its top bit set.
PTXV_FI V shuffle_bytes(V x, V ctl) noexcept { return (V)PTXV_ARRAY_X(shuffle_epi8)((M)x, (M)ctl); }
#endif
#if PTXV_ARRAY_X86
// A run-time shift count, as the shifts by one take it.
typedef __m128i Count;
// Each word of the pair {y:x} shifted right by a run-time count of bits:
// (x >> r) | (y << (32 - r)), the counts in the low 64 bits of right and
// left (funnel_count()). A count of 32 or more shifts every bit out, so r = 0
// gives x: no shuffle needed, so SSE2 has it.
PTXV_FI V funnel(V x, V y, Count right, Count left) noexcept {
    return (V)PTXV_ARRAY_X(srl_epi32)((M)x, right) | (V)PTXV_ARRAY_X(sll_epi32)((M)y, left);
}
PTXV_FI Count funnel_count(unsigned bits) noexcept { return _mm_cvtsi32_si128(static_cast<int>(bits)); }
#endif
// The 16 bytes at p in every 16-byte block (a shuffle control, say).
PTXV_FI V repeat16(const void* p) noexcept {
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64
    // (The zero-masked form with every bit set: GCC 12 warns of the plain
    // form's undefined pass-through operand.)
    return (V)_mm512_maskz_broadcast_i32x4(static_cast<__mmask16>(0xffff), _mm_loadu_si128(static_cast<const __m128i*>(p)));
#elif PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 32
    return (V)_mm256_broadcastsi128_si256(_mm_loadu_si128(static_cast<const __m128i*>(p)));
#else
    V v;
    for (std::size_t at = 0; at < sizeof v; at += 16) __builtin_memcpy(reinterpret_cast<char*>(&v) + at, p, 16);
    return v;
#endif
}

// The n < Pad words at s, then zeros, as Pad words at d, each vector stored
// whole, so that later loads of it are forwarded from one store each (from
// narrower stores they wait for those to retire). No word past s + n is read.
template <std::size_t Pad>
PTXV_FI void load_partial(std::uint32_t* d, const std::uint32_t* s, std::size_t n) noexcept {
    static_assert(Pad % kWords == 0, "the pad is whole vectors");
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64
    static_assert(Pad == kWords, "one vector");
    st(d, ld_first(s, n));
#elif PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 32
    // vpmaskmovd does not fault on the words it leaves out either; the
    // second vector is read only where it has words.
    static_assert(Pad == 2 * kWords, "two vectors");
    const auto part = [&](std::size_t k) PTXV_ARRAY_INLINE {
        return (V)_mm256_maskload_epi32(reinterpret_cast<const int*>(s + k), first_lanes(n - k));
    };
    st(d, part(0));
    st(d + 8, n > 8 ? part(8) : V{});
#else
    // Whole vectors as they are, then the partial one, then zeros.
    for (std::size_t k = 0; k < Pad; k += kWords) {
        V v{};
        if (k + kWords <= n) v = ld(s + k);
        else if (k < n) v = ld_first(s + k, n - k);
        st(d + k, v);
    }
#endif
}

#if PTXV_ARRAY_X86
// Each word shifted right, then left, by run-time counts (funnel_count()).
PTXV_FI V shift_words(V x, Count right, Count left) noexcept {
    return (V)PTXV_ARRAY_X(sll_epi32)(PTXV_ARRAY_X(srl_epi32)((M)x, right), left);
}
#endif

}  // namespace detail
}  // namespace PTXV_ARRAY_PATH
}  // namespace array
}  // namespace ptxv
#endif
