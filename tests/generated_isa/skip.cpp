// The executables of the tests of the generated code built for one x86 target
// above the baseline (PTXV_TEST_ISA: SSSE3, AVX2 or AVX-512): the kernel
// library's array forms and the scalar families' per-word forms, whose helpers
// pick their idioms by target. Their runner is tests/main.cpp's; this unit,
// built without the target's flags, says "skipped" on a CPU without it before
// any of the target's code runs.
#include <cstdio>
#include <cstdlib>

#include "isa.hpp"

namespace {

// The test files' static initializers (Catch's registrations) are compiled
// with the target's flags and may use its instructions: an AddressSanitizer
// build's did, and stopped on SIGILL on a CPU without AVX-512. So the CPU is
// checked in a constructor of high priority, which runs before the ordinary
// static initializers of every unit.
__attribute__((constructor(101))) void skip_without_target() {
    __builtin_cpu_init();  // constructors may run before the library's CPU detection
    if (!generated_isa::cpu_has_target()) {
        std::printf("SKIPPED: this CPU has no %s\n", generated_isa::kName);
        std::fflush(stdout);
        std::_Exit(77);
    }
}

}  // namespace
