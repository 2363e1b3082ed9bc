// Hostile specs too big to commit as files (spec/tests/bad/ holds the rest),
// and what ptxv-gen does to its output directory when the spec is bad:
// nothing at all.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "model.hpp"
#include "spec_patch.hpp"

namespace fs = std::filesystem;
using namespace ptxv::gen;

namespace {

using ptxv_test::kSource;
const fs::path kGen = fs::path(PTXV_BINARY_DIR) / "bin" / "ptxv-gen";

// Valid and small, so that whatever a test appends is the only thing wrong.
const std::string kMinimalSpec = R"(schema: 1
ptx_isa: "9.1"
oracle: "ptxas 13.0 (V13.0.88), -arch=sm_90"
readings:
  - {id: R1, title: "scalar selectors pick a byte or half-word", verified_by: text}
geometries:
  - {name: scalar, lanes: 1, lane_bits: 32}
  - {name: half, lanes: 2, lane_bits: 16, selector_prefix: h, masks: [h0, h1, h10], default_mask: h10,
     default_asel: h10, default_bsel: h32}
  - {name: byte, lanes: 4, lane_bits: 8, selector_prefix: b, masks: [b0, b3210], default_mask: b3210,
     default_asel: b3210, default_bsel: b7654}
families:
  - name: vop
    section: "9.7.18.1.1"
    geometry: scalar
    opcodes:
      - {name: vadd, operation: add}
    types: {dtype: [u32, s32], atype: [u32, s32], btype: [u32, s32]}
    source_selectors: [b0, h0]
    immediates: true
    c_operand: required
    sat: true
    order: [sat]
    readings: [R1]
)";

// The line a test's appended text starts on.
int appended_line() { return static_cast<int>(std::count(kMinimalSpec.begin(), kMinimalSpec.end(), '\n')) + 1; }

void spit(const fs::path& p, const std::string& content) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    REQUIRE(out.good());
}

struct Rejection {
    std::string what;     // "" when the spec loaded
    std::string message;  // without the location
    Loc loc;
    double seconds = 0;
};

Rejection reject(const std::string& text, const std::string& name = "hostile.yaml") {
    Rejection r;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        (void)load_program_text(text, name);
    } catch (const SpecError& e) {
        r.what = e.what();
        r.message = e.message;
        r.loc = e.loc;
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

// A fresh directory, removed with everything in it at scope exit.
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& tag) {
        const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
        path = fs::temp_directory_path() /
               ("ptxv-hostile-" + tag + "-" + std::to_string(getpid()) + "-" + std::to_string(stamp));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

// Every entry of a directory, dot files included: a leftover ".x.tmp" counts.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
    std::map<std::string, std::string> files;
    for (const auto& e : fs::directory_iterator(dir))
        files[e.path().filename().string()] = e.is_regular_file() ? ptxv_test::read_bytes(e.path()) : std::string("<not a file>");
    return files;
}

struct GenRun {
    int status = -1;
    std::string out;
    std::string err;
};

// ptxv-gen with `args`; its stdout and stderr go to files in `io`, which must
// not be the output directory under test.
GenRun run_gen(const std::string& args, const fs::path& io) {
    const fs::path out = io / "stdout.txt";
    const fs::path err = io / "stderr.txt";
    const std::string cmd = "\"" + kGen.string() + "\" " + args + " >\"" + out.string() + "\" 2>\"" + err.string() + "\"";
    const int rc = std::system(cmd.c_str());
    GenRun r;
    if (rc != -1 && WIFEXITED(rc)) r.status = WEXITSTATUS(rc);
    r.out = ptxv_test::read_bytes(out);
    r.err = ptxv_test::read_bytes(err);
    return r;
}

std::string quoted(const fs::path& p) { return "\"" + p.string() + "\""; }

// The lines of `text` that start with one of --check's verdicts.
std::vector<std::string> verdicts(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        for (const char* v : {"different:", "missing:", "extra:"})
            if (line.rfind(v, 0) == 0) out.push_back(line);
    return out;
}

bool has_verdict(const std::vector<std::string>& lines, const std::string& verdict, const std::string& file) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
        return l.rfind(verdict, 0) == 0 && l.size() >= file.size() && l.compare(l.size() - file.size(), file.size(), file) == 0;
    });
}

}  // namespace

TEST_CASE("the minimal spec the hostile tests build on is valid", "[spec][hostile]") {
    const Spec spec = load_spec_text(kMinimalSpec, "minimal.yaml");
    REQUIRE(spec.families.size() == 1);
    CHECK(!expand(spec).empty());
}

TEST_CASE("a 50 MB spec is refused at once, naming its size", "[spec][hostile]") {
    // A valid spec followed by one huge comment line: only the size is wrong.
    std::string text = kMinimalSpec + "# ";
    text.append(50u << 20, 'x');
    text += "\n";
    const Rejection r = reject(text, "huge.yaml");
    INFO(r.what);
    CHECK(r.what.rfind("huge.yaml:1:1: error: ", 0) == 0);
    CHECK(r.message.find(std::to_string(text.size()) + " bytes") != std::string::npos);
    CHECK(r.seconds < 1.0);

    SECTION("read from a file, the message names the file's size, not the bytes read") {
        TempDir dir("huge");
        const fs::path file = dir.path / "huge.yaml";
        spit(file, text);
        std::string what;
        try {
            (void)load_spec_file(file.string(), "huge.yaml");
        } catch (const SpecError& e) {
            what = e.what();
        }
        INFO(what);
        CHECK(what.rfind("huge.yaml:1:1: error: ", 0) == 0);
        CHECK(what.find(std::to_string(text.size()) + " bytes") != std::string::npos);
    }
}

TEST_CASE("a spec just under the size limit cannot make the loader quadratic", "[spec][hostile]") {
    // 400,000 distinct masks: each is checked against all the others unless
    // the node budget stops the list first.
    std::string text = kMinimalSpec + "x:\n  - [";
    for (int i = 0; i < 400000; ++i) text += (i ? ",m" : "m") + std::to_string(i);
    text += "]\n";
    REQUIRE(text.size() < (4u << 20));
    const Rejection r = reject(text);
    INFO(r.what);
    CHECK(r.loc.line == appended_line() + 1);
    CHECK(r.message.find("nodes") != std::string::npos);
    // Minutes without the budget; the bound leaves room for sanitizer builds.
    CHECK(r.seconds < 10.0);
}

TEST_CASE("100,000 nested brackets are refused without exhausting the stack", "[spec][hostile]") {
    const int n = 100000;
    const int line = appended_line();
    const std::string key = "deep: ";

    SECTION("flow sequences: refused at the bracket past the limit") {
        const Rejection r = reject(kMinimalSpec + key + std::string(n, '[') + std::string(n, ']') + "\n");
        INFO(r.what);
        CHECK(r.what.rfind("hostile.yaml:" + std::to_string(line) + ":" + std::to_string(key.size() + 65) + ": error: ",
                           0) == 0);
        CHECK(r.message == "nesting deeper than 64 levels");
    }
    SECTION("flow mappings") {
        std::string text = kMinimalSpec + key;
        for (int i = 0; i < n; ++i) text += "{a: ";
        text += "b" + std::string(n, '}') + "\n";
        const Rejection r = reject(text);
        INFO(r.what);
        CHECK(r.loc.line == line);
        CHECK(r.message == "nesting deeper than 64 levels");
    }
    SECTION("brackets balanced by brackets inside quoted strings") {
        std::string text = kMinimalSpec + key;
        for (int i = 0; i < n; ++i) text += "[\"]\", ";
        text += "x" + std::string(n, ']') + "\n";
        const Rejection r = reject(text);
        INFO(r.what);
        CHECK(r.loc.line == line);
        CHECK(r.message == "nesting deeper than 64 levels");
    }
    SECTION("block sequences, which have no brackets at all") {
        std::string text = kMinimalSpec + "deep:\n  ";
        for (int i = 0; i < n; ++i) text += "- ";
        text += "x\n";
        const Rejection r = reject(text);
        INFO(r.what);
        CHECK(r.loc.line == line + 1);
        CHECK(r.message == "nesting deeper than 64 levels");
    }
}

TEST_CASE("an alias bomb is refused without expanding it", "[spec][hostile]") {
    // 10^12 references to one scalar in a few lines: aliases share nodes, so
    // only a walk that counts each reference notices.
    std::string text = kMinimalSpec + "laughs:\n  l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 12; ++i) {
        text += "  l" + std::to_string(i) + ": &l" + std::to_string(i) + " [";
        for (int k = 0; k < 10; ++k) text += (k ? ", *l" : "*l") + std::to_string(i - 1);
        text += "]\n";
    }
    const Rejection r = reject(text);
    INFO(r.what);
    CHECK(r.message.find("nodes") != std::string::npos);
    CHECK(r.loc.line == appended_line() + 1);
    CHECK(r.seconds < 10.0);
}

TEST_CASE("ptxv-gen writes nothing on a bad spec, everything on a good one, and --check names every difference",
          "[spec][hostile]") {
    REQUIRE(fs::exists(kGen));
    TempDir io("io");

    SECTION("a bad spec leaves the output directory exactly as it was") {
        TempDir out("out");
        for (const auto& e : fs::directory_iterator(kSource / "generated"))
            if (e.is_regular_file()) fs::copy_file(e.path(), out.path / e.path().filename());
        const auto before = snapshot(out.path);
        REQUIRE(!before.empty());

        TempDir patched("patched");
        ptxv_test::for_each_bad_spec(kSource, [&](const fs::path& file, const ptxv_test::BadSpec& c) {
            // ptxv-gen reads files: a patched spec gets one of its own.
            fs::path spec = file;
            if (c.patched) {
                spec = patched.path / (file.stem().string() + ".yaml");
                spit(spec, c.text);
            }
            const GenRun r = run_gen("--spec " + quoted(spec) + " --out " + quoted(out.path), io.path);
            INFO("stderr: " << r.err);
            CHECK(r.status != 0);
            CHECK(r.status != -1);
            // file:line:col at the start, as compilers and editors expect.
            const std::regex located("^" + std::regex_replace(spec.string(), std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                                     R"(:[0-9]+:[0-9]+: error: )");
            CHECK(std::regex_search(r.err, located));
            CHECK(snapshot(out.path) == before);
        });
    }

    SECTION("a good spec writes the committed set of files and nothing else") {
        TempDir out("good");
        const GenRun r = run_gen("--spec " + quoted(kSource / "spec/ptxv.yaml") + " --spec-name spec/ptxv.yaml --out " +
                                     quoted(out.path),
                                 io.path);
        INFO("stdout: " << r.out << "\nstderr: " << r.err);
        REQUIRE(r.status == 0);
        std::vector<std::string> names;
        for (const auto& f : snapshot(out.path)) names.push_back(f.first);
        std::vector<std::string> committed;
        for (const auto& f : snapshot(kSource / "generated")) committed.push_back(f.first);
        // The committed set, whatever its size; the drop-in header among them.
        CHECK(std::find(names.begin(), names.end(), "ptxv.hpp") != names.end());
        CHECK(names == committed);

        SECTION("--check reports a modified, a missing and an extra file, and changes none") {
            {
                std::ofstream edit(out.path / "ptxv_tables.hpp", std::ios::binary | std::ios::app);
                edit << "// edited by hand\n";
            }
            fs::remove(out.path / "VARIANTS.md");
            spit(out.path / "stray.txt", "not generated\n");
            const auto before = snapshot(out.path);

            const GenRun c = run_gen("--spec " + quoted(kSource / "spec/ptxv.yaml") +
                                         " --spec-name spec/ptxv.yaml --check --out " + quoted(out.path),
                                     io.path);
            INFO("stdout: " << c.out << "\nstderr: " << c.err);
            CHECK(c.status == 1);
            const auto lines = verdicts(c.out);
            CHECK(lines.size() == 3);
            CHECK(has_verdict(lines, "different:", (out.path / "ptxv_tables.hpp").string()));
            CHECK(has_verdict(lines, "missing:", (out.path / "VARIANTS.md").string()));
            CHECK(has_verdict(lines, "extra:", (out.path / "stray.txt").string()));
            CHECK(snapshot(out.path) == before);
        }
    }
}
