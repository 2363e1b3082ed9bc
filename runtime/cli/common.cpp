// What ptxv's subcommands share (cli.hpp).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>

#include "cli.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"

namespace ptxv_cli {

const char* const kExitStatusHelp =
    "Exit status: 0 success; 1 an instruction, batch line or check failed (or a file could not be read);\n"
    "2 command-line usage error.";

std::string with_exit_status(const std::string& text) { return text + "\n\n" + kExitStatusHelp; }

void add_engine_option(CLI::App& app, std::string& engine_text) {
    app.add_option("--engine", engine_text,
                   "evaluation engine: generated (the specialized functions, the default) or interp (the reference "
                   "interpreter)")
        ->check(CLI::IsMember({"interp", "generated"}))
        ->capture_default_str();
}

const char* engine_name(ptxv::BatchEngine e) { return e == ptxv::BatchEngine::interp ? "interp" : "generated"; }

ptxv::BatchEngine engine_from_name(const std::string& name) {
    return name == "interp" ? ptxv::BatchEngine::interp : ptxv::BatchEngine::generated;
}

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

uint32_t evaluate(const Bound& b, uint32_t a, uint32_t bv, uint32_t cv) {
    const uint32_t av = ptxv::operand_value(b.in.a, a);
    const uint32_t bb = ptxv::operand_value(b.in.b, bv);
    const uint32_t cc = b.in.has_c ? ptxv::operand_value(b.in.c, cv) : 0u;
    return b.engine == ptxv::BatchEngine::generated ? b.fn(av, bb, cc) : ptxv::interpret(b.in, av, bb, cc);
}

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

bool write_whole(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".ptxv-tmp";
    {
        std::ofstream o(tmp, std::ios::binary);
        o.write(text.data(), static_cast<std::streamsize>(text.size()));
        if (!o) return false;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) std::filesystem::remove(tmp, ec);
    return !ec;
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

}  // namespace ptxv_cli
