/* A C99 program on ptxv's C API (ptxv/ptxv.h), as an emulator written in C
 * would use it: built with -std=c99 -Wall -Wextra -Werror -pedantic, linked
 * with libptxv. The generated code against the interpreter on every pair of
 * boundary words and on pseudo-random ones, over arrays and per warp, and
 * the bad inputs' defined results. Exit status 0 when everything agrees. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptxv/ptxv.h"

static int failures = 0;

static void fail(const char* what, const char* instr) {
    fprintf(stderr, "FAIL: %s: %s\n", instr, what);
    ++failures;
}

static uint32_t next(uint64_t* s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static const uint32_t kEdges[] = {0x00000000u, 0x00000001u, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0x7f7f7f7fu,
                                  0x80808080u, 0x01010101u, 0x7fff8000u, 0x8000ffffu, 0x00ff00ffu, 0x12345678u};
#define EDGES (sizeof kEdges / sizeof kEdges[0])

/* ptxv_explain's snprintf contract: a call with size 0 gives the length, a
 * short buffer is cut and terminated, a long one gets the whole text. */
static void check_explain(const char* text) {
    char error[256], whole[16384], cut[8];
    const char* name = "";
    ptxv_op* op = ptxv_compile(text, error, sizeof error);
    int format, n;
    if (op == NULL) {
        fail(error, text);
        return;
    }
    name = ptxv_device_symbol(op) + strlen("ptxv_");
    for (format = PTXV_EXPLAIN_TEXT; format <= PTXV_EXPLAIN_C; ++format) {
        n = ptxv_explain(op, NULL, 0, format);
        if (n <= 0 || n >= (int)sizeof whole || ptxv_explain(op, whole, sizeof whole, format) != n ||
            strlen(whole) != (size_t)n) {
            fail("ptxv_explain's length", text);
            continue;
        }
        memset(cut, 'x', sizeof cut);
        if (ptxv_explain(op, cut, sizeof cut, format) != n || cut[7] != '\0' || strncmp(cut, whole, 7) != 0)
            fail("ptxv_explain into a short buffer", text);
        if (format == PTXV_EXPLAIN_C && strstr(whole, name) == NULL) fail("the C names the variant's function", text);
        if (format == PTXV_EXPLAIN_TEXT && strncmp(whole, ptxv_text(op), strlen(ptxv_text(op))) != 0)
            fail("the text starts with the canonical form", text);
    }
    if (ptxv_explain(op, whole, sizeof whole, 7) != -1) fail("an unknown format", text);
    ptxv_free(op);
}

/* ptxv_lower_ptx: the same contract, no video opcode left, and a located
 * error for an invalid instruction. */
static void check_lower(void) {
    static const char* const module =
        ".version 7.8\n.target sm_75\n.entry k()\n{\n\t.reg .b32 %r<5>;\n"
        "\tvadd4.u32.u32.u32.sat %r1, %r2, %r3, %r4;\n\tret;\n}\n";
    static const char* const bad =
        ".version 7.8\n.target sm_75\n.entry k()\n{\n\t.reg .b32 %r<5>;\n"
        "\tvadd4.u32.u32.u32.sat.add %r1, %r2, %r3, %r4;\n\tret;\n}\n";
    char out[4096], cut[8], error[128];
    const int n = ptxv_lower_ptx(module, NULL, 0, error, sizeof error);
    if (n <= 0 || n >= (int)sizeof out || ptxv_lower_ptx(module, out, sizeof out, error, sizeof error) != n ||
        strlen(out) != (size_t)n) {
        fail("ptxv_lower_ptx's length", module);
        return;
    }
    if (strstr(out, "\tvadd4") != NULL || strstr(out, ".reg .b32 %ptxv_r<") == NULL || strstr(out, "%r1") == NULL)
        fail("ptxv_lower_ptx rewrites the instruction and declares its registers", module);
    memset(cut, 'x', sizeof cut);
    if (ptxv_lower_ptx(module, cut, sizeof cut, error, sizeof error) != n || cut[7] != '\0' || strncmp(cut, out, 7) != 0)
        fail("ptxv_lower_ptx into a short buffer", module);
    if (ptxv_lower_ptx(bad, out, sizeof out, error, sizeof error) != -1 || strncmp(error, "6:2: ", 5) != 0 ||
        strstr(error, ".add") == NULL)
        fail("ptxv_lower_ptx locates an invalid instruction", bad);
    if (ptxv_lower_ptx(NULL, out, sizeof out, error, sizeof error) != -1) fail("ptxv_lower_ptx of NULL", "NULL");
}

static void check_form(const char* text) {
    char error[200];
    ptxv_op* op = ptxv_compile(text, error, sizeof error);
    uint64_t s = 42;
    uint32_t a[64], b[64], c[64], d[64], w[32], keep[32];
    size_t i, j, k;
    uint32_t active;
    if (op == NULL) {
        fail(error, text);
        return;
    }
    for (i = 0; i < EDGES; ++i)
        for (j = 0; j < EDGES; ++j)
            for (k = 0; k < EDGES; k += 5)
                if (ptxv_eval(op, kEdges[i], kEdges[j], kEdges[k]) !=
                    ptxv_eval_reference(op, kEdges[i], kEdges[j], kEdges[k]))
                    fail("ptxv_eval differs from ptxv_eval_reference on boundary words", text);
    for (i = 0; i < 64; ++i) a[i] = next(&s), b[i] = next(&s), c[i] = next(&s);
    ptxv_run(op, a, b, c, d, 64);
    for (i = 0; i < 64; ++i)
        if (d[i] != ptxv_eval_reference(op, a[i], b[i], c[i])) fail("ptxv_run differs from the interpreter", text);
    active = next(&s);
    for (i = 0; i < 32; ++i) w[i] = keep[i] = next(&s);
    ptxv_warp(op, a, b, c, w, active);
    for (i = 0; i < 32; ++i)
        if (w[i] != (((active >> i) & 1u) ? ptxv_eval_reference(op, a[i], b[i], c[i]) : keep[i]))
            fail("ptxv_warp differs from the interpreter under its active mask", text);
    ptxv_free(op);
}

int main(void) {
    static const char* const forms[] = {
        "vadd4.u32.u32.u32.sat d, a, b, c",    "vsub4.s32.s32.s32.sat d, a, b, c",
        "vmax2.s32.s32.s32.add d, a.h10, b, c", "vabsdiff4.u32.u32.u32.add d, a, b, c",
        "vset2.s32.s32.ne d.h1, a, b, c",      "vadd.s32.s32.s32.sat.min d, a.b1, b.h1, c",
        "vshr.u32.u32.u32.clamp.add d, a, b, c", "vmad.s32.s32.u32.sat d, -a.h0, b.b2, c",
        "vset.u32.s32.ge.max d, a, b, c",      "vavrg2.u32.u32.u32 d.h0, a.h12, b.h30, c",
    };
    char error[64];
    char tiny[4];
    size_t i;
    uint32_t d[4] = {9, 9, 9, 9};
    const uint32_t x[4] = {1, 2, 3, 4};
    ptxv_op* op;
    for (i = 0; i < sizeof forms / sizeof forms[0]; ++i) check_form(forms[i]);

    /* A documented value: __vaddus4(0xff010203, 0x01010101) saturates the top byte. */
    op = ptxv_compile("vadd4.u32.u32.u32.sat r1, r2, r3, r4;", error, sizeof error);
    if (op == NULL || ptxv_eval(op, 0xff010203u, 0x01010101u, 0u) != 0xff020304u)
        fail("a known value", "vadd4.u32.u32.u32.sat");
    /* Its call in the device library: the PTX defaults .b3210, .b7654 and the full mask, one hex digit per lane. */
    {
        uint32_t args[3] = {0, 0, 0};
        if (op == NULL || strcmp(ptxv_device_symbol(op), "ptxv_vadd4_u32_u32_u32_sat") != 0 ||
            ptxv_device_args(op, args, 3) != 3 || args[0] != 0x3210u || args[1] != 0x7654u || args[2] != 0xfu)
            fail("the device call", "vadd4.u32.u32.u32.sat");
    }
    ptxv_free(op);

    /* Bad input: NULL, not an instruction, an error buffer too small. */
    if (ptxv_compile(NULL, error, sizeof error) != NULL || strstr(error, "NULL") == NULL)
        fail("a NULL instruction", "(null)");
    if (ptxv_compile("vadd4.u32.u32.u32.bogus d, a, b, c", error, sizeof error) != NULL ||
        strstr(error, "bogus") == NULL)
        fail("the error names the bad part", "vadd4.u32.u32.u32.bogus");
    memset(tiny, 'x', sizeof tiny);
    if (ptxv_compile("vfoo d, a, b", tiny, sizeof tiny) != NULL || tiny[3] != '\0')
        fail("a short error buffer is cut and terminated", "vfoo");
    if (ptxv_compile("vfoo d, a, b", NULL, 0) != NULL) fail("no error buffer", "vfoo");
    ptxv_free(NULL);
    if (ptxv_eval(NULL, 1, 2, 3) != 0 || ptxv_eval_reference(NULL, 1, 2, 3) != 0) fail("a NULL op", "(null)");
    ptxv_run(NULL, x, x, x, d, 4);
    ptxv_warp(NULL, x, x, x, d, 0xffffffffu);
    if (d[0] != 9) fail("a NULL op writes nothing", "(null)");
    if (ptxv_device_symbol(NULL)[0] != '\0' || ptxv_device_args(NULL, NULL, 0) != 0) fail("a NULL op's device call", "(null)");
    if (strchr(ptxv_version(), '.') == NULL) fail("the version", ptxv_version());
    if (ptxv_explain(NULL, NULL, 0, PTXV_EXPLAIN_C) != -1) fail("a NULL op has no explanation", "(null)");
    check_explain("vmin4.s32.u32.u32.add d, a.b0000, b.b2222, c");
    check_explain("vmad.s32.u32.s32.sat.shr15 d, -a.h0, b, c");
    check_lower();

    if (failures != 0) {
        fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    printf("C API: %u forms, boundary and random words, arrays, warps and bad input agree\n",
           (unsigned)(sizeof forms / sizeof forms[0]));
    return 0;
}
