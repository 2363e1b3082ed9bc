// ptxv: the packed batch kernels built for AVX2 (this unit only; the build
// adds -mavx2 on x86): eight elements per step, any selectors. bind() uses
// them only after checking that the CPU has AVX2.
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "batch4.hpp"

#if defined(__AVX2__)
#include <immintrin.h>

namespace ptxv::batch4 {
namespace avx2 {

using V = __m256i;
inline constexpr std::size_t kStep = 8;
#define X(op) _mm256_##op
inline V vand(V a, V b) { return _mm256_and_si256(a, b); }
inline V vor(V a, V b) { return _mm256_or_si256(a, b); }
inline V vxor(V a, V b) { return _mm256_xor_si256(a, b); }
inline V vandnot(V a, V b) { return _mm256_andnot_si256(a, b); }
// Bytes of y where m is 0xff, else of x.
inline V vmerge(V x, V y, V m) { return _mm256_blendv_epi8(x, y, m); }
inline V vzero() { return _mm256_setzero_si256(); }
inline V vloadu(const std::uint32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const V*>(p)); }
inline void vstoreu(std::uint32_t* p, V x) { _mm256_storeu_si256(reinterpret_cast<V*>(p), x); }
inline V vparam(const void* p) { return _mm256_broadcastsi128_si256(_mm_load_si128(static_cast<const __m128i*>(p))); }
// In each 128-bit lane: dwords 0 and 2 of x, then of y; and dwords 1 and 3.
inline V even32(V x, V y) {
    return _mm256_castps_si256(
        _mm256_shuffle_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y), _MM_SHUFFLE(2, 0, 2, 0)));
}
inline V odd32(V x, V y) {
    return _mm256_castps_si256(
        _mm256_shuffle_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y), _MM_SHUFFLE(3, 1, 3, 1)));
}

#define PTXV_B4_SSSE3 1
#include "batch4_kernels.inc"
#undef PTXV_B4_SSSE3
#undef X
}  // namespace avx2

detail::BatchKernel kernel_avx2(Plan plan) { return avx2::lookup(plan); }

}  // namespace ptxv::batch4

#else

namespace ptxv::batch4 {
detail::BatchKernel kernel_avx2(Plan) { return nullptr; }
}  // namespace ptxv::batch4

#endif
