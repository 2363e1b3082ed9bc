// Hand-worked vectors for the quad byte SIMD compare vset4.
//
// Every expected value is derived in the comment above its row from
// reference/ptx-video/vset4.md and SEMANTICS.md: lane i is bits 8i+7:8i; each
// lane result is 0 or 1, from comparing lanes extended by their slot's type
// (R2, R3, R5). Merge keeps c's unmasked lanes (R10: the pseudocode's c, not the
// prose's b, issue B1); .add adds the masked lane results to c (R11).
#include <cstddef>
#include <cstdint>
#include <ios>

#include <catch2/catch.hpp>

#include "vectors.hpp"


TEST_CASE("vset4: lane compares with mixed signs (R3, R5)", "[interp][vset4]") {
    static const Vec rows[] = {
        // Manual example. a s32, b u32: lane0 1 < 2 -> 1; lane1 0 < 0 -> 0; lane2 -1 < 0 -> 1;
        // lane3 -128 < 0 -> 1.
        {"vset4.s32.u32.lt r1, r2, r3, r0", 0x80ff0001, 0x00000002, 0x00000000, 0x01010001},
        // Same bits, both u32: lane0 1; lane1 0; lane2 255 < 0 -> 0; lane3 128 < 0 -> 0.
        {"vset4.u32.u32.lt d, a, b, c", 0x80ff0001, 0x00000002, 0x00000000, 0x00000001},
        // a u32 = 0, b s32 lanes 3..0 = -1, -128, 1, 127: 0 > -1 -> 1; 0 > -128 -> 1;
        // 0 > 1 -> 0; 0 > 127 -> 0.
        {"vset4.u32.s32.gt d, a, b, c", 0x00000000, 0xff80017f, 0x00000000, 0x01010000},
        // lane0 0x78 vs 0x00 -> 0; lane1 0x56 == 0x56 -> 1; lane2 0x34 vs 0 -> 0; lane3 0x12 -> 1.
        {"vset4.s32.s32.eq d, a, b, c", 0x12345678, 0x12005600, 0x00000000, 0x01000100},
        // Same bits, different values: -1 (s32) vs 255 (u32) in every lane -> all 0.
        {"vset4.s32.u32.eq d, a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0x00000000},
        // Only lane0 differs (4 vs 5) -> ne 1 there.
        {"vset4.s32.s32.ne d, a, b, c", 0x01020304, 0x01020305, 0x00000000, 0x00000001},
        // s32: lane0 0 <= 0 -> 1; lane1 127 <= -128 -> 0; lane2 1 <= 1 -> 1; lane3 -128 <= 127 -> 1.
        {"vset4.s32.s32.le d, a, b, c", 0x80017f00, 0x7f018000, 0x00000000, 0x01010001},
        // u32: lane0 0 > 0 -> 0; lane1 127 > 128 -> 0; lane2 1 > 1 -> 0; lane3 128 > 127 -> 1.
        {"vset4.u32.u32.gt d, a, b, c", 0x80017f00, 0x7f018000, 0x00000000, 0x01000000},
        // u32: lane0 0 >= 0 -> 1; lane1 127 >= 128 -> 0; lane2 1 >= 1 -> 1; lane3 128 >= 127 -> 1.
        {"vset4.u32.u32.ge d, a, b, c", 0x80017f00, 0x7f018000, 0x00000000, 0x01010001},
    };
    check_vectors(rows);
}

TEST_CASE("vset4: .bxyzw selectors (R2, R3)", "[interp][vset4]") {
    static const Vec rows[] = {
        // a.b4567: lanes 3..0 = b's bytes 0..3 = 01 02 03 04 (b reversed); b.b3210 = a's
        // bytes, lanes 3..0 = 01 02 03 04. Every lane equal -> 1.
        {"vset4.u32.u32.eq d, a.b4567, b.b3210, c", 0x01020304, 0x04030201, 0x00000000, 0x01010101},
        // Va from b, extended by atype s32: lanes 3..0 = -128, -1, 127, 1; Vb from a (u32) = 0.
        // lane3 1; lane2 1; lane1 0; lane0 0.
        {"vset4.s32.u32.lt d, a.b7654, b.b3210, c", 0x00000000, 0x80ff7f01, 0x00000000, 0x01010000},
        // Broadcast a's byte 0 (0x05) against each of b's bytes 3..0 = 05 06 05 04: eq 1 0 1 0.
        {"vset4.u32.u32.eq d, a.b0000, b, c", 0xffffff05, 0x05060504, 0x00000000, 0x01000100},
    };
    check_vectors(rows);
}

TEST_CASE("vset4: masked merge takes the other lanes from c (R10, issue B1)", "[interp][vset4]") {
    static const Vec rows[] = {
        // Mask .b20: lanes 2, 0 = 1 != 2 -> 1; lanes 3, 1 from c (0xaa, 0xcc); b's would be 0x02.
        {"vset4.u32.u32.ne d.b20, a, b, c", 0x01010101, 0x02020202, 0xaabbccdd, 0xaa01cc01},
        // Mask .b0: lane0 0 >= -1 -> 1; lanes 3..1 from c.
        {"vset4.s32.s32.ge d.b0, a, b, c", 0x00000000, 0x000000ff, 0xffffffff, 0xffffff01},
        // Mask .b321: lanes 3..1 2 < 1 false -> 0; lane0 from c (0x77).
        {"vset4.u32.u32.lt d.b321, a, b, c", 0x02020202, 0x01010101, 0x11223377, 0x00000077},
    };
    check_vectors(rows);
}

TEST_CASE("vset4: .add accumulates lane results into c (R11)", "[interp][vset4]") {
    static const Vec rows[] = {
        // All four lanes equal -> 4; 0xfffffffe + 4 = 2^32 + 2 -> 2.
        {"vset4.u32.u32.eq.add d, a, b, c", 0x12345678, 0x12345678, 0xfffffffe, 0x00000002},
        // Mask .b31: lanes 3 and 1 have -1 < 0 -> 1 each (lanes 2, 0 left out); 0x10 + 2.
        {"vset4.s32.s32.lt.add d.b31, a, b, c", 0xffffffff, 0x00000000, 0x00000010, 0x00000012},
        // s32: 127 > -128 in every lane -> 4.
        {"vset4.s32.s32.gt.add d, a, b, c", 0x7f7f7f7f, 0x80808080, 0x00000000, 0x00000004},
        // u32: 127 > 128 is false in every lane -> 0; d = c.
        {"vset4.u32.u32.gt.add d, a, b, c", 0x7f7f7f7f, 0x80808080, 0x00000064, 0x00000064},
    };
    check_vectors(rows);
}
