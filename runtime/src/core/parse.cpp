// ptxv: the text front end.
//
// A hand-written scanner over the instruction text. Every decision about which
// forms are valid is read from spec::kOpcodes (generated from spec/ptxv.yaml);
// this file only knows the fixed vocabulary of instr.hpp and how PTX spells it.
// Errors are reported through a string, not exceptions, so that try_parse stays
// cheap in batch use; parse() turns them into ParseError.

#include "ptxv/parse.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ptxv/instr.hpp"
#include "ptxv/spec_tables.hpp"
#include "ptxv_tables.hpp"
#include "show.hpp"
#include "spelling.hpp"

namespace ptxv::detail {

std::string show(std::string_view s) {
    constexpr std::size_t kMax = 40;
    static const char hex[] = "0123456789abcdef";
    std::string out;
    const std::size_t n = s.size() < kMax ? s.size() : kMax;
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    if (s.size() > kMax) out += "...";
    return out;
}

}  // namespace ptxv::detail

namespace ptxv {
namespace {

using spec::OpcodeInfo;

// ---------------------------------------------------------------------------
// The vocabulary's spellings are instr.hpp's (kTypeNames, ...); these name the
// operand slots in messages.

constexpr const char* kSlotNames[] = {"d", "a", "b", "c"};
constexpr const char* kTypeSlotNames[] = {"dtype", "atype", "btype"};

template <std::size_t N>
int lookup(const char* const (&names)[N], std::string_view word) {
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i][0] != '\0' && word == names[i]) return static_cast<int>(i);
    }
    return -1;
}

// Character classes by hand: <cctype> depends on the locale and is undefined
// for negative char values, and the input may hold any bytes.
constexpr bool is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
constexpr bool is_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
constexpr bool is_word(unsigned char c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '$'; }

using detail::show;

std::string quoted(std::string_view s) { return "'" + show(s) + "'"; }

// Space-separated lists in the tables ("b0 b1 b10").
template <class F>
void for_each_word(const char* list, F&& f) {
    if (list == nullptr) return;
    std::string_view rest(list);
    while (!rest.empty()) {
        const std::size_t sp = rest.find(' ');
        const std::string_view w = rest.substr(0, sp);
        if (!w.empty() && !f(w)) return;
        if (sp == std::string_view::npos) break;
        rest.remove_prefix(sp + 1);
    }
}

// ".a .b .c" for the enum values whose bit is set in `bits`.
template <std::size_t N>
std::string dotted(const char* const (&names)[N], std::uint32_t bits) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        if ((bits >> i & 1u) != 0 && names[i][0] != '\0') {
            if (!out.empty()) out += ' ';
            out += '.';
            out += names[i];
        }
    }
    return out;
}

std::string dotted_words(const char* list) {
    std::string out;
    for_each_word(list, [&](std::string_view w) {
        if (!out.empty()) out += ' ';
        out += '.';
        out += w;
        return true;
    });
    return out;
}

int popcount(unsigned v) {
    int n = 0;
    for (; v != 0; v &= v - 1) ++n;
    return n;
}

// "-a -c" style name of a negation set (a=1, b=2, c=4).
std::string negation_set_name(unsigned set, const char* joiner) {
    if (set == 0) return "none";
    std::string out;
    for (int i = 0; i < 3; ++i) {
        if ((set >> i & 1u) == 0) continue;
        if (!out.empty()) out += joiner;
        out += '-';
        out += kSlotNames[i + 1];
    }
    return out;
}

std::string negation_sets(unsigned allowed) {
    std::string out;
    for (int size = 0; size <= 3; ++size) {
        for (unsigned set = 0; set < 8; ++set) {
            if ((allowed >> set & 1u) == 0 || popcount(set) != size) continue;
            if (!out.empty()) out += ", ";
            out += negation_set_name(set, " ");
        }
    }
    return out;
}

// Names of the opcodes that allow negation, for "only vmad does".
std::string negating_opcodes() {
    std::string out;
    int n = 0;
    for (int i = 0; i < spec::kOpcodeCount; ++i) {
        if (spec::kOpcodes[i].negations == 0) continue;
        if (n++ != 0) out += ", ";
        out += spec::kOpcodes[i].name;
    }
    return out;
}

// Lane bit set named by a mask spelling: its digits are the lanes (R4).
std::uint8_t mask_bits(std::string_view spelling) {
    std::uint8_t bits = 0;
    for (std::size_t i = 1; i < spelling.size(); ++i) {
        const int lane = spelling[i] - '0';
        if (lane >= 0 && lane < 8) bits = static_cast<std::uint8_t>(bits | (1u << lane));
    }
    return bits;
}

// Parses a PTX integer literal (decimal, 0x hex, 0b binary, leading-0 octal,
// optional trailing 'U'). false on a malformed literal; *overflow set when
// it does not fit 64 bits.
bool parse_integer(std::string_view t, std::uint64_t* value, bool* overflow) {
    *overflow = false;
    if (!t.empty() && t.back() == 'U') t.remove_suffix(1);
    if (t.empty() || !is_digit(static_cast<unsigned char>(t[0]))) return false;
    unsigned base = 10;
    if (t.size() >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        base = 16;
        t.remove_prefix(2);
    } else if (t.size() >= 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) {
        base = 2;
        t.remove_prefix(2);
    } else if (t.size() >= 2 && t[0] == '0') {
        base = 8;
        t.remove_prefix(1);
    }
    if (t.empty()) return false;
    std::uint64_t v = 0;
    for (const char ch : t) {
        const unsigned char c = static_cast<unsigned char>(ch);
        unsigned d;
        if (is_digit(c)) {
            d = static_cast<unsigned>(c - '0');
        } else if (c >= 'a' && c <= 'f') {
            d = static_cast<unsigned>(c - 'a' + 10);
        } else if (c >= 'A' && c <= 'F') {
            d = static_cast<unsigned>(c - 'A' + 10);
        } else {
            return false;
        }
        if (d >= base) return false;
        if (v > (UINT64_MAX - d) / base) *overflow = true;
        v = v * base + d;
    }
    *value = v;
    return true;
}

// One operand as written, before the opcode's rules are applied.
struct RawOperand {
    std::string_view whole;  // the operand's text, for messages
    bool neg = false;        // '-' in front of a register
    bool imm = false;
    std::string_view name;   // register name, or the literal without its '-'
    bool imm_minus = false;  // the literal had a leading '-'
    std::uint32_t value = 0;
    bool has_sel = false;
    std::string_view sel;    // without the '.'
};

class Parser {
public:
    Parser(std::string_view text, std::string* error)
        : p_(text.data()), end_(text.data() + text.size()), error_(error) {}

    bool run(Instr& in);

private:
    const char* p_;
    const char* end_;
    std::string* error_;
    const OpcodeInfo* info_ = nullptr;
    std::string_view opname_;
    const char* op_start_ = nullptr;  // where the opcode is written

    bool fail(const std::string& message) {
        if (error_ != nullptr) *error_ = message;
        return false;
    }
    bool at_end() const { return p_ >= end_; }
    unsigned char peek() const { return at_end() ? 0 : static_cast<unsigned char>(*p_); }
    unsigned char peek_at(std::size_t k) const {
        return (end_ - p_) > static_cast<std::ptrdiff_t>(k) ? static_cast<unsigned char>(p_[k]) : 0;
    }
    void skip_space() {
        while (!at_end() && is_space(static_cast<unsigned char>(*p_))) ++p_;
    }
    std::string_view take_word() {
        const char* s = p_;
        while (!at_end() && is_word(static_cast<unsigned char>(*p_))) ++p_;
        return std::string_view(s, static_cast<std::size_t>(p_ - s));
    }
    // The text from here up to the next separator, for naming a bad part.
    std::string_view chunk() const {
        const char* e = p_;
        while (e < end_ && !is_space(static_cast<unsigned char>(*e)) && *e != ',' && *e != ';') ++e;
        if (e == p_ && e < end_) ++e;
        return std::string_view(p_, static_cast<std::size_t>(e - p_));
    }
    // A PTX identifier: [a-zA-Z][a-zA-Z0-9_$]* or [_$%][a-zA-Z0-9_$]+.
    std::string_view take_identifier() {
        const unsigned char c = peek();
        if (is_alpha(c)) return take_word();
        if ((c == '_' || c == '$' || c == '%') && is_word(peek_at(1))) {
            const char* s = p_++;
            take_word();
            return std::string_view(s, static_cast<std::size_t>(p_ - s));
        }
        return {};
    }

    std::string op() const { return std::string(opname_); }

    bool parse_guard(Instr& in);
    bool parse_opcode(Instr& in);
    bool parse_modifiers(Instr& in);
    bool parse_operand(int slot, RawOperand& out);
    bool apply_dest(const RawOperand& r, Instr& in);
    bool apply_source(int slot, const RawOperand& r, Instr& in);
    bool simd_selector(int slot, std::string_view sel, std::array<std::uint8_t, 4>& out);
};

bool Parser::parse_guard(Instr& in) {
    if (peek() != '@') return true;
    const char* start = p_;
    ++p_;
    skip_space();
    if (peek() == '!') {
        in.guard_neg = true;
        ++p_;
        skip_space();
    }
    const std::string_view name = take_identifier();
    if (name.empty()) {
        p_ = start;
        return fail("bad predicate guard " + quoted(chunk()) + ": expected '@p' or '@!p' with a predicate register name");
    }
    if (!at_end() && !is_space(peek())) {
        const std::string_view bad(start, static_cast<std::size_t>(p_ - start) + 1);
        return fail("bad predicate guard " + quoted(bad) + ": expected whitespace after the predicate name");
    }
    in.guard = std::string(name);
    return true;
}

bool Parser::parse_opcode(Instr& in) {
    skip_space();
    if (at_end()) return fail(in.guard.empty() ? "empty instruction" : "missing opcode after the predicate guard");
    op_start_ = p_;
    const std::string_view word = take_word();
    if (word.empty()) return fail("expected an opcode, got " + quoted(chunk()));
    for (int i = 0; i < spec::kOpcodeCount; ++i) {
        if (word == spec::kOpcodes[i].name) {
            info_ = &spec::kOpcodes[i];
            opname_ = info_->name;
            in.opcode = static_cast<std::uint8_t>(i);
            in.operation = info_->operation;
            in.geometry = info_->geometry;
            in.has_dtype = info_->dtypes != 0;
            if (info_->geometry != Geometry::scalar) {
                in.simd_asel = info_->default_asel;
                in.simd_bsel = info_->default_bsel;
                in.mask = info_->default_mask;
            }
            return true;
        }
    }
    return fail("unknown opcode " + quoted(word));
}

bool Parser::parse_modifiers(Instr& in) {
    const OpcodeInfo& info = *info_;
    Type types[3] = {Type::u32, Type::u32, Type::u32};
    int ntypes = 0;
    std::string type_text;
    bool have_op2 = false, have_cmp = false, have_mode = false, have_scale = false;

    // "valid: ..." for an unknown modifier: everything this opcode accepts.
    auto valid_modifiers = [&] {
        std::string v = dotted(kTypeNames, info.dtypes | info.atypes | info.btypes);
        auto add = [&](const std::string& s) {
            if (s.empty()) return;
            v += ' ';
            v += s;
        };
        if (info.sat) add(".sat");
        add(dotted(kOp2Names, info.op2s));
        add(dotted(kCmpNames, info.cmps));
        add(dotted(kModeNames, info.modes));
        if (info.po) add(".po");
        add(dotted(kScaleNames, info.scales));
        return v;
    };
    // "vset4 takes no .max; only .add" / "vadd takes no .clamp".
    auto not_allowed = [&](std::string_view word, std::string allowed) {
        std::string m = op() + " takes no ." + std::string(word);
        if (allowed.empty()) return fail(m);
        m += allowed.find(' ') == std::string::npos ? "; only " : "; valid: ";
        return fail(m + allowed);
    };
    auto twice = [&](const char* what, const char* first, std::string_view second) {
        std::string m = op() + " takes one " + what + "; ";
        if (second == first) return fail(m + "." + std::string(second) + " is repeated");
        return fail(m + "got ." + first + " and ." + std::string(second));
    };

    for (;;) {
        const char* before = p_;
        skip_space();
        if (peek() != '.') {
            // Operands must be set apart from the opcode by whitespace.
            if (p_ == before && !at_end()) {
                return fail("unexpected " + quoted(chunk()) + " after " +
                            quoted(std::string_view(op_start_, static_cast<std::size_t>(p_ - op_start_))));
            }
            break;
        }
        ++p_;
        const std::string_view word = take_word();
        if (word.empty()) return fail("expected a modifier after '.', got " + quoted(chunk()));
        int k;
        if ((k = lookup(kTypeNames, word)) >= 0) {
            if (ntypes < 3) types[ntypes] = static_cast<Type>(k);
            if (ntypes < 8) type_text += "." + std::string(word);
            ++ntypes;
        } else if (word == "sat") {
            if (!info.sat) return not_allowed(word, "");
            in.sat = true;  // may repeat (R16)
        } else if ((k = lookup(kOp2Names, word)) >= 0) {
            if ((info.op2s >> k & 1u) == 0) return not_allowed(word, dotted(kOp2Names, info.op2s));
            if (have_op2) return twice("secondary operation", kOp2Names[static_cast<int>(in.op2)], word);
            have_op2 = true;
            in.op2 = static_cast<Op2>(k);
        } else if ((k = lookup(kCmpNames, word)) >= 0) {
            if ((info.cmps >> k & 1u) == 0) return not_allowed(word, dotted(kCmpNames, info.cmps));
            if (have_cmp) return twice("comparison", kCmpNames[static_cast<int>(in.cmp)], word);
            have_cmp = true;
            in.cmp = static_cast<Cmp>(k);
        } else if ((k = lookup(kModeNames, word)) >= 0) {
            if ((info.modes >> k & 1u) == 0) return not_allowed(word, dotted(kModeNames, info.modes));
            if (have_mode) return twice("shift mode", kModeNames[static_cast<int>(in.mode)], word);
            have_mode = true;
            in.mode = static_cast<Mode>(k);
        } else if (word == "po") {
            if (!info.po) return not_allowed(word, "");
            if (in.po) return fail(op() + " takes .po once; .po is repeated");
            in.po = true;
        } else if ((k = lookup(kScaleNames, word)) >= 0) {
            if ((info.scales >> k & 1u) == 0) return not_allowed(word, dotted(kScaleNames, info.scales));
            if (have_scale) return twice("scale", kScaleNames[static_cast<int>(in.scale)], word);
            have_scale = true;
            in.scale = static_cast<Scale>(k);
        } else {
            return fail("unknown modifier " + quoted("." + std::string(word)) + " on " + op() + "; valid: " +
                        valid_modifiers());
        }
    }

    // Types fill dtype, atype, btype in order (atype, btype without a dtype).
    const bool has_dtype = info.dtypes != 0;
    const int want = has_dtype ? 3 : 2;
    if (ntypes != want) {
        std::string m = op() + " takes " + std::to_string(want) + " types (" +
                        (has_dtype ? ".dtype.atype.btype" : ".atype.btype") + "); got ";
        if (ntypes == 0) return fail(m + "none");
        return fail(m + std::to_string(ntypes) + " (" + type_text + (ntypes > 8 ? "..." : "") + ")");
    }
    const std::uint8_t allowed[3] = {info.dtypes, info.atypes, info.btypes};
    for (int i = 0; i < want; ++i) {
        const int slot = has_dtype ? i : i + 1;
        const Type t = types[i];
        if ((allowed[slot] >> static_cast<int>(t) & 1u) != 0) continue;
        const std::string valid = dotted(kTypeNames, allowed[slot]);
        if (valid.find(' ') == std::string::npos) {
            return fail(op() + " " + kTypeSlotNames[slot] + " must be " + valid + ", not ." +
                        kTypeNames[static_cast<int>(t)]);
        }
        return fail(op() + " " + kTypeSlotNames[slot] + " ." + kTypeNames[static_cast<int>(t)] +
                    " is not allowed; valid: " + valid);
    }
    if (has_dtype) in.dtype = types[0];
    in.atype = types[want - 2];
    in.btype = types[want - 1];

    if (info.cmps != 0 && !have_cmp) return fail(op() + " requires one of " + dotted(kCmpNames, info.cmps));
    if (info.modes != 0 && !have_mode) return fail(op() + " requires one of " + dotted(kModeNames, info.modes));
    if (info.exclusive_sat_op2 && in.sat && in.op2 != Op2::none) {
        return fail(op() + " cannot combine .sat with ." + kOp2Names[static_cast<int>(in.op2)]);
    }
    return true;
}

bool Parser::parse_operand(int slot, RawOperand& out) {
    const std::string who = std::string("operand ") + kSlotNames[slot];
    skip_space();
    const char* start = p_;
    if (at_end() || peek() == ',' || peek() == ';') return fail(who + " is missing");
    bool minus = false;
    if (peek() == '-') {
        minus = true;
        ++p_;
        skip_space();
    }
    const unsigned char c = peek();
    if (is_digit(c) && slot == 0 && !minus) {
        return fail("d must be a register, got " + quoted(chunk()));
    }
    if (is_digit(c)) {
        const char* lit = p_;
        take_word();
        std::string_view token(lit, static_cast<std::size_t>(p_ - lit));
        // A '.' followed by a digit continues a float literal; a '.' followed
        // by a letter would be a selector.
        const bool dotted_float = peek() == '.' && is_digit(peek_at(1));
        const bool hex_float = token.size() > 2 && token[0] == '0' &&
                               (token[1] == 'f' || token[1] == 'F' || token[1] == 'd' || token[1] == 'D');
        if (dotted_float || hex_float) {
            if (dotted_float) {
                ++p_;
                while (!at_end() && (is_word(peek()) || ((peek() == '+' || peek() == '-') &&
                                                         (p_[-1] == 'e' || p_[-1] == 'E')))) {
                    ++p_;
                }
            }
            token = std::string_view(lit, static_cast<std::size_t>(p_ - lit));
            return fail(who + ": float immediate " + quoted(token) + " is not allowed; only integer immediates");
        }
        std::uint64_t v = 0;
        bool overflow = false;
        if (!parse_integer(token, &v, &overflow)) {
            return fail(who + ": bad integer immediate " + quoted(token) +
                        "; expected decimal, 0x hex, 0b binary or 0 octal digits, optionally followed by U");
        }
        if (overflow) return fail(who + ": constant overflow in " + quoted(token) + "; the value must fit 64 bits");
        if (minus) v = 0 - v;
        out.imm = true;
        out.imm_minus = minus;
        out.name = token;
        out.value = static_cast<std::uint32_t>(v);
    } else if (is_alpha(c) || c == '_' || c == '$' || c == '%') {
        const std::string_view name = take_identifier();
        if (name.empty()) return fail(who + ": bad register name " + quoted(chunk()));
        out.neg = minus;
        out.name = name;
    } else if (c == '-' || c == '(' || c == '+' || c == '~' || c == '!') {
        p_ = start;
        return fail(who + ": constant expressions are not supported, only integer literals: " + quoted(chunk()));
    } else {
        if (at_end() || c == ',' || c == ';') return fail(who + " is missing after '-'");
        return fail(who + ": expected a register or an integer immediate, got " + quoted(chunk()));
    }
    const char* after_value = p_;
    skip_space();
    if (peek() == '.') {
        ++p_;
        const std::string_view sel = take_word();
        if (sel.empty()) return fail(who + ": expected a selector after '.', got " + quoted(chunk()));
        out.has_sel = true;
        out.sel = sel;
        after_value = p_;
        skip_space();
        if (peek() == '.') return fail(who + ": only one selector is allowed; got another at " + quoted(chunk()));
    }
    out.whole = std::string_view(start, static_cast<std::size_t>(after_value - start));
    return true;
}

bool Parser::simd_selector(int slot, std::string_view sel, std::array<std::uint8_t, 4>& out) {
    const OpcodeInfo& info = *info_;
    const int lanes = lanes_of(info.geometry);
    const int elements = 2 * lanes;
    bool ok = static_cast<int>(sel.size()) == lanes + 1 && sel[0] == info.selector_prefix;
    for (int i = 1; ok && i <= lanes; ++i) {
        const unsigned char d = static_cast<unsigned char>(sel[static_cast<std::size_t>(i)]);
        ok = is_digit(d) && d - '0' < elements;
    }
    if (!ok) {
        static const char letters[] = "xyzw";
        std::string pattern(1, info.selector_prefix);
        std::string list;
        for (int i = 0; i < lanes; ++i) {
            pattern += letters[i];
            if (i != 0) list += ", ";
            list += letters[i];
        }
        return fail("selector " + quoted("." + std::string(sel)) + " on " + kSlotNames[slot] +
                    " is not valid for " + op() + "; expected ." + pattern + " with " + list + " in 0.." +
                    std::to_string(elements - 1));
    }
    // Digits are written from the top lane down (R2): the last one is lane 0.
    for (int i = 0; i < lanes; ++i) {
        out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(sel[static_cast<std::size_t>(lanes - i)] - '0');
    }
    return true;
}

bool Parser::apply_dest(const RawOperand& r, Instr& in) {
    const OpcodeInfo& info = *info_;
    if (r.imm) return fail("d must be a register, got immediate " + quoted(r.whole));
    if (r.neg) {
        if (info.negations == 0) {
            return fail(op() + " takes no negation (" + quoted(r.whole) + "); only " + negating_opcodes() + " does");
        }
        return fail("d cannot be negated (" + quoted(r.whole) + ")");
    }
    in.d.kind = Operand::Kind::reg;
    in.d.name = std::string(r.name);
    if (!r.has_sel) return true;
    if (info.geometry == Geometry::scalar) {
        const int k = lookup(kSelNames, r.sel);
        const std::uint16_t merge = info.dest_sels, ignored = info.ignored_dest_sels;
        if (k < 0 || ((merge | ignored) >> k & 1u) == 0) {
            const std::string valid = dotted(kSelNames, merge) + (merge != 0 && ignored != 0 ? " " : "") +
                                      dotted(kSelNames, ignored);
            if (valid.empty()) return fail(op() + " takes no d selector (" + quoted("." + std::string(r.sel)) + ")");
            return fail("d selector " + quoted("." + std::string(r.sel)) + " is not valid for " + op() +
                        "; valid: " + valid);
        }
        in.dsel = static_cast<Sel>(k);
        return true;
    }
    bool found = false;
    for_each_word(info.masks, [&](std::string_view w) {
        found = w == r.sel;
        return !found;
    });
    if (!found) {
        return fail("mask " + quoted("." + std::string(r.sel)) + " is not a " + op() + " mask; valid: " +
                    dotted_words(info.masks));
    }
    in.mask = mask_bits(r.sel);
    return true;
}

bool Parser::apply_source(int slot, const RawOperand& r, Instr& in) {
    const OpcodeInfo& info = *info_;
    const std::string who = std::string("operand ") + kSlotNames[slot];
    Operand& o = slot == 1 ? in.a : slot == 2 ? in.b : in.c;
    if (r.imm) {
        if (!info.immediates) {
            return fail(who + ": immediate " + quoted(r.whole) + " is not allowed; " + op() +
                        " takes registers only");
        }
        if (r.has_sel) {
            return fail(who + ": immediate " + quoted(r.whole) + " cannot have a selector (" +
                        quoted("." + std::string(r.sel)) + ")");
        }
        o.kind = Operand::Kind::imm;
        o.imm = r.value;
        o.imm_text = (r.imm_minus ? "-" : "") + std::string(r.name);
        return true;
    }
    if (r.neg && info.negations == 0) {
        return fail(op() + " takes no negation (" + quoted(r.whole) + "); only " + negating_opcodes() + " does");
    }
    o.kind = Operand::Kind::reg;
    o.name = std::string(r.name);
    o.neg = r.neg;
    if (slot == 1) in.neg_a = r.neg;
    if (slot == 2) in.neg_b = r.neg;
    if (slot == 3) in.neg_c = r.neg;
    if (!r.has_sel) return true;
    if (slot == 3) {
        // ptxas accepts .b01/.b12/.b23 on c and ignores them (R16); nothing else.
        const int k = lookup(kSelNames, r.sel);
        if (k >= 0 && (info.ignored_c_sels >> k & 1u) != 0) {
            in.csel = static_cast<Sel>(k);
            return true;
        }
        if (info.ignored_c_sels == 0)
            return fail("operand c cannot have a selector (" + quoted("." + std::string(r.sel)) + ")");
        return fail("operand c cannot have the selector " + quoted("." + std::string(r.sel)) +
                    "; only the ignored " + dotted(kSelNames, info.ignored_c_sels) + " are accepted");
    }
    if (info.geometry == Geometry::scalar) {
        const int k = lookup(kSelNames, r.sel);
        if (k < 0 || (info.source_sels >> k & 1u) == 0) {
            return fail("selector " + quoted("." + std::string(r.sel)) + " on " + kSlotNames[slot] +
                        " is not valid for " + op() + "; valid: " + dotted(kSelNames, info.source_sels));
        }
        (slot == 1 ? in.asel : in.bsel) = static_cast<Sel>(k);
        return true;
    }
    return simd_selector(slot, r.sel, slot == 1 ? in.simd_asel : in.simd_bsel);
}

bool Parser::run(Instr& in) {
    skip_space();
    if (!parse_guard(in)) return false;
    if (!parse_opcode(in)) return false;
    if (!parse_modifiers(in)) return false;
    const OpcodeInfo& info = *info_;

    RawOperand raw[4];
    int count = 0;
    skip_space();
    if (at_end() || peek() == ';') return fail(op() + " is missing its operands; expected d, a, b");
    for (;;) {
        skip_space();
        if (count == 4) return fail(op() + " takes at most 4 operands (d, a, b, c); got more at " + quoted(chunk()));
        if (!parse_operand(count, raw[count])) return false;
        ++count;
        skip_space();
        if (peek() != ',') break;
        ++p_;
    }
    skip_space();
    if (peek() == ';') {
        ++p_;
        skip_space();
        if (!at_end()) return fail("unexpected " + quoted(chunk()) + " after ';'");
    }
    if (!at_end()) {
        if (is_word(peek()) || peek() == '-' || peek() == '%') {
            return fail("expected ',' between operands, got " + quoted(chunk()));
        }
        return fail("unexpected " + quoted(chunk()) + " after the operands");
    }

    if (count < 3) {
        return fail(op() + " takes " + (info.c_operand == spec::COperand::required ? "4" : "3 or 4") +
                    " operands (d, a, b" + (info.c_operand == spec::COperand::required ? ", c" : "[, c]") +
                    "); got " + std::to_string(count));
    }
    in.has_c = count == 4;

    if (!apply_dest(raw[0], in)) return false;
    for (int s = 1; s < count; ++s) {
        if (!apply_source(s, raw[s], in)) return false;
    }

    const bool merge = info.geometry == Geometry::scalar && in.dsel != Sel::none &&
                       (info.dest_sels >> static_cast<int>(in.dsel) & 1u) != 0;
    if (info.exclusive_op2_dsel && merge && in.op2 != Op2::none) {
        return fail(op() + " cannot have both a d selector (." + kSelNames[static_cast<int>(in.dsel)] +
                    ") and a secondary operation (." + kOp2Names[static_cast<int>(in.op2)] + ")");
    }
    if (!in.has_c) {
        if (info.c_operand == spec::COperand::required) {
            return fail(op() + " requires operand c (4 operands: d, a, b, c)");
        }
        if (in.op2 != Op2::none) {
            return fail(op() + " with ." + kOp2Names[static_cast<int>(in.op2)] + " requires operand c");
        }
        if (merge) {
            return fail("d selector ." + std::string(kSelNames[static_cast<int>(in.dsel)]) +
                        " requires operand c (the value it merges into)");
        }
    }

    const unsigned set = (in.neg_a ? 1u : 0u) | (in.neg_b ? 2u : 0u) | (in.neg_c ? 4u : 0u);
    if (set != 0) {
        const unsigned allowed = in.po ? info.negations_po : info.negations;
        if ((allowed >> set & 1u) == 0) {
            const std::string where = in.po ? op() + " with .po" : op();
            return fail(where + ": negating " + negation_set_name(set, " with ") + " is not allowed; valid negations" +
                        (in.po ? " with .po" : "") + ": " + negation_sets(allowed));
        }
    }
    return true;
}

void append_operand(std::string& s, const Operand& o, bool neg) {
    if (neg) s += '-';
    if (o.kind == Operand::Kind::imm) {
        s += o.imm_text.empty() ? std::to_string(o.imm) : o.imm_text;
    } else {
        s += o.name;
    }
}


bool same_lanes(int lanes, const std::array<std::uint8_t, 4>& x, const std::array<std::uint8_t, 4>& y) {
    for (int i = 0; i < lanes; ++i) {
        if (x[static_cast<std::size_t>(i)] != y[static_cast<std::size_t>(i)]) return false;
    }
    return true;
}

}  // namespace

std::optional<Instr> try_parse(std::string_view text, std::string* error) {
    Instr in;
    Parser parser(text, error);
    if (!parser.run(in)) return std::nullopt;
    return in;
}

Instr parse(std::string_view text) {
    std::string error;
    std::optional<Instr> in = try_parse(text, &error);
    if (!in) throw ParseError(error);
    return std::move(*in);
}

std::string print(const Instr& in) {
    std::string s;
    s.reserve(64);
    if (!in.guard.empty()) {
        s += '@';
        if (in.guard_neg) s += '!';
        s += in.guard;
        s += ' ';
    }
    if (in.opcode >= spec::kOpcodeCount) return s + "<invalid opcode " + std::to_string(in.opcode) + ">";
    const OpcodeInfo& info = spec::kOpcodes[in.opcode];
    s += info.name;
    if (in.has_dtype) {
        s += '.';
        s += kTypeNames[static_cast<int>(in.dtype) & 1];
    }
    s += '.';
    s += kTypeNames[static_cast<int>(in.atype) & 1];
    s += '.';
    s += kTypeNames[static_cast<int>(in.btype) & 1];
    auto mod = [&](const char* name) {
        s += '.';
        s += name;
    };
    for_each_word(info.order, [&](std::string_view w) {
        if (w == "sat") {
            if (in.sat) mod("sat");
        } else if (w == "op2") {
            if (in.op2 != Op2::none) mod(kOp2Names[static_cast<int>(in.op2) & 3]);
        } else if (w == "cmp") {
            if (info.cmps != 0) mod(kCmpNames[static_cast<int>(in.cmp) % 6]);
        } else if (w == "mode") {
            if (in.mode != Mode::none) mod(kModeNames[static_cast<int>(in.mode) % 3]);
        } else if (w == "po") {
            if (in.po) mod("po");
        } else if (w == "scale") {
            if (in.scale != Scale::none) mod(kScaleNames[static_cast<int>(in.scale) % 3]);
        }
        return true;
    });

    s += ' ';
    append_operand(s, in.d, false);
    const bool scalar = in.geometry == Geometry::scalar;
    const int lanes = lanes_of(in.geometry);
    const auto sel_name = [](Sel x) { return kSelNames[static_cast<int>(x) % 10]; };
    if (scalar) {
        if (in.dsel != Sel::none) mod(sel_name(in.dsel));
    } else {
        const std::uint8_t lane_bits_set = static_cast<std::uint8_t>((1u << lanes) - 1);
        const std::uint8_t m = static_cast<std::uint8_t>(in.mask & lane_bits_set);
        if (m != (info.default_mask & lane_bits_set)) s += detail::mask_spelling(info.selector_prefix, lanes, m);
    }
    s += ", ";
    append_operand(s, in.a, in.neg_a);
    if (scalar) {
        if (in.asel != Sel::none) mod(sel_name(in.asel));
    } else if (!same_lanes(lanes, in.simd_asel, info.default_asel)) {
        s += detail::simd_selector_spelling(info.selector_prefix, lanes, in.simd_asel);
    }
    s += ", ";
    append_operand(s, in.b, in.neg_b);
    if (scalar) {
        if (in.bsel != Sel::none) mod(sel_name(in.bsel));
    } else if (!same_lanes(lanes, in.simd_bsel, info.default_bsel)) {
        s += detail::simd_selector_spelling(info.selector_prefix, lanes, in.simd_bsel);
    }
    if (in.has_c) {
        s += ", ";
        append_operand(s, in.c, in.neg_c);
        if (scalar && in.csel != Sel::none) mod(sel_name(in.csel));
    }
    s += ';';
    return s;
}

std::uint32_t operand_value(const Operand& op, std::uint32_t reg_value) {
    return op.kind == Operand::Kind::imm ? op.imm : reg_value;
}

bool Instr::operator==(const Instr& o) const {
    if (opcode != o.opcode || operation != o.operation || geometry != o.geometry) return false;
    if (has_dtype != o.has_dtype || dtype != o.dtype || atype != o.atype || btype != o.btype) return false;
    if (sat != o.sat || op2 != o.op2 || cmp != o.cmp || mode != o.mode || scale != o.scale || po != o.po) {
        return false;
    }
    if (asel != o.asel || bsel != o.bsel || dsel != o.dsel || csel != o.csel) return false;
    // Only the lanes the geometry has carry meaning; scalar forms have none.
    if (geometry != Geometry::scalar) {
        const int lanes = lanes_of(geometry);
        if (!same_lanes(lanes, simd_asel, o.simd_asel) || !same_lanes(lanes, simd_bsel, o.simd_bsel)) return false;
        const unsigned used = (1u << lanes) - 1;
        if ((mask & used) != (o.mask & used)) return false;
    }
    if (has_c != o.has_c || neg_a != o.neg_a || neg_b != o.neg_b || neg_c != o.neg_c) return false;
    if (guard != o.guard || guard_neg != o.guard_neg) return false;
    return d == o.d && a == o.a && b == o.b && c == o.c;
}

namespace detail {

std::string simd_selector_spelling(char prefix, int lanes, const std::array<std::uint8_t, 4>& sel) {
    std::string s = {'.', prefix};
    for (int i = lanes - 1; i >= 0; --i) s += static_cast<char>('0' + sel[static_cast<std::size_t>(i)] % 10);
    return s;
}

std::string mask_spelling(char prefix, int lanes, unsigned mask) {
    std::string s = {'.', prefix};
    for (int i = lanes - 1; i >= 0; --i) {
        if ((mask >> i & 1u) != 0) s += static_cast<char>('0' + i);
    }
    return s;
}

}  // namespace detail

}  // namespace ptxv
