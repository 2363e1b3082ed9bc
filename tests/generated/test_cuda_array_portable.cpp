// The array forms of CUDA's intrinsics in the kernel library's portable
// formulation (PTXV_ARRAY_X86 = 0: vector extensions only, what non-x86
// targets compile), where the x86 build uses SSE2 instructions for the
// saturating adds, the averages, the absolute differences and the sums.
#define PTXV_ARRAY_X86 0

#include "cuda_array_proof.hpp"

static_assert(PTXV_ARRAY_X86 == 0, "this file tests the portable formulation");

TEST_CASE("portable array forms of CUDA's intrinsics equal their per-word functions", "[cuda][array]") {
    cuda_array_proof::check_all(0xc0da0a79u);
}
