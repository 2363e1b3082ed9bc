// Compile-time parameters a variant does not take must not compile, each with
// the message that names the parameter and what it may be. Built once per
// case (-DPTXV_CASE=n); the test expects the compiler to fail with the case's
// message (tests/CMakeLists.txt).
#include "ptxv.hpp"

unsigned f(unsigned a, unsigned b, unsigned c) {
#if PTXV_CASE == 1
    return ptxv::vadd_u32_u32_u32<ptxv::sel::b01>(a, b, c);  // a two-byte selector is no source selector
#elif PTXV_CASE == 2
    return ptxv::vadd_u32_u32_u32<ptxv::sel::none, ptxv::sel::none, 11>(a, b, c);  // no d selector is 11
#elif PTXV_CASE == 3
    return ptxv::vmad_u32_u32_u32_po<ptxv::sel::none, ptxv::sel::none, ptxv::neg::c>(a, b, c);  // .po takes no -c
#elif PTXV_CASE == 4
    return ptxv::vadd4_u32_u32_u32<0x3218>(a, b, c);  // 8 names no byte of the pair
#elif PTXV_CASE == 5
    return ptxv::vadd2_u32_u32_u32<0x10, 0x32, 0x4>(a, b, c);  // a half-word mask has two lanes
#else
    return a + b + c;
#endif
}
