#!/usr/bin/env python3
"""ptxv lower on what nvcc -ptx writes for the project's own example
(examples/translate/pixels.cu: 105 video instructions of 15 opcodes in
inline asm), for sm_75, for sm_90 and with -G (debug sections in braces):
no video instruction is left, ptxas assembles the module, and every line of
the input is in the output in order but for the video instructions, each of
which became a comment holding it.

    check_nvcc.py NVCC PTXAS PTXV SOURCE.cu WORKDIR
"""
import re
import subprocess
import sys

VIDEO = re.compile(r"^\s*(@!?%\w+\s+)?v(add|sub|absdiff|min|max|shl|shr|mad|set|avrg)[24]?\.")


def main():
    nvcc, ptxas, ptxv, source, work = sys.argv[1:6]
    # With -G, nvcc adds debug sections in braces at the module's level.
    for arch, flags in (("sm_75", []), ("sm_90", []), ("sm_75", ["-G"])):
        name = arch + "".join(flags)
        original = f"{work}/lower_{name}.ptx"
        lowered = f"{work}/lower_{name}.lowered.ptx"
        subprocess.run([nvcc, "-ptx", f"-arch={arch}"] + flags + [source, "-o", original], check=True)
        report = subprocess.run([ptxv, "lower", original, "-o", lowered], check=True, capture_output=True, text=True).stderr
        src = open(original).read().split("\n")
        out = open(lowered).read().split("\n")
        videos = [l for l in src if VIDEO.search(l)]
        if not videos:
            sys.exit(f"{name}: nvcc wrote no video instruction; the check would test nothing")
        left = [l for l in out if VIDEO.search(l)]
        if left:
            sys.exit(f"{name}: video instructions left: {left[:3]}")
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
                sys.exit(f"{name}: the input line {line!r} is not in the output in its place")
            j += 1
        subprocess.run([ptxas, f"-arch={arch}", lowered, "-o", f"{work}/lower_{name}.cubin"], check=True)
        print(f"{name}: {len(videos)} lines of video instructions lowered; ptxas accepts the module\n{report}", end="")


if __name__ == "__main__":
    main()
