// The array forms of CUDA's intrinsics, built like the rest of the tests (the
// kernel library's SSE2 target on x86, vector extensions elsewhere).
#include "cuda_array_proof.hpp"

TEST_CASE("array forms of CUDA's intrinsics equal their per-word functions", "[cuda][array]") {
    cuda_array_proof::check_all(0xc0da0a77u);
}
