// The generated scalar vset against the reference
// interpreter: every variant (types x comparison x .op2), every a/b selector with
// every d selector, boundary words crossed, byte selectors over every byte pair.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

const std::vector<int>& variants() {
    static const std::vector<int> v = proof::family_variants("vset");
    return v;
}

}  // namespace

TEST_CASE("vset generated = interp: boundary words crossed, every selector and d form", "[generated][vset]") {
    REQUIRE(variants().size() == 4 * 6 * 4);
    proof::Tally t;
    proof::scalar_boundary_sweep(variants(), t);
    t.finish();
}

TEST_CASE("vset generated = interp: every byte pair through .b selectors", "[generated][vset]") {
    proof::Tally t;
    proof::scalar_byte_pairs(proof::sample(variants(), 12), t, 0x7673650);
    t.finish();
}

TEST_CASE("vset generated = interp: seeded random vectors", "[generated][vset][random]") {
    proof::Tally t;
    CHECK(proof::random_vectors(variants(), t, 0x7673651, 2048) >= variants().size() * 2048);
    t.finish();
}

TEST_CASE("vset generated = interp: compile-time forms called directly", "[generated][vset][constexpr]") {
    // Mixed signs compare exactly: -1 < 0.
    static_assert(ptxv::vset_s32_u32_lt<>(0xffffffffu, 0u) == 1u);
    constexpr proof::u32 k = ptxv::vset_u32_s32_eq<ptxv::sel::h0, ptxv::sel::h1, ptxv::sel::b1>(0x0000ffffu, 0xffff0000u,
                                                                                              0x12345678u);
    CHECK(k == ptxv::interpret(ptxv::parse("vset.u32.s32.eq r1.b1, r2.h0, r3.h1, r4;"), 0x0000ffffu, 0xffff0000u,
                               0x12345678u));

    proof::Tally t;
    proof::Rng rng(0x76736572);
    PROOF_CT("vset.s32.u32.lt r1, r2, r3;", (ptxv::vset_s32_u32_lt<>(a, b, c)), t, rng);
    PROOF_CT("vset.u32.u32.ne r1, r2, r3.h1;",
             (ptxv::vset_u32_u32_ne<ptxv::sel::none, ptxv::sel::h1, ptxv::sel::none>(a, b, c)), t, rng);
    PROOF_CT("vset.s32.s32.ge.add r1, r2.b2, r3.b3, r4;",
             (ptxv::vset_s32_s32_ge_add<ptxv::sel::b2, ptxv::sel::b3>(a, b, c)), t, rng);
    PROOF_CT("vset.u32.s32.eq r1.b1, r2.h0, r3.h1, r4;",
             (ptxv::vset_u32_s32_eq<ptxv::sel::h0, ptxv::sel::h1, ptxv::sel::b1>(a, b, c)), t, rng);
    PROOF_CT("vset.s32.s32.gt.min r1, r2, r3.b0, r4;",
             (ptxv::vset_s32_s32_gt_min<ptxv::sel::none, ptxv::sel::b0>(a, b, c)), t, rng);
    PROOF_CT("vset.u32.u32.le.max r1.b23, r2.b1, r3.h0, r4;",
             (ptxv::vset_u32_u32_le_max<ptxv::sel::b1, ptxv::sel::h0>(a, b, c)), t, rng);
    t.finish();
}
