// ptxv lower: a module's video instructions as plain integer PTX, from the
// PTX form of their variants that ptxv-gen printed from the lowered bodies
// (generated/ptxv_lower.inc), with the instruction's operands, registers and
// constants written in.
#include "ptxv/lower.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "ptxv/compile.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/ptx_literal.hpp"
#include "ptxv_tables.hpp"

namespace ptxv::ptx_forms {
using u32 = std::uint32_t;
}  // namespace ptxv::ptx_forms
#include "ptxv_lower.inc"

namespace ptxv {

static_assert(ptx_forms::kFormCount == spec::kVariantCount,
              "ptxv_lower.inc has one form per variant");

namespace {

bool opcode_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; }
bool name_char(char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) != 0 || ch == '_' || ch == '$' || ch == '%';
}

const std::set<std::string>& video_opcodes() {
    static const std::set<std::string> names = [] {
        std::set<std::string> s;
        for (const auto& op : spec::kOpcodes) s.insert(op.name);
        return s;
    }();
    return names;
}

}  // namespace

namespace {

// One instruction: op d, s...;
struct Line {
    std::string op, d;
    std::vector<std::string> s;
};

const std::string kZero = "0";

// What an instruction computes for these constants where that is one of its
// sources unchanged (x op 0, x & ~0, a prmt or bfe that moves nothing) or 0
// (x & 0), or nullptr.
const std::string* identity(const Line& l) {
    const std::string o = l.op.substr(0, l.op.find('.'));
    const bool wide = l.op.find("64") != std::string::npos;
    const std::string ones = wide ? "-1" : "0xffffffff";
    const bool commutes = o == "add" || o == "or" || o == "xor" || o == "and" || o == "mul";
    for (int k = 0; k < (commutes ? 2 : 1); ++k) {
        const std::string &x = l.s[k], &y = l.s[1 - k];
        if ((o == "add" || o == "sub" || o == "or" || o == "xor" || o == "shl" || o == "shr") && y == "0") return &x;
        if (o == "and" && y == ones) return &x;
        if ((o == "and" || o == "mul") && y == "0") return &kZero;
        if (o == "mul" && y == "1") return &x;
    }
    if (o == "bfe" && l.s[1] == "0" && l.s[2] == "32") return &l.s[0];
    if (o == "prmt" && l.s[2] == "0x3210") return &l.s[0];
    return nullptr;
}

}  // namespace

std::string lower_instruction(const Instr& in, const std::string& prefix, int (&regs)[3]) {
    const Compiled f = compile(in);
    const ptx_forms::Form& form = ptx_forms::kForms[f.variant_index()];
    const ptx_forms::Consts k{f.asel(), f.bsel(), f.x()};
    std::vector<Line> lines;
    regs[0] = form.regs[0];
    regs[1] = form.regs[1];
    regs[2] = form.regs[2];
    // A source written as an immediate is moved into a register of its own.
    const auto source = [&](const Operand& op) {
        if (op.kind != Operand::Kind::imm) return op.name;
        const std::string r = prefix + "r" + std::to_string(regs[0]++);
        lines.push_back({"mov.b32", r, {ptx_literal(op.imm, false)}});
        return r;
    };
    const std::string a = source(in.a), b = source(in.b);
    // Without a c, no result reads it (R16); any register stands for it.
    const std::string c = in.has_c ? source(in.c) : a;
    const std::set<std::string> operands{a, b, c};

    // The form's text with the operands, registers and constants written in,
    // as lines.
    for (std::size_t line = form.text; ptx_forms::kTextLines[line] != ptx_forms::kEnd; ++line) {
        const std::string t = ptx_forms::kLines[ptx_forms::kTextLines[line]];
        std::vector<std::string> parts{""};
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t[i] == ' ' && parts.size() == 1) {
                parts.emplace_back();
            } else if (t[i] == ',') {
                parts.emplace_back();
                ++i;  // the space after it
            } else if (t[i] == ';') {
                break;
            } else if (t[i] != '@') {
                parts.back() += t[i];
            } else {
                const char kind = t[++i];
                std::size_t n = 0;
                bool digits = false;
                while (i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '9') {
                    n = n * 10 + static_cast<std::size_t>(t[++i] - '0');
                    digits = true;
                }
                std::string& o = parts.back();
                switch (kind) {
                    case 'a': o += a; break;
                    case 'b': o += b; break;
                    case 'c': o += c; break;
                    case 'd': o += in.d.name; break;
                    case 'r':
                    case 'w':
                    case 'p': o += prefix + kind + std::to_string(n); break;
                    case 'k':
                    case 'K': o += ptx_literal(ptx_forms::kConsts[n](k), kind == 'K'); break;
                    default: throw std::logic_error("lower: an unknown placeholder in ptxv_lower.inc");
                }
                if ((kind == 'a' || kind == 'b' || kind == 'c' || kind == 'd') == digits)
                    throw std::logic_error("lower: a malformed placeholder in ptxv_lower.inc");
            }
        }
        if (parts.size() < 3) throw std::logic_error("lower: a malformed line in ptxv_lower.inc");
        lines.push_back({parts[0], parts[1], std::vector<std::string>(parts.begin() + 2, parts.end())});
    }

    // What the constants make an identity goes: a register that only copies
    // an operand, or holds 0, is read as that operand or 0 (the operands are
    // not written before the last instruction), one that copies another
    // register is moved.
    std::vector<Line> kept;
    std::map<std::string, std::string> copy_of;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        Line l = lines[i];
        for (std::string& x : l.s)
            if (const auto it = copy_of.find(x); it != copy_of.end()) x = it->second;
        copy_of.erase(l.d);
        const std::string* same = identity(l);
        const bool last = i + 1 == lines.size();
        if (same == nullptr) {
            kept.push_back(l);
        } else if (!last && (operands.count(*same) || same == &kZero)) {
            copy_of[l.d] = *same;
        } else if (*same != l.d) {
            kept.push_back({l.op.find("64") != std::string::npos ? "mov.b64" : "mov.b32", l.d, {*same}});
        } else if (last) {
            kept.push_back(l);  // d must be written once
        }
    }
    // d moved from the register the instruction before computed: that
    // instruction writes d.
    if (kept.size() >= 2 && kept.back().op == "mov.b32" && kept[kept.size() - 2].d == kept.back().s[0] &&
        !operands.count(kept.back().s[0]) && kept.back().s[0] != in.d.name) {
        kept[kept.size() - 2].d = kept.back().d;
        kept.pop_back();
    }

    std::string out;
    for (std::size_t i = 0; i < kept.size(); ++i) {
        if (i + 1 == kept.size() && !in.guard.empty()) out += std::string("@") + (in.guard_neg ? "!" : "") + in.guard + " ";
        out += kept[i].op + " " + kept[i].d;
        for (const std::string& x : kept[i].s) out += ", " + x;
        out += ";\n";
    }
    return out;
}

Lowered lower_module(std::string_view text, const std::vector<std::string>& only) {
    for (const std::string& o : only)
        if (!video_opcodes().count(o)) throw std::invalid_argument("lower: '" + o + "' is not a video opcode");
    const std::set<std::string> wanted(only.begin(), only.end());

    // The lines written end as the module's do.
    const std::string eol = text.find("\r\n") != std::string_view::npos ? "\r\n" : "\n";
    // Registers named with a prefix no name in the module starts with.
    std::string prefix = "%ptxv_";
    for (int n = 1; text.find(prefix) != std::string_view::npos; ++n) prefix = "%ptxv" + std::to_string(n) + "_";

    const auto located = [&](std::size_t at, const std::string& what) {
        int line = 1, col = 1;
        for (std::size_t i = 0; i < at; ++i) {
            if (text[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        return LowerError(std::to_string(line) + ":" + std::to_string(col) + ": " + what, line, col);
    };

    struct Edit {
        std::size_t from, to;  // the bytes replaced ([from, to))
        std::string with;
    };
    std::vector<Edit> edits;
    Lowered result;
    bool version = false;
    int depth = 0;  // blocks: a function's body, and blocks in it
    int inner = 0;  // braces within a statement
    std::size_t start = std::string_view::npos;  // the current statement's first character
    std::size_t function_body = std::string_view::npos;
    int regs[3] = {0, 0, 0};
    std::string head;  // the statement so far at depth 0, for .entry/.func

    const auto statement = [&](std::size_t end) {  // [start, end] is a statement ending in ';'
        std::size_t i = start;
        // An optional guard, then the opcode.
        if (text[i] == '@') {
            ++i;
            if (i < end && text[i] == '!') ++i;
            while (i < end && name_char(text[i])) ++i;
            while (i < end && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        }
        std::size_t o = i;
        while (o < end && opcode_char(text[o])) ++o;
        const std::string opcode(text.substr(i, o - i));
        if (!video_opcodes().count(opcode) || (o < end && text[o] != '.' && !std::isspace(static_cast<unsigned char>(text[o]))))
            return;
        if (!wanted.empty() && !wanted.count(opcode)) return;
        const std::string_view source = text.substr(start, end + 1 - start);
        std::string error;
        const std::optional<Instr> in = try_parse(source, &error);
        if (!in) throw located(start, error);
        if (function_body == std::string_view::npos) throw located(start, "a video instruction outside a function's body");
        int used[3];
        std::string lines;
        try {
            lines = lower_instruction(*in, prefix, used);
        } catch (const std::exception& e) {
            throw located(start, e.what());
        }
        for (int c = 0; c < 3; ++c) regs[c] = std::max(regs[c], used[c]);
        // The statement's indentation, for each line written in its place.
        std::size_t line_start = text.rfind('\n', start);
        line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
        std::string indent(text.substr(line_start, start - line_start));
        if (indent.find_first_not_of(" \t") != std::string::npos) indent = "\t";
        std::string with = "// " + print(*in);
        int count = 0;
        for (std::size_t from = 0; from < lines.size();) {
            const std::size_t nl = lines.find('\n', from);
            with += eol + indent + lines.substr(from, nl - from);
            from = nl + 1;
            ++count;
        }
        result.counts[opcode].push_back(count);
        edits.push_back({start, end + 1, with});
    };

    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (ch == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            const std::size_t nl = text.find('\n', i);
            i = nl == std::string_view::npos ? text.size() : nl - 1;
            continue;
        }
        if (ch == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            const std::size_t close = text.find("*/", i + 2);
            if (close == std::string_view::npos) throw located(i, "a comment that is not closed");
            i = close + 1;
            continue;
        }
        if (ch == '"') {
            const std::size_t close = text.find('"', i + 1);
            if (close == std::string_view::npos) throw located(i, "a string that is not closed");
            if (depth == 0) head += text.substr(i, close + 1 - i);
            i = close;
            continue;
        }
        if (std::isspace(static_cast<unsigned char>(ch))) {
            // These directives take a line and no ';'.
            if (ch == '\n' && start != std::string_view::npos && text[start] == '.') {
                for (const char* d : {".version", ".target", ".address_size", ".loc", ".file"}) {
                    const std::size_t n = std::char_traits<char>::length(d);
                    if (text.compare(start, n, d) == 0 && start + n < text.size() &&
                        std::isspace(static_cast<unsigned char>(text[start + n]))) {
                        version = version || d[1] == 'v';
                        start = std::string_view::npos;
                        if (depth == 0) head.clear();
                        break;
                    }
                }
            }
            if (depth == 0) head += ch;
            continue;
        }
        if (start == std::string_view::npos) start = i;
        if (depth == 0) head += ch;
        if (ch == ';' && inner > 0) {
            continue;  // within braces: an initializer's or a section's bytes
        } else if (ch == ';') {
            statement(i);
            start = std::string_view::npos;
            if (depth == 0) head.clear();
        } else if (ch == ':' && depth > 0 && inner == 0) {
            start = std::string_view::npos;  // a label
        } else if (ch == '{' && depth == 0 &&
                   (head.find(".entry") != std::string::npos || head.find(".func") != std::string::npos)) {
            function_body = i + 1;
            regs[0] = regs[1] = regs[2] = 0;
            ++depth;
            start = std::string_view::npos;
        } else if (ch == '{' && depth > 0 && start == i) {
            ++depth;  // a block
            start = std::string_view::npos;
        } else if (ch == '{') {
            ++inner;  // a vector operand or an initializer
        } else if (ch == '}' && inner > 0) {
            --inner;
        } else if (ch == '}') {
            if (depth == 0) throw located(i, "a '}' that closes nothing");
            if (--depth == 0) {
                if (function_body != std::string_view::npos && (regs[0] | regs[1] | regs[2]) != 0) {
                    std::string decl;
                    static const char* const types[3] = {".b32", ".b64", ".pred"};
                    static const char kinds[3] = {'r', 'w', 'p'};
                    for (int c = 0; c < 3; ++c)
                        if (regs[c] > 0)
                            decl += eol + "\t.reg " + types[c] + " " + prefix + kinds[c] + "<" +
                                    std::to_string(regs[c]) + ">;";
                    edits.push_back({function_body, function_body, decl});
                }
                function_body = std::string_view::npos;
                head.clear();
            }
            start = std::string_view::npos;
        }
    }
    if (!version) throw LowerError("not a PTX module: it has no .version directive", 0, 0);

    // A function's declarations are inserted at its body's first byte, which
    // is also where its first statement starts when no space comes between:
    // the insertion (an empty range) goes first.
    std::sort(edits.begin(), edits.end(),
              [](const Edit& x, const Edit& y) { return x.from != y.from ? x.from < y.from : x.to < y.to; });
    std::size_t at = 0;
    for (const Edit& e : edits) {
        assert(e.from >= at);  // edits never overlap
        result.ptx.append(text.substr(at, e.from - at));
        result.ptx += e.with;
        at = e.to;
    }
    result.ptx.append(text.substr(at));
    return result;
}

std::string lower_report(const Lowered& r, const std::string& name) {
    std::string o;
    int total = 0, instructions = 0;
    for (const auto& [op, counts] : r.counts) {
        std::vector<int> s = counts;
        std::sort(s.begin(), s.end());
        for (const int n : s) instructions += n;
        total += static_cast<int>(s.size());
        o += name + ": " + op + ": " + std::to_string(s.size()) + " lowered, " + std::to_string(s.front()) + " / " +
             std::to_string(s[(s.size() - 1) / 2]) + " / " + std::to_string(s.back()) +
             " instructions (min / median / max)\n";
    }
    return o + name + ": " + std::to_string(total) + " video instructions lowered to " + std::to_string(instructions) +
           " instructions\n";
}

}  // namespace ptxv
