#!/usr/bin/env python3
"""Instructions per element of the scalar instructions' generated functions.

    python3 tools/loop_instructions.py [--include DIR] [--cxx g++] [--flags "-O3"]

For every scalar form benchmarked in bench/bench_ops.cpp (PTXV_OP lines of the
vop, vshift, vmad and vset sections) and every plain formulation of
bench/bench_reference.cpp, compiles two functions with the drop-in header
found in DIR (default: generated/):
  loop:  acc += f(a[i], b[i], c[i]) over arrays, as BM_direct measures it;
         the instructions of its innermost loop divided by the elements one
         pass of it handles (the bytes it reads from one array, over 4);
  word:  f(a, b, c) alone, compiled without vectorization; its instructions
         up to ret.
Prints one line per form. Static counts, for comparing two versions of the
header; the benchmarks measure speed.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def forms():
    text = open(os.path.join(ROOT, "bench", "bench_ops.cpp")).read()
    scalar = text[text.index("// --- vop:"):text.index("// --- vop2:")]
    out = []
    for m in re.finditer(r'PTXV_OP\("([^"]+)",\s*(ptxv::[^;]+?)\);', scalar, re.S):
        out.append((m.group(1), " ".join(m.group(2).split()), "ptxv"))
    ref = open(os.path.join(ROOT, "bench", "bench_reference.cpp")).read()
    for m in re.finditer(r'PTXV_REF\("BM_perlane", "([^"]+)", (plain_\w+)\);', ref):
        out.append((m.group(1), m.group(2) + "(a, b, c)", "plain"))
    return out, ref


def plain_source(ref):
    start = ref.index("// --- scalar instructions, written plainly")
    end = ref.index("template <class F>", start)
    return ref[start:end]


def count(asm, name):
    """(instructions in the innermost loop, elements per pass) of function name."""
    body = asm[asm.index(name + ":"):]
    body = body[:body.index(".cfi_endproc")]
    lines = [l.strip() for l in body.splitlines()]
    labels = {}
    for i, l in enumerate(lines):
        if re.match(r"^\.L\w+:$", l):
            labels[l[:-1]] = i
    best = None
    for i, l in enumerate(lines):
        m = re.match(r"^j\w+\s+(\.L\w+)$", l)
        if m and m.group(1) in labels and labels[m.group(1)] < i:
            span = [x for x in lines[labels[m.group(1)]:i + 1] if x and not x.startswith(".") and not x.endswith(":")]
            if best is None or len(span) < len(best):
                best = span
    if best is None:
        return None, None
    # Elements per pass: the bytes read through one array's base register
    # (each array read gives the same count), over 4.
    per_base = {}
    for x in best:
        m = re.match(r"^\S+\s+-?\w*\((%r\w+)", x)
        if m:
            size = 32 if "ymm" in x else 16 if "xmm" in x else 4
            per_base[m.group(1)] = per_base.get(m.group(1), 0) + size
    elements = max(per_base.values()) // 4 if per_base else 0
    return len(best), elements or None


def word_count(asm, name):
    body = asm[asm.index(name + ":"):]
    body = body[:body.index(".cfi_endproc")]
    n = 0
    for l in body.splitlines():
        l = l.strip()
        if l and not l.startswith(".") and not l.endswith(":"):
            n += 1
            if l == "ret":
                break
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", default=os.path.join(ROOT, "generated"))
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("--flags", default="-O3")
    args = ap.parse_args()
    fs, ref = forms()
    src = ['#include <cstddef>', '#include <cstdint>', '#include "ptxv.hpp"', "using u32 = std::uint32_t;",
           "namespace ptxv_bench {", plain_source(ref), "}", "using namespace ptxv_bench;", "namespace sel = ptxv::sel;",
           "namespace neg = ptxv::neg;"]
    for k, (text, call, _) in enumerate(fs):
        src.append('extern "C" u32 loop_%d(const u32* a, const u32* b, const u32* c, std::size_t n) {'
                   ' u32 acc = 0; for (std::size_t i = 0; i < n; ++i) { const u32 a_ = a[i], b_ = b[i], c_ = c[i];'
                   ' acc += [](u32 a, u32 b, u32 c) { (void)c; return %s; }(a_, b_, c_); } return acc; }' % (k, call))
        src.append('extern "C" u32 word_%d(u32 a, u32 b, u32 c) { (void)c; return %s; }' % (k, call))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "loops.cpp")
        open(path, "w").write("\n".join(src) + "\n")
        asm = subprocess.run([args.cxx, "-std=c++17", *args.flags.split(), "-I", args.include, "-S", "-o", "-", path],
                             capture_output=True, text=True, check=True).stdout
        words = subprocess.run([args.cxx, "-std=c++17", *args.flags.split(), "-fno-tree-vectorize", "-I",
                                args.include, "-S", "-o", "-", path], capture_output=True, text=True, check=True).stdout
    print("%-8s %-42s %14s %6s" % ("what", "form", "loop instr/elt", "word"))
    for k, (text, _, who) in enumerate(fs):
        n, e = count(asm, "loop_%d" % k)
        per = "%.2f" % (n / e) if n and e else "?"
        print("%-8s %-42s %14s %6d" % (who, text, per, word_count(words, "word_%d" % k)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
