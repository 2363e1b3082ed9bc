// ptxv: what compile() binds beside a variant's bound form and what run()
// and the warp forms call (runtime/src/core/compile.cpp), and what the
// kernel units (this folder) give it: the one header both sides read.
//
// Compiled keeps a Binding in its opaque bytes; a bound warp step
// (ptxv::WarpFn) gets their address, which is that of the Binding's params,
// the parameters its kernel decoded.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ptxv/forms.hpp"
#include "ptxv/instr.hpp"

namespace ptxv::detail {

// d[i] = r[i] for each i < 32 whose bit is set in `active`, the other d[i]
// unchanged.
using WarpMerge = void (*)(const std::uint32_t* r, std::uint32_t* d, std::uint32_t active) noexcept;
// A scalar variant's loop over one of its bodies: d[i] = op(a[i], b[i], c[i])
// for i < n with the parameters decoded into w (kDecodedWords words); d may
// not overlap a, b or c.
using BodyLoop = void (*)(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                          std::size_t n, const std::uint32_t* w) noexcept;
// Runs d[i] = op(a[i], b[i], c) over a prefix of the n elements, c from c[i]
// or, when c is null, cval; returns how many it did.
using BatchKernel = std::size_t (*)(const void* params, const std::uint32_t* a, const std::uint32_t* b,
                                    const std::uint32_t* c, std::uint32_t cval, std::uint32_t* d,
                                    std::size_t n) noexcept;
// The elements of one step of the widest kernel (AVX-512: 16 words), which
// run() pads a shorter run to.
inline constexpr std::size_t kPadWords = 16;
// For 0 < n < kPadWords: p[i] = a[i], p[kPadWords + i] = b[i] and, where c
// is not null, p[2 * kPadWords + i] = c[i] for i < n, zeros after each up to
// kPadWords; each vector of p is written whole, so that a kernel's load of it
// is forwarded from one store instead of waiting for several to retire.
using PadWords = void (*)(std::uint32_t* p, const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                          std::size_t n) noexcept;

// Trivially copyable, so that a Compiled copied holds the same binding in
// its bytes.
struct alignas(16) Binding {
    // A packed kernel's decoded parameters (simd::Params), or a scalar
    // variant's decoded words, which its warp form reads.
    unsigned char params[96] = {};
    // A scalar variant's loop over its body for these parameters, which run()
    // and the warp forms use; null for a SIMD variant.
    BodyLoop loop = nullptr;
    // A SIMD variant's generated loops, for what no packed kernel takes; null
    // where the library is built with its x86 kernel units, whose kernels take
    // every form but on a CPU without SSSE3 (run() then steps the bound form).
    ManyFn many = nullptr;
    ManyCFn many_c = nullptr;
    BatchKernel kernel = nullptr;
    WarpMerge merge = nullptr;
    PadWords pad = nullptr;
    const char* kernel_name = "generated";
};

}  // namespace ptxv::detail

namespace ptxv::simd {

// What run() and the warp forms use besides the kernels, one of each per
// unit: merge, the warp step's merge of lane results into d where no packed
// kernel applies (the scalar families); pad, the copy of a short run's
// sources into a whole step; selected, the kernel of SSE2's other selectors
// (batch.hpp's Selected). From the unit built for SSE2, SSSE3, AVX2 or
// AVX-512; nulls where the unit was built without those instructions.
struct UnitHelpers {
    detail::WarpMerge merge = nullptr;
    detail::PadWords pad = nullptr;
    detail::BatchKernel selected = nullptr;  // the SSE2 unit's alone
};
// Those of the best target the CPU has (PTXV_ISA cap included), or nulls.
UnitHelpers helpers();

// A scalar variant's loops (scalar_loops.hpp), one per body, indexed by
// detail::kScalarD, kScalarP and kScalarPp: d[i] = body(a[i], b[i], c[i], w)
// with the words w that compile() decoded.
// warp: the Compiled::warp forms of the same bodies, reading the decoded
// words as their parameters, from the units built for a wider target (null
// in the baseline unit, whose variants step through loop and a merge).
struct ScalarLoops {
    detail::BodyLoop loop[3] = {nullptr, nullptr, nullptr};
    WarpFn warp[3] = {nullptr, nullptr, nullptr};
};
// The loops for the best target the CPU has (PTXV_ISA cap included), with
// its name: "avx512", "avx2", or "generated" for the baseline ones.
ScalarLoops scalar_loops(int variant, const char*& name);

// Whether the lanes of `in` in `live` read their default elements (R3);
// `lanes` is the lane count, 2 or 4.
bool default_selectors(const Instr& in, std::size_t lanes, unsigned live);

// Fills `params` (Binding::params) and returns the packed kernel for `in`,
// variant `variant`, with the name of its target and its warp form, or null
// when no packed kernel applies on this machine.
detail::BatchKernel bind(const Instr& in, int variant, void* params, const char*& name, WarpFn& warp);

}  // namespace ptxv::simd

namespace ptxv::shuffled {

// The decoded words hold the shuffle control at w[kControlWord] and the next
// word: one byte per byte of the selected a (first four) and b (last four),
// naming a byte of the pair {b:a}.
inline constexpr std::size_t kControlWord = 9;

// The one-element form for variant `variant` (an index into spec::kVariants)
// with its selectors applied by one byte shuffle (dispatch_ssse3.cpp), or
// null for a scalar variant, where that unit was built without SSSE3 or where
// the CPU lacks it. full_mask: every lane is written, so the form skips the
// merge with c.
PreFn form(std::size_t variant, bool full_mask);

}  // namespace ptxv::shuffled
