// ptxv: the one-element dispatch forms for run-time SIMD selectors that
// apply them with a byte shuffle (dispatch_ssse3.cpp).
#pragma once

#include <cstddef>

#include "ptxv/compile.hpp"

namespace ptxv::shuffled {

// The decoded words hold the shuffle control at w[kControlWord] and the next
// word: one byte per byte of the selected a (first four) and b (last four),
// naming a byte of the pair {b:a}.
inline constexpr std::size_t kControlWord = 9;

// The form for variant `variant` (an index into spec::kVariants) with its
// selectors applied by shuffle, or null for a scalar variant or where this
// unit was built without SSSE3. full_mask: every lane is written, so the
// form skips the merge with c.
PreFn form(std::size_t variant, bool full_mask);

}  // namespace ptxv::shuffled
