// ptxv: how SIMD selectors and masks are spelled, for the printer (parse.cpp)
// and for ptxv explain (runtime/src/tools/explain*.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace ptxv::detail {

// ".b3210", ".h10": the element each lane takes, top lane first (R2);
// prefix 'b' or 'h'.
std::string simd_selector_spelling(char prefix, int lanes, const std::array<std::uint8_t, 4>& sel);

// ".b320": the lanes of `mask` that take the result, top lane first (R4).
std::string mask_spelling(char prefix, int lanes, unsigned mask);

}  // namespace ptxv::detail
