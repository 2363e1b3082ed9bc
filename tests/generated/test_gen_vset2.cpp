// The generated vset2 (every comparison) against the
// reference interpreter: every variant (types x comparison x merge/.add), boundary
// half-words crossed in every lane, every selector and mask form.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

const std::vector<int>& variants() {
    static const std::vector<int> v = proof::family_variants("vset2");
    return v;
}

}  // namespace

TEST_CASE("vset2 generated = interp: boundary half-word pairs in every lane, every variant", "[generated][vset2]") {
    REQUIRE(variants().size() == 4 * 6 * 2);
    proof::Tally t;
    proof::simd_pair_sweep(variants(), proof::lane_edges(16), t, 0x7673657432);
    t.finish();
}

TEST_CASE("vset2 generated = interp: boundary words crossed, every selector and mask form", "[generated][vset2]") {
    proof::Tally t;
    const std::vector<proof::u32> words =
        proof::lane_words({0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xfffe, 0xffff}, 2);
    for (int v : variants()) {
        std::vector<proof::Prover> forms = proof::half_forms(v, t);
        proof::word_cross(forms, words);
    }
    t.finish();
}

TEST_CASE("vset2 generated = interp: seeded random vectors", "[generated][vset2][random]") {
    proof::Tally t;
    CHECK(proof::simd_random(variants(), t, 0x7673657433, 2048) >= variants().size() * 2048);
    t.finish();
}

TEST_CASE("vset2 generated = interp: compile-time forms called directly", "[generated][vset2][constexpr]") {
    // Lane 0: 7 == 8 is false; lane 1: 5 == 5.
    static_assert(ptxv::vset2_u32_u32_eq<>(0x00050007u, 0x00050008u, 0u) == 0x00010000u);
    constexpr proof::u32 k = ptxv::vset2_s32_u32_lt_add<0x13, 0x02, ptxv::mask::h10>(0x8000ffffu, 0x00017fffu, 3u);
    CHECK(k == ptxv::interpret(ptxv::parse("vset2.s32.u32.lt.add r1, r2.h13, r3.h02, r4;"), 0x8000ffffu, 0x00017fffu,
                               3u));

    proof::Tally t;
    proof::Rng rng(0x7673657439);
    PROOF_CT("vset2.s32.u32.lt r1, r2, r3, r4;", (ptxv::vset2_s32_u32_lt<>(a, b, c)), t, rng);
    PROOF_CT("vset2.u32.u32.ne.add r1, r2, r3, r4;",
             (ptxv::vset2_u32_u32_ne_add<0x10, 0x32, ptxv::mask::h10>(a, b, c)), t, rng);
    PROOF_CT("vset2.s32.s32.ge r1.h0, r2.h22, r3.h00, r4;",
             (ptxv::vset2_s32_s32_ge<0x22, 0x00, ptxv::mask::h0>(a, b, c)), t, rng);
    PROOF_CT("vset2.u32.s32.le.add r1.h1, r2.h13, r3.h02, r4;",
             (ptxv::vset2_u32_s32_le_add<0x13, 0x02, ptxv::mask::h1>(a, b, c)), t, rng);
    PROOF_CT("vset2.s32.s32.gt r1.h1, r2.h31, r3.h20, r4;",
             (ptxv::vset2_s32_s32_gt<0x31, 0x20, ptxv::mask::h1>(a, b, c)), t, rng);
    t.finish();
}
