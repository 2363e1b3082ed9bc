// The runner of the array-form tests of one x86 target of the kernel library
// (PTXV_TEST_ISA: AVX2 or AVX-512), built without that target's flags so
// that it can say "skipped" on a CPU without it before any of its code runs.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>

#include "isa.hpp"

int main(int argc, char* argv[]) {
    if (!array_isa::cpu_has_target()) {
        std::printf("SKIPPED: this CPU has no %s\n", array_isa::kName);
        return 77;
    }
    return Catch::Session().run(argc, argv);
}
