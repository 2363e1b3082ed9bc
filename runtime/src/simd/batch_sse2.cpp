// ptxv: the packed kernels of Compiled::run built for SSE2: the x86-64 baseline: the default
// selectors only, which need no byte shuffle.
#include "batch.hpp"

#if defined(__SSE2__)
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "ptxv_array.hpp"
#include "ptxv_tables.hpp"

namespace ptxv::simd {
namespace sse2 {
#include "batch_kernels.hpp"
}  // namespace sse2

Kernel kernel_sse2(int plan, Out out, Shuffle shuffle) { return sse2::lookup(plan, out, shuffle); }

}  // namespace ptxv::simd

#else

namespace ptxv::simd {
Kernel kernel_sse2(int, Out, Shuffle) { return nullptr; }
}  // namespace ptxv::simd

#endif
