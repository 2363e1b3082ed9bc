// A CUDA translation unit that includes ptxv_cuda_compat.hpp and calls CUDA's
// intrinsics in a kernel (device pass: CUDA's own) and in host code (host
// pass: ptxv's), plus ptxv::cuda in both. It must build with nvcc.
#include "ptxv_cuda_compat.hpp"

__global__ void sample_kernel(unsigned int* d, const unsigned int* a, const unsigned int* b) {
    const unsigned int i = threadIdx.x;
    d[i] = __vsadu4(a[i], b[i]) + __vcmpgtu2(a[i], b[i]) + __vhaddu4(a[i], b[i]) + __sad(static_cast<int>(a[i]), 3, 1u) +
           ptxv::cuda::vabsss2(a[i]);
}

unsigned int sample_host(unsigned int a, unsigned int b) {
    return __vsadu4(a, b) + __usad(a, b, 2u) + __vnegss4(a) + ptxv::cuda::vavgs2(a, b);
}
