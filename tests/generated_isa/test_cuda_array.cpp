// The array forms of CUDA's intrinsics built for one x86 target of the kernel
// library (isa.hpp; the build adds the target's flags to this file).
#include "../generated/cuda_array_proof.hpp"
#include "isa.hpp"

static_assert(PTXV_ARRAY_BYTES == generated_isa::kBytes, "this file is built for the target isa.hpp names");

TEST_CASE("Array forms of CUDA's intrinsics on this x86 target equal their per-word functions", "[cuda][array]") {
    INFO("target: " << generated_isa::kName);
    cuda_array_proof::check_all(PTXV_TEST_ISA == 512 ? 0xc0da0a5120u : PTXV_TEST_ISA == 3 ? 0xc0da0a33u : 0xc0da0a78u);
}
