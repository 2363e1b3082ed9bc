// The ptxv::sel constants for the checks of generator/primitives/: in ptxv.hpp
// ptxv-gen writes them from ptxv::Sel; here they come from the enum.
#pragma once

#include "ptxv/vocabulary.hpp"

namespace ptxv::sel {
inline constexpr unsigned none = static_cast<unsigned>(Sel::none), b0 = static_cast<unsigned>(Sel::b0),
                          b1 = static_cast<unsigned>(Sel::b1), b2 = static_cast<unsigned>(Sel::b2),
                          b3 = static_cast<unsigned>(Sel::b3), h0 = static_cast<unsigned>(Sel::h0),
                          h1 = static_cast<unsigned>(Sel::h1);
}  // namespace ptxv::sel
