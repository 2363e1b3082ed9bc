#!/usr/bin/env bash
# ptxv_array.hpp gives each x86 instruction set that changes its code an
# inline namespace of its own (PTXV_ARRAY_PATH), so that units built for two
# of them link together without the linker keeping one unit's out-of-line
# functions (run_plan) for both. Preprocesses the header with each set's
# flags and compares the path it picks with the one expected.
#   check_array_paths.sh CXX GENERATED_DIR
# Exits 77 (ctest: skipped) when CXX is absent or the machine is not x86-64.
set -euo pipefail
cxx="${1:?usage: check_array_paths.sh CXX GENERATED_DIR}"
dir="${2:?usage: check_array_paths.sh CXX GENERATED_DIR}"
if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "SKIPPED: $cxx not found"
  exit 77
fi
if [ "$(uname -m)" != "x86_64" ]; then
  echo "SKIPPED: the paths are x86-64's; this machine is $(uname -m)"
  exit 77
fi
failed=0
check() {
  local want=$1 got
  shift
  got=$(printf '#include "ptxv_array.hpp"\nPTXV_ARRAY_PATH\n' | "$cxx" -std=c++17 -E -P -x c++ "$@" -I "$dir" - | tail -n 1)
  if [ "$got" != "$want" ]; then
    echo "FAILED: flags '$*' give $got, want $want"
    failed=1
  else
    echo "ok: '$*' -> $got"
  fi
}
check path_sse2
check path_ssse3 -mssse3
check path_sse41 -msse4.1
check path_sse41 -msse4.2  # nothing of SSE4.2 changes the code
check path_avx -mavx
check path_avx2 -mavx2
check path_avx512 -mavx512bw -mavx512vl
check path_avx512vbmi -mavx512bw -mavx512vl -mavx512vbmi
check path_vector -DPTXV_ARRAY_X86=0
check path_word -DPTXV_ARRAY_VECTOR=0
exit "$failed"
