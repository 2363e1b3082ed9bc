// ptxv: random differential check of the generated code against the
// reference interpreter.
//
// Instructions are drawn from the decode tables (ptxv::random_form) and
// written as text, so one run exercises the whole path an emulator takes
// (parse -> compile -> call) against the path the interpreter takes
// (parse -> interpret). One text is decoded per batch of vectors: decoding
// costs far more than evaluating.

#include "ptxv/check.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <ostream>
#include <string>
#include <vector>

#include "ptxv/compile.hpp"
#include "ptxv/instr.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_tables.hpp"

namespace ptxv {
namespace {

using Rng = SplitMix64;

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", static_cast<unsigned>(v));
    return buf;
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

        const std::string text = print(random_form(index, rng));
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
            av[i] = operand_value(in.a, biased_word(rng));
            bv[i] = operand_value(in.b, biased_word(rng));
            // Without operand c the instruction reads none; 0 is what
            // `ptxv eval` passes then, so the replay line reproduces the case.
            cv[i] = in.has_c ? operand_value(in.c, biased_word(rng)) : 0;
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
