// ptxv golden FILE   both engines against results recorded on a GPU
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "ptxv/golden.hpp"

namespace ptxv_cli {
namespace {

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

}  // namespace

Command add_golden(CLI::App& app) {
    CLI::App* golden = app.add_subcommand("golden", "Compare both engines with recorded results");
    golden->footer(with_exit_status(
        "Reads the results recorded on a GPU by ptxv_hwcheck (generated/ptxv_hwcheck.cu): one\n"
        "INSTR<TAB>A<TAB>B<TAB>C<TAB>D line per evaluation, leading '#' lines as a header ('-' = stdin);\n"
        "values as in 'eval --batch': 0x hex or decimal in [-2147483648, 4294967295].\n"
        "Evaluates every line with the interpreter and with the generated functions, and prints the\n"
        "agreement per opcode and the disagreements as replayable 'ptxv eval' lines.\n"
        "Exit status 1 on any disagreement or unreadable line, or when nothing could be compared."));
    auto path = std::make_shared<std::string>();
    golden->add_option("FILE", *path, "the golden file ('-' = stdin)")->required();
    return {golden, [path] { return run_golden(*path); }};
}

}  // namespace ptxv_cli
