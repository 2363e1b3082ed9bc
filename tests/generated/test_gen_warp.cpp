// Compiled::warp, one instruction over a warp's 32 lanes under an active
// mask, against the reference interpreter lane by lane: every variant in
// random forms, the masks that matter (none, all, one lane, the halves,
// random), d given apart from the sources and as one of them, and the form
// with one c. The inactive lanes must keep d's word exactly, including when d
// is the c the active lanes read.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string>

#include "proof.hpp"

namespace {

using proof::u32;
using Lanes = std::array<u32, ptxv::kWarpSize>;

// Where d lives: its own array, or the array of a source (vadd d, a, b, d).
enum class Dst { apart, is_a, is_c };

struct WarpCheck {
    proof::Tally& tally;
    std::uint64_t lanes_active = 0, lanes_kept = 0;

    void one(const proof::Prover& p, const Lanes& a0, const Lanes& b0, const Lanes& c0, const Lanes& d0, u32 active,
             Dst dst, bool one_c) {
        Lanes a = a0, b = b0, c = c0, d = d0;
        u32* out = dst == Dst::is_a ? a.data() : dst == Dst::is_c ? c.data() : d.data();
        // The old d of each lane, as the destination array holds it before the step.
        const Lanes before = dst == Dst::is_a ? a0 : dst == Dst::is_c ? c0 : d0;
        if (one_c) p.compiled().warp(a.data(), b.data(), c0[0], out, active);
        else p.compiled().warp(a.data(), b.data(), c.data(), out, active);
        for (std::size_t i = 0; i < ptxv::kWarpSize; ++i) {
            ++tally.vectors;
            const u32 ci = one_c ? c0[0] : c0[i];
            const bool on = (active >> i & 1u) != 0;
            const u32 want = on ? ptxv::interpret(p.instr(), a0[i], b0[i], ci) : before[i];
            (on ? lanes_active : lanes_kept) += 1;
            if (out[i] != want) {
                const std::string form = std::string("warp lane ") + std::to_string(i) + (on ? " active" : " inactive") +
                                         ", mask " + proof::hex(active) +
                                         (dst == Dst::is_a ? ", d = a" : dst == Dst::is_c ? ", d = c" : "") +
                                         (one_c ? ", one c" : "");
                tally.report(p.instr(), a0[i], b0[i], ci, want, out[i], form.c_str());
            }
        }
    }
};

Lanes random_lanes(proof::Rng& rng) {
    Lanes x{};
    for (u32& v : x) v = proof::biased(rng);
    return x;
}

}  // namespace

TEST_CASE("warp step = interp: every variant, random forms, active masks, d apart or a source",
          "[batch][generated][warp]") {
    proof::Tally t;
    WarpCheck w{t};
    proof::Rng rng(0x77617270);
    const u32 fixed[] = {0u, 0xffffffffu, 1u, 0x80000000u, 0x0000ffffu, 0xffff0000u, 0x55555555u};
    for (int v = 0; v < proof::kVariantCount; ++v) {
        for (int form = 0; form < 2; ++form) {
            const proof::Prover p(form == 0 ? proof::base(v) : ptxv::random_form(v, rng), t);
            const Lanes a = random_lanes(rng), b = random_lanes(rng), c = random_lanes(rng), d = random_lanes(rng);
            // Two masks per form: one of the fixed ones in turn, and a random one.
            const u32 masks[] = {fixed[static_cast<std::size_t>(v * 2 + form) % std::size(fixed)], rng.word()};
            for (const u32 m : masks) {
                const Dst dst = static_cast<Dst>(rng.below(3));
                w.one(p, a, b, c, d, m, dst, false);
                w.one(p, a, b, c, d, m, Dst::apart, true);
            }
        }
    }
    // Every variant stepped, active and inactive lanes both seen in quantity.
    CHECK(t.vectors == static_cast<std::uint64_t>(proof::kVariantCount) * 2 * 2 * 2 * ptxv::kWarpSize);
    CHECK(w.lanes_active > t.vectors / 4);
    CHECK(w.lanes_kept > t.vectors / 4);
    t.finish();
}

TEST_CASE("warp step: an empty mask writes nothing, a full one equals run()", "[batch][generated][warp]") {
    proof::Tally t;
    proof::Rng rng(0x77617271);
    for (const char* text : {"vadd4.u32.u32.u32.sat r1, r2, r3, r4;", "vmin2.s32.s32.s32 r1.h1, r2.h10, r3.h32, r4;",
                             "vadd.s32.s32.s32.sat r1.b2, r2.b1, r3.h0, r4;", "vmad.s32.s32.s32.sat.shr15 r1, -r2, r3, r4;",
                             "vset.u32.s32.lt.max r1, r2, r3, r4;"}) {
        const ptxv::Instr in = ptxv::parse(text);
        const ptxv::Compiled f = ptxv::compile(in);
        const Lanes a = random_lanes(rng), b = random_lanes(rng), c = random_lanes(rng), d0 = random_lanes(rng);
        Lanes d = d0;
        f.warp(a.data(), b.data(), c.data(), d.data(), 0u);
        CHECK(d == d0);
        Lanes r{};
        f.run(a.data(), b.data(), c.data(), r.data(), ptxv::kWarpSize);
        f.warp(a.data(), b.data(), c.data(), d.data(), 0xffffffffu);
        CHECK(d == r);
        for (std::size_t i = 0; i < ptxv::kWarpSize; ++i) {
            ++t.vectors;
            const u32 want = ptxv::interpret(in, a[i], b[i], c[i]);
            if (d[i] != want) t.report(in, a[i], b[i], c[i], want, d[i], "warp, full mask");
        }
    }
    t.finish();
}
