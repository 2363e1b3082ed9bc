// The array and dispatch headers are for the host: a HIP file may include them
// beside its kernels, but a kernel that calls one of their functions does not
// compile (clang: "reference to" or "call to __host__ function"). check_hip.sh
// builds this file once without a call and once with each.
#include <hip/hip_runtime.h>

#include "ptxv_array.hpp"
#include "ptxv_cuda_array.hpp"
#include "ptxv_cuda_dispatch.hpp"

extern "C" __global__ void ptxv_host_only(const unsigned* a, const unsigned* b, unsigned* d) {
#if defined(PTXV_CALL_ARRAY)
    ptxv::array::vadd4_u32_u32_u32_sat(a, b, a, d, 64);
#elif defined(PTXV_CALL_CUDA_ARRAY)
    ptxv::cuda::array::vadd4(a, b, d, 64);
#elif defined(PTXV_CALL_DISPATCH)
    ptxv::cuda::dispatch::vadd4(a, b, d, 64);
#endif
    d[threadIdx.x] = a[threadIdx.x] ^ b[threadIdx.x];
}
