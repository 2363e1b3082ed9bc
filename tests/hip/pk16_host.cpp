// The AMD device path of the half-word lanes (lanes.hpp, PTXV_LANES_PK16:
// clang's vectors of two half-words, for which AMD's device pass selects
// v_pk_add_u16, v_pk_sub_i16 with clamp, v_pk_max_u16, ...), compiled by
// clang for the host and checked there, as no AMD GPU is at hand:
//   1. each lane operation of lanes<2>, on the vectors and on swar<2>'s
//      formulas, against its definition lane by lane, written here;
//   2. every CUDA SIMD intrinsic (ptxv::cuda::kIntrinsics, through that path
//      where it uses one) against tests/cuda_intrinsics/doc_model.hpp, the
//      per-lane model written from CUDA's documentation.
// Vectors: every pair of words whose lanes are boundary values, then seeded
// random pairs. The variants' rt:: forms on the same path are checked against
// the interpreter by tests/device/check_device.sh (its host bitcode built with
// PTXV_LANES_PK16=1).
#if !defined(__clang__)
#error "the half-word vector path is clang's"
#endif
#define PTXV_LANES_PK16 1

#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

#include "../cuda_intrinsics/doc_model.hpp"
#include "ptxv/random.hpp"
#include "ptxv_cuda.hpp"

namespace {

using u32 = std::uint32_t;
using L = ptxv::detail::lanes<2>;
using S = ptxv::detail::swar<2>;

// Lane i of x, unsigned or signed.
long long lane(u32 x, int i, bool s) {
    const long long v = (x >> (16 * i)) & 0xffffu;
    return s && v >= 0x8000 ? v - 0x10000 : v;
}
long long clamp(long long v, bool s) {
    const long long lo = s ? -0x8000 : 0, hi = s ? 0x7fff : 0xffff;
    return v < lo ? lo : v > hi ? hi : v;
}

struct Op {
    const char* name;
    u32 (*vector)(u32, u32);
    u32 (*formula)(u32, u32);
    bool is_signed, saturates;
    long long (*lane)(long long, long long);
};

long long plus(long long x, long long y) { return x + y; }
long long minus(long long x, long long y) { return x - y; }
long long lesser(long long x, long long y) { return x < y ? x : y; }
long long greater(long long x, long long y) { return x > y ? x : y; }
long long distance(long long x, long long y) { return x > y ? x - y : y - x; }

const Op kOps[] = {
    {"add", L::add, S::add, false, false, plus},
    {"sub", L::sub, S::sub, false, false, minus},
    {"addus", L::addus, S::addus, false, true, plus},
    {"subus", L::subus, S::subus, false, true, minus},
    {"addss", L::addss, S::addss, true, true, plus},
    {"subss", L::subss, S::subss, true, true, minus},
    {"minu", L::minu, S::minu, false, false, lesser},
    {"maxu", L::maxu, S::maxu, false, false, greater},
    {"mins", L::mins, S::mins, true, false, lesser},
    {"maxs", L::maxs, S::maxs, true, false, greater},
    {"absdiffu", L::absdiffu, S::absdiffu, false, false, distance},
    {"absdiffs", L::absdiffs, S::absdiffs, true, false, distance},
};

u32 defined(const Op& op, u32 a, u32 b) {
    u32 d = 0;
    for (int i = 0; i < 2; ++i) {
        long long v = op.lane(lane(a, i, op.is_signed), lane(b, i, op.is_signed));
        if (op.saturates) v = clamp(v, op.is_signed);
        d |= (static_cast<u32>(v) & 0xffffu) << (16 * i);
    }
    return d;
}

std::vector<u32> boundary_words() {
    const u32 lanes[] = {0x0000, 0x0001, 0x0002, 0x00ff, 0x0100, 0x3fff, 0x4000, 0x7ffe,
                         0x7fff, 0x8000, 0x8001, 0xbfff, 0xc000, 0xfffe, 0xffff};
    std::vector<u32> w;
    for (u32 hi : lanes)
        for (u32 lo : lanes) w.push_back(hi << 16 | lo);
    return w;
}

template <class F> void for_pairs(std::uint64_t seed, F f) {
    const std::vector<u32> w = boundary_words();
    for (u32 a : w)
        for (u32 b : w) f(a, b);
    ptxv::SplitMix64 rng(seed);
    for (int k = 0; k < (1 << 18); ++k) f(rng.word(), rng.word());
}

}  // namespace

int main() {
    long long checked = 0, failed = 0;
    auto report = [&](const char* what, const char* name, u32 a, u32 b, u32 got, u32 want) {
        if (++failed <= 10)
            std::printf("FAIL: %s %s(0x%08x, 0x%08x) = 0x%08x, want 0x%08x\n", what, name, a, b, got, want);
    };
    for (const Op& op : kOps) {
        for_pairs(0x706b3136, [&](u32 a, u32 b) {
            const u32 want = defined(op, a, b);
            const u32 v = op.vector(a, b), f = op.formula(a, b);
            if (v != want) report("vector", op.name, a, b, v, want);
            if (f != want) report("formula", op.name, a, b, f, want);
            checked += 2;
        });
    }
    int intrinsics = 0;
    for (const auto& e : ptxv::cuda::kIntrinsics) {
        if (std::string_view(e.name).substr(0, 3) != "__v") continue;  // __sad, __usad: no lanes
        ++intrinsics;
        for_pairs(0x706b3137 + static_cast<std::uint64_t>(intrinsics), [&](u32 a, u32 b) {
            bool known = false;
            const u32 want = ptxv_test::cuda_doc::eval(e.name, a, b, 0, known);
            const u32 got = e.eval(a, b, 0);
            if (!known || got != want) report("intrinsic", e.name, a, b, got, want);
            ++checked;
        });
    }
    std::printf("%s: %zu lane operations, %d intrinsics, %lld results, %lld wrong\n",
                failed ? "FAIL" : "ok", sizeof kOps / sizeof kOps[0], intrinsics, checked, failed);
    return failed ? 1 : 0;
}
