// ptxv: random valid instruction forms, drawn from the decode tables.
//
// The form is built as the decoded Instr, field by field from spec::kVariants
// and spec::kOpcodes, without going through text: a caller that prints and
// parses it then checks the parser and the printer too, instead of relying on
// them to build its input.

#include "ptxv/random_form.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "ptxv/spec_tables.hpp"
#include "ptxv_tables.hpp"

namespace ptxv {
namespace {

// Lane values where the arithmetic changes behaviour: zero, one, the signed
// and unsigned extremes and their neighbours, for a lane of `bits` bits.
std::uint32_t boundary_lane(SplitMix64& rng, int bits) {
    const std::uint64_t top = std::uint64_t{1} << (bits - 1);
    const std::uint64_t all = (std::uint64_t{1} << bits) - 1;
    const std::uint64_t table[] = {0,       1,   2,    top - 1, top,    top + 1, all,
                                   all - 1, 0x7f, 0x80, 0xff,    0x7fff, 0x8000,  0xffff};
    const std::uint64_t v = table[rng.below(sizeof table / sizeof table[0])];
    return static_cast<std::uint32_t>(v & all);
}

// Sel::none or a member of the bit set `set` over Sel, all equally likely.
Sel sel_or_none(SplitMix64& rng, unsigned set) {
    int members[16];
    unsigned n = 0;
    for (int k = 1; k < 16; ++k) {
        if ((set >> k & 1u) != 0) members[n++] = k;
    }
    const unsigned pick = rng.below(n + 1);
    return pick == n ? Sel::none : static_cast<Sel>(members[pick]);
}

// A member of the bit set `set` over Sel (not empty).
Sel sel_of(SplitMix64& rng, unsigned set) {
    Sel s = Sel::none;
    while (s == Sel::none) s = sel_or_none(rng, set);
    return s;
}

// One of the opcode's mask spellings ("b0 b1 b10 ... b3210"), as its lane bit
// set: the digits after the prefix letter are the lanes it keeps.
std::uint8_t random_mask(SplitMix64& rng, const char* masks) {
    std::uint8_t sets[16];
    unsigned n = 0;
    for (const char* p = masks; *p != '\0' && n < 16;) {
        while (*p == ' ') ++p;
        if (*p == '\0') break;
        std::uint8_t bits = 0;
        for (++p; *p >= '0' && *p <= '9'; ++p) bits = static_cast<std::uint8_t>(bits | 1u << (*p - '0'));
        sets[n++] = bits;
    }
    return sets[rng.below(n)];
}

// Any element of the pair {b:a} in each lane (R2), or a quarter of the time
// the default, which the dispatch and the batch kernels treat apart.
void random_simd_sel(SplitMix64& rng, int lanes, std::array<std::uint8_t, 4>& sel) {
    if (rng.chance(1, 4)) return;
    for (int i = 0; i < lanes; ++i) {
        sel[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(rng.below(static_cast<std::uint32_t>(2 * lanes)));
    }
}

Operand reg(const char* name) {
    Operand o;
    o.kind = Operand::Kind::reg;
    o.name = name;
    return o;
}

void make_immediate(Operand& o, std::uint32_t value) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", static_cast<unsigned>(value));
    o = Operand{};
    o.kind = Operand::Kind::imm;
    o.imm = value;
    o.imm_text = buf;
}

}  // namespace

std::uint32_t biased_word(SplitMix64& rng) {
    static constexpr int kWidths[] = {32, 16, 8};
    const int bits = kWidths[rng.below(3)];
    if (rng.chance(1, 8)) return rng.word();
    std::uint32_t v = 0;
    for (int shift = 0; shift < 32; shift += bits) {
        const std::uint32_t lane = rng.chance(1, 4)
                                       ? (rng.word() & static_cast<std::uint32_t>((std::uint64_t{1} << bits) - 1))
                                       : boundary_lane(rng, bits);
        v |= lane << shift;
    }
    return v;
}

Instr random_form(int variant, SplitMix64& rng) {
    const spec::VariantInfo& v = spec::kVariants[variant];
    const spec::OpcodeInfo& info = spec::kOpcodes[v.opcode];

    Instr in;
    in.opcode = v.opcode;
    in.operation = info.operation;
    in.geometry = info.geometry;
    in.has_dtype = info.dtypes != 0;
    in.dtype = v.dtype;
    in.atype = v.atype;
    in.btype = v.btype;
    in.sat = v.sat;
    in.op2 = v.op2;
    in.cmp = v.cmp;
    in.mode = v.mode;
    in.po = v.po;
    in.scale = v.scale;
    in.d = reg("r1");
    in.a = reg("r2");
    in.b = reg("r3");

    bool need_c = info.c_operand == spec::COperand::required || v.op2 != Op2::none;
    if (info.geometry == Geometry::scalar) {
        const bool merge_ok = !(info.exclusive_op2_dsel && v.op2 != Op2::none);
        in.dsel = sel_or_none(rng, info.ignored_dest_sels | (merge_ok ? info.dest_sels : 0u));
        // A merging d selector writes into c's value (R9).
        need_c = need_c || (info.dest_sels >> static_cast<int>(in.dsel) & 1u) != 0;
        in.asel = sel_or_none(rng, info.source_sels);
        in.bsel = sel_or_none(rng, info.source_sels);
    } else {
        const int lanes = lanes_of(info.geometry);
        in.simd_asel = info.default_asel;
        in.simd_bsel = info.default_bsel;
        in.mask = random_mask(rng, info.masks);
        random_simd_sel(rng, lanes, in.simd_asel);
        random_simd_sel(rng, lanes, in.simd_bsel);
    }
    in.has_c = need_c || rng.chance(1, 2);
    if (in.has_c) {
        in.c = reg("r4");
        if (info.ignored_c_sels != 0 && rng.chance(1, 4)) in.csel = sel_of(rng, info.ignored_c_sels);
    }

    if (info.negations != 0) {
        const unsigned allowed = in.po ? info.negations_po : info.negations;
        unsigned sets[8];
        unsigned n = 0;
        for (unsigned set = 0; set < 8; ++set) {
            if ((allowed >> set & 1u) != 0 && ((set & 4u) == 0 || in.has_c)) sets[n++] = set;
        }
        const unsigned set = n == 0 ? 0u : sets[rng.below(n)];
        in.neg_a = in.a.neg = (set & 1u) != 0;
        in.neg_b = in.b.neg = (set & 2u) != 0;
        in.neg_c = in.c.neg = (set & 4u) != 0;
    }

    if (info.immediates) {
        // A negated source stays a register: "-5" is the immediate -5, not a negation.
        Operand* slots[3] = {&in.a, &in.b, &in.c};
        for (int s = 0; s < (in.has_c ? 3 : 2); ++s) {
            Operand& o = *slots[s];
            if (o.neg || !rng.chance(1, 6)) continue;
            make_immediate(o, biased_word(rng));
            // An immediate takes no selector.
            (s == 0 ? in.asel : s == 1 ? in.bsel : in.csel) = Sel::none;
        }
    }
    return in;
}

}  // namespace ptxv
