// The spec loader: the real spec loads into the expected shape, and every case
// in spec/tests/bad/ (a patch of the real spec, or a whole file) is rejected
// at the location and with the message its first line announces
// ("# expect: LINE:COL: text"; tests/spec_patch.hpp has the format).
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "model.hpp"
#include "spec_patch.hpp"

namespace fs = std::filesystem;
using namespace ptxv::gen;

using ptxv_test::kSource;

TEST_CASE("the spec loads with all 23 opcodes", "[spec]") {
    const Spec spec = load_spec_file((kSource / "spec/ptxv.yaml").string(), "spec/ptxv.yaml");
    std::vector<std::string> names;
    for (const auto& f : spec.families)
        for (const auto& o : f.opcodes) names.push_back(o.name);
    const std::vector<std::string> expected{"vadd",  "vsub",   "vabsdiff",  "vmin",  "vmax",  "vshl",  "vshr",  "vmad",
                                            "vset",  "vadd2",  "vsub2",     "vavrg2", "vabsdiff2", "vmin2", "vmax2", "vset2",
                                            "vadd4", "vsub4",  "vavrg4",    "vabsdiff4", "vmin4", "vmax4", "vset4"};
    CHECK(names == expected);
    CHECK(spec.readings.size() == 18);
    CHECK(spec.examples.size() == 20);
}

TEST_CASE("expansion counts every type and modifier combination", "[spec]") {
    const Spec spec = load_spec_file((kSource / "spec/ptxv.yaml").string(), "spec/ptxv.yaml");
    const auto variants = expand(spec);
    std::map<std::string, int> per_opcode;
    std::set<std::string> names;
    for (const auto& v : variants) {
        ++per_opcode[v.opcode->name];
        CHECK(names.insert(v.function_name()).second);
    }
    // 8 type triples x (sat) x (none, add, min, max)
    CHECK(per_opcode["vadd"] == 8 * 2 * 4);
    // dtype x atype (btype is .u32 only) x sat x mode x op2
    CHECK(per_opcode["vshl"] == 4 * 2 * 2 * 4);
    // 8 types x po x sat x (none, shr7, shr15)
    CHECK(per_opcode["vmad"] == 8 * 2 * 2 * 3);
    // 4 type pairs x 6 compares x (none, add, min, max)
    CHECK(per_opcode["vset"] == 4 * 6 * 4);
    // 8 types x (plain, sat, add): sat and add never together
    CHECK(per_opcode["vadd4"] == 8 * 3);
    CHECK(per_opcode["vavrg2"] == 8 * 3);
    // 4 type pairs x 6 compares x (merge, add)
    CHECK(per_opcode["vset4"] == 4 * 6 * 2);
    CHECK(variants.size() == 1024);
    CHECK(names.count("vadd4_s32_u32_u32_sat"));
    CHECK(names.count("vmin_s32_u32_s32_sat_max"));
    CHECK(names.count("vset2_u32_s32_lt_add"));
    CHECK(names.count("vshr_s32_s32_u32_clamp"));
    CHECK(names.count("vshr_s32_s32_u32_sat_wrap_add"));
    CHECK(names.count("vmad_s32_s32_s32_po_sat_shr15"));
}

TEST_CASE("every bad spec fails at the announced location", "[spec][bad]") {
    ptxv_test::for_each_bad_spec(kSource, [](const fs::path&, const ptxv_test::BadSpec& c) {
        INFO("expecting " << c.expect);
        REQUIRE(!c.expect.empty());
        bool failed = false;
        try {
            (void)load_program_text(c.text, c.name);
        } catch (const SpecError& e) {
            failed = true;
            const std::string what = e.what();
            INFO("got: " << what);
            // expect = "LINE:COL: message fragment"
            const auto colon2 = c.expect.find(':', c.expect.find(':') + 1);
            const std::string where = c.name + ":" + c.expect.substr(0, colon2) + ": error: ";
            const std::string fragment = c.expect.substr(colon2 + 2);
            CHECK(what.rfind(where, 0) == 0);
            CHECK(what.find(fragment) != std::string::npos);
        }
        CHECK(failed);
    });
}

TEST_CASE("a bad-spec patch applies where its anchor stands, and only there", "[spec][bad]") {
    using ptxv_test::apply_spec_patch;
    const std::string spec = "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nb: 2\n";
    const auto p = apply_spec_patch(spec, "# expect: @+1:1: x\n c: 3\n+x: 0\n-d: 4\n", "t.patch");
    CHECK(p.text == "a: 1\nb: 2\nc: 3\nx: 0\ne: 5\nb: 2\n");
    CHECK(p.first == 3);
    CHECK(p.last == 4);
    CHECK(ptxv_test::resolve_expect("@+1:1: x", p, "t.patch") == "4:1: x");
    CHECK(ptxv_test::resolve_expect("$:7: x", p, "t.patch") == "4:7: x");
    CHECK(ptxv_test::resolve_expect("12:7: x", p, "t.patch") == "12:7: x");
    // A gap deletes (or keeps) everything between the anchor lines around it.
    CHECK(apply_spec_patch(spec, "-a: 1\n-...\n-d: 4\n", "t.patch").text == "e: 5\nb: 2\n");
    CHECK(apply_spec_patch(spec, " a: 1\n ...\n-e: 5\n", "t.patch").text == "a: 1\nb: 2\nc: 3\nd: 4\nb: 2\n");
    const auto message = [&](const std::string& patch) {
        try {
            (void)apply_spec_patch(spec, patch, "spec/tests/bad/t.patch");
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string("applied");
    };
    CHECK(message("-q: 9\n") == "spec/tests/bad/t.patch: anchor not found in spec/ptxv.yaml:\n    |q: 9");
    CHECK(message(" b: 2\n+z: 0\n") ==
          "spec/tests/bad/t.patch: anchor found 2 times in spec/ptxv.yaml (lines 2, 6):\n    |b: 2");
    CHECK(message(" d: 4\n ...\n c: 3\n").find("stands above") != std::string::npos);
    CHECK(message("+z: 0\n").find("nothing says where") != std::string::npos);
    CHECK(message("x: 0\n").find("starts with neither") != std::string::npos);
}
