// The template forms that take a body of their own for Dsel = sel::none
// (.sat sums and differences of one type, computed on words; the run-time
// form and other d selectors keep the 64-bit body): each with every pair of
// constant source selectors, on the boundary words crossed and on biased
// random words, against the interpreter.
#include <catch2/catch.hpp>

#include <cstddef>
#include <utility>

#include "ptxv.hpp"
#include "proof.hpp"

namespace {

using proof::u32;

constexpr unsigned kSels[] = {ptxv::sel::none, ptxv::sel::b0, ptxv::sel::b1, ptxv::sel::b2,
                              ptxv::sel::b3,   ptxv::sel::h0, ptxv::sel::h1};

void check(const char* ptx, unsigned asel, unsigned bsel, proof::ConstForm f, proof::Tally& t, proof::Rng& rng) {
    const int v = proof::variant_named(ptx);
    REQUIRE(v >= 0);
    ptxv::Instr in = proof::base(v);
    in.asel = static_cast<ptxv::Sel>(asel);
    in.bsel = static_cast<ptxv::Sel>(bsel);
    static const std::vector<u32> edges = proof::word_edges();
    const auto one = [&](u32 a, u32 b, u32 c) {
        ++t.vectors;
        const u32 want = ptxv::interpret(in, a, b, c), got = f(a, b, c);
        if (got != want) t.report(in, a, b, c, want, got, "compile-time form, whole d");
    };
    for (u32 a : edges)
        for (u32 b : edges) one(a, b, rng.word());
    for (int i = 0; i < 2000; ++i) one(proof::biased(rng), proof::biased(rng), rng.word());
}

template <unsigned A, unsigned B>
void all_forms(proof::Tally& t, proof::Rng& rng) {
    check("vadd.s32.s32.s32.sat", A, B, [](u32 a, u32 b, u32 c) { return ptxv::vadd_s32_s32_s32_sat<A, B>(a, b, c); }, t, rng);
    check("vsub.s32.s32.s32.sat", A, B, [](u32 a, u32 b, u32 c) { return ptxv::vsub_s32_s32_s32_sat<A, B>(a, b, c); }, t, rng);
    check("vadd.u32.u32.u32.sat", A, B, [](u32 a, u32 b, u32 c) { return ptxv::vadd_u32_u32_u32_sat<A, B>(a, b, c); }, t, rng);
    check("vsub.u32.u32.u32.sat", A, B, [](u32 a, u32 b, u32 c) { return ptxv::vsub_u32_u32_u32_sat<A, B>(a, b, c); }, t, rng);
}

template <std::size_t... I>
void all_pairs(proof::Tally& t, proof::Rng& rng, std::index_sequence<I...>) {
    (all_forms<kSels[I / 7], kSels[I % 7]>(t, rng), ...);
}

}  // namespace

TEST_CASE("compile-time whole-word .sat sums and differences = interp", "[generated][constexpr][whole]") {
    proof::Tally t;
    proof::Rng rng(0x77686f6c65);
    all_pairs(t, rng, std::make_index_sequence<49>{});
    CHECK(t.vectors >= 49u * 4u * 2000u);
    t.finish();
}
