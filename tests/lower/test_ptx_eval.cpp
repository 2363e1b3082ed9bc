// Tests for the reference PTX evaluator. Every expected value is worked out by hand from the
// PTX ISA manual's definitions, so these pin the evaluator to the manual rather than to itself.
#include <catch2/catch.hpp>

#include "ptx_eval.hpp"

using ptxv::test::PtxEvalError;
using ptxv::test::PtxRegs;
using ptxv::test::run_ptx;

namespace {

// Runs one sequence from the given registers and returns %d.
std::uint64_t eval_d(const std::string& text, PtxRegs regs = {}) {
    run_ptx(text, regs);
    return regs.at("%d");
}

}  // namespace

TEST_CASE("bfe.u32 extracts and zero-extends", "[ptx_eval]") {
    CHECK(eval_d("bfe.u32 %d, 0x12345678, 4, 8;") == 0x67);
    // Only the low 8 bits of position and length count.
    CHECK(eval_d("bfe.u32 %d, 0x12345678, 0x104, 0x108;") == 0x67);
    CHECK(eval_d("bfe.u32 %d, 0x000000F0, 4, 4;") == 0xF);
    // len == 0 gives 0.
    CHECK(eval_d("bfe.u32 %d, 0xFFFFFFFF, 3, 0;") == 0);
    // pos + len > 32: only bits 28..31 exist, the rest are zero.
    CHECK(eval_d("bfe.u32 %d, 0x80000000, 28, 8;") == 0x8);
    // pos >= 32: nothing is extracted.
    CHECK(eval_d("bfe.u32 %d, 0xFFFFFFFF, 32, 4;") == 0);
}

TEST_CASE("bfe.s32 sign-extends from the field's top bit", "[ptx_eval]") {
    // Field 0xF, its msb a[7] is 1; the 32-bit result lands zero-extended in the 64-bit slot.
    CHECK(eval_d("bfe.s32 %d, 0x000000F0, 4, 4;") == 0xFFFFFFFFu);
    CHECK(eval_d("bfe.s32 %d, 0x00000070, 4, 4;") == 0x7);
    // len == 0 gives 0 even when every input bit is set.
    CHECK(eval_d("bfe.s32 %d, 0xFFFFFFFF, 0, 0;") == 0);
    // pos + len > 32: sbit = a[min(35, 31)] = a[31] = 1; bits 0..3 = a[28..31] = 1000b.
    CHECK(eval_d("bfe.s32 %d, 0x80000000, 28, 8;") == 0xFFFFFFF8u);
    // pos >= 32: every bit is sbit = a[31].
    CHECK(eval_d("bfe.s32 %d, 0x80000000, 32, 4;") == 0xFFFFFFFFu);
    CHECK(eval_d("bfe.s32 %d, 0x7FFFFFFF, 40, 8;") == 0);
    // A full-width field copies all bits.
    CHECK(eval_d("bfe.s32 %d, 0x80000000, 0, 32;") == 0x80000000u);
    CHECK(eval_d("bfe.s32 %d, 0x80000000, 0, 255;") == 0x80000000u);
}

TEST_CASE("bfe 64-bit forms", "[ptx_eval]") {
    CHECK(eval_d("bfe.u64 %d, 0x123456789ABCDEF0, 32, 16;") == 0x5678);
    CHECK(eval_d("bfe.s64 %d, 0x8000000000000000, 60, 8;") == 0xFFFFFFFFFFFFFFF8u);
    CHECK(eval_d("bfe.u64 %d, 0x8000000000000000, 60, 8;") == 0x8);
    // In 64 bits, bit 31 is not special: the field a[28..32] has msb a[32] = 0.
    CHECK(eval_d("bfe.s64 %d, 0x0000000080000000, 28, 5;") == 0x8);
    CHECK(eval_d("bfe.s64 %d, 0x0000000080000000, 28, 4;") == 0xFFFFFFFFFFFFFFF8u);
}

TEST_CASE("prmt.b32 default mode", "[ptx_eval]") {
    // Bytes of {b, a}: b0..b3 = 11 22 33 44 (from a), b4..b7 = 55 66 77 88 (from b).
    const PtxRegs regs{{"%a", 0x44332211}, {"%b", 0x88776655}};
    CHECK(eval_d("prmt.b32 %d, %a, %b, 0x3210;", regs) == 0x44332211);
    CHECK(eval_d("prmt.b32 %d, %a, %b, 0x7654;", regs) == 0x88776655);
    CHECK(eval_d("prmt.b32 %d, %a, %b, 0x0123;", regs) == 0x11223344);
    CHECK(eval_d("prmt.b32 %d, %a, %b, 0x4567;", regs) == 0x55667788);
    // Nibbles F, 0, F, 8: sign of b7 (0x88 -> FF), copy b0, sign of b7, sign of b0 (0x11 -> 00).
    CHECK(eval_d("prmt.b32 %d, %a, %b, 0x8F0F;", regs) == 0x00FF11FF);
    // Bits above the low 16 of the control are not part of the selector.
    CHECK(eval_d("prmt.b32 %d, %a, %b, 0xABCD3210;", regs) == 0x44332211);
}

TEST_CASE("shl and shr clamp amounts at the width", "[ptx_eval]") {
    CHECK(eval_d("shl.b32 %d, 1, 31;") == 0x80000000u);
    CHECK(eval_d("shl.b32 %d, 1, 32;") == 0);
    CHECK(eval_d("shl.b32 %d, 1, 40;") == 0);
    CHECK(eval_d("shr.u32 %d, 0x80000000, 31;") == 1);
    CHECK(eval_d("shr.u32 %d, 0x80000000, 32;") == 0);
    CHECK(eval_d("shr.u32 %d, 0x80000000, 40;") == 0);
    CHECK(eval_d("shr.b32 %d, 0x80000000, 4;") == 0x08000000u);
    CHECK(eval_d("shr.s32 %d, 0x80000000, 31;") == 0xFFFFFFFFu);
    CHECK(eval_d("shr.s32 %d, 0x80000000, 32;") == 0xFFFFFFFFu);
    CHECK(eval_d("shr.s32 %d, 0x80000000, 40;") == 0xFFFFFFFFu);
    CHECK(eval_d("shr.s32 %d, 0x7FFFFFFF, 40;") == 0);
    CHECK(eval_d("shr.s32 %d, -8, 1;") == 0xFFFFFFFCu);
    CHECK(eval_d("shl.b64 %d, 1, 63;") == 0x8000000000000000u);
    CHECK(eval_d("shl.b64 %d, 1, 64;") == 0);
    CHECK(eval_d("shr.u64 %d, 0x8000000000000000, 63;") == 1);
    CHECK(eval_d("shr.s64 %d, 0x8000000000000000, 63;") == ~std::uint64_t{0});
    CHECK(eval_d("shr.s64 %d, 0x8000000000000000, 64;") == ~std::uint64_t{0});
    // The amount is a .u32: only the low 32 bits of its register count, and huge amounts clamp.
    CHECK(eval_d("shr.u32 %d, 0x80, %n;", {{"%n", 0x100000001u}}) == 0x40);
    CHECK(eval_d("shr.u32 %d, 0x80, %n;", {{"%n", 0xFFFFFFFFu}}) == 0);
    // A 32-bit shift reads only the low half of its source.
    CHECK(eval_d("shl.b32 %d, %a, 4;", {{"%a", 0xFFFFFFFF00000001u}}) == 0x10);
}

TEST_CASE("setp signed vs unsigned on 0x80000000", "[ptx_eval]") {
    const PtxRegs regs{{"%x", 0x80000000u}};
    auto p = [&](const std::string& insn) {
        PtxRegs r = regs;
        run_ptx(insn, r);
        return r.at("%p");
    };
    CHECK(p("setp.lt.s32 %p, %x, 0;") == 1);
    CHECK(p("setp.gt.s32 %p, %x, 0;") == 0);
    CHECK(p("setp.lt.u32 %p, %x, 0;") == 0);
    CHECK(p("setp.lo.u32 %p, %x, 0;") == 0);
    CHECK(p("setp.hi.u32 %p, %x, 0;") == 1);
    CHECK(p("setp.hs.u32 %p, %x, %x;") == 1);
    CHECK(p("setp.ls.u32 %p, 0, %x;") == 1);
    CHECK(p("setp.ge.s32 %p, %x, -2147483648;") == 1);
    CHECK(p("setp.le.s32 %p, 0, %x;") == 0);
    // As a 64-bit value the same bits are positive.
    CHECK(p("setp.lt.s64 %p, %x, 0;") == 0);
    CHECK(p("setp.ne.b32 %p, %x, 0x80000000;") == 0);
    CHECK(p("setp.eq.b32 %p, %x, 0x80000000;") == 1);
}

TEST_CASE("setp.b32 compares only the low 32 bits", "[ptx_eval]") {
    PtxRegs r{{"%x", 0x100000005u}, {"%y", 5}};
    run_ptx("setp.eq.b32 %p, %x, %y; setp.eq.b64 %q, %x, %y;", r);
    CHECK(r.at("%p") == 1);
    CHECK(r.at("%q") == 0);
}

TEST_CASE("selp picks by predicate", "[ptx_eval]") {
    CHECK(eval_d("selp.b32 %d, 7, 9, %p;", {{"%p", 1}}) == 7);
    CHECK(eval_d("selp.b32 %d, 7, 9, %p;", {{"%p", 0}}) == 9);
    const PtxRegs regs{{"%a", 0x1122334455667788u}, {"%b", 0xFFFFFFFFFFFFFFFFu}, {"%p", 0}};
    CHECK(eval_d("selp.s64 %d, %a, %b, %p;", regs) == 0xFFFFFFFFFFFFFFFFu);
    CHECK(eval_d("selp.u32 %d, %a, %b, 1;", regs) == 0x55667788u);
}

TEST_CASE("cvt integer conversions", "[ptx_eval]") {
    CHECK(eval_d("cvt.s64.s32 %d, 0xFFFFFFFE;") == 0xFFFFFFFFFFFFFFFEu);
    CHECK(eval_d("cvt.u64.u32 %d, 0xFFFFFFFE;") == 0x00000000FFFFFFFEu);
    // Extension follows the source type, not the destination type.
    CHECK(eval_d("cvt.u64.s32 %d, 0x80000000;") == 0xFFFFFFFF80000000u);
    CHECK(eval_d("cvt.s64.u32 %d, 0x80000000;") == 0x0000000080000000u);
    CHECK(eval_d("cvt.u32.u64 %d, 0x123456789;") == 0x23456789u);
    CHECK(eval_d("cvt.s32.s64 %d, 0xFFFFFFFF00000005;") == 5);
    CHECK(eval_d("cvt.s32.s64 %d, -1;") == 0x00000000FFFFFFFFu);
    // A 32-bit source ignores the upper half of its register.
    CHECK(eval_d("cvt.s64.s32 %d, %a;", {{"%a", 0x00000001FFFFFFFFu}}) == ~std::uint64_t{0});
}

TEST_CASE("min and max signed vs unsigned", "[ptx_eval]") {
    CHECK(eval_d("min.s32 %d, 0xFFFFFFFF, 1;") == 0xFFFFFFFFu);
    CHECK(eval_d("min.u32 %d, 0xFFFFFFFF, 1;") == 1);
    CHECK(eval_d("max.s32 %d, 0xFFFFFFFF, 1;") == 1);
    CHECK(eval_d("max.u32 %d, 0xFFFFFFFF, 1;") == 0xFFFFFFFFu);
    CHECK(eval_d("min.s64 %d, 0x8000000000000000, 0;") == 0x8000000000000000u);
    CHECK(eval_d("max.u64 %d, 0x8000000000000000, 0;") == 0x8000000000000000u);
    CHECK(eval_d("max.s64 %d, 0x8000000000000000, 0;") == 0);
}

TEST_CASE("add, sub and mul.lo wrap at their width", "[ptx_eval]") {
    CHECK(eval_d("add.u64 %d, 0xFFFFFFFF, 1;") == 0x100000000u);
    CHECK(eval_d("add.u32 %d, 0xFFFFFFFF, 1;") == 0);
    CHECK(eval_d("add.s64 %d, -1, 1;") == 0);
    CHECK(eval_d("sub.u32 %d, 0, 1;") == 0xFFFFFFFFu);
    CHECK(eval_d("sub.s64 %d, 0, 1;") == ~std::uint64_t{0});
    CHECK(eval_d("mul.lo.u32 %d, 0x10000, 0x10000;") == 0);
    CHECK(eval_d("mul.lo.u32 %d, 0x12345, 0x10;") == 0x123450);
    CHECK(eval_d("mul.lo.s32 %d, -3, 5;") == 0xFFFFFFF1u);
    CHECK(eval_d("mul.lo.u64 %d, 0x100000000, 0x100000000;") == 0);
    CHECK(eval_d("mul.lo.u64 %d, 0xFFFFFFFF, 0xFFFFFFFF;") == 0xFFFFFFFE00000001u);
}

TEST_CASE("logic ops, not and neg", "[ptx_eval]") {
    CHECK(eval_d("not.b32 %d, 0x0F0F0F0F;") == 0xF0F0F0F0u);
    CHECK(eval_d("not.b64 %d, 0;") == ~std::uint64_t{0});
    CHECK(eval_d("neg.s32 %d, 5;") == 0xFFFFFFFBu);
    CHECK(eval_d("neg.s32 %d, 0x80000000;") == 0x80000000u);
    CHECK(eval_d("and.b32 %d, 0xFF00FF00, 0x0FF00FF0;") == 0x0F000F00u);
    CHECK(eval_d("or.b64 %d, 0xF000000000000000, 1;") == 0xF000000000000001u);
    CHECK(eval_d("xor.b32 %d, 0xFFFF0000, 0xFF00FF00;") == 0x00FFFF00u);
    CHECK(eval_d("not.pred %d, 1;") == 0);
    CHECK(eval_d("and.pred %d, 1, 0;") == 0);
    CHECK(eval_d("or.pred %d, 1, 0;") == 1);
    CHECK(eval_d("xor.pred %d, 1, 1;") == 0);
}

TEST_CASE("guards run an instruction only where the predicate holds", "[ptx_eval]") {
    PtxRegs r{{"%p", 1}, {"%q", 0}, {"%d", 0xAA}, {"%e", 0xAA}, {"%f", 0xAA}, {"%g", 0xAA}};
    const int n = run_ptx(
        "@%p mov.u32 %d, 1;\n"
        "@!%p mov.u32 %e, 2;\n"
        "@%q mov.u32 %f, 3;\n"
        "@!%q mov.u32 %g, 4;\n",
        r);
    CHECK(n == 4);  // guarded-off instructions still count
    CHECK(r.at("%d") == 1);
    CHECK(r.at("%e") == 0xAA);
    CHECK(r.at("%f") == 0xAA);
    CHECK(r.at("%g") == 4);
}

TEST_CASE("setp feeding a guard", "[ptx_eval]") {
    PtxRegs r{{"%i", 3}, {"%n", 10}, {"%j", 7}};
    run_ptx("setp.lt.s32 %p, %i, %n; @%p add.s32 %j, %j, 1; @!%p add.s32 %j, %j, 100;", r);
    CHECK(r.at("%p") == 1);
    CHECK(r.at("%j") == 8);
}

TEST_CASE("immediates: hex, negative, U suffix", "[ptx_eval]") {
    CHECK(eval_d("mov.u32 %d, 0xFFFFFFFF;") == 0xFFFFFFFFu);
    CHECK(eval_d("mov.s32 %d, -1;") == 0xFFFFFFFFu);
    CHECK(eval_d("mov.s64 %d, -1;") == ~std::uint64_t{0});
    CHECK(eval_d("mov.u64 %d, 0x8000000000000000U;") == 0x8000000000000000u);
    CHECK(eval_d("mov.b64 %d, -9223372036854775808;") == 0x8000000000000000u);
    CHECK(eval_d("mov.u32 %d, 0x123456789;") == 0x23456789u);
    CHECK(eval_d("add.s32 %d, %a, -1;", {{"%a", 5}}) == 4);
    CHECK(eval_d("mov.u32 %d, 42U;") == 42);
}

TEST_CASE("declarations and comments are skipped, count is instructions", "[ptx_eval]") {
    PtxRegs r;
    const int n = run_ptx(
        ".reg .b32 %r<4>;\n"
        "// a comment; with a semicolon\n"
        ".reg .pred %p;\n"
        "\n"
        "mov.u32 %r1, 7;   // trailing comment\n"
        "add.u32 %r2, %r1, %r1;\n",
        r);
    CHECK(n == 2);
    CHECK(r.at("%r2") == 14);
    CHECK(r.count("%r0") == 0);
}

TEST_CASE("registers outside the destination are left alone", "[ptx_eval]") {
    PtxRegs r{{"%a", 0xFFFFFFFFFFFFFFFFu}, {"%d", 0xFFFFFFFFFFFFFFFFu}};
    run_ptx("mov.b32 %d, %a;", r);
    CHECK(r.at("%d") == 0xFFFFFFFFu);  // a 32-bit write clears the upper half of the slot
    CHECK(r.at("%a") == 0xFFFFFFFFFFFFFFFFu);
}

TEST_CASE("errors for anything outside the subset", "[ptx_eval]") {
    PtxRegs r{{"%a", 1}, {"%b", 2}, {"%p", 1}, {"%w", 2}};
    // Unknown opcode, and the message names the statement.
    REQUIRE_THROWS_AS(run_ptx("mad.lo.u32 %d, %a, %b, %a;", r), PtxEvalError);
    REQUIRE_THROWS_WITH(run_ptx("mad.lo.u32 %d, %a, %b, %a;", r), Catch::Contains("mad.lo.u32 %d, %a, %b, %a"));
    // Operand count.
    REQUIRE_THROWS_AS(run_ptx("add.u32 %d, %a;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("add.u32 %d, %a, %b, %a;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("add.u32 %d, %a, ;", r), PtxEvalError);
    // Unset register, including as a guard.
    REQUIRE_THROWS_AS(run_ptx("add.u32 %d, %a, %nope;", r), PtxEvalError);
    REQUIRE_THROWS_WITH(run_ptx("add.u32 %d, %a, %nope;", r), Catch::Contains("%nope"));
    REQUIRE_THROWS_AS(run_ptx("@%nope mov.u32 %d, 1;", r), PtxEvalError);
    // Type suffixes the opcode does not take here.
    REQUIRE_THROWS_AS(run_ptx("add.b32 %d, %a, %b;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("shl.u32 %d, %a, 1;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("bfe.b32 %d, %a, 0, 1;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("mov.f32 %d, %a;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("neg.u32 %d, %a;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("setp.lo.s32 %p, %a, %b;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("setp.lt.b32 %p, %a, %b;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("cvt.u16.u32 %d, %a;", r), PtxEvalError);
    // Modifiers outside the subset.
    REQUIRE_THROWS_AS(run_ptx("prmt.b32.f4e %d, %a, %b, 0;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("mul.wide.u32 %d, %a, %b;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("mul.u32 %d, %a, %b;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("cvt.sat.s32.s64 %d, %a;", r), PtxEvalError);
    // Malformed statements.
    REQUIRE_THROWS_AS(run_ptx("mov.u32 5, %a;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("mov.u32 %d, %a", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("mov.u32 %d, 018;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("mov.u32 %d, 0x;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("mov.u64 %d, 18446744073709551616;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("mov.u32 %d, %a.x;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx(".reg %r1;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx(".reg .b32 %r<x>;", r), PtxEvalError);
    // A predicate holding something other than 0 or 1.
    REQUIRE_THROWS_AS(run_ptx("selp.b32 %d, 1, 2, %w;", r), PtxEvalError);
    REQUIRE_THROWS_AS(run_ptx("@%w mov.u32 %d, 1;", r), PtxEvalError);
    // A false guard does not excuse a malformed instruction.
    REQUIRE_THROWS_AS(run_ptx("@!%p add.b32 %d, %a, %b;", r), PtxEvalError);
    // Nothing above wrote %d.
    CHECK(r.count("%d") == 0);
}

TEST_CASE("GPGPU-Sim's prmt and bfe, where they depart from the manual", "[ptx_eval]") {
    const ptxv::test::PtxQuirks sim{true};
    ptxv::test::PtxRegs r{{"%a", 0x80000000u}, {"%b", 0x11223344u}, {"%x", 0x80000001u}, {"%z", 0x00000000u}};
    ptxv::test::PtxRegs q = r;
    // A byte of b where a is negative: b's bytes by the manual, 0xff by GPGPU-Sim.
    ptxv::test::run_ptx("prmt.b32 %d, %a, %b, 0x7654;", r);
    ptxv::test::run_ptx("prmt.b32 %d, %a, %b, 0x7654;", q, sim);
    CHECK(r["%d"] == 0x11223344u);
    CHECK(q["%d"] == 0xffffffffu);
    // a not negative: the same.
    ptxv::test::run_ptx("prmt.b32 %e, %b, %a, 0x7654;", r);
    ptxv::test::run_ptx("prmt.b32 %e, %b, %a, 0x7654;", q, sim);
    CHECK(r["%e"] == 0x80000000u);
    CHECK(q["%e"] == 0x80000000u);
    // A sign-replicated byte whose top bit is clear.
    ptxv::test::run_ptx("prmt.b32 %f, %z, %z, 0x8888;", r);
    ptxv::test::run_ptx("prmt.b32 %f, %z, %z, 0x8888;", q, sim);
    CHECK(r["%f"] == 0u);
    CHECK(q["%f"] == 0xffffffffu);
    // bfe.s32 of the whole negative word.
    ptxv::test::run_ptx("bfe.s32 %g, %x, 0, 32;", r);
    ptxv::test::run_ptx("bfe.s32 %g, %x, 0, 32;", q, sim);
    CHECK(r["%g"] == 0x80000001u);
    CHECK(q["%g"] == 0xffffffffu);
}
