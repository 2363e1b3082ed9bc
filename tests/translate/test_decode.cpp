// Templates taken apart (decode_template): operands renamed, instructions
// split, temporaries and moves recognised, video instructions decoded; the
// reason given for what cannot be translated.
#include <catch2/catch.hpp>

#include <string>

#include "ptxv/parse.hpp"
#include "ptxv/translate.hpp"

using ptxv::translate::decode_template;
using ptxv::translate::find_asm;
using ptxv::translate::TemplateLine;

namespace {
ptxv::translate::DecodedTemplate decode(const std::string& src) {
    const auto found = find_asm(src);
    REQUIRE(found.size() == 1);
    return decode_template(found[0]);
}
}  // namespace

TEST_CASE("templates: one video instruction, operands by number and by name", "[translate]") {
    auto d = decode("asm(\"vadd4.u32.u32.u32.sat %0, %1, %2, %3;\" : \"=r\"(x) : \"r\"(a), \"r\"(b), \"r\"(c));");
    REQUIRE(d.why_not.empty());
    REQUIRE(d.lines.size() == 1);
    CHECK(d.lines[0].kind == TemplateLine::Kind::video);
    CHECK(ptxv::print(d.lines[0].instr) == "vadd4.u32.u32.u32.sat %0, %1, %2, %3;");
    d = decode("asm(\"vmad.s32.u32.u32 %[d], -%[a].h0, %[b].h0, %[c];\" : [d] \"=r\"(x) : [a] \"r\"(p), [b] \"r\"(q), [c] \"r\"(s));");
    REQUIRE(d.why_not.empty());
    CHECK(d.lines[0].instr.neg_a);
    CHECK(d.lines[0].instr.a.name == "%1");
    CHECK(d.lines[0].instr.c.name == "%3");
}

TEST_CASE("templates: blocks with temporaries, moves, several instructions", "[translate]") {
    const auto d = decode(
        "asm(\"{\\n\\t.reg .u32 t1, t2;\\n\\t\"\n"
        "    \"vabsdiff4.u32.u32.u32.add t1, %1, %2, %3;\\n\\t\"\n"
        "    \"vmax.u32.u32.u32 t2, t1, %3; mov.b32 %0, t2;\\n\\t}\" : \"=r\"(x) : \"r\"(a), \"r\"(b), \"r\"(c));");
    REQUIRE(d.why_not.empty());
    REQUIRE(d.lines.size() == 4);
    CHECK(d.lines[0].kind == TemplateLine::Kind::reg);
    CHECK(d.lines[0].regs == std::vector<std::string>{"t1", "t2"});
    CHECK(d.lines[1].instr.d.name == "t1");
    CHECK(d.lines[2].instr.a.name == "t1");
    CHECK(d.lines[3].kind == TemplateLine::Kind::mov);
    CHECK(d.lines[3].dst == "%0");
    CHECK(d.lines[3].src == "t2");
}

TEST_CASE("templates: an immediate 0 as a SIMD c is decoded and flagged", "[translate]") {
    const auto d = decode("asm(\"vsub4.u32.u32.u32 %0, %1, %2, 0;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));");
    REQUIRE(d.why_not.empty());
    CHECK(d.lines[0].old_simd_zero_c);
    CHECK(d.lines[0].instr.c.kind == ptxv::Operand::Kind::imm);
    CHECK(d.lines[0].instr.c.imm == 0u);
}

TEST_CASE("templates: the integer instructions take their operand counts, lop3 a literal table", "[translate]") {
    CHECK(decode("asm(\"prmt.b32 %0, %1, %2, 0x3210;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not.empty());
    CHECK(decode("asm(\"bfi.b32 %0, %1, %2, 8, 4;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not.empty());
    CHECK(decode("asm(\"shf.r.clamp.b32 %0, %1, %2, 40;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not.empty());
    CHECK(decode("asm(\"bfe.u32 %0, %1, 8;\" : \"=r\"(x) : \"r\"(a));").why_not == "'bfe.u32 %0, %1, 8': bfe.u32 takes 4 operands");
    CHECK(decode("asm(\"lop3.b32 %0, %1, %2, %1, %2;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not ==
          "'lop3.b32 %0, %1, %2, %1, %2': lop3's immLut is not an integer literal");
    CHECK(decode("asm(\"{ .reg .pred p; setp.lo.u32 p, %1, %2; selp.b32 %0, %1, %2, p; }\" : \"=r\"(x) : \"r\"(a), "
                 "\"r\"(b));").why_not.empty());
    CHECK(decode("asm(\"cvt.s32.s8 %0, %1;\" : \"=r\"(x) : \"r\"(a));").why_not.empty());
    // A compare that its type does not have, saturating or float conversions,
    // a predicate guard: not taken.
    CHECK(decode("asm(\"{ .reg .pred p; setp.lt.b32 p, %1, %2; }\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not ==
          "'setp.lt.b32' is not a video instruction");
    CHECK(decode("asm(\"cvt.sat.s32.s8 %0, %1;\" : \"=r\"(x) : \"r\"(a));").why_not == "'cvt.sat.s32.s8' is not a video instruction");
    CHECK(decode("asm(\"cvt.rn.f32.s32 %0, %1;\" : \"=r\"(x) : \"r\"(a));").why_not == "'cvt.rn.f32.s32' is not a video instruction");
    // Another mode of prmt, or a funnel shift without its mode, is not taken.
    CHECK(decode("asm(\"prmt.b32.f4e %0, %1, %2, 1;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not ==
          "'prmt.b32.f4e' is not a video instruction");
    CHECK(decode("asm(\"shf.l.b32 %0, %1, %2, 3;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not ==
          "'shf.l.b32' is not a video instruction");
}

TEST_CASE("templates: what cannot be translated says why", "[translate]") {
    CHECK(decode("asm(\"popc.b32 %0, %1;\" : \"=r\"(x) : \"r\"(a));").why_not ==
          "'popc.b32' is not a video instruction");
    CHECK(decode("asm(\"@p vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not ==
          "a predicated instruction: @p vadd.u32.u32.u32 %0, %1, %2");
    CHECK(decode("asm(\"vadd.u32.u32.u32 %0, %1, %5;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not ==
          "operand %5 does not exist");
    CHECK(decode("asm(\"vadd.u32.u32.u32 %0, %1, %[q];\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not ==
          "no operand named [q]");
    CHECK(decode("asm(\".reg .u64 w; vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(x) : \"r\"(a), \"r\"(b));").why_not ==
          "a .reg of type .u64 (only 32-bit and .pred registers)");
    CHECK(!decode("asm(\"vadd4.u32.u32.u32.sat.min %0, %1, %2, %3;\" : \"=r\"(x) : \"r\"(a), \"r\"(b), \"r\"(c));")
               .why_not.empty());
}

TEST_CASE("templates: operands a translation cannot bind", "[translate]") {
    CHECK(decode("asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=l\"(x) : \"r\"(a), \"r\"(b));").why_not ==
          "output constraint \"=l\" (only \"=r\" and \"+r\" are bound)");
    CHECK(decode("asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(x) : \"h\"(a), \"r\"(b));").why_not ==
          "input constraint \"h\" (only \"r\", \"n\" and \"i\" are bound)");
    CHECK(decode("asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(x) : \"r\"(a), \"1\"(b));").why_not ==
          "input tied to output 1, which does not exist");
    CHECK(decode("asm goto(\"vadd.u32.u32.u32 %0, %0, %0;\" : : \"r\"(a) : : done);").why_not == "asm goto");
    CHECK(decode("asm volatile(\"\" : : : \"memory\");").why_not == "no instruction in it (it builds everywhere as it is)");
    // Plain integer instructions alone are translated as they are among video ones.
    CHECK(decode("asm(\"mov.b32 %0, %1;\" : \"=r\"(x) : \"r\"(a));").why_not.empty());
    CHECK(decode("asm(\"not.b32 %0, %1;\" : \"=r\"(x) : \"r\"(a));").why_not.empty());
    // Bound: early-clobber outputs, constants, an input tied to an output.
    CHECK(decode("asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=&r\"(x) : \"n\"(4), \"0\"(b));").why_not.empty());
}

TEST_CASE("templates: registers must be operands or declared temporaries", "[translate]") {
    CHECK(decode("asm(\"vadd.u32.u32.u32 %0, t, %1;\" : \"=r\"(x) : \"r\"(a));").why_not ==
          "register t is not declared in the statement");
    CHECK(decode("asm(\"{ .reg .u32 t; vadd.u32.u32.u32 t, %1, %1; mov.b32 %0, u; }\" : \"=r\"(x) : \"r\"(a));").why_not ==
          "register u is not declared in the statement");
    CHECK(decode("asm(\"{ .reg .u32 t; vadd.u32.u32.u32 t, %1, %1; mov.b32 %0, ';\" : \"=r\"(x) : \"r\"(a));").why_not ==
          "a register this tool cannot bind: '");
    CHECK(decode("asm(\"{ .reg .u32 t$1; }\" : \"=r\"(x));").why_not == "a .reg declaration this tool cannot bind: .reg .u32 t$1");
    // Immediates a mov may take.
    for (const char* imm : {"0", "-1", "0x7fU", "017", "4294967295U"})
        CHECK(decode(std::string("asm(\"{ .reg .u32 t; mov.b32 t, ") + imm +
                     "; vadd.u32.u32.u32 %0, %1, t; }\" : \"=r\"(x) : \"r\"(a));")
                  .why_not.empty());
    CHECK(decode("asm(\"{ .reg .u32 t; mov.b32 t, 0x; vadd.u32.u32.u32 %0, %1, t; }\" : \"=r\"(x) : \"r\"(a));").why_not ==
          "a register this tool cannot bind: 0x");
}

TEST_CASE("templates: the first operand right after the mnemonic, as ptxas reads it", "[translate]") {
    // Adjacent literals with no blank between them (BIDMat's vmin4 helpers).
    const auto d = decode("asm(\"vmin4.s32.s32.s32.add\" \"%0, %1.b3210, %2.b4321, %3;\" : \"=r\"(x) : \"r\"(a), \"r\"(b), \"r\"(c));");
    REQUIRE(d.why_not.empty());
    REQUIRE(d.lines.size() == 1);
    CHECK(ptxv::print(d.lines[0].instr) == "vmin4.s32.s32.s32.add %0, %1, %2.b4321, %3;");
    const auto m = decode("asm(\"mov.b32%0, %1;vadd.u32.u32.u32%0, %0, %1;\" : \"=r\"(x) : \"r\"(a));");
    REQUIRE(m.why_not.empty());
    CHECK(m.lines.size() == 2);
}

TEST_CASE("templates: a special register is named as one, not as an operand modifier", "[translate]") {
    CHECK(decode("asm(\"mov.u32 %0, %lanemask_lt;\" : \"=r\"(x));").why_not ==
          "special register %lanemask_lt (only the statement's operands are bound)");
    CHECK(decode("asm(\"vadd.u32.u32.u32 %0, %laneid, %1;\" : \"=r\"(x) : \"r\"(a));").why_not ==
          "special register %laneid (only the statement's operands are bound)");
    // Written as %% in the template, the same register.
    CHECK(decode("asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(x));").why_not ==
          "special register %laneid (only the statement's operands are bound)");
    // One letter before an operand's number is a modifier.
    CHECK(decode("asm(\"vadd.u32.u32.u32 %0, %h1, %1;\" : \"=r\"(x) : \"r\"(a));").why_not ==
          "operand modifier %h in the template");
}
