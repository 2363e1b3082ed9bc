#!/usr/bin/env python3
"""libptxv.so exports the C and C++ APIs and nothing else, under its soname.

usage: check_exports.py LIBPTXV_SO NM READELF

Every C API function of ptxv/ptxv.h is exported; no exported symbol belongs
to the library's internals (ptxv::detail, ptxv::simd, ptxv::batch,
ptxv::array, ptxv::shuffled, anonymous namespaces) or to the standard
library; and the soname carries the version."""
import re
import subprocess
import sys

C_API = ["ptxv_compile", "ptxv_free", "ptxv_eval", "ptxv_eval_reference", "ptxv_run", "ptxv_warp",
         "ptxv_text", "ptxv_device_symbol", "ptxv_device_args", "ptxv_explain", "ptxv_lower_ptx",
         "ptxv_version"]
INTERNAL = re.compile(r"ptxv::(detail|simd|batch|array|shuffled|spec|cuda::array)::|\(anonymous namespace\)|^std::|"
                      r"for std::|^__gnu_cxx::")


def main():
    so, nm, readelf = sys.argv[1:4]
    failures = []
    dynamic = subprocess.run([readelf, "-d", so], check=True, capture_output=True, text=True).stdout
    soname = re.search(r"Library soname: \[(.*)\]", dynamic)
    if not soname or not re.fullmatch(r"libptxv\.so\.\d+\.\d+", soname.group(1)):
        failures.append(f"soname: {soname.group(1) if soname else 'none'} (want libptxv.so.MAJOR.MINOR)")
    out = subprocess.run([nm, "-D", "--defined-only", so], check=True, capture_output=True, text=True).stdout
    # Each name carries its version node: ptxv_compile@@PTXV_0.1.
    mangled = [line.split()[-1].split("@")[0] for line in out.splitlines() if line.strip()]
    demangled = subprocess.run([nm, "-D", "--defined-only", "-C", so], check=True, capture_output=True,
                               text=True).stdout
    names = [line.split(" ", 2)[2].rsplit("@@", 1)[0] for line in demangled.splitlines() if line.count(" ") >= 2]
    for f in C_API:
        if f not in mangled:
            failures.append(f"not exported: {f}")
    for n in names:
        if n.startswith("PTXV_"):  # the version node
            continue
        if INTERNAL.search(n) or not (n.startswith("ptxv") or " for ptxv::" in n):
            failures.append(f"exported but not API: {n}")
    if failures:
        print("\n".join(failures[:40]))
        print(f"{len(failures)} problems in {so}'s exports")
        return 1
    print(f"{so}: soname {soname.group(1)}; {len(names)} symbols exported, all of the C and C++ APIs "
          f"(the {len(C_API)} C functions among them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
