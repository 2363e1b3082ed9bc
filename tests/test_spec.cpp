// The spec loader: the real spec loads into the expected shape, and every file
// in spec/tests/bad/ is rejected at the location and with the message its
// first line announces ("# expect: LINE:COL: text").
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <fstream>
#include <set>
#include <sstream>

#include "model.hpp"

namespace fs = std::filesystem;
using namespace ptxv::gen;

namespace {

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const fs::path kSource = PTXV_SOURCE_DIR;

}  // namespace

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
    const fs::path dir = kSource / "spec/tests/bad";
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".yaml") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 25);
    for (const auto& p : files) {
        const std::string text = slurp(p);
        // "# expect: 12:5: unknown key" on the first line, or a sidecar .expect
        // file for inputs whose first line cannot carry it (empty, binary).
        std::string expect;
        if (text.rfind("# expect: ", 0) == 0) {
            expect = text.substr(10, text.find('\n') - 10);
        } else {
            fs::path side = p;
            side.replace_extension(".expect");
            expect = slurp(side);
            while (!expect.empty() && (expect.back() == '\n' || expect.back() == '\r')) expect.pop_back();
        }
        INFO("bad spec " << p.filename().string() << ", expecting " << expect);
        REQUIRE(!expect.empty());
        const std::string name = "spec/tests/bad/" + p.filename().string();
        bool failed = false;
        try {
            (void)load_spec_text(text, name);
        } catch (const SpecError& e) {
            failed = true;
            const std::string what = e.what();
            INFO("got: " << what);
            // expect = "LINE:COL: message fragment"
            const auto colon2 = expect.find(':', expect.find(':') + 1);
            const std::string where = name + ":" + expect.substr(0, colon2) + ": error: ";
            const std::string fragment = expect.substr(colon2 + 2);
            CHECK(what.rfind(where, 0) == 0);
            CHECK(what.find(fragment) != std::string::npos);
        }
        CHECK(failed);
    }
}
