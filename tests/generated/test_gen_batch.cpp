// The batch API (ptxv::Compiled::run) of every variant against the
// reference interpreter, element by element.
//
// run() may bind packed kernels (SSE2/SSSE3/AVX2/AVX-512) that take four to
// sixteen elements per step with unaligned loads and leave the tail to a
// scalar loop, and for the scalar families the generated loops built for
// AVX2 or AVX-512, which the compiler vectorizes with tails of its own; so
// what can go wrong is mostly about shape rather than arithmetic:
// the tail, the group boundary, misaligned pointers, stray stores past d[n-1],
// reads past a[n-1], and the one-c form taking c from the wrong place. Those
// are what this file varies. The kernels' arithmetic is the kernel library's
// (shared with the array forms, but built here for SSE2, SSSE3 and AVX2), so the
// byte families also get every pair of lane values through run(), in every
// lane, under each kind of selector the kernels treat apart.
#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "proof.hpp"

namespace {

using proof::u32;

// Sizes around the 4- and 8-element groups: empty, tail only, one group, group plus
// each tail length, and long runs with and without a tail; the last is long
// enough that run() first aligns d (a head of 0 to 15 elements, by offset).
constexpr std::array<std::size_t, 12> kSizes = {0, 1, 2, 3, 4, 5, 7, 8, 13, 64, 67, 8195};
constexpr std::size_t kSizeSum = 0 + 1 + 2 + 3 + 4 + 5 + 7 + 8 + 13 + 64 + 67 + 8195;

// Words of the guard around d: a stray 64-byte store reaches at most 15 past.
constexpr std::size_t kGuard = 16;

#if defined(__x86_64__)
// PTXV_ISA caps the kernels run() may bind ("generated", "sse2",
// "ssse3", "avx2", "avx512", "avx512vbmi"), so each path can be tested on one
// machine; empty when unset. Elsewhere only the generated loop exists.
std::string isa_cap() {
    const char* cap = std::getenv("PTXV_ISA");
    return cap != nullptr ? cap : "";
}
// Whether run() may take the VBMI unit's kernels here: built, on a CPU with
// AVX-512 BW, VL and VBMI, and no cap below them.
bool vbmi_allowed() {
    const std::string cap = isa_cap();
    return PTXV_TEST_X86_KERNELS && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512vbmi") && (cap.empty() || cap == "avx512vbmi");
}
#endif

// The SIMD variants of one lane geometry, in kVariants order.
std::vector<int> variants_of(ptxv::Geometry g) {
    std::vector<int> out;
    for (int v = 0; v < proof::kVariantCount; ++v)
        if (proof::opcode_of(v).geometry == g) out.push_back(v);
    return out;
}

// Element counts, so a test can show that it checked what it meant to.
struct Plan {
    std::uint64_t runs = 0;
    std::uint64_t elements = 0;  // sum of n over the runs, each c form counted
    std::uint64_t sizes_seen = 0;  // bit i: kSizes[i] was run
    std::map<std::string, std::uint64_t> by_kernel;  // elements per batch_kernel()

    std::uint64_t packed() const {
        std::uint64_t k = 0;
        for (const auto& kv : by_kernel)
            if (kv.first != "generated") k += kv.second;
        return k;
    }
    std::string kernels() const {
        std::string s;
        for (const auto& kv : by_kernel) s += kv.first + ": " + std::to_string(kv.second) + "  ";
        return s;
    }
};

// One run of each c form of `p` on kSizes[size_index] elements, the four
// arrays at random element offsets 0..3; every element checked against the
// interpreter and d's guard words checked untouched.
void check_run(proof::Prover& p, proof::Tally& t, Plan& plan, proof::Rng& rng, unsigned lanes, std::size_t size_index) {
    const std::size_t n = kSizes[size_index];
    const std::size_t oa = rng.below(4), ob = rng.below(4), oc = rng.below(4), od = rng.below(4);
    // lanes == 1: a scalar instruction, whose edges are whole words as well as parts.
    const auto edge_word = [&] { return lanes == 1 ? proof::biased(rng) : proof::lane_word(rng, lanes); };
    const auto random_word = [&] { return rng.word(); };
    const proof::Input ab(oa, n, edge_word), bb(ob, n, edge_word), cb(oc, n, random_word);
    const u32* a = ab.data();
    const u32* b = bb.data();
    const u32* c = cb.data();
    const u32 cval = rng.below(4) == 0 ? proof::biased(rng) : rng.word();

    const ptxv::Compiled& f = p.compiled();
    const ptxv::Instr& in = p.instr();
    for (int form = 0; form < 2; ++form) {
        const bool one_c = form == 1;
        proof::GuardedOutput out(kGuard, od, n);
        u32* d = out.data();
        if (one_c) {
            f.run(a, b, cval, d, n);
        } else {
            f.run(a, b, c, d, n);
        }
        ++plan.runs;
        plan.elements += n;
        plan.sizes_seen |= std::uint64_t{1} << size_index;
        plan.by_kernel[f.batch_kernel()] += n;

        const std::string where = std::string(one_c ? "run(one c)" : "run(c[])") + " kernel=" + f.batch_kernel() +
                                  " n=" + std::to_string(n) + " offsets a,b,c,d=" + std::to_string(oa) + "," +
                                  std::to_string(ob) + "," + std::to_string(oc) + "," + std::to_string(od);
        for (std::size_t i = 0; i < n; ++i) {
            ++t.vectors;
            const u32 ci = one_c ? cval : c[i];
            const u32 want = ptxv::interpret(in, a[i], b[i], ci);
            if (d[i] != want) t.report(in, a[i], b[i], ci, want, d[i], (where + " i=" + std::to_string(i)).c_str());
        }
        out.check_guards(in, where, t);
    }
}

// Per variant: the default selectors with the full mask on every size (the
// form a packed kernel is most likely bound to); the default selectors with
// each other mask, and `random_forms` random selector/mask forms, each on
// three sizes taken in turn (the turn carries over between variants, so the
// sizes spread over all kinds of form; the long size is left to the default
// form, for time).
void sweep(const std::vector<int>& variants, unsigned random_forms, proof::Tally& t, Plan& plan,
           std::uint64_t seed) {
    proof::Rng rng(seed);
    std::size_t turn = 0;
    for (int v : variants) {
        const unsigned lanes = proof::lanes_of_variant(v);
        const unsigned asel0 = lanes == 4 ? 0x3210u : 0x10u, bsel0 = lanes == 4 ? 0x7654u : 0x32u;
        const std::vector<unsigned> masks = proof::mask_sets(v);
        const unsigned full = (1u << lanes) - 1u;

        proof::Prover def(proof::simd_form(v, asel0, bsel0, full), t);
        for (std::size_t s = 0; s < kSizes.size(); ++s) check_run(def, t, plan, rng, lanes, s);

        std::vector<proof::Prover> forms;
        for (unsigned m : masks)
            if (m != full) forms.emplace_back(proof::simd_form(v, asel0, bsel0, m), t);
        for (unsigned j = 0; j < random_forms; ++j) forms.emplace_back(ptxv::random_form(v, rng), t);
        for (proof::Prover& p : forms)
            for (int k = 0; k < 3; ++k) check_run(p, t, plan, rng, lanes, turn++ % (kSizes.size() - 1));
    }
}

// What a sweep must have done at least: every variant's default form on
// every size, both c forms.
void check_plan(const proof::Tally& t, const Plan& plan, std::size_t variants) {
    INFO(plan.runs << " runs, " << plan.elements << " elements, " << t.vectors << " vectors; elements by kernel: "
                   << plan.kernels());
    CHECK(t.vectors > 0);
    CHECK(t.vectors == plan.elements);
    CHECK(t.vectors >= variants * 2 * kSizeSum);
    CHECK(plan.sizes_seen == (std::uint64_t{1} << kSizes.size()) - 1);
}

// Every variant of a geometry through sweep(), with the plan checked and, on
// x86-64, at least some elements through a packed kernel (otherwise only the
// generated loop was compared).
void sweep_geometry(ptxv::Geometry g, std::uint64_t seed) {
    const std::vector<int> vs = variants_of(g);
    REQUIRE(vs.size() == proof::axes_variants(g));
    proof::Tally t;
    Plan plan;
    sweep(vs, 40, t, plan, seed);
    check_plan(t, plan, vs.size());
#if defined(__x86_64__)
    INFO("elements by kernel: " << plan.kernels());
    if (isa_cap() != "generated") CHECK(plan.packed() > 0);
    // With the kernel units every form, whatever its selectors, runs through
    // a packed kernel, on SSE2 too (its other selectors as lane moves).
    if (PTXV_TEST_X86_KERNELS && isa_cap() != "generated") CHECK(plan.packed() == plan.elements);
#endif
    t.finish();
}

}  // namespace

TEST_CASE("batch run = interp: byte SIMD (vop4, vset4), sizes, offsets, guards, selectors, masks",
          "[batch][generated]") {
    sweep_geometry(ptxv::Geometry::byte, 0x62617463683434);
}

namespace {

// Pairs (x, y) of lane values as (Va, Vb) in every lane at once, for every
// variant of a geometry, through run() in four forms: default selectors with
// the full mask, default selectors with a partial mask, selectors that read
// each operand's lanes from one source word (permuted, swapped or not), and
// selectors that mix both words. a and b hold x and y in every lane (or y
// and x where a form's Va reads b), so every lane sees the pair whatever the
// permutation. c is random, and the mask is random where not full.
void pair_sweep(ptxv::Geometry g, const std::vector<u32>& values, std::uint64_t seed) {
    const std::vector<int> vs = variants_of(g);
    REQUIRE(vs.size() == proof::axes_variants(g));
    const unsigned lanes = g == ptxv::Geometry::byte ? 4 : 2;
    const u32 splat = lanes == 4 ? 0x01010101u : 0x00010001u;
    proof::Rng rng(seed);
    proof::Tally t;
    std::map<std::string, std::uint64_t> by_kernel, mixed_by_kernel;
    std::uint64_t mixed_forms = 0;
    const std::size_t pairs = values.size() * values.size();
    std::vector<u32> a(pairs), b(pairs), swapped_a(pairs), swapped_b(pairs), c(pairs), d(pairs);
    for (std::size_t j = 0; j < pairs; ++j) {
        const u32 x = values[j / values.size()], y = values[j % values.size()];
        a[j] = swapped_b[j] = x * splat;
        b[j] = swapped_a[j] = y * splat;
    }
    for (int v : vs) {
        const std::vector<unsigned> masks = proof::mask_sets(v);
        const unsigned partial = masks[rng.below(static_cast<unsigned>(masks.size() - 1))];
        // A permutation (with repeats) of one word's lanes, per operand.
        auto one_source = [&](unsigned base) {
            unsigned s = 0;
            for (unsigned i = 0; i < lanes; ++i) s |= (base + rng.below(lanes)) << (4 * i);
            return s;
        };
        unsigned mixed_a = 0, mixed_b = 0;
        for (unsigned i = 0; i < lanes; ++i) {
            // The lower lanes from a's lanes, the upper from b's for Va; the
            // other way round for Vb: both words in both operands, so the
            // lower lanes see (x, y) and the upper (y, x), which the sweep
            // over all (x, y) also covers.
            const bool lower = i < lanes / 2;
            mixed_a |= ((lower ? 0u : lanes) + rng.below(lanes)) << (4 * i);
            mixed_b |= ((lower ? lanes : 0u) + rng.below(lanes)) << (4 * i);
        }
        const bool swap = rng.below(2) == 1;
        struct Form {
            unsigned asel, bsel, mask;
            bool swapped;
        };
        const unsigned def_a = lanes == 4 ? 0x3210u : 0x10u, def_b = lanes == 4 ? 0x7654u : 0x32u;
        const Form forms[] = {
            {def_a, def_b, masks.back(), false},
            {def_a, def_b, partial, false},
            {one_source(swap ? lanes : 0u), one_source(swap ? 0u : lanes),
             masks[rng.below(static_cast<unsigned>(masks.size()))], swap},
            {mixed_a, mixed_b, masks[rng.below(static_cast<unsigned>(masks.size()))], false},
        };
        for (const Form& form : forms) {
            proof::Prover p(proof::simd_form(v, form.asel, form.bsel, form.mask), t);
            const ptxv::Instr& in = p.instr();
            const std::vector<u32>& av = form.swapped ? swapped_a : a;
            const std::vector<u32>& bv = form.swapped ? swapped_b : b;
            for (u32& x : c) x = rng.word();
            p.compiled().run(av.data(), bv.data(), c.data(), d.data(), pairs);
            for (std::size_t j = 0; j < pairs; ++j) {
                ++t.vectors;
                const u32 want = ptxv::interpret(in, av[j], bv[j], c[j]);
                if (d[j] != want) t.report(in, av[j], bv[j], c[j], want, d[j], p.compiled().batch_kernel());
            }
            // Whether some operand reads lanes of both words in the lanes
            // the mask keeps.
            const auto both_words = [&](unsigned sel) {
                bool from[2] = {false, false};
                for (unsigned i = 0; i < lanes; ++i)
                    if ((form.mask >> i & 1u) != 0) from[(sel >> (4 * i) & 0xfu) / lanes] = true;
                return from[0] && from[1];
            };
            const bool mixed = both_words(form.asel) || both_words(form.bsel);
            mixed_forms += mixed ? 1 : 0;
            (mixed ? mixed_by_kernel : by_kernel)[p.compiled().batch_kernel()] += pairs;
        }
    }
    std::string summary;
    for (const auto& kv : by_kernel) summary += kv.first + ": " + std::to_string(kv.second) + "  ";
    summary += "; mixing both words: ";
    for (const auto& kv : mixed_by_kernel) summary += kv.first + ": " + std::to_string(kv.second) + "  ";
    INFO("elements by kernel: " << summary);
    CHECK(t.vectors == vs.size() * 4 * pairs);
#if defined(__x86_64__)
    // vpermt2b serves the forms whose operands mix both words, wherever it
    // may, and no other form.
    INFO(mixed_forms << " forms mix both words");
    // The fourth form mixes where its mask keeps a lower and an upper lane.
    CHECK(mixed_forms >= vs.size() / 4);
    CHECK(by_kernel.count("avx512vbmi") == 0);
    if (vbmi_allowed()) CHECK(mixed_by_kernel["avx512vbmi"] == mixed_forms * pairs);
    else CHECK(mixed_by_kernel.count("avx512vbmi") == 0);
#endif
    t.finish();
}

}  // namespace

TEST_CASE("batch run = interp: every byte pair in every lane, byte SIMD", "[batch][generated]") {
    std::vector<u32> bytes(256);
    for (u32 x = 0; x < 256; ++x) bytes[x] = x;
    pair_sweep(ptxv::Geometry::byte, bytes, 0x70616972733434);
}

TEST_CASE("batch run = interp: edge half-word pairs in every lane, half-word SIMD", "[batch][generated]") {
    pair_sweep(ptxv::Geometry::half, proof::half_pair_values(), 0x70616972733232);
}

TEST_CASE("batch run = interp: half-word SIMD (vop2, vset2), sizes, offsets, guards, selectors, masks",
          "[batch][generated]") {
    sweep_geometry(ptxv::Geometry::half, 0x62617463683232);
}

namespace {

// Selectors that read each operand's lanes from one word, each lane in its
// own place (a.b7654: a is b; b.b3210: b is a): the operands are the words
// as loaded, so run() must bind the kernel of the default form, with no
// shuffle (on SSE2 too, which has none), and match the interpreter. The
// lanes outside the mask read any lane, as their results are dropped.
void in_place_sweep(ptxv::Geometry g, std::uint64_t seed) {
    const std::vector<int> vs = variants_of(g);
    REQUIRE(vs.size() == proof::axes_variants(g));
    const unsigned lanes = g == ptxv::Geometry::byte ? 4 : 2;
    const unsigned own_a = lanes == 4 ? 0x3210u : 0x10u, own_b = lanes == 4 ? 0x7654u : 0x32u;
    proof::Rng rng(seed);
    proof::Tally t;
    Plan plan;
    std::size_t turn = 0;
    int unlike = 0;
    for (int v : vs) {
        const std::vector<unsigned> masks = proof::mask_sets(v);
        const ptxv::Compiled def = ptxv::compile(proof::simd_form(v, own_a, own_b, masks.back()));
        const unsigned sources[][2] = {{own_b, own_a}, {own_b, own_b}, {own_a, own_a}};
        for (const auto& src : sources) {
            const unsigned mask = masks[rng.below(static_cast<unsigned>(masks.size()))];
            unsigned asel = src[0], bsel = src[1];
            for (unsigned i = 0; i < lanes; ++i) {
                if ((mask >> i & 1u) != 0) continue;
                asel = (asel & ~(0xfu << (4 * i))) | rng.below(2 * lanes) << (4 * i);
                bsel = (bsel & ~(0xfu << (4 * i))) | rng.below(2 * lanes) << (4 * i);
            }
            proof::Prover p(proof::simd_form(v, asel, bsel, mask), t);
            for (int k = 0; k < 2; ++k) check_run(p, t, plan, rng, lanes, turn++ % kSizes.size());
            if (std::string(p.compiled().batch_kernel()) != def.batch_kernel() && ++unlike <= proof::kMaxReports) {
                INFO(proof::kVariants[v].ptx << " with selectors " << proof::hex(asel) << ", " << proof::hex(bsel)
                                             << ", mask " << mask << " binds \"" << p.compiled().batch_kernel()
                                             << "\", its default form \"" << def.batch_kernel() << '"');
                CHECK(std::string(p.compiled().batch_kernel()) == def.batch_kernel());
            }
        }
    }
    INFO(plan.runs << " runs, " << plan.elements << " elements; by kernel: " << plan.kernels());
    CHECK(unlike == 0);
    CHECK(plan.runs == vs.size() * 3 * 2 * 2);
    CHECK(t.vectors == plan.elements);
    t.finish();
}

}  // namespace

TEST_CASE("batch run = interp: selectors in place from one word bind the default form's kernel, byte SIMD",
          "[batch][generated]") {
    in_place_sweep(ptxv::Geometry::byte, 0x696e706c61636534);
}

TEST_CASE("batch run = interp: selectors in place from one word bind the default form's kernel, half-word SIMD",
          "[batch][generated]") {
    in_place_sweep(ptxv::Geometry::half, 0x696e706c61636532);
}

namespace {

// Selectors whose live lanes are consecutive lanes of the pair {b:a},
// wrapping (a.b4321, a.b0765, b.h21 ...): each operand is its pair shifted
// right by k lanes, k drawn per operand over every shift (0 and `lanes` are
// the words in place). Where the CPU is capped at SSE2, which has no byte
// shuffle, run() must bind its funnel-shift kernel, not the generated loop;
// elsewhere a shuffle kernel; the results the interpreter's either way. The
// lanes outside the mask read any lane, as their results are dropped.
void funnel_sweep(ptxv::Geometry g, std::uint64_t seed) {
    const std::vector<int> vs = variants_of(g);
    REQUIRE(vs.size() == proof::axes_variants(g));
    const unsigned lanes = g == ptxv::Geometry::byte ? 4 : 2;
    proof::Rng rng(seed);
    proof::Tally t;
    Plan plan;
    std::size_t turn = 0;
    int generated = 0;
    std::set<unsigned> shifts_seen;
    for (int v : vs) {
        const std::vector<unsigned> masks = proof::mask_sets(v);
        for (int f = 0; f < 3; ++f) {
            const unsigned mask = masks[rng.below(static_cast<unsigned>(masks.size()))];
            const unsigned ka = rng.below(2 * lanes), kb = rng.below(2 * lanes);
            shifts_seen.insert(ka);
            shifts_seen.insert(kb);
            unsigned asel = 0, bsel = 0;
            for (unsigned i = 0; i < lanes; ++i) {
                const bool live = (mask >> i & 1u) != 0;
                asel |= (live ? (i + ka) % (2 * lanes) : rng.below(2 * lanes)) << (4 * i);
                bsel |= (live ? (i + kb) % (2 * lanes) : rng.below(2 * lanes)) << (4 * i);
            }
            proof::Prover p(proof::simd_form(v, asel, bsel, mask), t);
            for (int k = 0; k < 2; ++k) check_run(p, t, plan, rng, lanes, turn++ % kSizes.size());
#if defined(__x86_64__)
            if (isa_cap() != "generated" && std::string(p.compiled().batch_kernel()) == "generated" &&
                ++generated <= proof::kMaxReports) {
                INFO(proof::kVariants[v].ptx << " with selectors " << proof::hex(asel) << ", " << proof::hex(bsel)
                                             << ", mask " << mask << " runs the generated loop");
                CHECK(false);
            }
#endif
        }
    }
    INFO(plan.runs << " runs, " << plan.elements << " elements; by kernel: " << plan.kernels());
    CHECK(generated == 0);
    CHECK(shifts_seen.size() == 2 * lanes);
    CHECK(plan.runs == vs.size() * 3 * 2 * 2);
    CHECK(t.vectors == plan.elements);
#if defined(__x86_64__)
    if (isa_cap() == "sse2") CHECK(plan.by_kernel["sse2"] == plan.elements);
#endif
    t.finish();
}

}  // namespace

TEST_CASE("batch run = interp: funnel-shift selectors bind a packed kernel, SSE2 included, byte SIMD",
          "[batch][generated]") {
    funnel_sweep(ptxv::Geometry::byte, 0x66756e6e656c34);
}

TEST_CASE("batch run = interp: funnel-shift selectors bind a packed kernel, SSE2 included, half-word SIMD",
          "[batch][generated]") {
    funnel_sweep(ptxv::Geometry::half, 0x66756e6e656c32);
}

TEST_CASE("batch run = interp: scalar families, sizes, offsets, guards, selectors, d selectors, negations",
          "[batch][generated]") {
    const std::vector<int> vs = variants_of(ptxv::Geometry::scalar);
    REQUIRE(vs.size() == 640);
    proof::Tally t;
    Plan plan;
    proof::Rng rng(0x7363616c6172);
    std::size_t turn = 0;
    for (int v : vs) {
        proof::Prover def(proof::base(v), t);
        for (std::size_t s = 0; s < kSizes.size(); ++s) check_run(def, t, plan, rng, 1, s);
        for (int j = 0; j < 4; ++j) {
            proof::Prover p(ptxv::random_form(v, rng), t);
            for (int k = 0; k < 3; ++k) check_run(p, t, plan, rng, 1, turn++ % (kSizes.size() - 1));
        }
    }
    check_plan(t, plan, vs.size());
#if defined(__x86_64__)
    // The loops built for a wider target where the build has them
    // (PTXV_X86_SCALAR_LOOPS), the CPU has one and no cap below it is set;
    // the library's own otherwise.
    INFO("elements by kernel: " << plan.kernels());
    const std::string cap = isa_cap();
    const bool wide = PTXV_TEST_WIDE_SCALAR_LOOPS && __builtin_cpu_supports("avx2") && cap != "generated" &&
                      cap != "sse2" && cap != "ssse3";
    if (wide) CHECK(plan.packed() == plan.elements);
    else CHECK(plan.packed() == 0);
    if (cap == "avx2") CHECK(plan.by_kernel.count("avx512") == 0);
    CHECK(plan.by_kernel.count("avx512vbmi") == 0);
#endif
    t.finish();
}

TEST_CASE("batch run: every SIMD variant's default form binds a packed kernel on x86-64",
          "[batch][generated]") {
#if defined(__x86_64__)
    // SSE2 is part of x86-64, so the generated loop here means a binding was
    // missed, unless PTXV_ISA asked for it; a cap must also be obeyed.
    const std::string cap = isa_cap();
    std::vector<int> vs = variants_of(ptxv::Geometry::byte);
    for (int v : variants_of(ptxv::Geometry::half)) vs.push_back(v);
    std::map<std::string, int> counts;
    int wrong = 0;
    for (int v : vs) {
        const ptxv::Compiled f = ptxv::compile(proof::base(v));
        const std::string k = f.batch_kernel();
        ++counts[k];
        const bool known = k == "sse2" || k == "ssse3" || k == "avx2" || k == "avx512" || k == "generated";
        const bool allowed = cap == "generated" ? k == "generated"
                             : cap == "sse2"    ? k == "sse2"
                             : cap == "ssse3"   ? k == "sse2" || k == "ssse3"
                             : cap == "avx2"    ? k == "sse2" || k == "ssse3" || k == "avx2"
                                                : k != "generated";
        if ((!known || !allowed) && ++wrong <= proof::kMaxReports) {
            INFO(proof::kVariants[v].ptx << " binds \"" << k << "\" with PTXV_ISA=\"" << cap << '"');
            CHECK(known);
            CHECK(allowed);
        }
    }
    std::string summary;
    for (const auto& kv : counts) summary += kv.first + ": " + std::to_string(kv.second) + "  ";
    INFO("PTXV_ISA=\"" << cap << "\"; default forms by kernel: " << summary);
    REQUIRE(vs.size() == proof::axes_variants(ptxv::Geometry::byte) + proof::axes_variants(ptxv::Geometry::half));
    CHECK(wrong == 0);
    if (cap != "generated")
        CHECK(counts["sse2"] + counts["ssse3"] + counts["avx2"] + counts["avx512"] == static_cast<int>(vs.size()));
#else
    SUCCEED("packed batch kernels are x86-64 only; nothing to check on this target");
#endif
}
