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

// Under the sanitizers the core forms only (array_proof.hpp says why).
PTXV_ARRAY_PROOF_TABLE(ALL, CORE)

}  // namespace

PTXV_ARRAY_PROOF_CASES("array forms", 0x617272617900)
