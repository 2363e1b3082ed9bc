// The SIMD kernel library: every lane operation of the SIMD families (vadd2
// ... vset2, vadd4 ... vset4) defined once, over vectors of 32-bit words,
// with the target chosen at compile time from the translation unit's flags:
// x86 AVX-512 with BW and VL (64-byte vectors), AVX2 (32 bytes), SSSE3 or
// SSE2 (16 bytes), GCC/Clang vector extensions elsewhere (16 bytes). Its two
// users run the same kernels:
//   - the array forms (generated/ptxv_array.hpp, generator/primitives/array.hpp),
//     with selectors and mask known at compile time;
//   - Compiled::run (runtime/src/simd/), one unit built per x86 target and
//     chosen at run time by CPU, with selectors applied by byte shuffle.
// Both take a variant's lane plan (lane_plan.hpp) as a template argument and
// the lanes the mask keeps as a vector, so a constant mask folds away.
// ptxv-gen copies the regions between the markers verbatim into
// ptxv_array.hpp (generator/fragments.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "lane_plan.hpp"
#include "lanes.hpp"

// ptxv-gen: begin target
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
// On x86 the saturating adds, the average, the byte sums and the widening use
// the instructions made for them (paddsb, pavgb, pmaddwd, psadbw, punpcklbw),
// which the operators of the vector extensions cannot name. Define
// PTXV_ARRAY_X86 to 0 for the portable formulation everywhere.
#ifndef PTXV_ARRAY_X86
#if PTXV_ARRAY_VECTOR && defined(__SSE2__)
#define PTXV_ARRAY_X86 1
#else
#define PTXV_ARRAY_X86 0
#endif
#endif
#if PTXV_ARRAY_X86
#include <immintrin.h>
#endif
// The target: its vector width in bytes, and an inline namespace of its own,
// so that translation units built for different targets link together
// without mixing definitions. Each set that changes the code has its own:
// SSE4.1 (pminsb, pminuw, ...) and AVX (the same 16-byte code, VEX-encoded)
// too, where a unit built with -msse4.1 or -mavx and one built with -mssse3
// would otherwise define the same out-of-line functions (run_plan) with other
// instructions, of which the linker keeps one for both.
#if PTXV_ARRAY_X86 && defined(__AVX512BW__) && defined(__AVX512VL__) && defined(__AVX512VBMI__)
#define PTXV_ARRAY_BYTES 64
#define PTXV_ARRAY_PATH path_avx512vbmi
#elif PTXV_ARRAY_X86 && defined(__AVX512BW__) && defined(__AVX512VL__)
#define PTXV_ARRAY_BYTES 64
#define PTXV_ARRAY_PATH path_avx512
#elif PTXV_ARRAY_X86 && defined(__AVX2__)
#define PTXV_ARRAY_BYTES 32
#define PTXV_ARRAY_PATH path_avx2
#elif PTXV_ARRAY_X86 && defined(__AVX__)
#define PTXV_ARRAY_BYTES 16
#define PTXV_ARRAY_PATH path_avx
#elif PTXV_ARRAY_X86 && defined(__SSE4_1__)
#define PTXV_ARRAY_BYTES 16
#define PTXV_ARRAY_PATH path_sse41
#elif PTXV_ARRAY_X86 && defined(__SSSE3__)
#define PTXV_ARRAY_BYTES 16
#define PTXV_ARRAY_PATH path_ssse3
#elif PTXV_ARRAY_X86
#define PTXV_ARRAY_BYTES 16
#define PTXV_ARRAY_PATH path_sse2
#elif PTXV_ARRAY_VECTOR
#define PTXV_ARRAY_BYTES 16
#define PTXV_ARRAY_PATH path_vector
#else
#define PTXV_ARRAY_BYTES 4
#define PTXV_ARRAY_PATH path_word
#endif
// Byte shuffles with a control vector (pshufb) and byte multiply-adds
// (pmaddubsw): SSSE3 and AVX2.
#if PTXV_ARRAY_X86 && defined(__SSSE3__)
#define PTXV_ARRAY_SSSE3 1
#else
#define PTXV_ARRAY_SSSE3 0
#endif
// Min and max of signed bytes and unsigned half-words (pminsb, pminuw, ...):
// SSE4.1 and AVX2. Before them, other instructions stand in.
#if PTXV_ARRAY_X86 && defined(__SSE4_1__)
#define PTXV_ARRAY_SSE41 1
#else
#define PTXV_ARRAY_SSE41 0
#endif
// Byte permutes across a whole vector and from two vectors at once
// (vpermb, vpermt2b): AVX-512 VBMI.
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64 && defined(__AVX512VBMI__)
#define PTXV_ARRAY_VBMI 1
#else
#define PTXV_ARRAY_VBMI 0
#endif
// ptxv-gen: end target

namespace ptxv {
namespace array {
inline namespace PTXV_ARRAY_PATH {
namespace detail {

using ::ptxv::lane::decode;
using ::ptxv::lane::LaneFix;
using ::ptxv::lane::LaneOp;
using ::ptxv::lane::LanePlan;
using ::ptxv::lane::WideOp;

// ptxv-gen: begin simd
#if PTXV_ARRAY_VECTOR

// Words per vector.
inline constexpr std::size_t kWords = PTXV_ARRAY_BYTES / 4;

typedef std::uint8_t u8v __attribute__((vector_size(PTXV_ARRAY_BYTES)));
typedef std::int8_t s8v __attribute__((vector_size(PTXV_ARRAY_BYTES)));
typedef std::uint16_t u16v __attribute__((vector_size(PTXV_ARRAY_BYTES)));
typedef std::int16_t s16v __attribute__((vector_size(PTXV_ARRAY_BYTES)));
typedef std::uint32_t u32v __attribute__((vector_size(PTXV_ARRAY_BYTES)));
typedef std::int32_t s32v __attribute__((vector_size(PTXV_ARRAY_BYTES)));
typedef std::uint64_t u64v __attribute__((vector_size(PTXV_ARRAY_BYTES)));
// The vectors the kernels pass around: words.
typedef u32v V;

#if PTXV_ARRAY_X86
#if PTXV_ARRAY_BYTES == 64
typedef __m512i M;
#define PTXV_ARRAY_X(op) _mm512_##op
#elif PTXV_ARRAY_BYTES == 32
typedef __m256i M;
#define PTXV_ARRAY_X(op) _mm256_##op
#else
typedef __m128i M;
#define PTXV_ARRAY_X(op) _mm_##op
#endif
#endif

// Lane vectors of width W (8 or 16): unsigned, signed, and signed lanes of
// twice the width (the widened path).
template <int W> struct L;
template <> struct L<8> {
    typedef u8v U;
    typedef s8v S;
    typedef s16v WS;
    static constexpr unsigned kLanes = 4;
    static constexpr std::uint32_t kSign = 0x80808080u, kLow = 0x00ff00ffu, kOne = 0x01010101u;
};
template <> struct L<16> {
    typedef u16v U;
    typedef s16v S;
    typedef s32v WS;
    static constexpr unsigned kLanes = 2;
    static constexpr std::uint32_t kSign = 0x80008000u, kLow = 0x0000ffffu, kOne = 0x00010001u;
};
// A scalar instruction's one 32-bit lane (__sad, __usad: vabsdiff's .add).
template <> struct L<32> {
    typedef u32v U;
    typedef s32v S;
    static constexpr unsigned kLanes = 1;
    static constexpr std::uint32_t kSign = 0x80000000u, kLow = 0xffffffffu, kOne = 1u;
};
template <int W, bool S> using Lanes = typename std::conditional<S, typename L<W>::S, typename L<W>::U>::type;

// v made opaque to the optimizer by an empty asm: GCC can then neither fold
// it back into the expression it came from nor rematerialize it, so it
// stays one value in a register. (Elsewhere than x86 it is v as it stands.)
PTXV_FI V opaque(V v) noexcept {
#if PTXV_ARRAY_X86
    __asm__("" : "+x"(v));
#endif
    return v;
}
// A vector read by two instructions (the signed average's xor and pavgb, a
// difference's min and max) is loaded again by GCC for the second: with SSE,
// whose instructions overwrite an operand and cannot read unaligned memory,
// where a register copy would do; with AVX, as a memory operand of each
// instruction. Such kernels then wait on loads (four per vector of results
// where the bare loop has two). Opaque, the loaded value is loaded once.
PTXV_FI V ld(const std::uint32_t* p) noexcept {
    V v;
    __builtin_memcpy(&v, p, sizeof v);
    return opaque(v);
}
PTXV_FI void st(std::uint32_t* p, V v) noexcept { __builtin_memcpy(p, &v, sizeof v); }
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 32
// The lanes of vpmaskmovd's control for the first n words: -1, else 0.
PTXV_FI __m256i first_lanes(std::size_t n) noexcept {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(n)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
#endif
// A run's last, partial vector: the n words at p (0 < n < kWords), zeros
// after them. No word past p + n is read.
PTXV_FI V ld_first(const std::uint32_t* p, std::size_t n) noexcept {
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64
    // A masked load does not fault on the words it leaves out.
    return opaque((V)_mm512_maskz_loadu_epi32(static_cast<__mmask16>((1u << n) - 1u), p));
#elif PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 32
    // Nor does vpmaskmovd.
    return opaque((V)_mm256_maskload_epi32(reinterpret_cast<const int*>(p), first_lanes(n)));
#else
    // Put together in a register: through memory, word by word, the vector's
    // load would wait for the narrow stores to retire.
    static_assert(kWords == 4, "16-byte vectors");
    return opaque(V{p[0], n > 1 ? p[1] : 0u, n > 2 ? p[2] : 0u, 0u});
#endif
}
// The first n words of v to p (0 < n < kWords). No word past p + n is written.
PTXV_FI void st_first(std::uint32_t* p, V v, std::size_t n) noexcept {
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64
    _mm512_mask_storeu_epi32(p, static_cast<__mmask16>((1u << n) - 1u), (M)v);
#elif PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 32
    _mm256_maskstore_epi32(reinterpret_cast<int*>(p), first_lanes(n), (M)v);
#else
    p[0] = v[0];
    if (n > 1) p[1] = v[1];
    if (n > 2) p[2] = v[2];
#endif
}
template <class T> PTXV_FI T splat(int x) noexcept {
    return T{} + static_cast<typename std::remove_reference<decltype(std::declval<T&>()[0])>::type>(x);
}
PTXV_FI V words(std::uint32_t x) noexcept { return V{} + x; }
// words(x) for a constant that a kernel reads in every vector, made opaque.
// Where an array form is inlined into a function that makes calls, GCC keeps
// each constant of its loop as a memory operand of every instruction that
// reads it (no vector register survives a call): a load per use per vector,
// beside the loop's own two loads and a store. Opaque, the constant is a
// value like any other, in a register or reloaded once per round of the
// loop. (Not for masks that may be all ones or zero: words() lets those
// fold away.)
PTXV_FI V held(std::uint32_t x) noexcept { return opaque(words(x)); }
template <class T> PTXV_FI T vmin(T x, T y) noexcept { return x < y ? x : y; }
template <class T> PTXV_FI T vmax(T x, T y) noexcept { return x < y ? y : x; }
template <class T, class K> PTXV_FI T blend(K k, T x, T y) noexcept { return (x & (T)k) | (y & ~(T)k); }

// The bits of a word that the lanes in mask occupy (the per-word forms' own).
template <int W> constexpr std::uint32_t lane_bits(unsigned mask) noexcept {
    if constexpr (W == 32) return (mask & 1u) != 0 ? 0xffffffffu : 0u;
    else return W == 8 ? ::ptxv::detail::lanes<4>::mask(mask) : ::ptxv::detail::lanes<2>::mask(mask);
}
constexpr unsigned popcount(unsigned m) noexcept { return m == 0 ? 0 : (m & 1u) + popcount(m >> 1); }

// The same for lanes widened to twice their width: each 64 bits hold the
// widened lanes of one or two words, lane j of them lane j % lanes of its word.
template <int W> constexpr std::uint64_t wide_bits(unsigned mask) noexcept {
    std::uint64_t r = 0;
    if constexpr (W == 32) {
        r = (mask & 1u) != 0 ? ~std::uint64_t{0} : 0u;
    } else {
        for (unsigned j = 0; j < 32 / W; ++j)
            if (((mask >> (j % L<W>::kLanes)) & 1u) != 0) r |= ((std::uint64_t{1} << (2 * W)) - 1) << (2 * W * j);
    }
    return r;
}

// The lanes a mask keeps (R4), in the form the kernels take it: the lane bits
// of every word, the same for widened lanes, and how many lanes per word.
struct Keep {
    V bits, wide;
    std::uint32_t count;
};
PTXV_FI Keep keep_of(std::uint32_t bits, std::uint64_t wide, std::uint32_t count) noexcept {
    return {words(bits), (V)(u64v{} + wide), count};
}
template <int W> PTXV_FI Keep keep(unsigned mask) noexcept {
    return keep_of(lane_bits<W>(mask), wide_bits<W>(mask), popcount(mask));
}

#if PTXV_ARRAY_VBMI
// Each word w's bytes from its pair {y[w]:x[w]} in one vpermt2b, whose index
// reaches all 128 bytes of x and y: byte k of ctl names the source of byte k
// of every word (k' < 4: byte k' of x's word; 64 + k': byte k' of y's). The
// index adds 4w to each word's copy of ctl (a constant, and ctl constant in
// a loop: both leave the loop).
PTXV_FI V permute_pair(V x, V y, std::uint32_t ctl) noexcept {
    const M at = _mm512_set_epi32(0x3c3c3c3c, 0x38383838, 0x34343434, 0x30303030, 0x2c2c2c2c, 0x28282828, 0x24242424,
                                  0x20202020, 0x1c1c1c1c, 0x18181818, 0x14141414, 0x10101010, 0x0c0c0c0c, 0x08080808,
                                  0x04040404, 0);
    return (V)_mm512_permutex2var_epi8((M)x, _mm512_add_epi8((M)words(ctl), at), (M)y);
}
#endif
// ---- Lanes in their own width.
template <int W> PTXV_FI V add(V a, V b) noexcept { return (V)((typename L<W>::U)a + (typename L<W>::U)b); }
template <int W> PTXV_FI V sub(V a, V b) noexcept { return (V)((typename L<W>::U)a - (typename L<W>::U)b); }
// The saturated value of a signed overflow has the sign of a (R7): the
// maximum, or its complement, the minimum. (A compare, not x >> (W - 1):
// SSE2 has no arithmetic shift of bytes.)
template <int W> PTXV_FI V sat_on(typename L<W>::S ov, typename L<W>::S x, typename L<W>::S r) noexcept {
    typedef typename L<W>::S S;
    return (V)blend(ov, (S)((S)(x < S{}) ^ splat<S>((1 << (W - 1)) - 1)), r);
}
template <int W, bool Signed> PTXV_FI V addsat(V a, V b) noexcept {
#if PTXV_ARRAY_X86
    const M x = (M)a, y = (M)b;
    if constexpr (W == 8) return (V)(Signed ? PTXV_ARRAY_X(adds_epi8)(x, y) : PTXV_ARRAY_X(adds_epu8)(x, y));
    else return (V)(Signed ? PTXV_ARRAY_X(adds_epi16)(x, y) : PTXV_ARRAY_X(adds_epu16)(x, y));
#else
    typedef typename L<W>::U U;
    typedef typename L<W>::S S;
    if constexpr (!Signed) {
        return (V)(vmin((U)a, (U)~b) + (U)b);
    } else {
        const S x = (S)a, y = (S)b, r = (S)((U)a + (U)b);
        return sat_on<W>((S)(((x ^ r) & (y ^ r)) < S{}), x, r);
    }
#endif
}
template <int W, bool Signed> PTXV_FI V subsat(V a, V b) noexcept {
#if PTXV_ARRAY_X86
    const M x = (M)a, y = (M)b;
    if constexpr (W == 8) return (V)(Signed ? PTXV_ARRAY_X(subs_epi8)(x, y) : PTXV_ARRAY_X(subs_epu8)(x, y));
    else return (V)(Signed ? PTXV_ARRAY_X(subs_epi16)(x, y) : PTXV_ARRAY_X(subs_epu16)(x, y));
#else
    typedef typename L<W>::U U;
    typedef typename L<W>::S S;
    if constexpr (!Signed) {
        return (V)(vmax((U)a, (U)b) - (U)b);
    } else {
        const S x = (S)a, y = (S)b, r = (S)((U)a - (U)b);
        return sat_on<W>((S)(((x ^ y) & (x ^ r)) < S{}), x, r);
    }
#endif
}
// Unsigned lanes only: (x + y + 1) >> 1 without the carry out.
template <int W> PTXV_FI V avrg_u(V a, V b) noexcept {
#if PTXV_ARRAY_X86
    if constexpr (W == 8) return (V)PTXV_ARRAY_X(avg_epu8)((M)a, (M)b);
    else return (V)PTXV_ARRAY_X(avg_epu16)((M)a, (M)b);
#else
    typedef typename L<W>::U U;
    return (V)(((U)a | (U)b) - (((U)a ^ (U)b) >> 1));
#endif
}
// Unsigned lanes rounded down: (x + y) >> 1 is the complement of the average
// rounded up of the complements, whose sum is 2^(W+1) - 2 - (x + y). On
// AVX-512, the average rounded up less 1 where x + y is odd: (x ^ y) & 1 is
// one instruction there (vpternlogd, 0x28: (A ^ B) & C), where the
// complements are two. (Written after the average, it may overwrite x: with
// the operators GCC kept a copy of x for it.)
template <int W> PTXV_FI V avrg_down(V a, V b) noexcept {
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64
    const V up = avrg_u<W>(a, b);
    return sub<W>(up, (V)_mm512_ternarylogic_epi32((M)a, (M)b, (M)words(L<W>::kOne), 0x28));
#elif PTXV_ARRAY_X86
    const V ones = held(~0u);
    return avrg_u<W>(a ^ ones, b ^ ones) ^ ones;
#else
    typedef typename L<W>::U U;
    return (V)(((U)a & (U)b) + (((U)a ^ (U)b) >> 1));
#endif
}
// Signed lanes: R5 rounds s = a + b half away from zero. The unsigned
// average of the lanes as they stand is floor((s + 1) / 2) plus 2^(W-1) for
// each operand whose top bit is set, so it is that value, rounding half up,
// with its top bit flipped where exactly one is: where a ^ b has it. An odd
// s below 0 (exactly where that value is below 1) takes 1 off.
template <int W> PTXV_FI V avrg_s(V a, V b) noexcept {
    const V t = a ^ b;
    const V up = avrg_u<W>(a, b) ^ (t & held(L<W>::kSign));
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64
    // The odd lanes and the ones below 1 as mask bits: one masked subtract.
    const M one = (M)words(L<W>::kOne);
    if constexpr (W == 8) {
        const __mmask64 odd = _mm512_test_epi8_mask((M)t, one);
        return (V)_mm512_mask_sub_epi8((M)up, _mm512_mask_cmplt_epi8_mask(odd, (M)up, one), (M)up, one);
    } else {
        const __mmask32 odd = _mm512_test_epi16_mask((M)t, one);
        return (V)_mm512_mask_sub_epi16((M)up, _mm512_mask_cmplt_epi16_mask(odd, (M)up, one), (M)up, one);
    }
#else
    typedef typename L<W>::U U;
    typedef typename L<W>::S S;
    const U odd = (U)(t & held(L<W>::kOne));
    return (V)((U)up - (odd & ~(U)((S)up > S{})));
#endif
}
template <int W, bool Signed> PTXV_FI V min(V a, V b) noexcept {
    typedef Lanes<W, Signed> T;
#if PTXV_ARRAY_X86 && !PTXV_ARRAY_SSE41
    // Without pminsb and pminuw: a - (a - b saturated at 0) for unsigned
    // half-words; signed bytes offset to unsigned ones (pminub) and back.
    // (Intrinsics throughout: a word used both as an intrinsic's __m128i and
    // in a vector expression is loaded twice by GCC.)
    if constexpr (W == 16 && !Signed) {
        const M x = (M)a;
        return (V)PTXV_ARRAY_X(sub_epi16)(x, PTXV_ARRAY_X(subs_epu16)(x, (M)b));
    }
    if constexpr (W == 8 && Signed) {
        const V sign = held(L<8>::kSign);
        return (V)vmin((u8v)(a ^ sign), (u8v)(b ^ sign)) ^ sign;
    }
#endif
    return (V)vmin((T)a, (T)b);
}
template <int W, bool Signed> PTXV_FI V max(V a, V b) noexcept {
    typedef Lanes<W, Signed> T;
#if PTXV_ARRAY_X86 && !PTXV_ARRAY_SSE41
    if constexpr (W == 16 && !Signed) {
        const M y = (M)b;
        return (V)PTXV_ARRAY_X(add_epi16)(PTXV_ARRAY_X(subs_epu16)((M)a, y), y);
    }
    if constexpr (W == 8 && Signed) {
        const V sign = held(L<8>::kSign);
        return (V)vmax((u8v)(a ^ sign), (u8v)(b ^ sign)) ^ sign;
    }
#endif
    return (V)vmax((T)a, (T)b);
}
// |a - b| of same-signed lanes fits the lane as an unsigned value.
template <int W, bool Signed> PTXV_FI V absdiff(V a, V b) noexcept {
#if PTXV_ARRAY_X86 && !PTXV_ARRAY_SSE41
    // Unsigned half-words without pmaxuw: one of a - b and b - a, saturated
    // at 0, is 0, the other the difference.
    if constexpr (!Signed && W == 16)
        return (V)PTXV_ARRAY_X(subs_epu16)((M)a, (M)b) | (V)PTXV_ARRAY_X(subs_epu16)((M)b, (M)a);
    // Signed bytes and words without pmaxsb, pmaxsd, pmaxud: a - b modulo
    // 2^W, negated where a < b.
    if constexpr (W == 32 || (W == 8 && Signed)) {
        typedef Lanes<W, Signed> T;
        typedef typename L<W>::U U;
        const U lt = (U)((T)a < (T)b), diff = (U)a - (U)b;
        return (V)((diff ^ lt) - lt);
    }
#endif
    return sub<W>(max<W, Signed>(a, b), min<W, Signed>(a, b));
}
// |a| of signed lanes, read as unsigned (|-2^(W-1)| = 2^(W-1) fits): pabsb
// and pabsw from SSSE3 on; before it, for half-words the larger of a and -a
// (pmaxsw), for bytes the smaller of a and -a read as unsigned (pminub): of
// a nonzero lane and its negation, |a| is below 2^7 and the other is 2^7 or
// more (-2^7 is its own negation: 2^7, which is |a|). The distance from 0
// takes a compare more.
template <int W> PTXV_FI V abs(V a) noexcept {
#if PTXV_ARRAY_SSSE3
    if constexpr (W == 8) return (V)PTXV_ARRAY_X(abs_epi8)((M)a);
    else return (V)PTXV_ARRAY_X(abs_epi16)((M)a);
#elif PTXV_ARRAY_X86
    const M x = (M)a, zero = (M)V{};
    if constexpr (W == 16) return (V)PTXV_ARRAY_X(max_epi16)(x, PTXV_ARRAY_X(sub_epi16)(zero, x));
    else return (V)PTXV_ARRAY_X(min_epu8)(x, PTXV_ARRAY_X(sub_epi8)(zero, x));
#else
    return absdiff<W, true>(a, V{});
#endif
}
// A compare's lanes, -1 or 0, as 1 or 0 (Negate: 0 or 1): without a
// constant where one instruction does it, half-words shifted down, bytes
// negated; the negation is the lanes plus 1 (written with ~, or as
// 0 - ~m, it is folded back into that add of a constant).
template <int W, bool Negate> PTXV_FI V bool_lanes(typename L<W>::U m) noexcept {
    typedef typename L<W>::U U;
    if constexpr (Negate) return (V)(m + (U)held(L<W>::kOne));
    else if constexpr (W == 16) return (V)(m >> 15);
    else if constexpr (W == 8) return (V)(U{} - m);
    else return (V)(m & 1);
}
// Cmp order: eq ne lt le gt ge. 0 or 1 per lane (R14), or with Ones all
// ones (CUDA's __vcmp*). A compare gives -1 or 0, made 0 or 1 by
// bool_lanes().
template <int W, bool Signed, unsigned C, bool Ones = false> PTXV_FI V cmp(V a, V b) noexcept {
    typedef Lanes<W, Signed> T;
    typedef typename L<W>::U U;
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64
    // AVX-512 compares any two lanes, signed or unsigned, into mask bits:
    // then a zero-masked move of 1, or all ones, per lane. (A vector compare
    // written with operators gives all ones, and the mask with 1 stays a
    // third instruction.)
    if constexpr (W == 8 || W == 16) {
        constexpr int pred = C == 0   ? _MM_CMPINT_EQ
                             : C == 1 ? _MM_CMPINT_NE
                             : C == 2 ? _MM_CMPINT_LT
                             : C == 3 ? _MM_CMPINT_LE
                             : C == 4 ? _MM_CMPINT_NLE
                                      : _MM_CMPINT_NLT;
        const M x = (M)a, y = (M)b;
        if constexpr (W == 8) {
            const __mmask64 k = Signed ? _mm512_cmp_epi8_mask(x, y, pred) : _mm512_cmp_epu8_mask(x, y, pred);
            return (V)(Ones ? _mm512_movm_epi8(k) : _mm512_maskz_mov_epi8(k, (M)words(L<8>::kOne)));
        } else {
            const __mmask32 k = Signed ? _mm512_cmp_epi16_mask(x, y, pred) : _mm512_cmp_epu16_mask(x, y, pred);
            return (V)(Ones ? _mm512_movm_epi16(k) : _mm512_maskz_mov_epi16(k, (M)words(L<16>::kOne)));
        }
    }
#endif
    if constexpr (Ones) {
        // The compilers' own sequences: psubusb and pcmpeqb for unsigned <=, say.
        const T x = (T)a, y = (T)b;
        if constexpr (C == 0) return (V)(x == y);
        else if constexpr (C == 1) return (V)(x != y);
        else if constexpr (C == 2) return (V)(x < y);
        else if constexpr (C == 3) return (V)(x <= y);
        else if constexpr (C == 4) return (V)(x > y);
        else return (V)(x >= y);
    }
#if PTXV_ARRAY_X86
    // Unsigned lanes have no compare instruction: x < y exactly when
    // y - x, saturated at 0, is not 0; min(that, 1) is the result. Without
    // pminuw (before SSE4.1), half-words take the negation of
    // (y - x saturated == 0).
    if constexpr (!Signed && C >= 2 && (W == 8 || PTXV_ARRAY_SSE41)) {
        const M x = (M)a, y = (M)b;
        const V one = held(L<W>::kOne);
        V lt, gt;
        if constexpr (W == 8) {
            lt = (V)PTXV_ARRAY_X(min_epu8)(PTXV_ARRAY_X(subs_epu8)(y, x), (M)one);
            gt = (V)PTXV_ARRAY_X(min_epu8)(PTXV_ARRAY_X(subs_epu8)(x, y), (M)one);
        } else {
#if PTXV_ARRAY_SSE41
            lt = (V)PTXV_ARRAY_X(min_epu16)(PTXV_ARRAY_X(subs_epu16)(y, x), (M)one);
            gt = (V)PTXV_ARRAY_X(min_epu16)(PTXV_ARRAY_X(subs_epu16)(x, y), (M)one);
#endif
        }
        if constexpr (C == 2) return lt;
        else if constexpr (C == 3) return gt ^ one;
        else if constexpr (C == 4) return gt;
        else return lt ^ one;
    }
#if !PTXV_ARRAY_SSE41
    // (AVX-512's compares give mask registers: this is for SSE2 and SSSE3.)
    else if constexpr (!Signed && C >= 2 && W == 16) {
        const M x = (M)a, y = (M)b, zero = (M)V{};
        const U ge = (U)PTXV_ARRAY_X(cmpeq_epi16)(PTXV_ARRAY_X(subs_epu16)(y, x), zero);
        const U le = (U)PTXV_ARRAY_X(cmpeq_epi16)(PTXV_ARRAY_X(subs_epu16)(x, y), zero);
        if constexpr (C == 2) return bool_lanes<W, true>(ge);
        else if constexpr (C == 3) return bool_lanes<W, false>(le);
        else if constexpr (C == 4) return bool_lanes<W, true>(le);
        else return bool_lanes<W, false>(ge);
    }
#endif
#endif
    const T x = (T)a, y = (T)b;
    if constexpr (C == 0) return bool_lanes<W, false>((U)(x == y));
    else if constexpr (C == 1) return bool_lanes<W, true>((U)(x == y));
    else if constexpr (C == 2) return bool_lanes<W, false>((U)(x < y));
    else if constexpr (C == 3) return bool_lanes<W, true>((U)(x > y));
    else if constexpr (C == 4) return bool_lanes<W, false>((U)(x > y));
    else return bool_lanes<W, true>((U)(x < y));
}
// .sat into a d of the other signedness (R7): an unsigned lane result clamped
// to the signed maximum, a signed one to 0.
template <int W> PTXV_FI V to_signed(V r) noexcept { return min<W, false>(r, words(~L<W>::kSign)); }
template <int W> PTXV_FI V to_unsigned(V r) noexcept { return max<W, true>(r, V{}); }
// |a - b| of signed lanes into a signed d under .sat: the larger of a - b and
// b - a, each saturated (one of them is |a - b| clamped to the signed
// maximum, the other is not above it), where the signed max is one
// instruction. Bytes before SSE4.1 (no pmaxsb) take the smaller of the two
// read as unsigned (pminub): the other one is 0 or negative, 2^7 or more
// read so. With b fed 0 (__vabsss4) a - b is a: two instructions.
template <int W> PTXV_FI V absdiff_to_signed(V a, V b) noexcept {
#if PTXV_ARRAY_X86
    const M x = (M)a, y = (M)b;
    if constexpr (W == 16) return (V)PTXV_ARRAY_X(max_epi16)(PTXV_ARRAY_X(subs_epi16)(x, y), PTXV_ARRAY_X(subs_epi16)(y, x));
#if PTXV_ARRAY_SSE41
    if constexpr (W == 8) return (V)PTXV_ARRAY_X(max_epi8)(PTXV_ARRAY_X(subs_epi8)(x, y), PTXV_ARRAY_X(subs_epi8)(y, x));
#else
    if constexpr (W == 8) return (V)PTXV_ARRAY_X(min_epu8)(PTXV_ARRAY_X(subs_epi8)(x, y), PTXV_ARRAY_X(subs_epi8)(y, x));
#endif
#endif
    return to_signed<W>(absdiff<W, true>(a, b));
}
// R10: the lanes in k from r, the others from c: one byte blend on AVX2, one
// bitwise select (vpternlogd) on AVX-512.
PTXV_FI V merge(V r, V c, const Keep& k) noexcept {
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 32
    return (V)_mm256_blendv_epi8((M)c, (M)r, (M)k.bits);
#else
    return (r & k.bits) | (c & ~k.bits);
#endif
}

#if PTXV_ARRAY_X86
// The lanes in k as weights 1, the others 0 (for pmaddubsw and pmaddwd).
template <int W> PTXV_FI M weights(const Keep& k) noexcept { return (M)(k.bits & held(L<W>::kOne)); }
#endif
// R11 for lane results held in their lanes: per word, the sum over the lanes
// in k, each read as signed or unsigned. Signed lanes are offset to unsigned
// first, and the offset taken back out of the sum.
template <int W, bool Signed> PTXV_FI V lane_sum(V v, const Keep& k) noexcept {
    const std::uint32_t offset = k.count << (W - 1);
#if PTXV_ARRAY_SSSE3
    // pmaddubsw multiplies unsigned bytes of one operand by signed bytes of
    // the other and adds the pairs: with 0/1 weights on the side that is not
    // v, the pair sums of the lanes in k, then pmaddwd adds the two pairs.
    if constexpr (W == 8) {
        const M w = weights<8>(k), x = (M)v;
        const M pairs = Signed ? PTXV_ARRAY_X(maddubs_epi16)(w, x) : PTXV_ARRAY_X(maddubs_epi16)(x, w);
        return (V)PTXV_ARRAY_X(madd_epi16)(pairs, (M)held(L<16>::kOne));
    }
#endif
#if PTXV_ARRAY_X86
    // pmaddwd adds the two signed half-words of each word: byte lanes are
    // first summed in pairs (at most 510), unsigned half-words offset to
    // signed.
    if constexpr (W == 8) {
        if constexpr (Signed) v ^= held(L<8>::kSign);
        const u16v h = (u16v)(v & k.bits);
        const V s = (V)PTXV_ARRAY_X(madd_epi16)((M)((h & (u16v)held(L<8>::kLow)) + (h >> 8)), (M)held(L<16>::kOne));
        return Signed ? s - held(offset) : s;
    } else {
        // The 0/1 weights of the lanes in k as pmaddwd's second operand.
        if constexpr (!Signed) v ^= held(L<16>::kSign);
        const V s = (V)PTXV_ARRAY_X(madd_epi16)((M)v, weights<16>(k));
        return Signed ? s : s + held(offset);
    }
#else
    if constexpr (Signed) v ^= L<W>::kSign;
    v &= k.bits;
    if constexpr (W == 8) v = (v & L<8>::kLow) + ((v >> 8) & L<8>::kLow);
    v = (v & 0xffffu) + (v >> 16);
    return Signed ? v - offset : v;
#endif
}
// R11 for |a - b| of same-signed lanes. Where pmaddubsw sums bytes (SSSE3),
// the differences summed; else, on x86, psadbw sums the absolute
// differences of the eight byte pairs of each 64-bit block: once over both
// words (s0 + s1), once over the odd word alone (s1), and
// (s0 + s1) + s1 * (2^32 - 1) = s0 + s1 * 2^32 puts each word's sum in its
// word. Flipping the sign bits of signed bytes keeps their differences.
// Lanes outside k are cleared in both operands, so they add 0.
// Unsigned bytes on AVX-512: vdbpsadbw sums |a - b| over groups of four
// bytes, a's low group of each 64 bits against b's low group into half-word
// 0, its high group against bytes 2 to 5 of b into half-word 2: b moved down
// two bytes there, the low half of each word. Lanes outside k read b from a,
// so they add 0. (Signed bytes would need their sign bits flipped as well:
// seven instructions where the difference and pmaddubsw take six.)
template <int W, bool Signed> PTXV_FI V absdiff_sum(V a, V b, const Keep& k) noexcept {
    if constexpr (W == 32) {
        return absdiff<32, Signed>(a, b) & k.bits;
    } else {
#if PTXV_ARRAY_X86 && PTXV_ARRAY_BYTES == 64
        if constexpr (W == 8 && !Signed) {
            const M x = (M)a, y = (M)blend(k.bits, b, a);
            const M low = _mm512_maskz_dbsad_epu8(0x11111111u, x, y, 0xe4);
            return (V)_mm512_mask_dbsad_epu8(low, 0x44444444u, x, (M)((u64v)y >> 16), 0xe4);
        }
#endif
#if PTXV_ARRAY_X86
        // Signed half-words: |a - b| = max - min, and pmaddwd sums signed
        // half-words exactly, so the sum is that of the maxima less that of
        // the minima, with the lanes in k as 0/1 weights: one instruction
        // fewer than the difference offset to signed and summed.
        if constexpr (W == 16 && Signed) {
            typedef typename L<16>::S S;
            const M w = weights<16>(k);
            const M hi = (M)vmax((S)a, (S)b), lo = (M)vmin((S)a, (S)b);
            return (V)PTXV_ARRAY_X(madd_epi16)(hi, w) - (V)PTXV_ARRAY_X(madd_epi16)(lo, w);
        }
#endif
#if PTXV_ARRAY_X86 && !PTXV_ARRAY_SSSE3
        if constexpr (W == 8) {
            if constexpr (Signed) {
                const V sign = held(L<8>::kSign);
                a ^= sign;
                b ^= sign;
            }
            a &= k.bits;
            b &= k.bits;
            const M x = (M)a, y = (M)b;
            const M both = PTXV_ARRAY_X(sad_epu8)(x, y);
            const M odd = PTXV_ARRAY_X(sad_epu8)(PTXV_ARRAY_X(srli_epi64)(x, 32), PTXV_ARRAY_X(srli_epi64)(y, 32));
            return (V)PTXV_ARRAY_X(add_epi64)(both, PTXV_ARRAY_X(mul_epu32)(odd, PTXV_ARRAY_X(set1_epi32)(-1)));
        }
#endif
        return lane_sum<W, false>(absdiff<W, Signed>(a, b), k);
    }
}

// ---- Lanes widened to twice their width, extended by type (R3, R5). On
// x86 the halves are those of the unpack instructions, within each 16-byte
// block; narrow() and wide_sum() read them back in the same order.
template <int W> struct Wide {
    typename L<W>::WS lo, hi;
};
template <int W, bool Signed> PTXV_FI Wide<W> ext(V v) noexcept {
    typedef typename L<W>::WS WS;
    // Unsigned lanes interleaved with zeros; signed ones put in the high half
    // of each wide lane and shifted down arithmetically.
#if PTXV_ARRAY_X86
    const M x = (M)v, z = (M)V{};
    if constexpr (W == 8 && Signed)
        return {(WS)PTXV_ARRAY_X(unpacklo_epi8)(z, x) >> 8, (WS)PTXV_ARRAY_X(unpackhi_epi8)(z, x) >> 8};
    else if constexpr (W == 8)
        return {(WS)PTXV_ARRAY_X(unpacklo_epi8)(x, z), (WS)PTXV_ARRAY_X(unpackhi_epi8)(x, z)};
    else if constexpr (Signed)
        return {(WS)PTXV_ARRAY_X(unpacklo_epi16)(z, x) >> 16, (WS)PTXV_ARRAY_X(unpackhi_epi16)(z, x) >> 16};
    else
        return {(WS)PTXV_ARRAY_X(unpacklo_epi16)(x, z), (WS)PTXV_ARRAY_X(unpackhi_epi16)(x, z)};
#else
    if constexpr (W == 8) {
        const u8v x = (u8v)v, z{};
        if constexpr (Signed)
            return {(WS)__builtin_shufflevector(z, x, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23) >> 8,
                    (WS)__builtin_shufflevector(z, x, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31) >> 8};
        else
            return {(WS)__builtin_shufflevector(x, z, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23),
                    (WS)__builtin_shufflevector(x, z, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)};
    } else {
        const u16v x = (u16v)v, z{};
        if constexpr (Signed)
            return {(WS)__builtin_shufflevector(z, x, 0, 8, 1, 9, 2, 10, 3, 11) >> 16,
                    (WS)__builtin_shufflevector(z, x, 4, 12, 5, 13, 6, 14, 7, 15) >> 16};
        else
            return {(WS)__builtin_shufflevector(x, z, 0, 8, 1, 9, 2, 10, 3, 11),
                    (WS)__builtin_shufflevector(x, z, 4, 12, 5, 13, 6, 14, 7, 15)};
    }
#endif
}
// The low W bits of every lane (R7 without .sat, R10).
template <int W> PTXV_FI V narrow(Wide<W> t) noexcept {
#if PTXV_ARRAY_X86
    if constexpr (W == 8) {
        // Lanes cut to 0..255 first, so the unsigned saturating pack keeps them.
        const s16v low = splat<s16v>(0xff);
        return (V)PTXV_ARRAY_X(packus_epi16)((M)(t.lo & low), (M)(t.hi & low));
    } else {
        // Lanes sign-extended from their low 16 bits first, so the signed
        // saturating pack keeps them.
        return (V)PTXV_ARRAY_X(packs_epi32)((M)((s32v)((u32v)t.lo << 16) >> 16), (M)((s32v)((u32v)t.hi << 16) >> 16));
    }
#else
    if constexpr (W == 8)
        return (V)__builtin_shufflevector((u8v)t.lo, (u8v)t.hi, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    else
        return (V)__builtin_shufflevector((u16v)t.lo, (u16v)t.hi, 0, 2, 4, 6, 8, 10, 12, 14);
#endif
}
template <WideOp Op, class T> PTXV_FI T wide_op(T x, T y) noexcept {
    if constexpr (Op == WideOp::add) return x + y;
    else if constexpr (Op == WideOp::sub) return x - y;
    else if constexpr (Op == WideOp::absdiff) return vmax(x - y, y - x);
    else if constexpr (Op == WideOp::min) return vmin(x, y);
    else if constexpr (Op == WideOp::max) return vmax(x, y);
    else if constexpr (Op == WideOp::avrg) return (x + y + ((T)(x + y >= T{}) & 1)) >> 1;  // R5: (s + (s >= 0)) >> 1
    else if constexpr (Op == WideOp::eq) return (T)(x == y) & 1;
    else if constexpr (Op == WideOp::ne) return (T)(x != y) & 1;
    else if constexpr (Op == WideOp::lt) return (T)(x < y) & 1;
    else if constexpr (Op == WideOp::le) return (T)(x <= y) & 1;
    else if constexpr (Op == WideOp::gt) return (T)(x > y) & 1;
    else {
        static_assert(Op == WideOp::ge, "a widened operation without lanes");
        return (T)(x >= y) & 1;
    }
}
template <int W, WideOp Op> PTXV_FI Wide<W> wide(Wide<W> x, Wide<W> y) noexcept {
    return {wide_op<Op>(x.lo, y.lo), wide_op<Op>(x.hi, y.hi)};
}
// R7: .sat clamps to the lane range of d. The range as widened lanes of
// words: from the plan where it is a constant (the array forms), or bound
// once as a value (Compiled::run's kernels, lane::kernel_shape), where it
// is held in registers as the constants are.
struct Range {
    V lo, hi;
};
template <int W, bool Signed> PTXV_FI Range range_of() noexcept {
    if constexpr (W == 32) {
        return Range{V{}, V{}};
    } else {
        typedef typename L<W>::WS WS;
        return Range{(V)splat<WS>(Signed ? -(1 << (W - 1)) : 0), (V)splat<WS>(Signed ? (1 << (W - 1)) - 1 : (1 << W) - 1)};
    }
}
template <int W> PTXV_FI Wide<W> clamp(Wide<W> t, const Range& r) noexcept {
    typedef typename L<W>::WS WS;
    const WS lo = (WS)r.lo, hi = (WS)r.hi;
    return {vmin(vmax(t.lo, lo), hi), vmin(vmax(t.hi, lo), hi)};
}
// R11 on widened lane results: each word's lanes in k, summed.
template <int W> PTXV_FI V wide_sum(Wide<W> t, const Keep& k) noexcept {
    typedef typename L<W>::WS WS;
    const WS l = t.lo & (WS)k.wide, h = t.hi & (WS)k.wide;
#if PTXV_ARRAY_X86
    // Per word pair sums (pmaddwd), or the wide lanes themselves; then the
    // even and the odd 32-bit fields of each 16-byte block, added.
    M pl, ph;
    if constexpr (W == 8) {
        pl = PTXV_ARRAY_X(madd_epi16)((M)l, PTXV_ARRAY_X(set1_epi16)(1));
        ph = PTXV_ARRAY_X(madd_epi16)((M)h, PTXV_ARRAY_X(set1_epi16)(1));
    } else {
        pl = (M)l;
        ph = (M)h;
    }
#if PTXV_ARRAY_BYTES == 64
    const __m512 fl = _mm512_castsi512_ps(pl), fh = _mm512_castsi512_ps(ph);
    return (V)_mm512_castps_si512(_mm512_shuffle_ps(fl, fh, 0x88)) + (V)_mm512_castps_si512(_mm512_shuffle_ps(fl, fh, 0xdd));
#elif PTXV_ARRAY_BYTES == 32
    const __m256 fl = _mm256_castsi256_ps(pl), fh = _mm256_castsi256_ps(ph);
    return (V)_mm256_castps_si256(_mm256_shuffle_ps(fl, fh, 0x88)) + (V)_mm256_castps_si256(_mm256_shuffle_ps(fl, fh, 0xdd));
#else
    const __m128 fl = _mm_castsi128_ps(pl), fh = _mm_castsi128_ps(ph);
    return (V)_mm_castps_si128(_mm_shuffle_ps(fl, fh, 0x88)) + (V)_mm_castps_si128(_mm_shuffle_ps(fl, fh, 0xdd));
#endif
#else
    s32v pl, ph;
    if constexpr (W == 8) {
        // Each 32-bit field holds two 16-bit lane results: add them.
        pl = ((s32v)((u32v)l << 16) >> 16) + ((s32v)l >> 16);
        ph = ((s32v)((u32v)h << 16) >> 16) + ((s32v)h >> 16);
    } else {
        pl = l;
        ph = h;
    }
    return (V)(__builtin_shufflevector(pl, ph, 0, 2, 4, 6) + __builtin_shufflevector(pl, ph, 1, 3, 5, 7));
#endif
}

// ---- A lane plan (lane_plan.hpp), run.
// The range of d (R7) that the plan's own .sat clamps to.
template <unsigned Plan> PTXV_FI Range plan_range() noexcept {
    return range_of<decode(Plan).bits, decode(Plan).sd>();
}
template <unsigned Plan> PTXV_FI Wide<decode(Plan).bits> widened(V a, V b, const Range& r) noexcept {
    constexpr LanePlan p = decode(Plan);
    constexpr int W = p.bits;
    const Wide<W> t = wide<W, static_cast<WideOp>(p.code)>(ext<W, p.sa>(a), ext<W, p.sb>(b));
    if constexpr (p.sat) return clamp<W>(t, r);
    else return t;
}
// The lane results, each in its lane (not for the sum-only plans); a
// widened .sat plan clamps to r.
template <unsigned Plan> PTXV_FI V lanes(V a, V b, const Range& r = plan_range<Plan>()) noexcept {
    constexpr LanePlan p = decode(Plan);
    constexpr int W = p.bits;
    if constexpr (p.op == LaneOp::wide) {
        return narrow<W>(widened<Plan>(a, b, r));
    } else if constexpr (p.op == LaneOp::absdiff && p.sa && p.fix == LaneFix::to_signed) {
        return absdiff_to_signed<W>(a, b);
    } else {
        V r;
        if constexpr (p.op == LaneOp::add) r = add<W>(a, b);
        else if constexpr (p.op == LaneOp::sub) r = sub<W>(a, b);
        else if constexpr (p.op == LaneOp::addsat) r = addsat<W, p.sa>(a, b);
        else if constexpr (p.op == LaneOp::subsat) r = subsat<W, p.sa>(a, b);
        else if constexpr (p.op == LaneOp::avrg_u) r = avrg_u<W>(a, b);
        else if constexpr (p.op == LaneOp::avrg_s) r = avrg_s<W>(a, b);
        else if constexpr (p.op == LaneOp::avrg_down) r = avrg_down<W>(a, b);
        else if constexpr (p.op == LaneOp::absdiff) r = absdiff<W, p.sa>(a, b);
        else if constexpr (p.op == LaneOp::abs) r = abs<W>(a);
        else if constexpr (p.op == LaneOp::min) r = min<W, p.sa>(a, b);
        else if constexpr (p.op == LaneOp::max) r = max<W, p.sa>(a, b);
        else {
            static_assert(p.op == LaneOp::cmp, "a lane plan whose operation runs in no kernel");
            r = cmp<W, p.sa, p.code, p.ones>(a, b);
        }
        if constexpr (p.fix == LaneFix::to_signed) return to_signed<W>(r);
        else if constexpr (p.fix == LaneFix::to_unsigned) return to_unsigned<W>(r);
        else return r;
    }
}
// .add (R11): c plus, per word, the sum of the lane results in k.
template <unsigned Plan> PTXV_FI V sum(V a, V b, V c, const Keep& k) noexcept {
    constexpr LanePlan p = decode(Plan);
    constexpr int W = p.bits;
    if constexpr (p.op == LaneOp::sum_add) return c + lane_sum<W, p.sa>(a, k) + lane_sum<W, p.sb>(b, k);
    else if constexpr (p.op == LaneOp::sum_sub) return c + lane_sum<W, p.sa>(a, k) - lane_sum<W, p.sb>(b, k);
    else if constexpr (p.op == LaneOp::sum_absdiff) return c + absdiff_sum<W, p.sa>(a, b, k);
    else if constexpr (p.op == LaneOp::wide) return c + wide_sum<W>(widened<Plan>(a, b, plan_range<Plan>()), k);
    // 0/1 lanes (R14) sum alike read as signed or unsigned: on x86, half-words
    // as signed, which pmaddwd adds as they are (unsigned ones are offset
    // first and the offset taken back out: two more instructions).
    else if constexpr (p.op == LaneOp::cmp) {
        static_assert(!p.ones, "a lane sum of 0/1 compare results");
        return c + lane_sum<W, PTXV_ARRAY_X86 && W == 16>(lanes<Plan>(a, b), k);
    }
    else return c + lane_sum<W, p.sum_signed>(lanes<Plan>(a, b), k);
}
// What d takes: the sum (.add), or the lane results in k merged into c.
template <unsigned Plan> PTXV_FI V result(V a, V b, V c, const Keep& k) noexcept {
    if constexpr (decode(Plan).sum) return sum<Plan>(a, b, c, k);
    else return merge(lanes<Plan>(a, b), c, k);
}

#endif  // PTXV_ARRAY_VECTOR
// ptxv-gen: end simd

}  // namespace detail
}  // inline namespace PTXV_ARRAY_PATH
}  // namespace array
}  // namespace ptxv
