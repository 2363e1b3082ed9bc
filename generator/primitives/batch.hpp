// The head of generated/ptxv_batch.hpp: decoded parameter words, binding and
// batch loops shared by every variant (region batch), and the macros that
// define one variant's batch forms (region batch_macros). ptxv-gen copies each
// region verbatim (generator/fragments.hpp) and then writes, per variant, its
// pre-decoded forms and one macro call.
#pragma once

#include "lanes.hpp"
#include "ptxv/forms.hpp"

namespace ptxv {

// ptxv-gen: begin batch
namespace detail {

// The forms' shapes (OneFn, PreFn over kDecodedWords words, see decode_*,
// ManyFn, ManyCFn) are ptxv/forms.hpp's.

// One variant's entries in a dispatch table (ptxv_dispatch.inc): its
// pre-decoded forms and batch loops, and what bind() needs to pick a form.
// lanes is 0 for a scalar variant, else 2 or 4; a SIMD variant's default
// selectors and full mask come with it. plain has every parameter at its PTX
// default folded in, general reads every parameter from w; masked (SIMD) has
// the default selectors and the mask from w, for callers that apply the
// selectors themselves; parts (scalar) is the body for both sources a byte or
// half-word.
struct VariantFns {
    unsigned lanes, default_asel, default_bsel, full_mask;
    PreFn plain, general, masked, parts;
    ManyFn many;
    ManyCFn many_c;
};

// Scalar words: w[0], w[1] the a selector's left and right shifts (xl, xr),
// w[2], w[3] the b selector's, w[4] the d selector's position, w[5] its
// bits, w[6] those bits at the position, w[7] x as given, w[8]-w[10] x read
// as vmad's negations (NegP), w[11] how far the merge moves the result.
struct SelP {
    std::uint32_t l, r;
};
struct DselP {
    std::uint32_t pos, bits, at, move;
};
PTXV_FI constexpr std::int64_t xs(std::uint32_t x, SelP s) noexcept {
    return static_cast<std::int32_t>(x << (s.l & 31u)) >> (s.r & 31u);
}
PTXV_FI constexpr std::uint64_t xu(std::uint32_t x, SelP s) noexcept { return (x << (s.l & 31u)) >> (s.r & 31u); }
PTXV_FI constexpr std::uint32_t xs32(std::uint32_t x, SelP s) noexcept { return static_cast<std::uint32_t>(xs(x, s)); }
PTXV_FI constexpr std::uint32_t xu32(std::uint32_t x, SelP s) noexcept { return (x << (s.l & 31u)) >> (s.r & 31u); }
PTXV_FI constexpr std::int64_t xv(std::uint32_t x, SelP s) noexcept {
    return static_cast<std::int64_t>(xu(x, s)) - (static_cast<std::int64_t>((s.r == 0u) & (x >> 31)) << 32);
}
PTXV_FI constexpr std::uint32_t dmask(DselP d) noexcept { return d.bits; }
PTXV_FI constexpr std::uint32_t dmerge(std::uint32_t c, std::uint32_t t, DselP d) noexcept {
    return c ^ ((c ^ (t << (d.move & 31u))) & d.at);
}
// vmad's negations decoded (w[8], w[9], w[10]): neg_ab, neg_c, neg_sf.
struct NegP {
    std::uint32_t ab, c, sf;
};
PTXV_FI constexpr unsigned neg_ab(NegP n) noexcept { return n.ab; }
PTXV_FI constexpr unsigned neg_c(NegP n) noexcept { return n.c; }
PTXV_FI constexpr unsigned neg_sf(NegP n) noexcept { return n.sf; }
PTXV_FI void decode_scalar(unsigned asel, unsigned bsel, unsigned x, std::uint32_t* w) noexcept {
    w[0] = xl(asel), w[1] = xr(asel), w[2] = xl(bsel), w[3] = xr(bsel);
    w[4] = dpos(x), w[5] = dmask(x), w[6] = dmask(x) << dpos(x), w[7] = x;
    w[8] = neg_ab(x), w[9] = neg_c(x), w[10] = neg_sf(x), w[11] = dmove(x);
}

// SIMD words: w[i] and w[4 + i] the rotation of the pair {b:a} that brings
// the a and b selectors' pick for lane i into lane i's place, w[8] the mask
// as given, w[kSimdMaskWord] its lanes' bits (lanes<N>::mask), which the
// bound forms read instead of expanding w[8] per call wherever the lowering
// folds the mask (Lowered::mask_fold); w[9] and w[10] are free. A rotation and a mask per lane replace
// lanes<4>::select's digit extraction.
inline constexpr std::size_t kSimdMaskWord = 11;
PTXV_FI constexpr std::uint64_t rotr64(std::uint64_t x, std::uint32_t r) noexcept {
    return (x >> (r & 63u)) | (x << ((64u - r) & 63u));
}
PTXV_FI constexpr std::uint32_t psel4(std::uint32_t a, std::uint32_t b, const std::uint32_t* r) noexcept {
    const std::uint64_t p = (std::uint64_t{b} << 32) | a;
    return static_cast<std::uint32_t>((rotr64(p, r[0]) & 0xffu) | (rotr64(p, r[1]) & 0xff00u) |
                                      (rotr64(p, r[2]) & 0xff0000u) | (rotr64(p, r[3]) & 0xff000000u));
}
PTXV_FI constexpr std::uint32_t psel2(std::uint32_t a, std::uint32_t b, const std::uint32_t* r) noexcept {
    const std::uint64_t p = (std::uint64_t{b} << 32) | a;
    return static_cast<std::uint32_t>((rotr64(p, r[0]) & 0xffffu) | (rotr64(p, r[1]) & 0xffff0000u));
}
// The same picks for array loops: where the selectors stay fixed for a whole
// batch, a choice of word and two shifts by loop-invariant amounts per lane
// vectorize, and the 64-bit rotations above do not.
PTXV_FI constexpr std::uint32_t vsel4(std::uint32_t a, std::uint32_t b, const std::uint32_t* r) noexcept {
    std::uint32_t x = 0;
    for (unsigned i = 0; i < 4; ++i) {
        const unsigned e = ((r[i] >> 3) + i) & 7u;
        const std::uint32_t from_b = 0u - (e >> 2);
        const std::uint32_t src = (a & ~from_b) | (b & from_b);
        x |= ((src >> (8u * (e & 3u))) << (8u * i)) & (0xffu << (8u * i));
    }
    return x;
}
PTXV_FI constexpr std::uint32_t vsel2(std::uint32_t a, std::uint32_t b, const std::uint32_t* r) noexcept {
    std::uint32_t x = 0;
    for (unsigned i = 0; i < 2; ++i) {
        const unsigned e = ((r[i] >> 4) + i) & 3u;
        const std::uint32_t from_b = 0u - (e >> 1);
        const std::uint32_t src = (a & ~from_b) | (b & from_b);
        x |= ((src >> (16u * (e & 1u))) << (16u * i)) & (0xffffu << (16u * i));
    }
    return x;
}
template <unsigned Lanes>
PTXV_FI void decode_simd(unsigned asel, unsigned bsel, unsigned m, std::uint32_t* w) noexcept {
    constexpr unsigned bits = 32u / Lanes, digit = 2u * Lanes - 1u;
    for (unsigned i = 0; i < 4; ++i) {
        const bool lane = i < Lanes;
        w[i] = lane ? (bits * ((asel >> (4 * i)) & digit) + 64u - bits * i) & 63u : 0u;
        w[4 + i] = lane ? (bits * ((bsel >> (4 * i)) & digit) + 64u - bits * i) & 63u : 0u;
    }
    w[8] = m;
    w[9] = w[10] = 0;
    w[kSimdMaskWord] = lanes<Lanes>::mask(m);
}

// Scalar: which body applies, given the parameters and their words w: the
// defaults' (kScalarD), the one for both sources a byte or half-word, which
// their decoded right shifts say (kScalarPp), or the general one (kScalarP).
PTXV_FI constexpr bool both_parts(const std::uint32_t* w) noexcept { return w[1] != 0 && w[3] != 0; }
inline constexpr int kScalarD = 0, kScalarP = 1, kScalarPp = 2;
PTXV_FI constexpr int scalar_body(unsigned asel, unsigned bsel, unsigned x, const std::uint32_t* w) noexcept {
    return (asel | bsel | x) == 0 ? kScalarD : both_parts(w) ? kScalarPp : kScalarP;
}
// Decodes (asel, bsel, x) once into w and returns the form of f to call
// with it.
inline PreFn bind(const VariantFns& f, unsigned asel, unsigned bsel, unsigned x, std::uint32_t* w) noexcept {
    if (f.lanes == 0) {
        decode_scalar(asel, bsel, x, w);
        const int k = scalar_body(asel, bsel, x, w);
        return k == kScalarD ? f.plain : k == kScalarPp ? f.parts : f.general;
    }
    if (f.lanes == 4) decode_simd<4>(asel, bsel, x, w);
    else decode_simd<2>(asel, bsel, x, w);
    if (asel != f.default_asel || bsel != f.default_bsel) return f.general;
    return x == f.full_mask ? f.plain : f.masked;
}

// Batch loops. The parameters are the same for every element: decoded once,
// outside the loop, into locals, so the loop body is the kernel alone and
// open to the vectorizer.
#define PTXV_DETAIL_LOOP(F, cexpr)                                        \
    do {                                                                  \
        std::uint32_t q[kDecodedWords];                                   \
        for (std::size_t j = 0; j < kDecodedWords; ++j) q[j] = w[j];      \
        for (std::size_t i = 0; i < n; ++i) d[i] = F(a[i], b[i], cexpr, q); \
    } while (0)
template <PreFn D, PreFn M, PreFn P, unsigned DA, unsigned DB, unsigned Full, unsigned Lanes>
inline void simd_many(const std::uint32_t* PTXV_RESTRICT a, const std::uint32_t* PTXV_RESTRICT b,
                      const std::uint32_t* PTXV_RESTRICT c, std::uint32_t* PTXV_RESTRICT d, std::size_t n,
                      unsigned asel, unsigned bsel, unsigned m) noexcept {
    std::uint32_t w[kDecodedWords];
    decode_simd<Lanes>(asel, bsel, m, w);
    if (asel == DA && bsel == DB && m == Full) PTXV_DETAIL_LOOP(D, c[i]);
    else if (asel == DA && bsel == DB) PTXV_DETAIL_LOOP(M, c[i]);
    else PTXV_DETAIL_LOOP(P, c[i]);
}
template <PreFn D, PreFn M, PreFn P, unsigned DA, unsigned DB, unsigned Full, unsigned Lanes>
inline void simd_one(const std::uint32_t* PTXV_RESTRICT a, const std::uint32_t* PTXV_RESTRICT b, std::uint32_t c,
                     std::uint32_t* PTXV_RESTRICT d, std::size_t n, unsigned asel, unsigned bsel, unsigned m) noexcept {
    std::uint32_t w[kDecodedWords];
    decode_simd<Lanes>(asel, bsel, m, w);
    if (asel == DA && bsel == DB && m == Full) PTXV_DETAIL_LOOP(D, c);
    else if (asel == DA && bsel == DB) PTXV_DETAIL_LOOP(M, c);
    else PTXV_DETAIL_LOOP(P, c);
}
// The scalar loops are always inlined into the function that instantiates
// them: batch::f here, and a unit of the runtime built for a wider target
// (runtime/src/simd/scalar_loops.hpp), whose own copy must not share a
// symbol with this baseline one.
template <PreFn D, PreFn P, PreFn Pp>
PTXV_FI void scalar_many(const std::uint32_t* PTXV_RESTRICT a, const std::uint32_t* PTXV_RESTRICT b,
                        const std::uint32_t* PTXV_RESTRICT c, std::uint32_t* PTXV_RESTRICT d, std::size_t n,
                        unsigned asel, unsigned bsel, unsigned x) noexcept {
    std::uint32_t w[kDecodedWords];
    decode_scalar(asel, bsel, x, w);
    const int k = scalar_body(asel, bsel, x, w);
    if (k == kScalarD) PTXV_DETAIL_LOOP(D, c[i]);
    else if (k == kScalarPp) PTXV_DETAIL_LOOP(Pp, c[i]);
    else PTXV_DETAIL_LOOP(P, c[i]);
}
template <PreFn D, PreFn P, PreFn Pp>
PTXV_FI void scalar_one(const std::uint32_t* PTXV_RESTRICT a, const std::uint32_t* PTXV_RESTRICT b, std::uint32_t c,
                       std::uint32_t* PTXV_RESTRICT d, std::size_t n, unsigned asel, unsigned bsel, unsigned x) noexcept {
    std::uint32_t w[kDecodedWords];
    decode_scalar(asel, bsel, x, w);
    const int k = scalar_body(asel, bsel, x, w);
    if (k == kScalarD) PTXV_DETAIL_LOOP(D, c);
    else if (k == kScalarPp) PTXV_DETAIL_LOOP(Pp, c);
    else PTXV_DETAIL_LOOP(P, c);
}
#undef PTXV_DETAIL_LOOP

}  // namespace detail
// ptxv-gen: end batch

// ptxv-gen: begin batch_macros
// batch::f(a, b, c, d, n, asel, bsel, x): d[i] = rt::f(a[i], b[i], c[i], asel, bsel, x);
// batch::f_c(a, b, c, d, n, asel, bsel, x): the same with one c for all elements.
// d may not overlap a, b or c.
#define PTXV_DETAIL_BATCH_SIMD(f, da, db, full, lanes)                                                              \
    namespace batch {                                                                                                  \
    inline void f(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,          \
                  std::size_t n, unsigned asel, unsigned bsel, unsigned x) noexcept {                                \
        detail::simd_many<&detail::pre_d::f, &detail::pre_m::f, &detail::pre_v::f, da, db, full, lanes>(a, b, c, d, n, asel,     \
                                                                                               bsel, x);             \
    }                                                                                                                \
    inline void f##_c(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t c, std::uint32_t* d,             \
                      std::size_t n, unsigned asel, unsigned bsel, unsigned x) noexcept {                            \
        detail::simd_one<&detail::pre_d::f, &detail::pre_m::f, &detail::pre_v::f, da, db, full, lanes>(a, b, c, d, n, asel,      \
                                                                                              bsel, x);              \
    }                                                                                                                \
    }
#define PTXV_DETAIL_BATCH_SCALAR(f)                                                                                 \
    namespace batch {                                                                                                  \
    inline void f(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,          \
                  std::size_t n, unsigned asel, unsigned bsel, unsigned x) noexcept {                                \
        detail::scalar_many<&detail::pre_d::f, &detail::pre::f, &detail::pre_p::f>(a, b, c, d, n, asel, bsel, x);                             \
    }                                                                                                                \
    inline void f##_c(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t c, std::uint32_t* d,             \
                      std::size_t n, unsigned asel, unsigned bsel, unsigned x) noexcept {                            \
        detail::scalar_one<&detail::pre_d::f, &detail::pre::f, &detail::pre_p::f>(a, b, c, d, n, asel, bsel, x);                              \
    }                                                                                                                \
    }
// ptxv-gen: end batch_macros

#undef PTXV_DETAIL_BATCH_SIMD
#undef PTXV_DETAIL_BATCH_SCALAR

}  // namespace ptxv
