// reference.cpp's plain versions of the example's functions.
#pragma once

namespace reference {
struct Compared {
    unsigned diff_lo, diff_hi, equal;
};
Compared compare(unsigned q, unsigned signs, unsigned ref_lo, unsigned ref_hi);
unsigned sad4(unsigned a, unsigned b, unsigned acc);
unsigned clamp2(unsigned x, unsigned lo, unsigned hi);
}  // namespace reference
