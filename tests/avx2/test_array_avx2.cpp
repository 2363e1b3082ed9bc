// The array forms of every SIMD variant built for AVX2 (the build adds -mavx2
// to this file): the kernel library's 32-byte target, where a translation
// unit built for AVX2 gets it. The same sweeps as
// tests/generated/test_gen_array.cpp, on the core forms of every variant.
#include <catch2/catch.hpp>

#include <vector>

#include "../generated/array_proof.hpp"
#include "ptxv_array.hpp"

static_assert(PTXV_ARRAY_BYTES == 32, "this file is built for AVX2");

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

PTXV_ARRAY_PROOF_CASES("AVX2 array forms", 0x6176783200)
