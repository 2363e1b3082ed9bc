// ptxv validate 'INSTR' | --batch FILE   the canonical form, or the error
#include <cstdio>
#include <memory>
#include <optional>

#include "cli.hpp"
#include "ptxv/parse.hpp"

namespace ptxv_cli {
namespace {

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

struct ValidateArgs {
    std::string batch, text;
    CLI::Option *batch_opt, *text_opt;
};

}  // namespace

Command add_validate(CLI::App& app) {
    CLI::App* validate = app.add_subcommand("validate", "Check an instruction and print its canonical form");
    validate->footer(with_exit_status(
        "Prints the canonical form (exit 0), or 'error: ...' on stderr (exit 1).\n"
        "With --batch: one instruction per line (text after a tab is ignored, so eval batch files work);\n"
        "empty or blank lines and lines starting with '#' are skipped; prints 'ok' or 'error: line N: ...'\n"
        "per line and exits 1 when any line failed."));
    auto args = std::make_shared<ValidateArgs>();
    args->batch_opt =
        validate->add_option("--batch", args->batch, "read instructions from FILE ('-' = stdin)")->type_name("FILE");
    args->text_opt = validate->add_option("INSTR", args->text, "the instruction");
    args->batch_opt->excludes(args->text_opt);
    return {validate, [args] {
                if (args->batch_opt->count() > 0) return validate_batch(args->batch);
                if (args->text_opt->count() == 0) {
                    std::fprintf(stderr, "error: validate needs INSTR, or --batch FILE (see ptxv validate --help)\n");
                    return kExitUsage;
                }
                return validate_one(args->text);
            }};
}

}  // namespace ptxv_cli
