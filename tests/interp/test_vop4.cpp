// Hand-worked vectors for the quad byte SIMD vadd4, vsub4, vavrg4, vabsdiff4,
// vmin4 and vmax4.
//
// Every expected value is derived in the comment above its row from
// reference/ptx-video/vop4.md and SEMANTICS.md: lane i is bits 8i+7:8i; selector
// digits run from lane 3 down to lane 0 and index the bytes {b:a} (0-3 are a's,
// 4-7 are b's), each lane extended by its slot's type (R2, R3); vavrg is
// (s + (s >= 0)) >> 1 (R5); .sat clamps to S8/U8 (R7); merge keeps c's unmasked
// lanes (R10); .add sums the wide lane results into c (R11).
#include <cstddef>
#include <cstdint>
#include <ios>

#include <catch2/catch.hpp>

#include "vectors.hpp"


TEST_CASE("vop4: lanes wrap without .sat and clamp to the byte range with it (R7)", "[interp][vop4]") {
    static const Vec rows[] = {
        // lane0 0x7f + 0x01 = 0x80; lane1 1 + 1 = 2; lane2 0x80 + 0x80 = 0x100 -> 0x00;
        // lane3 0xff + 0x01 = 0x100 -> 0x00. Carries never cross lanes.
        {"vadd4.u32.u32.u32 d, a, b, c", 0xff80017f, 0x01800101, 0x00000000, 0x00000280},
        // lane0 0x80; lane1 2; lane2 256 > U8_MAX -> 0xff; lane3 256 -> 0xff.
        {"vadd4.u32.u32.u32.sat d, a, b, c", 0xff80017f, 0x01800101, 0x00000000, 0xffff0280},
        // s32: lane0 127 + 1 = 128 > S8_MAX -> 0x7f; lane1 2; lane2 -128 + -128 = -256 <
        // S8_MIN -> 0x80; lane3 -1 + 1 = 0.
        {"vadd4.s32.s32.s32.sat d, a, b, c", 0xff80017f, 0x01800101, 0x00000000, 0x0080027f},
        // s32 without .sat: lane0 128 -> 0x80; lane1 2; lane2 -256 -> 0x00; lane3 0.
        {"vadd4.s32.s32.s32 d, a, b, c", 0xff80017f, 0x01800101, 0x00000000, 0x00000280},
        // lane0 0x10 - 0x20 = -16 < U8_MIN -> 0; lane1 5 - 3 = 2; lane2 0xff - 0 = 0xff;
        // lane3 0 - 1 -> 0.
        {"vsub4.u32.u32.u32.sat d, a, b, c", 0x00ff0510, 0x01000320, 0x00000000, 0x00ff0200},
        // Same without .sat: lane0 -16 -> 0xf0; lane1 2; lane2 0xff; lane3 -1 -> 0xff.
        {"vsub4.u32.u32.u32 d, a, b, c", 0x00ff0510, 0x01000320, 0x00000000, 0xffff02f0},
        // u32 lanes, s32 dtype: lane0 0; lane1 0 - 1 = -1 -> 0xff; lane2 0 - 128 = -128 -> 0x80;
        // lane3 0 - 255 < S8_MIN -> 0x80.
        {"vsub4.s32.u32.u32.sat d, a, b, c", 0x00000000, 0xff800100, 0x00000000, 0x8080ff00},
        // Manual example: a s32, b u32. lane0 1 + 1 = 2; lane1 -1 + 1 = 0; lane2 -128 + 255 = 127;
        // lane3 127 + 1 = 128 > S8_MAX -> 0x7f.
        {"vadd4.s32.s32.u32.sat r1, r2, r3, r1", 0x7f80ff01, 0x01ff0101, 0x00000000, 0x7f7f0002},
        // Manual example: mask .b0; lane0 -128 - 1 = -129 < S8_MIN -> 0x80; lanes 3..1 from c.
        {"vsub4.s32.s32.s32.sat r1.b0, r2.b3210, r3.b7654, r1", 0x00000080, 0x00000001, 0x11223344,
         0x11223380},
    };
    check_vectors(rows);
}

TEST_CASE("vavrg4: rounds half away from zero (R5)", "[interp][vop4]") {
    static const Vec rows[] = {
        // lane0 s = 3 -> 4 >> 1 = 2; lane1 s = 4 -> 5 >> 1 = 2; lane2 s = 0 -> 1 >> 1 = 0;
        // lane3 s = 510 -> 511 >> 1 = 255.
        {"vavrg4.u32.u32.u32 d, a, b, c", 0xff000301, 0xff000102, 0x00000000, 0xff000202},
        // lane0 -3 + -2 = -5 -> -3 = 0xfd; lane1 0 + -1 = -1 -> -1 = 0xff; lane2 2 + 3 = 5 -> 3;
        // lane3 -128 + -128 = -256 -> -128 = 0x80.
        {"vavrg4.s32.s32.s32 d, a, b, c", 0x800200fd, 0x8003fffe, 0x00000000, 0x8003fffd},
        // u32 lanes, s32 .sat: lane0 0 -> 0; lane1 255 + 1 = 256 -> 257 >> 1 = 128 > S8_MAX ->
        // 0x7f; lane2 128 + 128 -> 128 -> 0x7f; lane3 510 -> 255 -> 0x7f.
        {"vavrg4.s32.u32.u32.sat d, a, b, c", 0xff80ff00, 0xff800100, 0x00000000, 0x7f7f7f00},
        // s32 lanes, u32 .sat: lane0 -2 -> -1 -> 0; lane1 -256 -> -128 -> 0; lane2 127 + 126 =
        // 253 -> 127; lane3 254 -> 255 >> 1 = 127.
        {"vavrg4.u32.s32.s32.sat d, a, b, c", 0x7f7f80ff, 0x7f7e80ff, 0x00000000, 0x7f7f0000},
    };
    check_vectors(rows);
}

TEST_CASE("vabsdiff4, vmin4, vmax4: signed and unsigned lanes", "[interp][vop4]") {
    static const Vec rows[] = {
        // lane0 |0x20 - 0x10| = 0x10; lane1 |0x10 - 0x20| = 0x10; lane2 0xff; lane3 0xff.
        {"vabsdiff4.u32.u32.u32 d, a, b, c", 0x00ff1020, 0xff002010, 0x00000000, 0xffff1010},
        // s32 lanes: lane3 |-128 - 127| = 255 = 0xff; others 0.
        {"vabsdiff4.u32.s32.s32 d, a, b, c", 0x80000000, 0x7f000000, 0x00000000, 0xff000000},
        // Same with s32 .sat: 255 > S8_MAX -> 0x7f.
        {"vabsdiff4.s32.s32.s32.sat d, a, b, c", 0x80000000, 0x7f000000, 0x00000000, 0x7f000000},
        // s32: lane0 min(-1, 1) = 0xff; lane1 min(1, -1) = 0xff; lane2 min(127, -128) = 0x80;
        // lane3 min(-128, 127) = 0x80.
        {"vmin4.s32.s32.s32 d, a, b, c", 0x807f01ff, 0x7f80ff01, 0x00000000, 0x8080ffff},
        // u32: lane0 min(255, 1) = 1; lane1 min(1, 255) = 1; lane2 min(127, 128) = 0x7f;
        // lane3 min(128, 127) = 0x7f.
        {"vmin4.u32.u32.u32 d, a, b, c", 0x807f01ff, 0x7f80ff01, 0x00000000, 0x7f7f0101},
        // a s32, b u32: lane0 max(-1, 1) = 1; lane1 max(1, 255) = 0xff; lane2 max(127, 128) = 0x80;
        // lane3 max(-128, 127) = 0x7f.
        {"vmax4.s32.s32.u32 d, a, b, c", 0x807f01ff, 0x7f80ff01, 0x00000000, 0x7f80ff01},
        // Same with s32 .sat: lane1 255 -> 0x7f; lane2 128 -> 0x7f.
        {"vmax4.s32.s32.u32.sat d, a, b, c", 0x807f01ff, 0x7f80ff01, 0x00000000, 0x7f7f7f01},
    };
    check_vectors(rows);
}

TEST_CASE("vop4: .bxyzw selectors pick bytes of {b:a} (R2, R3)", "[interp][vop4]") {
    static const Vec rows[] = {
        // a.b7654 reads b's bytes, as does the default b.b7654: b + b per lane =
        // 0x20, 0x40, 0x60, 0x80 (lanes 3..0); a's own bits are unused.
        {"vadd4.u32.u32.u32 d, a.b7654, b, c", 0x01020304, 0x10203040, 0x00000000, 0x20406080},
        // a.b0123 is a reversed (lanes 3..0 = 0x04, 0x03, 0x02, 0x01); b.b3210 is a itself
        // (0x01, 0x02, 0x03, 0x04). Every lane sums to 5; b is unused.
        {"vadd4.u32.u32.u32 d, a.b0123, b.b3210, c", 0x01020304, 0xffffffff, 0x00000000, 0x05050505},
        // Broadcast: a.b0000 = a's byte 0 = 0x10 in every lane; b.b7777 = b's byte 3 = 0x01.
        // 0x10 - 0x01 = 0x0f per lane.
        {"vsub4.u32.u32.u32 d, a.b0000, b.b7777, c", 0xaaaaaa10, 0x01bbbbbb, 0x00000000, 0x0f0f0f0f},
        // Va from b's bytes, extended by atype s32: lanes 3..0 = -1, 127, -128, 1. Vb from a's
        // bytes, btype u32: 1 each. lane3 0; lane2 128 > S8_MAX -> 0x7f; lane1 -127 = 0x81;
        // lane0 2.
        {"vadd4.s32.s32.u32.sat d, a.b7654, b.b3210, c", 0x01010101, 0xff7f8001, 0x00000000,
         0x007f8102},
        // Bytes 0..7 = 11 22 33 44 55 66 77 88. a.b4321: lanes 3..0 = 55 44 33 22;
        // b.b0765: lanes 3..0 = 11 88 77 66. lane3 0x55 - 0x11 = 0x44; lanes 2..0 each
        // -0x44 -> 0xbc.
        {"vsub4.u32.u32.u32 d, a.b4321, b.b0765, c", 0x44332211, 0x88776655, 0x00000000, 0x44bcbcbc},
        // Same lanes, max: 0x55, 0x88, 0x77, 0x66.
        {"vmax4.u32.u32.u32 d, a.b4321, b.b0765, c", 0x44332211, 0x88776655, 0x00000000, 0x55887766},
    };
    check_vectors(rows);
}

TEST_CASE("vop4: masked merge keeps c's other lanes (R4, R10)", "[interp][vop4]") {
    static const Vec rows[] = {
        // Mask .b20: lanes 2 and 0 = 1 + 1 = 2; lanes 3 and 1 from c (0xaa, 0xcc).
        {"vadd4.u32.u32.u32 d.b20, a, b, c", 0x01010101, 0x01010101, 0xaabbccdd, 0xaa02cc02},
        // Mask .b31: lanes 3 and 1 = 0 - 1 = -1 -> 0xff, confined to their byte; lanes 2 and 0
        // from c (0x22, 0x44).
        {"vsub4.s32.s32.s32 d.b31, a, b, c", 0x00000000, 0x01010101, 0x11223344, 0xff22ff44},
        // Mask .b321: lanes 3..1 = 127 + 1 > S8_MAX -> 0x7f; lane0 from c (0x55).
        {"vadd4.s32.s32.s32.sat d.b321, a, b, c", 0x7f7f7f7f, 0x01010101, 0x00000055, 0x7f7f7f55},
        // Mask .b0: lane0 min(5, 3) = 3; lanes 3..1 from c.
        {"vmin4.u32.u32.u32 d.b0, a, b, c", 0x12345605, 0xabcdef03, 0xdeadbeef, 0xdeadbe03},
        // Mask .b3: lane3 |0x10 - 0x30| = 0x20; lanes 2..0 from c.
        {"vabsdiff4.u32.u32.u32 d.b3, a, b, c", 0x10000000, 0x30000000, 0x00123456, 0x20123456},
    };
    check_vectors(rows);
}

TEST_CASE("vop4: .add accumulates the wide lane results into c (R11)", "[interp][vop4]") {
    static const Vec rows[] = {
        // Sum of absolute differences: 4 lanes of 255 = 1020 = 0x3fc; + 0x1000 = 0x13fc.
        {"vabsdiff4.u32.u32.u32.add d, a, b, c", 0xff00ff00, 0x00ff00ff, 0x00001000, 0x000013fc},
        // Lanes 0 - 4, 0 - 3, 0 - 2, 0 - 1: -10 -> 0xfffffff6.
        {"vsub4.s32.s32.s32.add d, a, b, c", 0x00000000, 0x01020304, 0x00000000, 0xfffffff6},
        // Same lanes with u32 dtype stay negative (no truncation): 0x100 - 10 = 0xf6.
        {"vsub4.u32.u32.u32.add d, a, b, c", 0x00000000, 0x01020304, 0x00000100, 0x000000f6},
        // Each lane 255 + 255 = 510, not truncated to 8 bits: 4 * 510 = 2040 = 0x7f8.
        {"vadd4.u32.u32.u32.add d, a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0x000007f8},
        // Mask .b30: lanes 3 and 0 = -128 + -128 = -256 each; 0x1000 - 512 = 0xe00.
        {"vadd4.s32.s32.s32.add d.b30, a, b, c", 0x80000080, 0x80000080, 0x00001000, 0x00000e00},
        // Valid form of the manual's vmin4 example: a.b0000 = 0xf0 = 240 everywhere; b.b2222 is
        // byte 2 of a (element 2 of {b:a}) = 0x30 = 48 everywhere. min = 48 x 4 = 0xc0; + 5.
        {"vmin4.s32.u32.u32.add r1, r2.b0000, r3.b2222, r1", 0x003000f0, 0xffffffff, 0x00000005,
         0x000000c5},
        // Each lane s = 510 -> 255; 4 * 255 = 1020 = 0x3fc.
        {"vavrg4.u32.u32.u32.add d, a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0x000003fc},
        // Mask .b1: lane1 max(0x12, 0x34) = 0x34; 0xffffffff + 0x34 = 2^32 + 0x33 -> 0x33.
        {"vmax4.u32.u32.u32.add d.b1, a, b, c", 0x000012ff, 0x00003400, 0xffffffff, 0x00000033},
    };
    check_vectors(rows);
}

TEST_CASE("vop4: .b1024 keeps the manual's meaning (R17)", "[interp][vop4][r17]") {
    // ptxas 13 rejects this selector (a reserved token); the house reading accepts it.
    static const Vec rows[] = {
        // Bytes 0..7 = 11 22 33 44 55 66 77 88. a.b1024: lanes 3..0 = 22 11 33 55;
        // default b: 88 77 66 55. Sums: 0xaa, 0x88, 0x99, 0xaa.
        {"vadd4.u32.u32.u32 d, a.b1024, b, c", 0x44332211, 0x88776655, 0x00000000, 0xaa8899aa},
    };
    check_vectors(rows);
}
