#!/usr/bin/env python3
"""The C API of libptxv.so from Python's ctypes, as a Python emulator would
call it: the generated code against the interpreter on random words, the
array and warp forms, the device library's call, and bad input. usage: ctypes_api.py LIBPTXV_SO"""
import ctypes
import random
import sys

u32 = ctypes.c_uint32


def load(path):
    lib = ctypes.CDLL(path)
    lib.ptxv_compile.restype = ctypes.c_void_p
    lib.ptxv_compile.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.ptxv_free.argtypes = [ctypes.c_void_p]
    for f in (lib.ptxv_eval, lib.ptxv_eval_reference):
        f.restype = u32
        f.argtypes = [ctypes.c_void_p, u32, u32, u32]
    arr = ctypes.POINTER(u32)
    lib.ptxv_run.argtypes = [ctypes.c_void_p, arr, arr, arr, arr, ctypes.c_size_t]
    lib.ptxv_warp.argtypes = [ctypes.c_void_p, arr, arr, arr, arr, u32]
    lib.ptxv_text.restype = ctypes.c_char_p
    lib.ptxv_text.argtypes = [ctypes.c_void_p]
    lib.ptxv_version.restype = ctypes.c_char_p
    lib.ptxv_device_symbol.restype = ctypes.c_char_p
    lib.ptxv_device_symbol.argtypes = [ctypes.c_void_p]
    lib.ptxv_device_args.restype = ctypes.c_size_t
    lib.ptxv_device_args.argtypes = [ctypes.c_void_p, arr, ctypes.c_size_t]
    return lib


def main():
    lib = load(sys.argv[1])
    rng = random.Random(7)
    failures = []
    forms = ["vadd4.u32.u32.u32.sat d, a, b, c", "vabsdiff2.s32.s32.s32.add d, a.h01, b, c",
             "vshl.u32.u32.u32.wrap.max d, a.b2, b, c", "vmad.s32.s32.s32.sat.shr7 d, a.h1, -b.b3, c",
             "vset4.s32.u32.lt d.b31, a, b.b4567, c"]
    n = 64
    for text in forms:
        error = ctypes.create_string_buffer(128)
        op = lib.ptxv_compile(text.encode(), error, len(error))
        if not op:
            failures.append(f"{text}: {error.value.decode()}")
            continue
        a = (u32 * n)(*[rng.getrandbits(32) for _ in range(n)])
        b = (u32 * n)(*[rng.getrandbits(32) for _ in range(n)])
        c = (u32 * n)(*[rng.getrandbits(32) for _ in range(n)])
        d = (u32 * n)()
        want = [lib.ptxv_eval_reference(op, a[i], b[i], c[i]) for i in range(n)]
        if [lib.ptxv_eval(op, a[i], b[i], c[i]) for i in range(n)] != want:
            failures.append(f"{text}: ptxv_eval differs from ptxv_eval_reference")
        lib.ptxv_run(op, a, b, c, d, n)
        if list(d) != want:
            failures.append(f"{text}: ptxv_run differs from ptxv_eval_reference")
        active = rng.getrandbits(32)
        w = (u32 * 32)(*[rng.getrandbits(32) for _ in range(32)])
        keep = list(w)
        lib.ptxv_warp(op, a, b, c, w, active)
        if list(w) != [want[i] if (active >> i) & 1 else keep[i] for i in range(32)]:
            failures.append(f"{text}: ptxv_warp differs under its active mask")
        lib.ptxv_free(op)
    # The device library's call: the selectors one hex digit per lane as spelled, the mask's lanes 3 and 1.
    op = lib.ptxv_compile(b"vset4.s32.u32.lt d.b31, a, b.b4567, c", None, 0)
    args = (u32 * 3)()
    if (lib.ptxv_device_symbol(op) != b"ptxv_vset4_s32_u32_lt" or lib.ptxv_device_args(op, args, 3) != 3 or
            list(args) != [0x3210, 0x4567, 0xa]):
        failures.append(f"the device call: {lib.ptxv_device_symbol(op)!r} {list(args)}")
    lib.ptxv_free(op)
    error = ctypes.create_string_buffer(128)
    if lib.ptxv_compile(b"vadd4.u32.u32.u32.sat.add d, a, b, c", error, len(error)) or b".add" not in error.value:
        failures.append(f"an invalid form: {error.value!r}")
    if lib.ptxv_compile(None, None, 0) or lib.ptxv_eval(None, 1, 2, 3) != 0:
        failures.append("NULL arguments")
    lib.ptxv_free(None)
    if failures:
        print("\n".join(failures))
        return 1
    print(f"libptxv {lib.ptxv_version().decode()} through ctypes: {len(forms)} forms, eval, run, warp, the device "
          "call and bad input agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
