// ptxv: the packed kernels of Compiled::run (see batch.hpp), for the target
// the including unit is built for: every lane plan of spec::kLanePlans, run
// through the SIMD kernel library of generated/ptxv_array.hpp, with the
// selectors applied by byte shuffle where the target has one (pshufb). A unit
// defines PTXV_BATCH_UNIT (its target's name: sse2, ssse3, avx2, avx512,
// avx512vbmi) and includes this once; it defines ptxv::simd::kernel_<unit>.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "batch.hpp"
#include "kernel_parts.hpp"
#include "ptxv_array.hpp"
#include "ptxv_tables.hpp"

#define PTXV_BATCH_CAT2(a, b) a##b
#define PTXV_BATCH_CAT(a, b) PTXV_BATCH_CAT2(a, b)

namespace ptxv::simd {
namespace PTXV_BATCH_UNIT {

using u32 = std::uint32_t;
namespace lib = ::ptxv::array::detail;

#if PTXV_ARRAY_VECTOR

// OneC: one c for all, cval, instead of c[i]. Warp: n is one warp, and the
// words whose bit in *active is clear keep d's (Compiled::warp, warps);
// every load of an index comes before its store, so d may be a, b or c.
template <unsigned Plan, Out O, Shuffle S, bool OneC, bool Warp>
PTXV_ARRAY_INLINE inline std::size_t run(const Params& p, const u32* a, const u32* b, const u32* c, u32 cval, u32* d,
                                         std::size_t n, const u32* active) noexcept {
    const lib::Keep keep = lib::keep_of(p.keep, p.wide_keep, p.count);
    const lib::V cv = lib::words(cval);
    const lib::Range range = {lib::words(p.clamp[0]), lib::words(p.clamp[1])};
    // Single-source selectors read each operand's lanes from a or from b
    // (shuffled, or in place with no shuffle).
    const u32* const src_a = S != Shuffle::two && p.a_from_b != 0 ? b : a;
    const u32* const src_b = S != Shuffle::two && p.b_from_a != 0 ? a : b;
#if PTXV_ARRAY_X86 && !PTXV_ARRAY_SSSE3
    // A funnel's other word (Y) and its counts.
    const u32* const other_a = src_a == a ? b : a;
    const u32* const other_b = src_b == a ? b : a;
    const lib::Count right_a = lib::funnel_count(p.funnel_right[0]), left_a = lib::funnel_count(32u - p.funnel_right[0]);
    const lib::Count right_b = lib::funnel_count(p.funnel_right[1]), left_b = lib::funnel_count(32u - p.funnel_right[1]);
#endif
#if PTXV_ARRAY_VBMI
    // Two sources, one vpermt2b per operand over the pair {b:a}: each
    // operand's control over a word's pair is in the first four bytes of [0]
    // and [2] (pair_controls_avx512vbmi).
    std::uint32_t pa = 0, pb = 0;
    __builtin_memcpy(&pa, p.shuffle[0], sizeof pa);
    __builtin_memcpy(&pb, p.shuffle[2], sizeof pb);
#elif PTXV_ARRAY_SSSE3
    const lib::V s0 = lib::repeat16(p.shuffle[0]), s1 = lib::repeat16(p.shuffle[1]);
    const lib::V s2 = lib::repeat16(p.shuffle[2]), s3 = lib::repeat16(p.shuffle[3]);
#endif
    // The results of the vector at word i.
    const auto result = [&](std::size_t i) PTXV_ARRAY_INLINE {
        lib::V A = lib::ld(src_a + i), B = lib::ld(src_b + i);
#if PTXV_ARRAY_VBMI
        // Lane j of an element's a is lane sel[j] of its pair {b:a} (R2).
        static_assert(S == Shuffle::two, "the VBMI unit has the two-source kernels only");
        const lib::V A0 = A;
        A = lib::permute_pair(A0, B, pa);
        B = lib::permute_pair(A0, B, pb);
#elif PTXV_ARRAY_SSSE3
        // Lane j of an element's a is lane sel[j] of its pair {b:a} (R2):
        // bytes of a and bytes of b, each shuffle zeroing the others.
        static_assert(S != Shuffle::funnel, "the units with byte shuffles use them");
        if constexpr (S == Shuffle::one) {
            A = lib::shuffle_bytes(A, s0);
            B = lib::shuffle_bytes(B, s2);
        } else if constexpr (S == Shuffle::two) {
            const lib::V A0 = A;
            A = lib::shuffle_bytes(A0, s0) | lib::shuffle_bytes(B, s1);
            B = lib::shuffle_bytes(A0, s2) | lib::shuffle_bytes(B, s3);
        }
#elif PTXV_ARRAY_X86
        // Lanes j of an operand are lanes j + k of its pair, wrapping (R2):
        // the pair {Y:X} shifted right by r.
        if constexpr (S == Shuffle::funnel) {
            A = lib::funnel(A, lib::ld(other_a + i), right_a, left_a);
            B = lib::funnel(B, lib::ld(other_b + i), right_b, left_b);
        }
#endif
        if constexpr (O == Out::store) {
            return lib::lanes<Plan>(A, B, range);
        } else {
            const lib::V C = OneC ? cv : lib::ld(c + i);
            if constexpr (O == Out::sum) return lib::sum<Plan>(A, B, C, keep);
            else return lib::merge(lib::lanes<Plan>(A, B, range), C, keep);
        }
    };
    if constexpr (Warp) {
        lib::warp_words(d, *active, result);
        return n;
    } else {
        std::size_t i = 0;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 2
#endif
        for (; i + lib::kWords <= n; i += lib::kWords) lib::st(d + i, result(i));
        return i;
    }
}

template <unsigned Plan, Out O, Shuffle S>
std::size_t kernel(const void* params, const u32* a, const u32* b, const u32* c, u32 cval, u32* d,
                   std::size_t n) noexcept {
    const Params& p = *static_cast<const Params*>(params);
    // A store never reads c, so one instantiation serves both.
    if constexpr (O == Out::store) return run<Plan, O, S, true, false>(p, a, b, c, cval, d, n, nullptr);
    else
        return c != nullptr ? run<Plan, O, S, false, false>(p, a, b, c, cval, d, n, nullptr)
                            : run<Plan, O, S, true, false>(p, a, b, c, cval, d, n, nullptr);
}

static_assert(kWarpSize == 32, "a warp is the 32 words of one active mask (warp_words)");

template <unsigned Plan, Out O, Shuffle S>
void warp_kernel(const void* params, const u32* a, const u32* b, const u32* c, u32 cval, u32* d,
                 const u32* active, std::size_t warps) noexcept {
    // A copy no store to d can alias, so the inlined setup of run() is done
    // once, not once a warp.
    const Params p = *static_cast<const Params*>(params);
    // One c for all is a warp's worth of it in a buffer: then every warp
    // kernel reads c from memory and has one instantiation, not two.
    alignas(64) u32 one_c[kWarpSize];
    if constexpr (O != Out::store)
        if (c == nullptr)
            for (u32& x : one_c) x = cval;
    for (std::size_t w = 0; w < warps; ++w) {
        const std::size_t at = w * kWarpSize;
        const u32* const cw = O == Out::store ? nullptr : c != nullptr ? c + at : one_c;
        run<Plan, O, S, O == Out::store, true>(p, a + at, b + at, cw, cval, d + at, kWarpSize, active + w);
    }
}

// Both entry points of one plan, output and shuffle. (A storing warp as the
// merging one with every lane kept measured 1.3-2x slower a warp step.)
struct Entry {
    Kernel run;
    WarpFn warp;
};
template <unsigned Plan, Out O, Shuffle S>
constexpr Entry entry() {
    return {&kernel<Plan, O, S>, &warp_kernel<Plan, O, S>};
}

// The kernels of plan I, by output and shuffle: null for an output the plan
// never has (a sum plan only sums) and for shuffles the target lacks.
template <int I>
constexpr std::array<Entry, kOuts * kShuffles> kernels_of() {
    constexpr unsigned plan = spec::kLanePlans[I];
    constexpr bool sums = lib::decode(plan).sum;
    constexpr bool shuffles = PTXV_ARRAY_SSSE3 != 0;
    // Without byte shuffles, the selectors that are funnel shifts.
    constexpr bool funnels = PTXV_ARRAY_X86 != 0 && !shuffles;
    std::array<Entry, kOuts * kShuffles> k{};
    if constexpr (PTXV_ARRAY_VBMI) {
        // Only the forms vpermt2b shortens: an operand from two words, one
        // instruction where pshufb takes three. The AVX-512 unit has the rest.
        if constexpr (sums) {
            k[2 * kShuffles + 2] = entry<plan, Out::sum, Shuffle::two>();
        } else {
            k[2] = entry<plan, Out::store, Shuffle::two>();
            k[kShuffles + 2] = entry<plan, Out::merge, Shuffle::two>();
        }
    } else if constexpr (sums) {
        k[2 * kShuffles + 0] = entry<plan, Out::sum, Shuffle::none>();
        if constexpr (shuffles) {
            k[2 * kShuffles + 1] = entry<plan, Out::sum, Shuffle::one>();
            k[2 * kShuffles + 2] = entry<plan, Out::sum, Shuffle::two>();
        } else if constexpr (funnels) {
            k[2 * kShuffles + 3] = entry<plan, Out::sum, Shuffle::funnel>();
        }
    } else {
        k[0] = entry<plan, Out::store, Shuffle::none>();
        k[kShuffles] = entry<plan, Out::merge, Shuffle::none>();
        if constexpr (shuffles) {
            k[1] = entry<plan, Out::store, Shuffle::one>();
            k[2] = entry<plan, Out::store, Shuffle::two>();
            k[kShuffles + 1] = entry<plan, Out::merge, Shuffle::one>();
            k[kShuffles + 2] = entry<plan, Out::merge, Shuffle::two>();
        } else if constexpr (funnels) {
            k[3] = entry<plan, Out::store, Shuffle::funnel>();
            k[kShuffles + 3] = entry<plan, Out::merge, Shuffle::funnel>();
        }
    }
    return k;
}

template <int... I>
constexpr std::array<std::array<Entry, kOuts * kShuffles>, sizeof...(I)> make_table(
    std::integer_sequence<int, I...>) {
    return {{kernels_of<I>()...}};
}

constexpr auto kTable = make_table(std::make_integer_sequence<int, spec::kLanePlanCount>{});

Kernel lookup(int plan, Out out, Shuffle shuffle, WarpFn& warp) {
    warp = nullptr;
    if (plan < 0 || plan >= spec::kLanePlanCount) return nullptr;
    const Entry& e = kTable[static_cast<std::size_t>(plan)][static_cast<std::size_t>(out) * kShuffles +
                                                           static_cast<std::size_t>(shuffle)];
    warp = e.warp;
    return e.run;
}

#if !PTXV_ARRAY_VBMI
// The scalar families' warp step merges the generated loop's results (the
// AVX-512 unit's also where the CPU has VBMI).
void warp_merge(const u32* r, u32* d, u32 active) noexcept {
    lib::warp_words(d, active, [r](std::size_t o) PTXV_ARRAY_INLINE { return lib::ld(r + o); });
}

// A short run's sources padded to a whole step (detail::PadWords) by the
// library's load_partial, whose whole-vector stores the step's loads are
// forwarded from: from narrower stores (a copy word by word, or memcpy's)
// they wait for those to retire, which measured 3.5 times the cost of the
// step itself (BM_batch_short).
void pad_words(u32* p, const u32* a, const u32* b, const u32* c, std::size_t n) noexcept {
    constexpr std::size_t k = detail::kPadWords;
    lib::load_partial<k>(p, a, n);
    lib::load_partial<k>(p + k, b, n);
    if (c != nullptr) lib::load_partial<k>(p + 2 * k, c, n);
}
#if PTXV_ARRAY_X86 && !PTXV_ARRAY_SSSE3
// One operand's lanes put in place by its moves (Selected), over n words, a
// whole number of vectors: r[i] is the or over the moves of
// (X[i] >> right << left) in the move's lanes.
void place(const LaneMoves& m, unsigned width, const u32* a, const u32* b, u32* r, std::size_t n) noexcept {
    lib::Count right[4], left[4];
    lib::V bits[4];
    const u32* from[4];
    for (unsigned j = 0; j < 4; ++j) {
        u32 mask = 0;
        for (unsigned i = 0; i < 4; ++i)
            if ((m.lanes[j] >> i & 1u) != 0) mask |= (width == 2 ? 0xffffu : 0xffu) << (8 * width * i);
        right[j] = lib::funnel_count(m.right[j]);
        left[j] = lib::funnel_count(m.left[j]);
        bits[j] = lib::words(mask);
        from[j] = m.from_b[j] != 0 ? b : a;
    }
    for (std::size_t i = 0; i < n; i += lib::kWords) {
        lib::V v{};
        for (unsigned j = 0; j < m.count; ++j)
            v |= lib::shift_words(lib::ld(from[j] + i), right[j], left[j]) & bits[j];
        lib::st(r + i, v);
    }
}
// A chunk of a and of b put in place at a time (two 1 KB buffers, in L1),
// then the plan's unshuffled kernel over them: d may be a or b, as every
// word of a chunk is read before any of its results is stored.
std::size_t selected(const void* params, const u32* a, const u32* b, const u32* c, u32 cval, u32* d,
                     std::size_t n) noexcept {
    const Selected& s = static_cast<const Params*>(params)->selected;
    constexpr std::size_t kChunk = 256;
    u32 ra[kChunk], rb[kChunk];
    std::size_t i = 0;
    while (n - i >= lib::kWords) {
        const std::size_t m = std::min(kChunk, (n - i) / lib::kWords * lib::kWords);
        place(s.a, s.width, a + i, b + i, ra, m);
        place(s.b, s.width, a + i, b + i, rb, m);
        i += s.inner(params, ra, rb, c != nullptr ? c + i : nullptr, cval, d + i, m);
    }
    return i;
}
constexpr UnitHelpers kHelpers = {&warp_merge, &pad_words, &selected};
#else
constexpr UnitHelpers kHelpers = {&warp_merge, &pad_words};
#endif
#endif

#else

Kernel lookup(int, Out, Shuffle, WarpFn& warp) {
    warp = nullptr;
    return nullptr;
}
constexpr UnitHelpers kHelpers = {};

#endif

}  // namespace PTXV_BATCH_UNIT

Kernel PTXV_BATCH_CAT(kernel_, PTXV_BATCH_UNIT)(int plan, Out out, Shuffle shuffle, WarpFn& warp) {
    return PTXV_BATCH_UNIT::lookup(plan, out, shuffle, warp);
}

#if PTXV_ARRAY_VBMI
void pair_controls_avx512vbmi(const Instr& in, Params& p) {
    const bool half = in.geometry == Geometry::half;
    const unsigned lanes = half ? 2 : 4;
    // The selector as the array forms take it, lane j's element of the pair
    // in bits 4j..4j+3, and its control.
    const auto control = [&](const std::array<std::uint8_t, 4>& sel) {
        unsigned v = 0;
        for (unsigned j = 0; j < lanes; ++j) v |= (sel[j] % (2 * lanes)) << (4 * j);
        return half ? PTXV_BATCH_UNIT::lib::pair_control<16>(v) : PTXV_BATCH_UNIT::lib::pair_control<8>(v);
    };
    const std::uint32_t ca = control(in.simd_asel), cb = control(in.simd_bsel);
    __builtin_memcpy(p.shuffle[0], &ca, sizeof ca);
    __builtin_memcpy(p.shuffle[2], &cb, sizeof cb);
}
#else
UnitHelpers PTXV_BATCH_CAT(helpers_, PTXV_BATCH_UNIT)() { return PTXV_BATCH_UNIT::kHelpers; }
#endif

}  // namespace ptxv::simd
