// The drop-in header alone, evaluated at compile time.
#include <cstdio>

#include "ptxv.hpp"

// lane-wise unsigned saturating add: 0xff + 0x01 clamps to 0xff, 0x10 + 0x20 = 0x30
static_assert(ptxv::vadd4_u32_u32_u32_sat(0xff10ff10u, 0x01200120u, 0u) == 0xff30ff30u, "vadd4.sat");

int main() {
    std::puts("consumer_header: ok");
    return 0;
}
