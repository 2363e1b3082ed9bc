// ptxv: the packed batch kernels built for SSE2, the x86-64 baseline: the
// default selectors, which need no byte shuffle.
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "batch4.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>

namespace ptxv::batch4 {
namespace sse2 {
#define PTXV_B4_SSSE3 0
#include "batch4_v128.inc"
#include "batch4_kernels.inc"
#undef X
#undef PTXV_B4_SSSE3
}  // namespace sse2

detail::BatchKernel kernel_sse2(Plan plan) { return sse2::lookup(plan); }

}  // namespace ptxv::batch4

#else

namespace ptxv::batch4 {
detail::BatchKernel kernel_sse2(Plan) { return nullptr; }
}  // namespace ptxv::batch4

#endif
