// The array forms (generated/ptxv_array.hpp) of every SIMD variant against the
// reference interpreter, element by element.
//
// The array forms have their own arithmetic (128-bit vectors, lanes in their
// own width or widened), chosen per variant by the generator, so every
// variant gets every pair of lane values in every lane (byte geometry: all
// 65536 pairs; half-word: 160 edge and random values, crossed), under the
// selector and mask forms the vector path treats apart: default selectors
// with the full and a partial mask, selectors that permute one source word
// per operand, and selectors that mix both words. Then random arrays with
// edge-heavy lanes at sizes around the four-word step and at unaligned
// offsets, with guard words around d, and d equal to a (in place).
#include <catch2/catch.hpp>

#include <vector>

#include "array_proof.hpp"
#include "ptxv_array.hpp"

namespace {

using array_proof::Entry;
using array_proof::Form;
using proof::u32;

// Byte lanes: Va from a's lanes permuted, Vb from b's reversed; then a and b
// swapped; then both words in both operands (upper lanes from the other word).
#define PTXV_FORMS4(f)                                                                                \
    {&ptxv::array::f<>, 0x3210u, 0x7654u, 0xfu, false, "default"},                                   \
        {&ptxv::array::f<0x3210u, 0x7654u, ptxv::mask::b320>, 0x3210u, 0x7654u, 0xdu, false, "mask"}, \
        {&ptxv::array::f<0x1032u, 0x4567u, ptxv::mask::b3210>, 0x1032u, 0x4567u, 0xfu, false, "one source"},     \
        {&ptxv::array::f<0x6547u, 0x0213u, ptxv::mask::b3210>, 0x6547u, 0x0213u, 0xfu, true, "swapped"},        \
        {&ptxv::array::f<0x6501u, 0x2374u, ptxv::mask::b31>, 0x6501u, 0x2374u, 0xau, false, "mixed"}
#define PTXV_FORMS2(f)                                                                           \
    {&ptxv::array::f<>, 0x10u, 0x32u, 0x3u, false, "default"},                                  \
        {&ptxv::array::f<0x10u, 0x32u, ptxv::mask::h1>, 0x10u, 0x32u, 0x2u, false, "mask"},     \
        {&ptxv::array::f<0x00u, 0x23u, ptxv::mask::h10>, 0x00u, 0x23u, 0x3u, false, "one source"}, \
        {&ptxv::array::f<0x23u, 0x01u, ptxv::mask::h10>, 0x23u, 0x01u, 0x3u, true, "swapped"},  \
        {&ptxv::array::f<0x21u, 0x03u, ptxv::mask::h0>, 0x21u, 0x03u, 0x1u, false, "mixed"}

#define PTXV_ENTRY4(f, ptx) {#f, std::vector<Form>{PTXV_FORMS4(f)}},
#define PTXV_ENTRY2(f, ptx) {#f, std::vector<Form>{PTXV_FORMS2(f)}},

// Every SIMD variant of a geometry, from the generated lists.
const std::vector<Entry>& table(unsigned lanes) {
    static const std::vector<Entry> byte = {PTXV_ARRAY_BYTE_VARIANTS(PTXV_ENTRY4)};
    static const std::vector<Entry> half = {PTXV_ARRAY_HALF_VARIANTS(PTXV_ENTRY2)};
    return lanes == 4 ? byte : half;
}

}  // namespace

TEST_CASE("array forms = interp: every byte pair in every lane, byte SIMD", "[array][generated]") {
    array_proof::byte_pairs(table(4), 0x6172726179340a);
}

TEST_CASE("array forms = interp: edge half-word pairs in every lane, half-word SIMD", "[array][generated]") {
    array_proof::half_pairs(table(2), 0x6172726179320a);
}

TEST_CASE("array forms = interp: sizes, offsets, guards and in place, both geometries", "[array][generated]") {
    array_proof::shape_sweep(table(4), 4, 0x7368617065340a);
    array_proof::shape_sweep(table(2), 2, 0x7368617065320a);
}
