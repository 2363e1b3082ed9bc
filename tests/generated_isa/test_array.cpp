// The array forms of every lane plan of the SIMD variants built for one x86 target of the
// kernel library (isa.hpp; the build adds the target's flags to this file).
// The same sweeps as tests/generated/test_gen_array.cpp, on the core and
// permuted forms of one variant of each lane plan (the default form under
// the sanitizers).
#include <catch2/catch.hpp>

#include <vector>

#include "../generated/array_proof.hpp"
#include "isa.hpp"
#include "ptxv_array.hpp"

static_assert(PTXV_ARRAY_BYTES == generated_isa::kBytes, "this file is built for the target isa.hpp names");
static_assert(PTXV_ARRAY_VBMI == (PTXV_TEST_ISA == 513), "vpermt2b selectors exactly in the VBMI build");

namespace {

// One variant of each lane plan: the vector code built for this target is
// the plan's, the partial vector of a run's last words included (the shape
// sweep's sizes). test_gen_array.cpp proves every variant's form as the
// library is built.
PTXV_ARRAY_PROOF_PLAN_TABLE(ALL, DEFAULT)

}  // namespace

#if PTXV_TEST_ISA == 513
PTXV_ARRAY_PROOF_CASES("AVX-512 VBMI array forms", 0x6176783531330)
#elif PTXV_TEST_ISA == 512
PTXV_ARRAY_PROOF_CASES("AVX-512 array forms", 0x6176783531320)
#else
PTXV_ARRAY_PROOF_CASES("AVX2 array forms", 0x6176783200)
#endif
