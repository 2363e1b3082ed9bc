// Shared by the tests of the array forms (test_gen_array*.cpp): the sweeps,
// over a table of compile-time forms that each test file builds from
// ptxv_array.hpp with its own settings.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "proof.hpp"

namespace array_proof {


using proof::u32;
using Fn = void (*)(const u32*, const u32*, const u32*, u32*, std::size_t);

// One compile-time form of an array function and what it means as an instruction.
struct Form {
    Fn fn;
    unsigned asel, bsel, mask;
    bool swapped;  // Va reads b and Vb reads a: feed the pairs the other way round
    const char* kind;
};

struct Entry {
    const char* name;
    std::vector<Form> forms;
    unsigned plan = 0;  // the lane plan, in a table of one variant per plan (PTXV_ARRAY_*_PLANS)
};

inline int variant_index(const std::string& fn) {
    for (int v = 0; v < proof::kVariantCount; ++v)
        if (fn == proof::kVariants[v].function) return v;
    return -1;
}

// The pairs (x, y) of `values`, every lane of a holding x and every lane of
// b holding y, through each form of each function of the geometry.
inline void pair_sweep(const std::vector<Entry>& entries, unsigned lanes, const std::vector<u32>& values,
                       std::uint64_t seed) {
    REQUIRE(!entries.empty());
    const u32 splat = lanes == 4 ? 0x01010101u : 0x00010001u;
    proof::Rng rng(seed);
    proof::Tally t;
    const std::size_t pairs = values.size() * values.size();
    std::vector<u32> a(pairs), b(pairs), c(pairs), d(pairs);
    for (std::size_t j = 0; j < pairs; ++j) {
        a[j] = values[j / values.size()] * splat;
        b[j] = values[j % values.size()] * splat;
    }
    std::size_t forms = 0;
    for (const Entry& e : entries) {
        const int v = variant_index(e.name);
        REQUIRE(v >= 0);
        REQUIRE(proof::lanes_of_variant(v) == lanes);
        for (const Form& f : e.forms) {
            ++forms;
            const ptxv::Instr in = proof::simd_form(v, f.asel, f.bsel, f.mask);
            const std::vector<u32>& av = f.swapped ? b : a;
            const std::vector<u32>& bv = f.swapped ? a : b;
            for (u32& x : c) x = rng.word();
            f.fn(av.data(), bv.data(), c.data(), d.data(), pairs);
            for (std::size_t j = 0; j < pairs; ++j) {
                ++t.vectors;
                const u32 want = ptxv::interpret(in, av[j], bv[j], c[j]);
                if (d[j] != want) t.report(in, av[j], bv[j], c[j], want, d[j], f.kind);
            }
        }
    }
    CHECK(forms == entries.size() * entries.front().forms.size());
    CHECK(t.vectors == forms * pairs);
    t.finish();
}

// Sizes around the vector steps of every target (4, 8 and 16 words, four
// steps a round) and their tails, unaligned starts, guard words around d
// (a stray 64-byte store reaches 15 words past), and the in-place form d = a.
inline void shape_sweep(const std::vector<Entry>& entries, unsigned lanes, std::uint64_t seed) {
    constexpr std::size_t kSizes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 79, 100};
    constexpr std::size_t kGuard = 16;
    proof::Rng rng(seed);
    proof::Tally t;
    std::uint64_t runs = 0;
    for (const Entry& e : entries) {
        const int v = variant_index(e.name);
        REQUIRE(v >= 0);
        for (const Form& f : e.forms) {
            const ptxv::Instr in = proof::simd_form(v, f.asel, f.bsel, f.mask);
            for (std::size_t n : kSizes) {
                const std::size_t oa = rng.below(4), ob = rng.below(4), oc = rng.below(4), od = rng.below(4);
                const auto edge_word = [&] { return proof::lane_word(rng, lanes); };
                const auto random_word = [&] { return rng.word(); };
                const proof::Input ab(oa, n, edge_word), bb(ob, n, edge_word), cb(oc, n, random_word);
                const u32 *pa = ab.data(), *pb = bb.data(), *pc = cb.data();
                proof::GuardedOutput out(kGuard, od, n);
                u32* d = out.data();
                f.fn(pa, pb, pc, d, n);
                // In place: d is a copy of a, and a is read from it.
                std::vector<u32> inplace(pa, pa + n);
                inplace.push_back(0);
                f.fn(inplace.data(), pb, pc, inplace.data(), n);
                ++runs;
                const std::string where = std::string(f.kind) + " n=" + std::to_string(n);
                for (std::size_t i = 0; i < n; ++i) {
                    t.vectors += 2;
                    const u32 want = ptxv::interpret(in, pa[i], pb[i], pc[i]);
                    if (d[i] != want) t.report(in, pa[i], pb[i], pc[i], want, d[i], where.c_str());
                    if (inplace[i] != want) t.report(in, pa[i], pb[i], pc[i], want, inplace[i], (where + " in place").c_str());
                }
                out.check_guards(in, where, t);
            }
        }
    }
    CHECK(runs == entries.size() * entries.front().forms.size() * (sizeof kSizes / sizeof kSizes[0]));
    t.finish();
}

// A table holds each SIMD variant of its geometry once (by_plan: one variant
// of each lane plan, the plans distinct), each with the same number of forms.
inline void check_table(const std::vector<Entry>& entries, unsigned lanes, bool by_plan) {
    std::size_t variants = 0;
    for (int v = 0; v < proof::kVariantCount; ++v) variants += proof::lanes_of_variant(v) == lanes ? 1 : 0;
    std::vector<int> seen;
    std::vector<unsigned> plans;
    for (const Entry& e : entries) {
        INFO(e.name);
        const int v = variant_index(e.name);
        REQUIRE(v >= 0);
        CHECK(proof::lanes_of_variant(v) == lanes);
        CHECK(std::find(seen.begin(), seen.end(), v) == seen.end());
        seen.push_back(v);
        CHECK(e.forms.size() == entries.front().forms.size());
        if (by_plan) {
            CHECK(std::find(plans.begin(), plans.end(), e.plan) == plans.end());
            plans.push_back(e.plan);
        }
    }
    if (by_plan) {
        CHECK(!entries.empty());
        CHECK(entries.size() < variants);
    } else {
        CHECK(entries.size() == variants);
    }
}

// Every byte value against every byte value, in every lane.
inline void byte_pairs(const std::vector<Entry>& entries, std::uint64_t seed) {
    std::vector<u32> bytes(256);
    for (u32 x = 0; x < 256; ++x) bytes[x] = x;
    pair_sweep(entries, 4, bytes, seed);
}

// Half-word pairs: proof::half_pair_values() crossed.
inline void half_pairs(const std::vector<Entry>& entries, std::uint64_t seed) {
    pair_sweep(entries, 2, proof::half_pair_values(), seed);
}

}  // namespace array_proof

// The compile-time forms, for the file that includes ptxv_array.hpp with its
// own settings. Core: the default form; a paired form (each lane reads a and
// b at one position, the array forms then move results, not operands) with
// a position read twice and a partial mask; and both words in both operands
// (upper lanes from the other word) under a partial mask. Permuted: a paired
// form that reads each position once, under a mask that differs from the
// positions read (sums then run over those positions); and Va from b's
// lanes and Vb from a's, fed the other way round.
#define PTXV_ARRAY_FORM4_DEFAULT(f) {&ptxv::array::f<>, 0x3210u, 0x7654u, 0xfu, false, "default"}
#define PTXV_ARRAY_FORM2_DEFAULT(f) {&ptxv::array::f<>, 0x10u, 0x32u, 0x3u, false, "default"}
#define PTXV_ARRAY_FORMS4_CORE(f)                                                                               \
    PTXV_ARRAY_FORM4_DEFAULT(f),                                                                               \
        {&ptxv::array::f<0x1130u, 0x5574u, ptxv::mask::b320>, 0x1130u, 0x5574u, 0xdu, false, "paired, repeats"}, \
        {&ptxv::array::f<0x6501u, 0x2374u, ptxv::mask::b31>, 0x6501u, 0x2374u, 0xau, false, "mixed"}
#define PTXV_ARRAY_FORMS4_PERMUTED(f)                                                                   \
    {&ptxv::array::f<0x0123u, 0x4567u, ptxv::mask::b310>, 0x0123u, 0x4567u, 0xbu, false, "paired"}, \
        {&ptxv::array::f<0x6547u, 0x0213u, ptxv::mask::b3210>, 0x6547u, 0x0213u, 0xfu, true, "swapped"}
#define PTXV_ARRAY_FORMS2_CORE(f)                                                                     \
    PTXV_ARRAY_FORM2_DEFAULT(f),                                                                     \
        {&ptxv::array::f<0x11u, 0x33u, ptxv::mask::h10>, 0x11u, 0x33u, 0x3u, false, "paired, repeats"}, \
        {&ptxv::array::f<0x21u, 0x03u, ptxv::mask::h0>, 0x21u, 0x03u, 0x1u, false, "mixed"}
#define PTXV_ARRAY_FORMS2_PERMUTED(f)                                                         \
    {&ptxv::array::f<0x01u, 0x23u, ptxv::mask::h1>, 0x01u, 0x23u, 0x2u, false, "paired"}, \
        {&ptxv::array::f<0x23u, 0x01u, ptxv::mask::h10>, 0x23u, 0x01u, 0x3u, true, "swapped"}

// The sets of forms a test file can give every variant: DEFAULT, CORE, or
// ALL (core and permuted), as table entries for PTXV_ARRAY_*_VARIANTS.
#define PTXV_ARRAY_ENTRY4_DEFAULT(f, ptx) {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORM4_DEFAULT(f)}},
#define PTXV_ARRAY_ENTRY2_DEFAULT(f, ptx) {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORM2_DEFAULT(f)}},
#define PTXV_ARRAY_ENTRY4_CORE(f, ptx) {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORMS4_CORE(f)}},
#define PTXV_ARRAY_ENTRY2_CORE(f, ptx) {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORMS2_CORE(f)}},
#define PTXV_ARRAY_ENTRY4_ALL(f, ptx) \
    {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORMS4_CORE(f), PTXV_ARRAY_FORMS4_PERMUTED(f)}},
#define PTXV_ARRAY_ENTRY2_ALL(f, ptx) \
    {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORMS2_CORE(f), PTXV_ARRAY_FORMS2_PERMUTED(f)}},

// table(lanes): every SIMD variant of a geometry from the generated lists,
// each with the forms of SET.
#define PTXV_ARRAY_PROOF_TABLE_FROM(BYTE_LIST, HALF_LIST, ENTRY4, ENTRY2, BY_PLAN)                    \
    constexpr bool kByPlan = BY_PLAN;                                                                   \
    const std::vector<array_proof::Entry>& table(unsigned lanes) {                                     \
        static const std::vector<array_proof::Entry> byte = {BYTE_LIST(ENTRY4)};                       \
        static const std::vector<array_proof::Entry> half = {HALF_LIST(ENTRY2)};                       \
        return lanes == 4 ? byte : half;                                                               \
    }
#define PTXV_ARRAY_PROOF_TABLE_OF(SET)                                                                 \
    PTXV_ARRAY_PROOF_TABLE_FROM(PTXV_ARRAY_BYTE_VARIANTS, PTXV_ARRAY_HALF_VARIANTS, PTXV_ARRAY_ENTRY4_##SET, \
                                PTXV_ARRAY_ENTRY2_##SET, false)

// The same with one variant of each lane plan (PTXV_ARRAY_*_PLANS): for a
// test of the vector code built for one target, which a plan's variants
// share (test_gen_array.cpp proves every variant's form, its last words
// included, as the library is built).
#define PTXV_ARRAY_PLAN_ENTRY4_ALL(f, ptx, plan) \
    {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORMS4_CORE(f), PTXV_ARRAY_FORMS4_PERMUTED(f)}, plan},
#define PTXV_ARRAY_PLAN_ENTRY2_ALL(f, ptx, plan) \
    {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORMS2_CORE(f), PTXV_ARRAY_FORMS2_PERMUTED(f)}, plan},
#define PTXV_ARRAY_PLAN_ENTRY4_DEFAULT(f, ptx, plan) {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORM4_DEFAULT(f)}, plan},
#define PTXV_ARRAY_PLAN_ENTRY2_DEFAULT(f, ptx, plan) {#f, std::vector<array_proof::Form>{PTXV_ARRAY_FORM2_DEFAULT(f)}, plan},
#define PTXV_ARRAY_PROOF_PLAN_TABLE_OF(SET)                                                            \
    PTXV_ARRAY_PROOF_TABLE_FROM(PTXV_ARRAY_BYTE_PLANS, PTXV_ARRAY_HALF_PLANS, PTXV_ARRAY_PLAN_ENTRY4_##SET, \
                                PTXV_ARRAY_PLAN_ENTRY2_##SET, true)

// table() with the forms of FULL, or of the smaller SANITIZED under the
// sanitizers (tools/sanitize.sh): what ASan and UBSan add here, the bounds of
// the loads and stores, whole and partial, does not
// depend on the selectors, and more forms would multiply the time a test
// file takes to build with instrumentation.
#if PTXV_TEST_SANITIZED
#define PTXV_ARRAY_PROOF_TABLE(FULL, SANITIZED) PTXV_ARRAY_PROOF_TABLE_OF(SANITIZED)
#define PTXV_ARRAY_PROOF_PLAN_TABLE(FULL, SANITIZED) PTXV_ARRAY_PROOF_PLAN_TABLE_OF(SANITIZED)
#else
#define PTXV_ARRAY_PROOF_TABLE(FULL, SANITIZED) PTXV_ARRAY_PROOF_TABLE_OF(FULL)
#define PTXV_ARRAY_PROOF_PLAN_TABLE(FULL, SANITIZED) PTXV_ARRAY_PROOF_PLAN_TABLE_OF(FULL)
#endif

// The test cases over table().
#define PTXV_ARRAY_PROOF_CASES(NAME, SEED)                                                         \
    TEST_CASE(NAME ": the table holds each variant or each lane plan once", "[array][generated]") { \
        array_proof::check_table(table(4), 4, kByPlan);                                            \
        array_proof::check_table(table(2), 2, kByPlan);                                            \
    }                                                                                              \
    TEST_CASE(NAME " = interp: every byte pair in every lane, byte SIMD", "[array][generated]") {  \
        array_proof::byte_pairs(table(4), (SEED) + 1);                                             \
    }                                                                                              \
    TEST_CASE(NAME " = interp: edge half-word pairs in every lane, half-word SIMD",                \
              "[array][generated]") {                                                              \
        array_proof::half_pairs(table(2), (SEED) + 2);                                             \
    }                                                                                              \
    TEST_CASE(NAME " = interp: sizes, offsets, guards and in place, both geometries",              \
              "[array][generated]") {                                                              \
        array_proof::shape_sweep(table(4), 4, (SEED) + 3);                                         \
        array_proof::shape_sweep(table(2), 2, (SEED) + 4);                                         \
    }
