// ptxv's command-line tool: what its subcommands share, and one function per
// subcommand (its own file) that adds it to the app and returns how to run it.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "ptxv/batch_text.hpp"
#include "ptxv/compile.hpp"
#include "ptxv/instr.hpp"

namespace ptxv_cli {

using std::uint32_t;

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

extern const char* const kExitStatusHelp;
std::string with_exit_status(const std::string& text);

// A subcommand: its CLI11 app, and what runs it once the command line parsed.
struct Command {
    CLI::App* app;
    std::function<int()> run;
};

Command add_eval(CLI::App& app);
Command add_validate(CLI::App& app);
Command add_check(CLI::App& app);
Command add_golden(CLI::App& app);
Command add_list(CLI::App& app);
Command add_examples(CLI::App& app);
Command add_translate(CLI::App& app);
Command add_explain(CLI::App& app);
Command add_lower(CLI::App& app);

// --engine, as eval and examples take it.
void add_engine_option(CLI::App& app, std::string& engine_text);
const char* engine_name(ptxv::BatchEngine e);
ptxv::BatchEngine engine_from_name(const std::string& name);

// A decoded instruction bound to an engine.
struct Bound {
    bool ok = false;
    ptxv::Instr in;
    ptxv::Compiled fn;
    ptxv::BatchEngine engine = ptxv::BatchEngine::generated;
    std::string error;
};
Bound decode_for(std::string_view text, ptxv::BatchEngine engine);
// d for the values given on the command line; immediates replace them.
uint32_t evaluate(const Bound& b, uint32_t a, uint32_t bv, uint32_t cv);

// Text: 0x%08x, a whole file ('-' = standard input), buffered standard output.
void append_hex(std::string& out, uint32_t v);
std::string hex(uint32_t v);
bool read_all(const std::string& path, std::string* text);
// Writes the file whole (through a temporary beside it, renamed) or not at all.
bool write_whole(const std::string& path, const std::string& text);
void flush(std::string& out);
void append_line_error(std::string& out, long line, const std::string& message);

}  // namespace ptxv_cli
