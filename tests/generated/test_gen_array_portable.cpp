// The portable formulation of the array forms (PTXV_ARRAY_X86 = 0: vector
// extensions only, what non-x86 targets compile), where the x86 build would
// use SSE2 instructions for the saturating adds, the average, the lane sums
// and the unsigned byte compares. The same sweeps as test_gen_array.cpp, on
// the default form and the two masked forms of every variant (the lane sums
// read the mask).
#define PTXV_ARRAY_X86 0

#include <catch2/catch.hpp>

#include <vector>

#include "array_proof.hpp"
#include "ptxv_array.hpp"

namespace {

using array_proof::Entry;
using array_proof::Form;

#define PTXV_FORMS4(f)                                                                                \
    {&ptxv::array::f<>, 0x3210u, 0x7654u, 0xfu, false, "default"},                                   \
        {&ptxv::array::f<0x3210u, 0x7654u, ptxv::mask::b320>, 0x3210u, 0x7654u, 0xdu, false, "mask"}, \
        {&ptxv::array::f<0x6501u, 0x2374u, ptxv::mask::b31>, 0x6501u, 0x2374u, 0xau, false, "mixed"}
#define PTXV_FORMS2(f)                                                                       \
    {&ptxv::array::f<>, 0x10u, 0x32u, 0x3u, false, "default"},                              \
        {&ptxv::array::f<0x10u, 0x32u, ptxv::mask::h1>, 0x10u, 0x32u, 0x2u, false, "mask"}, \
        {&ptxv::array::f<0x21u, 0x03u, ptxv::mask::h0>, 0x21u, 0x03u, 0x1u, false, "mixed"}
#define PTXV_ENTRY4(f, ptx) {#f, std::vector<Form>{PTXV_FORMS4(f)}},
#define PTXV_ENTRY2(f, ptx) {#f, std::vector<Form>{PTXV_FORMS2(f)}},

const std::vector<Entry>& table(unsigned lanes) {
    static const std::vector<Entry> byte = {PTXV_ARRAY_BYTE_VARIANTS(PTXV_ENTRY4)};
    static const std::vector<Entry> half = {PTXV_ARRAY_HALF_VARIANTS(PTXV_ENTRY2)};
    return lanes == 4 ? byte : half;
}

}  // namespace

TEST_CASE("portable array forms = interp: every byte pair in every lane", "[array][generated]") {
    array_proof::byte_pairs(table(4), 0x706f72743434);
}

TEST_CASE("portable array forms = interp: edge half-word pairs in every lane", "[array][generated]") {
    array_proof::half_pairs(table(2), 0x706f72743232);
}

TEST_CASE("portable array forms = interp: sizes, offsets, guards and in place", "[array][generated]") {
    array_proof::shape_sweep(table(4), 4, 0x706f72747334);
    array_proof::shape_sweep(table(2), 2, 0x706f72747332);
}
