// ptxv: command-line front end. Each subcommand is a file of its own here
// (cli.hpp declares them); this one builds the app and runs the one given.
//
//   ptxv eval [--engine E] 'INSTR' A B [C]     d for one instruction
//   ptxv eval [--engine E] --batch FILE        many, one per line
//   ptxv validate 'INSTR' | --batch FILE       canonical form or the error
//   ptxv check [--vectors N] [--seed S]        generated code vs. the interpreter
//   ptxv golden FILE                           compare with recorded results
//   ptxv list                                  every generated variant
//   ptxv examples                              the manual's examples
//   ptxv translate IN [-o OUT] [--guard]       inline-asm video instructions as C++
//   ptxv explain [--c [--name F]] 'INSTR'      what it computes, in words or as C99
//   ptxv lower IN.ptx [-o OUT] [--report FILE] [--only OPS]   video instructions as plain PTX
//
// Exit status: 0 ok, 1 a failed instruction, line or check, 2 command-line
// misuse.
#include <cstdio>
#include <exception>
#include <vector>

#include "cli.hpp"

int main(int argc, char** argv) {
    using namespace ptxv_cli;
    CLI::App app{"ptxv: NVIDIA PTX video instructions (vadd ... vset4), bit-exact on the CPU"};
    app.require_subcommand(1);
    app.footer(kExitStatusHelp);
    const std::vector<Command> commands = {add_eval(app),    add_validate(app), add_check(app),    add_golden(app),
                                           add_list(app),    add_examples(app), add_translate(app), add_explain(app),
                                           add_lower(app)};
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }
    try {
        for (const Command& c : commands)
            if (c.app->parsed()) return c.run();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return kExitFailed;
    }
    return kExitUsage;
}
