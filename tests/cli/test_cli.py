#!/usr/bin/env python3
"""Hardening tests of the ptxv command-line tool (ctest: cli_hardening).

    python3 tests/cli/test_cli.py PATH/TO/ptxv

Feeds hostile input to `eval --batch` (both engines) and `validate --batch`:
random bytes, huge lines, NULs, CR LF, non-UTF-8, bad values and columns. For
each run: no crash or hang (exit status below 128 within 20 s), the
documented exit status, and one output line per non-skipped input line, each
either d or a printable 'error: line N: ...'. Also --help everywhere, the
exit statuses of misuse, check, golden, and the speed of a 100k-line batch.
"""
import os
import random
import re
import subprocess
import sys
import tempfile
import time

TIMEOUT = 20
PTXV = None
failures = []
checks = 0

VALUE_RE = re.compile(rb"^0x[0-9a-f]{8}$")
ERROR_RE = re.compile(rb"^error: line ([0-9]+): [\x20-\x7e]+$")


def fail(name, message):
    failures.append("%s: %s" % (name, message))
    print("FAIL %s: %s" % (name, message), flush=True)


def run(args, stdin=b"", name=""):
    """(exit status, stdout, stderr); a hang or a crash is recorded as a failure."""
    global checks
    checks += 1
    try:
        p = subprocess.run([PTXV] + args, input=stdin, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        fail(name, "no result within %d s (hang?)" % TIMEOUT)
        return None, b"", b""
    if p.returncode < 0 or p.returncode >= 128:
        fail(name, "crashed with status %d; stderr: %r" % (p.returncode, p.stderr[-500:]))
        return None, p.stdout, p.stderr
    return p.returncode, p.stdout, p.stderr


def non_skipped_lines(data):
    """Line numbers (1-based) the batch format evaluates: the tool's skip rule."""
    if not data:
        return []
    parts = data.split(b"\n")
    if data.endswith(b"\n"):
        parts.pop()
    out = []
    for i, line in enumerate(parts, 1):
        if line.endswith(b"\r"):
            line = line[:-1]
        if line.strip(b" \t\r\x0b\x0c") == b"" or line.startswith(b"#"):
            continue
        out.append(i)
    return out


def output_lines(out):
    return out.split(b"\n")[:-1] if out.endswith(b"\n") else (out.split(b"\n") if out else [])


def check_batch(name, data, expect_errors=None, engines=("generated", "interp")):
    """Runs eval --batch with each engine and validate --batch on `data`."""
    lines = non_skipped_lines(data)
    outputs = {}
    for engine in engines:
        tag = "%s [eval --engine %s]" % (name, engine)
        with tempfile.NamedTemporaryFile(prefix="ptxv-cli-", delete=False) as f:
            f.write(data)
            path = f.name
        try:
            # Half the runs read stdin, half a file: both paths must behave alike.
            if engine == "interp":
                rc, out, _ = run(["eval", "--engine", engine, "--batch", path], name=tag)
            else:
                rc, out, _ = run(["eval", "--engine", engine, "--batch", "-"], stdin=data, name=tag)
        finally:
            os.unlink(path)
        if rc is None:
            continue
        outputs[engine] = out
        got = output_lines(out)
        if out and not out.endswith(b"\n"):
            fail(tag, "output does not end with a newline")
        if len(got) != len(lines):
            fail(tag, "%d output lines for %d non-skipped input lines" % (len(got), len(lines)))
            continue
        errors = 0
        for number, text in zip(lines, got):
            m = ERROR_RE.match(text)
            if m:
                errors += 1
                if int(m.group(1)) != number:
                    fail(tag, "error names line %s, expected %d" % (m.group(1).decode(), number))
                    break
            elif not VALUE_RE.match(text):
                fail(tag, "line %d: output %r is neither d nor 'error: line N: ...'" % (number, text[:200]))
                break
        want_rc = 1 if errors else 0
        if rc != want_rc:
            fail(tag, "exit status %d, expected %d (%d error lines)" % (rc, want_rc, errors))
        if expect_errors is not None and errors != expect_errors:
            fail(tag, "%d error lines, expected %d" % (errors, expect_errors))
    if len(outputs) == 2 and outputs["generated"] != outputs["interp"]:
        fail(name, "the engines give different output")

    tag = "%s [validate --batch]" % name
    rc, out, _ = run(["validate", "--batch", "-"], stdin=data, name=tag)
    if rc is not None:
        got = output_lines(out)
        if len(got) != len(lines):
            fail(tag, "%d output lines for %d non-skipped input lines" % (len(got), len(lines)))
        else:
            errors = 0
            for number, text in zip(lines, got):
                m = ERROR_RE.match(text)
                if m:
                    errors += 1
                    if int(m.group(1)) != number:
                        fail(tag, "error names line %s, expected %d" % (m.group(1).decode(), number))
                        break
                elif text != b"ok":
                    fail(tag, "line %d: output %r is neither 'ok' nor 'error: line N: ...'" % (number, text[:200]))
                    break
            if rc != (1 if errors else 0):
                fail(tag, "exit status %d with %d error lines" % (rc, errors))
    return outputs.get("generated", b"")


VALID = [
    b"vadd4.s32.s32.s32.sat d, a.b7654, b, c",
    b"vmad.s32.u32.s32.sat d, a.h1, -b, c",
    b"vadd.u32.u32.u32 r1, r2, r3",
    b"vmin4.s32.u32.u32.add r1.b10, r2.b0000, r3.b2222, r1;",
    b"vset2.u32.u32.ne.add r1, r2, r3, r0;",
    b"vshr.u32.u32.u32.wrap r1, r2, r3.h1;",
    b"vadd.s32.u32.s32.sat r1, 7, r3.h0;",
]


def valid_line(rng):
    vals = [b"0x%x" % rng.getrandbits(32), b"%d" % rng.getrandbits(32), b"-%d" % rng.randrange(1 << 31)]
    return b"\t".join([rng.choice(VALID)] + [rng.choice(vals) for _ in range(3)])


def test_help():
    for sub in [[], ["eval"], ["validate"], ["check"], ["golden"], ["list"], ["examples"], ["explain"]]:
        name = "ptxv %s --help" % " ".join(sub)
        rc, out, _ = run(sub + ["--help"], name=name)
        if rc is None:
            continue
        if rc != 0:
            fail(name, "exit status %d, expected 0" % rc)
        if b"Exit status" not in out:
            fail(name, "the help does not document the exit status")


def test_usage():
    for args in [[], ["bogus"], ["eval"], ["eval", "vadd.u32.u32.u32 r1, r2, r3"], ["eval", "--engine", "gpu",
                 "vadd.u32.u32.u32 r1, r2, r3", "1", "2"], ["validate"], ["golden"], ["check", "--vectors", "x"], ["check", "--vectors", "-5"],
                 ["check", "--vectors", "99999999999999999999"], ["check", "--vectors", "1000000000001"],
                 ["check", "--seed", "18446744073709551616"], ["check", "--seed", "-1"], ["check", "--vectors", ""],
                 ["eval", "--batch", "-", "1"], ["list", "extra"], ["explain"],
                 ["explain", "--name", "f", "vadd.u32.u32.u32 r1, r2, r3;"],
                 ["explain", "--c", "--name", "1f", "vadd.u32.u32.u32 r1, r2, r3;"]]:
        name = "ptxv %s" % " ".join(args)
        rc, _, err = run(args, name=name)
        if rc is not None and rc != 2:
            fail(name, "exit status %d, expected 2 (usage error)" % rc)
    name = "eval bad instruction"
    rc, out, err = run(["eval", "vadd.u32.u32 r1, r2, r3", "1", "2"], name=name)
    if rc is not None and (rc != 1 or not err.startswith(b"error: ")):
        fail(name, "exit status %d, stderr %r" % (rc, err))
    name = "eval bad value"
    rc, out, err = run(["eval", "vadd.u32.u32.u32 r1, r2, r3", "0x100000000", "2"], name=name)
    if rc is not None and (rc != 1 or not err.startswith(b"error: ")):
        fail(name, "exit status %d, stderr %r" % (rc, err))
    for engine in ["generated", "interp"]:
        name = "eval --engine %s" % engine
        rc, out, _ = run(["eval", "--engine", engine, "vadd4.s32.s32.s32.sat d, a.b7654, b, c", "0x7f80ff01",
                          "0x01010101", "0"], name=name)
        if rc is not None and (rc != 0 or out != b"0x02020202\n"):
            fail(name, "exit status %d, output %r" % (rc, out))
    name = "validate bad"
    rc, _, err = run(["validate", "vmin4.s32.u32.u32.add r1.b00, r2.b0000, r3.b2222, r1;"], name=name)
    if rc is not None and (rc != 1 or not err.startswith(b"error: ")):
        fail(name, "exit status %d, stderr %r" % (rc, err))
    name = "explain bad"
    rc, out, err = run(["explain", "--c", "vmin4.s32.u32.u32.add r1.b00, r2.b0000, r3.b2222, r1;"], name=name)
    if rc is not None and (rc != 1 or out or b"error: " not in err or b"b00" not in err):
        fail(name, "exit status %d, stdout %r, stderr %r" % (rc, out, err))
    for args, want in [(["explain", "vadd4.u32.u32.u32.sat d.b10, a, b, c"], b"vadd4.u32.u32.u32.sat"),
                       (["explain", "--c", "vadd4.u32.u32.u32.sat d.b10, a, b, c"],
                        b"uint32_t vadd4_u32_u32_u32_sat(uint32_t a, uint32_t b, uint32_t c)"),
                       (["explain", "--c", "--name", "f", "vadd.u32.u32.u32 r1, r2, r3;"],
                        b"uint32_t f(uint32_t a, uint32_t b, uint32_t c)")]:
        name = "ptxv %s" % " ".join(args)
        rc, out, _ = run(args, name=name)
        if rc is not None and (rc != 0 or want not in out):
            fail(name, "exit status %d, output %r" % (rc, out[:300]))
    name = "eval --batch missing file"
    rc, _, err = run(["eval", "--batch", "/nonexistent/ptxv-batch"], name=name)
    if rc is not None and (rc != 1 or not err.startswith(b"error: ")):
        fail(name, "exit status %d, stderr %r" % (rc, err))


def test_check():
    name = "check"
    rc, out, _ = run(["check", "--vectors", "3000", "--seed", "18446744073709551615"], name=name)
    if rc is None:
        return
    if rc != 0 or not re.match(rb"^[0-9]+ variants, 3000 vectors, 0 mismatches\n$", out):
        fail(name, "exit status %d, output %r" % (rc, out))


def hex_line(rng):
    return b"\t".join([rng.choice(VALID)] + [b"0x%08x" % rng.getrandbits(32) for _ in range(3)])


def test_golden(rng):
    lines = [hex_line(rng) for _ in range(200)]
    data = b"\n".join(lines) + b"\n"
    rc, out, _ = run(["eval", "--engine", "interp", "--batch", "-"], stdin=data, name="golden setup")
    if rc != 0:
        fail("golden setup", "could not evaluate the lines")
        return
    ds = out.split(b"\n")[:-1]
    rows = []
    for line, d in zip(lines, ds):
        cols = line.split(b"\t")
        rows.append(b"\t".join(cols[:4] + [d]))
    good = b"# gpu: test\n" + b"\n".join(rows) + b"\n"
    with tempfile.TemporaryDirectory(prefix="ptxv-cli-") as tmp:
        def golden(tag, content, want):
            path = os.path.join(tmp, tag + ".tsv")
            with open(path, "wb") as f:
                f.write(content)
            rc, out, err = run(["golden", path], name="golden " + tag)
            if rc is not None and rc != want:
                fail("golden " + tag, "exit status %d, expected %d; output %r" % (rc, want, (out + err)[-400:]))
        golden("agreeing", good, 0)
        bad_d = rows[5].rsplit(b"\t", 1)[0] + b"\t" + (b"0x12345678" if not rows[5].endswith(b"0x12345678")
                                                         else b"0x87654321")
        golden("disagreeing", good + bad_d + b"\n", 1)
        golden("unreadable", good + b"vadd.u32.u32.u32 r1, r2, r3\tzz\t1\t2\t3\n", 1)
        golden("random_bytes", bytes(rng.getrandbits(8) for _ in range(100000)), 1)
        golden("empty", b"", 1)
        rc, _, _ = run(["golden", os.path.join(tmp, "missing.tsv")], name="golden missing file")
        if rc is not None and rc != 1:
            fail("golden missing file", "exit status %d, expected 1" % rc)


def test_batch_inputs(rng):
    ok = b"vadd.u32.u32.u32 r1, r2, r3\t1\t2"
    check_batch("empty input", b"", expect_errors=0)
    check_batch("only comments", b"# one\n#two\n\n   \n\t\n#\r\n", expect_errors=0)
    check_batch("missing columns", b"vadd.u32.u32.u32 r1, r2, r3\n" + ok + b"\nvadd.u32.u32.u32 r1, r2, r3\t1\n"
                b"vadd4.u32.u32.u32 r1, r2, r3, r4\t1\t2\n", expect_errors=3)
    out = check_batch("too many columns", ok + b"\t3\t4\t5\tsix\t\t\n", expect_errors=0)
    if out and out != b"0x00000003\n":
        fail("too many columns", "d = %r, expected 0x00000003" % out)
    check_batch("values out of range", b"".join(
        b"vadd4.u32.u32.u32 r1, r2, r3, r4\t%s\t1\t2\n" % v
        for v in [b"0x100000000", b"4294967296", b"-2147483649", b"0x1ffffffff", b"99999999999999999999999",
                  b"-99999999999999999999"]), expect_errors=6)
    out = check_batch("values at the limits", b"".join(
        b"vadd.u32.u32.u32 r1, r2, r3\t%s\t0\n" % v for v in [b"0xffffffff", b"4294967295", b"-2147483648",
                                                             b"0x00000000000000001", b"-0", b"0X1F"]),
                      expect_errors=0)
    if out and out != b"0xffffffff\n0xffffffff\n0x80000000\n0x00000001\n0x00000000\n0x0000001f\n":
        fail("values at the limits", "output %r" % out)
    check_batch("non-numeric values", b"".join(
        b"vadd.u32.u32.u32 r1, r2, r3\t%s\t1\n" % v
        for v in [b"abc", b"0x", b"0xg", b"-", b"+1", b" 1", b"1 ", b"1.5", b"1e3", b"", b"0b101", b"--1", b"\xff"]),
                expect_errors=13)
    check_batch("NUL bytes", b"vadd.u32.u32.u32 r1,\x00 r2, r3\t1\t2\n" + ok[:5] + b"\x00" + ok[5:] + b"\n"
                b"vadd.u32.u32.u32 r1, r2, r3\t1\x00\t2\n\x00\n" + ok + b"\n", expect_errors=4)
    lf = b"\n".join(valid_line(rng) for _ in range(300)) + b"\n# c\n\n" + b"vadd.u32 bad\t1\t2\n"
    out_lf = check_batch("LF", lf)
    out_crlf = check_batch("CRLF line endings", lf.replace(b"\n", b"\r\n"))
    if out_lf != out_crlf:
        fail("CRLF line endings", "output differs from the same input with LF endings")
    out = check_batch("unterminated last line", ok + b"\n" + ok, expect_errors=0)
    if out and out != b"0x00000003\n0x00000003\n":
        fail("unterminated last line", "output %r" % out)
    check_batch("non-UTF-8 bytes", b"vadd.u32.u32.u32 r\xe91, r2, r3\t1\t2\n\xc3\x28\t1\t2\n\xff\xfe\xfd\n" +
                b"\xef\xbb\xbf" + ok + b"\n" + ok + b"\t\x80\n", expect_errors=4)
    for seed in range(1, 5):
        r = random.Random(seed)
        check_batch("random bytes, seed %d" % seed, bytes(r.getrandbits(8) for _ in range(1 << 20)))
    # Mostly well-formed lines with a few bytes changed: reaches deeper than pure noise.
    r = random.Random(99)
    mutated = []
    for _ in range(20000):
        line = bytearray(valid_line(r))
        for _ in range(r.randrange(4)):
            line[r.randrange(len(line))] = r.getrandbits(8)
        mutated.append(bytes(line))
    check_batch("mutated lines", b"\n".join(mutated))
    check_batch("1 MB instruction", b"vadd.u32.u32.u32 r1, r2, r" + b"3" * (1 << 20) + b"\t1\t2\n" + ok + b"\n",
                expect_errors=0)
    check_batch("1 MB of spaces in an instruction", b"vadd.u32.u32.u32 r1," + b" " * (1 << 20) + b"r2, r3\t1\t2\n",
                expect_errors=0)
    check_batch("10 MB line", bytes(r.choice(b"abcdefghijklmnopqrstuvwxyz .,0123456789") for _ in range(1 << 20)) * 10,
                expect_errors=1)
    check_batch("10 MB value", ok + b"\t" + b"7" * (10 << 20) + b"\n", expect_errors=0)
    check_batch("10 MB of tabs", b"\t" * (10 << 20) + b"\n", expect_errors=0)
    check_batch("10 MB of tabs after an instruction", ok + b"\t" * (10 << 20) + b"\n", expect_errors=0)


def test_speed(rng):
    data = b"\n".join(valid_line(rng) for _ in range(100000)) + b"\n"
    for engine in ["generated", "interp"]:
        name = "100k lines [%s]" % engine
        t0 = time.monotonic()
        rc, out, _ = run(["eval", "--engine", engine, "--batch", "-"], stdin=data, name=name)
        seconds = time.monotonic() - t0
        print("  %s: %.2f s" % (name, seconds), flush=True)
        if rc is None:
            continue
        if rc != 0 or out.count(b"\n") != 100000:
            fail(name, "exit status %d, %d output lines" % (rc, out.count(b"\n")))
        if seconds >= 10:
            fail(name, "took %.1f s; expected well under 10 s" % seconds)


def main():
    global PTXV
    if len(sys.argv) != 2:
        sys.exit("usage: test_cli.py PATH/TO/ptxv")
    PTXV = sys.argv[1]
    rng = random.Random(12345)
    for name, test in [("help", test_help), ("usage", test_usage), ("check", test_check),
                       ("golden", lambda: test_golden(rng)), ("batch inputs", lambda: test_batch_inputs(rng)),
                       ("speed", lambda: test_speed(rng))]:
        t0 = time.monotonic()
        test()
        print("%-14s %.1f s" % (name, time.monotonic() - t0), flush=True)
    if failures:
        print("%d of %d checks failed" % (len(failures), checks))
        sys.exit(1)
    print("all %d checks passed" % checks)


if __name__ == "__main__":
    main()
