// The generated vadd2, vsub2, vavrg2, vabsdiff2, vmin2, vmax2 against the
// reference interpreter: every variant (types x plain/.sat/.add), boundary
// half-words crossed in every lane, every selector and mask form.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

const std::vector<int>& variants() {
    static const std::vector<int> v = proof::family_variants("vop2");
    return v;
}

}  // namespace

TEST_CASE("vop2 generated = interp: boundary half-word pairs in every lane, every variant", "[generated][vop2]") {
    REQUIRE(variants().size() == 6 * 8 * 3);
    proof::Tally t;
    proof::simd_pair_sweep(variants(), proof::lane_edges(16), t, 0x766f7032);
    t.finish();
}

TEST_CASE("vop2 generated = interp: boundary words crossed, every selector and mask form", "[generated][vop2]") {
    proof::Tally t;
    const std::vector<proof::u32> words =
        proof::lane_words({0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xfffe, 0xffff}, 2);
    for (int v : variants()) {
        std::vector<proof::Prover> forms = proof::half_forms(v, t);
        proof::word_cross(forms, words);
    }
    t.finish();
}

TEST_CASE("vop2 generated = interp: seeded random vectors", "[generated][vop2][random]") {
    proof::Tally t;
    CHECK(proof::simd_random(variants(), t, 0x766f7033, 2048) >= variants().size() * 2048);
    t.finish();
}

TEST_CASE("vop2 generated = interp: compile-time forms called directly", "[generated][vop2][constexpr]") {
    // Lane 0: min(-1, 1) = -1; lane 1: min(-32768, 1) = -32768.
    static_assert(ptxv::vmin2_s32_s32_s32<0x10, 0x32, ptxv::mask::h10>(0x8000ffffu, 0x00010001u, 0u) == 0x8000ffffu);
    constexpr proof::u32 k = ptxv::vavrg2_s32_u32_s32_sat<0x23, 0x01, ptxv::mask::h1>(0x7fff8000u, 0xffff0001u, 9u);
    CHECK(k == ptxv::interpret(ptxv::parse("vavrg2.s32.u32.s32.sat r1.h1, r2.h23, r3.h01, r4;"), 0x7fff8000u,
                               0xffff0001u, 9u));

    proof::Tally t;
    proof::Rng rng(0x766f7039);
    PROOF_CT("vadd2.s32.s32.u32.sat r1, r2, r3, r4;",
             (ptxv::vadd2_s32_s32_u32_sat<0x10, 0x32, ptxv::mask::h10>(a, b, c)), t, rng);
    PROOF_CT("vsub2.s32.s32.s32.sat r1.h0, r2.h10, r3.h32, r4;",
             (ptxv::vsub2_s32_s32_s32_sat<0x10, 0x32, ptxv::mask::h0>(a, b, c)), t, rng);
    PROOF_CT("vmin2.s32.u32.u32.add r1.h10, r2.h00, r3.h22, r4;",
             (ptxv::vmin2_s32_u32_u32_add<0x00, 0x22, ptxv::mask::h10>(a, b, c)), t, rng);
    PROOF_CT("vavrg2.u32.s32.s32 r1.h1, r2.h23, r3.h01, r4;",
             (ptxv::vavrg2_u32_s32_s32<0x23, 0x01, ptxv::mask::h1>(a, b, c)), t, rng);
    PROOF_CT("vabsdiff2.s32.u32.s32.add r1.h1, r2.h31, r3.h20, r4;",
             (ptxv::vabsdiff2_s32_u32_s32_add<0x31, 0x20, ptxv::mask::h1>(a, b, c)), t, rng);
    PROOF_CT("vmax2.u32.u32.u32.sat r1, r2.h01, r3.h23, r4;",
             (ptxv::vmax2_u32_u32_u32_sat<0x01, 0x23>(a, b, c)), t, rng);
    t.finish();
}
