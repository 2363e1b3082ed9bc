// ptxv: random valid instruction forms, drawn from the decode tables.
//
// `ptxv check`, the proof tests and the ptxas agreement test all draw their
// forms here, so they exercise the same parts of the language, and a rule the
// tables gain reaches all of them at once. The draws come from SplitMix64
// alone, so a seed gives the same forms on every platform.
#pragma once

#include <cstdint>

#include "ptxv/instr.hpp"
#include "ptxv/random.hpp"

namespace ptxv {

// A 32-bit operand value biased towards lane boundaries: each lane, of a width
// drawn per word (32, 16 or 8 bits, so that scalar byte and half-word
// selectors and both SIMD geometries meet their edges), is zero, one, a signed
// or unsigned extreme or its neighbour, or random; now and then the whole word
// is random.
std::uint32_t biased_word(SplitMix64& rng);

// One random valid instruction of variant `variant` (an index into
// spec::kVariants), decoded. Every part the variant's opcode allows is drawn:
//   scalar: the a and b selectors (none or any source selector); the d
//           selector (none, a merging one (R9) unless the variant's secondary
//           operation excludes it, or an ignored one (R16)); an ignored c
//           selector (R16) now and then;
//   SIMD:   the mask (any of the opcode's spellings, the default included);
//           the a and b selectors (the default a quarter of the time, else
//           any element of the pair in each lane, R17's .b1024 included);
//   vmad:   any negation set the opcode allows (under .po, the .po list);
//   c:      present where required (by the opcode, the secondary operation or
//           a merging d selector), else half the time;
//   immediates, where the opcode takes them: each source operand that is not
//           negated, one time in six, with a biased_word value.
// The registers are d = r1, a = r2, b = r3, c = r4. print() writes it as text
// that parse() decodes back to the same Instr; Instr::guard stays empty.
Instr random_form(int variant, SplitMix64& rng);

}  // namespace ptxv
