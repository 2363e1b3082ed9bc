// ptxv: the fixed vocabulary of the spec schema (operations, lane geometries,
// types, modifiers, selectors) and its spellings.
//
// Both sides read it: ptxv-gen (generator/) loads spec/ptxv.yaml into these
// values, and the runtime decodes, interprets and prints instructions in them.
// Which opcode may use which part of it is data: it comes from spec/ptxv.yaml
// through the generated tables (generated/ptxv_tables.hpp), never from here.
#pragma once

#include <cstdint>

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

// Number of lanes and lane width for a geometry.
constexpr int lanes_of(Geometry g) { return g == Geometry::scalar ? 1 : g == Geometry::half ? 2 : 4; }
constexpr int lane_bits(Geometry g) { return g == Geometry::scalar ? 32 : g == Geometry::half ? 16 : 8; }

}  // namespace ptxv
