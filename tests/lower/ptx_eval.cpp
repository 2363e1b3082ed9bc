// Reference evaluator for a subset of plain integer PTX, written from the instruction definitions
// (syntax and semantics pseudocode) in NVIDIA's PTX ISA manual. See ptx_eval.hpp for the contract.
#include "ptx_eval.hpp"

#include <cctype>
#include <cstddef>
#include <initializer_list>
#include <vector>

namespace ptxv::test {
namespace {

using u64 = std::uint64_t;

struct Operand {
    bool is_reg = false;
    std::string name;  // register name when is_reg
    u64 imm = 0;       // 64-bit two's-complement value otherwise
};

struct Stmt {
    std::string text;                // the statement as written, for error messages
    std::string guard;               // guard register, empty when unguarded
    bool guard_negated = false;
    std::vector<std::string> parts;  // opcode split at '.', e.g. {"setp", "lt", "s32"}
    std::vector<Operand> ops;
};

[[noreturn]] void fail(const std::string& stmt, const std::string& why) {
    throw PtxEvalError("ptx_eval: " + why + " in `" + stmt + "`");
}

std::string trim(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return s.substr(b, e - b);
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == sep) {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return out;
}

std::vector<std::string> split_ws(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!cur.empty()) {
                out.push_back(cur);
                cur.clear();
            }
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

bool is_reg_name(const std::string& s) {
    if (s.size() < 2 || s[0] != '%') return false;
    for (std::size_t i = 1; i < s.size(); ++i) {
        const char c = s[i];
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$') return false;
    }
    return true;
}

bool parse_digits(const std::string& s, unsigned base, u64& out) {
    if (s.empty()) return false;
    u64 v = 0;
    for (char c : s) {
        unsigned d;
        if (c >= '0' && c <= '9') d = static_cast<unsigned>(c - '0');
        else if (base == 16 && c >= 'a' && c <= 'f') d = static_cast<unsigned>(c - 'a' + 10);
        else if (base == 16 && c >= 'A' && c <= 'F') d = static_cast<unsigned>(c - 'A' + 10);
        else return false;
        if (v > (~u64{0} - d) / base) return false;  // does not fit in 64 bits
        v = v * base + d;
    }
    out = v;
    return true;
}

bool parse_imm(std::string s, u64& out) {
    bool neg = false;
    if (!s.empty() && s[0] == '-') {
        neg = true;
        s.erase(0, 1);
    }
    if (!s.empty() && s.back() == 'U') s.pop_back();
    u64 v;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (!parse_digits(s.substr(2), 16, v)) return false;
    } else {
        // PTX reads a leading 0 as octal; refuse it rather than misread it as decimal.
        if (s.size() > 1 && s[0] == '0') return false;
        if (!parse_digits(s, 10, v)) return false;
    }
    if (neg) {
        if (v > (u64{1} << 63)) return false;
        v = u64{0} - v;
    }
    out = v;
    return true;
}

u64 mask(int w) { return w >= 64 ? ~u64{0} : (u64{1} << w) - 1; }

// Sign-extends the low w bits of v to 64 bits.
u64 sext(u64 v, int w) {
    v &= mask(w);
    return (w < 64 && ((v >> (w - 1)) & 1)) ? (v | ~mask(w)) : v;
}

// A key whose unsigned order is the operand order: flipping bit 63 of the sign-extended value maps
// signed order onto unsigned order without any signed arithmetic.
u64 order_key(u64 v, int w, bool is_signed) { return is_signed ? (sext(v, w) ^ (u64{1} << 63)) : (v & mask(w)); }

int width_of(const std::string& t) {
    if (t == "pred") return 1;
    if (t == "b32" || t == "u32" || t == "s32") return 32;
    if (t == "b64" || t == "u64" || t == "s64") return 64;
    return 0;
}

bool check_declaration(const std::vector<std::string>& tok) {
    static const char* const types[] = {"b8",  "b16", "b32", "b64", "u8",  "u16", "u32",
                                        "u64", "s8",  "s16", "s32", "s64", "pred"};
    if (tok.size() != 3 || tok[0] != ".reg" || tok[1].size() < 2 || tok[1][0] != '.') return false;
    bool type_ok = false;
    for (const char* t : types) type_ok = type_ok || tok[1].substr(1) == t;
    if (!type_ok) return false;
    const std::string& n = tok[2];
    const std::size_t lt = n.find('<');
    if (lt == std::string::npos) return is_reg_name(n);
    u64 count = 0;
    const std::string digits = n.substr(lt + 1, n.size() - lt - 2);
    return n.back() == '>' && is_reg_name(n.substr(0, lt)) && !(digits.size() > 1 && digits[0] == '0') &&
           parse_digits(digits, 10, count) && count > 0;
}

Stmt parse_instruction(const std::string& text) {
    Stmt s;
    s.text = text;
    std::string rest = text;
    if (rest[0] == '@') {
        std::size_t sp = 0;
        while (sp < rest.size() && !std::isspace(static_cast<unsigned char>(rest[sp]))) ++sp;
        std::string g = rest.substr(1, sp - 1);
        if (!g.empty() && g[0] == '!') {
            s.guard_negated = true;
            g.erase(0, 1);
        }
        if (!is_reg_name(g)) fail(text, "malformed guard");
        s.guard = g;
        rest = trim(rest.substr(sp));
    }
    std::size_t sp = 0;
    while (sp < rest.size() && !std::isspace(static_cast<unsigned char>(rest[sp]))) ++sp;
    s.parts = split(rest.substr(0, sp), '.');
    for (const auto& p : s.parts)
        if (p.empty()) fail(text, "malformed opcode");
    const std::string operands = trim(rest.substr(sp));
    if (operands.empty()) return s;
    for (const std::string& raw : split(operands, ',')) {
        const std::string o = trim(raw);
        Operand op;
        if (is_reg_name(o)) {
            op.is_reg = true;
            op.name = o;
        } else if (!parse_imm(o, op.imm)) {
            fail(text, "malformed operand '" + o + "'");
        }
        s.ops.push_back(op);
    }
    return s;
}

u64 read_reg(const Stmt& s, const PtxRegs& regs, const std::string& name) {
    const auto it = regs.find(name);
    if (it == regs.end()) fail(s.text, "read of unset register " + name);
    return it->second;
}

void execute(const Stmt& s, PtxRegs& regs, bool active, const PtxQuirks& quirks) {
    const auto& p = s.parts;
    const std::string& op = p[0];
    auto bad = [&](const std::string& why) { fail(s.text, why); };

    // Checks the form before anything is read, so a false guard cannot hide a malformed instruction.
    auto shape = [&](std::size_t nparts, std::size_t nops) {
        if (p.size() != nparts) bad("unsupported modifiers for " + op);
        if (s.ops.size() != nops) bad(op + " takes " + std::to_string(nops) + " operands");
        if (!s.ops[0].is_reg) bad("destination must be a register");
    };
    auto allow = [&](const std::string& t, std::initializer_list<const char*> types) {
        for (const char* a : types)
            if (t == a) return;
        bad("type ." + t + " is not supported for " + op);
    };
    auto rd = [&](std::size_t i, int w) -> u64 {
        const Operand& o = s.ops[i];
        const u64 v = (o.is_reg ? read_reg(s, regs, o.name) : o.imm);
        if (w == 1 && v > 1) bad("predicate operand is neither 0 nor 1");
        return v & mask(w);
    };
    auto wr = [&](int w, u64 v) { regs[s.ops[0].name] = v & mask(w); };

    if (op == "mov") {
        shape(2, 2);
        allow(p[1], {"b32", "u32", "s32", "b64", "u64", "s64", "pred"});
        if (!active) return;
        const int w = width_of(p[1]);
        wr(w, rd(1, w));
    } else if (op == "add" || op == "sub" || op == "mul") {
        const bool mul = op == "mul";
        shape(mul ? 3 : 2, 3);
        if (mul && p[1] != "lo") bad("only mul.lo is supported");
        const std::string& t = p[mul ? 2 : 1];
        allow(t, {"u32", "s32", "u64", "s64"});
        if (!active) return;
        const int w = width_of(t);
        const u64 a = rd(1, w), b = rd(2, w);
        // Two's-complement wrap makes the low bits identical for signed and unsigned types.
        wr(w, op == "add" ? a + b : op == "sub" ? a - b : a * b);
    } else if (op == "and" || op == "or" || op == "xor") {
        shape(2, 3);
        allow(p[1], {"b32", "b64", "pred"});
        if (!active) return;
        const int w = width_of(p[1]);
        const u64 a = rd(1, w), b = rd(2, w);
        wr(w, op == "and" ? (a & b) : op == "or" ? (a | b) : (a ^ b));
    } else if (op == "not" || op == "neg") {
        shape(2, 2);
        if (op == "not") allow(p[1], {"b32", "b64", "pred"});
        else allow(p[1], {"s32", "s64"});
        if (!active) return;
        const int w = width_of(p[1]);
        const u64 a = rd(1, w);
        wr(w, op == "not" ? ~a : u64{0} - a);
    } else if (op == "shl" || op == "shr") {
        shape(2, 3);
        if (op == "shl") allow(p[1], {"b32", "b64"});
        else allow(p[1], {"b32", "u32", "s32", "b64", "u64", "s64"});
        if (!active) return;
        const int w = width_of(p[1]);
        const u64 a = rd(1, w);
        const u64 amount = rd(2, 32);  // always a .u32 amount, whatever the instruction type
        const unsigned n = amount > static_cast<u64>(w) ? static_cast<unsigned>(w) : static_cast<unsigned>(amount);
        if (op == "shl") {
            wr(w, n >= 64 ? 0 : a << n);
        } else {
            const u64 logical = n >= 64 ? 0 : a >> n;
            const bool fill = p[1][0] == 's' && ((a >> (w - 1)) & 1);
            const u64 vacated = mask(w) & ~(n >= 64 ? 0 : mask(w) >> n);
            wr(w, fill ? (logical | vacated) : logical);
        }
    } else if (op == "min" || op == "max") {
        shape(2, 3);
        allow(p[1], {"u32", "s32", "u64", "s64"});
        if (!active) return;
        const int w = width_of(p[1]);
        const bool sg = p[1][0] == 's';
        const u64 a = rd(1, w), b = rd(2, w);
        const bool a_less = order_key(a, w, sg) < order_key(b, w, sg);
        wr(w, (op == "min") == a_less ? a : b);
    } else if (op == "setp") {
        shape(3, 3);
        const std::string &cmp = p[1], &t = p[2];
        allow(t, {"b32", "u32", "s32", "b64", "u64", "s64"});
        if (t[0] == 'b') allow(cmp, {"eq", "ne"});
        else if (t[0] == 's') allow(cmp, {"eq", "ne", "lt", "le", "gt", "ge"});
        else allow(cmp, {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"});
        if (!active) return;
        const int w = width_of(t);
        const bool sg = t[0] == 's';
        const u64 a = order_key(rd(1, w), w, sg), b = order_key(rd(2, w), w, sg);
        bool r;
        if (cmp == "eq") r = a == b;
        else if (cmp == "ne") r = a != b;
        else if (cmp == "lt" || cmp == "lo") r = a < b;
        else if (cmp == "le" || cmp == "ls") r = a <= b;
        else if (cmp == "gt" || cmp == "hi") r = a > b;
        else r = a >= b;
        wr(1, r ? 1 : 0);
    } else if (op == "selp") {
        shape(2, 4);
        allow(p[1], {"b32", "u32", "s32", "b64", "u64", "s64"});
        if (!active) return;
        const int w = width_of(p[1]);
        const u64 a = rd(1, w), b = rd(2, w);
        wr(w, rd(3, 1) ? a : b);
    } else if (op == "cvt") {
        shape(3, 2);
        allow(p[1], {"u32", "s32", "u64", "s64"});
        allow(p[2], {"u32", "s32", "u64", "s64"});
        if (!active) return;
        const int ws = width_of(p[2]);
        const u64 a = rd(1, ws);
        // Extension follows the source type; wr truncates to the destination width.
        wr(width_of(p[1]), p[2][0] == 's' ? sext(a, ws) : a);
    } else if (op == "bfe") {
        shape(2, 4);
        allow(p[1], {"u32", "s32", "u64", "s64"});
        if (!active) return;
        const int w = width_of(p[1]);
        const u64 a = rd(1, w);
        const unsigned msb = static_cast<unsigned>(w - 1);
        const unsigned pos = static_cast<unsigned>(rd(2, 32) & 0xff);
        const unsigned len = static_cast<unsigned>(rd(3, 32) & 0xff);
        u64 sbit = 0;
        if (p[1][0] == 's' && len != 0) {
            const unsigned top = pos + len - 1 < msb ? pos + len - 1 : msb;
            sbit = (a >> top) & 1;
        }
        u64 d = 0;
        for (unsigned i = 0; i <= msb; ++i) {
            const u64 bit = (i < len && pos + i <= msb) ? ((a >> (pos + i)) & 1) : sbit;
            d |= bit << i;
        }
        if (quirks.gpgpu_sim && w == 32 && p[1][0] == 's' && len == 32 && sbit) d = 0xffffffffu;
        wr(w, d);
    } else if (op == "prmt") {
        shape(2, 4);
        allow(p[1], {"b32"});
        if (!active) return;
        const u64 a = rd(1, 32), b = rd(2, 32), c = rd(3, 32);
        const u64 lo = quirks.gpgpu_sim && ((a >> 31) & 1) ? a | 0xffffffff00000000ull : a;
        const u64 bytes = (b << 32) | lo;
        u64 d = 0;
        for (unsigned i = 0; i < 4; ++i) {
            const unsigned sel = static_cast<unsigned>((c >> (4 * i)) & 0xf);
            u64 byte = (bytes >> (8 * (sel & 7))) & 0xff;
            if (sel & 8) byte = quirks.gpgpu_sim || (byte & 0x80) ? 0xff : 0;
            d |= byte << (8 * i);
        }
        wr(32, d);
    } else {
        bad("unsupported instruction " + op);
    }
}

std::vector<std::string> statements(const std::string& text) {
    std::string code;
    for (const std::string& line : split(text, '\n')) {
        const std::size_t c = line.find("//");
        code += (c == std::string::npos ? line : line.substr(0, c));
        code += '\n';
    }
    std::vector<std::string> out = split(code, ';');
    const std::string tail = trim(out.back());
    if (!tail.empty()) fail(tail, "statement not terminated by ';'");
    out.pop_back();
    for (auto& s : out) {
        s = trim(s);
        if (s.empty()) fail(";", "empty statement");
    }
    return out;
}

}  // namespace

int run_ptx(const std::string& text, PtxRegs& regs, const PtxQuirks& quirks) {
    int executed = 0;
    for (const std::string& st : statements(text)) {
        if (st.rfind(".reg", 0) == 0) {
            if (!check_declaration(split_ws(st))) fail(st, "malformed register declaration");
            continue;
        }
        const Stmt s = parse_instruction(st);
        bool active = true;
        if (!s.guard.empty()) {
            const u64 g = read_reg(s, regs, s.guard);
            if (g > 1) fail(st, "guard " + s.guard + " is neither 0 nor 1");
            active = (g == 1) != s.guard_negated;
        }
        execute(s, regs, active, quirks);
        ++executed;
    }
    return executed;
}

}  // namespace ptxv::test
