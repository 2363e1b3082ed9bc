// The generated scalar vadd, vsub, vabsdiff, vmin, vmax against the reference
// interpreter: every variant (types x .sat x .op2), every a/b selector with
// every d selector, boundary words crossed, byte selectors over every byte pair.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

const std::vector<int>& variants() {
    static const std::vector<int> v = proof::family_variants("vop");
    return v;
}

}  // namespace

TEST_CASE("vop generated = interp: boundary words crossed, every selector and d form", "[generated][vop]") {
    REQUIRE(variants().size() == 5 * 8 * 2 * 4);
    proof::Tally t;
    proof::scalar_boundary_sweep(variants(), t);
    t.finish();
}

TEST_CASE("vop generated = interp: every byte pair through .b selectors", "[generated][vop]") {
    proof::Tally t;
    proof::scalar_byte_pairs(proof::sample(variants(), 12), t, 0x766f70);
    t.finish();
}

TEST_CASE("vop generated = interp: seeded random vectors", "[generated][vop][random]") {
    proof::Tally t;
    CHECK(proof::random_vectors(variants(), t, 0x766f71, 2048) >= variants().size() * 2048);
    t.finish();
}

TEST_CASE("vop generated = interp: compile-time forms called directly", "[generated][vop][constexpr]") {
    static_assert(ptxv::vadd_u32_u32_u32(1u, 2u) == 3u);
    // R8's examples as an H100 computes them (docs/readings.md): 1 - 2 enters .max as its low
    // word sign-extended, -1, above 0 as a .u32 pattern; the max of 0x12345688 and 0x8a24c993
    // enters .min exact, 2317666707, above c read as the .s32 -1861679542.
    static_assert(ptxv::vsub_u32_u32_u32_max<>(1u, 2u, 0u) == 0xffffffffu);
    static_assert(ptxv::vmax_s32_u32_u32_min<>(0x12345688u, 0x8a24c993u, 0x9123064au) == 0x9123064au);
    constexpr proof::u32 k = ptxv::vabsdiff_s32_s32_s32_sat<ptxv::sel::b0, ptxv::sel::b2, ptxv::sel::h0>(
        0x12345680u, 0x007f0000u, 0xabcdef01u);
    CHECK(k == ptxv::interpret(ptxv::parse("vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, r4;"), 0x12345680u,
                               0x007f0000u, 0xabcdef01u));

    proof::Tally t;
    proof::Rng rng(0x766f7072);
    PROOF_CT("vadd.s32.u32.s32.sat r1, r2.b0, r3.h0;",
             (ptxv::vadd_s32_u32_s32_sat<ptxv::sel::b0, ptxv::sel::h0>(a, b, c)), t, rng);
    PROOF_CT("vsub.s32.s32.u32.sat r1, r2.h1, r3.h1;",
             (ptxv::vsub_s32_s32_u32_sat<ptxv::sel::h1, ptxv::sel::h1, ptxv::sel::none>(a, b, c)), t, rng);
    PROOF_CT("vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, r4;",
             (ptxv::vabsdiff_s32_s32_s32_sat<ptxv::sel::b0, ptxv::sel::b2, ptxv::sel::h0>(a, b, c)), t, rng);
    PROOF_CT("vmin.s32.s32.s32.sat.add r1, r2, r3, r4;", (ptxv::vmin_s32_s32_s32_sat_add<>(a, b, c)), t, rng);
    PROOF_CT("vmax.u32.s32.u32.max r1, r2.b3, r3.h1, r4;",
             (ptxv::vmax_u32_s32_u32_max<ptxv::sel::b3, ptxv::sel::h1>(a, b, c)), t, rng);
    PROOF_CT("vadd.u32.u32.u32 r1.b23, r2, r3, r4;",
             (ptxv::vadd_u32_u32_u32<ptxv::sel::none, ptxv::sel::none, ptxv::sel::b23>(a, b, c)), t, rng);
    PROOF_CT("vsub.u32.u32.u32.min r1.b12, r2.b1, r3.b2, r4;",
             (ptxv::vsub_u32_u32_u32_min<ptxv::sel::b1, ptxv::sel::b2>(a, b, c)), t, rng);
    PROOF_CT("vadd.s32.s32.s32 r1.b2, r2, r3, r4;",
             (ptxv::vadd_s32_s32_s32<ptxv::sel::none, ptxv::sel::none, ptxv::sel::b2>(a, b, c)), t, rng);
    PROOF_CT("vmax.s32.u32.s32.sat r1.h1, r2.h0, r3.b1, r4;",
             (ptxv::vmax_s32_u32_s32_sat<ptxv::sel::h0, ptxv::sel::b1, ptxv::sel::h1>(a, b, c)), t, rng);
    t.finish();
}
