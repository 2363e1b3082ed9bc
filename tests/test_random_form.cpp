// ptxv::random_form, the one draw of random valid forms behind `ptxv check`,
// the proof tests and the ptxas test: every form it draws is valid and is an
// instruction of the variant asked for (its text decodes back to it), and
// over many draws it reaches every part the tables allow for each opcode, so
// that none of its users silently loses a kind of form.

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ptxv/compile.hpp"
#include "ptxv/instr.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_tables.hpp"

namespace {

using ptxv::Geometry;
using ptxv::Instr;
using ptxv::spec::kOpcodeCount;
using ptxv::spec::kOpcodes;
using ptxv::spec::kVariantCount;
using ptxv::spec::kVariants;

unsigned bit(ptxv::Sel s) { return 1u << static_cast<unsigned>(s); }

// What the draws of one opcode reached, as bit sets.
struct Seen {
    unsigned asel = 0, bsel = 0, dsel = 0, csel = 0;  // bit(Sel), bit 0 = none
    unsigned neg = 0, neg_po = 0;                     // bit n: negation set n
    unsigned c = 0;                                   // bit 0: without c, bit 1: with c
    unsigned imm = 0;                                 // bit 0: a, 1: b, 2: c an immediate
    unsigned masks = 0;                               // bit m: lane set m
    unsigned a_default = 0, b_default = 0;            // bit 0: the default selector, bit 1: another
    std::array<unsigned, 4> a_lanes{}, b_lanes{};     // per lane: bit e, element e selected
};

bool same_lanes(int lanes, const std::array<std::uint8_t, 4>& x, const std::array<std::uint8_t, 4>& y) {
    for (int i = 0; i < lanes; ++i) {
        if (x[static_cast<std::size_t>(i)] != y[static_cast<std::size_t>(i)]) return false;
    }
    return true;
}

// The opcode's mask spellings as lane sets, decoded by the parser.
unsigned mask_sets(int opcode, int variant) {
    unsigned out = 0;
    const std::string list = kOpcodes[opcode].masks;
    for (std::size_t p = 0, q; p < list.size(); p = q + 1) {
        q = list.find(' ', p);
        if (q == std::string::npos) q = list.size();
        const Instr in =
            ptxv::parse(std::string(kVariants[variant].ptx) + " r1." + list.substr(p, q - p) + ", r2, r3, r4;");
        out |= 1u << in.mask;
    }
    return out;
}

}  // namespace

TEST_CASE("random_form: every drawn form is valid, of its variant, and its text decodes back to it",
          "[random_form]") {
    ptxv::SplitMix64 rng(0x666f726d);
    int bad = 0;
    for (int v = 0; v < kVariantCount; ++v) {
        for (int k = 0; k < 16; ++k) {
            const Instr form = ptxv::random_form(v, rng);
            const std::string text = ptxv::print(form);
            std::string error;
            const std::optional<Instr> in = ptxv::try_parse(text, &error);
            const bool ok = in && *in == form && ptxv::variant_of(*in) == v;
            if (ok || ++bad > 10) continue;
            const std::string got = in ? "decodes to " + ptxv::print(*in) + ", variant " +
                                             std::to_string(ptxv::variant_of(*in))
                                       : "rejected: " + error;
            INFO("variant " << v << " " << kVariants[v].ptx << ": " << text << "  " << got);
            CHECK(ok);
        }
    }
    CHECK(bad == 0);
}

TEST_CASE("random_form: every selector, d selector, mask, negation, operand count and immediate is drawn",
          "[random_form]") {
    std::vector<Seen> seen(kOpcodeCount);
    std::vector<int> first(kOpcodeCount, -1);
    std::vector<bool> has_po(kOpcodeCount, false), has_plain(kOpcodeCount, false);
    ptxv::SplitMix64 rng(0x7365656e);
    for (int v = 0; v < kVariantCount; ++v) {
        const int op = kVariants[v].opcode;
        if (first[op] < 0) first[op] = v;
        (kVariants[v].po ? has_po : has_plain)[op] = true;
        Seen& s = seen[op];
        const int lanes = ptxv::lanes_of(kOpcodes[op].geometry);
        for (int k = 0; k < 32; ++k) {
            const Instr in = ptxv::random_form(v, rng);
            s.c |= in.has_c ? 2u : 1u;
            const unsigned set = (in.neg_a ? 1u : 0u) | (in.neg_b ? 2u : 0u) | (in.neg_c ? 4u : 0u);
            (in.po ? s.neg_po : s.neg) |= 1u << set;
            const ptxv::Operand* src[3] = {&in.a, &in.b, &in.c};
            for (unsigned i = 0; i < 3; ++i) s.imm |= src[i]->kind == ptxv::Operand::Kind::imm ? 1u << i : 0u;
            if (in.geometry == Geometry::scalar) {
                if (in.a.kind == ptxv::Operand::Kind::reg) s.asel |= bit(in.asel);
                if (in.b.kind == ptxv::Operand::Kind::reg) s.bsel |= bit(in.bsel);
                if (in.has_c && in.c.kind == ptxv::Operand::Kind::reg) s.csel |= bit(in.csel);
                s.dsel |= bit(in.dsel);
                continue;
            }
            s.masks |= 1u << in.mask;
            const auto& info = kOpcodes[op];
            s.a_default |= same_lanes(lanes, in.simd_asel, info.default_asel) ? 1u : 2u;
            s.b_default |= same_lanes(lanes, in.simd_bsel, info.default_bsel) ? 1u : 2u;
            for (int i = 0; i < lanes; ++i) {
                s.a_lanes[static_cast<std::size_t>(i)] |= 1u << in.simd_asel[static_cast<std::size_t>(i)];
                s.b_lanes[static_cast<std::size_t>(i)] |= 1u << in.simd_bsel[static_cast<std::size_t>(i)];
            }
        }
    }

    for (int op = 0; op < kOpcodeCount; ++op) {
        const ptxv::spec::OpcodeInfo& info = kOpcodes[op];
        const Seen& s = seen[op];
        INFO(info.name);
        REQUIRE(first[op] >= 0);
        const bool c_optional = info.c_operand != ptxv::spec::COperand::required;
        CHECK(s.c == (c_optional ? 3u : 2u));
        CHECK(s.imm == (info.immediates ? 7u : 0u));
        if (info.negations != 0) {
            if (has_plain[op]) CHECK(s.neg == info.negations);
            if (has_po[op]) CHECK(s.neg_po == info.negations_po);
        } else {
            CHECK(s.neg == 1u);
            CHECK(s.neg_po == 0u);
        }
        if (info.geometry == Geometry::scalar) {
            CHECK(s.asel == (1u | info.source_sels));
            CHECK(s.bsel == (1u | info.source_sels));
            CHECK(s.dsel == (1u | info.dest_sels | info.ignored_dest_sels));
            CHECK(s.csel == (1u | info.ignored_c_sels));
            continue;
        }
        const int lanes = ptxv::lanes_of(info.geometry);
        CHECK(s.masks == mask_sets(op, first[op]));
        CHECK(s.a_default == 3u);
        CHECK(s.b_default == 3u);
        for (int i = 0; i < lanes; ++i) {
            // Any of the 2 x lanes elements of the pair {b:a} in every lane (R2).
            CHECK(s.a_lanes[static_cast<std::size_t>(i)] == (1u << (2 * lanes)) - 1);
            CHECK(s.b_lanes[static_cast<std::size_t>(i)] == (1u << (2 * lanes)) - 1);
        }
    }
}

TEST_CASE("random_form: a seed gives the same forms", "[random_form]") {
    ptxv::SplitMix64 r1(7), r2(7), r3(8);
    int differ = 0;
    for (int v = 0; v < kVariantCount; v += 3) {
        const Instr x = ptxv::random_form(v, r1);
        CHECK(ptxv::random_form(v, r2) == x);
        differ += ptxv::random_form(v, r3) == x ? 0 : 1;
    }
    // Another seed draws other forms (most parts have several choices).
    CHECK(differ > kVariantCount / 6);
}
