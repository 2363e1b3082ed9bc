// The drop-in headers alone, evaluated at compile time and called under
// CUDA's own spellings.
#include <cstdio>

#include "ptxv.hpp"
#include "ptxv_cuda_compat.hpp"

// lane-wise unsigned saturating add: 0xff + 0x01 clamps to 0xff, 0x10 + 0x20 = 0x30
static_assert(ptxv::vadd4_u32_u32_u32_sat(0xff10ff10u, 0x01200120u, 0u) == 0xff30ff30u, "vadd4.sat");
// CUDA's __vsadu4: |1-4| + |2-3| + |3-2| + |4-1| = 8
static_assert(ptxv::cuda::vsadu4(0x01020304u, 0x04030201u) == 8u, "vsadu4");

int main() {
    if (__vsadu4(0x01020304u, 0x04030201u) != 8u) return 1;
    std::puts("consumer_header: ok");
    return 0;
}
