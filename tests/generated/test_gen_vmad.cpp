// The generated scalar vmad against the reference
// interpreter: every variant (types x .po x .sat x .scale), every a/b selector with
// every allowed negation set (and the ignored d selectors), boundary words
// crossed for a, b and c, byte selectors over every byte pair.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

const std::vector<int>& variants() {
    static const std::vector<int> v = proof::family_variants("vmad");
    return v;
}

}  // namespace

TEST_CASE("vmad generated = interp: boundary words crossed, every selector and negation form", "[generated][vmad]") {
    REQUIRE(variants().size() == 8 * 2 * 2 * 3);
    proof::Tally t;
    proof::scalar_boundary_sweep(variants(), t);
    t.finish();
}

TEST_CASE("vmad generated = interp: every byte pair through .b selectors", "[generated][vmad]") {
    proof::Tally t;
    proof::scalar_byte_pairs(proof::sample(variants(), 12), t, 0x766d610);
    t.finish();
}

TEST_CASE("vmad generated = interp: seeded random vectors", "[generated][vmad][random]") {
    proof::Tally t;
    CHECK(proof::random_vectors(variants(), t, 0x766d611, 2048) >= variants().size() * 2048);
    t.finish();
}

TEST_CASE("vmad generated = interp: compile-time forms called directly", "[generated][vmad][constexpr]") {
    static_assert(ptxv::vmad_u32_u32_u32<>(3u, 4u, 5u) == 17u);
    constexpr proof::u32 k = ptxv::vmad_s32_s32_s32_po_sat_shr15<ptxv::sel::h0, ptxv::sel::h1, ptxv::neg::a | ptxv::neg::b>(
        0x12348000u, 0x7fff5678u, 0x80000000u);
    CHECK(k == ptxv::interpret(ptxv::parse("vmad.s32.s32.s32.po.sat.shr15 r0, -r1.h0, -r2.h1, r3;"), 0x12348000u,
                               0x7fff5678u, 0x80000000u));

    proof::Tally t;
    proof::Rng rng(0x766d6172);
    PROOF_CT("vmad.s32.s32.u32.sat r0, r1, r2, -r3;",
             (ptxv::vmad_s32_s32_u32_sat<ptxv::sel::none, ptxv::sel::none, ptxv::neg::c>(a, b, c)), t, rng);
    PROOF_CT("vmad.u32.u32.u32.shr15 r0, r1.h0, r2.h0, r3;",
             (ptxv::vmad_u32_u32_u32_shr15<ptxv::sel::h0, ptxv::sel::h0>(a, b, c)), t, rng);
    PROOF_CT("vmad.s32.s32.s32.po.sat.shr15 r0, -r1.h0, -r2.h1, r3;",
             (ptxv::vmad_s32_s32_s32_po_sat_shr15<ptxv::sel::h0, ptxv::sel::h1, ptxv::neg::a | ptxv::neg::b>(a, b, c)),
             t, rng);
    PROOF_CT("vmad.u32.s32.u32.shr7 r0, -r1.b1, r2.b2, r3;",
             (ptxv::vmad_u32_s32_u32_shr7<ptxv::sel::b1, ptxv::sel::b2, ptxv::neg::a>(a, b, c)), t, rng);
    PROOF_CT("vmad.s32.u32.s32 r0, -r1.b3, -r2.h1, -r3;",
             (ptxv::vmad_s32_u32_s32<ptxv::sel::b3, ptxv::sel::h1, ptxv::neg::a | ptxv::neg::b | ptxv::neg::c>(a, b, c)),
             t, rng);
    PROOF_CT("vmad.u32.u32.u32.po r0, r1, r2, r3;", (ptxv::vmad_u32_u32_u32_po<>(a, b, c)), t, rng);
    PROOF_CT("vmad.u32.u32.s32.sat r0, r1.h1, -r2.b0, r3;",
             (ptxv::vmad_u32_u32_s32_sat<ptxv::sel::h1, ptxv::sel::b0, ptxv::neg::b>(a, b, c)), t, rng);
    PROOF_CT("vmad.u32.u32.u32.sat.shr7 r0, r1, r2, -r3;",
             (ptxv::vmad_u32_u32_u32_sat_shr7<ptxv::sel::none, ptxv::sel::none, ptxv::neg::c>(a, b, c)), t, rng);
    t.finish();
}
