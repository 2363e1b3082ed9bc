// ptxv: the reference interpreter.
//
// A plain transcription of NVIDIA's pseudocode (PTX ISA 9.1, section 9.7.18)
// plus the readings R1-R18 of SEMANTICS.md. It is the yardstick the generated
// code is checked against, so it favours readability over speed and shares no
// code with generated/.
#pragma once

#include <cstdint>

#include "ptxv/instr.hpp"

namespace ptxv {

// d for the decoded instruction `in` with source values a, b, c. The values are
// those of the operands as written: an immediate operand's value is the
// caller's to pass (see operand_value), and vmad's negations are applied here
// from in.neg_a/neg_b/neg_c. c is ignored where the instruction takes none.
std::uint32_t interpret(const Instr& in, std::uint32_t a, std::uint32_t b, std::uint32_t c);

}  // namespace ptxv
