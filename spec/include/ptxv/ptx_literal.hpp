// ptxv: an integer as the PTX that ptxv lower writes spells one, for the
// generator's PTX printer and the runtime that writes constants into its
// text alike: a negative 64-bit value with its sign, small ones (shift
// amounts, field positions) in decimal, the rest (masks, prmt controls) in
// hex.
#pragma once

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>

namespace ptxv {

inline std::string ptx_literal(std::uint64_t v, bool wide) {
    char buf[32];
    if (!wide) v &= 0xffffffffu;
    if (wide && (v >> 63) != 0)
        std::snprintf(buf, sizeof buf, "-%" PRIu64, 0 - v);
    else if (v <= 0xff)
        std::snprintf(buf, sizeof buf, "%" PRIu64, v);
    else
        std::snprintf(buf, sizeof buf, "0x%" PRIx64, v);
    return buf;
}

}  // namespace ptxv
