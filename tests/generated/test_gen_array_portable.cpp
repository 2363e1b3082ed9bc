// The portable formulation of the array forms (PTXV_ARRAY_X86 = 0: vector
// extensions only, what non-x86 targets compile), where the x86 build would
// use SSE2 instructions for the saturating adds, the average, the lane sums
// and the unsigned byte compares. The same sweeps as test_gen_array.cpp, on
// the three core forms of every variant (array_proof.hpp), two of them
// under a partial mask, which the lane sums read.
#define PTXV_ARRAY_X86 0

#include <catch2/catch.hpp>

#include <vector>

#include "array_proof.hpp"
#include "ptxv_array.hpp"

namespace {

// Under the sanitizers the default form only (array_proof.hpp says why).
PTXV_ARRAY_PROOF_TABLE(CORE, DEFAULT)

}  // namespace

PTXV_ARRAY_PROOF_CASES("portable array forms", 0x706f727400)
