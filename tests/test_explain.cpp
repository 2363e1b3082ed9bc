// ptxv explain: the text of one form per family against golden files checked
// by hand against the manual and docs/readings.md; the text of drawn forms
// of every variant; the C99's names. tests/explain/check_c.sh compiles the
// C99 of every variant and runs it against the interpreter.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "files.hpp"
#include "ptxv/compile.hpp"
#include "ptxv/explain.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv/spec_tables.hpp"
#include "ptxv_tables.hpp"

namespace fs = std::filesystem;

using ptxv_test::kSource;

TEST_CASE("explain: the text of one form per family matches its golden file") {
    std::set<std::string> families;
    for (const auto& e : fs::directory_iterator(kSource / "tests/explain/golden")) {
        const std::string want = ptxv_test::read_bytes(e.path());
        const std::string instruction = want.substr(0, want.find('\n'));
        INFO(e.path().filename().string() << ": " << instruction);
        const ptxv::Instr in = ptxv::parse(instruction);
        CHECK(ptxv::explain_text(in) == want);
        families.insert(ptxv::spec::kOpcodes[in.opcode].family);
    }
    std::set<std::string> all;
    for (const ptxv::spec::OpcodeInfo& op : ptxv::spec::kOpcodes) all.insert(op.family);
    CHECK(families == all);
}

TEST_CASE("explain: every variant's drawn forms are explained, each part and reading named") {
    ptxv::SplitMix64 rng(0x74657874ull);
    for (int v = 0; v < ptxv::spec::kVariantCount; ++v) {
        for (int k = 0; k < 4; ++k) {
            const ptxv::Instr in = ptxv::random_form(v, rng);
            const std::string text = ptxv::explain_text(in);
            INFO(text);
            const std::string canonical = ptxv::print(in);
            REQUIRE(text.compare(0, canonical.size(), canonical) == 0);
            const ptxv::spec::OpcodeInfo& info = ptxv::spec::kOpcodes[in.opcode];
            // The form in full parses back to the same instruction's variant.
            const std::size_t full = text.find("in full: ");
            REQUIRE(full != std::string::npos);
            const std::string spelled = text.substr(full + 9, text.find('\n', full) - full - 9) + ";";
            const ptxv::Instr back = ptxv::parse(spelled);
            CHECK(ptxv::variant_of(back) == v);
            CHECK(back.simd_asel == in.simd_asel);
            CHECK(back.simd_bsel == in.simd_bsel);
            CHECK(back.asel == in.asel);
            CHECK(back.bsel == in.bsel);
            CHECK(back.dsel == in.dsel);
            CHECK(back.neg_a == in.neg_a);
            CHECK(back.neg_b == in.neg_b);
            CHECK(back.neg_c == in.neg_c);
            if (in.geometry != ptxv::Geometry::scalar)
                CHECK((back.mask & 0xf) == (in.mask & ((1u << ptxv::lanes_of(in.geometry)) - 1u)));
            std::istringstream ids(info.readings);
            for (std::string id; ids >> id;) CHECK(text.find("\n  " + id + " ") != std::string::npos);
            if (in.geometry != ptxv::Geometry::scalar) {
                for (int lane = 0; lane < ptxv::lanes_of(in.geometry); ++lane)
                    CHECK(text.find("  lane " + std::to_string(lane) + ": Va = ") != std::string::npos);
            }
        }
    }
}

TEST_CASE("explain: a guard predicate is written in the form in full and explained") {
    for (const char* text : {"@!p1 vadd.u32.u32.s32.sat r1, 5, r3.b1;", "@p0 vmin4.s32.u32.u32.add r1, r2.b0000, r3, r1;"}) {
        INFO(text);
        const ptxv::Instr in = ptxv::parse(text);
        const std::string t = ptxv::explain_text(in);
        const std::size_t full = t.find("in full: ");
        REQUIRE(full != std::string::npos);
        const ptxv::Instr back = ptxv::parse(t.substr(full + 9, t.find('\n', full) - full - 9) + ";");
        CHECK(back.guard == in.guard);
        CHECK(back.guard_neg == in.guard_neg);
        CHECK(ptxv::variant_of(back) == ptxv::variant_of(in));
        CHECK(t.find(std::string("runs only where ") + in.guard) != std::string::npos);
    }
}

TEST_CASE("explain: the readings marked as an H100's are those docs/readings.md restates") {
    const std::string doc = ptxv_test::read_bytes(kSource / "docs/readings.md");
    const std::regex heading(R"(\n## (R[0-9]+): )");
    std::set<std::string> restated;
    for (auto it = std::sregex_iterator(doc.begin(), doc.end(), heading); it != std::sregex_iterator(); ++it)
        restated.insert((*it)[1].str());
    REQUIRE_FALSE(restated.empty());
    std::set<std::string> marked;
    for (int v = 0; v < ptxv::spec::kVariantCount; ++v) {
        ptxv::SplitMix64 rng(static_cast<std::uint64_t>(v));
        const std::string text = ptxv::explain_text(ptxv::random_form(v, rng));
        std::istringstream lines(text.substr(text.find("\nreadings")));
        for (std::string line; std::getline(lines, line);) {
            if (line.rfind("  R", 0) != 0) continue;
            const std::string id = line.substr(2, line.find(' ', 2) - 2);
            const bool says = line.find("[docs/readings.md: as an H100 computes it]") != std::string::npos;
            CHECK(says == (restated.count(id) == 1));
            if (says) marked.insert(id);
        }
    }
    CHECK(marked == restated);
}

TEST_CASE("explain --c: the function and its helpers carry the given name, and no other project's") {
    const ptxv::Instr in = ptxv::parse("vmin4.s32.u32.u32.add d, a.b0000, b.b2222, c;");
    const std::string c = ptxv::explain_c(in);
    CHECK(c.find("\nuint32_t vmin4_s32_u32_u32_add(uint32_t a, uint32_t b, uint32_t c)\n{\n") != std::string::npos);
    CHECK(c.find("ptxv") == std::string::npos);
    CHECK(c.find('@') == std::string::npos);
    CHECK(c.find("static inline uint32_t vmin4_s32_u32_u32_add_minu(") != std::string::npos);
    // The selectors are constants, spelled in a comment.
    CHECK(c.find("0x2222u /* .b2222 */") != std::string::npos);
    const std::string named = ptxv::explain_c(in, "my_min");
    CHECK(named.find("\nuint32_t my_min(uint32_t a, uint32_t b, uint32_t c)\n") != std::string::npos);
    CHECK(named.find("vmin4_s32") == std::string::npos);
    for (const char* bad : {"1f", "f-g", "f g", "f;", "é"}) CHECK_THROWS_AS(ptxv::explain_c(in, bad), std::invalid_argument);
    // Each helper it calls is defined above its first use, once.
    const std::regex def(R"(static inline [a-z0-9_]+ (my_min_[a-z0-9_]+)\()");
    std::set<std::string> defined;
    for (auto it = std::sregex_iterator(named.begin(), named.end(), def); it != std::sregex_iterator(); ++it) {
        CHECK(defined.insert((*it)[1].str()).second);
        CHECK(named.find((*it)[1].str()) == static_cast<std::size_t>(it->position(1)));
    }
    CHECK(defined.count("my_min_minu") == 1);
}
