#!/usr/bin/env bash
# HIP device code from ptxv's headers, read as AMD ISA (no AMD GPU here):
#   1. compat_kernels.hip (CUDA's intrinsics through ptxv_cuda_compat.hpp) with
#      hipcc for gfx90a and gfx1030, with and without a port's
#      __CUDA_ARCH__ define, and with clang -x hip -nogpuinc -nogpulib (no HIP
#      header at all): every kernel without a branch (s_cbranch) or a call;
#      its host pass compiles too;
#   2. guard_kernels.cu, PTX inline asm in a kernel: as written it does not
#      build for HIP (the asm is PTX); its `ptxv translate --guard` output does,
#      for both targets with and without __CUDA_ARCH__, and without a branch;
#   3. host_only.hip: the array and dispatch headers included in HIP code
#      compile, and a kernel calling one of their functions does not;
#   4. examples/hip/kernels.hip (quant.hpp's intrinsics, and sad.cuh's PTX asm
#      through `ptxv translate --guard`), the same way;
#   5. the intrinsics the ISA has one, two or three instructions for
#      (v_pk_add_u16, v_pk_sub_i16 with clamp, v_pk_max_u16, v_sad_u8, ...;
#      |a| as max(a, -a); |a - b| as max, min and subtract) take no more VALU
#      instructions than that for gfx90a, gfx1030 and gfx1100
#      (tools/amd_isa.py counts them), and no SIMD variant fed as an
#      intrinsic feeds it more than the intrinsic.
# usage: check_hip.sh HIPCC CLANG GENERATED_DIR PTXV_TOOL WORK
# Exit 77 (skipped) without hipcc.
set -uo pipefail
hipcc=$1 clang=$2 gen=$3 ptxv=$4 work=$5
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v "$hipcc" > /dev/null 2>&1; then
  echo "SKIPPED: hipcc not found (Debian: apt-get install hipcc libamdhip64-dev rocm-device-libs)"
  exit 77
fi
mkdir -p "$work"
fail=0
flags=(-std=c++17 -O2 -Wall -Wextra -Werror -Wno-unused-command-line-argument)
isa_clean() {  # FILE WHAT: no branch, no call, some vector code
  local n
  n=$(grep -cE '^\s+v_' "$1")
  if grep -qE '^\s+s_cbranch' "$1"; then echo "FAIL: $2: a branch"; grep -nE '^\s+s_cbranch' "$1" | head -3; fail=1
  elif grep -qE '^\s+s_(swappc|setpc|call)' "$1"; then echo "FAIL: $2: a call"; fail=1
  elif grep -qE '^\s+v(add|sub|min|max|absdiff|avrg|set|shl|shr|mad)[24]?\.' "$1"; then echo "FAIL: $2: PTX in the ISA"; fail=1
  elif [ "$n" -lt 10 ]; then echo "FAIL: $2: only $n vector instructions"; fail=1
  else echo "ok: $2: $n vector instructions, no branch, no call"; fi
}
"$ptxv" translate --guard "$here/guard_kernels.cu" -o "$work/guard_kernels.guarded.cu" --report "$work/guard.report" || fail=1
if "$hipcc" "${flags[@]}" -x hip --offload-arch=gfx90a --offload-device-only -c "$here/guard_kernels.cu" \
     -o "$work/guard_original.o" 2> /dev/null; then
  echo "FAIL: guard_kernels.cu as written builds for HIP: the check below would prove nothing"; fail=1
else
  echo "ok: guard_kernels.cu as written does not build for HIP (PTX asm)"
fi
for call in "" PTXV_CALL_ARRAY PTXV_CALL_CUDA_ARRAY PTXV_CALL_DISPATCH; do
  out="$work/host_only${call:+_$call}"
  if "$hipcc" "${flags[@]}" ${call:+-D$call} --offload-arch=gfx90a --offload-device-only -c -I "$gen" \
       -I "$here/../../runtime/include" -I "$here/../../spec/include" "$here/host_only.hip" -o "$out.o" 2> "$out.log"; then
    [ -z "$call" ] && echo "ok: host_only.hip: the array and dispatch headers included in HIP code" ||
      { echo "FAIL: host_only.hip: $call compiles in a kernel"; fail=1; }
  elif [ -z "$call" ]; then
    echo "FAIL: host_only.hip does not compile"; cat "$out.log"; fail=1
  elif grep -qE "(reference|call) to __host__ function" "$out.log"; then
    echo "ok: host_only.hip: $call in a kernel: $(grep -m1 -oE "(reference|call) to __host__ function[^:]*" "$out.log")"
  else
    echo "FAIL: host_only.hip: $call fails otherwise"; cat "$out.log"; fail=1
  fi
done
example="$here/../../examples/hip"
"$ptxv" translate --guard "$example/sad.cuh" -o "$work/sad.guarded.cuh" --report "$work/sad.report" || fail=1
mkdir -p "$work/as_written"
cp "$example/sad.cuh" "$work/as_written/sad.guarded.cuh"
if "$hipcc" "${flags[@]}" --offload-arch=gfx90a --offload-device-only -c -I "$gen" -I "$work/as_written" \
     "$example/kernels.hip" -o "$work/example_original.o" 2> /dev/null; then
  echo "FAIL: examples/hip with sad.cuh as written builds for HIP: the check below would prove nothing"; fail=1
else
  echo "ok: examples/hip with sad.cuh as written does not build for HIP (PTX asm)"
fi
for arch in gfx90a gfx1030; do
  for arch_define in "" "-D__CUDA_ARCH__=1300"; do
    what="examples/hip/kernels.hip $arch ${arch_define:-(no __CUDA_ARCH__)}"
    out="$work/example_${arch}${arch_define:+_arch}.s"
    if "$hipcc" "${flags[@]}" $arch_define --offload-arch="$arch" --offload-device-only -S -I "$gen" -I "$work" \
         "$example/kernels.hip" -o "$out" 2> "$out.log"; then
      isa_clean "$out" "$what"
    else
      echo "FAIL: $what does not compile"; cat "$out.log"; fail=1
    fi
    what="compat_kernels.hip $arch ${arch_define:-(no __CUDA_ARCH__)}"
    out="$work/compat_${arch}${arch_define:+_arch}.s"
    if "$hipcc" "${flags[@]}" $arch_define --offload-arch="$arch" --offload-device-only -S -I "$gen" \
         "$here/compat_kernels.hip" -o "$out" 2> "$out.log"; then
      isa_clean "$out" "$what"
    else
      echo "FAIL: $what does not compile"; cat "$out.log"; fail=1
    fi
    what="guard_kernels.cu translated --guard, $arch ${arch_define:-(no __CUDA_ARCH__)}"
    out="$work/guard_${arch}${arch_define:+_arch}.s"
    if "$hipcc" "${flags[@]}" -x hip $arch_define --offload-arch="$arch" --offload-device-only -S -I "$gen" \
         "$work/guard_kernels.guarded.cu" -o "$out" 2> "$out.log"; then
      isa_clean "$out" "$what"
    else
      echo "FAIL: $what does not compile"; cat "$out.log"; fail=1
    fi
  done
done
if "$hipcc" "${flags[@]}" --offload-host-only -c -I "$gen" "$here/compat_kernels.hip" -o "$work/compat_host.o" 2> "$work/host.log"; then
  echo "ok: compat_kernels.hip host pass"
else
  echo "FAIL: the host pass does not compile"; cat "$work/host.log"; fail=1
fi
if command -v "$clang" > /dev/null 2>&1; then
  out="$work/compat_nogpuinc.s"
  if "$clang" -x hip "${flags[@]}" -nogpuinc -nogpulib -DPTXV_HIP_NO_RUNTIME --offload-arch=gfx90a --offload-device-only \
       -S -I "$gen" "$here/compat_kernels.hip" -o "$out" 2> "$out.log"; then
    isa_clean "$out" "compat_kernels.hip gfx90a, clang -x hip -nogpuinc"
  else
    echo "FAIL: -nogpuinc does not compile"; cat "$out.log"; fail=1
  fi
fi
if command -v python3 > /dev/null 2>&1; then
  # The ISA's own form of each: one packed instruction, or max, min, subtract;
  # |a| as max(a, -a).
  isa_form="__vadd2 1 __vsub2 1 __vaddss2 1 __vaddus2 1 __vsubss2 1 __vsubus2 1 __vmaxs2 1 __vmaxu2 1
    __vmins2 1 __vminu2 1 __vneg2 1 __vnegss2 1 __vabsdiffs2 3 __vabsdiffu2 3 __vsadu2 1 __vsadu4 1
    __vabs2 2 __vabsss2 2"
  if python3 "$here/../../tools/amd_isa.py" --hipcc "$hipcc" --include "$gen" --targets gfx90a,gfx1030,gfx1100 \
       > "$work/amd_isa.tsv" 2> "$work/amd_isa.log"; then
    over=$(echo $isa_form | xargs -n 2 | while read -r name most; do
      awk -v n="$name" -v m="$most" '$1 == n { for (i = 2; i <= NF; ++i) if ($i > m) print n ": " $i " instructions (" m " the ISA'"'"'s own form)" }' \
        "$work/amd_isa.tsv"
    done)
    if [ -n "$over" ]; then echo "FAIL: longer than the ISA's own form:"; echo "$over"; fail=1
    else echo "ok: $(echo $isa_form | wc -w | awk '{ print $1 / 2 }') intrinsics in as few VALU instructions as the ISA's own form (gfx90a, gfx1030, gfx1100)"; fi
  else
    echo "FAIL: tools/amd_isa.py"; tail -5 "$work/amd_isa.log"; fail=1
  fi
  # The default form of each SIMD variant no longer than the intrinsic that
  # computes the same, fed alike.
  if python3 "$here/../../tools/amd_isa.py" --variants --hipcc "$hipcc" --include "$gen" \
       --targets gfx90a,gfx1030,gfx1100 > "$work/amd_variants.md" 2> "$work/amd_variants.log"; then
    echo "ok: every SIMD variant fed as its intrinsic takes no more VALU instructions than the intrinsic"
  else
    echo "FAIL: tools/amd_isa.py --variants:"; cat "$work/amd_variants.log"; fail=1
  fi
fi
exit $fail
