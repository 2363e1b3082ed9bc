// ptxv: the packed batch kernels built for SSSE3 (this unit only; the build
// adds -mssse3 on x86): any selectors, applied with pshufb. bind() uses them
// only after checking that the CPU has SSSE3.
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "batch4.hpp"

#if defined(__SSSE3__)
#include <tmmintrin.h>

namespace ptxv::batch4 {
namespace ssse3 {
#define PTXV_B4_SSSE3 1
#include "batch4_v128.inc"
#include "batch4_kernels.inc"
#undef X
#undef PTXV_B4_SSSE3
}  // namespace ssse3

detail::BatchKernel kernel_ssse3(Plan plan) { return ssse3::lookup(plan); }

}  // namespace ptxv::batch4

#else

namespace ptxv::batch4 {
detail::BatchKernel kernel_ssse3(Plan) { return nullptr; }
}  // namespace ptxv::batch4

#endif
