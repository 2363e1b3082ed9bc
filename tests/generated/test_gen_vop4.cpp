// The generated vadd4, vsub4, vavrg4, vabsdiff4, vmin4, vmax4 against the
// reference interpreter: every variant (types x plain/.sat/.add), every pair
// of byte values in every lane, every a and b selector, every mask.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

const std::vector<int>& variants() {
    static const std::vector<int> v = proof::family_variants("vop4");
    return v;
}

std::vector<proof::u32> all_bytes() {
    std::vector<proof::u32> v;
    for (proof::u32 x = 0; x < 256; ++x) v.push_back(x);
    return v;
}

}  // namespace

TEST_CASE("vop4 generated = interp: every byte pair in every lane, every variant", "[generated][vop4]") {
    REQUIRE(variants().size() == 6 * 8 * 3);
    proof::Tally t;
    proof::simd_pair_sweep(variants(), all_bytes(), t, 0x766f7034);
    t.finish();
}

TEST_CASE("vop4 generated = interp: every a and b selector, every mask", "[generated][vop4]") {
    proof::Tally t;
    proof::simd_selector_sweep(variants(), t, 0x766f7035, 2);
    t.finish();
}

TEST_CASE("vop4 generated = interp: boundary words crossed, random selectors", "[generated][vop4]") {
    proof::Tally t;
    proof::Rng rng(0x766f7036);
    const std::vector<proof::u32> words = proof::lane_words({0, 0x7f, 0x80, 0xff}, 4);
    for (int v : variants()) {
        std::vector<proof::Prover> forms = proof::byte_forms(v, t, rng, 45);
        proof::word_cross(forms, words);
    }
    t.finish();
}

TEST_CASE("vop4 generated = interp: seeded random vectors", "[generated][vop4][random]") {
    proof::Tally t;
    CHECK(proof::simd_random(variants(), t, 0x766f7037, 2048) >= variants().size() * 2048);
    t.finish();
}

TEST_CASE("vop4 generated = interp: compile-time forms called directly", "[generated][vop4][constexpr]") {
    // Lanes 0 and 1: 2 + 3 = 5, 1 + 2 = 3; lanes 2 and 3 overflow and saturate to 0xff.
    static_assert(ptxv::vadd4_u32_u32_u32_sat<0x3210, 0x7654, ptxv::mask::b3210>(0x80ff0102u, 0x80010203u, 0u) ==
                  0xffff0305u);
    constexpr proof::u32 k = ptxv::vsub4_s32_s32_s32_sat<0x3210, 0x7654, ptxv::mask::b0>(0x80ff7f01u, 0x017f80ffu,
                                                                                             0x12345678u);
    CHECK(k == ptxv::interpret(ptxv::parse("vsub4.s32.s32.s32.sat r1.b0, r2, r3, r4;"), 0x80ff7f01u, 0x017f80ffu,
                               0x12345678u));

    proof::Tally t;
    proof::Rng rng(0x766f7038);
    PROOF_CT("vadd4.u32.u32.u32 r1, r2, r3, r4;", (ptxv::vadd4_u32_u32_u32<>(a, b, c)), t, rng);
    PROOF_CT("vadd4.s32.u32.u32.sat r1, r2, r3, r4;",
             (ptxv::vadd4_s32_u32_u32_sat<0x3210, 0x7654, ptxv::mask::b3210>(a, b, c)), t, rng);
    PROOF_CT("vsub4.u32.s32.s32 r1.b320, r2.b4051, r3.b2736, r4;",
             (ptxv::vsub4_u32_s32_s32<0x4051, 0x2736, ptxv::mask::b320>(a, b, c)), t, rng);
    PROOF_CT("vsub4.s32.s32.s32.sat r1, r2.b1024, r3, r4;",
             (ptxv::vsub4_s32_s32_s32_sat<0x1024, 0x7654, ptxv::mask::b3210>(a, b, c)), t, rng);
    PROOF_CT("vavrg4.s32.s32.u32.add r1.b31, r2.b0000, r3.b7777, r4;",
             (ptxv::vavrg4_s32_s32_u32_add<0x0000, 0x7777, ptxv::mask::b31>(a, b, c)), t, rng);
    PROOF_CT("vabsdiff4.u32.u32.u32.sat r1.b0, r2.b1032, r3.b5476, r4;",
             (ptxv::vabsdiff4_u32_u32_u32_sat<0x1032, 0x5476, ptxv::mask::b0>(a, b, c)), t, rng);
    PROOF_CT("vmin4.s32.s32.s32 r1.b21, r2.b7654, r3.b3210, r4;",
             (ptxv::vmin4_s32_s32_s32<0x7654, 0x3210, ptxv::mask::b21>(a, b, c)), t, rng);
    PROOF_CT("vmax4.u32.s32.u32.add r1, r2.b3333, r3.b4567, r4;",
             (ptxv::vmax4_u32_s32_u32_add<0x3333, 0x4567, ptxv::mask::b3210>(a, b, c)), t, rng);
    t.finish();
}
