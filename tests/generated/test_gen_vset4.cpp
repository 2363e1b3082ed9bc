// The generated vset4 (every comparison) against the
// reference interpreter: every variant (types x comparison x merge/.add), every pair
// of byte values in every lane, every a and b selector, every mask.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

const std::vector<int>& variants() {
    static const std::vector<int> v = proof::family_variants("vset4");
    return v;
}

std::vector<proof::u32> all_bytes() {
    std::vector<proof::u32> v;
    for (proof::u32 x = 0; x < 256; ++x) v.push_back(x);
    return v;
}

}  // namespace

TEST_CASE("vset4 generated = interp: every byte pair in every lane, every variant", "[generated][vset4]") {
    REQUIRE(variants().size() == 4 * 6 * 2);
    proof::Tally t;
    proof::simd_pair_sweep(variants(), all_bytes(), t, 0x7673657434);
    t.finish();
}

TEST_CASE("vset4 generated = interp: every a and b selector, every mask", "[generated][vset4]") {
    proof::Tally t;
    proof::simd_selector_sweep(variants(), t, 0x7673657435, 2);
    t.finish();
}

TEST_CASE("vset4 generated = interp: boundary words crossed, random selectors", "[generated][vset4]") {
    proof::Tally t;
    proof::Rng rng(0x7673657436);
    const std::vector<proof::u32> words = proof::lane_words({0, 0x7f, 0x80, 0xff}, 4);
    for (int v : variants()) {
        std::vector<proof::Prover> forms = proof::byte_forms(v, t, rng, 45);
        proof::word_cross(forms, words);
    }
    t.finish();
}

TEST_CASE("vset4 generated = interp: seeded random vectors", "[generated][vset4][random]") {
    proof::Tally t;
    CHECK(proof::simd_random(variants(), t, 0x7673657437, 2048) >= variants().size() * 2048);
    t.finish();
}

TEST_CASE("vset4 generated = interp: compile-time forms called directly", "[generated][vset4][constexpr]") {
    // Lanes 0, 1 and 3 are equal, lane 2 (0x02 vs 0x00) is not.
    static_assert(ptxv::vset4_u32_u32_eq<>(0x01020304u, 0x01000304u, 0u) == 0x01000101u);
    constexpr proof::u32 k = ptxv::vset4_s32_u32_lt_add<0x0123, 0x4567, ptxv::mask::b320>(0x80ff7f01u, 0x017f80ffu, 7u);
    CHECK(k == ptxv::interpret(ptxv::parse("vset4.s32.u32.lt.add r1.b320, r2.b0123, r3.b4567, r4;"), 0x80ff7f01u,
                               0x017f80ffu, 7u));

    proof::Tally t;
    proof::Rng rng(0x7673657438);
    PROOF_CT("vset4.s32.u32.lt r1, r2, r3, r4;", (ptxv::vset4_s32_u32_lt<0x3210, 0x7654, ptxv::mask::b3210>(a, b, c)),
             t, rng);
    PROOF_CT("vset4.u32.u32.ne.add r1.b31, r2.b0123, r3.b4567, r4;",
             (ptxv::vset4_u32_u32_ne_add<0x0123, 0x4567, ptxv::mask::b31>(a, b, c)), t, rng);
    PROOF_CT("vset4.s32.s32.ge r1.b20, r2.b7531, r3.b6420, r4;",
             (ptxv::vset4_s32_s32_ge<0x7531, 0x6420, ptxv::mask::b20>(a, b, c)), t, rng);
    PROOF_CT("vset4.u32.s32.eq.add r1, r2.b1111, r3.b1111, r4;",
             (ptxv::vset4_u32_s32_eq_add<0x1111, 0x1111, ptxv::mask::b3210>(a, b, c)), t, rng);
    PROOF_CT("vset4.s32.s32.le r1.b3, r2.b1024, r3.b4567, r4;",
             (ptxv::vset4_s32_s32_le<0x1024, 0x4567, ptxv::mask::b3>(a, b, c)), t, rng);
    PROOF_CT("vset4.u32.u32.gt r1, r2.b7654, r3.b3210, r4;",
             (ptxv::vset4_u32_u32_gt<0x7654, 0x3210>(a, b, c)), t, rng);
    t.finish();
}
