// ptxv: PTX text <-> decoded instruction.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "ptxv/instr.hpp"

namespace ptxv {

struct ParseError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Decodes one instruction, e.g. "@!p vsub4.s32.s32.s32.sat r1.b0, r2.b3210, r3.b7654, r1;".
// The trailing ';' is optional. Accepts exactly the forms ptxas 13.0 accepts for
// sm_90 (R15), plus R16/R17. Throws ParseError naming the offending part.
Instr parse(std::string_view text);

// The same without exceptions: nullopt and *error set on failure.
std::optional<Instr> try_parse(std::string_view text, std::string* error);

// Canonical text: modifiers in the spec's order, defaults omitted, single
// spaces, trailing ';'. parse(print(x)) == x for every decoded x.
std::string print(const Instr& in);

// The value of source operand a, b or c ('a','b','c'): the immediate when the
// operand is an immediate, else `reg_value`.
std::uint32_t operand_value(const Operand& op, std::uint32_t reg_value);

}  // namespace ptxv
