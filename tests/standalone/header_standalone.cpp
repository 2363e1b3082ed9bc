// The drop-in header on its own: no other ptxv file, every warning an error,
// and a call evaluated at compile time.
#include "ptxv.hpp"

// Lane 0: 0x02 + 0x03 = 5; lane 1: 1 + 2 = 3; lanes 2 and 3 overflow a byte
// and saturate to 0xff.
static_assert(ptxv::vadd4_u32_u32_u32_sat<0x3210, 0x7654, ptxv::mask::b3210>(0x80ff0102u, 0x80010203u, 0u) ==
                  0xffff0305u,
              "vadd4.u32.u32.u32.sat");
static_assert(ptxv::vadd_u32_u32_u32(1u, 2u) == 3u, "vadd.u32.u32.u32");

int main() {
    constexpr std::uint32_t d = ptxv::vmin2_s32_s32_s32<0x10, 0x32, ptxv::mask::h10>(0x8000ffffu, 0x00010001u, 0u);
    return d == 0x8000ffffu ? 0 : 1;
}
