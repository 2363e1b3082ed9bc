// ptxv: the packed kernels of Compiled::run built for SSSE3: any selectors, through pshufb.
// The build adds -mssse3 to this unit on x86; bind() uses it only after
// checking the CPU.
#include "batch.hpp"

#if defined(__SSSE3__)
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "ptxv_array.hpp"
#include "ptxv_tables.hpp"

namespace ptxv::simd {
namespace ssse3 {
#include "batch_kernels.hpp"
}  // namespace ssse3

Kernel kernel_ssse3(int plan, Out out, Shuffle shuffle) { return ssse3::lookup(plan, out, shuffle); }

}  // namespace ptxv::simd

#else

namespace ptxv::simd {
Kernel kernel_ssse3(int, Out, Shuffle) { return nullptr; }
}  // namespace ptxv::simd

#endif
