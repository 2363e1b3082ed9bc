#!/usr/bin/env bash
# Configures build/, the one build folder of tools/demo.sh and tools/test.sh:
# the same compiler flags for both (Release, warnings as errors), so that what
# the demo built the tests reuse. Arguments are passed on to cmake (the demo
# leaves the tests, benchmarks and nvcc harnesses out; test.sh puts them in).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DPTXV_WERROR=ON "$@"
