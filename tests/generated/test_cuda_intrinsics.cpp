// CUDA's SIMD intrinsics (generated/ptxv_cuda.hpp, ptxv_cuda_compat.hpp):
//   - each is its instruction: ptxv::cuda against the reference interpreter
//     through the table's mapping (operands, then the post-step written here
//     once more as a lane loop);
//   - each does what CUDA's documentation says: against the per-lane model of
//     tests/cuda_intrinsics/doc_model.hpp, written from the documentation's
//     words and not from the mapping, so a wrong mapping fails here;
//   - CUDA's spellings (the compat header) are the same functions.
// Vectors: every pair of byte values in every lane for the ...4 forms; for the
// ...2 forms and __sad/__usad every pair (triple) of a boundary table plus
// seeded random words.
#include <catch2/catch.hpp>

#include <cstdint>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "../cuda_intrinsics/doc_model.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_cuda_compat.hpp"

namespace {

using u32 = std::uint32_t;
using ptxv::cuda::Intrinsic;
using ptxv::cuda::kIntrinsics;

// The post-steps as their definitions say, lane by lane.
u32 lanes_to_mask(u32 d, int lanes, bool& ok) {
    const int w = 32 / lanes;
    const u32 ones = (1u << w) - 1u;
    u32 r = 0;
    for (int i = 0; i < lanes; ++i) {
        const u32 lane = (d >> (w * i)) & ones;
        ok = ok && lane <= 1u;  // vset gives 0 or 1 per lane
        r |= (lane != 0 ? ones : 0u) << (w * i);
    }
    return r;
}
// The average rounded down is the rounded-up one less one where a + b is odd.
u32 round_down(u32 d, u32 a, u32 b, int lanes) {
    const int w = 32 / lanes;
    const u32 ones = (1u << w) - 1u;
    u32 r = 0;
    for (int i = 0; i < lanes; ++i) {
        const u32 up = (d >> (w * i)) & ones;
        const u32 odd = (((a >> (w * i)) & ones) + ((b >> (w * i)) & ones)) % 2u;
        r |= ((up - odd) & ones) << (w * i);
    }
    return r;
}

struct Reference {
    const Intrinsic& e;
    ptxv::Instr instr;
    explicit Reference(const Intrinsic& x)
        : e(x), instr(ptxv::parse(std::string(x.ptx) + (x.has_c ? " r1, r2, r3, r4;" : " r1, r2, r3;"))) {}
    u32 operator()(u32 x, u32 y, u32 z, bool& ok) const {
        const u32 args[3] = {x, y, z};
        auto op = [&](int k) { return e.source[k] < 0 ? 0u : args[e.source[k]]; };
        const u32 d = ptxv::interpret(instr, op(0), op(1), op(2));
        const std::string post = e.post;
        if (post == "lanes_to_mask") return lanes_to_mask(d, e.lanes, ok);
        if (post == "round_down") return round_down(d, op(0), op(1), e.lanes);
        ok = ok && post == "none";
        return d;
    }
};

// The vectors of one intrinsic, (x, y, z) in CUDA's argument order.
template <class F> void for_vectors(const Intrinsic& e, F f) {
    ptxv::SplitMix64 rng(0xc0da0000u + static_cast<std::uint64_t>(e.lanes * 7 + e.arity));
    if (e.lanes == 4) {
        // Each lane sees every (a, b) byte pair: lane i's pair is a bijection of (x, y).
        for (u32 x = 0; x < 256; ++x)
            for (u32 y = 0; y < 256; ++y) {
                const u32 a = x | (y ^ 0x5au) << 8 | (x ^ 0xffu) << 16 | y << 24;
                const u32 b = y | x << 8 | (y ^ 0xffu) << 16 | (x ^ 0xa5u) << 24;
                f(a, b, rng.word());
            }
        return;
    }
    std::vector<u32> edges;
    if (e.lanes == 2) {
        const u32 h[] = {0x0000, 0x0001, 0x0002, 0x00ff, 0x0100, 0x7ffe, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff, 0x1234};
        for (u32 hi : h)
            for (u32 lo : h) edges.push_back(hi << 16 | lo);
    } else {
        edges = {0u, 1u, 2u, 0x7ffffffeu, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu, 0x0000ffffu, 0x12345678u};
    }
    for (u32 x : edges)
        for (u32 y : edges) {
            if (e.arity == 3)
                for (u32 z : {0u, 1u, 0x7fffffffu, 0x80000000u, 0xffffffffu}) f(x, y, z);
            else
                f(x, y, 0u);
        }
    for (int i = 0; i < 200000; ++i) {
        const u32 x = ptxv::biased_word(rng), y = ptxv::biased_word(rng), z = ptxv::biased_word(rng);
        f(x, y, z);
    }
}

std::string hex(u32 v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

}  // namespace

TEST_CASE("the table covers CUDA's SIMD intrinsics and __sad/__usad, each once", "[cuda]") {
    std::set<std::string> table, doc;
    for (const auto& e : kIntrinsics) CHECK(table.insert(e.name).second);
    for (const auto n : ptxv_test::cuda_doc::kDocNames) doc.insert(std::string(n));
    CHECK(table == doc);
    CHECK(table.size() == std::size(ptxv_test::cuda_doc::kDocNames));
    // Each with the lanes the documentation's name gives it.
    for (const auto& e : kIntrinsics) {
        int lanes = 1;
        ptxv_test::cuda_doc::detail::describe_index(e.name, lanes);
        INFO(e.name);
        CHECK(e.lanes == lanes);
    }
}

TEST_CASE("every CUDA intrinsic is its instruction (against the interpreter)", "[cuda]") {
    for (const auto& e : kIntrinsics) {
        const Reference ref(e);
        long mismatches = 0, n = 0;
        bool ok = true;
        std::string first;
        for_vectors(e, [&](u32 x, u32 y, u32 z) {
            ++n;
            const u32 want = ref(x, y, z, ok), got = e.eval(x, y, z);
            if (want != got && mismatches++ == 0)
                first = "(" + hex(x) + ", " + hex(y) + ", " + hex(z) + "): " + hex(got) + ", interpreter " + hex(want);
        });
        INFO(e.name << " = " << e.ptx << " then " << e.post << ", " << n << " vectors; first mismatch " << first);
        CHECK(ok);
        CHECK(mismatches == 0);
    }
}

TEST_CASE("every CUDA intrinsic does what CUDA documents (against a per-lane model of its words)", "[cuda]") {
    for (const auto& e : kIntrinsics) {
        long mismatches = 0, n = 0;
        bool known = true;
        std::string first;
        for_vectors(e, [&](u32 x, u32 y, u32 z) {
            ++n;
            const u32 want = ptxv_test::cuda_doc::eval(e.name, x, y, z, known), got = e.eval(x, y, z);
            if (want != got && mismatches++ == 0)
                first = "(" + hex(x) + ", " + hex(y) + ", " + hex(z) + "): " + hex(got) + ", documented " + hex(want);
        });
        INFO(e.name << ", " << n << " vectors; first mismatch " << first);
        CHECK(known);
        CHECK(mismatches == 0);
    }
}

// constexpr, and CUDA's own examples (device_functions.h) where they are right.
static_assert(ptxv::cuda::vcmpeq2(0x1234aba5u, 0x1234aba6u) == 0xffff0000u);
static_assert(ptxv::cuda::vcmpgeu4(0x1234aba5u, 0x1234aba6u) == 0xffffff00u);
static_assert(ptxv::cuda::vcmplts2(0x1234aba5u, 0x1234aba6u) == 0x0000ffffu);
static_assert(ptxv::cuda::vsadu4(0x01020304u, 0x04030201u) == 8u);

TEST_CASE("CUDA's spellings are the ptxv::cuda functions", "[cuda]") {
    ptxv::SplitMix64 rng(20261125);
    for (int i = 0; i < 1000; ++i) {
        const u32 a = ptxv::biased_word(rng), b = ptxv::biased_word(rng), c = ptxv::biased_word(rng);
        CHECK(__vsadu4(a, b) == ptxv::cuda::vsadu4(a, b));
        CHECK(__vcmpgtu2(a, b) == ptxv::cuda::vcmpgtu2(a, b));
        CHECK(__vhaddu4(a, b) == ptxv::cuda::vhaddu4(a, b));
        CHECK(__vabsss2(a) == ptxv::cuda::vabsss2(a));
        CHECK(__vnegss4(a) == ptxv::cuda::vnegss4(a));
        CHECK(__sad(static_cast<int>(a), static_cast<int>(b), c) == ptxv::cuda::sad(static_cast<std::int32_t>(a), static_cast<std::int32_t>(b), c));
        CHECK(__usad(a, b, c) == ptxv::cuda::usad(a, b, c));
    }
    // The signatures are CUDA's: the functions convert to pointers of its types.
    unsigned int (*two)(unsigned int, unsigned int) = __vaddss4;
    unsigned int (*one)(unsigned int) = __vneg2;
    unsigned int (*sad)(int, int, unsigned int) = __sad;
    CHECK(two(0x7f7f0000u, 0x01010000u) == 0x7f7f0000u);
    CHECK(one(0x00010000u) == 0xffff0000u);
    CHECK(sad(-1, 1, 5u) == 7u);
}
