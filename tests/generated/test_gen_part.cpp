// The template forms that take a body of their own when both sources are a
// byte or half-word (rt::part: vadd..vmax on 32-bit words, vset's signed
// 32-bit compare): a sample of variants (.sat with every kind of type triple,
// mixed-type forms without .sat, secondary operations), each with every pair of constant
// part selectors and several d selectors, on the boundary words crossed and on
// biased random words, against the interpreter. The run-time selectors reach
// the same bodies through dispatch, which test_gen_scalar.cpp sweeps.
#include <catch2/catch.hpp>

#include <cstddef>
#include <string_view>
#include <utility>

#include "proof.hpp"
#include "ptxv.hpp"

namespace {

using proof::u32;
namespace sel = ptxv::sel;

constexpr unsigned kParts[] = {sel::b0, sel::b1, sel::b2, sel::b3, sel::h0, sel::h1};
constexpr unsigned kDsels[] = {sel::none, sel::b0, sel::b3, sel::h1, sel::b12};

struct Count {
    std::uint64_t forms = 0;
};

void check(const char* ptx, unsigned asel, unsigned bsel, unsigned dsel, proof::ConstForm f, proof::Tally& t,
           proof::Rng& rng, Count& n) {
    const int v = proof::variant_named(ptx);
    REQUIRE(v >= 0);
    ptxv::Instr in = proof::base(v);
    in.asel = static_cast<ptxv::Sel>(asel);
    in.bsel = static_cast<ptxv::Sel>(bsel);
    in.dsel = static_cast<ptxv::Sel>(dsel);
    ++n.forms;
    static const std::vector<u32> edges = proof::word_edges();
    const auto one = [&](u32 a, u32 b, u32 c) {
        ++t.vectors;
        const u32 want = ptxv::interpret(in, a, b, c), got = f(a, b, c);
        if (got != want) t.report(in, a, b, c, want, got, "compile-time form, byte/half-word sources");
    };
    for (std::size_t i = 0; i < edges.size(); i += 3)
        for (std::size_t j = 0; j < edges.size(); j += 3) one(edges[i], edges[j], rng.word());
    for (int i = 0; i < 300; ++i) one(proof::biased(rng), proof::biased(rng), rng.word());
}

template <unsigned A, unsigned B, unsigned D>
void all_forms(proof::Tally& t, proof::Rng& rng, Count& n) {
    check("vadd.s32.s32.s32.sat", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vadd_s32_s32_s32_sat<A, B, D>(a, b, c); }, t, rng, n);
    check("vsub.u32.u32.u32.sat", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vsub_u32_u32_u32_sat<A, B, D>(a, b, c); }, t, rng, n);
    check("vabsdiff.u32.s32.u32.sat", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vabsdiff_u32_s32_u32_sat<A, B, D>(a, b, c); }, t, rng, n);
    check("vmin.s32.u32.s32.sat", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vmin_s32_u32_s32_sat<A, B, D>(a, b, c); }, t, rng, n);
    check("vmax.u32.s32.u32", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vmax_u32_s32_u32<A, B, D>(a, b, c); }, t, rng, n);
    check("vset.u32.u32.ge", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vset_u32_u32_ge<A, B, D>(a, b, c); }, t, rng, n);
    check("vset.u32.s32.lt", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vset_u32_s32_lt<A, B, D>(a, b, c); }, t, rng, n);
    if constexpr (D == sel::none) {
        check("vsub.u32.s32.u32.sat.min", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vsub_u32_s32_u32_sat_min<A, B>(a, b, c); }, t, rng, n);
        check("vadd.s32.u32.u32.sat.max", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vadd_s32_u32_u32_sat_max<A, B>(a, b, c); }, t, rng, n);
        check("vset.s32.u32.gt.min", A, B, D, [](u32 a, u32 b, u32 c) { return ptxv::vset_s32_u32_gt_min<A, B>(a, b, c); }, t, rng, n);
    }
}

template <std::size_t... I>
void all_selectors(proof::Tally& t, proof::Rng& rng, Count& n, std::index_sequence<I...>) {
    (all_forms<kParts[I / 30], kParts[I / 5 % 6], kDsels[I % 5]>(t, rng, n), ...);
}

}  // namespace

TEST_CASE("compile-time forms with byte/half-word sources = interp", "[generated][constexpr][part]") {
    proof::Tally t;
    proof::Rng rng(0x70617274);
    Count n;
    all_selectors(t, rng, n, std::make_index_sequence<180>{});
    // 36 selector pairs: 7 variants under 5 d selectors, 3 more with .op2 (no d selector).
    CHECK(n.forms == 36u * (7u * 5u + 3u));
    CHECK(t.vectors >= n.forms * 300u);
    t.finish();
}
