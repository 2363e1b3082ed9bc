#!/usr/bin/env python3
"""ptxv lower on what nvcc -ptx writes for the project's own example
(examples/translate/pixels.cu: 105 video instructions of 15 opcodes in
inline asm): for each target, no video instruction is left, ptxas
assembles the module, and every line of the input is in the output in order
but for the video instructions, each of which became a comment holding it.

    check_nvcc.py NVCC PTXAS PTXV SOURCE.cu WORKDIR
"""
import re
import subprocess
import sys

VIDEO = re.compile(r"^\s*(@!?%\w+\s+)?v(add|sub|absdiff|min|max|shl|shr|mad|set|avrg)[24]?\.")


def main():
    nvcc, ptxas, ptxv, source, work = sys.argv[1:6]
    for arch in ("sm_75", "sm_90"):
        original = f"{work}/lower_{arch}.ptx"
        lowered = f"{work}/lower_{arch}.lowered.ptx"
        subprocess.run([nvcc, "-ptx", f"-arch={arch}", source, "-o", original], check=True)
        report = subprocess.run([ptxv, "lower", original, "-o", lowered], check=True, capture_output=True, text=True).stderr
        src = open(original).read().split("\n")
        out = open(lowered).read().split("\n")
        videos = [l for l in src if VIDEO.search(l)]
        if not videos:
            sys.exit(f"{arch}: nvcc wrote no video instruction; the check would test nothing")
        left = [l for l in out if VIDEO.search(l)]
        if left:
            sys.exit(f"{arch}: video instructions left: {left[:3]}")
        # Walk both: every input line appears in order; a video one as a comment.
        j = 0
        for line in src:
            if VIDEO.search(line):
                while j < len(out) and not out[j].lstrip().startswith("// " + line.strip().split()[0]):
                    j += 1
            else:
                while j < len(out) and out[j] != line:
                    j += 1
            if j == len(out):
                sys.exit(f"{arch}: the input line {line!r} is not in the output in its place")
            j += 1
        subprocess.run([ptxas, f"-arch={arch}", lowered, "-o", f"{work}/lower_{arch}.cubin"], check=True)
        print(f"{arch}: {len(videos)} lines of video instructions lowered; ptxas accepts the module\n{report}", end="")


if __name__ == "__main__":
    main()
