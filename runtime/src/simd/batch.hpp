// ptxv: Compiled::run's packed kernels for the SIMD families (vadd2 ...
// vset2, vadd4 ... vset4), from the SIMD kernel library that the array forms
// use too (generated/ptxv_array.hpp, from generator/primitives/simd.hpp).
//
// Each variant's lane plan comes from the tables (spec::kVariants[i].lane_plan,
// decided by ptxv-gen's plan pass); the kernels of a plan exist once per x86
// target, in a unit built for it (batch_sse2.cpp, batch_ssse3.cpp,
// batch_avx2.cpp, batch_avx512.cpp), and bind() takes the best one the CPU
// has. What stays a
// run-time value is decoded into Params: the byte shuffles that apply the
// selectors (R2) and the lanes the mask keeps (R4).
// Everything here is checked element for element against the interpreter
// (tests/generated/test_gen_batch.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "binding.hpp"
#include "ptxv/instr.hpp"

namespace ptxv::simd {

// What becomes of the lane results: stored, merged with c under a partial
// mask (R10), or summed into c (.add, R11).
enum class Out : std::uint8_t { store, merge, sum };
inline constexpr int kOuts = 3;

// How the selectors are applied: not at all (the defaults, or each
// operand's lanes in their own places in one word, which is then loaded in
// its place), one byte shuffle per operand when each operand's lanes come
// from one source, or two shuffles and an or per operand; without byte
// shuffles (SSE2), a funnel shift of each operand's pair when its lanes are
// consecutive lanes of the pair {b:a}, wrapping (a.b4321, b.h21, ...).
enum class Shuffle : std::uint8_t { none, one, two, funnel };
inline constexpr int kShuffles = 4;

// Runs d[i] = op(a[i], b[i], c) over the largest multiple of the vector's
// word count <= n, c from c[i] or, when c is null, cval; returns how many it
// did. Its first argument points at the Params bind() filled.
using Kernel = detail::BatchKernel;

// SSE2's other selectors (no byte shuffle, and neither in place nor a
// funnel): each operand's live lanes as moves of one source word's bits,
// (X >> right << left) kept in the lanes of `lanes` (bit i: lane i of the
// element), the lanes that move alike in one move. A pass of their own puts
// a chunk of each operand in place (UnitHelpers::selected), and the plan's
// unshuffled kernel, `inner`, runs over the chunks.
struct LaneMoves {
    std::uint8_t count;
    std::uint8_t from_b[4], right[4], left[4], lanes[4];
};
struct Selected {
    LaneMoves a, b;
    std::uint8_t width;  // bytes per lane
    Kernel inner;
};

struct alignas(16) Params {
    union {
        // Byte shuffles within each 16-byte block: a from a, a from b, b
        // from a, b from b; or, when each operand reads one source, [0] and
        // [2] alone; or, for a VBMI kernel, a word's control over its pair in
        // the first four bytes of [0] and [2] (pair_controls_avx512vbmi).
        std::uint8_t shuffle[4][16];
        // Or, for UnitHelpers::selected, the moves (the SSE2 kernels read
        // no byte shuffles).
        Selected selected;
    };
    std::uint64_t wide_keep;  // the same for the lanes widened to twice their width, per 64 bits
    std::uint32_t keep;       // the lane bits of a word the mask keeps
    std::uint32_t count;      // how many lanes that is
    // A widened .sat plan's clamp (R7), the least and the greatest lane of d
    // as widened lanes of a word (array::detail::Range): the kernel plans
    // leave d's signedness out (lane::kernel_shape).
    std::uint32_t clamp[2];
    std::uint8_t a_from_b;  // none or one source per operand: a's lanes come from b
    std::uint8_t b_from_a;  // b's lanes come from a
    // Funnel: operand a is (X >> r) | (Y << (32 - r)) with r = funnel_right[0]
    // bits, X = b where a_from_b is set, else a, and Y the other; the same
    // for b with funnel_right[1], X = a where b_from_a is set.
    std::uint8_t funnel_right[2];
};
static_assert(sizeof(Params) <= sizeof(detail::Binding::params), "the binding keeps room for the kernel parameters");

// The kernel of lane plan `plan` (an index into spec::kLanePlans) for an
// output and a way of applying selectors, from the unit built for SSE2 (no
// shuffle), SSSE3, AVX2, AVX-512 or AVX-512 VBMI; null where the unit was
// built without those instructions.
// `warp` gets the same kernel's Compiled::warp form.
Kernel kernel_sse2(int plan, Out out, Shuffle shuffle, WarpFn& warp);
Kernel kernel_ssse3(int plan, Out out, Shuffle shuffle, WarpFn& warp);
Kernel kernel_avx2(int plan, Out out, Shuffle shuffle, WarpFn& warp);
Kernel kernel_avx512(int plan, Out out, Shuffle shuffle, WarpFn& warp);
// AVX-512 with VBMI: Shuffle::two only (vpermt2b), the AVX-512 unit the rest.
Kernel kernel_avx512vbmi(int plan, Out out, Shuffle shuffle, WarpFn& warp);
// The VBMI kernels' selectors: each operand's vpermt2b control over a word's
// pair {b:a}, from the kernel library (array::detail::pair_control), in the
// first four bytes of p.shuffle[0] (a) and [2] (b), in place of the pshufb
// controls bind() wrote there.
void pair_controls_avx512vbmi(const Instr& in, Params& p);

// Each unit's UnitHelpers (binding.hpp).
UnitHelpers helpers_sse2();
UnitHelpers helpers_ssse3();
UnitHelpers helpers_avx2();
UnitHelpers helpers_avx512();  // also where the CPU has VBMI

// A scalar variant's loops (binding.hpp's ScalarLoops) built as the library
// is (scalar_baseline.cpp), or for AVX2 or AVX-512; nulls for a SIMD variant
// or where the unit was built without those instructions.
ScalarLoops scalar_baseline(int variant);
ScalarLoops scalar_avx2(int variant);
ScalarLoops scalar_avx512(int variant);

}  // namespace ptxv::simd
