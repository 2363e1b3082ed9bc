// ptxv: the shape of the decode and validity tables.
//
// The data lives in generated/ptxv_tables.hpp, which ptxv-gen writes from
// spec/ptxv.yaml; the parser consults only those tables, so no validity rule
// is written twice. This header only declares the record layout.
#pragma once

#include <array>
#include <cstdint>

#include "ptxv/vocabulary.hpp"

namespace ptxv::spec {

// When the c operand may or must be written (spec key `c_operand`).
enum class COperand : std::uint8_t {
    with_op2_or_dsel,  // optional (and ignored, R16) unless .op2 or d.dsel is present, then required
    required,          // always required
};

// A set of enum values as a bit mask: bit (1 << value).
template <class E>
constexpr std::uint32_t bit(E e) {
    return std::uint32_t{1} << static_cast<unsigned>(e);
}

struct OpcodeInfo {
    const char* name;    // "vadd4"
    const char* family;  // "vop4"
    Operation operation;
    Geometry geometry;
    std::uint8_t dtypes;  // bit(Type); 0 = the instruction has no .dtype (vset*)
    std::uint8_t atypes;
    std::uint8_t btypes;
    bool sat;                       // .sat allowed (may repeat, R16)
    std::uint8_t op2s;              // bit(Op2) of the allowed secondary ops
    std::uint8_t cmps;              // bit(Cmp); nonzero: exactly one .cmp is required
    std::uint8_t modes;             // bit(Mode); nonzero: exactly one .mode is required
    bool po;                        // .po allowed
    std::uint8_t scales;            // bit(Scale) of the allowed .shrN
    std::uint8_t negations;         // bit n: negating the set n (a=1, b=2, c=4) is allowed; 0 = no negation at all
    std::uint8_t negations_po;      // the same under .po
    std::uint16_t source_sels;      // scalar a/b selectors, bit(Sel)
    std::uint16_t dest_sels;        // scalar d selectors that merge (R9), bit(Sel)
    std::uint16_t ignored_dest_sels;  // scalar d selectors accepted and ignored (R16), bit(Sel)
    std::uint16_t ignored_c_sels;     // scalar c selectors accepted and ignored (R16), bit(Sel)
    const char* masks;              // SIMD: the accepted mask spellings, space separated, without '.' ("b0 b1 b10 ...")
    std::uint8_t default_mask;      // SIMD: lane bit set used when no mask is written
    char selector_prefix;           // SIMD: 'h' or 'b'; 0 for scalar
    std::array<std::uint8_t, 4> default_asel;  // SIMD: element per lane when a has no selector
    std::array<std::uint8_t, 4> default_bsel;
    bool immediates;                // integer immediates allowed for a, b, c
    COperand c_operand;
    bool exclusive_sat_op2;         // .sat and .op2 may not be combined
    bool exclusive_op2_dsel;        // .op2 and d.dsel may not be combined
    const char* order;              // modifier order after the types, space separated: "sat mode op2"
    const char* readings;           // SEMANTICS readings that apply, space separated
};

// A SEMANTICS.md reading and what confirms it (spec `readings`).
struct ReadingInfo {
    const char* id;           // "R6"
    const char* title;
    const char* verified_by;  // text | ptxas | hardware (sm_XX) | unverified
};

// An evaluation that tells a reading from its alternatives (spec `probes`):
// the default form on fixed operands and the d the reading predicts.
struct ProbeInfo {
    const char* reading;  // "R8"
    const char* text;     // "vmax.s32.u32.u32.min r0, r1, r2, r3;"
    std::uint32_t a, b, c, d;
};

// Where an opcode's variants lie in kVariants (the spec's expansion order:
// dtype, atype, btype, cmp, mode, then po, sat, scale and op2 together as the
// tail): the first, the stride of each field, and the position of each value
// in its field, -1 where no variant has it. A decoded instruction's variant
// is first + the sum of position x stride over its fields (ptxv::variant_of).
struct VariantIndex {
    std::int16_t first;
    std::int16_t stride_d, stride_a, stride_b, stride_cmp, stride_mode;
    std::int8_t d[2], a[2], b[2], cmp[6], mode[3];
    std::int8_t tail[2][2][3][4];  // [po][sat][scale][op2]
};

// One generated function: an opcode with its types and non-parameter modifiers.
struct VariantInfo {
    const char* function;  // "vadd4_s32_u32_u32_sat"
    const char* ptx;       // "vadd4.s32.u32.u32.sat"
    std::uint8_t opcode;   // index into kOpcodes
    // The decoded fields it fixes (the first value of a field the opcode does
    // not have: dtype u32 for vset, cmp eq for the others, mode none).
    Type dtype, atype, btype;
    bool sat;
    Op2 op2;
    Cmp cmp;
    Mode mode;
    bool po;
    Scale scale;
    // SIMD: the plan of Compiled::run's kernels, an index into kLanePlans; -1
    // for scalar. With lane_swap, that plan computes the variant with its
    // operands exchanged, so the kernels take a's selector for b and b's for a.
    std::int16_t lane_plan;
    bool lane_swap;
};

// An example printed in the manual (spec `manual_examples`).
struct ExampleInfo {
    const char* text;
    bool valid;
    const char* reading;  // why an invalid one is invalid, "" otherwise
};

}  // namespace ptxv::spec
