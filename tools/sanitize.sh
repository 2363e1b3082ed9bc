#!/usr/bin/env bash
# Builds everything with AddressSanitizer + UndefinedBehaviorSanitizer in
# build-asan/ and runs the ctest suite there. Any sanitizer report fails the
# test that triggered it: UBSan halts on the first error, and LeakSanitizer
# (part of ASan) fails a process that leaks at exit.
#
#   bash tools/sanitize.sh [extra ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

# Left out here, and why (each runs in the normal build of tools/test.sh):
#   branchfree_*, header_standalone_*, header_nvcc_sm90, array_standalone_*,
#     array_paths, hip_pk16_host: they compile the generated headers with the
#     system compilers and inspect or run the result; the sanitizer flags of
#     this build never reach that code, so running them again would only cost
#     CI time;
#   hip_device_code: likewise for hipcc's AMD code (the `ptxv translate
#     --guard` it runs on two sources is run under the sanitizers by the
#     translate tests, translate_cli and example_translate_*);
#   explain_c_agrees: likewise for the C it writes (test_explain.cpp runs
#     ptxv explain itself under the sanitizers).
EXCLUDE='^(branchfree_|header_standalone_|header_nvcc_|array_standalone_|array_paths$|hip_pk16_host$|hip_device_code$|explain_c_agrees)'

# Warnings are not errors here: GCC's flow analysis is weaker with the
# sanitizer instrumentation and reports false -Wmaybe-uninitialized in the
# standard library (std::regex with GCC 12). tools/test.sh checks warnings.
#
# RelWithDebInfo at -O1 with line tables only (-g1) instead of -O2 -g: -O1 is
# what ASan is meant to run at, line tables are all a report's stack trace
# needs, and full debug info of the dispatch unit (runtime/src/core/compile.cpp,
# which instantiates every generated function) takes about twice the time
# and 4 GB of memory, which a 2-core CI machine does not have to spare.
start=$(date +%s)
# The CUDA harness is left out too: nvcc compiles it unsanitized in tools/test.sh's build.
# So are the compile-only check of generator/primitives/ (never run), the
# AVX2/AVX-512 copies of the array sweeps (tests/CMakeLists.txt says why) and,
# for the same reason, the scalar families' AVX2/AVX-512 loops
# (PTXV_X86_SCALAR_LOOPS): the generated loops of ptxv_batch.hpp, which run
# here as the baseline build compiles them, again with wider vectors.
cmake -S . -B build-asan -DPTXV_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPTXV_BUILD_BENCH=OFF -DPTXV_BUILD_HWCHECK=OFF \
  -DPTXV_CHECK_PRIMITIVES=OFF -DPTXV_X86_SCALAR_LOOPS=OFF \
  -DPTXV_WERROR=OFF "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
cmake --build build-asan -j"$(nproc)"
built=$(date +%s)

export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:check_initialization_order=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -E "$EXCLUDE" "$@" || status=$?
echo "sanitize.sh: build $((built - start)) s, tests $(( $(date +%s) - built )) s (ASan+UBSan; not run: $EXCLUDE)"
exit "$status"
