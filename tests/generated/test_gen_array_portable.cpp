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

using array_proof::Form;

// Under the sanitizers the default form only, as test_gen_array.cpp explains.
#if PTXV_TEST_SANITIZED
#define PTXV_ENTRY4(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORM4_DEFAULT(f)}},
#define PTXV_ENTRY2(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORM2_DEFAULT(f)}},
#else
#define PTXV_ENTRY4(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORMS4_CORE(f)}},
#define PTXV_ENTRY2(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORMS2_CORE(f)}},
#endif
PTXV_ARRAY_PROOF_TABLE(PTXV_ENTRY4, PTXV_ENTRY2)

}  // namespace

PTXV_ARRAY_PROOF_CASES("portable array forms", 0x706f727400)
