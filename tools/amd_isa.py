#!/usr/bin/env python3
"""VALU instructions per call of CUDA's SIMD intrinsics in HIP device code.

    python3 tools/amd_isa.py [--include DIR] [--against DIR | --against-rev REV]
                             [--hipcc hipcc] [--targets gfx90a,gfx1030,gfx1100]
                             [--peers] [--markdown]
    python3 tools/amd_isa.py --variants [--include DIR] [--hipcc hipcc] [--targets ...]

For every intrinsic of ptxv_cuda_compat.hpp (found in DIR, default
generated/), compiles one kernel `d[i] = __vX(a[i], b[i])` per intrinsic
with hipcc's device pass for each target (-O3, no GPU headers or libraries)
and counts the vector ALU instructions of its body (lines `v_...`), less
those of the same kernel around a one-instruction operation (a[i] ^ b[i]):
the loads, stores and index, once. With --against, the same for the header
in a second folder, side by side; with --against-rev, the headers of generated/
at that git revision. With --peers, also the other projects' formulations of
bench/peers_hip.hpp, each first checked word for word against ptxv's
intrinsic on the host (clang 15 or later). With --variants, the template
form of every SIMD variant of ptxv.hpp (default selectors and mask, a, b
and c from memory), summed up per opcode, and each variant that an
intrinsic is, fed as the intrinsic feeds it, against the intrinsic (exit
status 1 where the variant is longer). Static counts from reading the
ISA: no AMD GPU runs them.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TARGETS = "gfx90a,gfx1030,gfx1100"


def intrinsics(include):
    text = open(os.path.join(include, "ptxv_cuda_compat.hpp")).read()
    out = []
    for m in re.finditer(r"^PTXV_CUDA_COMPAT_FN unsigned int (__v\w+)\(([^)]*)\)", text, re.M):
        out.append((m.group(1), m.group(2).count(",") + 1))
    return out


def peers():
    text = open(os.path.join(ROOT, "bench", "peers_hip.hpp")).read()
    return re.findall(r"X\((__v\w+), (\w+), (\w+::\w+)\)", text)


PEER_CHECK = r"""
#include <cstdio>
#include "ptxv_cuda_compat.hpp"
#include "peers_hip.hpp"
#include "ptxv/random.hpp"
using namespace ptxv_bench::peers_hip;
int main() {
    int wrong = 0;
    long checked = 0;
    const unsigned edge[] = {0x00000000u, 0xffffffffu, 0x80808080u, 0x7f7f7f7fu,
                             0x01010101u, 0xfefefefeu, 0x807f0100u, 0x00ff7f80u};
#define X(NAME, PEER, FN)                                                          \
    {                                                                              \
        ptxv::SplitMix64 rng(0x70656572);                                          \
        for (int k = 0; k < (1 << 20) + 64; ++k) {                                 \
            const unsigned a = k < 64 ? edge[k % 8] : rng.word();                  \
            const unsigned b = k < 64 ? edge[k / 8] : rng.word();                  \
            ++checked;                                                             \
            if (FN(a, b) != NAME(a, b) && ++wrong < 10)                            \
                std::printf("%s (%s): 0x%08x 0x%08x: 0x%08x, ptxv 0x%08x\n", #NAME, \
                            #PEER, a, b, FN(a, b), NAME(a, b));                    \
        }                                                                          \
    }
    PTXV_HIP_PEERS(X)
#undef X
    std::printf("%ld words, %d wrong\n", checked, wrong);
    return wrong != 0;
}
"""


def check_peers(work, include):
    cxx = next((c for c in ("clang++-19", "clang++-18", "clang++-17", "clang++-16", "clang++-15")
                if subprocess.run(["sh", "-c", f"command -v {c}"], capture_output=True).returncode == 0), None)
    if cxx is None:
        sys.exit("amd_isa.py --peers: no clang++ 15 or later to check the peers with")
    src, exe = os.path.join(work, "peers.cpp"), os.path.join(work, "peers")
    with open(src, "w") as f:
        f.write(PEER_CHECK)
    r = subprocess.run([cxx, "-std=c++17", "-O2", "-I", include, "-I", os.path.join(ROOT, "bench"),
                        "-I", os.path.join(ROOT, "spec", "include"), src, "-o", exe], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"amd_isa.py: the peers' check does not compile:\n{r.stderr}")
    r = subprocess.run([exe], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"amd_isa.py: a peer differs from ptxv:\n{r.stdout}")
    return r.stdout.strip()


def intrinsic_forms(include):
    """(intrinsic, variant function, the argument feeding a, b and c or -1 for 0) of each SIMD
    intrinsic whose result is its instruction's d (ptxv_cuda.hpp's kIntrinsics, post "none")."""
    text = open(os.path.join(include, "ptxv_cuda.hpp")).read()
    out = []
    for m in re.finditer(r'\{"(__v\w+)", "([\w.]+)", \d+, \d+, \{(-?\d+), (-?\d+), (-?\d+)\}, \w+, "(\w+)"', text):
        if m.group(6) == "none" and m.group(2).split(".")[0][-1] in "24":
            out.append((m.group(1), m.group(2).replace(".", "_"), [int(m.group(k)) for k in (3, 4, 5)]))
    return out


def simd_variants(include):
    """The function of every SIMD variant (ptxv_tables.hpp's kVariants), in spec order."""
    text = open(os.path.join(include, "ptxv_tables.hpp")).read()
    text = text[text.index("kVariants["):]
    return [m.group(1) for m in re.finditer(r'\{"(\w+)", "([\w.]+)", \d+[,}]', text)
            if m.group(2).split(".")[0][-1] in "24"]


def variant_source(names, forms, variants):
    """kernel_source's intrinsics, then the kernels of each intrinsic's variant fed as the intrinsic
    feeds it (k_same_*), and of every SIMD variant's default form on three run-time operands (k_v_*,
    framed by k_frame3)."""
    lines = [kernel_source(names).rstrip("\n"), '#include "ptxv.hpp"',
             "#define K3(NAME, EXPR) extern \"C\" __attribute__((global)) void k_##NAME(unsigned* d, "
             "const unsigned* a, const unsigned* b, const unsigned* c) { "
             "const unsigned i = __builtin_amdgcn_workitem_id_x(); d[i] = EXPR; }",
             "K3(frame3, a[i] ^ b[i] ^ c[i])"]
    for name, fn, src in forms:
        args = ", ".join("0u" if k < 0 else ("a[i]", "b[i]")[k] for k in src)
        lines.append(f"K(same_{name}, ptxv::{fn}<>({args}))")
    for fn in variants:
        lines.append(f"K3(v_{fn}, ptxv::{fn}<>(a[i], b[i], c[i]))")
    return "\n".join(lines) + "\n"


def kernel_source(names, with_peers=False):
    lines = ['#include "ptxv_cuda_compat.hpp"',
             "#define K(NAME, EXPR) extern \"C\" __attribute__((global)) void k_##NAME(unsigned* d, "
             "const unsigned* a, const unsigned* b) { const unsigned i = __builtin_amdgcn_workitem_id_x(); "
             "d[i] = EXPR; }",
             "K(frame, a[i] ^ b[i])"]
    for name, arity in names:
        args = "a[i], b[i]" if arity == 2 else "a[i]"
        lines.append(f"K({name}, {name}({args}))")
    if with_peers:
        lines.insert(1, '#include "peers_hip.hpp"')
        for name, peer, fn in peers():
            lines.append(f"K({name}_{peer}, ptxv_bench::peers_hip::{fn}(a[i], b[i]))")
    return "\n".join(lines) + "\n"


def counts(hipcc, include, target, names, work, with_peers=False, source=None):
    src = os.path.join(work, "kernels.hip")
    asm = os.path.join(work, f"kernels-{target}.s")
    with open(src, "w") as f:
        f.write(source if source is not None else kernel_source(names, with_peers))
    cmd = [hipcc, "-std=c++17", "-O3", "-x", "hip", f"--offload-arch={target}", "--cuda-device-only",
           "-nogpuinc", "-nogpulib", "-S", "-I", include, "-I", os.path.join(ROOT, "bench"), src, "-o", asm]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"amd_isa.py: {' '.join(cmd)} failed:\n{r.stderr}")
    per, xors = {}, {}
    name = None
    for line in open(asm):
        m = re.match(r"^k_(\w+):", line)
        if m:
            name = m.group(1)
            per[name] = xors[name] = 0
        elif name and re.match(r"^\s+s_endpgm", line):
            name = None
        elif name and re.match(r"^\s+v_", line):
            per[name] += 1
            xors[name] += 1 if re.match(r"^\s+v_xor", line) else 0
        elif name and re.match(r"^\s+s_cbranch", line):
            sys.exit(f"amd_isa.py: {name} branches on {target}")
    # The frames' own operation: one xor of two words; of three, one v_xor3 or two.
    frame = per.pop("frame") - 1
    frame3 = per.pop("frame3") - xors["frame3"] if "frame3" in per else 0
    return {k: v - (frame3 if k.startswith("v_") else frame) for k, v in per.items()}


def variants_report(args, targets, work):
    """--variants: each SIMD intrinsic against its variant fed alike, and the default forms of the
    SIMD variants summed up per opcode."""
    forms, variants = intrinsic_forms(args.include), simd_variants(args.include)
    names = intrinsics(args.include)
    source = variant_source(names, forms, variants)
    now = {t: counts(args.hipcc, args.include, t, names, work, source=source) for t in targets}
    longer = []
    print("| intrinsic | variant | " + " | ".join(f"{t} intrinsic | {t} variant" for t in targets) + " |")
    print("|---|---" + "|---:" * (2 * len(targets)) + "|")
    for name, fn, _ in forms:
        row = []
        for t in targets:
            iv, vv = now[t][name], now[t][f"same_{name}"]
            row += [str(iv), str(vv)]
            if vv > iv:
                longer.append(f"{name} {fn} {t}: {vv} > {iv}")
        print(f"| `{name}` | `{fn}` | " + " | ".join(row) + " |")
    print()
    print("| opcode | variants | " + " | ".join(f"{t} min / median / max" for t in targets) + " |")
    print("|---|---:" + "|---:" * len(targets) + "|")
    by_opcode = {}
    for fn in variants:
        by_opcode.setdefault(fn.split("_")[0], []).append(fn)
    for op, fns in by_opcode.items():
        cells = []
        for t in targets:
            c = sorted(now[t][f"v_{fn}"] for fn in fns)
            cells.append(f"{c[0]} / {c[len(c) // 2]} / {c[-1]}")
        print(f"| `{op}` | {len(fns)} | " + " | ".join(cells) + " |")
    if longer:
        print("longer than its intrinsic:\n  " + "\n  ".join(longer), file=sys.stderr)
    return 1 if longer else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--include", default=os.path.join(ROOT, "generated"))
    ap.add_argument("--against", help="a second generated/ folder, counted the same way")
    ap.add_argument("--against-rev", help="generated/ at this git revision, counted the same way")
    ap.add_argument("--hipcc", default="hipcc")
    ap.add_argument("--targets", default=DEFAULT_TARGETS)
    ap.add_argument("--peers", action="store_true", help="also bench/peers_hip.hpp's formulations")
    ap.add_argument("--markdown", action="store_true", help="a Markdown table")
    ap.add_argument("--variants", action="store_true",
                    help="each SIMD intrinsic against its variant fed alike (exit 1 where the variant is longer), "
                         "and the SIMD variants' default forms per opcode (Markdown)")
    args = ap.parse_args()
    targets = args.targets.split(",")
    names = intrinsics(args.include)
    if args.variants:
        with tempfile.TemporaryDirectory() as work:
            sys.exit(variants_report(args, targets, work))
    with tempfile.TemporaryDirectory() as work:
        if args.against_rev:
            args.against = os.path.join(work, "against")
            os.mkdir(args.against)
            for header in ("ptxv.hpp", "ptxv_cuda.hpp", "ptxv_cuda_compat.hpp"):
                text = subprocess.run(["git", "-C", ROOT, "show", f"{args.against_rev}:generated/{header}"],
                                      capture_output=True, text=True, check=True).stdout
                with open(os.path.join(args.against, header), "w") as f:
                    f.write(text)
        if args.peers:
            print(f"peers checked against ptxv on the host: {check_peers(work, args.include)}", file=sys.stderr)
        now = {t: counts(args.hipcc, args.include, t, names, work, args.peers) for t in targets}
        before = ({t: counts(args.hipcc, args.against, t, names, work) for t in targets}
                  if args.against else None)
    head = ["intrinsic"]
    for t in targets:
        head += [f"{t} before", f"{t}"] if before else [t]
    rows = []
    shown = [(name, name) for name, _ in names]
    if args.peers:
        shown += [(f"{name}_{peer}", f"{name} ({peer})") for name, peer, _ in peers()]
    for key, label in shown:
        row = [f"`{label}`" if args.markdown else label]
        for t in targets:
            if before:
                row.append(str(before[t].get(key, "")))
            row.append(str(now[t][key]))
        rows.append(row)
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|---" + "|---:" * (len(head) - 1) + "|")
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        print("\t".join(head))
        for r in rows:
            print("\t".join(r))


if __name__ == "__main__":
    main()
