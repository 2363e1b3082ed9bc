// The runner of the AVX2 array-form tests, built without -mavx2 so that it
// can say "skipped" on a CPU without AVX2 before any AVX2 code runs.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>

int main(int argc, char* argv[]) {
#if defined(__x86_64__) || defined(__i386__)
    if (!__builtin_cpu_supports("avx2")) {
        std::puts("SKIPPED: this CPU has no AVX2");
        return 77;
    }
#endif
    return Catch::Session().run(argc, argv);
}
