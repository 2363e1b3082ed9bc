// Finding asm statements: a tokenizer for the parts of C, C++ and CUDA that
// can hide or fake one (comments, literals, continuations, directives), then
// a parser of GNU extended asm over the tokens. Everything else is punctuation
// and words, so CUDA's extensions need nothing.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ptxv/translate.hpp"
#include "source.hpp"

namespace ptxv::translate {

ScanError::ScanError(const std::string& what, Position at)
    : std::runtime_error(std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + what), where(at) {}

namespace {

struct Token {
    enum class Kind { word, number, string, character, punct, directive_end };
    Kind kind;
    std::size_t begin, end;  // byte range in the source
    std::string value;       // word or punctuation text; a string literal's decoded bytes
    bool directive = false;  // inside a preprocessor directive
};

// A statement's template and constraints are read as PTX and GNU asm
// constraints, which are ASCII: the first byte outside it, or 0. (Comments and
// literals elsewhere are copied, in whatever encoding the file has.)
unsigned char non_ascii(const std::string& s) {
    for (const char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return static_cast<unsigned char>(c);
    return 0;
}

std::string hex_byte(unsigned char c) {
    static const char digits[] = "0123456789abcdef";
    return std::string("0x") + digits[c >> 4] + digits[c & 15];
}

bool word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}
bool digit(char c) { return c >= '0' && c <= '9'; }

class Lexer {
public:
    explicit Lexer(const Source& src) : src_(src), s_(src.text()) {}
    // The byte ranges of the comments seen, in order.
    const std::vector<std::pair<std::size_t, std::size_t>>& comments() const { return comments_; }
    // The byte ranges of the directives, each from the start of its '#' line
    // to the newline that ends it (excluded), in order.
    const std::vector<std::pair<std::size_t, std::size_t>>& directives() const { return directives_; }

    std::vector<Token> run() {
        std::vector<Token> out;
        bool line_start = true;
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '\n') {
                if (directive_) {
                    out.push_back({Token::Kind::directive_end, i_, i_, "", true});
                    directives_.push_back({directive_start_, i_});
                }
                directive_ = false;
                line_start = true;
                ++i_;
            } else if (splice()) {
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
                ++i_;
            } else if (c == '/' && peek(1) == '/') {
                line_comment();
            } else if (c == '/' && peek(1) == '*') {
                block_comment();
            } else if (c == '#' && line_start && !directive_) {
                directive_ = true;
                line_start = false;
                directive_start_ = i_;
                while (directive_start_ > 0 && s_[directive_start_ - 1] != '\n') --directive_start_;
                ++i_;
            } else {
                line_start = false;
                out.push_back(token());
            }
        }
        if (directive_) {
            out.push_back({Token::Kind::directive_end, i_, i_, "", true});
            directives_.push_back({directive_start_, i_});
        }
        return out;
    }

private:
    char peek(std::size_t k) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
    // Backslash-newline (phase 2), here outside literals.
    bool splice() {
        if (s_[i_] != '\\') return false;
        std::size_t k = i_ + 1;
        if (k < s_.size() && s_[k] == '\r') ++k;
        if (k < s_.size() && s_[k] == '\n') {
            i_ = k + 1;
            return true;
        }
        return false;
    }
    void line_comment() {
        const std::size_t start = i_;
        while (i_ < s_.size() && s_[i_] != '\n')
            if (!splice()) ++i_;
        comments_.push_back({start, i_});
    }
    void block_comment() {
        const std::size_t start = i_;
        const std::size_t close = s_.find("*/", i_ + 2);
        if (close == std::string_view::npos) throw ScanError("unterminated comment", src_.at(start));
        i_ = close + 2;
        comments_.push_back({start, i_});
    }
    Token token() {
        const std::size_t start = i_;
        const char c = s_[i_];
        if (word_char(c) && !digit(c)) {
            while (i_ < s_.size() && word_char(s_[i_])) ++i_;
            const std::string w(s_.substr(start, i_ - start));
            const char q = peek(0);
            if (q == '"' && (w == "R" || w == "LR" || w == "uR" || w == "UR" || w == "u8R")) return raw_string(start);
            if ((q == '"' || q == '\'') && (w == "L" || w == "u" || w == "U" || w == "u8")) return quoted(start, q);
            return {Token::Kind::word, start, i_, w, directive_};
        }
        if (digit(c) || (c == '.' && digit(peek(1)))) {
            // A preprocessing number: digits, letters, '.', digit separators and exponent signs.
            ++i_;
            while (i_ < s_.size()) {
                const char d = s_[i_];
                const char prev = s_[i_ - 1];
                if (word_char(d) || d == '.' || (d == '\'' && word_char(peek(1))) ||
                    ((d == '+' || d == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')))
                    ++i_;
                else
                    break;
            }
            return {Token::Kind::number, start, i_, std::string(s_.substr(start, i_ - start)), directive_};
        }
        if (c == '"' || c == '\'') return quoted(start, c);
        ++i_;
        return {Token::Kind::punct, start, i_, std::string(1, c), directive_};
    }
    // "..." or '...' from the quote at i_, escapes decoded into value.
    Token quoted(std::size_t start, char quote) {
        ++i_;
        std::string value;
        for (;;) {
            if (i_ >= s_.size() || s_[i_] == '\n')
                throw ScanError(quote == '"' ? "unterminated string literal" : "unterminated character literal",
                                src_.at(start));
            const char c = s_[i_];
            if (c == quote) {
                ++i_;
                break;
            }
            if (c == '\\') {
                if (splice()) continue;
                value += escape();
            } else {
                value += c;
                ++i_;
            }
        }
        return {quote == '"' ? Token::Kind::string : Token::Kind::character, start, i_, value, directive_};
    }
    // One escape sequence at the backslash at i_.
    std::string escape() {
        const std::size_t start = i_;
        ++i_;
        if (i_ >= s_.size()) throw ScanError("unterminated string literal", src_.at(start));
        const char c = s_[i_++];
        switch (c) {
            case 'n': return "\n";
            case 't': return "\t";
            case 'r': return "\r";
            case 'a': return "\a";
            case 'b': return "\b";
            case 'f': return "\f";
            case 'v': return "\v";
            case '\\': return "\\";
            case '\'': return "'";
            case '"': return "\"";
            case '?': return "?";
            case 'x': {
                unsigned v = 0;
                std::size_t n = 0;
                while (i_ < s_.size() && std::isxdigit(static_cast<unsigned char>(s_[i_]))) {
                    const char h = s_[i_++];
                    v = v * 16 + static_cast<unsigned>(digit(h) ? h - '0' : (h | 0x20) - 'a' + 10);
                    ++n;
                }
                if (n == 0) throw ScanError("\\x with no hex digits", src_.at(start));
                return std::string(1, static_cast<char>(v & 0xffu));
            }
            default:
                if (c >= '0' && c <= '7') {
                    unsigned v = static_cast<unsigned>(c - '0');
                    for (int k = 0; k < 2 && i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '7'; ++k)
                        v = v * 8 + static_cast<unsigned>(s_[i_++] - '0');
                    return std::string(1, static_cast<char>(v & 0xffu));
                }
                // \u, \U and the rest pass through as written.
                return std::string("\\") + c;
        }
    }
    // R"delim( ... )delim" from the quote at i_; no escapes, no splices.
    Token raw_string(std::size_t start) {
        const std::size_t open = s_.find('(', i_ + 1);
        if (open == std::string_view::npos || open - i_ - 1 > 16)
            throw ScanError("malformed raw string literal", src_.at(start));
        const std::string delim(s_.substr(i_ + 1, open - i_ - 1));
        const std::string close = ")" + delim + "\"";
        const std::size_t end = s_.find(close, open + 1);
        if (end == std::string_view::npos) throw ScanError("unterminated raw string literal", src_.at(start));
        i_ = end + close.size();
        return {Token::Kind::string, start, i_, std::string(s_.substr(open + 1, end - open - 1)), directive_};
    }

    const Source& src_;
    std::string_view s_;
    std::size_t i_ = 0;
    bool directive_ = false;
    std::size_t directive_start_ = 0;
    std::vector<std::pair<std::size_t, std::size_t>> comments_, directives_;
};

bool is_asm_keyword(const std::string& w) { return w == "asm" || w == "__asm__" || w == "__asm"; }
bool is_qualifier(const std::string& w) {
    return w == "volatile" || w == "__volatile__" || w == "__volatile" || w == "inline" || w == "__inline__" ||
           w == "goto";
}

// One open conditional directive (#if, #ifdef, #ifndef, and where it has
// got to: #elif, #else): its text as the report names it, and what it says of
// a device pass.
struct Condition {
    std::string text;
    enum class Pass { any, device, host } pass = Pass::any;
    bool include_guard = false;  // a header's #ifndef X followed by #define X
    bool chained = false;        // an #elif came before: its #else says nothing
    bool not_hip = false;        // holds only where __HIP__ is not defined
};

// Whether some use of macro `name` in an #if expression is negated:
// `!NAME`, `!defined(NAME)`, `! defined NAME`.
bool negates(const std::string& expr, std::string_view name) {
    for (std::size_t at = expr.find(name); at != std::string::npos; at = expr.find(name, at + name.size())) {
        std::size_t k = at;
        const auto skip = [&] {
            while (k > 0 && (expr[k - 1] == ' ' || expr[k - 1] == '\t' || expr[k - 1] == '(')) --k;
        };
        skip();
        if (k >= 7 && expr.compare(k - 7, 7, "defined") == 0) {
            k -= 7;
            skip();
        }
        if (k > 0 && expr[k - 1] == '!') return true;
    }
    return false;
}

// Whether an #if expression holds only without HIP: it requires __HIP__
// undefined at its top level (no || in it).
bool excludes_hip(const std::string& directive, const std::string& expr) {
    if (directive == "ifndef") return expr == "__HIP__";
    return directive == "if" && expr.find("||") == std::string::npos && negates(expr, "__HIP__");
}

// What a condition says of __CUDA_ARCH__, which only a CUDA device pass
// defines: `#ifdef __CUDA_ARCH__` and an #if that tests it without negating
// it and without an || (which another operand could make true on the host)
// hold only there (`--guard`'s own `defined(__CUDA_ARCH__) &&
// !defined(__HIP__)` among them), `#ifndef __CUDA_ARCH__` only on the host.
Condition::Pass pass_of(const std::string& directive, const std::string& expr) {
    const bool names = expr.find("__CUDA_ARCH__") != std::string::npos;
    if (!names) return Condition::Pass::any;
    if (directive == "ifdef") return Condition::Pass::device;
    if (directive == "ifndef") return Condition::Pass::host;
    if (expr.find("||") != std::string::npos || negates(expr, "__CUDA_ARCH__")) return Condition::Pass::any;
    return Condition::Pass::device;
}

std::string collapse_blanks(std::string_view s) {
    std::string out;
    bool blank = false;
    for (const char c : s) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\\') {
            blank = !out.empty();
            continue;
        }
        if (blank) out += ' ';
        blank = false;
        out += c;
    }
    return out;
}

class AsmParser {
public:
    AsmParser(const Source& src, const std::vector<Token>& t, const std::vector<std::pair<std::size_t, std::size_t>>& directives,
              const std::vector<std::pair<std::size_t, std::size_t>>& comments)
        : src_(src), t_(t), directives_(directives), comments_(comments) {}

    std::vector<AsmStatement> run() {
        std::vector<AsmStatement> out;
        for (std::size_t k = 0; k < t_.size(); ++k) {
            if (t_[k].directive && (k == 0 || !t_[k - 1].directive || t_[k - 1].kind == Token::Kind::directive_end))
                conditional(k);
            if (t_[k].kind != Token::Kind::word || !is_asm_keyword(t_[k].value)) continue;
            AsmStatement st;
            st.begin = t_[k].begin;
            st.end = t_[k].end;
            st.at = src_.at(st.begin);
            st.keyword = t_[k].value;
            st.in_directive = t_[k].directive;
            for (const Condition& c : open_) {
                if (c.include_guard) continue;
                st.conditions.push_back(c.text);
                st.device_only = st.device_only || c.pass == Condition::Pass::device;
                st.nvidia_only = st.nvidia_only || c.not_hip;
                st.host_only = st.host_only || c.pass == Condition::Pass::host;
            }
            if (st.in_directive) {
                for (const auto& [b, e] : directives_)
                    if (b <= st.begin && st.begin < e) {
                        st.directive_begin = b;
                        st.directive_end = e > b && src_.text()[e - 1] == '\r' ? e - 1 : e;
                    }
            }
            std::size_t j = k + 1;
            while (j < t_.size() && t_[j].kind == Token::Kind::word && is_qualifier(t_[j].value))
                st.qualifiers.push_back(t_[j++].value);
            if (!is_punct(j, "(")) continue;  // `asm` as some other word: not a statement
            // A statement that cannot be taken apart is reported and left as
            // it is; the scan goes on after its keyword, so one odd statement
            // never hides the rest of the file. (A macro body may hold only
            // part of one, its template or its end coming from elsewhere.)
            const std::size_t keyword = k;
            st.unparsed = directive_inside(j, st);
            // Its literals, whichever branch they sit in, tell the report
            // whether it held a video instruction.
            if (!st.unparsed.empty()) st.templ = literals(j);
            if (st.unparsed.empty()) {
                try {
                    k = statement(j, st);
                } catch (const ScanError& e) {
                    st.unparsed = std::string(st.in_directive ? "inside a macro that is not one complete asm statement ("
                                                              : "not one complete asm statement (") +
                                  e.what() + ")";
                    st.end = t_[keyword].end;
                }
            }
            if (st.end == t_[keyword].end) st.qualifiers.clear();
            out.push_back(std::move(st));
        }
        return out;
    }

private:
    // A directive that opens, moves or closes a conditional: the stack of
    // open ones follows it.
    void conditional(std::size_t k) {
        if (t_[k].kind != Token::Kind::word) return;
        const std::string& d = t_[k].value;
        std::size_t e = k;
        while (e < t_.size() && t_[e].kind != Token::Kind::directive_end) ++e;
        const std::size_t end = e < t_.size() ? t_[e].begin : src_.text().size();
        const std::string expr = collapse_blanks(without_comments(t_[k].end, end));
        if (d == "if" || d == "ifdef" || d == "ifndef") {
            Condition c;
            c.text = "#" + d + " " + expr;
            c.pass = pass_of(d, expr);
            c.not_hip = excludes_hip(d, expr);
            // #ifndef X, then #define X as the next directive: an include guard.
            if (d == "ifndef" && open_.empty() && e + 2 < t_.size() && t_[e + 1].directive &&
                t_[e + 1].kind == Token::Kind::word && t_[e + 1].value == "define" && t_[e + 2].value == expr)
                c.include_guard = true;
            open_.push_back(c);
        } else if (d == "elif" && !open_.empty()) {
            Condition& c = open_.back();
            c.text = "#elif " + expr;
            c.pass = pass_of("if", expr);
            c.not_hip = excludes_hip("if", expr);
            c.chained = true;
            c.include_guard = false;
        } else if (d == "else" && !open_.empty()) {
            Condition& c = open_.back();
            c.text = "#else of " + c.text;
            c.pass = c.chained ? Condition::Pass::any
                     : c.pass == Condition::Pass::device ? Condition::Pass::host
                     : c.pass == Condition::Pass::host   ? Condition::Pass::device
                                                         : Condition::Pass::any;
            c.not_hip = false;
            c.include_guard = false;
        } else if (d == "endif" && !open_.empty()) {
            open_.pop_back();
        }
    }

    // The string literals of the statement whose '(' is at `open`, up to its
    // first ':' or its ')', concatenated, the directives between them left
    // out.
    std::string literals(std::size_t open) const {
        std::string out;
        int depth = 0;
        for (std::size_t j = open; j < t_.size(); ++j) {
            const Token& t = t_[j];
            if (t.directive && !t_[open].directive) continue;
            if (t.kind == Token::Kind::string && depth == 1) out += t.value;
            if (t.kind != Token::Kind::punct) continue;
            if (t.value == "(") ++depth;
            else if ((t.value == ")" && --depth == 0) || (t.value == ":" && depth == 1) || t.value == ";") break;
        }
        return out;
    }

    // The source's bytes b..e with its comments blanked: a directive's
    // condition as the preprocessor reads it.
    std::string without_comments(std::size_t b, std::size_t e) const {
        std::string s(src_.text().substr(b, e - b));
        for (const auto& [cb, ce] : comments_)
            for (std::size_t i = std::max(cb, b); i < std::min(ce, e); ++i) s[i - b] = ' ';
        return s;
    }

    // Why the statement whose '(' is at `open` has a preprocessor line
    // inside it (an #ifdef between its literals, say), so that its text
    // depends on the build; empty when none does. A statement in a macro body
    // ends with the directive.
    std::string directive_inside(std::size_t open, const AsmStatement& st) const {
        if (st.in_directive) return "";
        int depth = 0;
        for (std::size_t j = open; j < t_.size(); ++j) {
            const Token& t = t_[j];
            if (t.directive) {
                const bool first = !t_[j - 1].directive || t_[j - 1].kind == Token::Kind::directive_end;
                if (first && t.kind == Token::Kind::word)
                    return "a preprocessor line (#" + t.value + ", line " + std::to_string(src_.at(t.begin).line) +
                           ") inside the statement, so its text depends on the build";
                continue;
            }
            if (t.kind != Token::Kind::punct) continue;
            if (t.value == "(") ++depth;
            else if (t.value == ")" && --depth == 0) return "";
            else if (t.value == ";" && depth > 0) return "";  // unbalanced: statement() says so
        }
        return "";
    }

    // The statement whose '(' is at `open`: template, operands, clobbers,
    // labels, and the ';' when it has one. Returns its last token.
    std::size_t statement(std::size_t open, AsmStatement& st) {
        st_unparsed_.clear();
        std::size_t j = open + 1;
        if (j >= t_.size() || t_[j].kind != Token::Kind::string) {
            // Not a literal: nothing to decode, and the statement is kept whole.
            const bool built = j < t_.size() && t_[j].kind == Token::Kind::punct && t_[j].value == "#";
            const std::size_t close = matching(open, open);
            st.unparsed = built ? "the template is built by the preprocessor ('#' in a macro), so its text is known only where "
                                  "the macro is used"
                                : "the template is not a string literal";
            st.templ = literals(open);  // what of it is written, for the report
            st.end = t_[close].end;
            if (is_punct(close + 1, ";")) return st.end = t_[close + 1].end, close + 1;
            return close;
        }
        while (j < t_.size() && t_[j].kind == Token::Kind::string) st.templ += t_[j++].value;
        // A literal joined to a macro's parameter or to a stringized one
        // ("v" #op ".u32 ..."): the template is made where the macro is used.
        if (j < t_.size() && t_[j].directive == st.in_directive &&
            (t_[j].kind == Token::Kind::word || (t_[j].kind == Token::Kind::punct && t_[j].value == "#"))) {
            st_unparsed_ = "the template is built by the preprocessor ('" + t_[j].value +
                           "' between its literals), so its text is known only where it is used";
            st.templ = literals(open);
            const std::size_t close = matching(open, open);
            st.unparsed = st_unparsed_;
            st.end = t_[close].end;
            if (is_punct(close + 1, ";")) return st.end = t_[close + 1].end, close + 1;
            return close;
        }
        int section = 0;
        while (true) {
            if (past(j, open)) unbalanced(open);
            if (is_punct(j, ")")) break;
            if (!is_punct(j, ":")) throw ScanError("asm statement: expected ':' or ')'", src_.at(t_[j].begin));
            ++section;
            ++j;
            if (section <= 2) j = operands(j, section == 1 ? st.outputs : st.inputs, open);
            else if (section == 3) j = clobbers(j, st.clobbers, open);
            else j = skip_labels(j, open);
        }
        st.end = t_[j].end;
        if (is_punct(j + 1, ";")) st.end = t_[++j].end;
        if (st_unparsed_.empty()) {
            if (const unsigned char c = non_ascii(st.templ))
                st_unparsed_ = "a byte outside ASCII (" + hex_byte(c) + ") in its template, which PTX does not allow";
            for (const auto* ops : {&st.outputs, &st.inputs})
                for (const AsmOperand& o : *ops)
                    if (const unsigned char c = st_unparsed_.empty() ? non_ascii(o.constraint) : 0)
                        st_unparsed_ = "a byte outside ASCII (" + hex_byte(c) + ") in the constraint of operand " + o.expr;
        }
        if (!st_unparsed_.empty()) st.unparsed = st_unparsed_;
        return j;
    }

    bool is_punct(std::size_t j, const char* p) const {
        return j < t_.size() && t_[j].kind == Token::Kind::punct && t_[j].value == p;
    }
    [[noreturn]] void unbalanced(std::size_t open) const {
        throw ScanError("asm statement: unbalanced parentheses", src_.at(t_[open].begin));
    }
    std::size_t operands(std::size_t j, std::vector<AsmOperand>& out, std::size_t open) {
        while (j < t_.size() && !is_punct(j, ":") && !is_punct(j, ")")) {
            // A statement's end before its ')': the parentheses do not match.
            if (is_punct(j, ";") || past(j, open)) unbalanced(open);
            AsmOperand op;
            if (is_punct(j, "[")) {
                if (j + 2 >= t_.size() || t_[j + 1].kind != Token::Kind::word || !is_punct(j + 2, "]"))
                    throw ScanError("asm operand: expected [name]", src_.at(t_[j].begin));
                op.name = t_[j + 1].value;
                j += 3;
            }
            if (j >= t_.size() || t_[j].kind != Token::Kind::string)
                throw ScanError("asm operand: expected a constraint string", src_.at(t_[std::min(j, t_.size() - 1)].begin));
            while (j < t_.size() && t_[j].kind == Token::Kind::string) op.constraint += t_[j++].value;
            if (!is_punct(j, "(")) throw ScanError("asm operand: expected '(' expression ')'", src_.at(t_[std::min(j, t_.size() - 1)].begin));
            const std::size_t close = matching(j, open);
            for (std::size_t e = j + 1; e < close; ++e)
                if (t_[e].kind == Token::Kind::word && is_asm_keyword(t_[e].value))
                    st_unparsed_ = "an operand expression holds another asm statement";
            op.expr_begin = t_[j].end;
            op.expr_end = t_[close].begin;
            op.expr = std::string(src_.text().substr(op.expr_begin, op.expr_end - op.expr_begin));
            out.push_back(std::move(op));
            j = close + 1;
            if (is_punct(j, ",")) ++j;
        }
        return j;
    }
    std::size_t clobbers(std::size_t j, std::vector<std::string>& out, std::size_t open) const {
        while (j < t_.size() && !is_punct(j, ":") && !is_punct(j, ")")) {
            if (is_punct(j, ";") || past(j, open)) unbalanced(open);
            if (t_[j].kind != Token::Kind::string) throw ScanError("asm clobber: expected a string", src_.at(t_[j].begin));
            out.push_back(t_[j++].value);
            if (is_punct(j, ",")) ++j;
        }
        if (j >= t_.size()) unbalanced(open);
        return j;
    }
    std::size_t skip_labels(std::size_t j, std::size_t open) const {
        while (!past(j, open) && !is_punct(j, ")")) ++j;
        if (past(j, open)) unbalanced(open);
        return j;
    }
    // Whether token j is past the statement whose '(' is at `open`: the end of
    // the file or of the macro body it is in, or, for one outside a macro, a
    // preprocessor line (which is not part of it, however its brackets pair).
    bool past(std::size_t j, std::size_t open) const {
        return j >= t_.size() || t_[j].kind == Token::Kind::directive_end || t_[j].directive != t_[open].directive;
    }
    // The ')' closing the '(' at j (any of ( [ { nested), within the statement.
    std::size_t matching(std::size_t j, std::size_t open) const {
        std::vector<char> stack;
        for (; j < t_.size(); ++j) {
            const Token& t = t_[j];
            if (past(j, open)) break;
            if (t.kind != Token::Kind::punct) continue;
            const char c = t.value[0];
            if (c == '(' || c == '[' || c == '{') {
                stack.push_back(c == '(' ? ')' : c == '[' ? ']' : '}');
            } else if (c == ')' || c == ']' || c == '}') {
                if (stack.empty() || stack.back() != c) break;
                stack.pop_back();
                if (stack.empty()) return j;
            }
        }
        unbalanced(open);
    }

    const Source& src_;
    const std::vector<Token>& t_;
    const std::vector<std::pair<std::size_t, std::size_t>>& directives_;
    const std::vector<std::pair<std::size_t, std::size_t>>& comments_;
    std::vector<Condition> open_;  // the conditional directives open at the token being read
    std::string st_unparsed_;      // why the statement being parsed cannot be taken apart
};

}  // namespace

std::vector<AsmStatement> find_asm(std::string_view source) {
    const Source src(source);
    Lexer lexer(src);
    const std::vector<Token> tokens = lexer.run();
    return AsmParser(src, tokens, lexer.directives(), lexer.comments()).run();
}

std::vector<std::size_t> conditional_line_ends(std::string_view source) {
    const Source src(source);
    Lexer lexer(src);
    const std::vector<Token> t = lexer.run();
    std::vector<std::size_t> out;
    for (std::size_t k = 0; k < t.size(); ++k) {
        const bool first = t[k].directive && (k == 0 || !t[k - 1].directive || t[k - 1].kind == Token::Kind::directive_end);
        if (!first || t[k].kind != Token::Kind::word) continue;
        if (t[k].value != "else" && t[k].value != "elif" && t[k].value != "endif") continue;
        for (const auto& [b, e] : lexer.directives())
            if (b <= t[k].begin && t[k].begin < e && e < source.size() && source[e] == '\n') out.push_back(e);
    }
    return out;
}

std::string line_directive(int line, std::string_view file_name) {
    std::string s = "#line " + std::to_string(line);
    if (file_name.empty()) return s;
    s += " \"";
    for (const char c : file_name) {
        if (c == '"' || c == '\\') s += '\\';
        if (c == '\n') s += "\\n";
        else s += c;
    }
    return s + '"';
}

Insertion include_insertion(std::string_view source, std::string_view line, std::string_view file_name) {
    const Source src(source);
    Lexer lexer(src);
    const std::vector<Token> t = lexer.run();
    // The head: the #include and #pragma lines (and empty '#' lines) before
    // anything else; the line goes in at the end of the last of them, which is
    // outside any comment (a comment that spans lines is part of its directive).
    std::size_t k = 0;
    bool have_head = false, first = true;
    std::size_t head_end = 0;
    while (k < t.size() && t[k].directive) {
        const bool empty = t[k].kind == Token::Kind::directive_end;
        const bool head = t[k].kind == Token::Kind::word && (t[k].value == "include" || t[k].value == "pragma");
        std::size_t e = k;
        while (t[e].kind != Token::Kind::directive_end) ++e;
        // An include guard opening the file, #ifndef X then #define X: the
        // include goes inside it.
        const bool guard = first && t[k].kind == Token::Kind::word && t[k].value == "ifndef" && e == k + 2 &&
                           e + 3 < t.size() && t[e + 1].directive && t[e + 1].value == "define" &&
                           t[e + 2].value == t[k + 1].value;
        first = false;
        if (guard) {
            e += 3;
            while (t[e].kind != Token::Kind::directive_end) ++e;
            have_head = true, head_end = t[e].begin;
            k = e + 1;
            continue;
        }
        if (!head && !empty) break;
        if (head) have_head = true, head_end = t[e].begin;
        k = e + 1;
    }
    const std::string nl = src.line_ending();
    const std::string text(line);
    // The line is followed by a #line directive, so that the lines after it
    // keep their numbers (and the compiler's messages point at them).
    const auto renumber = [&](std::size_t offset) { return line_directive(src.at(offset).line, file_name); };
    // A directive's range ends before a CR of its line's CRLF.
    if (have_head && head_end > 0 && head_end <= source.size() && source[head_end - 1] == '\r') --head_end;
    if (have_head && head_end >= source.size()) return {head_end, nl + text + nl};
    if (have_head) return {head_end, nl + text + nl + line_directive(src.at(head_end).line + 1, file_name)};
    if (k == t.size()) return {0, text + nl + line_directive(1, file_name) + nl};
    // Else before the first line of code, at its start unless a comment that
    // began on an earlier line is still open there.
    std::size_t at = t[k].begin;
    while (at > 0 && source[at - 1] != '\n') --at;
    for (const auto& [b, e] : lexer.comments())
        if (b < at && at < e) return {e, nl + text + nl + renumber(e) + nl};
    return {at, text + nl + renumber(at) + nl};
}

}  // namespace ptxv::translate
