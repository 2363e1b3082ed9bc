// Parser, printer and validity rules: the manual's examples, one table of
// invalid forms per rule of shared/reference/ptxas-validity.md, defaults, the
// readings R16/R17, and a print/parse round trip over random valid forms
// built from the generated tables.

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ptxv/instr.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv_tables.hpp"

namespace {

using ptxv::Instr;
using ptxv::parse;
using ptxv::print;
using ptxv::try_parse;

// The error message for `text`, or "<accepted>".
std::string error_of(const std::string& text) {
    std::string error;
    if (try_parse(text, &error)) return "<accepted>";
    return error;
}

bool accepted(const std::string& text) { return bool(try_parse(text, nullptr)); }

void check_round_trip(const std::string& text) {
    INFO(text);
    std::string error;
    const auto in = try_parse(text, &error);
    INFO(error);
    REQUIRE(in);
    const std::string canonical = print(*in);
    INFO(canonical);
    const auto again = try_parse(canonical, &error);
    INFO(error);
    REQUIRE(again);
    CHECK(*again == *in);
    CHECK(print(*again) == canonical);
}

struct Bad {
    const char* text;
    const char* part;  // must appear in the message
};

void check_rejected(const std::vector<Bad>& cases) {
    for (const Bad& c : cases) {
        INFO(c.text);
        const std::string error = error_of(c.text);
        INFO(error);
        CHECK(error != "<accepted>");
        CHECK(error.find(c.part) != std::string::npos);
    }
}

}  // namespace

TEST_CASE("manual examples: valid ones parse and round-trip, invalid ones name the bad part", "[parser]") {
    namespace spec = ptxv::spec;
    REQUIRE(spec::kExampleCount > 0);
    int invalid = 0;
    for (int i = 0; i < spec::kExampleCount; ++i) {
        const spec::ExampleInfo& ex = spec::kExamples[i];
        INFO(ex.text);
        if (ex.valid) {
            check_round_trip(ex.text);
            continue;
        }
        ++invalid;
        const std::string error = error_of(ex.text);
        INFO(error);
        REQUIRE(error != "<accepted>");
        const std::string text = ex.text;
        if (text.find(".b00") != std::string::npos) CHECK(error.find(".b00") != std::string::npos);
        if (text.find(".max") != std::string::npos) CHECK(error.find(".max") != std::string::npos);
    }
    CHECK(invalid == 2);
}

TEST_CASE("invalid forms: every rule names the offending part", "[parser]") {
    SECTION("type count") {
        check_rejected({
            {"vadd.u32.u32 r1, r2, r3;", "got 2"},
            {"vset.u32.u32.u32.lt r1, r2, r3;", "vset takes 2 types"},
            {"vadd4.u32.u32.u32.u32 r1, r2, r3, r4;", "got 4"},
            {"vmad r1, r2, r3, r4;", "got none"},
            {"vset2.s32.lt r1, r2, r3, r4;", "got 1"},
        });
    }
    SECTION("vshl/vshr btype") {
        check_rejected({
            {"vshl.u32.u32.s32.clamp r1, r2, r3;", "vshl btype must be .u32"},
            {"vshr.s32.s32.s32.wrap r1, r2, r3;", "not .s32"},
            {"vshl.clamp.u32.s32.s32 r1, r2, r3;", "btype"},
        });
    }
    SECTION("shift mode required, once") {
        check_rejected({
            {"vshl.u32.u32.u32 r1, r2, r3;", "requires one of .clamp .wrap"},
            {"vshr.u32.u32.u32.clamp.wrap r1, r2, r3;", ".wrap"},
            {"vshl.u32.u32.u32.wrap.wrap r1, r2, r3;", ".wrap is repeated"},
            {"vadd.u32.u32.u32.clamp r1, r2, r3;", "vadd takes no .clamp"},
        });
    }
    SECTION("vset has no .sat") {
        check_rejected({
            {"vset.u32.u32.lt.sat r1, r2, r3;", "vset takes no .sat"},
            {"vset2.u32.u32.eq.sat r1, r2, r3, r4;", ".sat"},
            {"vset4.sat.s32.s32.ge r1, r2, r3, r4;", ".sat"},
        });
    }
    SECTION("SIMD .sat with .add") {
        check_rejected({
            {"vadd2.u32.u32.u32.sat.add r1, r2, r3, r4;", "vadd2 cannot combine .sat with .add"},
            {"vabsdiff4.add.s32.s32.s32.sat r1, r2, r3, r4;", ".sat with .add"},
            {"vavrg2.s32.u32.u32.add.sat r1, r2, r3, r4;", ".sat with .add"},
        });
    }
    SECTION("SIMD .min/.max") {
        check_rejected({
            {"vadd2.u32.u32.u32.min r1, r2, r3, r4;", "vadd2 takes no .min; only .add"},
            {"vmax4.u32.u32.u32.max r1, r2, r3, r4;", ".max"},
            {"vsub4.u32.u32.u32.sat.min r1, r2, r3, r4;", ".min"},
        });
    }
    SECTION("vset2/vset4 take only .add") {
        check_rejected({
            {"vset4.u32.u32.ne.max r1, r2, r3, r0;", "vset4 takes no .max; only .add"},
            {"vset4.u32.u32.ne.min r1, r2, r3, r0;", ".min"},
            {"vset2.s32.s32.lt.max r1, r2, r3, r0;", ".max"},
        });
    }
    SECTION("SIMD forms need c") {
        check_rejected({
            {"vadd2.u32.u32.u32 r1, r2, r3;", "requires operand c"},
            {"vset4.u32.u32.lt r1, r2, r3;", "requires operand c"},
            {"vmin4.u32.u32.u32.add r1, r2, r3;", "operand c"},
        });
    }
    SECTION("scalar .op2 needs c") {
        check_rejected({
            {"vadd.u32.u32.u32.add r1, r2, r3;", "with .add requires operand c"},
            {"vset.u32.u32.lt.min r1, r2, r3;", ".min"},
            {"vshl.u32.u32.u32.clamp.max r1, r2, r3;", ".max"},
        });
    }
    SECTION("scalar d selector (merge) needs c") {
        check_rejected({
            {"vadd.u32.u32.u32 r1.h0, r2, r3;", ".h0"},
            {"vset.u32.u32.lt r1.b3, r2, r3;", ".b3"},
            {"vshr.u32.u32.u32.wrap r1.b1, r2, r3;", ".b1"},
        });
    }
    SECTION(".op2 with a merging d selector") {
        check_rejected({
            {"vadd.u32.u32.u32.add r1.h0, r2, r3, r4;", "d selector (.h0)"},
            {"vset.u32.u32.lt.max r1.b2, r2, r3, r4;", ".max"},
            {"vshr.u32.u32.u32.wrap.min r1.b3, r2, r3, r4;", ".b3"},
        });
    }
    SECTION("SIMD selectors outside the geometry") {
        check_rejected({
            {"vadd2.u32.u32.u32 r1, r2.h40, r3, r4;", ".h40"},
            {"vset2.u32.u32.lt r1, r2, r3.h100, r4;", ".h100"},
            {"vadd2.u32.u32.u32 r1, r2.h0, r3, r4;", ".h0"},
            {"vadd4.u32.u32.u32 r1, r2.b0128, r3, r4;", ".b0128"},
            {"vmin4.u32.u32.u32 r1, r2.b012, r3, r4;", ".b012"},
            {"vset4.u32.u32.lt r1, r2, r3.b76543, r4;", ".b76543"},
            {"vadd2.u32.u32.u32 r1, r2.b10, r3, r4;", ".b10"},
        });
    }
    SECTION("scalar selectors") {
        check_rejected({
            {"vadd.u32.u32.u32 r1, r2.b4, r3;", ".b4"},
            {"vsub.u32.u32.u32 r1, r2, r3.h2;", ".h2"},
            {"vadd.u32.u32.u32 r1, r2.b01, r3;", ".b01"},
            {"vadd.u32.u32.u32 r1, r2.h10, r3;", ".h10"},
            {"vadd.u32.u32.u32 r1.b5, r2, r3, r4;", ".b5"},
            {"vmad.u32.u32.u32 r1.h0, r2, r3, r4;", ".h0"},
        });
    }
    SECTION("masks outside the list") {
        check_rejected({
            {"vmin4.s32.u32.u32.add r1.b00, r2, r3, r1;", "mask '.b00' is not a vmin4 mask; valid: .b0 .b1 .b10"},
            {"vadd4.u32.u32.u32 r1.b0123, r2, r3, r4;", ".b0123"},
            {"vset2.u32.u32.lt r1.h01, r2, r3, r4;", ".h01"},
            {"vadd2.u32.u32.u32 r1.h32, r2, r3, r4;", "valid: .h0 .h1 .h10"},
            {"vadd4.u32.u32.u32 r1.b1024, r2, r3, r4;", ".b1024"},
        });
    }
    SECTION(".h selectors on byte forms") {
        check_rejected({
            {"vadd4.u32.u32.u32 r1, r2.h10, r3, r4;", ".h10"},
            {"vset4.u32.u32.lt r1, r2, r3.h32, r4;", ".h32"},
            {"vadd4.u32.u32.u32 r1.h10, r2, r3, r4;", ".h10"},
        });
    }
    SECTION("no selector on c but the ignored .b01 .b12 .b23 (R16)") {
        check_rejected({
            {"vadd.u32.u32.u32.add r1, r2, r3, r4.b0;", "c cannot have the selector '.b0'"},
            {"vadd.u32.u32.u32.add r1, r2, r3, r4.b02;", "'.b02'"},
            {"vadd4.u32.u32.u32 r1, r2, r3, r4.b01;", "c cannot have a selector ('.b01')"},
            {"vadd2.u32.u32.u32 r1, r2, r3, r4.h10;", ".h10"},
            {"vmad.u32.u32.u32 r1, r2, r3, r4.h0;", ".h0"},
        });
    }
    SECTION("no immediates on SIMD forms") {
        check_rejected({
            {"vadd2.u32.u32.u32 r1, 5, r3, r4;", "'5'"},
            {"vset4.u32.u32.lt r1, r2, 0x1, r4;", "'0x1'"},
            {"vadd4.u32.u32.u32 r1, r2, r3, 7;", "registers only"},
        });
    }
    SECTION("immediates elsewhere") {
        check_rejected({
            {"vadd.u32.u32.u32 5, r2, r3;", "d must be a register"},
            {"vadd.u32.u32.u32 r1, 5.b0, r3;", "selector"},
            {"vadd.u32.u32.u32 r1, r2, 08;", "'08'"},
            {"vadd.u32.u32.u32 r1, r2, 5u;", "'5u'"},
            {"vadd.u32.u32.u32 r1, r2, (5);", "constant expressions"},
            {"vadd.u32.u32.u32 r1, r2, 0x;", "'0x'"},
        });
    }
    SECTION("negation only on vmad") {
        check_rejected({
            {"vadd.u32.u32.u32 r1, -r2, r3;", "vadd takes no negation ('-r2'); only vmad does"},
            {"vset4.u32.u32.lt r1, r2, -r3, r4;", "'-r3'"},
            {"vshl.u32.u32.u32.clamp.add r1, r2, r3, -r4;", "'-r4'"},
            {"vadd2.u32.u32.u32 r1, - r2, r3, r4;", "negation"},
            {"vmad.u32.u32.u32 -r1, r2, r3, r4;", "d cannot be negated"},
        });
    }
    SECTION("vmad negation sets") {
        check_rejected({
            {"vmad.u32.u32.u32 r1, -r2, r3, -r4;",
             "vmad: negating -a with -c is not allowed; valid negations: none, -a, -b, -c, -a -b, -a -b -c"},
            {"vmad.s32.s32.s32 r1, r2, -r3, -r4;", "-b with -c"},
            {"vmad.s32.u32.s32.sat r1, - r2, r3, - r4;", "-a with -c"},
        });
    }
    SECTION("vmad .po negations") {
        check_rejected({
            {"vmad.u32.u32.u32.po r1, r2, r3, -r4;", "negating -c is not allowed; valid negations with .po: none, -a -b"},
            {"vmad.po.s32.s32.s32 r1, -r2, r3, r4;", "negating -a"},
            {"vmad.u32.u32.u32.po r1, -r2, -r3, -r4;", "-a with -b with -c"},
        });
    }
    SECTION("float immediates") {
        check_rejected({
            {"vadd.u32.u32.u32 r1, r2, 1.0;", "float immediate '1.0'"},
            {"vadd.u32.u32.u32 r1, r2, 0f3f800000;", "'0f3f800000'"},
            {"vmad.u32.u32.u32 r1, r2, r3, 0d3ff0000000000000;", "'0d3ff0000000000000'"},
            {"vset.u32.u32.lt r1, 1.5e3, r3;", "'1.5e3'"},
        });
    }
    SECTION("constant overflow") {
        check_rejected({
            {"vadd.u32.u32.u32 r1, r2, 99999999999999999999;", "constant overflow in '99999999999999999999'"},
            {"vadd.u32.u32.u32 r1, r2, 0x10000000000000000;", "'0x10000000000000000'"},
            {"vmad.u32.u32.u32 r1, r2, r3, -18446744073709551616;", "'18446744073709551616'"},
        });
    }
    SECTION("duplicate comparison or secondary operation") {
        check_rejected({
            {"vset.u32.u32.lt.lt r1, r2, r3;", ".lt is repeated"},
            {"vset2.u32.u32.lt.gt r1, r2, r3, r4;", "got .lt and .gt"},
            {"vadd.u32.u32.u32.add.add r1, r2, r3, r4;", ".add is repeated"},
            {"vadd.u32.u32.u32.add.min r1, r2, r3, r4;", "got .add and .min"},
            {"vset.u32.u32.max.eq.max r1, r2, r3, r4;", ".max"},
            {"vmad.u32.u32.u32.shr7.shr15 r1, r2, r3, r4;", ".shr15"},
            {"vmad.u32.u32.u32.po.po r1, r2, r3, r4;", ".po is repeated"},
            {"vset.u32.u32 r1, r2, r3;", "requires one of .eq .ne .lt .le .gt .ge"},
        });
    }
    SECTION("unknown or misplaced modifiers") {
        check_rejected({
            {"vadd.u32.u32.u32.foo r1, r2, r3;", "unknown modifier '.foo' on vadd; valid: .u32 .s32 .sat .add .min .max"},
            {"vadd.u16.u32.u32 r1, r2, r3;", "'.u16'"},
            {"vset.u32.u32.lo r1, r2, r3;", "'.lo'"},
            {"vadd.U32.u32.u32 r1, r2, r3;", "'.U32'"},
            {"vmad.u32.u32.u32.shr8 r1, r2, r3, r4;", "'.shr8'"},
            {"vadd.u32.u32.u32.po r1, r2, r3;", "vadd takes no .po"},
            {"vmad.u32.u32.u32.add r1, r2, r3, r4;", "vmad takes no .add"},
            {"vadd.u32.u32.u32. r1, r2, r3;", "after '.'"},
        });
    }
    SECTION("unknown opcode") {
        check_rejected({
            {"vfoo.u32.u32.u32 r1, r2, r3;", "unknown opcode 'vfoo'"},
            {"VADD.u32.u32.u32 r1, r2, r3;", "'VADD'"},
            {"vadd3.u32.u32.u32 r1, r2, r3, r4;", "'vadd3'"},
            {"vmad2.u32.u32.u32 r1, r2, r3, r4;", "'vmad2'"},
            {"", "empty"},
        });
    }
    SECTION("register names and operand syntax") {
        check_rejected({
            {"vadd.u32.u32.u32 %, r2, r3;", "bad register name '%'"},
            {"vadd.u32.u32.u32 1r, r2, r3;", "'1r'"},
            {"vadd.u32.u32.u32 r1, $, r3;", "'$'"},
            {"vadd.u32.u32.u32 r1, r2!, r3;", "'!'"},
            {"vadd.u32.u32.u32 r1, [r2], r3;", "'[r2]'"},
            {"vadd.u32.u32.u32 r1, r2 r3;", "expected ','"},
            {"vadd.u32.u32.u32 r1, , r3;", "operand a is missing"},
            {"vadd.u32.u32.u32 r1, r2, r3, r4, r5;", "'r5'"},
            {"vadd.u32.u32.u32 r1, r2;", "got 2"},
            {"vadd.u32.u32.u32 r1, r2, r3; x", "'x'"},
            {"vadd.u32.u32.u32r1, r2, r3;", "'.u32r1'"},
        });
    }
    SECTION("predicate guard") {
        check_rejected({
            {"@ vadd.u32.u32.u32 r1, r2, r3;", "predicate guard"},
            {"@!1p vadd.u32.u32.u32 r1, r2, r3;", "'@!1p'"},
            {"@p1.x vadd.u32.u32.u32 r1, r2, r3;", "'@p1.'"},
            {"@p1", "missing opcode"},
            {"@", "predicate guard"},
        });
    }
}

TEST_CASE("hostile input gives errors, never crashes", "[parser]") {
    static const char nul_text[] = "vadd.u32.u32.u32\0 r1, r2, r3;";
    const std::string nul(nul_text, sizeof nul_text - 1);
    CHECK(error_of(nul).find("\\x00") != std::string::npos);
    CHECK(error_of("\xff\xfe\x80").find("\\xff") != std::string::npos);
    const std::string huge(1 << 20, 'v');
    const std::string e = error_of(huge);
    CHECK(e.find("unknown opcode") != std::string::npos);
    CHECK(e.size() < 200);
    CHECK(error_of("vadd" + std::string(100000, '.')) != "<accepted>");
    CHECK_THROWS_AS(parse("vfoo r1, r2, r3;"), ptxv::ParseError);
    CHECK_THROWS_WITH(parse("vfoo r1, r2, r3;"), Catch::Contains("vfoo"));

    // Random bytes and random cuts and splices of valid text: any outcome but
    // a crash, and whatever is accepted must round-trip.
    ptxv::SplitMix64 rng(12345);
    std::string alphabet = "vadsubminxhlrt0123456789.,;-@! \t%$_bqwe";
    alphabet += '\0';
    alphabet += '\xff';
    const std::string seed = "@!p vsub4.s32.s32.s32.sat r1.b0, r2.b3210, r3.b7654, r1;";
    for (int i = 0; i < 20000; ++i) {
        std::string s = seed;
        const int edits = 1 + static_cast<int>(rng.below(4));
        for (int k = 0; k < edits; ++k) {
            const std::size_t pos = rng.below(static_cast<std::uint32_t>(s.size() + 1));
            switch (rng.below(3)) {
                case 0: s.insert(pos, 1, alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))]); break;
                case 1: if (pos < s.size()) s.erase(pos, 1 + rng.below(4)); break;
                default: if (pos < s.size()) s[pos] = static_cast<char>(rng.word() & 0xff); break;
            }
        }
        std::string error;
        const auto in = try_parse(s, &error);
        if (in) {
            check_round_trip(s);
        } else {
            CHECK(!error.empty());
        }
    }
}

TEST_CASE("defaults: explicit default selectors and masks equal the omitted forms", "[parser]") {
    CHECK(parse("vadd4.u32.u32.u32 r1.b3210, r2.b3210, r3.b7654, r4;") == parse("vadd4.u32.u32.u32 r1, r2, r3, r4;"));
    CHECK(parse("vset4.u32.s32.lt.add r1.b3210, r2, r3.b7654, r4;") == parse("vset4.u32.s32.lt.add r1, r2, r3, r4;"));
    CHECK(parse("vadd2.s32.u32.u32 r1.h10, r2.h10, r3.h32, r4;") == parse("vadd2.s32.u32.u32 r1, r2, r3, r4;"));
    CHECK(parse("vset2.u32.u32.ne r1.h10, r2.h10, r3.h32, r4;") == parse("vset2.u32.u32.ne r1, r2, r3, r4;"));
    CHECK(print(parse("vadd4.u32.u32.u32 r1.b3210, r2.b3210, r3.b7654, r4;")) == "vadd4.u32.u32.u32 r1, r2, r3, r4;");
    CHECK(parse("vadd4.u32.u32.u32 r1, r2.b3210, r3, r4;") != parse("vadd4.u32.u32.u32 r1, r2.b3211, r3, r4;"));

    const Instr h = parse("vadd2.u32.u32.u32 r1, r2, r3, r4;");
    CHECK(h.mask == 0x3);
    CHECK(h.simd_asel[0] == 0);
    CHECK(h.simd_asel[1] == 1);
    CHECK(h.simd_bsel[0] == 2);
    CHECK(h.simd_bsel[1] == 3);
    const Instr b = parse("vadd4.u32.u32.u32 r1, r2, r3, r4;");
    CHECK(b.mask == 0xf);
    CHECK(b.simd_asel == std::array<std::uint8_t, 4>{{0, 1, 2, 3}});
    CHECK(b.simd_bsel == std::array<std::uint8_t, 4>{{4, 5, 6, 7}});

    const Instr s = parse("vadd.u32.u32.u32 r1, r2, r3;");
    CHECK(s.asel == ptxv::Sel::none);
    CHECK(s.dsel == ptxv::Sel::none);
    CHECK_FALSE(s.has_c);
    CHECK(s.op2 == ptxv::Op2::none);
    const Instr m = parse("vmad.u32.u32.u32 r1, r2, r3, r4;");
    CHECK_FALSE(m.po);
    CHECK(m.scale == ptxv::Scale::none);
}

TEST_CASE("SIMD selector digits run from the top lane down (R2), masks name lanes (R4)", "[parser]") {
    const Instr b = parse("vadd4.u32.u32.u32 r1.b320, r2.b7062, r3.b0123, r4;");
    CHECK(b.simd_asel == std::array<std::uint8_t, 4>{{2, 6, 0, 7}});
    CHECK(b.simd_bsel == std::array<std::uint8_t, 4>{{3, 2, 1, 0}});
    CHECK(b.mask == 0xd);
    const Instr h = parse("vmin2.s32.u32.u32.add r1.h1, r2.h00, r3.h31, r1;");
    CHECK(h.simd_asel[0] == 0);
    CHECK(h.simd_asel[1] == 0);
    CHECK(h.simd_bsel[0] == 1);
    CHECK(h.simd_bsel[1] == 3);
    CHECK(h.mask == 0x2);
    CHECK(print(h) == "vmin2.s32.u32.u32.add r1.h1, r2.h00, r3.h31, r1;");
}

TEST_CASE(".b1024 is accepted with the manual's meaning (R17)", "[parser]") {
    const Instr in = parse("vadd4.u32.u32.u32 r1, r2.b1024, r3.b1024, r4;");
    CHECK(in.simd_asel == std::array<std::uint8_t, 4>{{4, 2, 0, 1}});
    CHECK(in.simd_bsel == std::array<std::uint8_t, 4>{{4, 2, 0, 1}});
    CHECK(print(in) == "vadd4.u32.u32.u32 r1, r2.b1024, r3.b1024, r4;");
    check_round_trip("vset4.s32.s32.gt r1, r2.b1024, r3, r4;");
    CHECK(error_of("vadd.u32.u32.u32 r1, r2.b1024, r3;").find(".b1024") != std::string::npos);
}

TEST_CASE("modifiers in any order; .sat may repeat (R16)", "[parser]") {
    const Instr ref = parse("vadd.s32.u32.s32.sat.add r1, r2, r3, r4;");
    CHECK(ref.dtype == ptxv::Type::s32);
    CHECK(ref.atype == ptxv::Type::u32);
    CHECK(ref.btype == ptxv::Type::s32);
    for (const char* text : {
             "vadd.sat.s32.u32.s32.add r1, r2, r3, r4;",
             "vadd.add.sat.s32.u32.s32 r1, r2, r3, r4;",
             "vadd.s32.add.u32.sat.s32 r1, r2, r3, r4;",
             "vadd.sat.s32.sat.u32.sat.s32.add.sat r1, r2, r3, r4;",
             "vadd .s32 .u32 .s32 .sat .add r1,r2,r3,r4",
             "  vadd.s32.u32.s32.sat.add\tr1 ,\tr2 , r3 ,r4 ;  ",
         }) {
        INFO(text);
        CHECK(parse(text) == ref);
        CHECK(print(parse(text)) == "vadd.s32.u32.s32.sat.add r1, r2, r3, r4;");
    }
    CHECK(print(parse("vshl.wrap.max.sat.u32.s32.u32 r1, r2, r3, r4")) == "vshl.u32.s32.u32.sat.wrap.max r1, r2, r3, r4;");
    CHECK(print(parse("vmad.shr7.sat.po.s32.s32.s32 r1, r2, r3, r4;")) == "vmad.s32.s32.s32.po.sat.shr7 r1, r2, r3, r4;");
    CHECK(print(parse("vset.add.u32.ge.s32 r1, r2, r3, r4;")) == "vset.u32.s32.ge.add r1, r2, r3, r4;");
    CHECK(print(parse("vsub4.sat.sat.s32.s32.s32 r1, r2, r3, r4;")) == "vsub4.s32.s32.s32.sat r1, r2, r3, r4;");
}

TEST_CASE("forms ptxas accepts beyond the manual (R16)", "[parser]") {
    // Four operands without .op2 or d selector: c is kept but ignored.
    for (const char* text : {"vadd.u32.u32.u32 r1, r2, r3, r4;", "vset.u32.u32.lt r1, r2, r3, r4;",
                             "vshr.s32.s32.u32.clamp r1, r2, r3, 7;"}) {
        INFO(text);
        const Instr in = parse(text);
        CHECK(in.has_c);
        CHECK(in.op2 == ptxv::Op2::none);
        check_round_trip(text);
    }
    // d selectors .b01 .b12 .b23, ignored, in every form and on vmad.
    CHECK(parse("vadd.u32.u32.u32 r1.b01, r2, r3;").dsel == ptxv::Sel::b01);
    CHECK(parse("vsub.u32.u32.u32.add r1.b12, r2, r3, r4;").dsel == ptxv::Sel::b12);
    CHECK(parse("vmad.u32.u32.u32 r1.b23, r2, r3, r4;").dsel == ptxv::Sel::b23);
    CHECK(parse("vset.u32.u32.eq r1.b23, r2, r3;").dsel == ptxv::Sel::b23);
    CHECK_FALSE(parse("vadd.u32.u32.u32 r1.b01, r2, r3;").has_c);
    check_round_trip("vmad.u32.u32.u32.po r1.b12, -r2, -r3, r4;");
    // -a -b cancel, also under .po; both flags are kept.
    const Instr po = parse("vmad.u32.u32.u32.po r1, -r2, -r3, r4;");
    CHECK(po.neg_a);
    CHECK(po.neg_b);
    CHECK_FALSE(po.neg_c);
    CHECK(accepted("vmad.s32.s32.s32 r1, -r2, -r3, -r4;"));
    CHECK(accepted("vmad.s32.s32.s32 r1, - r2, r3, r4;"));
    // The same three on c, on every scalar opcode, ignored (same cubin as no selector).
    CHECK(parse("vadd.u32.u32.u32.add r1, r2, r3, r4.b01;").csel == ptxv::Sel::b01);
    CHECK(parse("vmad.u32.u32.u32 r1, r2, r3, -r4.b12;").csel == ptxv::Sel::b12);
    CHECK(parse("vset.u32.u32.lt r1.b0, r2, r3, r4.b23;").csel == ptxv::Sel::b23);
    check_round_trip("vmad.u32.u32.u32 r1, r2, r3, -r4.b12;");
    check_round_trip("vshl.u32.s32.u32.wrap.min r1, r2, r3, r4.b23;");
    // .b01 on a source is not among them.
    CHECK(error_of("vadd.u32.u32.u32 r1, r2, r3.b12;").find(".b12") != std::string::npos);
}

TEST_CASE("immediates, guards and operand values", "[parser]") {
    const Instr in = parse("@!p1 vadd.u32.u32.u32 r1, -5, 0x1fU, 017;");
    CHECK(in.guard == "p1");
    CHECK(in.guard_neg);
    CHECK(in.a.kind == ptxv::Operand::Kind::imm);
    CHECK(in.a.imm == 0xfffffffbu);
    CHECK(in.b.imm == 0x1fu);
    CHECK(in.c.imm == 15u);
    CHECK_FALSE(in.neg_a);
    CHECK(print(in) == "@!p1 vadd.u32.u32.u32 r1, -5, 0x1fU, 017;");
    CHECK(ptxv::operand_value(in.a, 7) == 0xfffffffbu);
    CHECK(ptxv::operand_value(in.d, 7) == 7u);

    CHECK(parse("vadd.u32.u32.u32 r1, r2, 0b101;").b.imm == 5u);
    CHECK(parse("vadd.u32.u32.u32 r1, r2, 0B11;").b.imm == 3u);
    CHECK(parse("vadd.u32.u32.u32 r1, r2, 0X10;").b.imm == 16u);
    CHECK(parse("vadd.u32.u32.u32 r1, r2, 4294967301;").b.imm == 5u);
    CHECK(parse("vadd.u32.u32.u32 r1, r2, 0xffffffffffffffff;").b.imm == 0xffffffffu);
    CHECK(parse("vadd.u32.u32.u32 r1, r2, -18446744073709551615;").b.imm == 1u);
    CHECK(parse("vadd.u32.u32.u32 r1, r2, - 7;").b.imm == 0xfffffff9u);
    // A negative literal on vmad is a value, not a negation: .po allows it.
    const Instr m = parse("vmad.u32.u32.u32.po r1, -5, r3, -0x7;");
    CHECK_FALSE(m.neg_a);
    CHECK_FALSE(m.neg_c);
    CHECK(m.c.imm == 0xfffffff9u);
    // Equal values in different spellings decode to equal instructions.
    CHECK(parse("vadd.u32.u32.u32 r1, r2, 16;") == parse("vadd.u32.u32.u32 r1, r2, 0x10;"));

    CHECK(parse("@ ! %p vset.u32.u32.lt %r1, $x, _y;").guard == "%p");
    check_round_trip("@ ! %p vset.u32.u32.lt %r1, $x, _y;");
    check_round_trip("@p vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, c;");
}

namespace {

// A random valid instruction, built from the tables alone, with its
// modifiers in random order and types in theirs.
std::string random_valid(ptxv::SplitMix64& rng) {
    namespace spec = ptxv::spec;
    auto pick = [&](unsigned n) { return static_cast<unsigned>(rng.below(n)); };
    auto pick_bit = [&](unsigned bits) {
        std::vector<unsigned> v;
        for (unsigned i = 0; i < 16; ++i) {
            if (bits >> i & 1u) v.push_back(i);
        }
        return v[pick(static_cast<unsigned>(v.size()))];
    };
    const auto& types = ptxv::kTypeNames;
    const auto& op2s = ptxv::kOp2Names;
    const auto& cmps = ptxv::kCmpNames;
    const auto& modes = ptxv::kModeNames;
    const auto& scales = ptxv::kScaleNames;
    const auto& sels = ptxv::kSelNames;
    static const char* imms[] = {"0", "7", "-1", "0x7fffffff", "0XFFU", "017", "0b1011", "-0x80000000", "4294967296"};

    const spec::OpcodeInfo& info = spec::kOpcodes[pick(spec::kOpcodeCount)];
    std::vector<std::string> mods;
    if (info.dtypes) mods.push_back(types[pick_bit(info.dtypes)]);
    mods.push_back(types[pick_bit(info.atypes)]);
    mods.push_back(types[pick_bit(info.btypes)]);
    std::vector<std::string> others;
    bool sat = info.sat && pick(2);
    unsigned op2 = info.op2s && pick(2) ? pick_bit(info.op2s) : 0;
    if (sat && op2 && info.exclusive_sat_op2) sat = false;
    for (unsigned k = pick(3); sat && k < 3; ++k) others.push_back("sat");
    if (op2) others.push_back(op2s[op2]);
    if (info.cmps) others.push_back(cmps[pick_bit(info.cmps)]);
    if (info.modes) others.push_back(modes[pick_bit(info.modes)]);
    const bool po = info.po && pick(3) == 0;
    if (po) others.push_back("po");
    if (info.scales && pick(2)) others.push_back(scales[pick_bit(info.scales)]);
    for (std::string& m : others) mods.insert(mods.begin() + pick(static_cast<unsigned>(mods.size() + 1)), m);

    const bool scalar = info.geometry == ptxv::Geometry::scalar;
    const int lanes = ptxv::lanes_of(info.geometry);
    auto reg = [&] { return "r" + std::to_string(pick(10)); };
    auto simd_sel = [&] {
        std::string s(1, info.selector_prefix);
        for (int i = 0; i < lanes; ++i) s += static_cast<char>('0' + pick(static_cast<unsigned>(2 * lanes)));
        return s;
    };
    auto source = [&]() -> std::string {
        if (info.immediates && pick(6) == 0) return imms[pick(9)];
        std::string r = reg();
        if (scalar && pick(3) == 0) r += std::string(".") + sels[pick_bit(info.source_sels)];
        if (!scalar && pick(2)) r += "." + simd_sel();
        return r;
    };
    std::string d = reg();
    bool merge = false;
    if (scalar && pick(3) == 0) {
        const unsigned allowed = info.dest_sels | info.ignored_dest_sels;
        const unsigned s = pick_bit(allowed);
        merge = (info.dest_sels >> s & 1u) != 0;
        if (!(merge && op2 && info.exclusive_op2_dsel)) {
            d += std::string(".") + sels[s];
        } else {
            merge = false;
        }
    }
    if (!scalar && pick(2)) {
        std::vector<std::string> masks;
        std::string list = info.masks;
        for (std::size_t p = 0, q; p < list.size(); p = q + 1) {
            q = list.find(' ', p);
            if (q == std::string::npos) q = list.size();
            masks.push_back(list.substr(p, q - p));
        }
        d += "." + masks[pick(static_cast<unsigned>(masks.size()))];
    }
    std::string a = source(), b = source();
    const bool has_c = info.c_operand == spec::COperand::required || op2 || merge || pick(4) == 0;
    std::string c;
    if (has_c) c = info.immediates && pick(5) == 0 ? imms[pick(9)] : reg();
    const unsigned negs = po ? info.negations_po : info.negations;
    // Only registers can be negated; a negative immediate is a value.
    const bool all_registers = a[0] == 'r' && b[0] == 'r' && (!has_c || c[0] == 'r');
    if (negs && all_registers) {
        const unsigned set = pick_bit(negs);
        auto neg = [&](std::string& s) { s = (pick(4) ? "-" : "- ") + s; };
        if (set & 1u) neg(a);
        if (set & 2u) neg(b);
        if (set & 4u) neg(c);
    }
    std::string text;
    if (pick(5) == 0) text += pick(2) ? "@p " : "@!p ";
    text += info.name;
    for (const std::string& m : mods) text += "." + m;
    text += " " + d + ", " + a + ", " + b;
    if (has_c) text += ", " + c;
    if (pick(2)) text += ";";
    return text;
}

}  // namespace

TEST_CASE("print/parse round trip over random valid forms from the tables", "[parser]") {
    ptxv::SplitMix64 rng(2024);
    int per_opcode[64] = {};
    for (int i = 0; i < 5000; ++i) {
        const std::string text = random_valid(rng);
        check_round_trip(text);
        ++per_opcode[parse(text).opcode];
    }
    for (int i = 0; i < ptxv::spec::kOpcodeCount; ++i) {
        INFO(ptxv::spec::kOpcodes[i].name);
        CHECK(per_opcode[i] > 0);
    }
}
