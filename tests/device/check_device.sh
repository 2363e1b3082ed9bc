#!/usr/bin/env bash
# The device library's bitcode (cmake/device.cmake), as a translator uses it:
#   1. host: calls.c (random forms of every variant, each call built from
#      ptxv_device_symbol and ptxv_device_args) linked with the host bitcode
#      and run by lli, every result against the interpreter; again with the
#      library built for the host with AMD's half-word lane path
#      (PTXV_LANES_PK16=1), which the amdgcn bitcode takes;
#   2. amdgcn: compiled by llc for gfx90a and gfx1030: every function there,
#      without a branch (s_cbranch) or a call;
#   3. nvptx64: compiled by llc for sm_75: every function there, no branch;
#      and, where ptxas is given, assembled by it;
#   4. folding: fold.c linked with the host bitcode and optimized (opt -O2):
#      a call with every argument constant is its value, the interpreter's; one
#      with constant trailing arguments has no call left and fewer instructions
#      than the same call with run-time ones, and all of them together at most
#      5 % more than the same forms through ptxv.hpp's templates, the
#      specialized bodies (fold_ref.cpp; the worst form is reported).
# usage: check_device.sh LLVM_BIN CLANG LIB_DIR HOST_TRIPLE MAKE_CALLS SOURCE_DIR WORK [PTXAS]
# Exit 77 (skipped) without LLVM's tools.
set -uo pipefail
bin=$1 clang=$2 lib=$3 host=$4 make_calls=$5 src=$6 work=$7 ptxas=${8:-}
for tool in llvm-link lli llc opt llvm-dis; do
  if [ ! -x "$bin/$tool" ]; then
    echo "SKIPPED: $bin/$tool not found (Debian: apt-get install llvm)"
    exit 77
  fi
done
mkdir -p "$work"
fail=0
cflags=(-std=c99 -Wall -Wextra -Werror -pedantic -I "$src/runtime/include" -I "$src/generated")
functions=$(grep -cE '^PTXV_DEVICE_(VARIANT|INTRINSIC)\(' "$src/generated/ptxv_device.inc")

# 1. The host bitcode run by lli against the interpreter.
"$make_calls" 0x64657669 2 8 "$work" || exit 1
"$clang" -x c "${cflags[@]}" -O1 -emit-llvm -c "$work/calls.c" -o "$work/calls.bc" || exit 1
"$bin/llvm-link" "$work/calls.bc" "$lib/ptxv_device-$host.bc" -o "$work/calls_linked.bc" || exit 1
if "$bin/lli" "$work/calls_linked.bc" > "$work/calls.out"; then
  echo "ok: host ($host), lli: $(cat "$work/calls.out")"
else
  echo "FAIL: host ($host), lli:"; head -25 "$work/calls.out"; fail=1
fi

# 1b. The same calls on AMD's device path of the half-word lanes (lanes.hpp,
# PTXV_LANES_PK16: clang's vectors of two half-words), built for the host.
"$clang" -x c++ -std=c++17 -O2 -Wall -Wextra -Werror -DPTXV_LANES_PK16=1 -I "$src/generated" -emit-llvm \
  -c "$src/runtime/device/ptxv_device.cpp" -o "$work/ptxv_device-pk16.bc" || exit 1
"$bin/llvm-link" "$work/calls.bc" "$work/ptxv_device-pk16.bc" -o "$work/calls_pk16.bc" || exit 1
if "$bin/lli" "$work/calls_pk16.bc" > "$work/calls_pk16.out"; then
  echo "ok: host ($host), half-word lanes as AMD's device pass computes them, lli: $(cat "$work/calls_pk16.out")"
else
  echo "FAIL: host ($host), half-word lanes as AMD's device pass computes them, lli:"; head -25 "$work/calls_pk16.out"; fail=1
fi

# 2, 3. The GPU bitcode compiled for each processor: every function, no branch.
gpu() {  # TRIPLE CPU BRANCH_PATTERN FUNCTION_PATTERN
  local out="$work/device-$1-$2.s" n
  if ! "$bin/llc" -O2 -mtriple="$1" -mcpu="$2" "$lib/ptxv_device-$1.bc" -o "$out"; then
    echo "FAIL: llc for $1 $2"; fail=1; return
  fi
  n=$(grep -cE "$4" "$out")
  if [ "$n" -ne "$functions" ]; then echo "FAIL: $1 $2: $n functions, want $functions"; fail=1
  elif grep -qE "$3" "$out"; then echo "FAIL: $1 $2: a branch or call"; grep -nE "$3" "$out" | head -3; fail=1
  else echo "ok: $1 $2 (llc): $n functions, $(wc -l < "$out") lines, no branch, no call"; fi
}
gpu amdgcn-amd-amdhsa gfx90a '^\s+s_(cbranch|branch|swappc|call)' '^ptxv_[a-z0-9_]+:'
gpu amdgcn-amd-amdhsa gfx1030 '^\s+s_(cbranch|branch|swappc|call)' '^ptxv_[a-z0-9_]+:'
gpu nvptx64-nvidia-cuda sm_75 '^\s+(@%p[0-9]+ )?bra(\.uni)?\s|^\s+call' '^\.visible \.func .*ptxv_[a-z0-9_]+\('
if [ -n "$ptxas" ]; then
  if "$ptxas" -arch=sm_75 -c "$work/device-nvptx64-nvidia-cuda-sm_75.s" -o "$work/device-sm_75.o"; then
    echo "ok: nvptx64 sm_75: ptxas assembles it"
  else
    echo "FAIL: ptxas rejects the nvptx64 code"; fail=1
  fi
fi

# 4. Constant arguments fold away.
"$clang" -x c "${cflags[@]}" -O0 -Xclang -disable-O0-optnone -emit-llvm -c "$work/fold.c" -o "$work/fold.bc" || exit 1
"$bin/llvm-link" "$work/fold.bc" "$lib/ptxv_device-$host.bc" -o "$work/fold_linked.bc" || exit 1
"$bin/opt" -O2 "$work/fold_linked.bc" -o "$work/fold_opt.bc" && "$bin/llvm-dis" "$work/fold_opt.bc" -o "$work/fold.ll" || exit 1
# Each fold_* function's instructions, one line per function: NAME COUNT CALLS BODY.
"$clang" -x c++ -std=c++17 -O2 -Wall -Wextra -Werror -I "$src/generated" -S -emit-llvm "$work/fold_ref.cpp" \
  -o "$work/fold_ref.ll" || exit 1
awk '/^define .*@fold_/ { match($0, /@fold_[a-z0-9]+/); name = substr($0, RSTART + 1, RLENGTH - 1); n = 0; calls = 0; body = ""; next }
     name != "" && /^}/ { print name, n, calls, body; name = ""; next }
     name != "" && /^  [^ ]/ { ++n; if ($0 ~ /call / && $0 !~ /@llvm\./) ++calls; sub(/^  /, ""); body = body $0 ";" }' \
  "$work/fold.ll" "$work/fold_ref.ll" > "$work/fold.summary"
folded=0 total=0 sum_t=0 sum_r=0 worst="" worst_gap=-1000
while read -r name want text; do
  total=$((total + 1))
  i=${name#fold_k}
  read -r _ n _ body <<< "$(grep "^$name " "$work/fold.summary")"
  read -r _ nt ct _ <<< "$(grep "^fold_t$i " "$work/fold.summary")"
  read -r _ nv _ _ <<< "$(grep "^fold_v$i " "$work/fold.summary")"
  read -r _ nr _ _ <<< "$(grep "^fold_r$i " "$work/fold.summary")"
  if [ "$n" != 1 ] || [ "$body" != "ret i32 $want;" ]; then
    echo "FAIL: $text with constant arguments: '$body', want 'ret i32 $want;'"; fail=1
  elif [ "$ct" != 0 ] || [ "$nt" -ge "$nv" ]; then
    echo "FAIL: $text with constant trailing arguments: $nt instructions ($ct calls), $nv with run-time ones"; fail=1
  else
    folded=$((folded + 1))
  fi
  sum_t=$((sum_t + nt)) sum_r=$((sum_r + nr))
  if [ $((nt - nr)) -gt "$worst_gap" ]; then worst_gap=$((nt - nr)) worst="$text: $nt against $nr"; fi
done < "$work/fold.expect"
if [ "$total" -eq 0 ]; then echo "FAIL: no fold cases"; fail=1
elif [ "$folded" -eq "$total" ]; then
  echo "ok: $folded of $total forms fold (opt -O2): constant calls to the interpreter's value, constant" \
       "trailing arguments to no call and fewer instructions than run-time ones"
fi
if [ $((100 * sum_t)) -gt $((105 * sum_r)) ]; then
  echo "FAIL: constant trailing arguments: $sum_t instructions in all, the templates $sum_r (more than 5 % over)"; fail=1
else
  echo "ok: constant trailing arguments: $sum_t instructions in all, the templates' specialized bodies $sum_r"
fi
echo "    the form furthest from its template: $worst"
instr() { awk -v p="$1" '$1 ~ "^fold_" p { s += $2; k++ } END { printf "%.1f", s / k }' "$work/fold.summary"; }
echo "    instructions per call, mean: run-time trailing arguments $(instr v), constant $(instr t)," \
     "the template form $(instr r)"
exit $fail
