// ptxv: the text batch format, one line at a time (see batch_text.hpp).

#include "ptxv/batch_text.hpp"

#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "ptxv/compile.hpp"
#include "ptxv/instr.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"

#include "../core/show.hpp"

namespace ptxv {
namespace {

using detail::show;

unsigned hex_digit(char c) {
    if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
    return 16;
}

// The columns a line needs; the rest are ignored.
struct Columns {
    std::string_view instr, a, b, c;
    int count = 0;  // up to 4
};

Columns split(std::string_view body) {
    Columns cols;
    std::string_view* slots[] = {&cols.instr, &cols.a, &cols.b, &cols.c};
    std::size_t start = 0;
    while (cols.count < 4) {
        const std::size_t tab = body.find('\t', start);
        *slots[cols.count++] = body.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start);
        if (tab == std::string_view::npos) break;
        start = tab + 1;
    }
    return cols;
}

BatchEvaluator::Decoded decode(std::string_view text, BatchEngine engine) {
    BatchEvaluator::Decoded dec;
    std::optional<Instr> in = try_parse(text, &dec.error);
    if (!in) {
        if (dec.error.empty()) dec.error = "cannot decode the instruction";
        return dec;
    }
    dec.in = std::move(*in);
    if (engine == BatchEngine::generated) {
        // The parser accepts only forms with a generated variant, so this
        // failing is a defect; it is reported on the line, not thrown.
        try {
            dec.fn = compile(dec.in);
        } catch (const std::exception& e) {
            dec.error = std::string("internal error: no generated function for ") + show(print(dec.in)) + ": " +
                        show(e.what());
            return dec;
        }
    }
    dec.ok = true;
    return dec;
}

void set_error(BatchLineResult* out, std::string_view message) {
    out->status = BatchLineResult::Status::error;
    out->d = 0;
    out->error.assign(message.data(), message.size());
}

// Everything after the instruction is decoded: the value columns and the call.
void finish(const Columns& cols, const BatchEvaluator::Decoded& dec, BatchEngine engine, BatchLineResult* out) {
    if (!dec.ok) return set_error(out, dec.error);
    std::uint32_t a = 0, b = 0, c = 0;
    std::string message;
    if (!parse_batch_value(cols.a, &a, &message) || !parse_batch_value(cols.b, &b, &message)) {
        return set_error(out, message);
    }
    const Instr& in = dec.in;
    if (in.has_c) {
        if (cols.count < 4) return set_error(out, "the instruction has operand c; a C column is required");
        if (!parse_batch_value(cols.c, &c, &message)) return set_error(out, message);
    }
    a = operand_value(in.a, a);
    b = operand_value(in.b, b);
    c = in.has_c ? operand_value(in.c, c) : 0u;
    out->status = BatchLineResult::Status::value;
    out->d = engine == BatchEngine::generated ? dec.fn(a, b, c) : interpret(in, a, b, c);
    out->error.clear();
}

constexpr std::string_view kColumnsError = "expected INSTR<TAB>A<TAB>B[<TAB>C]";

// Keys longer than this are decoded every time: no valid instruction needs
// that much text in practice, and caching them would duplicate huge lines.
constexpr std::size_t kMaxCachedKey = 512;
// Bounds the cache on inputs with millions of distinct instructions.
constexpr std::size_t kMaxCacheEntries = std::size_t{1} << 16;

}  // namespace

bool parse_batch_value(std::string_view s, std::uint32_t* out, std::string* error) {
    auto bad = [&] {
        if (error != nullptr) {
            *error = "bad value '" + show(s) +
                     "': expected 0x followed by at most 32 bits of hex digits, or a decimal in "
                     "[-2147483648, 4294967295]";
        }
        return false;
    };
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        std::uint64_t v = 0;
        for (std::size_t i = 2; i < s.size(); ++i) {
            const unsigned d = hex_digit(s[i]);
            if (d > 15) return bad();
            v = v * 16 + d;
            if (v > 0xffffffffu) return bad();
        }
        *out = static_cast<std::uint32_t>(v);
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
    *out = neg ? static_cast<std::uint32_t>(0u - static_cast<std::uint32_t>(v)) : static_cast<std::uint32_t>(v);
    return true;
}

std::string_view batch_line_body(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

bool batch_line_skipped(std::string_view line) {
    const std::string_view body = batch_line_body(line);
    return body.find_first_not_of(" \t\r\v\f") == std::string_view::npos || body[0] == '#';
}

std::string_view batch_instruction_column(std::string_view line) {
    const std::string_view body = batch_line_body(line);
    return body.substr(0, body.find('\t'));
}

BatchLineResult eval_batch_line(std::string_view line, BatchEngine engine) {
    BatchLineResult r;
    if (batch_line_skipped(line)) return r;
    const Columns cols = split(batch_line_body(line));
    if (cols.count < 3) {
        set_error(&r, kColumnsError);
        return r;
    }
    finish(cols, decode(cols.instr, engine), engine, &r);
    return r;
}

BatchLineResult BatchEvaluator::eval(std::string_view line) {
    BatchLineResult r;
    eval(line, &r);
    return r;
}

void BatchEvaluator::eval(std::string_view line, BatchLineResult* out) {
    if (batch_line_skipped(line)) {
        out->status = BatchLineResult::Status::skipped;
        out->d = 0;
        out->error.clear();
        return;
    }
    const Columns cols = split(batch_line_body(line));
    if (cols.count < 3) return set_error(out, kColumnsError);
    if (last_ != nullptr && cols.instr == last_key_) return finish(cols, *last_, engine_, out);
    if (cols.instr.size() > kMaxCachedKey) {
        last_ = nullptr;
        return finish(cols, decode(cols.instr, engine_), engine_, out);
    }
    if (cache_.size() >= kMaxCacheEntries) {
        last_ = nullptr;
        cache_.clear();
    }
    std::string key(cols.instr);
    auto it = cache_.find(key);
    if (it == cache_.end()) {
        Decoded dec = decode(cols.instr, engine_);
        it = cache_.emplace(key, std::move(dec)).first;
    }
    // unordered_map never moves its elements, so the pointer stays valid until clear().
    last_ = &it->second;
    last_key_ = std::move(key);
    finish(cols, *last_, engine_, out);
}

}  // namespace ptxv
