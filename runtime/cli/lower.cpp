// ptxv lower IN.ptx [-o OUT] [--report FILE] [--only OPCODES]   a PTX
// module's video instructions as plain integer PTX
#include <cstdio>
#include <memory>

#include "cli.hpp"
#include "ptxv/lower.hpp"

namespace ptxv_cli {
namespace {

struct LowerArgs {
    std::string in, out, report;
    std::vector<std::string> only;
};

int run_lower(const LowerArgs& args) {
    std::string text;
    if (!read_all(args.in, &text)) {
        std::fprintf(stderr, "error: cannot read %s\n", args.in.c_str());
        return kExitFailed;
    }
    ptxv::Lowered r;
    try {
        r = ptxv::lower_module(text, args.only);
    } catch (const ptxv::LowerError& e) {
        std::fprintf(stderr, "error: %s:%s\n", args.in.c_str(), e.what());
        return kExitFailed;
    } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return kExitUsage;
    }
    const std::string report = ptxv::lower_report(r, args.in);
    if (!args.report.empty() && !write_whole(args.report, report)) {
        std::fprintf(stderr, "error: cannot write the report %s\n", args.report.c_str());
        return kExitFailed;
    }
    if (args.out.empty()) {
        std::fwrite(r.ptx.data(), 1, r.ptx.size(), stdout);
    } else if (!write_whole(args.out, r.ptx)) {
        std::fprintf(stderr, "error: cannot write %s\n", args.out.c_str());
        return kExitFailed;
    }
    if (args.report.empty()) std::fputs(report.c_str(), stderr);
    return kExitOk;
}

}  // namespace

Command add_lower(CLI::App& app) {
    CLI::App* lower = app.add_subcommand("lower", "Rewrite a PTX module's video instructions as plain integer PTX");
    auto args = std::make_shared<LowerArgs>();
    lower->add_option("IN", args->in, "the PTX module ('-' for standard input)")->required();
    lower->add_option("-o,--output", args->out, "where the module goes (default: standard output)");
    lower->add_option("--report", args->report, "where the report goes (default: standard error)");
    lower->add_option("--only", args->only, "lower only these opcodes (vadd4,vmad,...)")->delimiter(',');
    lower->footer(with_exit_status(
        "Every video instruction (guarded or not) becomes the integer instructions mov, add, sub, mul.lo,\n"
        "and, or, xor, not, shl, shr, min, max, setp, selp, cvt, bfe and prmt that compute the same d,\n"
        "under the same guard, with a comment holding the original; each function that holds one declares\n"
        "the registers they use (%ptxv_r<N>, %ptxv_w<N>, %ptxv_p<N>, or another prefix where the module has\n"
        "names like these). Every other byte of the module is kept. The report gives, per opcode, how many\n"
        "instructions each lowering took. An invalid video instruction is an error located in IN, and OUT\n"
        "is not written."));
    return {lower, [args] { return run_lower(*args); }};
}

}  // namespace ptxv_cli
