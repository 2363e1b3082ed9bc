// The array forms of CUDA's intrinsics built for AVX2 (the build adds -mavx2
// to this file): the kernel library's 32-byte target.
#include "../generated/cuda_array_proof.hpp"

static_assert(PTXV_ARRAY_BYTES == 32, "this file is built for AVX2");

TEST_CASE("AVX2 array forms of CUDA's intrinsics equal their per-word functions", "[cuda][array]") {
    cuda_array_proof::check_all(0xc0da0a78u);
}
