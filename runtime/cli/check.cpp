// ptxv check [--vectors N] [--seed S]   the generated code against the interpreter
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "ptxv/check.hpp"

namespace ptxv_cli {
namespace {

// CLI11 reads "-5" into an unsigned option as 2^64-5 and saturates what does
// not fit, so `check --vectors -5` would run for ever: numbers are checked as
// text first.
CLI::Validator unsigned_decimal(std::uint64_t max) {
    return CLI::Validator(
        [max](std::string& s) -> std::string {
            const std::string expected = "expected a decimal number in [0, " + std::to_string(max) + "]";
            if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos) {
                return expected;
            }
            std::uint64_t v = 0;
            for (const char c : s) {
                const unsigned d = static_cast<unsigned>(c - '0');
                if (v > (UINT64_MAX - d) / 10) return expected;
                v = v * 10 + d;
            }
            return v > max ? expected : std::string();
        },
        "UINT");
}

constexpr std::uint64_t kMaxCheckVectors = 1000000000000ull;

struct CheckArgs {
    std::uint64_t vectors = 100000, seed = 1;
};

}  // namespace

Command add_check(CLI::App& app) {
    CLI::App* check = app.add_subcommand("check", "Compare the generated functions with the interpreter on random cases");
    check->footer(with_exit_status(
        "Draws random instructions of every variant (selectors, masks, negations, immediates) and random\n"
        "operand values, decodes each from its text and evaluates it with both engines, one value at a\n"
        "time and through the batch forms. Prints 'N variants, M vectors, K mismatches'; the first\n"
        "mismatches go to stderr as replayable 'ptxv eval' lines. The same seed gives the same cases.\n"
        "Exit status 1 on any mismatch."));
    auto args = std::make_shared<CheckArgs>();
    check->add_option("--vectors", args->vectors, "number of (instruction, a, b, c) cases, at most 10^12")
        ->check(unsigned_decimal(kMaxCheckVectors))
        ->capture_default_str();
    check->add_option("--seed", args->seed, "random seed, 0 to 2^64-1")
        ->check(unsigned_decimal(UINT64_MAX))
        ->capture_default_str();
    return {check, [args] {
                const ptxv::CheckResult r = ptxv::check_random(args->vectors, args->seed, std::cerr);
                std::cerr.flush();
                std::printf("%llu variants, %llu vectors, %llu mismatches\n",
                            static_cast<unsigned long long>(r.variants), static_cast<unsigned long long>(r.vectors),
                            static_cast<unsigned long long>(r.mismatches));
                return r.mismatches == 0 ? kExitOk : kExitFailed;
            }};
}

}  // namespace ptxv_cli
