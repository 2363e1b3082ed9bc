// The generated SIMD families (vadd4 ... vset4, vadd2 ... vset2) against the
// reference interpreter, one driver for every family the spec defines: every
// variant, each checked against its family's axes in the tables; every pair of
// lane values in every lane (all bytes; the edge half-words); selectors and
// masks (bytes: every a and b selector with every mask; half-words: every
// selector and mask form over boundary words); boundary words crossed; seeded
// random vectors. Then, per family, compile-time forms called directly.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

// The SIMD families in spec order (proof::families), each checked below
// against its opcodes' axes multiplied out.
const std::vector<proof::Family>& simd_families() {
    static const std::vector<proof::Family> all = proof::families(true);
    return all;
}

std::vector<proof::u32> all_bytes() {
    std::vector<proof::u32> v;
    for (proof::u32 x = 0; x < 256; ++x) v.push_back(x);
    return v;
}

}  // namespace

TEST_CASE("SIMD families generated = interp: every lane pair in every lane, every variant", "[generated][simd]") {
    // Every SIMD variant of kVariants belongs to exactly one of the families.
    std::size_t listed = 0, simd = 0;
    for (const proof::Family& f : simd_families()) listed += f.variants.size();
    for (int v = 0; v < proof::kVariantCount; ++v) simd += proof::opcode_of(v).geometry != ptxv::Geometry::scalar ? 1 : 0;
    REQUIRE(simd > 0);
    REQUIRE(listed == simd);
    for (const proof::Family& f : simd_families()) {
        INFO(f.name);
        CHECK(f.variants.size() == f.expected);
        proof::Tally t;
        const bool bytes = f.geometry == ptxv::Geometry::byte;
        proof::simd_pair_sweep(f.variants, bytes ? all_bytes() : proof::lane_edges(16), t, f.seed);
        t.finish();
    }
}

TEST_CASE("SIMD families generated = interp: selectors and masks over boundary words", "[generated][simd]") {
    for (const proof::Family& f : simd_families()) {
        INFO(f.name);
        proof::Tally t;
        if (f.geometry == ptxv::Geometry::byte) {
            // Every a and b selector with every mask, then random selectors over boundary words crossed.
            proof::simd_selector_sweep(f.variants, t, f.seed + 1, 2);
            proof::Rng rng(f.seed + 2);
            const std::vector<proof::u32> words = proof::lane_words({0, 0x7f, 0x80, 0xff}, 4);
            for (int v : f.variants) {
                std::vector<proof::Prover> forms = proof::simd_random_forms(v, t, rng, 45);
                proof::word_cross(forms, words);
            }
        } else {
            // Every selector and mask form over boundary words crossed.
            const std::vector<proof::u32> words =
                proof::lane_words({0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xfffe, 0xffff}, 2);
            for (int v : f.variants) {
                std::vector<proof::Prover> forms = proof::half_forms(v, t);
                proof::word_cross(forms, words);
            }
        }
        t.finish();
    }
}

TEST_CASE("SIMD families generated = interp: seeded random vectors", "[generated][simd][random]") {
    for (const proof::Family& f : simd_families()) {
        INFO(f.name);
        proof::Tally t;
        CHECK(proof::random_vectors(f.variants, t, f.seed + 3, 2048) >= f.variants.size() * 2048);
        t.finish();
    }
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
