#!/usr/bin/env python3
"""`ptxv translate` on whole files (ctest: translate_cli).

    python3 tests/translate/test_translate_cli.py PATH/TO/ptxv tests/translate/cases SCRATCH_DIR

For each cases/NAME.cu: the output must equal NAME.expected and the report
NAME.report (extra arguments in NAME.args), on standard output and through
-o, and a second translation of the output, with the same arguments, must
change nothing. Bad input (an unterminated literal or comment, a missing
file, a directory, an OUT or a report that cannot be written) must fail with
a located message and a non-zero exit status, leaving OUT as it was; a
statement that cannot be taken apart (unbalanced parentheses, a malformed
operand, a template that is not ASCII) is skipped with its reason and the
rest of the file translated, comments in any encoding copied byte for byte.
"""
import os
import re
import subprocess
import sys

failures = []
checks = 0


def check(cond, name, message):
    global checks
    checks += 1
    if not cond:
        failures.append("%s: %s" % (name, message))
        print("FAIL %s: %s" % (name, message), flush=True)


def run(ptxv, args, cwd):
    p = subprocess.run([ptxv, "translate"] + args, cwd=cwd, capture_output=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def read(path):
    with open(path, "rb") as f:
        return f.read()


def golden(ptxv, cases, scratch):
    names = sorted(n[:-3] for n in os.listdir(cases) if n.endswith(".cu"))
    check(len(names) >= 6, "cases", "expected the case files, found %d" % len(names))
    for name in names:
        args_file = os.path.join(cases, name + ".args")
        extra = read(args_file).decode().split() if os.path.exists(args_file) else []
        want = read(os.path.join(cases, name + ".expected"))
        want_report = read(os.path.join(cases, name + ".report"))
        report = os.path.join(scratch, name + ".report")
        rc, out, err = run(ptxv, extra + [name + ".cu", "--report", report], cases)
        check(rc == 0, name, "exit status %d: %r" % (rc, err))
        check(out == want, name, "output differs from %s.expected:\n%s" % (name, out.decode(errors="replace")))
        check(read(report) == want_report, name, "report differs from %s.report:\n%s" % (name, read(report).decode()))
        # Without --report the report goes to standard error; with -o the
        # output goes to the file and nothing to standard output.
        rc, out2, err2 = run(ptxv, extra + [name + ".cu"], cases)
        check(rc == 0 and out2 == want and err2 == want_report, name, "standard output/error differ")
        target = os.path.join(scratch, name + ".out")
        rc, out3, _ = run(ptxv, extra + [name + ".cu", "-o", target], cases)
        check(rc == 0 and out3 == b"" and read(target) == want, name, "-o differs from standard output")
        check(not os.path.exists(target + ".ptxv-tmp"), name, "temporary file left behind")
        # Translated output holds no video asm outside the guard's GPU branch,
        # which a second --guard leaves alone: no nested guard, no second include.
        rc, again, _ = run(ptxv, extra + [target], scratch)
        check(rc == 0 and again == want, name, "translating the output again changed it:\n%s" % again.decode(errors="replace"))


# Statements that cannot be taken apart: skipped with the reason, and the
# statement after each translated.
ODD = [
    ("unbalanced.cu", b"unsigned f(unsigned a) {\n  unsigned d;\n  asm(\"vadd.u32.u32.u32 %0, %1, %1;\" : \"=r\"(d) : \"r\"(a);\n  return d;\n}\n",
     r"unbalanced\.cu:3:3: skipped, with a video instruction: not one complete asm statement \(3:6: asm statement: unbalanced parentheses\)"),
    ("operand.cu", b"void f() { asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\" d); }\n",
     r"operand\.cu:1:12: skipped, with a video instruction: not one complete asm statement \(1:\d+: asm operand: expected '\(' expression '\)'\)"),
    # Bytes of any encoding in comments pass through (GBK, then Latin-1); a template that is not ASCII is not PTX.
    ("gbk.cu", b"void f() { asm(\"vadd.u32.u32.u32 %0, %1, %2; // caf\xe9\" : \"=r\"(d) : \"r\"(a), \"r\"(b)); } // \xd5\xfd caf\xe9\n",
     r"gbk\.cu:1:12: skipped, with a video instruction: a byte outside ASCII \(0xe9\) in its template, which PTX does not allow"),
]
GOOD_AFTER = b"unsigned g(unsigned a, unsigned b) {\n  unsigned e;\n  asm(\"vsub.u32.u32.u32 %0, %1, %2;\" : \"=r\"(e) : \"r\"(a), \"r\"(b));\n  return e;\n}\n"

BAD = [
    ("string.cu", b"// ok\nconst char* s = \"never closed;\nint x;\n", r"string\.cu:2:17: unterminated string literal"),
    ("comment.cu", b"int x; /* never closed\n", r"comment\.cu:1:8: unterminated comment"),
    ("raw.cu", b"auto s = R\"x(never closed)\";\n", r"raw\.cu:1:10: unterminated raw string literal"),
]


def odd_statements(ptxv, scratch):
    for name, text, message in ODD:
        with open(os.path.join(scratch, name), "wb") as f:
            f.write(text + GOOD_AFTER)
        rc, out, err = run(ptxv, [name], scratch)
        check(rc == 0, name, "exit status %d: %r" % (rc, err))
        check(re.search(message.encode(), err) is not None, name, "report %r" % err)
        check(out.startswith(b'#include "ptxv.hpp"\n#line 1 "' + name.encode() + b'"\n' + text), name,
              "the odd statement was not kept: %r" % out)
        check(b"ptxv::vsub_u32_u32_u32<" in out and b" 1 translated, " in err, name,
              "the statement after it was not translated: %r" % out)


def bad_input(ptxv, scratch):
    for name, text, message in BAD:
        path = os.path.join(scratch, name)
        with open(path, "wb") as f:
            f.write(text)
        out = os.path.join(scratch, name + ".out")
        with open(out, "wb") as f:
            f.write(b"keep")
        rc, stdout, err = run(ptxv, [name, "-o", name + ".out"], scratch)
        check(rc != 0, name, "exit status 0 on bad input")
        check(re.search(("error: " + message).encode(), err) is not None, name, "message %r" % err)
        check(read(out) == b"keep", name, "OUT was changed")
        fresh = os.path.join(scratch, name + ".fresh")
        rc, _, _ = run(ptxv, [name, "-o", fresh], scratch)
        check(rc != 0 and not os.path.exists(fresh), name, "OUT was created")
        check(not os.path.exists(fresh + ".ptxv-tmp"), name, "temporary file left behind")
    rc, _, err = run(ptxv, ["no-such-file.cu", "-o", "missing.out"], scratch)
    check(rc != 0 and b"no-such-file.cu" in err, "missing", "exit status %d, message %r" % (rc, err))
    check(not os.path.exists(os.path.join(scratch, "missing.out")), "missing", "OUT was created")
    with open(os.path.join(scratch, "fine.cu"), "wb") as f:
        f.write(b"int x;\n")
    rc, _, err = run(ptxv, ["fine.cu", "-o", os.path.join(scratch, "no", "such", "dir.cpp")], scratch)
    check(rc != 0 and b"cannot write" in err, "unwritable", "exit status %d, message %r" % (rc, err))
    # A directory is not a source file.
    rc, out, err = run(ptxv, [scratch, "-o", "dir.out"], scratch)
    check(rc != 0 and b"is a directory" in err, "directory", "exit status %d, message %r" % (rc, err))
    check(not os.path.exists(os.path.join(scratch, "dir.out")), "directory", "OUT was created")
    # A report that cannot be written leaves OUT as it was.
    kept = os.path.join(scratch, "kept.out")
    with open(kept, "wb") as f:
        f.write(b"keep")
    rc, _, err = run(ptxv, ["fine.cu", "-o", kept, "--report", os.path.join(scratch, "no", "such", "report")], scratch)
    check(rc != 0 and b"cannot write the report" in err, "unwritable report", "exit status %d, message %r" % (rc, err))
    check(read(kept) == b"keep", "unwritable report", "OUT was changed")


def main():
    ptxv, cases, scratch = (os.path.abspath(p) for p in sys.argv[1:4])
    scratch = os.path.join(scratch, "cli")
    os.makedirs(scratch, exist_ok=True)
    golden(ptxv, cases, scratch)
    odd_statements(ptxv, scratch)
    bad_input(ptxv, scratch)
    print("%d checks, %d failures" % (checks, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
