// ptxv: the scalar families' loops (vadd ... vmax, vshl, vshr, vmad, vset):
// per variant, one loop per body of ptxv_batch.hpp (the defaults' pre_d, the
// general pre, the parts' pre_p), each reading its parameters as the words
// compile() decoded. Compiled::run calls them (one c for all elements as a
// per-thread array of it, compile.cpp); a warp step is a fused warp form in
// the wider units (below), else the loop into a buffer and the merge under
// the active mask (Compiled::step_unbound). scalar_baseline.cpp builds them as
// the library is built; scalar_avx2.cpp and scalar_avx512.cpp once more for a
// wider x86 target, where the compiler vectorizes them 8 or 16 elements wide,
// with the variable shifts and (AVX-512) the 64-bit min, max and arithmetic
// shifts that the exact bodies use and SSE2 lacks. The loops have internal
// linkage, so no wider copy can stand in for a baseline symbol.
//
// The unit defines PTXV_SCALAR_UNIT (its target's name) and PTXV_SCALAR_WARP
// (1 for the wider units: warp forms of their own) and includes this file
// once.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "batch.hpp"
#if PTXV_SCALAR_WARP
#include "kernel_parts.hpp"
#include "ptxv_array.hpp"
#endif
#include "ptxv_batch.hpp"
#include "ptxv_tables.hpp"

namespace {

using u32 = std::uint32_t;

// d[i] = F(a[i], b[i], c[i], w) for i < n; d may not overlap a, b or c. The
// words are copied to locals first, so the loop body is the body alone and
// open to the vectorizer.
template <ptxv::PreFn F>
void loop(const u32* PTXV_RESTRICT a, const u32* PTXV_RESTRICT b, const u32* PTXV_RESTRICT c,
          u32* PTXV_RESTRICT d, std::size_t n, const u32* w) noexcept {
    u32 q[ptxv::kDecodedWords];
    for (std::size_t j = 0; j < ptxv::kDecodedWords; ++j) q[j] = w[j];
    for (std::size_t i = 0; i < n; ++i) d[i] = F(a[i], b[i], c[i], q);
}

// Compiled::warp, warps, in the units built for a wider target: each warp's
// 32 lanes computed with body F into a buffer (every load before any store,
// since d may be a, b or c), then blended into d under its active mask by the
// kernel library's warp_words, as the packed kernels do; one c for all is a
// warp's worth of it in a buffer, so one loop serves both. A fixed 32 lanes
// and the merge in the same function: a step through loop() and a merge of
// its own costs about twice as much (Compiled::step_unbound, which the
// baseline unit's variants use). params holds the decoded words.
#if PTXV_SCALAR_WARP
namespace lib = ::ptxv::array::detail;
static_assert(ptxv::kWarpSize == 32, "a warp is the 32 words of one active mask (warp_words)");
template <ptxv::PreFn F>
void warp(const void* params, const u32* a, const u32* b, const u32* c, u32 cval, u32* d, const u32* active,
          std::size_t warps) noexcept {
    constexpr std::size_t n = ptxv::kWarpSize;
    u32 q[ptxv::kDecodedWords];
    std::memcpy(q, params, sizeof q);
    alignas(64) u32 one_c[n];
    if (c == nullptr)
        for (u32& x : one_c) x = cval;
    for (std::size_t w = 0; w < warps; ++w, a += n, b += n, d += n) {
        const u32* const cw = c != nullptr ? c + w * n : one_c;
        alignas(64) u32 r[n];
        for (std::size_t i = 0; i < n; ++i) r[i] = F(a[i], b[i], cw[i], q);
        lib::warp_words(d, active[w], [&r](std::size_t o) PTXV_ARRAY_INLINE { return lib::ld(r + o); });
    }
}
#define PTXV_SCALAR_WARPS(f) {&warp<&ptxv::detail::pre_d::f>, &warp<&ptxv::detail::pre::f>, &warp<&ptxv::detail::pre_p::f>}
#else
#define PTXV_SCALAR_WARPS(f) {nullptr, nullptr, nullptr}
#endif

struct Entry {
    int variant;
    ptxv::simd::ScalarLoops loops;
};
// A variant without a part body has pre_p::f = pre::f, so the two loops are
// one instantiation.
#define PTXV_SCALAR_ENTRY(i, f)                                                   \
    Entry{i,                                                                      \
          {{&loop<&ptxv::detail::pre_d::f>, &loop<&ptxv::detail::pre::f>,         \
            &loop<&ptxv::detail::pre_p::f>},                                      \
           PTXV_SCALAR_WARPS(f)}},
constexpr Entry kEntries[] = {PTXV_BATCH_SCALAR_VARIANTS(PTXV_SCALAR_ENTRY)};
#undef PTXV_SCALAR_ENTRY
#undef PTXV_SCALAR_WARPS

// By variant index; nulls for the SIMD variants.
constexpr std::array<ptxv::simd::ScalarLoops, ptxv::spec::kVariantCount> by_variant() {
    std::array<ptxv::simd::ScalarLoops, ptxv::spec::kVariantCount> t{};
    for (const Entry& e : kEntries) t[static_cast<std::size_t>(e.variant)] = e.loops;
    return t;
}
constexpr std::array<ptxv::simd::ScalarLoops, ptxv::spec::kVariantCount> kLoops = by_variant();

}  // namespace

#define PTXV_SCALAR_CAT2(a, b) a##b
#define PTXV_SCALAR_CAT(a, b) PTXV_SCALAR_CAT2(a, b)

ptxv::simd::ScalarLoops ptxv::simd::PTXV_SCALAR_CAT(scalar_, PTXV_SCALAR_UNIT)(int variant) {
    if (variant < 0 || static_cast<std::size_t>(variant) >= kLoops.size()) return {};
    return kLoops[static_cast<std::size_t>(variant)];
}
