// A small reference evaluator for a subset of plain integer PTX, written from the instruction
// definitions in NVIDIA's PTX ISA manual. Tests use it to check what printed PTX sequences compute;
// it deliberately shares no code with the parts of the project it is used to check.
#pragma once
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

namespace ptxv::test {

// Registers by name ("%r1", "%ptxv_t3"), each holding up to 64 bits; a .pred holds 0 or 1.
using PtxRegs = std::map<std::string, std::uint64_t>;

struct PtxEvalError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Runs the statements of `text` in order (statements end with ';'; blank lines and // comments are skipped;
// `.reg .TYPE %name;` and `.reg .TYPE %name<N>;` declarations are accepted and only checked for form).
// Reads and writes `regs`. Throws PtxEvalError, naming the statement, for anything outside the subset,
// a malformed statement, or a read of a register not in `regs`. Returns the number of instructions executed
// (declarations not counted; a guarded instruction whose guard is false still counts).
int run_ptx(const std::string& text, PtxRegs& regs);

}  // namespace ptxv::test
