// ptxv: run-time SIMD selectors for the one-element dispatch path, applied
// with one byte shuffle (pshufb) of the pair {b:a} instead of a rotation per
// lane; the generated form with default selectors (and the mask from the
// decoded words) then runs on the shuffled operands, inlined. The shuffle is
// the SIMD kernel library's (generated/ptxv_array.hpp). This unit alone
// is built for SSSE3 (the build adds -mssse3 on x86), and form() gives its
// forms only where the CPU has it.
#include "binding.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#if defined(__SSSE3__)
#include "isa.hpp"
#include "kernel_parts.hpp"
#include "ptxv_array.hpp"
#include "ptxv_batch.hpp"
#include "ptxv_tables.hpp"

namespace ptxv::shuffled {
namespace {

#include "ptxv_dispatch.inc"

using u32 = std::uint32_t;
namespace lib = ::ptxv::array::detail;

// Full: the mask is full, so the form with it folded in (plain) runs, not
// the one that reads it from w and merges (masked).
template <std::size_t I, bool Full>
u32 call(u32 a, u32 b, u32 c, const u32* w) noexcept {
    // Bytes 0-3 of the result are the selected a, 4-7 the selected b; the
    // other eight are not read. The pair goes in and out as one 64-bit
    // word, and the control is one 64-bit load.
    std::uint64_t control;
    std::memcpy(&control, w + kControlWord, sizeof control);
    const lib::V pair = (lib::V)lib::u64v{(std::uint64_t{b} << 32) | a, 0};
    const std::uint64_t picked = ((lib::u64v)lib::shuffle_bytes(pair, (lib::V)lib::u64v{control, 0}))[0];
    constexpr PreFn form = Full ? kVariantFns[I].plain : kVariantFns[I].masked;
    return form(static_cast<u32>(picked), static_cast<u32>(picked >> 32), c, w);
}

// SIMD variants only (their masked and plain forms exist); decided from the
// tables, since a function's address is no constant expression in every build.
template <std::size_t I, bool Full>
constexpr PreFn entry() {
    if constexpr (spec::kOpcodes[spec::kVariants[I].opcode].geometry != Geometry::scalar) {
        return &call<I, Full>;
    } else {
        return nullptr;
    }
}

template <bool Full, std::size_t... I>
constexpr std::array<PreFn, sizeof...(I)> make_table(std::index_sequence<I...>) {
    return {{entry<I, Full>()...}};
}

constexpr std::size_t kCount = std::size(kVariantFns);
constexpr std::array<PreFn, kCount> kMasked = make_table<false>(std::make_index_sequence<kCount>{});
constexpr std::array<PreFn, kCount> kPlain = make_table<true>(std::make_index_sequence<kCount>{});

}  // namespace

PreFn form(std::size_t variant, bool full_mask) {
    if (variant >= kCount || runtime_isa() < Isa::ssse3) return nullptr;
    return full_mask ? kPlain[variant] : kMasked[variant];
}

}  // namespace ptxv::shuffled

#else

namespace ptxv::shuffled {
PreFn form(std::size_t, bool) { return nullptr; }
}  // namespace ptxv::shuffled

#endif
