// ptxv: what one video instruction computes, spelled out (`ptxv explain`).
#pragma once

#include <string>

#include "ptxv/instr.hpp"

namespace ptxv {

// The instruction's exact semantics as one self-contained C99 function,
//   uint32_t name(uint32_t a, uint32_t b, uint32_t c)
// giving d for the source values a, b and c (an immediate operand's value,
// 0 for a c the instruction does not have), over <stdint.h> alone and
// branch-free; the helpers it calls are static inline functions above it,
// prefixed with `name` and '_', so that any number of explained functions can
// share a file. The selectors, d selector, mask and vmad negations are
// constants in it. The same text is OpenCL C once the three fixed-width types
// are defined (the leading comment gives the line). `name` empty: the
// variant's function name ("vmin4_s32_u32_u32_add"). Throws
// std::invalid_argument for a name that is not a C identifier, CompileError
// for an Instr no variant implements.
std::string explain_c(const Instr& in, const std::string& name = {});

// The instruction in words: its decoded form with every default written
// out, what each part does, which parts of a, b and c feed each lane or the
// word of d, and the readings (docs/readings.md) it depends on.
std::string explain_text(const Instr& in);

}  // namespace ptxv
