#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in build-fuzz/ and
# runs each for SECONDS (default 60) on a scratch copy of its seed corpus, so
# the committed corpus never grows; as many targets at a time as there are cores.
#
#   bash tools/fuzz.sh [SECONDS] [TARGET...]     targets: fuzz_parse fuzz_batch_line fuzz_spec fuzz_translate
#
# Prints the executions per target. Exit status 1 when a target found a crash,
# leak, timeout or broken property (its reproducer is kept under
# build-fuzz/artifacts/TARGET/), 2 on a usage or build error.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
if [[ $# -gt 0 && "$1" =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
all_targets=(fuzz_parse fuzz_batch_line fuzz_spec fuzz_translate)
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
  if [[ ! " ${all_targets[*]} " =~ " $t " ]]; then
    echo "fuzz.sh: unknown target '$t'; targets: ${all_targets[*]}" >&2
    exit 2
  fi
done

# Longest input per target: a few instructions for the parser, a few lines for
# the batch format, the whole spec with room to grow for the loader, a source
# file of a few functions for translate.
max_len() {
  case "$1" in
    fuzz_parse) echo 256 ;;
    fuzz_batch_line) echo 1024 ;;
    fuzz_spec) echo 16384 ;;
    fuzz_translate) echo 8192 ;;
  esac
}
dict() {
  case "$1" in
    fuzz_spec) echo tests/fuzz/spec.dict ;;
    fuzz_translate) echo tests/fuzz/translate.dict ;;
    *) echo tests/fuzz/ptx.dict ;;
  esac
}

command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ not found (bash tools/setup.sh installs it)" >&2; exit 2; }
# -O1 with line tables, and assertions left on: the usual fuzzing build, and
# it halves the time of the dispatch unit (runtime/src/core/compile.cpp).
# The runtime's SSSE3/AVX2/AVX-512 units are left empty (PTXV_X86_KERNELS):
# the targets fuzz the parsers and the batch text, which run the same on the
# baseline kernels, and those units (sanitized in tools/sanitize.sh) are most
# of the runtime's compile time.
start=$(date +%s)
cmake -S . -B build-fuzz -DPTXV_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
  -DPTXV_BUILD_TESTS=OFF -DPTXV_BUILD_BENCH=OFF -DPTXV_X86_KERNELS=OFF >/dev/null || exit 2
# All of them as one target (ptxv_fuzzers), which make builds side by side.
build_targets=("${targets[@]}")
[[ ${#targets[@]} -lt ${#all_targets[@]} ]] || build_targets=(ptxv_fuzzers)
cmake --build build-fuzz -j"$(nproc)" --target "${build_targets[@]}" || exit 2

scratch=$(mktemp -d "${TMPDIR:-/tmp}/ptxv-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# Leaks count as failures; a UBSan report stops the run like a crash.
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# One target's run, in the background: its exit status and executions go to
# $scratch/TARGET.result.
run_target() {
  local t=$1 rc=0 execs
  local corpus="$scratch/$t" log="build-fuzz/artifacts/$t/last_run.log"
  "build-fuzz/bin/$t" "$corpus" -max_total_time="$seconds" -max_len="$(max_len "$t")" -dict="$(dict "$t")" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build-fuzz/artifacts/$t/" \
    >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1) || true
  echo "$rc ${execs:-?}" >"$scratch/$t.result"
}

# The targets side by side, one per core (each run is one process).
slots=$(nproc)
running=0
for t in "${targets[@]}"; do
  corpus="$scratch/$t"
  mkdir -p "$corpus" "build-fuzz/artifacts/$t"
  cp -R "tests/fuzz/corpus/$t/." "$corpus/"
  echo "== $t: ${seconds} s, max_len $(max_len "$t"), $(find "$corpus" -type f | wc -l) seed inputs"
  run_target "$t" &
  running=$((running + 1))
  if [[ $running -ge $slots ]]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

failed=()
summary=()
for t in "${targets[@]}"; do
  log="build-fuzz/artifacts/$t/last_run.log"
  read -r rc execs <"$scratch/$t.result"
  if [[ $rc -ne 0 ]]; then
    failed+=("$t")
    summary+=("$t: FAILED (exit $rc) after $execs executions; see $log")
    echo "--- $t failed; the end of its log:"
    tail -n 40 "$log"
    ls -1 "build-fuzz/artifacts/$t" | grep -v '^last_run.log$' | sed "s|^|    reproducer: build-fuzz/artifacts/$t/|" || true
  else
    summary+=("$t: $execs executions in ${seconds} s, no crash")
  fi
done

echo "== fuzz summary ($(( $(date +%s) - start )) s with the build)"
printf '%s\n' "${summary[@]}"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz.sh: ${#failed[@]} target(s) failed: ${failed[*]}" >&2
  exit 1
fi
