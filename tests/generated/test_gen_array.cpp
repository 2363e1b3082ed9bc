// The array forms (generated/ptxv_array.hpp) of every SIMD variant against the
// reference interpreter, element by element.
//
// The array forms have their own arithmetic (the SIMD kernel library: lanes
// in their own width or widened, by each variant's lane plan), so every
// variant gets every pair of lane values in every lane (byte geometry: all
// 65536 pairs; half-word: 160 edge and random values, crossed), under the
// selector and mask forms the vector path treats apart: the default form,
// paired selectors (the lane operation on the words as loaded, then its
// results moved, or the sums over the lanes read), with and without a
// position read twice, selectors that mix both words, and operands taken
// from the other word. Then random arrays with edge-heavy lanes at sizes
// around the four-word step and at unaligned offsets, with guard words
// around d, and d equal to a (in place).
#include <catch2/catch.hpp>

#include <vector>

#include "array_proof.hpp"
#include "ptxv_array.hpp"

namespace {

using array_proof::Form;

// Under the sanitizers (tools/sanitize.sh) the core forms only: what ASan and
// UBSan add here, the bounds of the loads and stores and the checks of the
// per-word leftovers, does not depend on the selectors, and the permuted
// forms would double the time this file takes to build with instrumentation.
#if PTXV_TEST_SANITIZED
#define PTXV_ENTRY4(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORMS4_CORE(f)}},
#define PTXV_ENTRY2(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORMS2_CORE(f)}},
#else
#define PTXV_ENTRY4(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORMS4_CORE(f), PTXV_ARRAY_FORMS4_PERMUTED(f)}},
#define PTXV_ENTRY2(f, ptx) {#f, std::vector<Form>{PTXV_ARRAY_FORMS2_CORE(f), PTXV_ARRAY_FORMS2_PERMUTED(f)}},
#endif
PTXV_ARRAY_PROOF_TABLE(PTXV_ENTRY4, PTXV_ENTRY2)

}  // namespace

PTXV_ARRAY_PROOF_CASES("array forms", 0x617272617900)
