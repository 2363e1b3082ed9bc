#!/usr/bin/env bash
# Portability guard: cross-builds the core proofs for aarch64 and for s390x
# (big-endian) with Debian's cross compilers and runs them under qemu-user.
#
#   bash tools/cross.sh [ARCH...]      ARCH: aarch64 s390x (default: both)
#
# The core proofs (tests/CMakeLists.txt, ptxv_core_tests) are every test that
# needs neither the generator nor a host tool: the hand-worked interpreter
# vectors, the parser, and the generated functions, the array forms and
# Compiled::run against the interpreter, exhaustive and seeded-random as on
# x86. There, ptxv_array.hpp takes its vector-extension path (NEON on
# aarch64) or, big-endian, its per-word path, and Compiled::run its generated
# loops: none of the x86 code. The builds run one after the other with every
# core; each architecture's qemu run (single-threaded) starts as soon as its
# build is done, beside the next build: s390x first, whose run is the longer.
# The last one's run, with no build left beside it, goes in two halves side
# by side (the core_proofs_kernels and core_proofs_rest tests).
#
# At -O2, where tools/test.sh builds at CMake's Release -O3: the proofs then
# also cover the other optimization level users build with, and the dispatch
# unit (runtime/src/core/compile.cpp) compiles in about two thirds of its -O3 time.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh

archs=("$@")
[ ${#archs[@]} -gt 0 ] || archs=(s390x aarch64)
for a in "${archs[@]}"; do
  case "$a" in
    aarch64|s390x) ;;
    *) echo "cross.sh: unknown architecture '$a' (aarch64, s390x)" >&2; exit 2 ;;
  esac
done

# One architecture's core proofs under qemu, its log kept in build-cross/:
# whole, or (split) in two halves side by side, for the last architecture
# built, whose run has no build beside it.
proofs() {
  local a=$1 tests='^core_proofs$' start
  [ "$2" = whole ] || tests='^core_proofs_(kernels|rest)$'
  start=$(date +%s)
  if ctest --test-dir "build-cross/$a" --output-on-failure -R "$tests" -j2 > "build-cross/$a.test.log" 2>&1; then
    echo "cross.sh: $a: core proofs passed under qemu-$a in $(( $(date +%s) - start )) s"
  else
    cat "build-cross/$a.test.log"
    echo "cross.sh: $a: core proofs FAILED under qemu-$a"
    return 1
  fi
}

mkdir -p build-cross
pids=()
# A failed build stops the script: its runs already started stop with it.
trap 'jobs -p | xargs -r kill 2>/dev/null' EXIT
for a in "${archs[@]}"; do
  start=$(date +%s)
  cmake -S . -B "build-cross/$a" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/linux-gnu-cross.cmake" -DPTXV_CROSS_ARCH="$a" \
    -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" -DPTXV_WERROR=ON -DPTXV_BUILD_TOOLS=OFF -DPTXV_BUILD_BENCH=OFF \
    -DPTXV_BUILD_HWCHECK=OFF > "build-cross/$a.configure.log" 2>&1 || { cat "build-cross/$a.configure.log"; exit 1; }
  cmake --build "build-cross/$a" -j"$(nproc)"
  echo "cross.sh: $a: built in $(( $(date +%s) - start )) s"
  split=whole
  [ "$a" != "${archs[-1]}" ] || split=split
  proofs "$a" "$split" &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit "$status"
