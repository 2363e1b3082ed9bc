// ptxv: command-line front end.
//
//   ptxv eval [--engine E] 'INSTR' A B [C]     d for one instruction
//   ptxv eval [--engine E] --batch FILE        many, one per line
//   ptxv validate 'INSTR' | --batch FILE       canonical form or the error
//   ptxv check [--vectors N] [--seed S]        generated code vs. the interpreter
//   ptxv golden FILE                           compare with recorded results
//   ptxv list                                  every generated variant
//   ptxv examples                              the manual's examples
//   ptxv translate IN [-o OUT] [--guard]       inline-asm video instructions as C++
//
// Exit status: 0 ok, 1 a failed instruction, line or check, 2 command-line
// misuse.

#include <CLI/CLI.hpp>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ptxv/batch_text.hpp"
#include "ptxv/check.hpp"
#include "ptxv/compile.hpp"
#include "ptxv/golden.hpp"
#include "ptxv/instr.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/translate.hpp"
#include "ptxv_tables.hpp"

namespace {

using std::uint32_t;

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

const char* const kExitStatusHelp =
    "Exit status: 0 success; 1 an instruction, batch line or check failed (or a file could not be read);\n"
    "2 command-line usage error.";

std::string with_exit_status(const std::string& text) { return text + "\n\n" + kExitStatusHelp; }

// ---------------------------------------------------------------------------
// Engines

const char* engine_name(ptxv::BatchEngine e) { return e == ptxv::BatchEngine::interp ? "interp" : "generated"; }

ptxv::BatchEngine engine_from_name(const std::string& name) {
    return name == "interp" ? ptxv::BatchEngine::interp : ptxv::BatchEngine::generated;
}

// A decoded instruction bound to an engine.
struct Bound {
    bool ok = false;
    ptxv::Instr in;
    ptxv::Compiled fn;
    ptxv::BatchEngine engine = ptxv::BatchEngine::generated;
    std::string error;
};

Bound decode_for(std::string_view text, ptxv::BatchEngine engine) {
    Bound b;
    b.engine = engine;
    std::optional<ptxv::Instr> in = ptxv::try_parse(text, &b.error);
    if (!in) return b;
    b.in = std::move(*in);
    if (engine == ptxv::BatchEngine::generated) b.fn = ptxv::compile(b.in);
    b.ok = true;
    return b;
}

// d for the values given on the command line; immediates replace them.
uint32_t evaluate(const Bound& b, uint32_t a, uint32_t bv, uint32_t cv) {
    const uint32_t av = ptxv::operand_value(b.in.a, a);
    const uint32_t bb = ptxv::operand_value(b.in.b, bv);
    const uint32_t cc = b.in.has_c ? ptxv::operand_value(b.in.c, cv) : 0u;
    return b.engine == ptxv::BatchEngine::generated ? b.fn(av, bb, cc) : ptxv::interpret(b.in, av, bb, cc);
}

// ---------------------------------------------------------------------------
// Small text helpers.

void append_hex(std::string& out, uint32_t v) {
    static const char digits[] = "0123456789abcdef";
    char buf[10] = {'0', 'x'};
    for (int i = 0; i < 8; ++i) buf[2 + i] = digits[(v >> (28 - 4 * i)) & 15];
    out.append(buf, sizeof buf);
}

std::string hex(uint32_t v) {
    std::string s;
    append_hex(s, v);
    return s;
}

bool read_all(const std::string& path, std::string* text) {
    std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
    if (f == nullptr) return false;
    char buf[1 << 16];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text->append(buf, n);
    const bool ok = std::ferror(f) == 0;
    if (f != stdin) std::fclose(f);
    return ok;
}

void flush(std::string& out) {
    std::fwrite(out.data(), 1, out.size(), stdout);
    out.clear();
}

void append_line_error(std::string& out, long line, const std::string& message) {
    out += "error: line ";
    out += std::to_string(line);
    out += ": ";
    out += message;
    out += '\n';
}

// ---------------------------------------------------------------------------
// eval

int eval_one(ptxv::BatchEngine engine, const std::string& text, const std::string& a_text, const std::string& b_text,
             const std::optional<std::string>& c_text) {
    const Bound b = decode_for(text, engine);
    if (!b.ok) {
        std::fprintf(stderr, "error: %s\n", b.error.c_str());
        return kExitFailed;
    }
    uint32_t a = 0, bv = 0, cv = 0;
    std::string error;
    if (!ptxv::parse_batch_value(a_text, &a, &error) || !ptxv::parse_batch_value(b_text, &bv, &error) ||
        (c_text && !ptxv::parse_batch_value(*c_text, &cv, &error))) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return kExitFailed;
    }
    if (b.in.has_c && !c_text) {
        std::fprintf(stderr, "error: the instruction has operand c; give its value C after A and B\n");
        return kExitFailed;
    }
    std::printf("%s\n", hex(evaluate(b, a, bv, cv)).c_str());
    return kExitOk;
}

int eval_batch(ptxv::BatchEngine engine, const std::string& path) {
    std::string text;
    if (!read_all(path, &text)) {
        std::fprintf(stderr, "error: cannot read '%s'\n", path.c_str());
        return kExitFailed;
    }
    ptxv::BatchEvaluator evaluator(engine);
    ptxv::BatchLineResult r;
    std::string out;
    out.reserve(1 << 17);
    bool failed = false;
    ptxv::for_each_batch_line(text, [&](long line, std::string_view body) {
        evaluator.eval(body, &r);
        if (r.status == ptxv::BatchLineResult::Status::skipped) return;
        if (r.status == ptxv::BatchLineResult::Status::error) {
            failed = true;
            append_line_error(out, line, r.error);
        } else {
            append_hex(out, r.d);
            out += '\n';
        }
        if (out.size() > (1u << 16)) flush(out);
    });
    flush(out);
    std::fflush(stdout);
    return failed ? kExitFailed : kExitOk;
}

// ---------------------------------------------------------------------------
// validate

int validate_one(const std::string& text) {
    std::string error;
    const std::optional<ptxv::Instr> in = ptxv::try_parse(text, &error);
    if (!in) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return kExitFailed;
    }
    std::printf("%s\n", ptxv::print(*in).c_str());
    return kExitOk;
}

int validate_batch(const std::string& path) {
    std::string text;
    if (!read_all(path, &text)) {
        std::fprintf(stderr, "error: cannot read '%s'\n", path.c_str());
        return kExitFailed;
    }
    std::string out;
    bool failed = false;
    std::string error;
    ptxv::for_each_batch_line(text, [&](long line, std::string_view body) {
        if (ptxv::batch_line_skipped(body)) return;
        if (ptxv::try_parse(ptxv::batch_instruction_column(body), &error)) {
            out += "ok\n";
        } else {
            failed = true;
            append_line_error(out, line, error);
        }
        if (out.size() > (1u << 16)) flush(out);
    });
    flush(out);
    std::fflush(stdout);
    return failed ? kExitFailed : kExitOk;
}

// ---------------------------------------------------------------------------
// check, golden

int run_check(std::uint64_t vectors, std::uint64_t seed) {
    const ptxv::CheckResult r = ptxv::check_random(vectors, seed, std::cerr);
    std::cerr.flush();
    std::printf("%llu variants, %llu vectors, %llu mismatches\n", static_cast<unsigned long long>(r.variants),
                static_cast<unsigned long long>(r.vectors), static_cast<unsigned long long>(r.mismatches));
    return r.mismatches == 0 ? kExitOk : kExitFailed;
}

int run_golden(const std::string& path) {
    std::ifstream file;
    std::istream* in = &std::cin;
    if (path != "-") {
        file.open(path, std::ios::binary);
        if (!file) {
            std::fprintf(stderr, "error: cannot read '%s'\n", path.c_str());
            return kExitFailed;
        }
        in = &file;
    }
    const ptxv::GoldenReport r = ptxv::compare_golden(*in, std::cout);
    std::cout.flush();
    return r.ok() ? kExitOk : kExitFailed;
}

// ---------------------------------------------------------------------------
// list, examples

int list_variants() {
    namespace spec = ptxv::spec;
    std::string out;
    std::vector<int> per_opcode(spec::kOpcodeCount, 0);
    for (int i = 0; i < spec::kVariantCount; ++i) {
        const spec::VariantInfo& v = spec::kVariants[i];
        out += v.ptx;
        out += '\t';
        out += v.function;
        out += '\n';
        if (v.opcode < spec::kOpcodeCount) ++per_opcode[v.opcode];
    }
    for (int i = 0; i < spec::kOpcodeCount; ++i) {
        out += "# " + std::string(spec::kOpcodes[i].name) + ": " + std::to_string(per_opcode[static_cast<std::size_t>(i)]) +
               " variants\n";
    }
    out += "# total: " + std::to_string(spec::kVariantCount) + " variants\n";
    flush(out);
    return kExitOk;
}

int run_examples(ptxv::BatchEngine engine) {
    namespace spec = ptxv::spec;
    constexpr uint32_t a = 0x8001ff7f, b = 0x7f80017f, c = 0x01020304;
    std::printf("manual examples, evaluated with a=%s b=%s c=%s (engine %s)\n\n", hex(a).c_str(), hex(b).c_str(),
                hex(c).c_str(), engine_name(engine));
    int wrong = 0;
    for (int i = 0; i < spec::kExampleCount; ++i) {
        const spec::ExampleInfo& ex = spec::kExamples[i];
        std::printf("%s\n", ex.text);
        const Bound bound = decode_for(ex.text, engine);
        if (bound.ok) {
            std::printf("  canonical: %s\n", ptxv::print(bound.in).c_str());
            std::printf("  d = %s\n", hex(evaluate(bound, a, b, c)).c_str());
            if (!ex.valid) {
                ++wrong;
                std::printf("  UNEXPECTED: accepted, but the manual's example is invalid (%s)\n", ex.reading);
            }
        } else {
            std::printf("  error: %s\n", bound.error.c_str());
            if (ex.valid) {
                ++wrong;
                std::printf("  UNEXPECTED: rejected, but the example is valid\n");
            } else {
                std::printf("  (invalid as expected, %s)\n", ex.reading);
            }
        }
    }
    std::printf("\n%d examples, %d as expected\n", spec::kExampleCount, spec::kExampleCount - wrong);
    return wrong == 0 ? kExitOk : kExitFailed;
}

// CLI11 reads "-5" into an unsigned option as 2^64-5 and saturates what does
// not fit, so `check --vectors -5` would run for ever: numbers are checked as
// text first.
CLI::Validator unsigned_decimal(std::uint64_t max) {
    return CLI::Validator(
        [max](std::string& s) -> std::string {
            const std::string expected = "expected a decimal number in [0, " + std::to_string(max) + "]";
            if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos) {
                return expected;
            }
            std::uint64_t v = 0;
            for (const char c : s) {
                const unsigned d = static_cast<unsigned>(c - '0');
                if (v > (UINT64_MAX - d) / 10) return expected;
                v = v * 10 + d;
            }
            return v > max ? expected : std::string();
        },
        "UINT");
}

constexpr std::uint64_t kMaxCheckVectors = 1000000000000ull;

}  // namespace

// ptxv translate: IN rewritten to OUT (standard output without -o); OUT is
// written whole or not at all.
int run_translate(const std::string& in, const std::string& out, bool guard, const std::string& report_path) {
    std::error_code dir_ec;
    if (std::filesystem::is_directory(in, dir_ec)) {
        std::fprintf(stderr, "error: %s is a directory (translate takes one source file)\n", in.c_str());
        return kExitFailed;
    }
    std::ifstream f(in, std::ios::binary);
    if (!f) {
        std::fprintf(stderr, "error: cannot read %s\n", in.c_str());
        return kExitFailed;
    }
    // The report's file is opened before OUT is written, so that a report
    // that cannot be written leaves OUT as it was.
    std::ofstream rf;
    if (!report_path.empty()) {
        rf.open(report_path, std::ios::binary | std::ios::app);
        if (!rf) {
            std::fprintf(stderr, "error: cannot write the report %s\n", report_path.c_str());
            return kExitFailed;
        }
    }
    std::stringstream text;
    text << f.rdbuf();
    ptxv::translate::TranslatedSource r;
    try {
        // The #line directives name IN as given, so that the compiler's
        // messages point at, and quote, the source's own lines.
        r = ptxv::translate::translate_source(text.str(), guard, in);
    } catch (const ptxv::translate::ScanError& e) {
        std::fprintf(stderr, "error: %s:%s\n", in.c_str(), e.what());
        return kExitFailed;
    }
    std::string report;
    for (const auto& line : r.report)
        report += in + ":" + std::to_string(line.at.line) + ":" + std::to_string(line.at.column) + ": " + line.what + "\n";
    report += in + ": " + ptxv::translate::summary(r) + "\n";
    if (out.empty()) {
        std::fwrite(r.text.data(), 1, r.text.size(), stdout);
    } else {
        const std::string tmp = out + ".ptxv-tmp";
        {
            std::ofstream o(tmp, std::ios::binary);
            o.write(r.text.data(), static_cast<std::streamsize>(r.text.size()));
            if (!o) {
                std::fprintf(stderr, "error: cannot write %s\n", out.c_str());
                return kExitFailed;
            }
        }
        std::error_code ec;
        std::filesystem::rename(tmp, out, ec);
        if (ec) {
            std::filesystem::remove(tmp, ec);
            std::fprintf(stderr, "error: cannot write %s\n", out.c_str());
            return kExitFailed;
        }
    }
    if (report_path.empty()) {
        std::fputs(report.c_str(), stderr);
    } else {
        rf.close();
        rf.open(report_path, std::ios::binary | std::ios::trunc);
        rf << report;
        if (!rf) {
            std::fprintf(stderr, "error: cannot write %s\n", report_path.c_str());
            return kExitFailed;
        }
    }
    return 0;
}

int main(int argc, char** argv) {
    CLI::App app{"ptxv: NVIDIA PTX video instructions (vadd ... vset4), bit-exact on the CPU"};
    app.require_subcommand(1);
    app.footer(kExitStatusHelp);

    std::string engine_text = "generated";
    const std::string engine_help =
        "evaluation engine: generated (the specialized functions, the default) or interp (the reference "
        "interpreter)";

    // eval
    CLI::App* eval = app.add_subcommand("eval", "Evaluate one instruction, or a batch of them");
    eval->footer(with_exit_status(
        "Values are 0x hex (up to 0xffffffff) or decimal in [-2147483648, 4294967295]; negative decimals are\n"
        "taken mod 2^32. d is printed as 0x%08x. C is required when the instruction has operand c and\n"
        "ignored otherwise. An operand written as an immediate in INSTR takes its value from the text; the\n"
        "matching value on the command line must still be given (it keeps the positions fixed) and is ignored.\n"
        "\n"
        "Batch files: one INSTR<TAB>A<TAB>B[<TAB>C] per line; empty or blank lines and lines starting with\n"
        "'#' are skipped, further columns are ignored, a trailing CR is dropped. One line of output per\n"
        "instruction line: d, or 'error: line N: ...' in its place. Exit status 1 when any line failed.\n"
        "\n"
        "Example: ptxv eval 'vadd4.u32.u32.u32.sat r1, r2, r3, r4;' 0x80ff0102 0x80010203 0"));
    eval->add_option("--engine", engine_text, engine_help)
        ->check(CLI::IsMember({"interp", "generated"}))
        ->capture_default_str();
    std::string eval_batch_path;
    CLI::Option* eval_batch_opt =
        eval->add_option("--batch", eval_batch_path, "read INSTR<TAB>A<TAB>B[<TAB>C] lines from FILE ('-' = stdin)")
            ->type_name("FILE");
    std::string instr_text, a_text, b_text, c_text;
    CLI::Option* instr_opt = eval->add_option("INSTR", instr_text, "the instruction, e.g. 'vadd.u32.u32.u32 r1, r2, r3;'");
    CLI::Option* a_opt = eval->add_option("A", a_text, "value of operand a");
    CLI::Option* b_opt = eval->add_option("B", b_text, "value of operand b");
    CLI::Option* c_opt = eval->add_option("C", c_text, "value of operand c (when the instruction has one)");
    eval_batch_opt->excludes(instr_opt);

    // validate
    CLI::App* validate = app.add_subcommand("validate", "Check an instruction and print its canonical form");
    validate->footer(with_exit_status(
        "Prints the canonical form (exit 0), or 'error: ...' on stderr (exit 1).\n"
        "With --batch: one instruction per line (text after a tab is ignored, so eval batch files work);\n"
        "empty or blank lines and lines starting with '#' are skipped; prints 'ok' or 'error: line N: ...'\n"
        "per line and exits 1 when any line failed."));
    std::string validate_batch_path, validate_text;
    CLI::Option* vbatch_opt =
        validate->add_option("--batch", validate_batch_path, "read instructions from FILE ('-' = stdin)")->type_name("FILE");
    CLI::Option* vtext_opt = validate->add_option("INSTR", validate_text, "the instruction");
    vbatch_opt->excludes(vtext_opt);

    // check
    CLI::App* check = app.add_subcommand("check", "Compare the generated functions with the interpreter on random cases");
    check->footer(with_exit_status(
        "Draws random instructions of every variant (selectors, masks, negations, immediates) and random\n"
        "operand values, decodes each from its text and evaluates it with both engines, one value at a\n"
        "time and through the batch forms. Prints 'N variants, M vectors, K mismatches'; the first\n"
        "mismatches go to stderr as replayable 'ptxv eval' lines. The same seed gives the same cases.\n"
        "Exit status 1 on any mismatch."));
    std::uint64_t check_vectors = 100000, check_seed = 1;
    check->add_option("--vectors", check_vectors, "number of (instruction, a, b, c) cases, at most 10^12")
        ->check(unsigned_decimal(kMaxCheckVectors))
        ->capture_default_str();
    check->add_option("--seed", check_seed, "random seed, 0 to 2^64-1")
        ->check(unsigned_decimal(UINT64_MAX))
        ->capture_default_str();

    // golden
    CLI::App* golden = app.add_subcommand("golden", "Compare both engines with recorded results");
    golden->footer(with_exit_status(
        "Reads the results recorded on a GPU by ptxv_hwcheck (generated/ptxv_hwcheck.cu): one\n"
        "INSTR<TAB>A<TAB>B<TAB>C<TAB>D line per evaluation, leading '#' lines as a header ('-' = stdin);\n"
        "values as in 'eval --batch': 0x hex or decimal in [-2147483648, 4294967295].\n"
        "Evaluates every line with the interpreter and with the generated functions, and prints the\n"
        "agreement per opcode and the disagreements as replayable 'ptxv eval' lines.\n"
        "Exit status 1 on any disagreement or unreadable line, or when nothing could be compared."));
    std::string golden_path;
    golden->add_option("FILE", golden_path, "the golden file ('-' = stdin)")->required();

    // list, examples
    CLI::App* list = app.add_subcommand("list", "List every generated variant (PTX form and function name)");
    list->footer(with_exit_status(
        "One 'ptx<TAB>function' line per variant, then a '# opcode: N variants' line per opcode and a total."));
    CLI::App* examples =
        app.add_subcommand("examples", "Decode and evaluate the examples printed in the PTX manual");
    examples->footer(with_exit_status(
        "Valid examples show their canonical form and d for a=0x8001ff7f b=0x7f80017f c=0x01020304;\n"
        "the two invalid ones (R18) show the error. Exit 0 when every example behaved as expected."));
    examples->add_option("--engine", engine_text, engine_help)
        ->check(CLI::IsMember({"interp", "generated"}))
        ->capture_default_str();

    // translate
    CLI::App* translate =
        app.add_subcommand("translate", "Rewrite inline-asm video instructions in a C++ or CUDA source as portable C++");
    std::string tr_in, tr_out, tr_report;
    bool tr_guard = false;
    translate->add_option("IN", tr_in, "the source file")->required();
    translate->add_option("-o,--output", tr_out, "where the rewritten source goes (default: standard output)");
    translate->add_flag("--guard", tr_guard, "keep each original statement for NVIDIA GPUs: #if defined(__CUDA_ARCH__) && !defined(__HIP__)");
    translate->add_option("--report", tr_report, "where the report goes (default: standard error)");
    translate->footer(with_exit_status(
        "Every asm statement made of video instructions and the 32-bit integer instructions mov, add, sub,\n"
        "mul.lo, and, or, xor, not, shl, shr, min, max, prmt, bfe, bfi, lop3, shf, setp, selp and cvt\n"
        "(integers of 32 bits and less) becomes C++ (calls of\n"
        "ptxv.hpp's functions for the video ones; ptxv.hpp is a C++17 header:\n"
        "build with -I generated); the rest of the file is copied byte for byte, comments in any encoding.\n"
        "The report names what was left as it was and why. A statement only a device pass compiles\n"
        "(#if __CUDA_ARCH__ >= 300) runs on the host once its condition is edited to\n"
        "#if !defined(__CUDACC__) || __CUDA_ARCH__ >= 300, with or without --guard."));

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }

    const ptxv::BatchEngine engine = engine_from_name(engine_text);
    try {
        if (eval->parsed()) {
            if (eval_batch_opt->count() > 0) {
                if (a_opt->count() + b_opt->count() + c_opt->count() > 0) {
                    std::fprintf(stderr, "error: --batch takes no INSTR A B C arguments\n");
                    return kExitUsage;
                }
                return eval_batch(engine, eval_batch_path);
            }
            if (instr_opt->count() == 0 || a_opt->count() == 0 || b_opt->count() == 0) {
                std::fprintf(stderr, "error: eval needs INSTR A B [C], or --batch FILE (see ptxv eval --help)\n");
                return kExitUsage;
            }
            std::optional<std::string> c;
            if (c_opt->count() > 0) c = c_text;
            return eval_one(engine, instr_text, a_text, b_text, c);
        }
        if (validate->parsed()) {
            if (vbatch_opt->count() > 0) return validate_batch(validate_batch_path);
            if (vtext_opt->count() == 0) {
                std::fprintf(stderr, "error: validate needs INSTR, or --batch FILE (see ptxv validate --help)\n");
                return kExitUsage;
            }
            return validate_one(validate_text);
        }
        if (check->parsed()) return run_check(check_vectors, check_seed);
        if (golden->parsed()) return run_golden(golden_path);
        if (list->parsed()) return list_variants();
        if (examples->parsed()) return run_examples(engine);
        if (translate->parsed()) return run_translate(tr_in, tr_out, tr_guard, tr_report);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return kExitFailed;
    }
    return kExitUsage;
}
