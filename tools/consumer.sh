#!/usr/bin/env bash
# Builds and runs examples/consumer both ways a consumer gets ptxv:
# add_subdirectory(ptxv) and find_package(ptxv) after cmake --install.
# Expects tools/test.sh to have built build/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A Debug build this way (assertions on, -O0): the one place ptxv is built
# so, and at -O0 the runtime compiles in a fraction of Release's time.
echo "== consumer via add_subdirectory(ptxv), Debug"
cmake -S examples/consumer -B "$work/sub" -DPTXV_SOURCE_DIR="$root" -DCMAKE_BUILD_TYPE=Debug
cmake --build "$work/sub" -j"$(nproc)"
ctest --test-dir "$work/sub" --output-on-failure

echo "== consumer via find_package(ptxv)"
cmake --install build --prefix "$work/prefix"
cmake -S examples/consumer -B "$work/pkg" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release
cmake --build "$work/pkg" -j"$(nproc)"
ctest --test-dir "$work/pkg" --output-on-failure
