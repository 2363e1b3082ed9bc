// ptxv: the decoded form of one PTX video instruction.
//
// This header holds the fixed vocabulary of the spec schema (operations, lane
// geometries, types, modifiers, selectors). Which opcode may use which part of
// it is data: it comes from spec/ptxv.yaml through the generated tables in
// generated/ptxv_tables.hpp, never from this file.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace ptxv {

// What the primary operation computes (spec key `operation`).
enum class Operation : std::uint8_t { add, sub, absdiff, min, max, avrg, shl, shr, mad, set };

// Lane geometry (spec key `geometry`): one 32-bit scalar, two 16-bit lanes, four 8-bit lanes.
enum class Geometry : std::uint8_t { scalar, half, byte };

enum class Type : std::uint8_t { u32, s32 };
enum class Op2 : std::uint8_t { none, add, min, max };
enum class Cmp : std::uint8_t { eq, ne, lt, le, gt, ge };
enum class Mode : std::uint8_t { none, clamp, wrap };
enum class Scale : std::uint8_t { none, shr7, shr15 };

// Scalar operand selectors. b01/b12/b23 exist only as ignored destination
// selectors (R16).
enum class Sel : std::uint8_t { none, b0, b1, b2, b3, h0, h1, b01, b12, b23 };

// The spellings of the vocabulary, indexed by enum value; "" where a value is
// written as nothing (Op2::none, Mode::none, Scale::none, Sel::none). The
// parser, the printer, ptxv::compile, the check and ptxv-gen all spell and
// read names through these lists and keep none of their own.
inline constexpr const char* kOperationNames[] = {"add", "sub", "absdiff", "min", "max",
                                                  "avrg", "shl", "shr", "mad", "set"};
inline constexpr const char* kGeometryNames[] = {"scalar", "half", "byte"};
inline constexpr const char* kTypeNames[] = {"u32", "s32"};
inline constexpr const char* kOp2Names[] = {"", "add", "min", "max"};
inline constexpr const char* kCmpNames[] = {"eq", "ne", "lt", "le", "gt", "ge"};
inline constexpr const char* kModeNames[] = {"", "clamp", "wrap"};
inline constexpr const char* kScaleNames[] = {"", "shr7", "shr15"};
inline constexpr const char* kSelNames[] = {"", "b0", "b1", "b2", "b3", "h0", "h1", "b01", "b12", "b23"};

constexpr const char* spelling(Operation v) { return kOperationNames[static_cast<int>(v)]; }
constexpr const char* spelling(Geometry v) { return kGeometryNames[static_cast<int>(v)]; }
constexpr const char* spelling(Type v) { return kTypeNames[static_cast<int>(v)]; }
constexpr const char* spelling(Op2 v) { return kOp2Names[static_cast<int>(v)]; }
constexpr const char* spelling(Cmp v) { return kCmpNames[static_cast<int>(v)]; }
constexpr const char* spelling(Mode v) { return kModeNames[static_cast<int>(v)]; }
constexpr const char* spelling(Scale v) { return kScaleNames[static_cast<int>(v)]; }
constexpr const char* spelling(Sel v) { return kSelNames[static_cast<int>(v)]; }

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

// Number of lanes and lane width for a geometry.
constexpr int lanes_of(Geometry g) { return g == Geometry::scalar ? 1 : g == Geometry::half ? 2 : 4; }
constexpr int lane_bits(Geometry g) { return g == Geometry::scalar ? 32 : g == Geometry::half ? 16 : 8; }

}  // namespace ptxv
