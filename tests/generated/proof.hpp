// Shared machinery of the proof tests: the generated functions, reached
// through ptxv::compile, against the reference interpreter.
//
// Checking is done without a Catch assertion per vector (that would cost more
// than the evaluation itself): each mismatch is reported with INFO and a
// failing CHECK, up to kMaxReports per test case, and every test case ends
// with one CHECK that its tally has no mismatch. The INFO lines give the
// instruction text and the values as a `ptxv eval` command line.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ptxv/compile.hpp"
#include "ptxv/instr.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_tables.hpp"

namespace proof {

using u32 = std::uint32_t;
using ptxv::Instr;
using ptxv::spec::kOpcodes;
using ptxv::spec::kVariantCount;
using ptxv::spec::kVariants;

constexpr int kMaxReports = 10;

// The project's one generator (ptxv/random.hpp).
using Rng = ptxv::SplitMix64;

inline std::string hex(u32 v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", static_cast<unsigned>(v));
    return buf;
}

inline const ptxv::spec::OpcodeInfo& opcode_of(int variant) { return kOpcodes[kVariants[variant].opcode]; }

// The variants of a family ("vop4"), in kVariants order.
inline std::vector<int> family_variants(std::string_view family) {
    std::vector<int> out;
    for (int i = 0; i < kVariantCount; ++i) {
        if (family == opcode_of(i).family) out.push_back(i);
    }
    return out;
}

// The variants an opcode's axes give, multiplied out: dtype, atype, btype,
// compare, shift mode, .po, .shrN, then plain, .sat and the secondary
// operations, .sat never with one where the opcode excludes it. The tests
// check the tables' variant lists against it instead of restating counts.
inline std::size_t axes_variants(const ptxv::spec::OpcodeInfo& op) {
    const auto bits = [](unsigned x) {
        std::size_t n = 0;
        for (; x != 0; x &= x - 1) ++n;
        return n;
    };
    const auto at_least_one = [](std::size_t n) { return n == 0 ? std::size_t{1} : n; };
    const std::size_t sat = op.sat ? 1 : 0, op2 = bits(op.op2s);
    const std::size_t tail = (1 + sat) * (1 + op2) - (op.exclusive_sat_op2 ? sat * op2 : 0);
    return at_least_one(bits(op.dtypes)) * bits(op.atypes) * bits(op.btypes) * at_least_one(bits(op.cmps)) *
           at_least_one(bits(op.modes)) * (op.po ? 2 : 1) * (1 + bits(op.scales)) * tail;
}
// The same over the opcodes of one lane geometry.
inline std::size_t axes_variants(ptxv::Geometry g) {
    std::size_t n = 0;
    for (int o = 0; o < ptxv::spec::kOpcodeCount; ++o)
        if (ptxv::spec::kOpcodes[o].geometry == g) n += axes_variants(ptxv::spec::kOpcodes[o]);
    return n;
}

// A family of the spec, from the tables: its variants, how many its opcodes'
// axes give (axes_variants), and a seed of the family name's characters, so
// that each family draws its own values.
struct Family {
    std::string name;
    ptxv::Geometry geometry;
    std::vector<int> variants;
    std::size_t expected;
    std::uint64_t seed;
};

// The scalar (simd false) or SIMD families, in spec order.
inline std::vector<Family> families(bool simd) {
    std::vector<Family> out;
    for (int o = 0; o < ptxv::spec::kOpcodeCount; ++o) {
        const ptxv::spec::OpcodeInfo& op = ptxv::spec::kOpcodes[o];
        if ((op.geometry != ptxv::Geometry::scalar) != simd) continue;
        if (out.empty() || out.back().name != op.family) {
            std::uint64_t seed = 0;
            for (const char* q = op.family; *q != '\0'; ++q) seed = (seed << 8) | static_cast<unsigned char>(*q);
            out.push_back({op.family, op.geometry, family_variants(op.family), 0, seed});
        }
        out.back().expected += axes_variants(op);
    }
    return out;
}

// The position in kVariants of the variant spelled `ptx` ("vadd.s32.s32.s32.sat"), or -1.
inline int variant_named(std::string_view ptx) {
    for (int v = 0; v < kVariantCount; ++v)
        if (ptx == kVariants[v].ptx) return v;
    return -1;
}

// `n` variants spread evenly over `all` (all of them if fewer).
inline std::vector<int> sample(const std::vector<int>& all, std::size_t n) {
    if (all.size() <= n) return all;
    std::vector<int> out;
    for (std::size_t i = 0; i < n; ++i) out.push_back(all[i * all.size() / n]);
    return out;
}

// Whether the variant has a secondary operation (.add/.min/.max).
inline bool has_op2(int variant) {
    std::string_view rest = kVariants[variant].ptx;
    while (!rest.empty()) {
        const std::size_t dot = rest.find('.');
        if (dot == std::string_view::npos) break;
        rest.remove_prefix(dot + 1);
        const std::string_view part = rest.substr(0, rest.find('.'));
        if (part == "add" || part == "min" || part == "max") return true;
    }
    return false;
}

// Variant `v` decoded with default selectors and all four operands.
inline Instr base(int variant) {
    return ptxv::parse(std::string(kVariants[variant].ptx) + " r1, r2, r3, r4;");
}

inline void set_negations(Instr& in, unsigned set) {
    in.neg_a = in.a.neg = (set & 1u) != 0;
    in.neg_b = in.b.neg = (set & 2u) != 0;
    in.neg_c = in.c.neg = (set & 4u) != 0;
}

// SIMD selector from the rt:: encoding (one hex digit per lane, lane 0 lowest).
inline void set_simd(std::array<std::uint8_t, 4>& sel, unsigned code, int lanes) {
    for (int i = 0; i < lanes; ++i) sel[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(code >> (4 * i) & 0xf);
}

// Mismatch count and vector count of one test case.
struct Tally {
    std::uint64_t vectors = 0;
    std::uint64_t mismatches = 0;

    void report(const Instr& in, u32 a, u32 b, u32 c, u32 want, u32 got, const char* form) {
        ++mismatches;
        if (mismatches > static_cast<std::uint64_t>(kMaxReports)) return;
        const std::string text = ptxv::print(in);
        INFO(form << ": " << text << "  a=" << hex(a) << " b=" << hex(b) << " c=" << hex(c)
                  << "  interp=" << hex(want) << " generated=" << hex(got));
        INFO("replay: ptxv eval '" << text << "' " << hex(a) << ' ' << hex(b) << (in.has_c ? " " + hex(c) : ""));
        CHECK(hex(got) == hex(want));
    }

    void finish() const {
        INFO(vectors << " vectors, " << mismatches << " mismatches");
        CHECK(mismatches == 0);
    }
};

// A compile-time form (constant selectors) as a function of a, b and c: a
// captureless lambda that calls it. Sweeps take it as such a pointer, so that
// each form is compiled once, as a function of its own, and the sweep's loop
// once for all forms.
using ConstForm = u32 (*)(u32, u32, u32);

// The per-word forms to check in place of the library's, by variant: entry v
// is variant v's rt:: form (null where not given). tests/generated_isa/
// builds such a table for a wider x86 target than the library's.
using WordForms = const ptxv::OneFn*;

// One decoded instruction and its compiled form, or the form from `given`
// called with the compiled parameters.
class Prover {
public:
    Prover(const Instr& in, Tally& tally, WordForms given = nullptr)
        : in_(in), f_(ptxv::compile(in_)), tally_(tally), word_(given ? given[f_.variant_index()] : nullptr) {}

    const Instr& instr() const { return in_; }
    const ptxv::Compiled& compiled() const { return f_; }

    void check(u32 a, u32 b, u32 c) {
        ++tally_.vectors;
        const u32 want = ptxv::interpret(in_, a, b, c);
        const u32 got = word_ ? word_(a, b, c, f_.asel(), f_.bsel(), f_.x()) : f_(a, b, c);
        if (got != want) tally_.report(in_, a, b, c, want, got, word_ ? "rt (given)" : "rt");
    }

    // The batch forms on the same vectors.
    void check_batch(const std::vector<u32>& a, const std::vector<u32>& b, const std::vector<u32>& c) {
        const std::size_t n = a.size();
        std::vector<u32> d(n), d1(n);
        f_.run(a.data(), b.data(), c.data(), d.data(), n);
        f_.run(a.data(), b.data(), c.empty() ? 0u : c[0], d1.data(), n);
        for (std::size_t i = 0; i < n; ++i) {
            tally_.vectors += 2;
            const u32 want = ptxv::interpret(in_, a[i], b[i], c[i]);
            if (d[i] != want) tally_.report(in_, a[i], b[i], c[i], want, d[i], "batch");
            const u32 want1 = ptxv::interpret(in_, a[i], b[i], c[0]);
            if (d1[i] != want1) tally_.report(in_, a[i], b[i], c[0], want1, d1[i], "batch with one c");
        }
    }

private:
    Instr in_;
    ptxv::Compiled f_;
    Tally& tally_;
    ptxv::OneFn word_;
};

// Lane values where the arithmetic changes behaviour, for a lane of `bits`.
inline std::vector<u32> lane_edges(int bits) {
    const std::uint64_t top = std::uint64_t{1} << (bits - 1);
    const std::uint64_t all = (std::uint64_t{1} << bits) - 1;
    const std::uint64_t raw[] = {0,          1,    2,      top - 2, top - 1, top,    top + 1, all - 1,
                                 all,        0x7f, 0x80,   0xff,    0x100,   0x7fff, 0x8000,  0xffff,
                                 0x7fffffff, 0x80000000, 0xffffffff};
    std::vector<u32> out;
    for (std::uint64_t v : raw) {
        if (v > all) continue;
        bool dup = false;
        for (u32 o : out) dup = dup || o == v;
        if (!dup) out.push_back(static_cast<u32>(v));
    }
    return out;
}

// 32-bit words whose every byte, half-word, and the word itself run through
// the lane boundaries (each placed in each position, the rest 0 or all ones).
inline std::vector<u32> word_edges() {
    std::vector<u32> out;
    auto add = [&](u32 v) {
        for (u32 o : out)
            if (o == v) return;
        out.push_back(v);
    };
    for (u32 v : lane_edges(32)) add(v);
    for (u32 v : lane_edges(16)) {
        add(v << 16);
        add((v << 16) | 0xffffu);
        add(0xffff0000u | v);
    }
    for (u32 v : lane_edges(8)) {
        for (int s = 8; s < 32; s += 8) add(v << s);
        add(v * 0x01010101u);
    }
    for (u32 v : {0x7fff8000u, 0x80007fffu, 0x807f01ffu, 0x7f80ff01u, 0x00ff7f80u, 0x12345678u}) add(v);
    return out;
}

// A value biased towards boundaries: each lane of a random width is a
// boundary value or random.
inline u32 biased(Rng& rng) {
    static const std::vector<u32> edges[3] = {lane_edges(32), lane_edges(16), lane_edges(8)};
    const unsigned g = rng.below(4);
    if (g == 3) return rng.word();
    const int bits = g == 0 ? 32 : g == 1 ? 16 : 8;
    u32 v = 0;
    for (int s = 0; s < 32; s += bits) {
        const u32 mask = static_cast<u32>((std::uint64_t{1} << bits) - 1);
        const u32 lane = rng.below(4) == 0 ? (rng.word() & mask)
                                           : edges[g][rng.below(static_cast<unsigned>(edges[g].size()))];
        v |= lane << s;
    }
    return v;
}

// Every valid scalar parameter form of a variant: each a and b selector
// (none, .b0-.b3, .h0, .h1) with each d selector (merging or ignored; only the
// ignored ones beside .op2) or, for vmad, each allowed negation set.
inline std::vector<Instr> scalar_forms(int variant) {
    const auto& info = opcode_of(variant);
    const Instr in0 = base(variant);
    std::vector<unsigned> xs;
    const bool mad = info.operation == ptxv::Operation::mad;
    if (mad) {
        const unsigned allowed = in0.po ? info.negations_po : info.negations;
        for (unsigned s = 0; s < 8; ++s)
            if ((allowed >> s & 1u) != 0) xs.push_back(s);
    } else {
        const unsigned dsels = info.ignored_dest_sels | (has_op2(variant) ? 0u : info.dest_sels);
        xs.push_back(0);
        for (unsigned s = 1; s < 16; ++s)
            if ((dsels >> s & 1u) != 0) xs.push_back(s);
    }
    std::vector<Instr> out;
    unsigned k = 0;
    for (unsigned as = 0; as <= 6; ++as) {
        for (unsigned bs = 0; bs <= 6; ++bs) {
            for (unsigned x : xs) {
                Instr in = in0;
                in.asel = static_cast<ptxv::Sel>(as);
                in.bsel = static_cast<ptxv::Sel>(bs);
                if (mad) {
                    set_negations(in, x);
                    // The ignored d selectors (R16), spread over the forms.
                    static constexpr ptxv::Sel kIgnored[] = {ptxv::Sel::none, ptxv::Sel::b01, ptxv::Sel::b12,
                                                             ptxv::Sel::b23};
                    in.dsel = kIgnored[k++ % 4];
                } else {
                    in.dsel = static_cast<ptxv::Sel>(x);
                }
                out.push_back(in);
            }
        }
    }
    return out;
}

// The byte-lane masks of the SIMD byte forms, as lane bit sets.
inline std::vector<unsigned> mask_sets(int variant) {
    std::vector<unsigned> out;
    std::string_view s = opcode_of(variant).masks;
    while (!s.empty()) {
        const std::size_t space = s.find(' ');
        const std::string_view w = s.substr(0, space);
        unsigned bits = 0;
        for (std::size_t i = 1; i < w.size(); ++i) bits |= 1u << (w[i] - '0');
        out.push_back(bits);
        if (space == std::string_view::npos) break;
        s.remove_prefix(space + 1);
    }
    return out;
}

// ---------------------------------------------------------------------------
// Sweeps shared by the scalar families.

// Boundary words crossed for a and b (and c from a shorter list for the forms
// that read c), with the parameter forms taken in turn; then every parameter
// form against a smaller boundary cross. `given`: see Prover.
inline void scalar_boundary_sweep(const std::vector<int>& variants, Tally& tally, WordForms given = nullptr) {
    const std::vector<u32> words = word_edges();
    const std::vector<u32> small = {0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000,
                                    0xffffffff, 0x80ff7f01, 0x7f80ff00, 0x01807fff};
    const std::vector<u32> cs = {0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 0xff, 0xffff, 0x12345678};
    for (int v : variants) {
        std::vector<Prover> forms;
        for (const Instr& in : scalar_forms(v)) forms.emplace_back(in, tally, given);
        // c is crossed where every form reads it; where only the merging
        // d selectors read it, it is taken in turn.
        const bool reads_c = has_op2(v) || opcode_of(v).operation == ptxv::Operation::mad;
        std::size_t k = 0, j = 0;
        for (u32 a : words) {
            for (u32 b : words) {
                if (reads_c) {
                    for (u32 c : cs) forms[k++ % forms.size()].check(a, b, c);
                } else {
                    forms[k++ % forms.size()].check(a, b, cs[j++ % cs.size()]);
                }
            }
        }
        for (Prover& p : forms) {
            std::size_t j = 0;
            for (u32 a : small)
                for (u32 b : small) p.check(a, b, cs[j++ % cs.size()]);
        }
    }
}

// Every (x, y) byte pair for a .bI selector on a and a .bJ selector on b, the
// other bytes random, for the given variants and their d forms taken in turn.
// `given`: see Prover.
inline void scalar_byte_pairs(const std::vector<int>& variants, Tally& tally, std::uint64_t seed,
                              WordForms given = nullptr) {
    Rng rng(seed);
    for (int v : variants) {
        const unsigned ai = 1 + static_cast<unsigned>(v) % 4, bi = 1 + static_cast<unsigned>(v / 4) % 4;
        std::vector<Prover> forms;
        for (const Instr& in : scalar_forms(v)) {
            if (in.asel == static_cast<ptxv::Sel>(ai) && in.bsel == static_cast<ptxv::Sel>(bi))
                forms.emplace_back(in, tally, given);
        }
        const unsigned as = (ai - 1) * 8, bs = (bi - 1) * 8;
        std::size_t k = 0;
        for (u32 x = 0; x < 256; ++x) {
            for (u32 y = 0; y < 256; ++y) {
                const u32 noise = rng.word();
                const u32 a = (noise & ~(0xffu << as)) | (x << as);
                const u32 b = ((noise * 0x9e3779b9u) & ~(0xffu << bs)) | (y << bs);
                forms[k++ % forms.size()].check(a, b, rng.word());
            }
        }
    }
}

// Seeded random vectors: every variant, `per_variant` vectors each over random
// forms (ptxv::random_form: selectors, d selectors, negations, operand counts,
// immediates), 16 vectors a form, some through the batch forms (not where
// `given` holds the per-word forms to check; see Prover). Returns the vector
// count. Scalar and SIMD variants alike.
inline std::uint64_t random_vectors(const std::vector<int>& variants, Tally& tally, std::uint64_t seed,
                                    std::size_t per_variant, WordForms given = nullptr) {
    Rng rng(seed);
    const std::uint64_t before = tally.vectors;
    for (int v : variants) {
        for (std::size_t done = 0; done < per_variant; done += 16) {
            Prover p(ptxv::random_form(v, rng), tally, given);
            const Instr& in = p.instr();
            std::vector<u32> a(16), b(16), c(16);
            for (std::size_t i = 0; i < 16; ++i) {
                // An immediate is the operand's value; without c the
                // instruction reads none, and 0 is what the replay line passes.
                a[i] = ptxv::operand_value(in.a, biased(rng));
                b[i] = ptxv::operand_value(in.b, biased(rng));
                c[i] = in.has_c ? ptxv::operand_value(in.c, biased(rng)) : 0u;
                p.check(a[i], b[i], c[i]);
            }
            if (given == nullptr && (done / 16) % 4 == 0) p.check_batch(a, b, c);
        }
    }
    return tally.vectors - before;
}

// ---------------------------------------------------------------------------
// Sweeps shared by the SIMD families.

inline unsigned lanes_of_variant(int v) { return static_cast<unsigned>(ptxv::lanes_of(opcode_of(v).geometry)); }

// A SIMD parameter form: selectors in the rt:: encoding and a lane bit set.
inline Instr simd_form(int variant, unsigned asel, unsigned bsel, unsigned mask) {
    Instr in = base(variant);
    const int lanes = ptxv::lanes_of(in.geometry);
    set_simd(in.simd_asel, asel, lanes);
    set_simd(in.simd_bsel, bsel, lanes);
    in.mask = static_cast<std::uint8_t>(mask);
    return in;
}

// Every pair of lane values in every lane at once: a = x in all lanes,
// b = y in all lanes (or the other way round, with selectors reading Va
// from b and Vb from a), so whatever permutation the selectors make, lane i
// computes op(x, y). The selectors (a's lanes for Va, b's for Vb, permuted
// and repeated), the masks, and c change from vector to vector.
inline void simd_pair_sweep(const std::vector<int>& variants, const std::vector<u32>& lane_values, Tally& tally,
                            std::uint64_t seed) {
    Rng rng(seed);
    for (int v : variants) {
        const unsigned lanes = lanes_of_variant(v);
        const u32 splat = lanes == 4 ? 0x01010101u : 0x00010001u;
        const std::vector<unsigned> masks = mask_sets(v);
        std::vector<Prover> forms;
        std::vector<bool> swapped;
        const unsigned configs = lanes == 4 ? 60 : 48;
        for (unsigned j = 0; j < configs; ++j) {
            const bool swap = j % 2 == 1;
            unsigned as = 0, bs = 0;
            for (unsigned i = 0; i < lanes; ++i) {
                // Own-operand elements: 0..lanes-1 are a's, lanes..2*lanes-1 are b's.
                unsigned ea = j == 0 ? i : rng.below(lanes);
                unsigned eb = lanes + (j == 0 ? i : rng.below(lanes));
                if (swap) std::swap(ea, eb);
                as |= ea << (4 * i);
                bs |= eb << (4 * i);
            }
            forms.emplace_back(simd_form(v, as, bs, j == 0 ? masks.back() : masks[j % masks.size()]), tally);
            swapped.push_back(swap);
        }
        std::size_t k = 0;
        for (u32 x : lane_values) {
            for (u32 y : lane_values) {
                const std::size_t j = k++ % forms.size();
                const u32 c = rng.word();
                if (swapped[j]) {
                    forms[j].check(y * splat, x * splat, c);
                } else {
                    forms[j].check(x * splat, y * splat, c);
                }
            }
        }
    }
}

// Every a selector and every b selector: for each variant, selector code s
// on a and a permutation of s on b, `per_form` biased random vectors each,
// masks in turn.
inline void simd_selector_sweep(const std::vector<int>& variants, Tally& tally, std::uint64_t seed,
                                unsigned per_form) {
    Rng rng(seed);
    for (int v : variants) {
        const unsigned lanes = lanes_of_variant(v);
        const unsigned digit_bits = lanes == 4 ? 3 : 2;
        const unsigned count = 1u << (digit_bits * lanes);
        const std::vector<unsigned> masks = mask_sets(v);
        auto code = [&](unsigned s) {
            unsigned c = 0;
            for (unsigned i = 0; i < lanes; ++i) c |= ((s >> (digit_bits * i)) & ((1u << digit_bits) - 1)) << (4 * i);
            return c;
        };
        for (unsigned s = 0; s < count; ++s) {
            // An odd multiplier permutes 0..count-1, so b also meets every selector.
            const unsigned t = (s * 2731u + 1234u + static_cast<unsigned>(v)) & (count - 1);
            Prover p(simd_form(v, code(s), code(t), masks[(s + static_cast<unsigned>(v)) % masks.size()]), tally);
            for (unsigned i = 0; i < per_form; ++i) p.check(biased(rng), biased(rng), rng.word());
        }
    }
}


// ---- Array-shaped inputs, for the forms that take a, b, c and d as arrays.

// SIMD lane values where saturation, sign and rounding change; for
// half-words also the patterns that straddle a byte boundary, which a
// byte-wise kernel could mistake.
inline const std::vector<u32>& simd_edges(unsigned bits) {
    static const std::vector<u32> b8 = lane_edges(8);
    static const std::vector<u32> b16 = [] {
        std::vector<u32> v = lane_edges(16);
        for (u32 x : {0xff00u, 0x7f80u, 0x807fu, 0x80ffu, 0xff7fu, 0x0180u}) v.push_back(x);
        return v;
    }();
    return bits == 8 ? b8 : b16;
}

// The half-word lane values the pair sweeps cross (all 2^32 pairs are out of
// reach): simd_edges(16), padded with random values to 160.
inline std::vector<u32> half_pair_values() {
    std::vector<u32> values = simd_edges(16);
    Rng rng(0x68616c66);
    while (values.size() < 160) values.push_back(rng.word() & 0xffffu);
    return values;
}

// A word whose lanes are mostly edge values, some random; now and then a
// biased() word, so lanes of the other width also meet their edges.
inline u32 lane_word(Rng& rng, unsigned lanes) {
    if (rng.below(8) == 0) return biased(rng);
    const unsigned bits = 32 / lanes;
    const std::vector<u32>& e = simd_edges(bits);
    const u32 lane_mask = static_cast<u32>((std::uint64_t{1} << bits) - 1);
    u32 w = 0;
    for (unsigned i = 0; i < lanes; ++i) {
        const u32 x = rng.below(4) == 0 ? rng.word() & lane_mask : e[rng.below(static_cast<unsigned>(e.size()))];
        w |= x << (bits * i);
    }
    return w;
}

// An input of n words that starts `offset` words into its allocation, so
// that vector loads are unaligned, and ends exactly at its end, so that a
// read past element n-1 is a heap overflow under ASan. (One spare word keeps
// the n = 0, offset = 0 pointer from being null.)
class Input {
public:
    template <class Fill>
    Input(std::size_t offset, std::size_t n, Fill fill) : buf_(offset + n + (offset + n == 0 ? 1 : 0)), offset_(offset) {
        for (u32& x : buf_) x = fill();
    }
    const u32* data() const { return buf_.data() + offset_; }

private:
    std::vector<u32> buf_;
    std::size_t offset_;
};

// An output of n words, `offset` words after `guard` sentinel words and
// followed by `guard` more: a store outside d[0..n) changes a sentinel.
class GuardedOutput {
public:
    static constexpr u32 kSentinel = 0xdeadbeefu;
    GuardedOutput(std::size_t guard, std::size_t offset, std::size_t n)
        : buf_(guard + offset + n + guard, kSentinel), start_(guard + offset), n_(n) {}
    u32* data() { return buf_.data() + start_; }

    // Each changed sentinel is a mismatch of `t`, reported as the element
    // of d it lies at.
    void check_guards(const Instr& in, const std::string& where, Tally& t) const {
        for (std::size_t j = 0; j < buf_.size(); ++j) {
            if ((j >= start_ && j < start_ + n_) || buf_[j] == kSentinel) continue;
            ++t.mismatches;
            if (t.mismatches > static_cast<std::uint64_t>(kMaxReports)) continue;
            const long rel = static_cast<long>(j) - static_cast<long>(start_);
            INFO(where << ": " << ptxv::print(in) << " wrote " << hex(buf_[j]) << " to d[" << rel << "], outside d[0.."
                       << n_ << ")");
            CHECK(hex(buf_[j]) == hex(kSentinel));
        }
    }

private:
    std::vector<u32> buf_;
    std::size_t start_, n_;
};

// Boundary words crossed for a and b, c taken in turn from the same list, the
// parameter forms (`forms`, already compiled) taken in turn.
inline void word_cross(std::vector<Prover>& forms, const std::vector<u32>& words) {
    std::size_t k = 0, j = 0;
    for (u32 a : words) {
        for (u32 b : words) {
            forms[k++ % forms.size()].check(a, b, words[(j += 7) % words.size()]);
        }
    }
}

// Words made of the given lane values, every combination over the lanes.
inline std::vector<u32> lane_words(const std::vector<u32>& lane_values, unsigned lanes) {
    std::vector<u32> out{0};
    const unsigned bits = 32 / lanes;
    for (unsigned i = 0; i < lanes; ++i) {
        std::vector<u32> next;
        for (u32 w : out)
            for (u32 v : lane_values) next.push_back(w | (v << (bits * i)));
        out.swap(next);
    }
    return out;
}

// Every (a selector, b selector, mask) form of a half-word variant.
inline std::vector<Prover> half_forms(int variant, Tally& tally) {
    std::vector<Prover> forms;
    for (unsigned mask : mask_sets(variant))
        for (unsigned s = 0; s < 16; ++s)
            for (unsigned t = 0; t < 16; ++t)
                forms.emplace_back(simd_form(variant, (s & 3) | (s >> 2) << 4, (t & 3) | (t >> 2) << 4, mask), tally);
    return forms;
}

// SIMD forms: `count` random forms (ptxv::random_form), with the masks taken
// in turn instead of drawn, so that every mask is met.
inline std::vector<Prover> simd_random_forms(int variant, Tally& tally, Rng& rng, unsigned count) {
    std::vector<Prover> forms;
    const std::vector<unsigned> masks = mask_sets(variant);
    for (unsigned j = 0; j < count; ++j) {
        Instr in = ptxv::random_form(variant, rng);
        in.mask = static_cast<std::uint8_t>(masks[j % masks.size()]);
        forms.emplace_back(in, tally);
    }
    return forms;
}

// A compile-time form called directly (`fn`, a lambda around the template
// call), against the interpreter on the equivalent text: `n` biased random
// vectors plus the boundary words crossed.
template <class Fn>
void check_fn(const char* text, Fn fn, Tally& tally, Rng& rng, unsigned n = 4096) {
    const Instr in = ptxv::parse(text);
    auto one = [&](u32 a, u32 b, u32 c) {
        ++tally.vectors;
        const u32 want = ptxv::interpret(in, a, b, c);
        const u32 got = fn(a, b, c);
        if (got != want) tally.report(in, a, b, c, want, got, "compile-time form");
    };
    for (unsigned i = 0; i < n; ++i) one(biased(rng), biased(rng), biased(rng));
    static const std::vector<u32> words = word_edges();
    std::size_t j = 0;
    for (u32 a : words)
        for (u32 b : words) one(a, b, words[(j += 5) % words.size()]);
}

}  // namespace proof

// Checks the compile-time call EXPR (over a, b, c) against the text TEXT.
#define PROOF_CT(TEXT, EXPR, TALLY, RNG) \
    ::proof::check_fn(TEXT, [](::proof::u32 a, ::proof::u32 b, ::proof::u32 c) { return (EXPR); }, TALLY, RNG)
