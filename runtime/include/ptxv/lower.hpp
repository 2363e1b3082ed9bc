// ptxv: the video instructions of a PTX module rewritten as plain integer PTX
// (`ptxv lower`), so that a simulator or translator that runs the integer
// instructions runs them exactly.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ptxv/instr.hpp"

namespace ptxv {

// An invalid video instruction in the module (located, 1-based, at the
// instruction's first character), or text that is not a PTX module (line
// and column 0).
struct LowerError : std::runtime_error {
    LowerError(const std::string& what, int line, int column)
        : std::runtime_error(what), line(line), column(column) {}
    int line, column;
};

struct Lowered {
    std::string ptx;  // the module, every other byte as it was
    // Per opcode ("vadd4"), the number of instructions each of its lowered
    // instructions became, in module order.
    std::map<std::string, std::vector<int>> counts;
};

// Every video instruction of `module` (whose opcode is in `only`, where
// `only` is not empty) as a sequence of the integer instructions of
// docs/lower.md that computes the same d, under the same guard; each function
// that holds one declares the registers the sequences use, after its opening
// brace, under names no other register of the module has. Instructions ptxv
// does not know pass through. Throws LowerError for an invalid video
// instruction or a module without a .version directive, and
// std::invalid_argument for an opcode in `only` that is not a video opcode.
Lowered lower_module(std::string_view module, const std::vector<std::string>& only = {});

// The report of `ptxv lower` on `r`: a line per opcode lowered (how many,
// and the least, median and most instructions one took), then the totals;
// each line starts with `name` and ": ".
std::string lower_report(const Lowered& r, const std::string& name);

// One decoded instruction as those instructions, one per line, its temporary
// registers named prefix + "r<i>", "w<i>" (64-bit) and "p<i>" (predicates);
// regs gets how many of each it uses.
std::string lower_instruction(const Instr& in, const std::string& prefix, int (&regs)[3]);

}  // namespace ptxv
