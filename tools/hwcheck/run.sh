#!/usr/bin/env bash
# The hardware truth check, in one command, on a machine with an NVIDIA GPU and
# the CUDA toolkit: builds ptxv and ptxv_hwcheck for the GPU at hand, runs
# every variant of the PTX video instructions on the GPU, compares what the
# device computed with both CPU engines (`ptxv golden`) and writes a report.
# The report opens with the spec's probes (the evaluations that tell readings
# apart, R8's first). The harness is built twice, as nvcc builds it by default
# and with `-Xptxas -O0`, and any difference between the two runs is reported:
# ptxas 13.0/13.2 are known to miscompile some vsub4.u32.u32.u32 forms at -O1
# and above, and such a line says nothing about the instruction itself.
#
#   tools/hwcheck/run.sh [--vectors N] [--golden-vectors N] [--out DIR] [--build DIR]
#
#   --vectors N          vectors per form for the full run (default: ptxv_hwcheck's, 128)
#   --golden-vectors N   vectors per form of the smaller file meant for tests/golden/ (default 4)
#   --out DIR            where the TSVs and report.md go (default out/hwcheck)
#   --build DIR          CMake build directory (default build)
#
# Exit status: 0 when both engines agree with the device on every line and the
# two builds agree; 1 on any disagreement or failure; 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/../.."

vectors=""
golden_vectors=4
out=out/hwcheck
build=build
while [ $# -gt 0 ]; do
  case "$1" in
    --vectors) vectors="$2"; shift 2 ;;
    --golden-vectors) golden_vectors="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

say() { printf '\n== %s\n' "$*"; }

# The toolkit: nvcc on PATH, else the usual install location.
nvcc_bin="$(command -v nvcc || true)"
[ -n "$nvcc_bin" ] || [ ! -x /usr/local/cuda/bin/nvcc ] || nvcc_bin=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc_bin" ]; then
  echo "run.sh: nvcc not found; install the CUDA toolkit or put its bin/ on PATH" >&2
  exit 1
fi
cuda_root="$(cd "$(dirname "$nvcc_bin")/.." && pwd)"

# Compile for the GPU that is present, so no JIT step stands between the
# instruction and the device; sm_90 when the driver cannot say.
arch=sm_90
if command -v nvidia-smi >/dev/null 2>&1; then
  say "GPU"
  nvidia-smi -L || true
  cap="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d ' .' || true)"
  if [[ "$cap" =~ ^[0-9]+$ ]]; then arch="sm_$cap"; fi
else
  echo "run.sh: nvidia-smi not found; building for $arch and trying anyway" >&2
fi

say "build ($arch, nvcc from $cuda_root)"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DPTXV_BUILD_TESTS=OFF -DPTXV_BUILD_BENCH=OFF -DPTXV_BUILD_HWCHECK=ON \
  -DPTXV_HWCHECK_ARCH="$arch" -DCUDAToolkit_ROOT="$cuda_root"
cmake --build "$build" -j"$(nproc)" --target ptxv_hwcheck ptxv_hwcheck_O0 ptxv_cli ptxv_cuda_hwcheck ptxv_cuda_golden \
  ptxv_lower_hwcheck

mkdir -p "$out"
say "run on the GPU"
hwcheck_failed() {
  echo "run.sh: ptxv_hwcheck failed: it needs an NVIDIA GPU and a driver at least as new as the CUDA" >&2
  echo "        toolkit that built it ($cuda_root); see the CUDA error above" >&2
  exit 1
}
"$build/bin/ptxv_hwcheck" "$out/device.tsv" $vectors || hwcheck_failed
"$build/bin/ptxv_hwcheck" "$out/golden-candidate.tsv" "$golden_vectors" || hwcheck_failed
"$build/bin/ptxv_hwcheck_O0" "$out/device-O0.tsv" $vectors || hwcheck_failed
"$build/bin/ptxv_cuda_hwcheck" "$out/cuda-intrinsics.tsv" || hwcheck_failed

say "default build against -Xptxas -O0"
# Same forms, same operands: only d can differ. Header lines name the build.
paste <(grep -v '^#' "$out/device.tsv") <(grep -v '^#' "$out/device-O0.tsv") |
  awk -F'\t' '$1 != $6 || $2 != $7 || $3 != $8 || $4 != $9 { print "operands differ: " $0; bad = 1 }
              $5 != $10 { print $1 "\t" $2 "\t" $3 "\t" $4 "\tdefault " $5 "\t-O0 " $10 }' > "$out/O0-differences.tsv" || true
o0_lines=$(wc -l < "$out/O0-differences.tsv")
o0_forms=$(cut -f1 "$out/O0-differences.tsv" | sort -u | wc -l)
echo "$o0_lines lines ($o0_forms forms) differ between the default build and -Xptxas -O0"

# The probes: the first forms, one line each (every vector repeats the operands).
probes=$(sed -n 's/^# probes: \([0-9]*\).*/\1/p' "$out/device.tsv" | head -n1)
probes=${probes:-0}
per_form=$(sed -n 's/^# vectors per form: \([0-9]*\).*/\1/p' "$out/device.tsv" | head -n1)
probe_rows() {
  local k line line0 insn a b c d d0 interp generated
  for ((k = 0; k < probes; k++)); do
    line=$(grep -v '^#' "$out/device.tsv" | sed -n "$((k * per_form + 1))p")
    line0=$(grep -v '^#' "$out/device-O0.tsv" | sed -n "$((k * per_form + 1))p")
    IFS=$'\t' read -r insn a b c d <<< "$line"
    d0=$(cut -f5 <<< "$line0")
    interp=$("$build/bin/ptxv" eval --engine interp "$insn" "$a" "$b" "$c" 2>&1 || true)
    generated=$("$build/bin/ptxv" eval "$insn" "$a" "$b" "$c" 2>&1 || true)
    echo "| \`$insn\` | $a | $b | $c | $d | $d0 | $interp | $generated |"
  done
}

say "compare with both CPU engines"
status=0
"$build/bin/ptxv" golden "$out/device.tsv" > "$out/compare.txt" || status=$?
"$build/bin/ptxv" golden "$out/golden-candidate.tsv" > "$out/compare-candidate.txt" || status=$((status | $?))
cat "$out/compare.txt"
# CUDA's own intrinsics against ptxv::cuda (and the documentation's model).
cuda_status=0
"$build/bin/ptxv_cuda_golden" "$out/cuda-intrinsics.tsv" > "$out/compare-cuda.txt" || cuda_status=$?
tail -n 3 "$out/compare-cuda.txt"
status=$((status | cuda_status))
# ptxv lower: a module of every variant's drawn forms and its lowering, both
# run on the device, against each other and the interpreter.
lower_status=0
"$build/bin/ptxv_lower_hwcheck" > "$out/lower.txt" || lower_status=$?
tail -n 3 "$out/lower.txt"
status=$((status | lower_status))

gpu="$(sed -n 's/^# gpu: //p' "$out/device.tsv" | head -n1)"
slug="$(printf '%s' "$gpu" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9_]\{1,\}/-/g; s/^-//; s/-$//')"
[ -n "$slug" ] || slug=gpu
if [ "$o0_lines" -ne 0 ]; then status=1; fi
if [ "$status" -eq 0 ]; then verdict="AGREE: both engines match the device on every line"; else verdict="DISAGREE: see the report"; fi

{
  echo "# ptxv hardware check: $gpu"
  echo
  echo "Made by \`tools/hwcheck/run.sh\`; ptxv_hwcheck built with \`nvcc -arch=$arch\`."
  echo
  echo "**$verdict**"
  echo
  echo "## Probes (spec/ptxv.yaml \`probes\`: the evaluations that tell readings apart)"
  echo
  echo "The device's d is the truth. Where it differs from ptxv's, the reading the probe names"
  echo "(spec/ptxv.yaml) is wrong for this GPU; R8's probes come first."
  echo
  echo "| instruction | a | b | c | device | device, -Xptxas -O0 | ptxv interp | ptxv generated |"
  echo "|---|---|---|---|---|---|---|---|"
  probe_rows
  echo
  echo "## Default build against \`-Xptxas -O0\`"
  echo
  echo "$o0_lines lines ($o0_forms forms) differ."
  if [ "$o0_lines" -ne 0 ]; then
    echo "Where the -O0 value agrees with ptxv and the default one does not, ptxas miscompiled the form."
    echo
    echo '```'
    head -n 40 "$out/O0-differences.tsv"
    echo '```'
  fi
  echo
  echo '```'
  grep '^#' "$out/device.tsv" | head -n 20
  echo '```'
  echo
  echo "## CUDA's intrinsics (\`ptxv_cuda_golden $out/cuda-intrinsics.tsv\`)"
  echo
  echo '```'
  cat "$out/compare-cuda.txt"
  echo '```'
  echo
  echo "## ptxv lower (\`ptxv_lower_hwcheck\`: original and lowered modules on the device)"
  echo
  echo '```'
  cat "$out/lower.txt"
  echo '```'
  echo
  echo "## Compare (\`ptxv golden $out/device.tsv\`)"
  echo
  echo '```'
  cat "$out/compare.txt"
  echo '```'
  echo
  echo "## Next steps"
  echo
  if [ "$status" -eq 0 ]; then
    echo "1. Commit the small file as golden vectors (the full one is too large for the repository):"
    echo
    echo "       cp $out/golden-candidate.tsv tests/golden/$slug.tsv"
    echo
    echo "   ctest's \`golden_hardware_vectors\` then checks both engines against it on every build."
    echo "2. In spec/ptxv.yaml, readings listed above as consistent with the device and now marked"
    echo "   \`unverified\` or \`text\` (R2, R4, R6, R10, R13 first) may become \`verified_by: hardware (${arch})\`;"
    echo "   regenerate generated/ afterwards."
  else
    echo "1. Replay each disagreement with the \`ptxv eval\` line shown; the device value is the truth."
    echo "2. Where both engines agree with each other but not with the device, the reading in SEMANTICS.md"
    echo "   and spec/ptxv.yaml is wrong: fix the reading, the interpreter and the generator, regenerate,"
    echo "   and rerun this script. Where the engines differ from each other, the generated code has a bug."
    echo "3. Commit $out/golden-candidate.tsv as tests/golden/$slug.tsv only once everything agrees."
  fi
} > "$out/report.md"

say "result"
echo "$verdict"
echo "report:       $out/report.md"
echo "device TSV:   $out/device.tsv"
if [ "$status" -eq 0 ]; then
  echo "golden file:  $out/golden-candidate.tsv  (to promote: cp $out/golden-candidate.tsv tests/golden/$slug.tsv)"
fi
exit $(( status == 0 ? 0 : 1 ))
