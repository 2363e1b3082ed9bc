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

# A C program against the installed tree through pkg-config, linked with
# libptxv.so, run from a copy of the tree moved elsewhere (the .pc file
# names its prefix relative to itself).
if [ -f "$work/prefix/lib/pkgconfig/ptxv.pc" ]; then
  echo "== a C99 program via pkg-config ptxv, the installed tree moved"
  mv "$work/prefix" "$work/moved"
  export PKG_CONFIG_PATH="$work/moved/lib/pkgconfig"
  # shellcheck disable=SC2046
  cc -std=c99 -Wall -Wextra -Werror -pedantic tests/c_api/c_program.c $(pkg-config --cflags --libs ptxv) \
     -o "$work/c_program"
  LD_LIBRARY_PATH="$work/moved/lib" "$work/c_program"
  # The device library's declarations, installed beside the C API.
  # shellcheck disable=SC2046
  printf '#include "ptxv/ptxv_device.h"\nint main(void) { return (int)ptxv_vadd4_u32_u32_u32_sat(1, 2, 3, 0x3210, 0x7654, 15); }\n' |
    cc -x c -std=c99 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags ptxv) -fsyntax-only -
  echo "ptxv/ptxv_device.h compiles as C99 from the installed tree"
fi
