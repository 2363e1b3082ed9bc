// Taking an asm template apart: operand names resolved to GCC's numbers,
// instructions split at ';' and newlines, braces dropped, `.reg` temporaries
// and `mov` recognised, video instructions decoded by ptxv's own parser.
// Anything else makes the statement untranslatable, with the reason.
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ptxv/parse.hpp"
#include "ptxv/translate.hpp"
#include "ptxv_tables.hpp"

namespace ptxv::translate {

namespace {

std::string trim(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

// Whether `name` starts with one of PTX's special registers (%laneid,
// %lanemask_lt, %tid.x, ...).
bool special_register(std::string_view name) {
    static constexpr std::string_view kPrefixes[] = {
        "%laneid", "%warpid", "%nwarpid", "%tid", "%ntid", "%ctaid", "%nctaid", "%smid", "%nsmid", "%gridid",
        "%lanemask_", "%clock", "%pm", "%envreg", "%globaltimer", "%total_smem_size", "%dynamic_smem_size",
        "%aggr_smem_size", "%reserved_smem", "%cluster", "%nclusterid", "%clusterid", "%is_explicit_cluster"};
    for (const std::string_view p : kPrefixes)
        if (name.substr(0, p.size()) == p) return true;
    return false;
}

// %[name] -> %N, %% -> %, %N kept; false and *why on anything else.
bool rename(const AsmStatement& st, std::string* out, std::string* why) {
    const std::string& t = st.templ;
    const std::size_t count = st.outputs.size() + st.inputs.size();
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '%') {
            *out += t[i];
            continue;
        }
        const char n = i + 1 < t.size() ? t[i + 1] : '\0';
        if (n == '%') {
            *out += '%';
            ++i;
        } else if (n == '[') {
            const std::size_t close = t.find(']', i);
            if (close == std::string::npos) return *why = "unterminated %[name] in the template", false;
            const std::string name = t.substr(i + 2, close - i - 2);
            std::size_t k = 0;
            for (; k < count; ++k) {
                const AsmOperand& op = k < st.outputs.size() ? st.outputs[k] : st.inputs[k - st.outputs.size()];
                if (op.name == name) break;
            }
            if (k == count) return *why = "no operand named [" + name + "]", false;
            *out += "%" + std::to_string(k);
            i = close;
        } else if (std::isdigit(static_cast<unsigned char>(n))) {
            std::size_t j = i + 1, k = 0;
            while (j < t.size() && std::isdigit(static_cast<unsigned char>(t[j]))) k = k * 10 + static_cast<std::size_t>(t[j++] - '0');
            if (k >= count) return *why = "operand %" + std::to_string(k) + " does not exist", false;
            *out += t.substr(i, j - i);
            i = j - 1;
        } else if (special_register(std::string_view(t).substr(i))) {
            // A PTX special register (%laneid, %lanemask_lt), not an operand
            // with a modifier.
            std::size_t j = i + 1;
            while (j < t.size() && (std::isalnum(static_cast<unsigned char>(t[j])) || t[j] == '_' || t[j] == '.')) ++j;
            return *why = "special register " + t.substr(i, j - i) + " (only the statement's operands are bound)", false;
        } else {
            return *why = std::string("operand modifier %") + n + " in the template", false;
        }
    }
    return true;
}

const spec::OpcodeInfo* video_opcode(std::string_view word) {
    for (const auto& op : spec::kOpcodes)
        if (word == op.name) return &op;
    return nullptr;
}

std::vector<std::string> split_operands(std::string_view s) {
    std::vector<std::string> out;
    std::size_t b = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
        if (i == s.size() || s[i] == ',') {
            out.push_back(trim(s.substr(b, i - b)));
            b = i + 1;
        }
    return out;
}

// Operands a translation can bind: 32-bit registers read and/or written,
// constants ("n", "i"), which are read as values like registers, and inputs
// tied to an output ("0"), which give that output its value on entry. Anything
// else (64-bit "l", 16-bit "h", memory, floating point) is not a video
// instruction's operand.
// True when s is a non-empty run of decimal digits.
bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Records in tied_to the output each input is tied to (or -1).
std::string constraint_problem(const AsmStatement& st, std::vector<int>& tied_to) {
    for (const AsmOperand& op : st.outputs)
        if (op.constraint != "=r" && op.constraint != "+r" && op.constraint != "=&r" && op.constraint != "+&r")
            return "output constraint \"" + op.constraint + "\" (only \"=r\" and \"+r\" are bound)";
    for (const AsmOperand& op : st.inputs) {
        const std::string& c = op.constraint;
        const bool tied = all_digits(c);
        if (tied && (c.size() > 4 || std::stoul(c) >= st.outputs.size()))
            return "input tied to output " + c + ", which does not exist";
        if (c != "r" && c != "n" && c != "i" && c != "rn" && c != "ri" && !tied)
            return "input constraint \"" + c + "\" (only \"r\", \"n\" and \"i\" are bound)";
        tied_to.push_back(tied ? static_cast<int>(std::stoul(c)) : -1);
    }
    return "";
}

bool identifier(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// A mov's immediate: decimal, hexadecimal or octal, optionally negative, with
// PTX's optional U suffix (C++ reads the same digits the same way).
bool integer_literal(std::string_view s) {
    if (!s.empty() && s[0] == '-') s.remove_prefix(1);
    if (!s.empty() && (s.back() == 'U' || s.back() == 'u')) s.remove_suffix(1);
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return std::all_of(s.begin() + 2, s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
    return all_digits(s);
}

// Empty when `name` is an operand (%N, after renaming) or a temporary
// declared before; else why it cannot be bound.
std::string unbound(const std::string& name, const std::vector<std::string>& temps) {
    if (name.size() > 1 && name[0] == '%' && all_digits(std::string_view(name).substr(1))) return "";
    if (std::find(temps.begin(), temps.end(), name) != temps.end()) return "";
    // %%laneid in the template: a PTX special register, as %laneid is.
    if (special_register(name)) return "special register " + name + " (only the statement's operands are bound)";
    if (identifier(name)) return "register " + name + " is not declared in the statement";
    return "a register this tool cannot bind: " + name;
}

// The plain 32-bit integer instruction `head` names, as TemplateLine::op
// spells it, and its operand count (d first); an empty op for any other.
struct Int32Op {
    std::string op;
    std::size_t operands = 0;
};
Int32Op int32_op(const std::string& head) {
    static const struct {
        const char* name;
        const char* op;
        std::size_t operands;
    } kOps[] = {
        {"shl.b32", "shl", 3},          {"shr.b32", "shr_u", 3},        {"shr.u32", "shr_u", 3},
        {"shr.s32", "shr_s", 3},        {"and.b32", "and", 3},          {"or.b32", "or", 3},
        {"xor.b32", "xor", 3},          {"not.b32", "not", 2},          {"add.u32", "add", 3},
        {"add.s32", "add", 3},          {"sub.u32", "sub", 3},          {"sub.s32", "sub", 3},
        {"mul.lo.u32", "mul_lo", 3},    {"mul.lo.s32", "mul_lo", 3},    {"min.u32", "min_u", 3},
        {"min.s32", "min_s", 3},        {"max.u32", "max_u", 3},        {"max.s32", "max_s", 3},
        {"prmt.b32", "prmt", 4},        {"bfe.u32", "bfe_u", 4},        {"bfe.s32", "bfe_s", 4},
        {"bfi.b32", "bfi", 5},          {"lop3.b32", "lop3", 5},        {"selp.b32", "selp", 4},
        {"selp.u32", "selp", 4},        {"selp.s32", "selp", 4},        {"shf.l.wrap.b32", "shf_l_wrap", 4},
        {"shf.l.clamp.b32", "shf_l_clamp", 4}, {"shf.r.wrap.b32", "shf_r_wrap", 4}, {"shf.r.clamp.b32", "shf_r_clamp", 4},
    };
    for (const auto& k : kOps)
        if (head == k.name) return {k.op, k.operands};
    // setp.CMP.TYPE p, a, b: a predicate as a word of 0 or 1 (a .pred
    // register is one). .b32 compares bits: eq and ne only.
    static const char* const kCmps[] = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"};
    for (const char* t : {"u32", "s32", "b32"})
        for (const char* c : kCmps) {
            const std::string cmp(c);
            if (std::string(t) == "b32" && cmp != "eq" && cmp != "ne") continue;
            if (std::string(t) == "s32" && cmp.size() == 2 && (cmp[0] == 'h' || cmp == "lo" || cmp == "ls")) continue;
            if (head == "setp." + cmp + "." + t) return {"setp_" + cmp + "_" + (t[0] == 's' ? "s" : "u"), 3};
        }
    // cvt between integer types of 32 bits and less, without rounding or
    // saturation: the source's low bits extended by its type, then d's low
    // bits extended by d's (a register wider than its type, as here, holds
    // the value extended).
    static const char* const kInts[] = {"u8", "s8", "u16", "s16", "u32", "s32"};
    for (const char* d : kInts)
        for (const char* a : kInts)
            if (head == std::string("cvt.") + d + "." + a) return {std::string("cvt_") + d + "_" + a, 2};
    return {};
}

// Whether a template names a video instruction: a line's mnemonic (after a
// guard predicate) whose opcode is one, whatever else the line holds; or,
// where the preprocessor supplies the opcode (#op ".u32.u32.u32.sat ..."), a
// type triple, which only video instructions have.
bool names_video(const std::string& templ) {
    for (std::size_t i = 0; i + 12 <= templ.size(); ++i) {
        bool triple = true;
        for (std::size_t k = 0; k < 3 && triple; ++k) {
            const std::size_t at = i + 4 * k;
            triple = templ[at] == '.' && (templ[at + 1] == 'u' || templ[at + 1] == 's') && templ[at + 2] == '3' &&
                     templ[at + 3] == '2';
        }
        if (triple) return true;
    }
    std::size_t b = 0;
    for (std::size_t i = 0; i <= templ.size(); ++i) {
        if (i < templ.size() && templ[i] != ';' && templ[i] != '\n' && templ[i] != '{' && templ[i] != '}') continue;
        std::string p = trim(std::string_view(templ).substr(b, i - b));
        b = i + 1;
        if (!p.empty() && p[0] == '@') {
            const std::size_t space = p.find_first_of(" \t");
            p = space == std::string::npos ? "" : trim(std::string_view(p).substr(space));
        }
        const std::size_t end = p.find_first_of(". \t%");
        if (!p.empty() && video_opcode(p.substr(0, end)) != nullptr) return true;
    }
    return false;
}

}  // namespace

DecodedTemplate decode_template(const AsmStatement& st) {
    DecodedTemplate r;
    r.video = names_video(st.templ);
    if (!st.unparsed.empty()) return r.why_not = st.unparsed, r;
    for (const auto& q : st.qualifiers)
        if (q == "goto") return r.why_not = "asm goto", r;
    if (!(r.why_not = constraint_problem(st, r.tied_to)).empty()) return r;
    std::string text;
    if (!rename(st, &text, &r.why_not)) return r;
    std::vector<std::string> pieces;
    std::size_t b = 0;
    for (std::size_t i = 0; i <= text.size(); ++i)
        if (i == text.size() || text[i] == ';' || text[i] == '\n' || text[i] == '{' || text[i] == '}') {
            std::string p = trim(std::string_view(text).substr(b, i - b));
            if (!p.empty()) pieces.push_back(p);
            b = i + 1;
        }
    std::vector<std::string> temps;  // .reg names declared so far
    for (std::string& p : pieces) {
        // ptxas reads an instruction's first operand right after its
        // mnemonic ("vmin4.s32.s32.s32.add" "%0, ..." as adjacent literals).
        const std::size_t pct = p.find('%');
        if (pct != std::string::npos && pct > 0 && p[0] != '@' && pct < p.find_first_of(" \t")) p.insert(pct, " ");
        TemplateLine line;
        line.text = p;
        const std::size_t space = p.find_first_of(" \t");
        const std::string head = p.substr(0, space);
        const std::string rest = space == std::string::npos ? "" : trim(std::string_view(p).substr(space));
        if (head == ".reg") {
            const std::size_t s2 = rest.find_first_of(" \t");
            const std::string type = rest.substr(0, s2);
            // A .pred register holds 0 or 1 in a word (setp writes it, selp reads it).
            if (type != ".u32" && type != ".s32" && type != ".b32" && type != ".pred")
                return r.why_not = "a .reg of type " + type + " (only 32-bit and .pred registers)", r;
            line.kind = TemplateLine::Kind::reg;
            line.regs = split_operands(s2 == std::string::npos ? "" : rest.substr(s2));
            for (const auto& name : line.regs) {
                if (!identifier(name)) return r.why_not = "a .reg declaration this tool cannot bind: " + p, r;
                temps.push_back(name);
            }
        } else if (head == "mov.b32" || head == "mov.u32" || head == "mov.s32") {
            const auto ops = split_operands(rest);
            if (ops.size() != 2) return r.why_not = "a mov without two operands: " + p, r;
            line.kind = TemplateLine::Kind::mov;
            line.dst = ops[0];
            line.src = ops[1];
            if (!(r.why_not = unbound(line.dst, temps)).empty()) return r;
            if (!integer_literal(line.src) && !(r.why_not = unbound(line.src, temps)).empty()) return r;
        } else if (const auto [op, want] = int32_op(head); !op.empty()) {
            const auto ops = split_operands(rest);
            if (ops.size() != want)
                return r.why_not = "'" + p + "': " + head + " takes " + std::to_string(want) + " operands", r;
            // lop3's truth table is an immediate (ptxas takes nothing else).
            if (op == "lop3" && !integer_literal(ops[4]))
                return r.why_not = "'" + p + "': lop3's immLut is not an integer literal", r;
            line.kind = TemplateLine::Kind::int32;
            line.op = op;
            line.dst = ops[0];
            line.srcs.assign(ops.begin() + 1, ops.end());
            if (!(r.why_not = unbound(line.dst, temps)).empty()) return r;
            for (const auto& src : line.srcs)
                if (!integer_literal(src) && !(r.why_not = unbound(src, temps)).empty()) return r;
        } else {
            if (!head.empty() && head[0] == '@') return r.why_not = "a predicated instruction: " + p, r;
            const std::string opcode = head.substr(0, head.find('.'));
            const spec::OpcodeInfo* info = video_opcode(opcode);
            if (info == nullptr) return r.why_not = "'" + head + "' is not a video instruction", r;
            std::string error;
            auto in = try_parse(p, &error);
            if (!in) {
                // Older ptxas took the immediate 0 as a SIMD instruction's c: decode
                // it with a register there, and remember to feed 0.
                const auto ops = split_operands(rest);
                if (info->geometry != Geometry::scalar && ops.size() == 4 && ops[3] == "0") {
                    std::string error2;
                    in = try_parse(p.substr(0, p.rfind('0')) + "%0", &error2);
                    if (in) {
                        in->c = Operand{};
                        in->c.kind = Operand::Kind::imm;
                        in->c.imm_text = "0";
                        line.old_simd_zero_c = true;
                    }
                }
                if (!in) return r.why_not = "'" + p + "': " + error, r;
            }
            for (const Operand* op : {&in->d, &in->a, &in->b, &in->c})
                if (op->kind == Operand::Kind::reg && !(r.why_not = unbound(op->name, temps)).empty()) return r;
            line.kind = TemplateLine::Kind::video;
            line.instr = *in;
        }
        r.lines.push_back(std::move(line));
    }
    // An empty template (a compiler barrier) builds everywhere as it is;
    // plain integer instructions alone are translated as they are between
    // video ones, so that a file of integer asm helpers builds for the host.
    if (r.lines.empty()) r.why_not = "no instruction in it (it builds everywhere as it is)";
    return r;
}

}  // namespace ptxv::translate
