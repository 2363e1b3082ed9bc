#!/usr/bin/env python3
"""The intrinsics of ptxv_cuda_compat.hpp are exactly CUDA's: the SIMD intrinsics
of CUDA's crt/device_functions.h (group CUDA_MATH_INTRINSIC_SIMD) and __sad,
__usad, each with CUDA's return type and parameter types.

    match_cuda.py CUDA/include/crt/device_functions.h generated/ptxv_cuda_compat.hpp
"""
import re
import sys


def signature(ret, params):
    types = []
    for p in params.split(","):
        words = p.split()
        types.append(" ".join(words[:-1]))  # the parameter's type, without its name
    return ret.strip() + "(" + ", ".join(types) + ")"


def cuda_declarations(text):
    out = {}
    decl = re.compile(r"/\*\*((?:(?!\*/).)*)\*/\s*__DEVICE_FUNCTIONS_DECL__\s+__device_builtin__\s+"
                      r"(unsigned int|int)\s+(__\w+)\s*\(([^)]*)\)\s*;", re.S)
    for m in decl.finditer(text):
        doc, ret, name, params = m.groups()
        if "CUDA_MATH_INTRINSIC_SIMD" in doc or name in ("__sad", "__usad"):
            out[name] = signature(ret, params)
    return out


def ptxv_definitions(text):
    out = {}
    for m in re.finditer(r"^PTXV_CUDA_COMPAT_(?:HOST_)?FN\s+(unsigned int|int)\s+(__\w+)\(([^)]*)\)", text, re.M):
        ret, name, params = m.groups()
        if name in out:
            raise SystemExit("ptxv defines " + name + " twice")
        out[name] = signature(ret, params)
    return out


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    cuda = cuda_declarations(open(sys.argv[1], encoding="utf-8", errors="replace").read())
    ptxv = ptxv_definitions(open(sys.argv[2], encoding="utf-8").read())
    problems = []
    for name in sorted(set(cuda) | set(ptxv)):
        if name not in ptxv:
            problems.append("missing in ptxv: " + name + " " + cuda[name])
        elif name not in cuda:
            problems.append("not declared by CUDA: " + name)
        elif cuda[name] != ptxv[name]:
            problems.append(name + ": CUDA " + cuda[name] + ", ptxv " + ptxv[name])
    for p in problems:
        print(p)
    print("%d CUDA declarations, %d ptxv definitions, %d problems" % (len(cuda), len(ptxv), len(problems)))
    if len(cuda) < 84:
        print("expected at least 84 declarations in CUDA's header")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
