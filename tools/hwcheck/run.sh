#!/usr/bin/env bash
# The hardware truth check, in one command, on a machine with an NVIDIA GPU and
# the CUDA toolkit: builds ptxv and ptxv_hwcheck for the GPU at hand, runs
# every variant of the PTX video instructions on the GPU, compares what the
# device computed with both CPU engines (`ptxv golden`) and writes a report.
#
#   tools/hwcheck/run.sh [--vectors N] [--golden-vectors N] [--out DIR] [--build DIR]
#
#   --vectors N          vectors per form for the full run (default: ptxv_hwcheck's, 128)
#   --golden-vectors N   vectors per form of the smaller file meant for tests/golden/ (default 4)
#   --out DIR            where the TSVs and report.md go (default out/hwcheck)
#   --build DIR          CMake build directory (default build)
#
# Exit status: 0 when both engines agree with the device on every line; 1 on
# any disagreement or failure; 2 on a usage error.
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
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DPTXV_BUILD_BENCH=OFF -DPTXV_BUILD_HWCHECK=ON \
  -DPTXV_HWCHECK_ARCH="$arch" -DCUDAToolkit_ROOT="$cuda_root"
cmake --build "$build" -j"$(nproc)" --target ptxv_hwcheck ptxv_cli

mkdir -p "$out"
say "run on the GPU"
hwcheck_failed() {
  echo "run.sh: ptxv_hwcheck failed: it needs an NVIDIA GPU and a driver at least as new as the CUDA" >&2
  echo "        toolkit that built it ($cuda_root); see the CUDA error above" >&2
  exit 1
}
"$build/bin/ptxv_hwcheck" "$out/device.tsv" $vectors || hwcheck_failed
"$build/bin/ptxv_hwcheck" "$out/golden-candidate.tsv" "$golden_vectors" || hwcheck_failed

say "compare with both CPU engines"
status=0
"$build/bin/ptxv" golden "$out/device.tsv" > "$out/compare.txt" || status=$?
"$build/bin/ptxv" golden "$out/golden-candidate.tsv" > "$out/compare-candidate.txt" || status=$((status | $?))
cat "$out/compare.txt"

gpu="$(sed -n 's/^# gpu: //p' "$out/device.tsv" | head -n1)"
slug="$(printf '%s' "$gpu" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9_]\{1,\}/-/g; s/^-//; s/-$//')"
[ -n "$slug" ] || slug=gpu
if [ "$status" -eq 0 ]; then verdict="AGREE: both engines match the device on every line"; else verdict="DISAGREE: see the report"; fi

{
  echo "# ptxv hardware check: $gpu"
  echo
  echo "Made by \`tools/hwcheck/run.sh\`; ptxv_hwcheck built with \`nvcc -arch=$arch\`."
  echo
  echo "**$verdict**"
  echo
  echo '```'
  grep '^#' "$out/device.tsv" | head -n 20
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
