#!/usr/bin/env bash
# Fails when the generated functions compile to code with a conditional branch.
#   check_branchfree.sh CXX [WORK_DIR] [--every N] [--flag=FLAG ...]
# CXX: g++, clang++ or a path. Exits 77 (ctest: skipped) when CXX is absent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cxx="${1:?usage: check_branchfree.sh CXX [WORK_DIR] [--every N] [--flag=FLAG ...]}"
shift
work="${1:-$(mktemp -d)}"
[ $# -gt 0 ] && shift
if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "SKIPPED: $cxx not found"
  exit 77
fi
for tool in objdump nm python3; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIPPED: $tool not found"
    exit 77
  fi
done
if [ ! -f "$root/generated/ptxv.hpp" ]; then
  echo "FAILED: $root/generated/ptxv.hpp does not exist"
  exit 1
fi
if [ "$(uname -m)" != "x86_64" ]; then
  echo "SKIPPED: the disassembly check reads x86-64 code; this machine is $(uname -m)"
  exit 77
fi
exec python3 "$here/branchfree.py" --cxx "$cxx" --source "$root" --work "$work" "$@"
