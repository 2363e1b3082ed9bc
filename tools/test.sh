#!/usr/bin/env bash
# Sets up, builds with warnings as errors, and runs every test under ctest.
# The build folder and flags are tools/demo.sh's (tools/configure.sh), so
# after the demo only the tests, benchmarks, harnesses and the runtime's
# SSSE3/AVX2/AVX-512 units (which the demo leaves empty) are compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash tools/setup.sh
bash tools/configure.sh -DPTXV_BUILD_TESTS=ON -DPTXV_BUILD_BENCH=ON -DPTXV_BUILD_HWCHECK=ON -DPTXV_CHECK_PRIMITIVES=ON \
  -DPTXV_X86_KERNELS=ON
cmake --build build -j"$(nproc)"
built=$(date +%s)
ctest --test-dir build --output-on-failure -j"$(nproc)"
echo "test.sh: build $((built - start)) s, tests $(( $(date +%s) - built )) s"
