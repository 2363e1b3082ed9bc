// ptxv: the text batch format of `ptxv eval --batch`, one line at a time.
//
// A batch line is INSTR<TAB>A<TAB>B[<TAB>C]; further columns are ignored. A
// trailing '\r' is dropped, so files written on Windows read the same. Lines
// that are empty, blank or start with '#' are skipped. Values are 0x hex (at
// most 32 bits) or decimals in [-2^31, 2^32 - 1], negative ones taken mod
// 2^32. An operand written as an immediate in INSTR takes its value from the
// text; the column must still be there and is then ignored. C is required when
// the instruction has operand c and ignored otherwise.
//
// Every function here accepts any bytes and reports bad input through the
// result, never by throwing; error texts are single-line printable ASCII of
// bounded length, whatever the input held.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ptxv/compile.hpp"
#include "ptxv/instr.hpp"

namespace ptxv {

// Which implementation computes d.
enum class BatchEngine : std::uint8_t {
    interp,     // the reference interpreter (ptxv::interpret)
    generated,  // the specialized functions (ptxv::compile)
};

struct BatchLineResult {
    enum class Status : std::uint8_t {
        skipped,  // empty, blank or a '#' comment: produces no output
        value,    // d holds the result
        error,    // error says what is wrong (without a line number)
    };
    Status status = Status::skipped;
    std::uint32_t d = 0;
    std::string error;
};

// One value column: true and *out set, or false and *error set.
bool parse_batch_value(std::string_view text, std::uint32_t* out, std::string* error);

// `line` without its trailing '\r', if any.
std::string_view batch_line_body(std::string_view line);

// Whether `line` is skipped: empty or blank (after the trailing '\r' is
// dropped), or starting with '#'.
bool batch_line_skipped(std::string_view line);

// The first column of a line (the instruction), without the trailing '\r'.
std::string_view batch_instruction_column(std::string_view line);

// Evaluates one line (without its '\n'; a '\n' inside is an ordinary byte).
BatchLineResult eval_batch_line(std::string_view line, BatchEngine engine);

// The same, remembering decoded instructions: batch files repeat a few
// instructions many times, and decoding costs far more than evaluating.
// Gives exactly the results of eval_batch_line.
class BatchEvaluator {
public:
    explicit BatchEvaluator(BatchEngine engine) : engine_(engine) {}

    BatchLineResult eval(std::string_view line);
    // Writes the result into *out, reusing its storage.
    void eval(std::string_view line, BatchLineResult* out);

    BatchEngine engine() const { return engine_; }

    struct Decoded {
        bool ok = false;
        Instr in;
        Compiled fn;        // BatchEngine::generated only
        std::string error;  // when !ok
    };

private:
    BatchEngine engine_;
    std::unordered_map<std::string, Decoded> cache_;
    // Consecutive lines often share their instruction: skip the hash lookup.
    const Decoded* last_ = nullptr;
    std::string last_key_;
};

// Calls f(line_number, line) for each '\n'-separated line of `text`, numbered
// from 1; the line excludes the '\n' (and keeps any '\r'). A final line
// without '\n' counts; an empty text has no lines.
template <class F>
void for_each_batch_line(std::string_view text, F&& f) {
    std::size_t pos = 0;
    long number = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        f(++number, text.substr(pos, nl - pos));
        pos = nl + 1;
    }
}

}  // namespace ptxv
