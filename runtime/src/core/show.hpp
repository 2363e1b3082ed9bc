// ptxv: input embedded in an error message (parse, the batch text format).
#pragma once

#include <string>
#include <string_view>

namespace ptxv::detail {

// The piece of input as one short printable line, whatever bytes it held
// (NULs, '\r', non-UTF-8): bytes outside printable ASCII become \xNN, and
// more than 40 bytes are cut, with "..." after.
std::string show(std::string_view s);

}  // namespace ptxv::detail
