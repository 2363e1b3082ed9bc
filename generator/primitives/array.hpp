// The array forms' driver (ptxv::array, generated/ptxv_array.hpp): selectors
// and mask known at compile time, applied with shifts instead of shuffles,
// over the kernels of the SIMD kernel library (simd.hpp). ptxv-gen copies the
// region between the markers verbatim (generator/fragments.hpp) and then
// writes one array form per SIMD variant, each a call of run() with the
// variant's lane plan.
#pragma once

#include "simd.hpp"

namespace ptxv {
namespace array {
inline namespace PTXV_ARRAY_PATH {
namespace detail {

// ptxv-gen: begin array
#if PTXV_ARRAY_VECTOR

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
// Whether group g, moved by Dist, needs a mask: the shift leaves something
// other than zeros in lanes of Mask outside g.
template <int W> constexpr bool group_masked(unsigned g, unsigned mask, int dist) noexcept {
    const int bits = W * (dist < 0 ? -dist : dist);
    const std::uint32_t zeros = dist == 0 ? 0u : dist > 0 ? (1u << bits) - 1u : ~(0xffffffffu >> bits);
    return (lane_bits<W>(mask & ~g) & ~zeros) != 0;
}
template <int W, unsigned Sel, unsigned Mask, unsigned S, int Dist> PTXV_FI V group_from(V a, V b) noexcept {
    constexpr unsigned g = group<W>(Sel, Mask, S, Dist);
    if constexpr (g == 0) {
        return V{};
    } else {
        const V s = S == 0 ? a : b;
        constexpr int bits = W * (Dist < 0 ? -Dist : Dist);
        const V v = Dist > 0 ? s << bits : Dist < 0 ? s >> bits : s;
        if constexpr (!group_masked<W>(g, Mask, Dist)) return v;
        else return v & lane_bits<W>(g);
    }
}
// Every (word, distance) group: K enumerates word * (2 * lanes - 1) + distance + lanes - 1.
template <int W, unsigned Sel, unsigned Mask, int... K>
PTXV_FI V groups(V a, V b, std::integer_sequence<int, K...>) noexcept {
    constexpr int span = 2 * static_cast<int>(L<W>::kLanes) - 1;
    return (V{} | ... | group_from<W, Sel, Mask, static_cast<unsigned>(K / span), K % span - span / 2>(a, b));
}
// The instructions groups() takes for Sel under Mask: per group a shift
// (where it moves) and a mask (where group_masked), and an or joining each
// group after the first.
template <int W> constexpr int group_ops(unsigned sel, unsigned mask) noexcept {
    constexpr int n = static_cast<int>(L<W>::kLanes);
    int ops = -1;
    for (unsigned s = 0; s < 2; ++s) {
        for (int dist = 1 - n; dist < n; ++dist) {
            const unsigned g = group<W>(sel, mask, s, dist);
            if (g != 0) ops += 1 + (dist != 0 ? 1 : 0) + (group_masked<W>(g, mask, dist) ? 1 : 0);
        }
    }
    return ops;
}
// The control of permute_pair() for Sel: byte k of a word from byte
// (lane Sel_j's position) of a, or of b (64 + it).
template <int W> constexpr std::uint32_t pair_control(unsigned sel) noexcept {
    constexpr unsigned bytes = W / 8;
    std::uint32_t ctl = 0;
    for (unsigned k = 0; k < 4; ++k) {
        const unsigned from = (sel >> (4 * (k / bytes))) & 0xfu;
        const unsigned at = (from % L<W>::kLanes) * bytes + k % bytes;
        ctl |= (from / L<W>::kLanes != 0 ? 64u + at : at) << (8 * k);
    }
    return ctl;
}
template <int W, unsigned Sel, unsigned Mask> PTXV_FI V pick(V a, V b) noexcept {
    constexpr unsigned own_a = W == 8 ? 0x3210u : 0x10u, own_b = W == 8 ? 0x7654u : 0x32u;
    if constexpr (Sel == own_a) return a;
    else if constexpr (Sel == own_b) return b;
#if PTXV_ARRAY_VBMI
    // More than three shifts, masks and ors: one vpermt2b instead (fewer,
    // which have one cycle's latency each, stay).
    else if constexpr (group_ops<W>(Sel, Mask) > 3) return permute_pair(a, b, pair_control<W>(Sel));
#endif
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

// How a step reads and writes its words: as whole vectors, or the first n
// of a vector (a run's last words, 0 < n < kWords; the lanes past them are
// zeros, computed and never stored).
struct Whole {
    PTXV_FI V ld(const std::uint32_t* p) const noexcept { return detail::ld(p); }
    PTXV_FI void st(std::uint32_t* p, V v) const noexcept { detail::st(p, v); }
};
struct First {
    std::size_t n;
    PTXV_FI V ld(const std::uint32_t* p) const noexcept { return ld_first(p, n); }
    PTXV_FI void st(std::uint32_t* p, V v) const noexcept { st_first(p, v, n); }
};

// One vector of words at a, b, c into d, read and written through Io.
template <unsigned Plan, unsigned Asel, unsigned Bsel, unsigned Mask, class Io>
PTXV_FI void step(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d, Io io) noexcept {
    constexpr LanePlan p = decode(Plan);
    constexpr int W = p.bits;
    // Every lane kept and no sum: c is not read.
    constexpr bool whole = !p.sum && lane_bits<W>(Mask) == 0xffffffffu;
    const V va = io.ld(a), vb = io.ld(b);
    if constexpr (constexpr int order = paired<W>(Asel, Bsel, Mask, p.sum); order != 0) {
        // With Asel and Bsel paired: the operation on the words as loaded,
        // then its results moved (Asel reads them through either word of the
        // pair {R:R}), or the sum over the lanes read.
        const V A = order == 1 ? va : vb, B = order == 1 ? vb : va;
        if constexpr (p.sum) {
            io.st(d, sum<Plan>(A, B, io.ld(c), keep<W>(sources<W>(Asel, Mask))));
        } else {
            const V R = lanes<Plan>(A, B);
            if constexpr (whole) io.st(d, pick<W, Asel, Mask>(R, R));
            else io.st(d, merge(pick<W, Asel, Mask>(R, R), io.ld(c), keep<W>(Mask)));
        }
    } else {
        const V A = pick<W, Asel, Mask>(va, vb), B = pick<W, Bsel, Mask>(va, vb);
        if constexpr (whole) io.st(d, lanes<Plan>(A, B));
        else io.st(d, result<Plan>(A, B, io.ld(c), keep<W>(Mask)));
    }
}

// Operand F of a fed step: word i of x, y or z (F = 0, 1, 2), or 0 (F < 0).
template <int F, class Io>
PTXV_FI V fed(const std::uint32_t* x, const std::uint32_t* y, const std::uint32_t* z, std::size_t i, Io io) noexcept {
    if constexpr (F == 0) return io.ld(x + i);
    else if constexpr (F == 1) return io.ld(y + i);
    else if constexpr (F == 2) return io.ld(z + i);
    else return V{};
}

// Lambdas the drivers hand to drive() are inlined like the rest.
#define PTXV_ARRAY_INLINE __attribute__((always_inline))

#endif  // PTXV_ARRAY_VECTOR

// The loop of every array form: step(i, Whole{}) computes words i .. i +
// kWords - 1, four steps a round (with two, a one-instruction step ran at the
// speed of the bare a + b loop in some builds and 1.3x slower in others, as
// the loop fell on the code lines), and step(i, First{n - i}) the last words.
// Without vectors, one(i) computes word i. (The last words one(i) at a time,
// unrolled, took 55 % of an AVX-512 array form's code and 40 % of its
// compile time.)
template <class Step, class One> PTXV_FI void drive(std::size_t n, Step step, One one) noexcept {
#if PTXV_ARRAY_VECTOR
    (void)one;
    std::size_t i = 0;
    for (; i + 4 * kWords <= n; i += 4 * kWords) {
        step(i, Whole{});
        step(i + kWords, Whole{});
        step(i + 2 * kWords, Whole{});
        step(i + 3 * kWords, Whole{});
    }
    for (; i + kWords <= n; i += kWords) step(i, Whole{});
    if (i < n) step(i, First{n - i});
#else
    (void)step;
    for (std::size_t i = 0; i < n; ++i) one(i);
#endif
}

#if PTXV_ARRAY_VECTOR
// The vector code of a lane plan under compile-time selectors and mask, one
// function for every variant of the plan: variants that share a plan differ
// only in their per-word form, which the vector path does not use. Kept out
// of line so that a program (or a test of every variant) compiles each
// plan's loop once, not once per variant.
template <unsigned Plan, unsigned Asel, unsigned Bsel, unsigned Mask>
__attribute__((noinline)) void run_plan(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                        std::uint32_t* d, std::size_t n) noexcept {
    drive(n, [=](std::size_t i, auto io) PTXV_ARRAY_INLINE { step<Plan, Asel, Bsel, Mask>(a + i, b + i, c + i, d + i, io); }, 0);
}
#endif

// An array form: one variant with compile-time selectors and mask.
template <unsigned Plan, unsigned Asel, unsigned Bsel, unsigned Mask, class One>
PTXV_FI void run(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                 std::size_t n, One one) noexcept {
#if PTXV_ARRAY_VECTOR
    (void)one;
    run_plan<Plan, Asel, Bsel, Mask>(a, b, c, d, n);
#else
    (void)a, (void)b, (void)c, (void)d;
    drive(n, 0, one);
#endif
}

// A lane plan fed from up to three arrays: its a, b and c are x, y, z or 0
// as Fa, Fb, Fc say (0, 1, 2; -1 for 0), over all lanes, default selectors
// (CUDA's intrinsics, ptxv_cuda_array.hpp, whose plans fold their post-steps
// in). Arrays the plan does not read may be null.
template <unsigned Plan, int Fa, int Fb, int Fc, class One>
PTXV_FI void run_fed(const std::uint32_t* x, const std::uint32_t* y, const std::uint32_t* z, std::uint32_t* d,
                     std::size_t n, One one) noexcept {
#if PTXV_ARRAY_VECTOR
    constexpr LanePlan p = decode(Plan);
    drive(n, [=](std::size_t i, auto io) PTXV_ARRAY_INLINE {
        const V A = fed<Fa>(x, y, z, i, io), B = fed<Fb>(x, y, z, i, io);
        if constexpr (p.sum) io.st(d + i, sum<Plan>(A, B, fed<Fc>(x, y, z, i, io), keep<p.bits>(p.bits == 8 ? 0xfu : 0x3u)));
        else io.st(d + i, lanes<Plan>(A, B));
    }, one);
#else
    (void)x, (void)y, (void)z, (void)d;
    drive(n, 0, one);
#endif
}

// ptxv-gen: end array

}  // namespace detail
}  // inline namespace PTXV_ARRAY_PATH
}  // namespace array
}  // namespace ptxv
