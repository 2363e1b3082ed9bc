// The array header on its own beside ptxv.hpp: every warning an error, and
// every variant's default form instantiated, with a selector and mask form
// of each geometry.
#include "ptxv_array.hpp"

#define PTXV_USE(f, ptx) ptxv::array::f<>(a, b, c, d, n);

void every_variant(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                   std::size_t n) {
    PTXV_ARRAY_BYTE_VARIANTS(PTXV_USE)
    PTXV_ARRAY_HALF_VARIANTS(PTXV_USE)
    ptxv::array::vabsdiff4_u32_s32_u32_add<0x6501, 0x2374, ptxv::mask::b31>(a, b, c, d, n);
    ptxv::array::vset2_s32_u32_ge<0x21, 0x03, ptxv::mask::h0>(a, b, c, d, n);
}

int main() {
    const std::uint32_t a[5] = {0x80ff0102u, 1, 2, 3, 4}, b[5] = {0x80010203u, 5, 6, 7, 8}, c[5] = {};
    std::uint32_t d[5] = {};
    ptxv::array::vadd4_u32_u32_u32_sat(a, b, c, d, 5);
    return d[0] == 0xffff0305u ? 0 : 1;
}
