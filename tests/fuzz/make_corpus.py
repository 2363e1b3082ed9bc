#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (tests/fuzz/corpus/<target>/).

    python3 tests/fuzz/make_corpus.py build/bin/ptxv

The manual's examples come from generated/ptxv_tables.hpp. The other forms
are drawn at random from the variant list (`ptxv list`) with random
selectors, masks, negations, immediates and guards, and from near misses of
them; `ptxv validate --batch` sorts them into accepted and rejected so the
corpus holds plenty of both. Batch lines pair forms with values in every
accepted notation and with the malformed lines the batch format rejects.
The spec corpus is the spec itself and a few of the patches of
spec/tests/bad/ applied to it; the translate corpus the sources of
tests/translate/ and examples/translate/. The same seed gives the same files.
"""
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tests", "fuzz", "corpus")
rng = random.Random(20240917)


def run(ptxv, args, stdin):
    return subprocess.run([ptxv] + args, input=stdin, capture_output=True, check=False).stdout.decode()


def examples():
    text = open(os.path.join(ROOT, "generated", "ptxv_tables.hpp"), encoding="utf-8").read()
    block = text[text.index("kExamples["):]
    block = block[: block.index("};")]
    return re.findall(r'\{"([^"]+)", (?:true|false)', block)


SCALAR_SEL = ["b0", "b1", "b2", "b3", "h0", "h1"]
BAD_SEL = ["b4", "h2", "b01", "b12", "b23", "x", "b", "h", "b3210", "B0"]


def reg():
    return rng.choice(["r1", "r2", "r3", "r4", "%r10", "_t", "$x", "rd0", "%rd1"])


def imm():
    return rng.choice(["0", "1", "7", "-1", "0x80", "0xffffffff", "0b101", "017", "42U", "-0x7fffffff",
                       "4294967296", "0x1ffffffffffffffff", "1.5", "0f3f800000"])


def simd_sel(prefix, lanes, top):
    return "." + prefix + "".join(str(rng.randrange(top)) for _ in range(lanes))


def simd_mask(prefix, lanes):
    lanes_set = sorted(rng.sample(range(lanes), rng.randint(1, lanes)), reverse=True)
    return "." + prefix + "".join(str(i) for i in lanes_set)


def form(ptx):
    op = ptx.split(".")[0]
    simd = op[-1] in "24"
    lanes = int(op[-1]) if simd else 1
    prefix = "b" if lanes == 4 else "h"
    guard = rng.choice(["@p ", "@!p ", "@%p1 ", "@ !q "]) if rng.random() < 0.1 else ""
    d = reg()
    if simd and rng.random() < 0.4:
        d += simd_mask(prefix, lanes)
    elif not simd and rng.random() < 0.25:
        d += "." + rng.choice(SCALAR_SEL + ["b01", "b12", "b23"])
    srcs = []
    for k in range(3):
        if rng.random() < 0.12:
            srcs.append(imm())
            continue
        s = ("-" if op == "vmad" and rng.random() < 0.25 else "") + reg()
        if k < 2 and rng.random() < 0.5:
            s += simd_sel(prefix, lanes, 2 * lanes) if simd else "." + rng.choice(SCALAR_SEL)
        srcs.append(s)
    n = 3 if rng.random() < 0.7 else 2
    return guard + ptx + " " + ", ".join([d] + srcs[:n]) + (";" if rng.random() < 0.7 else "")


def near_miss(text):
    choice = rng.randrange(9)
    if choice == 0:
        return text.replace(".u32", "", 1)
    if choice == 1:
        return text.replace(" ", ".bogus ", 1)
    if choice == 2:
        return text.replace(",", "", 1)
    if choice == 3:
        return text + " r9"
    if choice == 4:
        return re.sub(r"\.(b|h)(\d)", lambda m: "." + m.group(1) + "9", text, count=1)
    if choice == 5:
        return text.replace("r2", "r2." + rng.choice(BAD_SEL), 1)
    if choice == 6:
        return text.replace(".s32", ".s16", 1)
    if choice == 7:
        return text.replace(" ", "", 1)
    cut = rng.randrange(len(text))
    return text[:cut]


def value():
    v = rng.choice([0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff,
                    rng.getrandbits(32)])
    style = rng.randrange(4)
    if style == 0:
        return "0x%x" % v
    if style == 1:
        return "0X%08X" % v
    if style == 2:
        return str(v)
    return str(v - (1 << 32)) if v >= 0x80000000 else str(v)


BAD_LINES = [
    "", "   ", "\t\t", "# comment", "#", "vadd.u32.u32.u32 r1, r2, r3", "vadd.u32.u32.u32 r1, r2, r3\t1",
    "vadd.u32.u32.u32 r1, r2, r3\t0x100000000\t0", "vadd.u32.u32.u32 r1, r2, r3\t4294967296\t0",
    "vadd.u32.u32.u32 r1, r2, r3\t-2147483649\t0", "vadd.u32.u32.u32 r1, r2, r3\tabc\t1",
    "vadd.u32.u32.u32 r1, r2, r3\t0x\t1", "vadd.u32.u32.u32 r1, r2, r3\t-\t1", "vadd.u32.u32.u32 r1, r2, r3\t+1\t1",
    "vadd.u32.u32.u32 r1, r2, r3\t 1\t1", "vadd4.u32.u32.u32 r1, r2, r3, r4\t1\t2",
    "vadd4.u32.u32.u32 r1, r2, r3, r4\t1\t2\t3\textra\tcolumns", "vadd.u32.u32.u32 r1, r2, r3\t1\t2\r",
    "vadd.u32.u32.u32 r1, 5, r3\t1\t2", "vmad.s32.s32.s32 r1, -r2, r3, -7\t0x10\t3\t0",
    "\tvadd.u32.u32.u32 r1, r2, r3\t1\t2", " # not a comment\t1\t2", "vadd.u32.u32.u32 r1, r2, r3\t1\x002\t3",
    "vadd.u32.u32.u32 r1, r2, r3\t\xff\xfe\t3", "\xef\xbb\xbfvadd.u32.u32.u32 r1, r2, r3\t1\t2",
]


def apply_spec_patch(patch, spec):
    """A spec/tests/bad/*.patch applied to the spec (the format: tests/spec_patch.hpp)."""
    hunk = [(l[:1] or " ", None if l in (" ...", "-...") else l[1:])
            for l in patch.splitlines() if not l.startswith("#")]
    runs = [[]]
    for mark, text in hunk:
        if text is None:
            runs.append([])
        elif mark != "+":
            runs[-1].append(text)
    lines = spec.splitlines()
    starts = []
    for anchor in runs:
        hits = [k for k in range(len(lines) - len(anchor) + 1) if lines[k:k + len(anchor)] == anchor]
        assert anchor and len(hits) == 1 and (not starts or hits[0] > starts[-1]), \
            "anchor %r found %d times" % (anchor, len(hits))
        starts.append(hits[0])
    out, pos, gap = lines[:starts[0]], starts[0], 0
    for mark, text in hunk:
        if text is None:
            gap += 1
            out += lines[pos:starts[gap]] if mark == " " else []
            pos = starts[gap]
        elif mark == "+":
            out.append(text)
        else:
            out += [text] if mark == " " else []
            pos += 1
    return "\n".join(out + lines[pos:]) + "\n"


def write(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("latin-1"))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_corpus.py PATH/TO/ptxv")
    ptxv = sys.argv[1]
    shutil.rmtree(OUT, ignore_errors=True)

    variants = [line.split("\t")[0] for line in run(ptxv, ["list"], b"").splitlines() if not line.startswith("#")]
    candidates = [form(rng.choice(variants)) for _ in range(700)]
    candidates += [near_miss(form(rng.choice(variants))) for _ in range(300)]
    candidates = [c for c in dict.fromkeys(candidates) if c.strip() and "\n" not in c and "\t" not in c]
    verdicts = run(ptxv, ["validate", "--batch", "-"], "\n".join(candidates).encode() + b"\n").splitlines()
    assert len(verdicts) == len(candidates), "validate --batch must give one line per form"
    valid = [c for c, v in zip(candidates, verdicts) if v == "ok"]
    invalid = [c for c, v in zip(candidates, verdicts) if v != "ok"]
    valid, invalid = valid[:250], invalid[:150]

    for i, text in enumerate(examples()):
        write("fuzz_parse", "example_%02d" % i, text)
    for i, text in enumerate(valid):
        write("fuzz_parse", "valid_%03d" % i, text)
    for i, text in enumerate(invalid):
        write("fuzz_parse", "invalid_%03d" % i, text)

    lines = []
    for text in examples() + valid[:120] + invalid[:40]:
        lines.append("\t".join([text, value(), value(), value()]))
    for i, line in enumerate(lines):
        write("fuzz_batch_line", "line_%03d" % i, line)
    for i, line in enumerate(BAD_LINES):
        write("fuzz_batch_line", "odd_%02d" % i, line)
    for i in range(10):
        chunk = rng.sample(lines, 6) + rng.sample(BAD_LINES, 2)
        write("fuzz_batch_line", "file_%02d" % i, ("\r\n" if i % 3 == 0 else "\n").join(chunk))

    os.makedirs(os.path.join(OUT, "fuzz_spec"), exist_ok=True)
    shutil.copy(os.path.join(ROOT, "spec", "ptxv.yaml"), os.path.join(OUT, "fuzz_spec", "ptxv.yaml"))
    bad_dir = os.path.join(ROOT, "spec", "tests", "bad")
    spec = open(os.path.join(ROOT, "spec", "ptxv.yaml"), encoding="utf-8").read()
    for name in ["02_unknown_key_family", "14_duplicate_key", "21_default_mask_not_in_masks", "39_unclosed_bracket",
                 "45_simd_c_operand_with_op2_or_dsel", "51_dsel_merged_and_ignored", "57_bundle_redefines_key",
                 "66_block_nesting", "70_real_vset4_op2_max"]:
        patch = open(os.path.join(bad_dir, name + ".patch"), encoding="utf-8").read()
        write("fuzz_spec", name + ".yaml", apply_spec_patch(patch, spec).encode())
    # ptxv translate: the test cases, the statement shapes and the example,
    # whole and cut at blank lines (one function or statement group a seed).
    sources = sorted(os.path.join(ROOT, "tests", "translate", "cases", n)
                     for n in os.listdir(os.path.join(ROOT, "tests", "translate", "cases")) if n.endswith(".cu"))
    sources += [os.path.join(ROOT, "tests", "translate", "semantic", "shapes.cu"),
                os.path.join(ROOT, "examples", "translate", "pixels.cu")]
    n_translate = 0
    for path in sources:
        data = open(path, "rb").read()
        stem = os.path.basename(path)[:-3]
        write("fuzz_translate", stem, data)
        for i, chunk in enumerate(c for c in data.split(b"\n\n") if b"asm" in c):
            write("fuzz_translate", "%s_%02d" % (stem, i), chunk + b"\n")
            n_translate += 1
        n_translate += 1
    print("fuzz_parse: %d examples, %d valid, %d invalid; fuzz_batch_line: %d; fuzz_spec: %d; fuzz_translate: %d" % (
        len(examples()), len(valid), len(invalid), len(os.listdir(os.path.join(OUT, "fuzz_batch_line"))),
        len(os.listdir(os.path.join(OUT, "fuzz_spec"))), n_translate))


if __name__ == "__main__":
    main()
