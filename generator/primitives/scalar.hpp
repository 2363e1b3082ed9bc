// Scalar helpers of generated/ptxv.hpp (namespace ptxv::detail), which the
// lowered function bodies call. ptxv-gen copies the region between the markers
// verbatim; it comes after the ptxv::sel, ptxv::mask and ptxv::neg constants,
// which the generator writes from the spec's vocabulary.
#pragma once

#include "preamble.hpp"

namespace ptxv::detail {

// ptxv-gen: begin scalar
// Scalar helpers. Branch-free: conditions become masks, so compilers emit
// setcc/cmov, never a jump.
PTXV_FI constexpr std::uint32_t sel32(bool cond, std::uint32_t x, std::uint32_t y) noexcept {
    const std::uint32_t m = 0u - static_cast<std::uint32_t>(cond);
    return (x & m) | (y & ~m);
}
// Signed min/max over the whole int64 range (vshl's shifted values; vmad's
// clamps, whose products keep an SSE2 loop scalar), and unsigned 64-bit
// min/max: a compare and a select on every target.
PTXV_FI constexpr std::int64_t wmin(std::int64_t x, std::int64_t y) noexcept { return x < y ? x : y; }
PTXV_FI constexpr std::int64_t wmax(std::int64_t x, std::int64_t y) noexcept { return x > y ? x : y; }
PTXV_FI constexpr std::uint64_t umin64(std::uint64_t x, std::uint64_t y) noexcept { return x < y ? x : y; }
PTXV_FI constexpr std::uint64_t umax64(std::uint64_t x, std::uint64_t y) noexcept { return x > y ? x : y; }
// 64-bit signed min/max of values below 2^62 in magnitude (all that the
// lowerings pass), in the form the target's vector unit has. With a 64-bit
// vector compare (x86 from SSE4.2, and every other target) wmin/wmax:
// compilers emit cmp and cmov, and in a loop vpminsq (AVX-512) or pcmpgtq
// and a blend. Baseline x86-64 (SSE2) has no 64-bit vector compare, and a
// loop of selects stays scalar; there the sign of the difference selects,
// which SSE2 vectorizes.
#if !(defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)) || defined(__SSE4_2__) || \
    defined(__AVX__) || defined(__CUDA_ARCH__)
#define PTXV_DETAIL_SELECT_MINMAX64 1
#else
#define PTXV_DETAIL_SELECT_MINMAX64 0
#endif
#if PTXV_DETAIL_SELECT_MINMAX64
PTXV_FI constexpr std::int64_t smin(std::int64_t x, std::int64_t y) noexcept { return wmin(x, y); }
PTXV_FI constexpr std::int64_t smax(std::int64_t x, std::int64_t y) noexcept { return wmax(x, y); }
#else
PTXV_FI constexpr std::int64_t smin(std::int64_t x, std::int64_t y) noexcept {
    const std::int64_t d = x - y;
    return y + (d & (d >> 63));
}
PTXV_FI constexpr std::int64_t smax(std::int64_t x, std::int64_t y) noexcept {
    const std::int64_t d = x - y;
    return x - (d & (d >> 63));
}
#endif
PTXV_FI constexpr std::int64_t sabs(std::int64_t x) noexcept {
    const std::uint64_t m = static_cast<std::uint64_t>(x >> 63);
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(x) ^ m) - m);
}
// A compare and a conditional move (vshl/vshr's .clamp of the shift).
PTXV_FI constexpr unsigned umin32(std::uint32_t x, unsigned y) noexcept { return x < y ? x : y; }
// R6's byte/half-word .sat: the min of x's 64-bit pattern, read as unsigned,
// and y (below 2^32), for |x| below 2^62. With the select form of smin, one
// unsigned min; with the difference form, a negative x, whose pattern is
// above every y, is first replaced by 2^40, so that one signed min decides.
PTXV_FI constexpr std::int64_t umin_pattern(std::int64_t x, std::int64_t y) noexcept {
#if PTXV_DETAIL_SELECT_MINMAX64
    return static_cast<std::int64_t>(umin64(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y)));
#else
    const std::int64_t n = x >> 63;
    return smin((x & ~n) | (n & (std::int64_t{1} << 40)), y);
#endif
}
PTXV_FI constexpr std::int64_t sel64(bool cond, std::int64_t x, std::int64_t y) noexcept {
    const std::uint64_t m = std::uint64_t{0} - static_cast<std::uint64_t>(cond);
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(x) & m) | (static_cast<std::uint64_t>(y) & ~m));
}
// 32-bit words compared as unsigned or as signed values, then one
// conditional move; compilers emit cmp and cmov, not a jump, and in a loop
// pminud/pminsd or their SSE2 equivalents. For R8's secondary .min/.max (with
// dtype's signedness) and for the 32-bit forms of min, max, |a - b| and the
// compares. The signed forms read a word as int32_t the way xs() does
// (modular, the only conversion GCC, Clang and MSVC define, and C++20's).
PTXV_FI constexpr std::uint32_t min_u32(std::uint32_t x, std::uint32_t y) noexcept { return x < y ? x : y; }
PTXV_FI constexpr std::uint32_t max_u32(std::uint32_t x, std::uint32_t y) noexcept { return x > y ? x : y; }
PTXV_FI constexpr bool lt_s32(std::uint32_t x, std::uint32_t y) noexcept {
    return static_cast<std::int32_t>(x) < static_cast<std::int32_t>(y);
}
PTXV_FI constexpr std::uint32_t min_s32(std::uint32_t x, std::uint32_t y) noexcept {
    return (x ^ 0x80000000u) < (y ^ 0x80000000u) ? x : y;
}
PTXV_FI constexpr std::uint32_t max_s32(std::uint32_t x, std::uint32_t y) noexcept {
    return (x ^ 0x80000000u) > (y ^ 0x80000000u) ? x : y;
}
// R8's .min/.max where t and c are read differently. su: t the low word of
// vadd/vsub sign-extended, c unsigned; a negative t's 64-bit pattern is above
// every c, so its key is all ones. zs: t zero-extended, c signed; a negative c
// is below every t, so its key is 0.
PTXV_FI constexpr std::uint32_t min_su(std::uint32_t t, std::uint32_t c) noexcept {
    return sel32((t | (0u - (t >> 31))) < c, t, c);
}
PTXV_FI constexpr std::uint32_t max_su(std::uint32_t t, std::uint32_t c) noexcept {
    return sel32((t | (0u - (t >> 31))) >= c, t, c);
}
PTXV_FI constexpr std::uint32_t min_zs(std::uint32_t t, std::uint32_t c) noexcept {
    return sel32(t < (c & ((c >> 31) - 1u)), t, c);
}
PTXV_FI constexpr std::uint32_t max_zs(std::uint32_t t, std::uint32_t c) noexcept {
    return sel32(t >= (c & ((c >> 31) - 1u)), t, c);
}
// An unsigned word u against a signed word s, as their extended values (R5)
// compare: a negative s is below every u, and a non-negative one compares as
// an unsigned word. So s < 0 becomes a key no u is below (lt: 0) or that no u
// reaches (le: u < s + 1, with 0 for s < 0; s + 1 is at most 2^31), and u == s
// needs s's top bit clear. 32-bit compares, vectorized as 32-bit lanes, where
// the 64-bit compare of the extended values stays scalar below SSE4.2. The
// other orders and the reversed operands are these negated or swapped.
PTXV_FI constexpr bool lt_us(std::uint32_t u, std::uint32_t s) noexcept { return u < (s & ((s >> 31) - 1u)); }
PTXV_FI constexpr bool le_us(std::uint32_t u, std::uint32_t s) noexcept {
    return u < ((s + 1u) & ((s >> 31) - 1u));
}
PTXV_FI constexpr bool eq_us(std::uint32_t u, std::uint32_t s) noexcept { return ((u ^ s) | (s & 0x80000000u)) == 0u; }
// The operation's own signed min/max (vmin, vmax on words). Written
// differently from R8's, which may follow it: GCC turns a min of a min of the
// same kind into a compare and a jump.
PTXV_FI constexpr std::uint32_t smin32(std::uint32_t x, std::uint32_t y) noexcept { return lt_s32(x, y) ? x : y; }
PTXV_FI constexpr std::uint32_t smax32(std::uint32_t x, std::uint32_t y) noexcept { return lt_s32(y, x) ? x : y; }
// |x - y| as a word: the difference, negated where x < y (as two's
// complement: xor with the all-ones mask, minus the mask).
PTXV_FI constexpr std::uint32_t absdiff_u32(std::uint32_t x, std::uint32_t y) noexcept {
    const std::uint32_t m = 0u - static_cast<std::uint32_t>(x < y);
    return ((x - y) ^ m) - m;
}
PTXV_FI constexpr std::uint32_t absdiff_s32(std::uint32_t x, std::uint32_t y) noexcept {
    const std::uint32_t m = 0u - static_cast<std::uint32_t>(lt_s32(x, y));
    return ((x - y) ^ m) - m;
}
// sext32, reading the word as int32_t the way xs() does (modular: one movsx).
PTXV_FI constexpr std::int64_t sx32(std::uint32_t x) noexcept { return static_cast<std::int32_t>(x); }
// R1: per selector code, the left shift that puts the selected part's top
// bit at bit 31 and the right shift that brings it back, in bytes; R6/R9: per
// d selector code, the byte position of the merge, the narrowing (0: word,
// 2: half-word, 3: byte) and how far the result moves into it: a byte
// selector moves the result's low byte there, a half-word selector takes the
// result's half-word in place (R9). Codes that name no part read and write the
// word (none, and the ignored .b01/.b12/.b23, R16).
struct SelPart {
    unsigned code, left, right, position, narrowing, move;
};
PTXV_HD constexpr std::uint64_t sel_table(unsigned field) noexcept {
    constexpr SelPart parts[] = {{sel::b0, 3, 3, 0, 3, 0}, {sel::b1, 2, 3, 1, 3, 1}, {sel::b2, 1, 3, 2, 3, 2},
                                 {sel::b3, 0, 3, 3, 3, 3}, {sel::h0, 2, 2, 0, 2, 0}, {sel::h1, 0, 2, 2, 2, 0}};
    std::uint64_t t = 0;
    for (const SelPart& p : parts) {
        const unsigned v = field == 0   ? p.left
                           : field == 1 ? p.right
                           : field == 2 ? p.position
                           : field == 3 ? p.narrowing
                                        : p.move;
        t |= std::uint64_t{v} << ((field < 2 ? 4u : 2u) * p.code);
    }
    return t;
}
// As constants: nibbles (left, right shifts) and 2-bit fields (d position,
// narrowing) indexed by the code, so that a run-time selector costs two table
// lookups in registers, two shifts, on 32 bits, and compilers see a 32-bit
// value extended.
inline constexpr std::uint64_t kSelLeft = sel_table(0), kSelRight = sel_table(1);
inline constexpr std::uint64_t kDselPosition = sel_table(2), kDselNarrowing = sel_table(3), kDselMove = sel_table(4);
PTXV_FI constexpr unsigned xl(unsigned s) noexcept { return static_cast<unsigned>(((kSelLeft >> ((s & 15u) << 2)) & 15u) << 3); }
PTXV_FI constexpr unsigned xr(unsigned s) noexcept { return static_cast<unsigned>(((kSelRight >> ((s & 15u) << 2)) & 15u) << 3); }
PTXV_FI constexpr std::int64_t xs(std::uint32_t x, unsigned s) noexcept {
    return static_cast<std::int32_t>(x << xl(s)) >> xr(s);
}
PTXV_FI constexpr std::uint64_t xu(std::uint32_t x, unsigned s) noexcept { return (x << xl(s)) >> xr(s); }
// vmad's unsigned operand (R13): a byte or half-word zero-extended, a whole
// word (no right shift) sign-extended.
PTXV_FI constexpr std::int64_t xv(std::uint32_t x, unsigned s) noexcept {
    return static_cast<std::int64_t>(xu(x, s)) - (static_cast<std::int64_t>((xr(s) == 0u) & (x >> 31)) << 32);
}
// The same as words: the extended value modulo 2^32, all that a form needs
// when only d's low word is read and the operands share a signedness.
PTXV_FI constexpr std::uint32_t xs32(std::uint32_t x, unsigned s) noexcept { return static_cast<std::uint32_t>(xs(x, s)); }
PTXV_FI constexpr std::uint32_t xu32(std::uint32_t x, unsigned s) noexcept { return (x << xl(s)) >> xr(s); }
// An arithmetic right shift of a word read as int32_t (s below 32), as xs()
// shifts: GCC, Clang and MSVC shift negative values arithmetically, and C++20
// defines it so.
PTXV_FI constexpr std::uint32_t sar32(std::uint32_t x, unsigned s) noexcept {
    return static_cast<std::uint32_t>(static_cast<std::int32_t>(x) >> s);
}
// Saturating 32-bit sums and differences, for .sat where d, a and b share a
// type and d is a whole word (a secondary operation, no d selector). An
// unsigned sum is not clamped above (R6), so it needs none.
// Signed: an overflow is a sum whose sign differs from both operands' (for
// x - y, from x's and ~y's); it saturates to the bound of x's sign.
// The results are selected with masks, not ternaries, which GCC may turn
// into jumps when a min or max follows (.sat.min).
PTXV_FI constexpr std::uint32_t subsat_u32(std::uint32_t x, std::uint32_t y) noexcept {
    return (x - y) & (static_cast<std::uint32_t>(x < y) - 1u);
}
PTXV_FI constexpr std::uint32_t addsat_s32(std::uint32_t x, std::uint32_t y) noexcept {
    const std::uint32_t s = x + y;
    const std::uint32_t m = 0u - (((s ^ x) & (s ^ y)) >> 31);
    return s ^ ((s ^ (0x7fffffffu + (x >> 31))) & m);
}
PTXV_FI constexpr std::uint32_t subsat_s32(std::uint32_t x, std::uint32_t y) noexcept {
    const std::uint32_t s = x - y;
    const std::uint32_t m = 0u - (((x ^ y) & (s ^ x)) >> 31);
    return s ^ ((s ^ (0x7fffffffu + (x >> 31))) & m);
}
// .sat of a whole-word sum or difference of any types (R6) on words. With
// each operand biased to an unsigned word (a signed one's top bit flipped,
// + 2^31), x + y is S - K * 2^31 for S = X + Y, K the number of signed
// operands, and x - y is S - K * 2^31 for S = 2^32 + X - Y, K = 2 + (x
// signed) - (y signed). S lies in [0, 2^33): its carry (bit 32) and low word
// place it against the multiples of 2^31, which is all that the bounds need:
// a signed dtype clamps the value to [-2^31, 2^31), where S is below
// (K - 1) * 2^31 or at least (K + 1) * 2^31; an unsigned one only raises a
// negative value to 0, where S is below K * 2^31, and keeps the low word of
// the rest. Compares and selects of words, as the vectorizer takes them.
template <int M> PTXV_FI constexpr bool s33_at_least(bool carry, std::uint32_t low) noexcept {
    if constexpr (M <= 0) return true;
    else if constexpr (M == 1) return carry | ((low >> 31) != 0u);
    else if constexpr (M == 2) return carry;
    else if constexpr (M == 3) return carry & ((low >> 31) != 0u);
    else return false;
}
template <int K, bool SignedD>
PTXV_FI constexpr std::uint32_t s33_sat(bool carry, std::uint32_t low, std::uint32_t word) noexcept {
    if constexpr (SignedD) {
        return sel32(!s33_at_least<K - 1>(carry, low), 0x80000000u,
                     sel32(s33_at_least<K + 1>(carry, low), 0x7fffffffu, word));
    } else {
        return word & (static_cast<std::uint32_t>(s33_at_least<K>(carry, low)) * 0xffffffffu);
    }
}
template <bool SignedA, bool SignedB, bool SignedD>
PTXV_FI constexpr std::uint32_t addsat(std::uint32_t x, std::uint32_t y) noexcept {
    const std::uint32_t bx = x ^ (SignedA ? 0x80000000u : 0u), by = y ^ (SignedB ? 0x80000000u : 0u);
    const std::uint32_t low = bx + by;
    return s33_sat<int{SignedA} + int{SignedB}, SignedD>(low < bx, low, x + y);
}
template <bool SignedA, bool SignedB, bool SignedD>
PTXV_FI constexpr std::uint32_t subsat(std::uint32_t x, std::uint32_t y) noexcept {
    const std::uint32_t bx = x ^ (SignedA ? 0x80000000u : 0u), by = y ^ (SignedB ? 0x80000000u : 0u);
    return s33_sat<2 + int{SignedA} - int{SignedB}, SignedD>(bx >= by, bx - by, x - y);
}
// R6/R9: the d selector's bits (all ones without a merge) and position.
PTXV_FI constexpr std::uint32_t dmask(unsigned ds) noexcept {
    return 0xffffffffu >> (((kDselNarrowing >> ((ds & 15u) << 1)) & 3u) << 3);
}
PTXV_FI constexpr unsigned dpos(unsigned ds) noexcept {
    return static_cast<unsigned>(((kDselPosition >> ((ds & 15u) << 1)) & 3u) << 3);
}
PTXV_FI constexpr unsigned dmove(unsigned ds) noexcept {
    return static_cast<unsigned>(((kDselMove >> ((ds & 15u) << 1)) & 3u) << 3);
}
// R13, vmad's negations (neg: bit 0 a, bit 1 b, bit 2 c): whether the
// product is negated, whether c is (the pseudocode's else-if chain drops c's
// negation under a product negation), and signedFinal's negation part.
PTXV_FI constexpr unsigned neg_ab(unsigned neg) noexcept { return (neg ^ (neg >> 1)) & 1u; }
PTXV_FI constexpr unsigned neg_c(unsigned neg) noexcept { return ((neg >> 2) & 1u) & (neg_ab(neg) ^ 1u); }
PTXV_FI constexpr unsigned neg_sf(unsigned neg) noexcept { return neg_ab(neg) | ((neg >> 2) & 1u); }
// x negated where m is all ones, kept where it is 0 (two's complement).
PTXV_FI constexpr std::int64_t negate_if(std::int64_t x, std::uint64_t m) noexcept {
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(x) ^ m) - m);
}
// R9: the merge of the result t into c under the d selector ds.
PTXV_FI constexpr std::uint32_t dmerge(std::uint32_t c, std::uint32_t t, unsigned ds) noexcept {
    return c ^ ((c ^ (t << dmove(ds))) & (dmask(ds) << dpos(ds)));
}
// The low 34 bits of x read as a signed number (vshl/vshr's .sat, R6).
PTXV_FI constexpr std::int64_t sx34(std::uint64_t x) noexcept {
    return static_cast<std::int64_t>((x & 0x3ffffffffull) ^ 0x200000000ull) - 0x200000000ll;
}
// Selector and mask checks for the template forms.
PTXV_HD constexpr bool in_set(std::uint32_t set, unsigned v) noexcept { return v < 32u && ((set >> v) & 1u) != 0; }

// SIMD helpers shared by both geometries.
PTXV_FI constexpr std::uint32_t merge(std::uint32_t c, std::uint32_t r, std::uint32_t m) noexcept {
    return c ^ ((c ^ r) & m);
}
// ptxv-gen: end scalar

}  // namespace ptxv::detail
