// A header generated at build time with only vabsdiff4 and vset*.
#include <cstdio>

#include "video_ops.hpp"

// vset4.lt per byte: 1 < 2 -> 1, 5 < 3 -> 0, 0 < 0 -> 0, 7 < 9 -> 1
static_assert(ptxv::vset4_u32_u32_lt(0x01050007u, 0x02030009u, 0u) == 0x01000001u, "vset4.lt");

int main() {
    std::puts("consumer_generated: ok");
    return 0;
}
