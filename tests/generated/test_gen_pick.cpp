// The compile-time selector paths of the drop-in header (pick4, pick2): with
// constant selectors and mask, the header moves only the lanes the mask
// keeps, with shifts chosen at compile time, and leaves the other lanes
// holding whatever the shifts put there. Each (selector, mask) pair is its
// own instantiation, so they are enumerated here and each is checked against
// the interpreter on the same vectors.
#include <catch2/catch.hpp>

#include <cstddef>
#include <utility>

#include "ptxv.hpp"
#include "proof.hpp"

namespace {

using proof::u32;

// Byte selectors for a: identities, splats, reversals, rotations, swaps of
// a and b, and mixed picks from both words; b's selector is derived from a's
// (the other word's digits, reversed), so the pair differs in every lane.
constexpr unsigned kSel4[] = {0x3210, 0x7654, 0x0000, 0x7777, 0x3333, 0x4444, 0x0123, 0x4567, 0x2103, 0x0321,
                              0x1032, 0x5476, 0x6547, 0x3276, 0x7610, 0x5140, 0x0246, 0x7531, 0x1111, 0x2301,
                              0x6723, 0x4071, 0x0765, 0x3456, 0x1357, 0x2064, 0x7000, 0x0007, 0x3021, 0x6655};
constexpr unsigned other4(unsigned s) {
    unsigned t = 0;
    for (unsigned i = 0; i < 4; ++i) t |= (((s >> (4 * i)) & 7u) ^ 4u) << (4 * (3 - i));
    return t;
}

// `n` biased random vectors through two compile-time forms (f1, f2) against
// the interpreter on their instructions.
void check_pair(const ptxv::Instr& in1, proof::ConstForm f1, const ptxv::Instr& in2, proof::ConstForm f2, int n,
                proof::Tally& t, proof::Rng& rng) {
    for (int i = 0; i < n; ++i) {
        const u32 a = proof::biased(rng), b = proof::biased(rng), c = rng.word();
        t.vectors += 2;
        const u32 got1 = f1(a, b, c), want1 = ptxv::interpret(in1, a, b, c);
        if (got1 != want1) t.report(in1, a, b, c, want1, got1, "compile-time form");
        const u32 got2 = f2(a, b, c), want2 = ptxv::interpret(in2, a, b, c);
        if (got2 != want2) t.report(in2, a, b, c, want2, got2, "compile-time form");
    }
}

// vsub4 (operand order matters) with saturation, and vset4 with .add (a
// lane sum): every selector of kSel4 under every mask.
template <unsigned S, unsigned M>
void check4(int vsub, int vset, proof::Tally& t, proof::Rng& rng) {
    constexpr unsigned B = other4(S);
    check_pair(proof::simd_form(vsub, S, B, M),
               [](u32 a, u32 b, u32 c) { return ptxv::vsub4_s32_s32_s32_sat<S, B, M>(a, b, c); },
               proof::simd_form(vset, S, B, M),
               [](u32 a, u32 b, u32 c) { return ptxv::vset4_u32_u32_lt_add<S, B, M>(a, b, c); }, 64, t, rng);
}

template <unsigned M, std::size_t... I>
void masks4(int vsub, int vset, proof::Tally& t, proof::Rng& rng, std::index_sequence<I...>) {
    (check4<kSel4[I], M>(vsub, vset, t, rng), ...);
}

template <unsigned... M>
void all4(int vsub, int vset, proof::Tally& t, proof::Rng& rng) {
    (masks4<M>(vsub, vset, t, rng, std::make_index_sequence<std::size(kSel4)>{}), ...);
}

// Half-word: every selector (16) for a, b's from the other word, every mask.
template <unsigned S, unsigned M>
void check2(int vsub, int vmin, proof::Tally& t, proof::Rng& rng) {
    constexpr unsigned B = ((S & 0x3u) ^ 2u) << 4 | (((S >> 4) & 0x3u) ^ 2u);
    check_pair(proof::simd_form(vsub, S, B, M),
               [](u32 a, u32 b, u32 c) { return ptxv::vsub2_u32_s32_s32_sat<S, B, M>(a, b, c); },
               proof::simd_form(vmin, S, B, M),
               [](u32 a, u32 b, u32 c) { return ptxv::vmin2_s32_s32_s32_add<S, B, M>(a, b, c); }, 256, t, rng);
}

template <unsigned M, std::size_t... I>
void masks2(int vsub, int vmin, proof::Tally& t, proof::Rng& rng, std::index_sequence<I...>) {
    (check2<((I >> 2) << 4) | (I & 3u), M>(vsub, vmin, t, rng), ...);
}

}  // namespace

TEST_CASE("compile-time byte selectors under every mask = interp", "[generated][constexpr][pick]") {
    const int vsub = proof::variant_named("vsub4.s32.s32.s32.sat"), vset = proof::variant_named("vset4.u32.u32.lt.add");
    REQUIRE(vsub >= 0);
    REQUIRE(vset >= 0);
    proof::Tally t;
    proof::Rng rng(0x7069636b34);
    all4<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15>(vsub, vset, t, rng);
    CHECK(t.vectors == 15 * std::size(kSel4) * 64 * 2);
    t.finish();
}

TEST_CASE("compile-time half-word selectors under every mask = interp", "[generated][constexpr][pick]") {
    const int vsub = proof::variant_named("vsub2.u32.s32.s32.sat"), vmin = proof::variant_named("vmin2.s32.s32.s32.add");
    REQUIRE(vsub >= 0);
    REQUIRE(vmin >= 0);
    proof::Tally t;
    proof::Rng rng(0x7069636b32);
    masks2<1>(vsub, vmin, t, rng, std::make_index_sequence<16>{});
    masks2<2>(vsub, vmin, t, rng, std::make_index_sequence<16>{});
    masks2<3>(vsub, vmin, t, rng, std::make_index_sequence<16>{});
    CHECK(t.vectors == 3 * 16 * 256 * 2);
    t.finish();
}
