#!/usr/bin/env bash
# Build-time costs of ptxv, each the median of 5 runs:
#   compile_one_function_tu    g++ -O2 -c of a TU that includes generated/ptxv.hpp
#                              and calls one generated function
#   compile_empty_tu           the same TU without the include and the call,
#                              so the header's own share can be read off
#   generator_full_spec        ptxv-gen over the full spec into a scratch directory
#
# Each is printed twice: "<key>_s" is CPU time (user + system of the command
# and its children), "<key>_wall_s" wall time. On a shared machine wall time
# includes waiting for a core; CPU time is what the command itself costs, and
# equals wall time on an idle machine for these single-threaded commands.
#
# usage: bench/compile_time.sh [BUILD_DIR]     (default: build; needs BUILD_DIR/bin/ptxv-gen)
# Prints "key seconds" lines on stdout; CXX overrides the compiler.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
case $build in /*) ;; *) build=$PWD/$build ;; esac
cxx=${CXX:-g++}
gen=$build/bin/ptxv-gen
runs=5

if [[ ! -x $gen ]]; then
    echo "compile_time.sh: $gen not found; build the project first" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/one.cpp" <<'EOF'
#include <cstdint>
#include "ptxv.hpp"
std::uint32_t one(std::uint32_t a, std::uint32_t b, std::uint32_t c) { return ptxv::vadd4_s32_u32_u32_sat(a, b, c); }
EOF
cat >"$tmp/empty.cpp" <<'EOF'
#include <cstdint>
std::uint32_t one(std::uint32_t a, std::uint32_t b, std::uint32_t c) { return a + b + c; }
EOF

# Runs "$@" $runs times; prints "<key>_s <median CPU s>" and "<key>_wall_s <median wall s>".
measure() {
    local key=$1
    shift
    local cpu=() wall=() line
    local TIMEFORMAT='%3R %3U %3S'
    for ((i = 0; i < runs; i++)); do
        line=$({ time "$@" >/dev/null 2>&1; } 2>&1)
        wall+=("$(echo "$line" | awk '{ print $1 }')")
        cpu+=("$(echo "$line" | awk '{ printf "%.3f", $2 + $3 }')")
    done
    local mid=$(((runs + 1) / 2))
    echo "${key}_s $(printf '%s\n' "${cpu[@]}" | sort -g | sed -n "${mid}p")"
    echo "${key}_wall_s $(printf '%s\n' "${wall[@]}" | sort -g | sed -n "${mid}p")"
}

cd "$root"
measure compile_one_function_tu "$cxx" -std=c++17 -O2 -I "$root/generated" -c "$tmp/one.cpp" -o "$tmp/one.o"
measure compile_empty_tu "$cxx" -std=c++17 -O2 -c "$tmp/empty.cpp" -o "$tmp/empty.o"
measure generator_full_spec "$gen" --spec spec/ptxv.yaml --out "$tmp/gen"
