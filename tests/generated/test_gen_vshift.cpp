// The generated scalar vshl, vshr against the reference
// interpreter: every variant (types x .sat x .mode x .op2), every a/b selector with
// every d selector, boundary words crossed, byte selectors over every byte pair.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

const std::vector<int>& variants() {
    static const std::vector<int> v = proof::family_variants("vshift");
    return v;
}

}  // namespace

TEST_CASE("vshift generated = interp: boundary words crossed, every selector and d form", "[generated][vshift]") {
    REQUIRE(variants().size() == 2 * 4 * 2 * 2 * 4);
    proof::Tally t;
    proof::scalar_boundary_sweep(variants(), t);
    t.finish();
}

TEST_CASE("vshift generated = interp: every byte pair through .b selectors", "[generated][vshift]") {
    proof::Tally t;
    proof::scalar_byte_pairs(proof::sample(variants(), 12), t, 0x7673680);
    t.finish();
}

TEST_CASE("vshift generated = interp: seeded random vectors", "[generated][vshift][random]") {
    proof::Tally t;
    CHECK(proof::random_vectors(variants(), t, 0x7673681, 2048) >= variants().size() * 2048);
    t.finish();
}

TEST_CASE("vshift generated = interp: compile-time forms called directly", "[generated][vshift][constexpr]") {
    static_assert(ptxv::vshl_u32_u32_u32_clamp<>(1u, 4u) == 16u);
    // .clamp caps the shift at 32: the arithmetic shift of -2^31 leaves -1.
    static_assert(ptxv::vshr_s32_s32_u32_clamp<>(0x80000000u, 40u) == 0xffffffffu);
    constexpr proof::u32 k = ptxv::vshl_u32_s32_u32_sat_clamp<ptxv::sel::b3, ptxv::sel::b0, ptxv::sel::h1>(
        0x81000000u, 0x00000003u, 0x12345678u);
    CHECK(k == ptxv::interpret(ptxv::parse("vshl.u32.s32.u32.sat.clamp r1.h1, r2.b3, r3.b0, r4;"), 0x81000000u,
                               0x00000003u, 0x12345678u));

    proof::Tally t;
    proof::Rng rng(0x76736872);
    PROOF_CT("vshl.s32.u32.u32.clamp r1, r2, r3;", (ptxv::vshl_s32_u32_u32_clamp<>(a, b, c)), t, rng);
    PROOF_CT("vshr.u32.u32.u32.wrap r1, r2, r3.h1;",
             (ptxv::vshr_u32_u32_u32_wrap<ptxv::sel::none, ptxv::sel::h1, ptxv::sel::none>(a, b, c)), t, rng);
    PROOF_CT("vshr.s32.s32.u32.sat.wrap.add r1, r2.h1, r3.b0, r4;",
             (ptxv::vshr_s32_s32_u32_sat_wrap_add<ptxv::sel::h1, ptxv::sel::b0>(a, b, c)), t, rng);
    PROOF_CT("vshl.u32.s32.u32.sat.clamp r1.h1, r2.b3, r3.b0, r4;",
             (ptxv::vshl_u32_s32_u32_sat_clamp<ptxv::sel::b3, ptxv::sel::b0, ptxv::sel::h1>(a, b, c)), t, rng);
    PROOF_CT("vshl.s32.s32.u32.wrap.max r1, r2.h0, r3, r4;",
             (ptxv::vshl_s32_s32_u32_wrap_max<ptxv::sel::h0, ptxv::sel::none>(a, b, c)), t, rng);
    PROOF_CT("vshr.s32.s32.u32.sat.clamp r1.b1, r2, r3.b2, r4;",
             (ptxv::vshr_s32_s32_u32_sat_clamp<ptxv::sel::none, ptxv::sel::b2, ptxv::sel::b1>(a, b, c)), t, rng);
    t.finish();
}
