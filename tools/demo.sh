#!/usr/bin/env bash
# Sets up, builds, regenerates generated/ from the spec and shows ptxv at work
# on the manual's examples.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)" --target ptxv-gen
build/bin/ptxv-gen --spec spec/ptxv.yaml --out generated
cmake --build build -j"$(nproc)"
echo
echo "== ptxv examples: the manual's example instructions, decoded and evaluated"
build/bin/ptxv examples
echo
echo "== ptxv eval: a few instructions"
build/bin/ptxv eval 'vadd4.u32.u32.u32.sat d, a, b, c' 0xff7f0102 0x02900203 0
build/bin/ptxv eval 'vsub.u32.u32.u32.max d, a, b, c' 1 2 0
build/bin/ptxv eval 'vabsdiff4.u32.u32.u32.add d, a, b, c' 0x10203040 0x40302010 100
echo
echo "== ptxv list: variant counts"
build/bin/ptxv list | grep '^#'
