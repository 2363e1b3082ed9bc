#!/usr/bin/env bash
# Installs from Debian's packages what ptxv needs, when it is not installed
# already. `setup.sh build` installs what building the library, ptxv-gen and
# the ptxv tool needs (tools/demo.sh); with no argument, also what the tests,
# the benchmarks, the fuzzers, the cross runs, the HIP device-code checks
# (hipcc, ROCm's device libraries) and the device library's bitcode (clang
# and LLVM 15's tools) need. The CUDA toolkit
# (ptxas, nvcc) is optional: the tests that need it say so and skip when
# CMake's FindCUDAToolkit finds none.
set -euo pipefail
packages=(build-essential cmake binutils libyaml-cpp-dev libcli11-dev)
case "${1:-all}" in
  build) ;;
  all) packages+=(clang libclang-rt-dev catch2 libbenchmark-dev gnuplot-nox python3 pkgconf hipcc llvm-15
                  libamdhip64-dev rocm-device-libs g++-aarch64-linux-gnu g++-s390x-linux-gnu qemu-user) ;;
  *) echo "setup.sh: unknown set '$1' (build, all)" >&2; exit 2 ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
