// ptxv eval [--engine E] 'INSTR' A B [C]   d for one instruction
// ptxv eval [--engine E] --batch FILE      many, one per line
#include <cstdio>
#include <memory>
#include <optional>

#include "cli.hpp"

namespace ptxv_cli {
namespace {

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

struct EvalArgs {
    std::string engine = "generated", batch, instr, a, b, c;
    CLI::Option *batch_opt, *instr_opt, *a_opt, *b_opt, *c_opt;
};

}  // namespace

Command add_eval(CLI::App& app) {
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
    auto args = std::make_shared<EvalArgs>();
    add_engine_option(*eval, args->engine);
    args->batch_opt =
        eval->add_option("--batch", args->batch, "read INSTR<TAB>A<TAB>B[<TAB>C] lines from FILE ('-' = stdin)")
            ->type_name("FILE");
    args->instr_opt = eval->add_option("INSTR", args->instr, "the instruction, e.g. 'vadd.u32.u32.u32 r1, r2, r3;'");
    args->a_opt = eval->add_option("A", args->a, "value of operand a");
    args->b_opt = eval->add_option("B", args->b, "value of operand b");
    args->c_opt = eval->add_option("C", args->c, "value of operand c (when the instruction has one)");
    args->batch_opt->excludes(args->instr_opt);
    return {eval, [args] {
                const ptxv::BatchEngine engine = engine_from_name(args->engine);
                if (args->batch_opt->count() > 0) {
                    if (args->a_opt->count() + args->b_opt->count() + args->c_opt->count() > 0) {
                        std::fprintf(stderr, "error: --batch takes no INSTR A B C arguments\n");
                        return kExitUsage;
                    }
                    return eval_batch(engine, args->batch);
                }
                if (args->instr_opt->count() == 0 || args->a_opt->count() == 0 || args->b_opt->count() == 0) {
                    std::fprintf(stderr, "error: eval needs INSTR A B [C], or --batch FILE (see ptxv eval --help)\n");
                    return kExitUsage;
                }
                std::optional<std::string> c;
                if (args->c_opt->count() > 0) c = args->c;
                return eval_one(engine, args->instr, args->a, args->b, c);
            }};
}

}  // namespace ptxv_cli
