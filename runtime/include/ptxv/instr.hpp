// ptxv: the decoded form of one PTX video instruction, in the vocabulary of
// the spec schema (ptxv/vocabulary.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "ptxv/vocabulary.hpp"

namespace ptxv {

struct Operand {
    enum class Kind : std::uint8_t { none, reg, imm };
    Kind kind = Kind::none;
    std::string name;       // register name as written (Kind::reg)
    std::uint32_t imm = 0;  // value, already truncated to 32 bits (Kind::imm)
    std::string imm_text;   // the immediate as written, for printing
    bool neg = false;       // written with a leading '-' (vmad register operands only)

    bool operator==(const Operand& o) const {
        return kind == o.kind && name == o.name && imm == o.imm && neg == o.neg;
    }
    bool operator!=(const Operand& o) const { return !(*this == o); }
};

// A fully decoded instruction. Defaults are filled in by the parser, so two
// spellings that mean the same thing (e.g. with and without `.b3210`) decode to
// equal values.
struct Instr {
    std::uint8_t opcode = 0;  // index into spec::kOpcodes (generated)
    Operation operation = Operation::add;
    Geometry geometry = Geometry::scalar;

    bool has_dtype = true;  // vset, vset2, vset4 have none (R14)
    Type dtype = Type::u32;
    Type atype = Type::u32;
    Type btype = Type::u32;

    bool sat = false;
    Op2 op2 = Op2::none;  // SIMD accumulate is Op2::add
    Cmp cmp = Cmp::eq;    // meaningful only when operation == set
    Mode mode = Mode::none;
    Scale scale = Scale::none;
    bool po = false;

    // Scalar selectors (geometry == scalar).
    Sel asel = Sel::none;
    Sel bsel = Sel::none;
    Sel dsel = Sel::none;
    Sel csel = Sel::none;  // only b01/b12/b23, accepted on c and ignored (R16)

    // SIMD selectors (geometry != scalar): lane i of Va takes element
    // simd_asel[i] of the pair {b:a} (R2); elements are bytes 0..7 or
    // half-words 0..3. Only the first 2 entries are used for half geometry.
    std::array<std::uint8_t, 4> simd_asel{{0, 1, 2, 3}};
    std::array<std::uint8_t, 4> simd_bsel{{4, 5, 6, 7}};
    // SIMD mask: bit i set = lane i takes the result (R4).
    std::uint8_t mask = 0xf;

    bool has_c = false;
    bool neg_a = false, neg_b = false, neg_c = false;  // vmad only

    // Text-only parts, kept so the canonical printer can reproduce the
    // instruction; they do not affect the result.
    std::string guard;        // predicate name without '@' and '!', empty if none
    bool guard_neg = false;
    Operand d, a, b, c;

    bool operator==(const Instr& o) const;
    bool operator!=(const Instr& o) const { return !(*this == o); }
};

}  // namespace ptxv
