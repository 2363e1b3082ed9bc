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
//
// `quirks` makes it compute as a simulator does where that departs from the
// manual, so that a test can require a sequence not to depend on it.
struct PtxQuirks {
    // GPGPU-Sim (src/cuda-sim/instructions.cc): prmt_impl forms {b:a} with
    // a's word sign-extended, so every byte of b reads 0xff where a is
    // negative, and a sign-replicating selector gives 0xff; bfe_impl's .s32
    // with len 32 ORs in 0xffffffff << 32 (0xffffffff on x86) where the field
    // is negative.
    bool gpgpu_sim = false;
};
int run_ptx(const std::string& text, PtxRegs& regs, const PtxQuirks& quirks = {});

}  // namespace ptxv::test
