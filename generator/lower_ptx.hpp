// ptxv-gen: each variant's run-time body (lower.hpp) lowered to plain integer
// PTX for `ptxv lower`: three-address instructions over virtual registers, as
// data, which print_ptx.cpp prints.
//
// The instruction's constants (its selectors, d selector, negations, lane
// mask) are not known here but are known where the PTX is written, so what a
// body computes from them alone is not an instruction: it becomes a constant
// of the program, a tree over `asel`, `bsel` and `x` (the d selector,
// negations or mask) that the runtime evaluates and writes in as an
// immediate. What depends on literals alone is folded here.
//
// The instructions are those of docs/lower.md's set, which GPGPU-Sim and
// ZLUDA both implement.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "expr.hpp"
#include "lower.hpp"

namespace ptxv::gen::ptx {

enum class Cls : std::uint8_t { b32, b64, pred };

struct Arg {
    enum class Kind : std::uint8_t { a, b, c, d, temp, lit, konst };
    Kind kind = Kind::lit;
    Cls cls = Cls::b32;       // temp: its register class; lit, konst: the width written
    int index = 0;            // temp: the register; konst: Program::consts
    std::uint64_t value = 0;  // lit
};

struct Ins {
    std::string op;  // "add.s64", "setp.lt.u32", "prmt.b32"
    Arg d;
    std::vector<Arg> s;
};

// A constant the runtime computes: a tree of operators over the unsigned
// variables asel, bsel and x.
struct Konst {
    ir::E expr;
};

struct Program {
    std::vector<Ins> ins;  // the last one writes d
    std::vector<Konst> consts;
    int regs[3] = {0, 0, 0};  // registers per class (b32, b64, pred)
};

Program lower(const Variant& v, const Lowered& L);

// The printer (print_ptx.cpp): one instruction per line, operands as @a,
// @b, @c, @d, registers as @r0 (b32), @w0 (b64), @p0 (pred), constants as
// @k<konst_index[i]>.
std::string print(const Program& p, const std::vector<int>& konst_index);

}  // namespace ptxv::gen::ptx
