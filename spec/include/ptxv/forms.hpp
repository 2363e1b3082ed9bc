// ptxv: the shapes of the functions a Compiled value calls, spelled once for
// the generated forms (generated/ptxv_batch.hpp), the public API
// (ptxv/compile.hpp) and the runtime's kernel units.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ptxv {

// The generated run-time form (ptxv::rt::f) and batch forms (ptxv::batch::f,
// f_c). The last three parameters are asel, bsel and x, where x is the d
// selector, the negation set, the mask, or unused, depending on the variant.
using OneFn = std::uint32_t (*)(std::uint32_t a, std::uint32_t b, std::uint32_t c, unsigned asel, unsigned bsel,
                                unsigned x) noexcept;
using ManyFn = void (*)(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                        std::size_t n, unsigned asel, unsigned bsel, unsigned x) noexcept;
using ManyCFn = void (*)(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t c, std::uint32_t* d,
                         std::size_t n, unsigned asel, unsigned bsel, unsigned x) noexcept;
// A bound form (ptxv_batch.hpp): the parameters come pre-decoded in
// kDecodedWords words.
inline constexpr std::size_t kDecodedWords = 12;
using PreFn = std::uint32_t (*)(std::uint32_t a, std::uint32_t b, std::uint32_t c, const std::uint32_t* w) noexcept;
// Lanes in a warp, the unit Compiled::warp steps.
inline constexpr std::size_t kWarpSize = 32;
// A bound warp step: for each warp w < warps and lane j < kWarpSize whose bit
// j is set in active[w], d[i] = op(a[i], b[i], c) with i = kWarpSize * w + j,
// c from c[i] or, when c is null, cval; the other d[i] unchanged. `bound` is
// what the step was bound with (the decoded parameters its kernel reads).
using WarpFn = void (*)(const void* bound, const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                        std::uint32_t cval, std::uint32_t* d, const std::uint32_t* active, std::size_t warps) noexcept;

}  // namespace ptxv
