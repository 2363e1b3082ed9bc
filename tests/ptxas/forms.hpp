// ptxv_ptxas_check: forms as written, kept as parts so that a near miss can
// change one part, and the valid ones drawn from the decode tables.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ptxv/instr.hpp"
#include "ptxv/random.hpp"
#include "ptxv/spec_tables.hpp"
#include "ptxv_tables.hpp"

namespace ptxas_check {

using ptxv::Geometry;
using ptxv::spec::COperand;
using ptxv::spec::kOpcodes;
using ptxv::spec::kVariantCount;
using ptxv::spec::kVariants;
using ptxv::spec::OpcodeInfo;

// The vocabulary's spellings are instr.hpp's (ptxv::kSelNames, ...): the
// table bit masks turn back into text through them.
using ptxv::kCmpNames;
using ptxv::kModeNames;
using ptxv::kOp2Names;
using ptxv::kScaleNames;
using ptxv::kSelNames;
using ptxv::kTypeNames;

// R17: the one form ptxv accepts on purpose although ptxas rejects it. The
// generator never writes it; it is checked separately.
inline constexpr const char* kReservedSelector = "b1024";

// The project's generator (ptxv/random.hpp), so the form list is the same for
// a seed on every platform, with the draws this test makes.
class Rng : public ptxv::SplitMix64 {
public:
    using ptxv::SplitMix64::SplitMix64;
    std::size_t below(std::size_t n) { return n == 0 ? 0 : SplitMix64::below(static_cast<std::uint32_t>(n)); }
    template <class T>
    const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
    }
};

template <std::size_t N>
std::vector<std::string> names_of(const char* const (&names)[N], std::uint32_t bits) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < N; ++i) {
        if ((bits >> i & 1u) != 0 && names[i][0] != '\0') out.emplace_back(names[i]);
    }
    return out;
}

template <std::size_t N>
bool is_one_of(const char* const (&names)[N], const std::string& w) {
    for (const char* n : names) {
        if (n[0] != '\0' && w == n) return true;
    }
    return false;
}

std::vector<std::string> split_words(const char* list, char sep);

struct Opnd {
    bool neg = false;
    bool imm = false;
    std::string text;  // register name or literal
    std::string sel;   // without the '.'
};

struct Form {
    int opcode = 0;
    int variant = 0;
    std::string guard;              // "@p1 ", "@!p0 " or ""
    std::vector<std::string> mods;  // types and modifiers in written order
    std::vector<Opnd> ops;          // d, a, b[, c]
    bool loose = false;             // whitespace wherever PTX allows it
    bool intended_valid = true;
    std::string rule;  // the rule a near miss breaks
};

enum { D = 0, A = 1, B = 2, C = 3 };

// The form as text.
std::string render(const Form& f);

bool is_type(const std::string& m);
bool is_op2(const std::string& m);
bool has_mod(const Form& f, const std::string& m);
template <class Pred>
void drop_mods(Form& f, Pred p) {
    f.mods.erase(std::remove_if(f.mods.begin(), f.mods.end(), p), f.mods.end());
}
// Modifier order is free (ptxas-validity.md), so anywhere is as good as the end.
void insert_mod(Form& f, const std::string& m, Rng& r);
bool has_op2(const Form& f);

std::string reg(Rng& r);        // r0 ... r15
void make_reg(Opnd& o, Rng& r);  // an immediate becomes a register
std::string hex(std::uint64_t v);
// Integer literals in every spelling PTX has, some wider than 32 bits.
std::string immediate(Rng& r);

int lanes(const OpcodeInfo& info);
bool scalar(const OpcodeInfo& info);
// `count` digits from lo to hi.
std::string digits(Rng& r, int count, int lo, int hi);
// A valid SIMD source selector other than R17's.
std::string simd_source_sel(const OpcodeInfo& info, Rng& r);

// A valid form of variant vi: ptxv::random_form's parts, written any way PTX
// allows (below).
Form make_valid(int vi, Rng& r);

}  // namespace ptxas_check
