#!/usr/bin/env bash
# Installs what ptxv needs to build, test and benchmark, from Debian's packages,
# when it is not installed already. The CUDA toolkit (ptxas, nvcc) is optional:
# the tests that need it say so and skip when CMake's FindCUDAToolkit finds none.
set -euo pipefail
packages=(build-essential cmake binutils clang libclang-rt-dev libyaml-cpp-dev catch2 libbenchmark-dev
          libcli11-dev gnuplot-nox python3 g++-aarch64-linux-gnu g++-s390x-linux-gnu qemu-user)
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
