// The array forms of every SIMD variant built for one x86 target of the
// kernel library (isa.hpp; the build adds the target's flags to this file).
// The same sweeps as tests/generated/test_gen_array.cpp, on the core forms of
// every variant.
#include <catch2/catch.hpp>

#include <vector>

#include "../generated/array_proof.hpp"
#include "isa.hpp"
#include "ptxv_array.hpp"

static_assert(PTXV_ARRAY_BYTES == array_isa::kBytes, "this file is built for the target isa.hpp names");

namespace {

using array_proof::Form;

#if PTXV_TEST_SANITIZED
#define PTXV_ENTRY4(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORM4_DEFAULT(f)}},
#define PTXV_ENTRY2(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORM2_DEFAULT(f)}},
#else
#define PTXV_ENTRY4(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORMS4_CORE(f), PTXV_ARRAY_FORMS4_PERMUTED(f)}},
#define PTXV_ENTRY2(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORMS2_CORE(f), PTXV_ARRAY_FORMS2_PERMUTED(f)}},
#endif
PTXV_ARRAY_PROOF_TABLE(PTXV_ENTRY4, PTXV_ENTRY2)

}  // namespace

#if PTXV_TEST_ISA == 512
PTXV_ARRAY_PROOF_CASES("AVX-512 array forms", 0x6176783531320)
#else
PTXV_ARRAY_PROOF_CASES("AVX2 array forms", 0x6176783200)
#endif
