// ptxv's device library: every variant and every CUDA SIMD intrinsic as a C
// function, built as LLVM bitcode (CMake target ptxv_device) for translators
// that lower a decoded PTX instruction to a call: for AMD GPUs, NVIDIA GPUs
// and the host. ptxv/ptxv_device.h declares the functions; the C API's
// ptxv_device_symbol and ptxv_device_args name the call for an instruction.
//
// Each function is the generated rt:: form, whose selectors, d selector,
// negations or mask are run-time arguments and select without a branch. The
// functions are always inlined where they are linked in, so a call whose
// trailing arguments are constants folds to the specialized body.
#include <cstdint>

#include "ptxv.hpp"
#include "ptxv_cuda.hpp"

// In HIP's and CUDA's device passes, a device function (clang's own
// spelling, so that no GPU headers are needed).
#if defined(__HIP__) || defined(__CUDA__)
#define PTXV_DEVICE_FN extern "C" __attribute__((device, always_inline))
#else
#define PTXV_DEVICE_FN extern "C" __attribute__((always_inline))
#endif

using std::int32_t;
using std::uint32_t;

#define PTXV_DEVICE_VARIANT(F)                                                                               \
    PTXV_DEVICE_FN uint32_t ptxv_##F(uint32_t a, uint32_t b, uint32_t c, uint32_t asel, uint32_t bsel,        \
                                     uint32_t x) {                                                           \
        return ptxv::rt::F(a, b, c, asel, bsel, x);                                                          \
    }
#define PTXV_DEVICE_INTRINSIC(F, PARAMS, ARGS) \
    PTXV_DEVICE_FN uint32_t ptxv_cuda_##F PARAMS { return ptxv::cuda::F ARGS; }
#include "ptxv_device.inc"
