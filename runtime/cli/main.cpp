// ptxv: command-line front end.
//
//   ptxv eval [--engine E] 'INSTR' A B [C]     d for one instruction
//   ptxv eval [--engine E] --batch FILE        many, one per line
//   ptxv validate 'INSTR' | --batch FILE       canonical form or the error
//   ptxv list                                  every generated variant
//   ptxv examples                              the manual's examples
//
// Errors go to stderr with exit status 1; command-line misuse exits with 2.

#include <CLI/CLI.hpp>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptxv/instr.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv_tables.hpp"

namespace {

using std::uint32_t;

// ---------------------------------------------------------------------------
// Engines: each turns a decoded instruction into a function of the operand
// values (a, b, c as the instruction sees them, immediates already applied).

using Kernel = std::function<uint32_t(uint32_t, uint32_t, uint32_t)>;

struct Engine {
    const char* name;
    Kernel (*make)(const ptxv::Instr& in);  // nullptr: not available in this build
};

Kernel make_interp(const ptxv::Instr& in) {
    return [in](uint32_t a, uint32_t b, uint32_t c) { return ptxv::interpret(in, a, b, c); };
}

// "generated" becomes available as
//     {"generated", [](const ptxv::Instr& in) -> Kernel { return ptxv::compile(in); }},
// once the library with ptxv::compile is linked in.
constexpr Engine kEngines[] = {
    {"interp", make_interp},
    {"generated", nullptr},
};

const Engine* find_engine(const std::string& name) {
    for (const Engine& e : kEngines) {
        if (name == e.name) return &e;
    }
    return nullptr;
}

// Reports on stderr why `name` cannot be used; nullptr then.
const Engine* usable_engine(const std::string& name) {
    const Engine* e = find_engine(name);
    if (e == nullptr) {
        std::fprintf(stderr, "error: unknown engine '%s'\n", name.c_str());
        return nullptr;
    }
    if (e->make == nullptr) {
        std::fprintf(stderr, "error: engine '%s' is not built yet\n", e->name);
        return nullptr;
    }
    return e;
}

// ---------------------------------------------------------------------------
// Small text helpers.

// Operand values: 0x hex (at most 32 bits) or a decimal in
// [-2^31, 2^32 - 1]; negative decimals are taken mod 2^32.
bool parse_value(std::string_view s, uint32_t* out, std::string* error) {
    auto bad = [&] {
        *error = "bad value '" + std::string(s.substr(0, 40)) + (s.size() > 40 ? "..." : "") +
                 "': expected 0x followed by at most 32 bits of hex digits, or a decimal in [-2147483648, 4294967295]";
        return false;
    };
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        std::uint64_t v = 0;
        for (std::size_t i = 2; i < s.size(); ++i) {
            const char c = s[i];
            unsigned d;
            if (c >= '0' && c <= '9') {
                d = static_cast<unsigned>(c - '0');
            } else if (c >= 'a' && c <= 'f') {
                d = static_cast<unsigned>(c - 'a' + 10);
            } else if (c >= 'A' && c <= 'F') {
                d = static_cast<unsigned>(c - 'A' + 10);
            } else {
                return bad();
            }
            v = v * 16 + d;
            if (v > 0xffffffffu) return bad();
        }
        *out = static_cast<uint32_t>(v);
        return true;
    }
    const bool neg = !s.empty() && s[0] == '-';
    const std::string_view digits = neg ? s.substr(1) : s;
    if (digits.empty()) return bad();
    std::uint64_t v = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9') return bad();
        v = v * 10 + static_cast<unsigned>(c - '0');
        if (v > 0xffffffffu) return bad();
    }
    if (neg && v > 0x80000000u) return bad();
    *out = neg ? static_cast<uint32_t>(0u - static_cast<uint32_t>(v)) : static_cast<uint32_t>(v);
    return true;
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

void flush(std::string& out) {
    std::fwrite(out.data(), 1, out.size(), stdout);
    out.clear();
}

// Calls f(line_number, columns) for every line that is neither empty (or
// blank) nor a '#' comment. Columns are split at tabs; a trailing '\r' is
// dropped.
template <class F>
void for_each_line(std::string_view text, F&& f) {
    std::size_t pos = 0;
    long line = 0;
    std::vector<std::string_view> cols;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        std::string_view l = text.substr(pos, nl - pos);
        pos = nl + 1;
        ++line;
        if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
        if (l.find_first_not_of(" \t\r\v\f") == std::string_view::npos || l[0] == '#') continue;
        cols.clear();
        std::size_t start = 0;
        for (;;) {
            const std::size_t tab = l.find('\t', start);
            if (tab == std::string_view::npos) {
                cols.push_back(l.substr(start));
                break;
            }
            cols.push_back(l.substr(start, tab - start));
            start = tab + 1;
        }
        f(line, cols);
    }
}

// ---------------------------------------------------------------------------
// eval

struct Compiled {
    bool ok = false;
    ptxv::Instr in;
    Kernel run;
    std::string error;
};

Compiled compile_text(std::string_view text, const Engine& engine) {
    Compiled c;
    std::optional<ptxv::Instr> in = ptxv::try_parse(text, &c.error);
    if (!in) return c;
    c.in = std::move(*in);
    c.run = engine.make(c.in);
    c.ok = true;
    return c;
}

// d for the values given on the command line; immediates replace them.
uint32_t evaluate(const Compiled& c, uint32_t a, uint32_t b, uint32_t cv) {
    return c.run(ptxv::operand_value(c.in.a, a), ptxv::operand_value(c.in.b, b),
                 c.in.has_c ? ptxv::operand_value(c.in.c, cv) : 0u);
}

int eval_one(const Engine& engine, const std::string& text, const std::string& a_text, const std::string& b_text,
             const std::optional<std::string>& c_text) {
    const Compiled c = compile_text(text, engine);
    if (!c.ok) {
        std::fprintf(stderr, "error: %s\n", c.error.c_str());
        return 1;
    }
    uint32_t a = 0, b = 0, cv = 0;
    std::string error;
    if (!parse_value(a_text, &a, &error) || !parse_value(b_text, &b, &error) ||
        (c_text && !parse_value(*c_text, &cv, &error))) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return 1;
    }
    if (c.in.has_c && !c_text) {
        std::fprintf(stderr, "error: the instruction has operand c; give its value C after A and B\n");
        return 1;
    }
    std::printf("%s\n", hex(evaluate(c, a, b, cv)).c_str());
    return 0;
}

int eval_batch(const Engine& engine, const std::string& path) {
    std::string text;
    if (!read_all(path, &text)) {
        std::fprintf(stderr, "error: cannot read '%s'\n", path.c_str());
        return 1;
    }
    std::unordered_map<std::string, Compiled> cache;
    std::string out;
    out.reserve(1 << 16);
    bool failed = false;
    for_each_line(text, [&](long line, const std::vector<std::string_view>& cols) {
        auto error = [&](const std::string& message) {
            failed = true;
            out += "error: line ";
            out += std::to_string(line);
            out += ": ";
            out += message;
            out += '\n';
        };
        if (cols.size() < 3) return error("expected INSTR<TAB>A<TAB>B[<TAB>C]");
        // Batch files repeat a few instructions many times: decode each once.
        if (cache.size() > (1u << 20)) cache.clear();
        std::string key(cols[0]);
        auto it = cache.find(key);
        if (it == cache.end()) it = cache.emplace(std::move(key), compile_text(cols[0], engine)).first;
        const Compiled& c = it->second;
        if (!c.ok) return error(c.error);
        uint32_t a = 0, b = 0, cv = 0;
        std::string message;
        if (!parse_value(cols[1], &a, &message) || !parse_value(cols[2], &b, &message)) return error(message);
        if (c.in.has_c) {
            if (cols.size() < 4) return error("the instruction has operand c; a C column is required");
            if (!parse_value(cols[3], &cv, &message)) return error(message);
        }
        append_hex(out, evaluate(c, a, b, cv));
        out += '\n';
        if (out.size() > (1u << 16)) flush(out);
    });
    flush(out);
    std::fflush(stdout);
    return failed ? 1 : 0;
}

// ---------------------------------------------------------------------------
// validate

int validate_one(const std::string& text) {
    std::string error;
    const std::optional<ptxv::Instr> in = ptxv::try_parse(text, &error);
    if (!in) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return 1;
    }
    std::printf("%s\n", ptxv::print(*in).c_str());
    return 0;
}

int validate_batch(const std::string& path) {
    std::string text;
    if (!read_all(path, &text)) {
        std::fprintf(stderr, "error: cannot read '%s'\n", path.c_str());
        return 1;
    }
    std::string out;
    bool failed = false;
    std::string error;
    for_each_line(text, [&](long line, const std::vector<std::string_view>& cols) {
        if (ptxv::try_parse(cols[0], &error)) {
            out += "ok\n";
        } else {
            failed = true;
            out += "error: line " + std::to_string(line) + ": " + error + "\n";
        }
        if (out.size() > (1u << 16)) flush(out);
    });
    flush(out);
    std::fflush(stdout);
    return failed ? 1 : 0;
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
    return 0;
}

int run_examples(const Engine& engine) {
    namespace spec = ptxv::spec;
    constexpr uint32_t a = 0x8001ff7f, b = 0x7f80017f, c = 0x01020304;
    std::printf("manual examples, evaluated with a=%s b=%s c=%s (engine %s)\n\n", hex(a).c_str(), hex(b).c_str(),
                hex(c).c_str(), engine.name);
    int wrong = 0;
    for (int i = 0; i < spec::kExampleCount; ++i) {
        const spec::ExampleInfo& ex = spec::kExamples[i];
        std::printf("%s\n", ex.text);
        const Compiled comp = compile_text(ex.text, engine);
        if (comp.ok) {
            std::printf("  canonical: %s\n", ptxv::print(comp.in).c_str());
            std::printf("  d = %s\n", hex(evaluate(comp, a, b, c)).c_str());
            if (!ex.valid) {
                ++wrong;
                std::printf("  UNEXPECTED: accepted, but the manual's example is invalid (%s)\n", ex.reading);
            }
        } else {
            std::printf("  error: %s\n", comp.error.c_str());
            if (ex.valid) {
                ++wrong;
                std::printf("  UNEXPECTED: rejected, but the example is valid\n");
            } else {
                std::printf("  (invalid as expected, %s)\n", ex.reading);
            }
        }
    }
    std::printf("\n%d examples, %d as expected\n", spec::kExampleCount, spec::kExampleCount - wrong);
    return wrong == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"ptxv: NVIDIA PTX video instructions (vadd ... vset4), bit-exact on the CPU"};
    app.require_subcommand(1);

    std::string engine_name = "interp";
    const std::string engine_help =
        "evaluation engine: interp (the reference interpreter) or generated (the specialized functions)";

    // eval
    CLI::App* eval = app.add_subcommand("eval", "Evaluate one instruction, or a batch of them");
    eval->footer(
        "Values are 0x hex (up to 0xffffffff) or decimal in [-2147483648, 4294967295]; negative decimals are\n"
        "taken mod 2^32. d is printed as 0x%08x. C is required when the instruction has operand c and\n"
        "ignored otherwise. An operand written as an immediate in INSTR takes its value from the text; the\n"
        "matching value on the command line must still be given (it keeps the positions fixed) and is ignored.\n"
        "\n"
        "Batch files: one INSTR<TAB>A<TAB>B[<TAB>C] per line; empty lines and lines starting with '#' are\n"
        "skipped, further columns are ignored. One line of output per instruction line: d, or\n"
        "'error: line N: ...' in its place. Exit status 1 when any line failed.\n"
        "\n"
        "Example: ptxv eval 'vadd4.u32.u32.u32.sat r1, r2, r3, r4;' 0x80ff0102 0x80010203 0");
    eval->add_option("--engine", engine_name, engine_help)
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
    validate->footer(
        "Prints the canonical form (exit 0), or 'error: ...' on stderr (exit 1).\n"
        "With --batch: one instruction per line (text after a tab is ignored, so eval batch files work);\n"
        "empty lines and lines starting with '#' are skipped; prints 'ok' or 'error: line N: ...' per line\n"
        "and exits 1 when any line failed.");
    std::string validate_batch_path, validate_text;
    CLI::Option* vbatch_opt =
        validate->add_option("--batch", validate_batch_path, "read instructions from FILE ('-' = stdin)")->type_name("FILE");
    CLI::Option* vtext_opt = validate->add_option("INSTR", validate_text, "the instruction");
    vbatch_opt->excludes(vtext_opt);

    // list, examples
    CLI::App* list = app.add_subcommand("list", "List every generated variant (PTX form and function name)");
    list->footer("One 'ptx<TAB>function' line per variant, then a '# opcode: N variants' line per opcode and a total.");
    CLI::App* examples =
        app.add_subcommand("examples", "Decode and evaluate the examples printed in the PTX manual");
    examples->footer(
        "Valid examples show their canonical form and d for a=0x8001ff7f b=0x7f80017f c=0x01020304;\n"
        "the two invalid ones (R18) show the error. Exit 0 when every example behaved as expected.");
    examples->add_option("--engine", engine_name, engine_help)
        ->check(CLI::IsMember({"interp", "generated"}))
        ->capture_default_str();

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return 2;
    }

    try {
        if (eval->parsed()) {
            const Engine* engine = usable_engine(engine_name);
            if (engine == nullptr) return 1;
            if (eval_batch_opt->count() > 0) {
                if (a_opt->count() + b_opt->count() + c_opt->count() > 0) {
                    std::fprintf(stderr, "error: --batch takes no INSTR A B C arguments\n");
                    return 2;
                }
                return eval_batch(*engine, eval_batch_path);
            }
            if (instr_opt->count() == 0 || a_opt->count() == 0 || b_opt->count() == 0) {
                std::fprintf(stderr, "error: eval needs INSTR A B [C], or --batch FILE (see ptxv eval --help)\n");
                return 2;
            }
            std::optional<std::string> c;
            if (c_opt->count() > 0) c = c_text;
            return eval_one(*engine, instr_text, a_text, b_text, c);
        }
        if (validate->parsed()) {
            if (vbatch_opt->count() > 0) return validate_batch(validate_batch_path);
            if (vtext_opt->count() == 0) {
                std::fprintf(stderr, "error: validate needs INSTR, or --batch FILE (see ptxv validate --help)\n");
                return 2;
            }
            return validate_one(validate_text);
        }
        if (list->parsed()) return list_variants();
        if (examples->parsed()) {
            const Engine* engine = usable_engine(engine_name);
            if (engine == nullptr) return 1;
            return run_examples(*engine);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
    return 2;
}
