// The generated scalar families (vadd ... vmax, vset, vshl/vshr, vmad) against
// the reference interpreter, one driver for every scalar family the spec
// defines, as test_gen_simd.cpp is for the SIMD ones: every variant, each
// family checked against its opcodes' axes in the tables; every a/b selector
// with every d selector or negation set over boundary words crossed; byte
// selectors over every byte pair; seeded random vectors. Then, per family,
// compile-time forms called directly.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

// The scalar families in spec order (proof::families), each checked below
// against its opcodes' axes multiplied out.
const std::vector<proof::Family>& scalar_families() {
    static const std::vector<proof::Family> all = proof::families(false);
    return all;
}

}  // namespace

TEST_CASE("scalar families generated = interp: boundary words crossed, every selector and d or negation form",
          "[generated][scalar]") {
    // Every scalar variant of kVariants belongs to exactly one of the families.
    std::size_t listed = 0, scalar = 0;
    for (const proof::Family& f : scalar_families()) listed += f.variants.size();
    for (int v = 0; v < proof::kVariantCount; ++v) scalar += proof::opcode_of(v).geometry == ptxv::Geometry::scalar ? 1 : 0;
    REQUIRE(scalar > 0);
    REQUIRE(listed == scalar);
    for (const proof::Family& f : scalar_families()) {
        INFO(f.name);
        CHECK(f.variants.size() == f.expected);
        proof::Tally t;
        proof::scalar_boundary_sweep(f.variants, t);
        t.finish();
    }
}

TEST_CASE("scalar families generated = interp: every byte pair through .b selectors", "[generated][scalar]") {
    for (const proof::Family& f : scalar_families()) {
        INFO(f.name);
        proof::Tally t;
        proof::scalar_byte_pairs(proof::sample(f.variants, 12), t, f.seed);
        t.finish();
    }
}

TEST_CASE("scalar families generated = interp: seeded random vectors", "[generated][scalar][random]") {
    for (const proof::Family& f : scalar_families()) {
        INFO(f.name);
        proof::Tally t;
        CHECK(proof::random_vectors(f.variants, t, f.seed + 1, 2048) >= f.variants.size() * 2048);
        t.finish();
    }
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
