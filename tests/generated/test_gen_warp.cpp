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
#include <vector>

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

TEST_CASE("warps = warp on each warp: every variant, random forms, 0 to 9 warps, d apart or a source",
          "[batch][generated][warp]") {
    proof::Tally t;
    proof::Rng rng(0x77617273);
    std::uint64_t lanes_active = 0, lanes_kept = 0, calls_with_many = 0;
    for (int v = 0; v < proof::kVariantCount; ++v) {
        const proof::Prover p(v % 2 == 0 ? proof::base(v) : ptxv::random_form(v, rng), t);
        const std::size_t count = rng.below(10);
        const std::size_t n = count * ptxv::kWarpSize;
        // One word past the last warp on each side of d: warps() must not touch it.
        // c has a word even for no warps: the one-c form reads c[0].
        std::vector<u32> a(n), b(n), c(n + 1), d0(n + 2), masks(count);
        for (std::size_t i = 0; i < n; ++i) a[i] = proof::biased(rng), b[i] = proof::biased(rng), c[i] = proof::biased(rng);
        for (u32& x : d0) x = rng.word();
        for (std::size_t w = 0; w < count; ++w) {
            // Random masks, with an empty and a full warp now and then.
            const std::size_t kind = rng.below(6);
            masks[w] = kind == 0 ? 0u : kind == 1 ? 0xffffffffu : rng.word();
        }
        const Dst dst = static_cast<Dst>(rng.below(3));
        const bool one_c = rng.below(4) == 0;
        std::vector<u32> sa = a, sc = c, d = d0;
        u32* out = dst == Dst::is_a ? sa.data() : dst == Dst::is_c ? sc.data() : d.data() + 1;
        const std::vector<u32>& before = dst == Dst::is_a ? a : dst == Dst::is_c ? c : d0;
        const std::size_t off = dst == Dst::apart ? 1 : 0;
        if (one_c) p.compiled().warps(sa.data(), b.data(), c[0], out, masks.data(), count);
        else p.compiled().warps(sa.data(), b.data(), sc.data(), out, masks.data(), count);
        calls_with_many += count > 1 ? 1 : 0;
        for (std::size_t i = 0; i < n; ++i) {
            ++t.vectors;
            const u32 ci = one_c ? c[0] : c[i];
            const bool on = (masks[i / ptxv::kWarpSize] >> (i % ptxv::kWarpSize) & 1u) != 0;
            const u32 want = on ? ptxv::interpret(p.instr(), a[i], b[i], ci) : before[i + off];
            (on ? lanes_active : lanes_kept) += 1;
            if (out[i] != want) {
                const std::string form = "warps: warp " + std::to_string(i / ptxv::kWarpSize) + " of " +
                                         std::to_string(count) + ", lane " + std::to_string(i % ptxv::kWarpSize) +
                                         (on ? " active" : " inactive") +
                                         (dst == Dst::is_a ? ", d = a" : dst == Dst::is_c ? ", d = c" : "") +
                                         (one_c ? ", one c" : "");
                t.report(p.instr(), a[i], b[i], ci, want, out[i], form.c_str());
            }
        }
        if (dst == Dst::apart) {
            CHECK(d.front() == d0.front());
            CHECK(d.back() == d0.back());
        }
    }
    CHECK(calls_with_many > static_cast<std::uint64_t>(proof::kVariantCount) / 2);
    CHECK(lanes_active > t.vectors / 4);
    CHECK(lanes_kept > t.vectors / 4);
    t.finish();
}
