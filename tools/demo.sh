#!/usr/bin/env bash
# Sets up, builds ptxv-gen and the ptxv tool (nothing else), regenerates
# generated/ from the spec and shows ptxv at work on the manual's examples.
#
# What the demo runs needs none of Compiled::run's SSSE3/AVX2/AVX-512 units,
# which are most of the library's compile time: they are left empty here
# (PTXV_X86_KERNELS=OFF, the baseline library) and tools/test.sh, in the same
# build folder, builds them; a folder where it has keeps them, so the demo
# after the tests compiles nothing again. The generator and the tool are
# built together; ptxv-gen rewrites only files whose bytes change, so the
# second build is a no-op unless the spec or the generator changed generated/.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash tools/setup.sh build
kernels=OFF
if grep -qx 'PTXV_X86_KERNELS:BOOL=ON' build/CMakeCache.txt 2>/dev/null; then kernels=ON; fi
bash tools/configure.sh -DPTXV_BUILD_TESTS=OFF -DPTXV_BUILD_BENCH=OFF -DPTXV_BUILD_HWCHECK=OFF -DPTXV_CHECK_PRIMITIVES=OFF \
  -DPTXV_X86_KERNELS=$kernels
cmake --build build -j"$(nproc)" --target ptxv_tools
build/bin/ptxv-gen --spec spec/ptxv.yaml --out generated
cmake --build build -j"$(nproc)" --target ptxv_cli
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
echo
echo "demo.sh: $(( $(date +%s) - start )) s"
