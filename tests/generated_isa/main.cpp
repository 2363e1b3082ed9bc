// The runner of the tests of the generated code built for one wider x86
// target (PTXV_TEST_ISA: AVX2 or AVX-512): the kernel library's array forms
// and the scalar families' per-word forms, whose helpers pick their idioms
// by target. Built without that target's flags, so that it can say "skipped"
// on a CPU without it before any of its code runs.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>

#include "isa.hpp"

int main(int argc, char* argv[]) {
    if (!generated_isa::cpu_has_target()) {
        std::printf("SKIPPED: this CPU has no %s\n", generated_isa::kName);
        return 77;
    }
    return Catch::Session().run(argc, argv);
}
