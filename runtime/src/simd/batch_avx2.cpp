// ptxv: the packed kernels of Compiled::run built for AVX2: any selectors,
// on 32-byte vectors. The build adds -mavx2 to this unit on x86; bind() uses
// it only after checking the CPU.
#include "batch.hpp"

#if defined(__AVX2__)
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "ptxv_array.hpp"
#include "ptxv_tables.hpp"

namespace ptxv::simd {
namespace avx2 {
#include "batch_kernels.hpp"
}  // namespace avx2

Kernel kernel_avx2(int plan, Out out, Shuffle shuffle) { return avx2::lookup(plan, out, shuffle); }

}  // namespace ptxv::simd

#else

namespace ptxv::simd {
Kernel kernel_avx2(int, Out, Shuffle) { return nullptr; }
}  // namespace ptxv::simd

#endif
