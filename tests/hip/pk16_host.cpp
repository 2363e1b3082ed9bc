// The AMD device path of the lanes (lanes.hpp): PTXV_LANES_PK16, clang's
// vectors of two half-words, for which AMD's device pass selects
// v_pk_add_u16, v_pk_sub_i16 with clamp, v_pk_max_u16, ...; PTXV_LANES_SDWA8,
// vectors of four bytes for GFX9's byte minimum, maximum and saturating
// subtract; PTXV_LANES_AMD_SAD, the sums of absolute differences through
// v_sad_u8 and v_sad_u16, and PTXV_LANES_AMD_PERM, run-time selectors
// through v_perm_b32, each defined here as the ISA manuals define the
// instruction. Compiled by clang for the host and checked there, as no AMD
// GPU is at hand:
//   1. each lane operation of lanes<2> and those of lanes<4> on vectors, on
//      the vectors and on the SWAR formulas, and the sums of lanes<4> and
//      lanes<2> under drawn masks, against their definitions lane by lane,
//      written here;
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
#include <cstdint>

// V_SAD_U8 and V_SAD_U16 as the GCN3, Vega, RDNA2 and RDNA3 ISA manuals
// define them: D = S2 plus |S0 - S1| of each unsigned byte (half-word) field.
namespace isa {
inline std::uint32_t sad(std::uint32_t s0, std::uint32_t s1, std::uint32_t s2, int bits) {
    std::uint32_t d = s2;
    for (int i = 0; i < 32; i += bits) {
        const std::uint32_t x = (s0 >> i) & ((1u << bits) - 1u), y = (s1 >> i) & ((1u << bits) - 1u);
        d += x > y ? x - y : y - x;
    }
    return d;
}
// V_PERM_B32 as the same manuals define it, for selector bytes 0 to 7: byte
// i of D is byte sel[8i+7:8i] of the pair {S0, S1}, S1 its low word.
inline std::uint32_t perm(std::uint32_t s0, std::uint32_t s1, std::uint32_t sel) {
    const std::uint64_t pair = (std::uint64_t{s0} << 32) | s1;
    std::uint32_t d = 0;
    for (int i = 0; i < 4; ++i) d |= static_cast<std::uint32_t>((pair >> (8 * ((sel >> (8 * i)) & 0xffu))) & 0xffu) << (8 * i);
    return d;
}
}  // namespace isa

#define PTXV_LANES_PK16 1
#define PTXV_LANES_SDWA8 1
#define PTXV_LANES_AMD_SAD 1
#define PTXV_AMD_SAD_U8(a, b, c) isa::sad(a, b, c, 8)
#define PTXV_AMD_SAD_U16(a, b, c) isa::sad(a, b, c, 16)
#define PTXV_LANES_AMD_PERM 1
#define PTXV_AMD_PERM(s0, s1, sel) isa::perm(s0, s1, sel)

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
using B = ptxv::detail::lanes<4>;
using T = ptxv::detail::swar<4>;

// Lane i of x, w bits wide, unsigned or signed.
long long lane(u32 x, int i, bool s, int w = 16) {
    const long long v = (x >> (w * i)) & ((1ll << w) - 1);
    return s && v >= (1ll << (w - 1)) ? v - (1ll << w) : v;
}
long long clamp(long long v, bool s, int w = 16) {
    const long long lo = s ? -(1ll << (w - 1)) : 0, hi = s ? (1ll << (w - 1)) - 1 : (1ll << w) - 1;
    return v < lo ? lo : v > hi ? hi : v;
}

struct Op {
    int lanes;
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
long long rounded_average(long long x, long long y) { return (x + y + 1) >> 1; }
long long floor_average(long long x, long long y) { return (x + y) >> 1; }
// R5: half away from zero.
long long away_average(long long x, long long y) { return x + y >= 0 ? (x + y + 1) / 2 : -((1 - x - y) / 2); }
long long magnitude(long long x, long long) { return x < 0 ? -x : x; }
long long eq(long long x, long long y) { return x == y; }
long long ne(long long x, long long y) { return x != y; }
long long lt(long long x, long long y) { return x < y; }
long long le(long long x, long long y) { return x <= y; }
long long gt(long long x, long long y) { return x > y; }
long long ge(long long x, long long y) { return x >= y; }

// |a - b| with the constant b = 0 that CUDA's __vabs2 and __vabsss2 pass,
// which lanes<2> computes as max(a, -a).
u32 abs_vector(u32 a, u32) { return L::absdiffs(a, 0u); }
u32 abs_formula(u32 a, u32) { return S::absdiffs(a, 0u); }
u32 abs_sat_vector(u32 a, u32) { return L::absdiffss(a, 0u); }
u32 abs_sat_formula(u32 a, u32) { return S::absdiffss(a, 0u); }

const Op kOps[] = {
    {2, "add", L::add, S::add, false, false, plus},
    {2, "sub", L::sub, S::sub, false, false, minus},
    {2, "addus", L::addus, S::addus, false, true, plus},
    {2, "subus", L::subus, S::subus, false, true, minus},
    {2, "addss", L::addss, S::addss, true, true, plus},
    {2, "subss", L::subss, S::subss, true, true, minus},
    {2, "minu", L::minu, S::minu, false, false, lesser},
    {2, "maxu", L::maxu, S::maxu, false, false, greater},
    {2, "mins", L::mins, S::mins, true, false, lesser},
    {2, "maxs", L::maxs, S::maxs, true, false, greater},
    {2, "absdiffu", L::absdiffu, S::absdiffu, false, false, distance},
    {2, "absdiffs", L::absdiffs, S::absdiffs, true, false, distance},
    {2, "absdiffss", L::absdiffss, S::absdiffss, true, true, distance},
    {2, "avgu", L::avgu, S::avgu, false, false, rounded_average},
    {2, "avgd", L::avgd, S::avgd, false, false, floor_average},
    {2, "avgs", L::avgs, S::avgs, true, false, away_average},
    {2, "absdiffs(a, 0)", abs_vector, abs_formula, true, false, magnitude},
    {2, "absdiffss(a, 0)", abs_sat_vector, abs_sat_formula, true, true, magnitude},
    {2, "set_eq", L::set_eq, S::set_eq, false, false, eq},
    {2, "set_ne", L::set_ne, S::set_ne, false, false, ne},
    {2, "set_ltu", L::set_ltu, S::set_ltu, false, false, lt},
    {2, "set_leu", L::set_leu, S::set_leu, false, false, le},
    {2, "set_gtu", L::set_gtu, S::set_gtu, false, false, gt},
    {2, "set_geu", L::set_geu, S::set_geu, false, false, ge},
    {2, "set_lts", L::set_lts, S::set_lts, true, false, lt},
    {2, "set_les", L::set_les, S::set_les, true, false, le},
    {2, "set_gts", L::set_gts, S::set_gts, true, false, gt},
    {2, "set_ges", L::set_ges, S::set_ges, true, false, ge},
    {4, "minu", B::minu, T::minu, false, false, lesser},
    {4, "maxu", B::maxu, T::maxu, false, false, greater},
    {4, "mins", B::mins, T::mins, true, false, lesser},
    {4, "maxs", B::maxs, T::maxs, true, false, greater},
    {4, "subus", B::subus, T::subus, false, true, minus},
};

// c plus the sum of |a - b| over the lanes whose mask bits are set (R11).
template <int N> u32 sum_defined(u32 a, u32 b, u32 c, u32 m, bool s) {
    const int w = 32 / N;
    const u32 ones = (1u << w) - 1u;
    u32 d = c;
    for (int i = 0; i < N; ++i) {
        if (((m >> (w * i)) & ones) == 0) continue;
        d += static_cast<u32>(distance(lane(a, i, s, w), lane(b, i, s, w)));
    }
    return d;
}

u32 defined(const Op& op, u32 a, u32 b) {
    const int w = 32 / op.lanes;
    u32 d = 0;
    for (int i = 0; i < op.lanes; ++i) {
        long long v = op.lane(lane(a, i, op.is_signed, w), lane(b, i, op.is_signed, w));
        if (op.saturates) v = clamp(v, op.is_signed, w);
        d |= (static_cast<u32>(v) & ((1u << w) - 1u)) << (w * i);
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

// A few random pairs.
template <class F> void for_pairs_few(ptxv::SplitMix64& rng, F f) {
    for (int k = 0; k < 4; ++k) f(rng.word(), rng.word());
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
    // The sums, through v_sad_u8 / v_sad_u16 as the ISA defines them, with
    // each lane mask the lanes<N>::mask of a 4- or 2-bit SIMD mask.
    for (unsigned mask = 0; mask < 16; ++mask) {
        const u32 m4 = ptxv::detail::lanes<4>::mask(mask), m2 = L::mask(mask & 3u);
        for_pairs(0x706b3200 + mask, [&](u32 a, u32 b) {
            const u32 c = a * 0x9e3779b9u ^ b;
            const u32 got[4] = {ptxv::detail::lanes<4>::sadu(a, b, c, m4), ptxv::detail::lanes<4>::sads(a, b, c, m4),
                                L::sadu(a, b, c, m2), L::sads(a, b, c, m2)};
            const u32 want[4] = {sum_defined<4>(a, b, c, m4, false), sum_defined<4>(a, b, c, m4, true),
                                 sum_defined<2>(a, b, c, m2, false), sum_defined<2>(a, b, c, m2, true)};
            const char* names[4] = {"lanes<4>::sadu", "lanes<4>::sads", "lanes<2>::sadu", "lanes<2>::sads"};
            for (int k = 0; k < 4; ++k)
                if (got[k] != want[k]) report("sum", names[k], a, b, got[k], want[k]);
            checked += 4;
        });
    }
    // Run-time selectors (R2), through V_PERM_B32 as the ISA defines it:
    // lane i takes element digit i (its low 3 or 2 bits) of the pair {b:a}.
    ptxv::SplitMix64 selectors(0x706b3300);
    for (int k = 0; k < (1 << 16); ++k) {
        const u32 s = selectors.word() & 0xffffu;
        for_pairs_few(selectors, [&](u32 a, u32 b) {
            const std::uint64_t pair = (std::uint64_t{b} << 32) | a;
            u32 want4 = 0, want2 = 0;
            for (int i = 0; i < 4; ++i) want4 |= static_cast<u32>((pair >> (8 * ((s >> (4 * i)) & 7u))) & 0xffu) << (8 * i);
            for (int i = 0; i < 2; ++i) want2 |= static_cast<u32>((pair >> (16 * ((s >> (4 * i)) & 3u))) & 0xffffu) << (16 * i);
            const u32 got4 = ptxv::detail::lanes<4>::select(a, b, s), got2 = L::select(a, b, s);
            if (got4 != want4) report("select", "lanes<4>::select", a, s, got4, want4);
            if (got2 != want2) report("select", "lanes<2>::select", a, s, got2, want2);
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
    std::printf("%s: %zu lane operations, 4 sums under 16 masks, run-time selectors, %d intrinsics, %lld results, %lld wrong\n",
                failed ? "FAIL" : "ok", sizeof kOps / sizeof kOps[0], intrinsics, checked, failed);
    return failed ? 1 : 0;
}
