// ptxv: the scalar families' loops (vadd ... vmax, vshl, vshr, vmad, vset) of
// generated/ptxv_batch.hpp, built once more in a unit compiled for a wider
// x86 target (scalar_avx2.cpp, scalar_avx512.cpp), where the compiler
// vectorizes them 8 or 16 elements wide: AVX2 and AVX-512 have the variable
// shifts and, on AVX-512, the 64-bit min, max and arithmetic shifts that the
// exact bodies use and SSE2 lacks. The loops are the generated ones
// (detail::scalar_many, always inlined into the functions here), so this copy
// computes what the baseline one does; the functions have internal linkage,
// so none can stand in for a baseline symbol of the same name.
//
// The unit defines PTXV_SCALAR_UNIT (its target's name) and includes this
// file once.
#include <array>
#include <cstring>

#include "batch.hpp"
#include "ptxv_array.hpp"
#include "ptxv_batch.hpp"
#include "ptxv_tables.hpp"

namespace {

template <ptxv::PreFn D, ptxv::PreFn P, ptxv::PreFn Pp>
void many(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d, std::size_t n,
          unsigned asel, unsigned bsel, unsigned x) noexcept {
    ptxv::detail::scalar_many<D, P, Pp>(a, b, c, d, n, asel, bsel, x);
}
template <ptxv::PreFn D, ptxv::PreFn P, ptxv::PreFn Pp>
void many_c(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t c, std::uint32_t* d, std::size_t n,
            unsigned asel, unsigned bsel, unsigned x) noexcept {
    ptxv::detail::scalar_one<D, P, Pp>(a, b, c, d, n, asel, bsel, x);
}

namespace lib = ::ptxv::array::detail;
static_assert(ptxv::kWarpSize == 32, "a warp is the 32 words of one active mask (warp_words)");

// Compiled::warp, warps: each warp's 32 lanes computed with body F into a
// buffer (every load before any store, since d may be a, b or c), then
// blended into d under its active mask by the kernel library's warp_words,
// as the packed kernels do. params holds the decoded words (Compiled's w).
template <ptxv::PreFn F>
void warp(const void* params, const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
          std::uint32_t cval, std::uint32_t* d, const std::uint32_t* active, std::size_t warps) noexcept {
    constexpr std::size_t n = ptxv::kWarpSize;
    std::uint32_t q[ptxv::detail::kWords];
    std::memcpy(q, params, sizeof q);
    for (std::size_t w = 0; w < warps; ++w, a += n, b += n, d += n) {
        alignas(64) std::uint32_t r[n];
        if (c != nullptr) {
            for (std::size_t i = 0; i < n; ++i) r[i] = F(a[i], b[i], c[i], q);
            c += n;
        } else {
            for (std::size_t i = 0; i < n; ++i) r[i] = F(a[i], b[i], cval, q);
        }
        lib::warp_words(d, active[w], [&r](std::size_t o) PTXV_ARRAY_INLINE { return lib::ld(r + o); });
    }
}

struct Entry {
    int variant;
    ptxv::simd::ScalarLoops loops;
};
#define PTXV_SCALAR_ENTRY(i, f)                                                                     \
    Entry{i,                                                                                        \
          {&many<&ptxv::detail::pre_d::f, &ptxv::detail::pre::f, &ptxv::detail::pre_p::f>,          \
           &many_c<&ptxv::detail::pre_d::f, &ptxv::detail::pre::f, &ptxv::detail::pre_p::f>,        \
           {&warp<&ptxv::detail::pre_d::f>, &warp<&ptxv::detail::pre::f>, &warp<&ptxv::detail::pre_p::f>}}},
constexpr Entry kEntries[] = {PTXV_BATCH_SCALAR_VARIANTS(PTXV_SCALAR_ENTRY)};
#undef PTXV_SCALAR_ENTRY

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
