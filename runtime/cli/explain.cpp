// ptxv explain [--c [--name F]] 'INSTR'   what the instruction computes
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli.hpp"
#include "ptxv/explain.hpp"
#include "ptxv/parse.hpp"

namespace ptxv_cli {
namespace {

struct ExplainArgs {
    std::string text, name;
    bool c = false;
    CLI::Option* name_opt = nullptr;
};

int run_explain(const ExplainArgs& args) {
    std::string error;
    const std::optional<ptxv::Instr> in = ptxv::try_parse(args.text, &error);
    if (!in) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return kExitFailed;
    }
    try {
        const std::string out = args.c ? ptxv::explain_c(*in, args.name) : ptxv::explain_text(*in);
        std::fwrite(out.data(), 1, out.size(), stdout);
    } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return kExitUsage;
    }
    return kExitOk;
}

}  // namespace

Command add_explain(CLI::App& app) {
    CLI::App* explain = app.add_subcommand("explain", "Spell out what an instruction computes, in words or as C99");
    explain->footer(with_exit_status(
        "Without --c: the decoded form with every default written out, what each part does, which parts of\n"
        "a, b and c feed d, and the readings (docs/readings.md) the form depends on.\n"
        "With --c: one self-contained C99 function uint32_t F(uint32_t a, uint32_t b, uint32_t c) over\n"
        "<stdint.h>, branch-free, its helpers above it as static inline functions named F_...; F is the\n"
        "variant's name (vmin4_s32_u32_u32_add) unless --name gives one. An invalid instruction prints the\n"
        "error of ptxv validate on stderr (exit 1)."));
    auto args = std::make_shared<ExplainArgs>();
    explain->add_flag("--c", args->c, "print a C99 function instead of text");
    args->name_opt = explain->add_option("--name", args->name, "the C function's name (with --c)")->type_name("F");
    explain->add_option("INSTR", args->text, "the instruction")->required();
    return {explain, [args] {
                if (args->name_opt->count() > 0 && !args->c) {
                    std::fprintf(stderr, "error: --name goes with --c (see ptxv explain --help)\n");
                    return kExitUsage;
                }
                return run_explain(*args);
            }};
}

}  // namespace ptxv_cli
