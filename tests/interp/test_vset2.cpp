// Hand-worked vectors for the dual half-word SIMD compare vset2.
//
// Every expected value is derived in the comment above its row from
// reference/ptx-video/vset2.md and SEMANTICS.md: lane 0 is bits 15:0, lane 1 bits
// 31:16; each lane result is 0 or 1, from comparing lanes extended by their
// slot's type (R3, R5). Merge keeps c's unmasked lanes (R10: the pseudocode's c,
// not the prose's b, issue B1); .add adds the masked lane results to c (R11).
#include <cstddef>
#include <cstdint>
#include <ios>

#include <catch2/catch.hpp>

#include "vectors.hpp"


TEST_CASE("vset2: lane compares with mixed signs (R3, R5)", "[interp][vset2]") {
    static const Vec rows[] = {
        // Manual example. a s32, b u32: lane0 1 < 2 -> 1; lane1 -1 < 0 -> 1.
        {"vset2.s32.u32.lt r1, r2, r3, r0", 0xffff0001, 0x00000002, 0x00000000, 0x00010001},
        // Same bits, both u32: lane0 1 < 2 -> 1; lane1 65535 < 0 -> 0.
        {"vset2.u32.u32.lt d, a, b, c", 0xffff0001, 0x00000002, 0x00000000, 0x00000001},
        // a u32, b s32 (both lanes of b are -1): lane0 0 > -1 -> 1; lane1 32768 > -1 -> 1.
        {"vset2.u32.s32.gt d, a, b, c", 0x80000000, 0xffffffff, 0x00000000, 0x00010001},
        // Both s32: lane0 0 > -1 -> 1; lane1 -32768 > -1 -> 0.
        {"vset2.s32.s32.gt d, a, b, c", 0x80000000, 0xffffffff, 0x00000000, 0x00000001},
        // lane0 0x5678 vs 0x0000 -> 0; lane1 0x1234 == 0x1234 -> 1.
        {"vset2.u32.u32.eq d, a, b, c", 0x12345678, 0x12340000, 0x00000000, 0x00010000},
        // Same bits, different values: -1 (s32) vs 65535 (u32) in each lane -> 0, 0.
        {"vset2.s32.u32.eq d, a, b, c", 0xffffffff, 0xffffffff, 0x00000000, 0x00000000},
        // s32: lane0 32767 <= 32767 -> 1; lane1 -32768 <= 32767 -> 1.
        {"vset2.s32.s32.le d, a, b, c", 0x80007fff, 0x7fff7fff, 0x00000000, 0x00010001},
        // s32: lane0 32767 >= 32767 -> 1; lane1 -32768 >= 32767 -> 0.
        {"vset2.s32.s32.ge d, a, b, c", 0x80007fff, 0x7fff7fff, 0x00000000, 0x00000001},
        // u32: lane0 32767 >= 32767 -> 1; lane1 32768 >= 32767 -> 1.
        {"vset2.u32.u32.ge d, a, b, c", 0x80007fff, 0x7fff7fff, 0x00000000, 0x00010001},
        // lane0 2 != 3 -> 1; lane1 1 != 1 -> 0.
        {"vset2.u32.u32.ne d, a, b, c", 0x00010002, 0x00010003, 0x00000000, 0x00000001},
    };
    check_vectors(rows);
}

TEST_CASE("vset2: .hxy selectors (R2, R3)", "[interp][vset2]") {
    static const Vec rows[] = {
        // a.h23: lane1 = b.lo = 2, lane0 = b.hi = 1; b.h10: lane1 = a.hi = 2, lane0 = a.lo = 1.
        // Both lanes equal -> 1, 1 (the default selectors would compare 1 vs 2 and 2 vs 1).
        {"vset2.u32.u32.eq d, a.h23, b.h10, c", 0x00020001, 0x00010002, 0x00000000, 0x00010001},
        // Va from b, extended by atype s32: lane1 0xffff -> -1, lane0 0; Vb from a (u32): 0, 0.
        // lane1 -1 < 0 -> 1; lane0 0 < 0 -> 0.
        {"vset2.s32.u32.lt d, a.h32, b.h10, c", 0x00000000, 0xffff0000, 0x00000000, 0x00010000},
        // Broadcast a.lo against b.hi: a.h00 = (5, 5), b.h33 = (5, 5) -> eq 1, 1.
        {"vset2.u32.u32.eq d, a.h00, b.h33, c", 0x12340005, 0x00059999, 0x00000000, 0x00010001},
    };
    check_vectors(rows);
}

TEST_CASE("vset2: masked merge takes the other lane from c (R10, issue B1)", "[interp][vset2]") {
    static const Vec rows[] = {
        // Mask .h1: lane1 5 >= 4 -> 1; lane0 = c's 0xbbbb (b's lane0 would be 0x0009).
        {"vset2.u32.u32.ge d.h1, a, b, c", 0x00050000, 0x00040009, 0xaaaabbbb, 0x0001bbbb},
        // Mask .h0: lane0 -1 < 0 -> 1; lane1 = c's 0x1234.
        {"vset2.s32.s32.lt d.h0, a, b, c", 0x0000ffff, 0x00000000, 0x12345678, 0x12340001},
        // Mask .h0 with a false compare: lane0 0; lane1 = c's 0xffff.
        {"vset2.u32.u32.gt d.h0, a, b, c", 0x00000001, 0x00000002, 0xffffffff, 0xffff0000},
    };
    check_vectors(rows);
}

TEST_CASE("vset2: .add accumulates lane results into c (R11)", "[interp][vset2]") {
    static const Vec rows[] = {
        // Manual example: lane0 2 != 3 -> 1; lane1 1 != 1 -> 0; 0x10 + 1 = 0x11.
        {"vset2.u32.u32.ne.add r1, r2, r3, r0", 0x00010002, 0x00010003, 0x00000010, 0x00000011},
        // Both lanes 0 <= 0 -> 2; 0xffffffff + 2 = 2^32 + 1 -> 1.
        {"vset2.u32.u32.le.add d, a, b, c", 0x00000000, 0x00000000, 0xffffffff, 0x00000001},
        // Mask .h1: lane1 1 != 2 -> 1 (lane0 also 1 but masked out); 5 + 1 = 6.
        {"vset2.u32.u32.ne.add d.h1, a, b, c", 0x00010001, 0x00020002, 0x00000005, 0x00000006},
        // s32 lanes: -32768 < 32767 in both lanes -> 2; 0x100 + 2 = 0x102.
        {"vset2.s32.s32.lt.add d, a, b, c", 0x80008000, 0x7fff7fff, 0x00000100, 0x00000102},
    };
    check_vectors(rows);
}
