/* ptxv: the C API, for emulators and tools written in C, Rust, Python
 * (ctypes) or anything else that calls C. C99; libptxv implements it with
 * the C++ API (ptxv/compile.hpp, ptxv/interp.hpp).
 *
 *   char error[256];
 *   ptxv_op* op = ptxv_compile("vadd4.u32.u32.u32.sat d, a, b, c", error, sizeof error);
 *   if (op == NULL) { fprintf(stderr, "%s\n", error); return 1; }
 *   uint32_t d = ptxv_eval(op, a, b, c);
 *   ptxv_free(op);
 *
 * Operand values: a, b and c are the values of the instruction's source
 * registers. An operand the instruction writes as an immediate takes that
 * value instead (its argument is ignored, and in the array forms its array
 * may be NULL); c is ignored where the instruction has no c. vmad's
 * negations are the instruction's: pass the registers as they are.
 *
 * Bad input never crashes: a NULL op makes ptxv_eval and
 * ptxv_eval_reference return 0 and the array forms write nothing; a NULL
 * array that the instruction reads (or a NULL d) makes the array forms write
 * nothing. Every function may be called from several threads at once; an
 * op is read-only after ptxv_compile.
 */
#ifndef PTXV_H
#define PTXV_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One decoded and bound instruction. */
typedef struct ptxv_op ptxv_op;

/* Parses and binds one instruction, e.g. "vmax2.s32.s32.s32.add d, a.h10, b, c".
 * Returns NULL if it is not a valid one (or instruction is NULL, or memory ran
 * out); then, where error is not NULL and error_size is not 0, error holds a
 * message naming the offending part, cut to error_size - 1 characters and
 * always NUL-terminated. Free the result with ptxv_free. */
ptxv_op* ptxv_compile(const char* instruction, char* error, size_t error_size);

/* Frees an op from ptxv_compile; NULL is allowed. */
void ptxv_free(ptxv_op* op);

/* d = op(a, b, c), by the generated code. */
uint32_t ptxv_eval(const ptxv_op* op, uint32_t a, uint32_t b, uint32_t c);

/* The same by the reference interpreter (a plain transcription of the PTX
 * manual's pseudocode): slower, and computed independently of ptxv_eval. */
uint32_t ptxv_eval_reference(const ptxv_op* op, uint32_t a, uint32_t b, uint32_t c);

/* d[i] = op(a[i], b[i], c[i]) for i < n. c may be NULL where the instruction
 * has no c. d may not overlap a, b or c. */
void ptxv_run(const ptxv_op* op, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
              size_t n);

/* One step of a warp of 32 threads: d[i] = op(a[i], b[i], c[i]) for each
 * lane i whose bit i is set in active; the other lanes keep d[i]. a, b, c
 * and d hold 32 words each; d may be the same array as a, b or c. */
void ptxv_warp(const ptxv_op* op, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
               uint32_t active);

/* The instruction in its canonical spelling (modifiers in the manual's
 * order, defaults omitted, single spaces, a trailing ';'); "" for a NULL op.
 * Lives as long as op. */
const char* ptxv_text(const ptxv_op* op);

/* The device library's function for op (ptxv_device-<triple>.bc, declared in
 * ptxv/ptxv_device.h), e.g. "ptxv_vadd4_u32_u32_u32_sat"; "" for a NULL op.
 * Lives as long as op. Every such function is
 *   uint32_t f(uint32_t a, uint32_t b, uint32_t c, uint32_t asel, uint32_t bsel, uint32_t x)
 * where a, b and c are the operand values (an immediate's where the
 * instruction writes one, 0 for a c it does not have) and the trailing three
 * are ptxv_device_args'. A translator emits that call for the decoded
 * instruction; with the trailing arguments constant it folds to the
 * variant's specialized body once inlined. */
const char* ptxv_device_symbol(const ptxv_op* op);

/* The trailing arguments of that call (asel, bsel, x: the source selectors and
 * the d selector, negation set or lane mask, encoded), the first
 * min(capacity, 3) of them written to args (which may be NULL if capacity
 * is 0). Returns how many the call takes, 3; 0 for a NULL op. */
size_t ptxv_device_args(const ptxv_op* op, uint32_t* args, size_t capacity);

/* What op computes, spelled out as `ptxv explain` prints it. PTXV_EXPLAIN_TEXT:
 * the decoded form with its defaults written out, each part, the lanes or
 * the word, and the readings it depends on, in words. PTXV_EXPLAIN_C: one
 * self-contained C99 function uint32_t F(uint32_t a, uint32_t b, uint32_t c)
 * over <stdint.h>, F the variant's name ("vadd4_u32_u32_u32_sat"). Written as
 * snprintf writes: at most size - 1 characters and a NUL into buf (which may
 * be NULL if size is 0). Returns the whole text's length without the NUL, so
 * that a call with size 0 sizes the buffer; -1 for a NULL op or another
 * format. */
#define PTXV_EXPLAIN_TEXT 0
#define PTXV_EXPLAIN_C 1
int ptxv_explain(const ptxv_op* op, char* buf, size_t size, int format);

/* A PTX module's video instructions rewritten as plain integer PTX, as
 * `ptxv lower` writes it: every other byte of the module kept, each function
 * that holds one declaring the registers the sequences use. The module is
 * written as snprintf writes: at most out_size - 1 characters and a NUL into
 * out (which may be NULL if out_size is 0); returns the whole module's length
 * without the NUL, so that a call with out_size 0 sizes the buffer. Returns
 * -1 for a NULL module, a module that is not PTX or holds an invalid video
 * instruction (error then holds "LINE:COLUMN: message", cut to error_size - 1
 * characters and NUL-terminated, where error is not NULL and error_size is not
 * 0), or one whose length is above INT_MAX. */
int ptxv_lower_ptx(const char* module, char* out, size_t out_size, char* error, size_t error_size);

/* libptxv's version, "MAJOR.MINOR.PATCH". */
const char* ptxv_version(void);

#ifdef __cplusplus
}
#endif

#endif /* PTXV_H */
