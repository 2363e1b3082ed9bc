// ptxv: random differential check of the generated code against the
// reference interpreter.
#pragma once

#include <cstdint>
#include <iosfwd>

namespace ptxv {

struct CheckResult {
    std::uint64_t variants = 0;    // distinct variants exercised
    std::uint64_t vectors = 0;     // (a, b, c) triples evaluated
    std::uint64_t mismatches = 0;  // vectors where the two disagree (or an instruction failed to decode)
};

// Draws `vectors` random (instruction, a, b, c) cases, every variant of
// spec::kVariants in turn as a ptxv::random_form (random selectors, masks,
// d selectors, negations, operand counts and immediates), with operand
// values from ptxv::biased_word. Each instruction is written as PTX text, decoded
// by ptxv::parse, and evaluated by ptxv::interpret and by ptxv::compile (one
// value at a time and through the batch forms). Each mismatch up to
// `max_reports` is written to `report` with a replayable
// `ptxv eval 'INSTR' A B [C]` line. The same seed gives the same cases.
CheckResult check_random(std::uint64_t vectors, std::uint64_t seed, std::ostream& report,
                         unsigned max_reports = 10);

}  // namespace ptxv
