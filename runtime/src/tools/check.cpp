// ptxv: random differential check of the generated code against the
// reference interpreter.
//
// Instructions are drawn from the decode tables and written as text, so one
// run exercises the whole path an emulator takes (parse -> compile -> call)
// against the path the interpreter takes (parse -> interpret). One text is
// decoded per batch of vectors: decoding costs far more than evaluating.

#include "ptxv/check.hpp"
#include "ptxv/random.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "ptxv/compile.hpp"
#include "ptxv/instr.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv_tables.hpp"

namespace ptxv {
namespace {

using Rng = SplitMix64;

// Lane values where the arithmetic changes behaviour: zero, one, the signed
// and unsigned extremes and their neighbours, for a lane of `bits` bits.
std::uint32_t boundary_lane(Rng& rng, int bits) {
    const std::uint64_t top = std::uint64_t{1} << (bits - 1);
    const std::uint64_t all = (std::uint64_t{1} << bits) - 1;
    const std::uint64_t table[] = {0, 1, 2, top - 1, top, top + 1, all, all - 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff};
    std::uint64_t v = table[rng.below(sizeof table / sizeof table[0])];
    return static_cast<std::uint32_t>(v & all);
}

// A 32-bit operand value: each lane (of a randomly chosen width, so scalar
// byte/half-word selectors and both SIMD geometries meet boundaries) is a
// boundary value or random.
std::uint32_t biased_value(Rng& rng) {
    static constexpr int kWidths[] = {32, 16, 8};
    const int bits = kWidths[rng.below(3)];
    if (rng.chance(1, 8)) return rng.word();
    std::uint32_t v = 0;
    for (int shift = 0; shift < 32; shift += bits) {
        const std::uint32_t lane = rng.chance(1, 4) ? (rng.word() & static_cast<std::uint32_t>((std::uint64_t{1} << bits) - 1))
                                                 : boundary_lane(rng, bits);
        v |= lane << shift;
    }
    return v;
}

// A random member of a bit set over Sel, or Sel::none with probability 1/(n+1).
int random_sel(Rng& rng, std::uint16_t set) {
    int members[16];
    int n = 0;
    for (int k = 0; k < 16; ++k) {
        if ((set >> k & 1u) != 0) members[n++] = k;
    }
    const unsigned pick = rng.below(static_cast<unsigned>(n + 1));
    return pick == static_cast<unsigned>(n) ? 0 : members[pick];
}

std::vector<std::string_view> words(const char* list) {
    std::vector<std::string_view> out;
    std::string_view s = list;
    while (!s.empty()) {
        const std::size_t space = s.find(' ');
        if (space != 0) out.push_back(s.substr(0, space));
        if (space == std::string_view::npos) break;
        s.remove_prefix(space + 1);
    }
    return out;
}

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", static_cast<unsigned>(v));
    return buf;
}

// One random valid instruction of variant `index`. The values the immediates
// take are those of `imm` (a, b, c).
std::string random_text(int index, Rng& rng, const std::uint32_t (&imm)[3]) {
    const spec::VariantInfo& v = spec::kVariants[index];
    const spec::OpcodeInfo& info = spec::kOpcodes[v.opcode];
    const bool scalar = info.geometry == Geometry::scalar;
    // The variant's modifiers decide which operand forms are valid.
    const bool has_op2 = v.op2 != Op2::none, po = v.po;

    std::string s = v.ptx;
    s += " r1";
    bool need_c = info.c_operand == spec::COperand::required || has_op2;
    if (scalar) {
        // A merging d selector only without .op2; the ignored ones always.
        const std::uint16_t dsels =
            static_cast<std::uint16_t>(info.ignored_dest_sels | (has_op2 && info.exclusive_op2_dsel ? 0 : info.dest_sels));
        const int d = random_sel(rng, dsels);
        if (d != 0) {
            s += '.';
            s += kSelNames[d];
            if ((info.dest_sels >> d & 1u) != 0) need_c = true;
        }
    } else if (!rng.chance(1, 4)) {
        const std::vector<std::string_view> masks = words(info.masks);
        s += '.';
        s += masks[rng.below(static_cast<unsigned>(masks.size()))];
    }

    unsigned neg = 0;
    if (info.negations != 0) {
        const unsigned allowed = po ? info.negations_po : info.negations;
        unsigned sets[8];
        unsigned n = 0;
        for (unsigned k = 0; k < 8; ++k) {
            if ((allowed >> k & 1u) != 0) sets[n++] = k;
        }
        neg = sets[rng.below(n)];
    }
    const bool has_c = need_c || rng.chance(1, 2);

    const int lanes = lanes_of(info.geometry);
    const char* names[3] = {"r2", "r3", "r4"};
    for (int slot = 0; slot < (has_c ? 3 : 2); ++slot) {
        s += ", ";
        const bool negated = (neg >> slot & 1u) != 0;
        if (info.immediates && !negated && rng.chance(1, 8)) {
            s += hex(imm[slot]);
            continue;
        }
        if (negated) s += '-';
        s += names[slot];
        if (slot == 2) continue;
        if (scalar) {
            const int sel = random_sel(rng, info.source_sels);
            if (sel != 0) {
                s += '.';
                s += kSelNames[sel];
            }
        } else if (!rng.chance(1, 4)) {
            s += '.';
            s += info.selector_prefix;
            for (int i = 0; i < lanes; ++i) s += static_cast<char>('0' + rng.below(static_cast<unsigned>(2 * lanes)));
        }
    }
    s += ';';
    return s;
}

class Reporter {
public:
    Reporter(std::ostream& out, unsigned max) : out_(out), max_(max) {}

    void mismatch(const std::string& text, const Instr& in, std::uint32_t a, std::uint32_t b, std::uint32_t c,
                  std::uint32_t want, std::uint32_t got, const char* how) {
        if (++shown_ > max_) return;
        out_ << "mismatch (" << how << "): " << text << "  a=" << hex(a) << " b=" << hex(b);
        if (in.has_c) out_ << " c=" << hex(c);
        out_ << "  interp=" << hex(want) << " generated=" << hex(got) << "\n  replay: ptxv eval '" << text << "' "
             << hex(a) << ' ' << hex(b);
        if (in.has_c) out_ << ' ' << hex(c);
        out_ << "   (with --engine generated for the generated result)\n";
    }

    void failure(const std::string& text, const std::string& why) {
        if (++shown_ > max_) return;
        out_ << "error: " << text << ": " << why << '\n';
    }

    void finish() const {
        if (shown_ > max_) out_ << "... " << (shown_ - max_) << " more not shown\n";
    }

private:
    std::ostream& out_;
    unsigned max_;
    std::uint64_t shown_ = 0;
};

}  // namespace

CheckResult check_random(std::uint64_t vectors, std::uint64_t seed, std::ostream& report, unsigned max_reports) {
    Rng rng(seed);
    Reporter reporter(report, max_reports);
    CheckResult result;

    // Enough instructions that every variant is drawn with several
    // selector/mask/negation choices, and enough vectors per instruction
    // that decoding does not dominate.
    const std::uint64_t per_instr =
        std::clamp<std::uint64_t>(vectors / (4 * static_cast<std::uint64_t>(spec::kVariantCount)), 1, 64);
    std::vector<bool> seen(static_cast<std::size_t>(spec::kVariantCount), false);
    std::vector<std::uint32_t> av, bv, cv, want, got;
    std::vector<bool> bad;

    std::uint64_t done = 0;
    for (std::uint64_t round = 0; done < vectors; ++round) {
        const int index = static_cast<int>(round % static_cast<std::uint64_t>(spec::kVariantCount));
        const std::uint64_t n = std::min(per_instr, vectors - done);
        done += n;
        result.vectors += n;
        if (!seen[static_cast<std::size_t>(index)]) {
            seen[static_cast<std::size_t>(index)] = true;
            ++result.variants;
        }

        const std::uint32_t imm[3] = {biased_value(rng), biased_value(rng), biased_value(rng)};
        const std::string text = random_text(index, rng, imm);
        Instr in;
        Compiled f;
        try {
            in = parse(text);
            f = compile(in);
        } catch (const std::exception& e) {
            reporter.failure(text, e.what());
            result.mismatches += n;
            continue;
        }
        if (f.variant_index() != static_cast<std::size_t>(index)) {
            reporter.failure(text, std::string("dispatched to ") + f.function_name() + ", expected " +
                                       spec::kVariants[index].function);
            result.mismatches += n;
            continue;
        }

        bad.assign(n, false);
        av.resize(n);
        bv.resize(n);
        cv.resize(n);
        want.resize(n);
        got.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            av[i] = operand_value(in.a, biased_value(rng));
            bv[i] = operand_value(in.b, biased_value(rng));
            // Without operand c the instruction reads none; 0 is what
            // `ptxv eval` passes then, so the replay line reproduces the case.
            cv[i] = in.has_c ? operand_value(in.c, biased_value(rng)) : 0;
            want[i] = interpret(in, av[i], bv[i], cv[i]);
            const std::uint32_t d = f(av[i], bv[i], cv[i]);
            if (d != want[i]) {
                bad[i] = true;
                reporter.mismatch(text, in, av[i], bv[i], cv[i], want[i], d, "one value");
            }
        }
        // The batch forms, on the same vectors: with per-element c, and with
        // one c for all (which the instruction's c then takes).
        if (round % 2 == 0) {
            f.run(av.data(), bv.data(), cv.data(), got.data(), n);
            for (std::size_t i = 0; i < n; ++i) {
                if (got[i] != want[i]) {
                    bad[i] = true;
                    reporter.mismatch(text, in, av[i], bv[i], cv[i], want[i], got[i], "batch");
                }
            }
        } else {
            const std::uint32_t c0 = cv[0];
            f.run(av.data(), bv.data(), c0, got.data(), n);
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint32_t w = cv[i] == c0 ? want[i] : interpret(in, av[i], bv[i], c0);
                if (got[i] != w) {
                    bad[i] = true;
                    reporter.mismatch(text, in, av[i], bv[i], c0, w, got[i], "batch, one c");
                }
            }
        }
        result.mismatches += static_cast<std::uint64_t>(std::count(bad.begin(), bad.end(), true));
    }
    reporter.finish();
    return result;
}

}  // namespace ptxv
