// ptxv: comparison with results recorded on a GPU (golden vectors).
//
// The input is the TSV that ptxv_hwcheck (generated/ptxv_hwcheck.cu) writes:
//
//   # gpu: NVIDIA H100 80GB HBM3 sm_90          header lines, echoed in the report
//   # driver: 13.0 (13000)
//   vadd4.s32.u32.u32.sat r0, r1.b7654, r2.b0123, r3;<TAB>0xA<TAB>0xB<TAB>0xC<TAB>0xD
//
// one line per evaluation: the instruction, the operand values a, b, c and the
// d the device produced. Values are 0x hex or decimal; c is given (and
// ignored) for instructions without c. Blank lines and later '#' lines are
// skipped.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace ptxv {

// Agreement for one opcode ("vadd4"), over the lines that decoded.
struct GoldenOpcode {
    std::string opcode;
    std::uint64_t lines = 0;
    std::uint64_t interp_agree = 0;
    std::uint64_t generated_agree = 0;
};

struct GoldenReport {
    std::vector<std::string> header;     // the leading block of '#' lines, as written
    std::vector<GoldenOpcode> opcodes;   // in the spec's opcode order, only those present
    std::uint64_t evaluated = 0;         // lines that decoded and were evaluated
    std::uint64_t interp_disagreements = 0;
    std::uint64_t generated_disagreements = 0;
    std::uint64_t disagreements = 0;     // lines where either engine differs from the device
    std::uint64_t disagreeing_forms = 0; // distinct instruction texts among those lines
    std::uint64_t errors = 0;            // lines that could not be read or decoded

    // True when there was something to compare and nothing failed.
    bool ok() const { return evaluated > 0 && disagreements == 0 && errors == 0; }
};

// Evaluates every line of `tsv` with ptxv::interpret and with ptxv::compile,
// compares both with the recorded d and writes a report to `report`: the
// header lines, agreement per opcode, then up to `max_disagreements_shown`
// disagreements (at most 2 per instruction, so that one wrong form does not
// hide the others) as replayable `ptxv eval` lines, and as many of the
// unreadable lines. Everything is counted, whatever is shown.
GoldenReport compare_golden(std::istream& tsv, std::ostream& report, unsigned max_disagreements_shown = 20);

}  // namespace ptxv
