// generated/ptxv_cuda.hpp, or with PTXV_TEST_COMPAT generated/ptxv_cuda_compat.hpp,
// as the only include of a translation unit built with every warning as an error.
#if defined(PTXV_TEST_COMPAT)
#include "ptxv_cuda_compat.hpp"
unsigned int ptxv_test_compat(unsigned int a, unsigned int b) { return __vsadu4(a, b) + __vcmpgtu2(a, b) + __sad(-1, 1, a); }
#else
#include "ptxv_cuda.hpp"
static_assert(ptxv::cuda::vsadu4(0x01020304u, 0x04030201u) == 8u, "constexpr");
std::uint32_t ptxv_test_cuda(std::uint32_t a, std::uint32_t b) { return ptxv::cuda::vhaddu2(a, b) ^ ptxv::cuda::sad(-1, 1, a); }
#endif
