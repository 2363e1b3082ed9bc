// Golden vectors: results recorded on a GPU, against both engines; the
// compare step itself, on a hand-worked synthetic device file; and the forms
// the hardware harness (generated/ptxv_hwcheck.cu) runs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ptxv/compile.hpp"
#include "ptxv/golden.hpp"
#include "ptxv/interp.hpp"
#include "files.hpp"
#include "ptxv/parse.hpp"
#include "ptxv_tables.hpp"

namespace fs = std::filesystem;
using Catch::Matchers::Contains;

using ptxv_test::kSource;

namespace {

const ptxv::GoldenOpcode* find_opcode(const ptxv::GoldenReport& r, const std::string& name) {
    for (const auto& op : r.opcodes)
        if (op.opcode == name) return &op;
    return nullptr;
}

}  // namespace

// Hidden from test discovery: tests/CMakeLists.txt runs it as its own ctest
// entry, which ctest reports as skipped while tests/golden/ holds no vectors.
TEST_CASE("golden vectors recorded on a GPU agree with both engines", "[.][golden_hw]") {
    std::vector<fs::path> files;
    const fs::path dir = kSource / "tests" / "golden";
    if (fs::is_directory(dir))
        for (const auto& e : fs::directory_iterator(dir))
            if (e.is_regular_file() && e.path().extension() == ".tsv") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        WARN("SKIPPED: no golden vectors from hardware: tests/golden/ has no .tsv file; "
             "produce one with tools/hwcheck/run.sh on a machine with an NVIDIA GPU (see tests/golden/README.md)");
        return;
    }
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        REQUIRE(in);
        std::ostringstream report;
        const ptxv::GoldenReport r = ptxv::compare_golden(in, report);
        INFO(f.string() << "\n" << report.str());
        const bool names_gpu = std::any_of(r.header.begin(), r.header.end(),
                                           [](const std::string& h) { return h.rfind("# gpu: ", 0) == 0; });
        CHECK(names_gpu);
        CHECK(r.evaluated > 0);
        CHECK(r.errors == 0);
        CHECK(r.interp_disagreements == 0);
        CHECK(r.generated_disagreements == 0);
    }
}

// The probes tools/hwcheck runs first: each reading's hand-worked prediction,
// from both engines. The R8 ones are the two examples of SEMANTICS.md and the
// vshl case R12 carries over.
TEST_CASE("both engines give the d every reading's probe predicts", "[golden][probes]") {
    REQUIRE(ptxv::spec::kProbeCount >= 4);
    int r8 = 0;
    for (int i = 0; i < ptxv::spec::kProbeCount; ++i) {
        const ptxv::spec::ProbeInfo& p = ptxv::spec::kProbes[i];
        INFO(p.reading << ": " << p.text);
        const ptxv::Instr in = ptxv::parse(p.text);
        CHECK(ptxv::interpret(in, p.a, p.b, p.c) == p.d);
        CHECK(ptxv::compile(in)(p.a, p.b, p.c) == p.d);
        r8 += std::string(p.reading) == "R8";
    }
    CHECK(r8 == 3);
}

// tests/hwcheck/synthetic.tsv: 54 lines whose d was worked out by hand from
// the readings, 6 lines with a wrong d, 5 unreadable lines.
TEST_CASE("compare_golden counts agreements and shows disagreements exactly", "[golden]") {
    std::ifstream in(kSource / "tests" / "hwcheck" / "synthetic.tsv", std::ios::binary);
    REQUIRE(in);
    std::ostringstream out;
    const ptxv::GoldenReport r = ptxv::compare_golden(in, out);
    const std::string rep = out.str();
    INFO(rep);

    CHECK(r.header.size() == 8);
    CHECK(r.header[1] == "# gpu: none (synthetic) sm_00");
    CHECK(r.evaluated == 60);
    CHECK(r.errors == 5);
    CHECK(r.interp_disagreements == 6);
    CHECK(r.generated_disagreements == 6);
    CHECK(r.disagreements == 6);
    CHECK(r.disagreeing_forms == 6);
    CHECK_FALSE(r.ok());

    const std::map<std::string, std::pair<int, int>> expected = {
        {"vadd", {11, 13}}, {"vsub", {4, 4}},   {"vmad", {8, 10}},  {"vset", {4, 4}},
        {"vset2", {1, 2}},  {"vadd4", {7, 8}},  {"vset4", {2, 2}},  {"vshl", {3, 3}},
    };
    for (const auto& [name, counts] : expected) {
        const ptxv::GoldenOpcode* op = find_opcode(r, name);
        REQUIRE(op != nullptr);
        CHECK(op->lines == static_cast<std::uint64_t>(counts.second));
        CHECK(op->interp_agree == static_cast<std::uint64_t>(counts.first));
        CHECK(op->generated_agree == static_cast<std::uint64_t>(counts.first));
    }
    CHECK(find_opcode(r, "vmin2") != nullptr);
    CHECK(find_opcode(r, "vsub2") == nullptr);  // absent opcodes are not listed
    CHECK_THAT(rep, Contains("vadd:      11/13 interp, 11/13 generated"));
    CHECK_THAT(rep, Contains("vsub:      4/4 interp, 4/4 generated\n"));

    // Each wrong line, replayable, with the three values.
    CHECK_THAT(rep, Contains("ptxv eval 'vadd.u32.u32.u32 r0, r1, r2;' 0x00000001 0x00000002    # line 120: device "
                             "0x00000004, interp 0x00000003 (differs), generated 0x00000003 (differs)"));
    CHECK_THAT(rep, Contains("ptxv eval 'vadd.u32.u32.s32.sat r0, r1, r2;' 0xffffffff 0x7fffffff    # line 122: device "
                             "0xffffffff, interp 0x7ffffffe (differs), generated 0x7ffffffe (differs)"));
    CHECK_THAT(rep, Contains("ptxv eval 'vadd4.u32.u32.u32 r0.b20, r1, r2, r3;' 0x01010101 0x01010101 0xaabbccdd    "
                             "# line 124: device 0x00020002, interp 0xaa02cc02"));
    CHECK_THAT(rep, Contains("ptxv eval 'vset2.u32.u32.lt r0.h1, r1, r2, r3;' 0x00010005 0x00020003 0xaaaabbbb    "
                             "# line 126: device 0x00010003, interp 0x0001bbbb"));
    CHECK_THAT(rep, Contains("ptxv eval 'vmad.u32.u32.u32.sat r0, r1, r2, -r3;' 0x00000000 0x00000000 0x80000000    "
                             "# line 128: device 0x80000000, interp 0x7fffffff"));
    CHECK_THAT(rep, Contains("ptxv eval 'vmad.u32.u32.u32 r0, -r1, r2, r3;' 0x00000003 0x00000005 0x00000064    "
                             "# line 130: device 0x00000056, interp 0x00000055"));
    // Only those: a line that agrees is never listed.
    std::size_t listed = 0;
    for (std::size_t p = rep.find("  ptxv eval '"); p != std::string::npos; p = rep.find("  ptxv eval '", p + 1)) ++listed;
    CHECK(listed == 6);

    CHECK_THAT(rep, Contains("line 132: cannot decode the instruction: "));
    CHECK_THAT(rep, Contains("line 133: expected 5 tab-separated fields (instruction, a, b, c, d), got 4"));
    CHECK_THAT(rep, Contains("line 134: bad value for b 'zz'"));
    CHECK_THAT(rep, Contains("line 135: cannot decode the instruction: "));
    CHECK_THAT(rep, Contains("line 136: bad value for a '0x100000000'"));
    CHECK_THAT(rep, Contains("consistent with the device: R12; disputed: R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R13 R14 R16 R17"));
    CHECK_THAT(rep, Contains("golden: FAILED"));
}

TEST_CASE("compare_golden passes a file in which every line agrees", "[golden]") {
    // The synthetic file up to its deliberately wrong section.
    const std::string all = ptxv_test::read_bytes(kSource / "tests" / "hwcheck" / "synthetic.tsv");
    const std::size_t cut = all.find("# --- deliberately wrong");
    REQUIRE(cut != std::string::npos);
    std::istringstream in(all.substr(0, cut));
    std::ostringstream out;
    const ptxv::GoldenReport r = ptxv::compare_golden(in, out);
    INFO(out.str());
    CHECK(r.evaluated == 54);
    CHECK(r.disagreements == 0);
    CHECK(r.errors == 0);
    CHECK(r.ok());
    CHECK_THAT(out.str(), Contains("disputed: none"));
    CHECK_THAT(out.str(), Contains("golden: OK"));
}

TEST_CASE("compare_golden reads values as eval --batch does, negative decimals included", "[golden]") {
    // -1 + -2 = -3; the lowest decimal is -2^31; one below it and 2^32 are refused.
    std::istringstream in(
        "# gpu: none (test)\n"
        "vadd.s32.s32.s32 r0, r1, r2;\t-1\t-2\t0\t0xfffffffd\n"
        "vadd.s32.s32.s32 r0, r1, r2;\t-2147483648\t0\t0\t2147483648\n"
        "vadd.s32.s32.s32 r0, r1, r2;\t-2147483649\t0\t0\t0\n"
        "vadd.s32.s32.s32 r0, r1, r2;\t4294967296\t0\t0\t0\n");
    std::ostringstream out;
    const ptxv::GoldenReport r = ptxv::compare_golden(in, out);
    INFO(out.str());
    CHECK(r.evaluated == 2);
    CHECK(r.disagreements == 0);
    CHECK(r.errors == 2);
    CHECK_THAT(out.str(), Contains("line 4: bad value for a '-2147483649'"));
    CHECK_THAT(out.str(), Contains("line 5: bad value for a '4294967296'"));
}

TEST_CASE("compare_golden limits what it shows, not what it counts", "[golden]") {
    std::string text = "# gpu: test\n";
    for (int i = 0; i < 5; ++i) text += "vadd.u32.u32.u32 r0, r1, r2;\t1\t2\t0\t0x5\n";
    text += "vsub.u32.u32.u32 r0, r1, r2;\t0x3\t0x1\t0\t7\n";
    text += "not an instruction\t1\t2\t3\t4\n";
    text += "\n# a later comment is not part of the header\n";
    {
        std::istringstream in(text);
        std::ostringstream out;
        const ptxv::GoldenReport r = ptxv::compare_golden(in, out);
        INFO(out.str());
        CHECK(r.header == std::vector<std::string>{"# gpu: test"});
        CHECK(r.evaluated == 6);
        CHECK(r.disagreements == 6);
        CHECK(r.disagreeing_forms == 2);
        CHECK(r.errors == 1);
        std::size_t listed = 0;
        const std::string rep = out.str();
        for (std::size_t p = rep.find("  ptxv eval '"); p != std::string::npos; p = rep.find("  ptxv eval '", p + 1))
            ++listed;
        CHECK(listed == 3);  // 2 of the 5 identical forms, then the other one
    }
    {
        std::istringstream in(text);
        std::ostringstream out;
        const ptxv::GoldenReport r = ptxv::compare_golden(in, out, 0);
        CHECK(r.disagreements == 6);
        CHECK(r.errors == 1);
        CHECK(out.str().find("ptxv eval") == std::string::npos);
    }
    {
        std::istringstream in("# only a header\n");
        std::ostringstream out;
        const ptxv::GoldenReport r = ptxv::compare_golden(in, out);
        CHECK_FALSE(r.ok());  // nothing compared is not a pass
        CHECK_THAT(out.str(), Contains("no evaluations"));
    }
}

// The harness must run exactly the instruction its TSV line names, in the
// canonical spelling, for every variant.
TEST_CASE("ptxv_hwcheck runs canonical forms of every variant", "[golden][hwcheck]") {
    const std::string cu = ptxv_test::read_bytes(kSource / "generated" / "ptxv_hwcheck.cu");
    REQUIRE_FALSE(cu.empty());
    std::smatch m;
    REQUIRE(std::regex_search(cu, m, std::regex("constexpr unsigned kFormsPerVariant = (\\d+);")));
    const int per_variant = std::stoi(m[1]);
    REQUIRE(std::regex_search(cu, m, std::regex("constexpr unsigned kDefaultVectors = (\\d+);")));
    const unsigned default_vectors = static_cast<unsigned>(std::stoul(m[1]));
    REQUIRE(std::regex_search(cu, m, std::regex("constexpr unsigned kProbeCount = (\\d+);")));
    const std::size_t probes = std::stoul(m[1]);
    REQUIRE(probes == static_cast<std::size_t>(ptxv::spec::kProbeCount));

    std::vector<std::string> texts;
    const std::size_t begin = cu.find("const char* const kForms[kFormCount] = {\n");
    REQUIRE(begin != std::string::npos);
    const std::size_t end = cu.find("\n};", begin);
    std::istringstream table(cu.substr(begin, end - begin));
    std::string line;
    std::getline(table, line);
    while (std::getline(table, line)) {
        const std::size_t q0 = line.find('"'), q1 = line.rfind('"');
        REQUIRE(q1 > q0);
        texts.push_back(line.substr(q0 + 1, q1 - q0 - 1));
    }
    REQUIRE(texts.size() ==
            probes + static_cast<std::size_t>(ptxv::spec::kVariantCount) * static_cast<std::size_t>(per_variant));

    // The spec's probes come first, in spec order, on their own operands.
    const std::size_t ops = cu.find("kProbeOperands[");
    REQUIRE(ops != std::string::npos);
    std::istringstream rows(cu.substr(ops, cu.find("\n};", ops) - ops));
    std::getline(rows, line);
    for (std::size_t k = 0; k < probes; ++k) {
        const ptxv::spec::ProbeInfo& p = ptxv::spec::kProbes[k];
        INFO(p.text);
        CHECK(texts[k] == p.text);
        REQUIRE(std::getline(rows, line));
        char buf[64];
        std::snprintf(buf, sizeof buf, "{0x%08xu, 0x%08xu, 0x%08xu},", p.a, p.b, p.c);
        CHECK(line.find(buf) != std::string::npos);
    }

    std::vector<std::uint64_t> per_opcode(static_cast<std::size_t>(ptxv::spec::kOpcodeCount), 0);
    std::vector<bool> has_c(texts.size());
    for (std::size_t f = 0; f < texts.size(); ++f) {
        const bool probe = f < probes;
        INFO(texts[f]);
        std::string error;
        const auto in = ptxv::try_parse(texts[f], &error);
        INFO(error);
        REQUIRE(in);
        CHECK(ptxv::print(*in) == texts[f]);
        if (!probe)
            CHECK(ptxv::variant_of(*in) == static_cast<int>((f - probes) / static_cast<std::size_t>(per_variant)));
        CHECK(texts[f].find(".b1024") == std::string::npos);  // ptxas cannot parse it (R17)
        has_c[f] = in->has_c;
        if (!probe) ++per_opcode[in->opcode];
    }
    for (int i = 0; i < ptxv::spec::kOpcodeCount; ++i) {
        INFO(ptxv::spec::kOpcodes[i].name);
        CHECK(per_opcode[static_cast<std::size_t>(i)] * default_vectors >= 10000);
    }

    // The asm statements: each form once, %0..%3 standing for r0..r3.
    const std::regex form_re("PTXV_FORM([34])\\((\\d+), \"([^\"]*)\"\\)");
    std::set<std::size_t> seen;
    for (auto it = std::sregex_iterator(cu.begin(), cu.end(), form_re); it != std::sregex_iterator(); ++it) {
        const std::size_t f = std::stoul((*it)[2]);
        REQUIRE(f < texts.size());
        CHECK(seen.insert(f).second);
        std::string insn = (*it)[3];
        for (char k = '0'; k <= '3'; ++k) {
            const std::string from = std::string("%") + k, to = std::string("r") + k;
            for (std::size_t p = insn.find(from); p != std::string::npos; p = insn.find(from, p + 1))
                insn.replace(p, 2, to);
        }
        CHECK(insn == texts[f]);
        CHECK(((*it)[1] == "4") == has_c[f]);
    }
    CHECK(seen.size() == texts.size());
}
