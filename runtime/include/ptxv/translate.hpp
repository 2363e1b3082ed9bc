// ptxv translate, first stage: finding GNU extended-asm statements in C, C++
// and CUDA sources without a compiler front end (so __global__, <<<...>>> and
// __device__ need nothing), with a tokenizer that knows comments, string,
// raw-string and character literals, line continuations and preprocessor
// lines. Then each statement's template is decoded (video instructions, mov,
// .reg temporaries), printed as C++ over the drop-in header, and the source
// rewritten around it.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ptxv/instr.hpp"

namespace ptxv::translate {

// A position in the source: 1-based line and column (in bytes).
struct Position {
    int line = 1, column = 1;
};

// Bad input: an unterminated comment or literal.
// `where` is where it starts. (Inside find_asm, also an asm statement that
// does not parse, which it then reports as the statement's `unparsed`.)
struct ScanError : std::runtime_error {
    ScanError(const std::string& what, Position at);
    Position where;
};

// One operand of an asm statement: [name] "constraint" (expression).
struct AsmOperand {
    std::string name;        // symbolic name without brackets, empty if none
    std::string constraint;  // decoded: "=r", "+r", "r", "n"
    std::string expr;        // the expression's text as written, without the parentheses
    std::size_t expr_begin = 0, expr_end = 0;  // its byte range in the source
};

struct AsmStatement {
    std::size_t begin = 0;  // the asm keyword
    std::size_t end = 0;    // one past the closing ')' and, when present, the ';'
    Position at;
    bool in_directive = false;  // inside a preprocessor directive (a #define body)
    std::string keyword;        // asm, __asm__ or __asm
    std::vector<std::string> qualifiers;  // volatile, __volatile__, inline, goto, in order
    std::string templ;                    // adjacent literals concatenated, escapes decoded
    std::vector<AsmOperand> outputs, inputs;
    std::vector<std::string> clobbers;
    // Set when the statement was found but cannot be taken apart: its template
    // is not a string literal (a macro argument, a stringized token), a
    // preprocessor line sits inside it, or it is not one complete asm
    // statement. It is then kept as written (begin..end spans the keyword
    // alone where its end is not known) and reported with this reason.
    std::string unparsed;
    // The conditional directives it sits under, outermost first, as written
    // ("#if __CUDA_ARCH__ >= 300", "#else of #ifdef ISCUDA"); a header's
    // include guard is not one of them.
    std::vector<std::string> conditions;
    // One of them holds only where __CUDA_ARCH__ is defined (`#ifdef
    // __CUDA_ARCH__`, `#if __CUDA_ARCH__ >= 300`): a host build never
    // compiles the statement.
    bool device_only = false;
    // One of them excludes HIP (`!defined(__HIP__)`, `#ifndef __HIP__`), as
    // `--guard`'s own branch does: only NVIDIA's device pass compiles it.
    bool nvidia_only = false;
    // One of them holds only where __CUDA_ARCH__ is not defined (`#ifndef
    // __CUDA_ARCH__`, the `#else` of `#if __CUDA_ARCH__ >= 300`): a CUDA
    // device pass never compiles the statement, a host build may.
    bool host_only = false;
    // In a directive: the directive's bytes, from the start of its '#' line
    // to the newline that ends it (excluded).
    std::size_t directive_begin = 0, directive_end = 0;
};

// Every asm statement of `source`, in order. Throws ScanError.
std::vector<AsmStatement> find_asm(std::string_view source);

// Where a line such as `#include "ptxv.hpp"` goes in `source`: after the last
// of the #include and #pragma lines that open the file (comments and blank
// lines between them allowed, and an include guard's #ifndef and #define
// before them), else before its first line of code; never inside a comment.
// `text` is the line with the newlines it needs there, in the file's own
// style (CRLF where its first line ends so), and a #line directive after it
// that keeps the numbers of the lines that follow (line_directive, with
// `file_name`). Throws ScanError.
struct Insertion {
    std::size_t at = 0;
    std::string text;
};
Insertion include_insertion(std::string_view source, std::string_view line, std::string_view file_name = {});

// The offset of the newline that ends each #else, #elif and #endif line of
// `source`, in order (a directive in a comment or literal is none). Throws
// ScanError.
std::vector<std::size_t> conditional_line_ends(std::string_view source);

// `#line N`, or `#line N "FILE"` where a file name is given (quotes and
// backslashes escaped): the directives a rewrite adds so that the compiler's
// messages name, and quote, the line of the source it came from.
std::string line_directive(int line, std::string_view file_name);

// One instruction of a template, operands renamed: %[name] becomes %N (GCC's
// numbering: outputs, then inputs), %% becomes %.
struct TemplateLine {
    // int32: one of the plain 32-bit integer instructions that code mixes
    // with the video ones (NCCL's int8 product shifts, masks and ors vmad's
    // results): shl.b32, shr.b32/u32/s32, and/or/xor.b32, not.b32,
    // add/sub.u32/s32, mul.lo.u32/s32, min/max, prmt, bfe, bfi, lop3, shf,
    // setp and selp (a .pred register as a word of 0 or 1), cvt between
    // integers of 32 bits and less.
    enum class Kind { video, mov, reg, int32 };
    Kind kind = Kind::video;
    std::string text;                 // the instruction as written, after renaming
    Instr instr;                      // video: decoded by ptxv's parser
    std::string dst, src;             // mov dst, src (registers, %N or an immediate)
    std::string op;                   // int32: shl, shr_u, setp_lt_s, cvt_s32_s8, ... (decode.cpp's int32_op)
    std::vector<std::string> srcs;    // int32: its sources (registers, %N or immediates)
    std::vector<std::string> regs;    // reg: the temporaries declared
    bool old_simd_zero_c = false;     // video: c written as the immediate 0, which only older ptxas took
};

// A template taken apart, or why it cannot be translated (the statement is
// then left as it is and reported).
struct DecodedTemplate {
    std::vector<TemplateLine> lines;
    // Per input, the output it is tied to ("0"(x): that output's value on
    // entry), or -1.
    std::vector<int> tied_to;
    std::string why_not;  // empty when every line is understood
    // The template names a video instruction, whether or not it was
    // understood: a statement that matters when it is skipped.
    bool video = false;
};
DecodedTemplate decode_template(const AsmStatement& st);

// The C++ block that does what the statement does, with the drop-in header's
// functions (ptxv.hpp): operands read once into locals, in GCC's order
// (outputs written at the end, "+r" ones read first), temporaries as locals,
// the instructions in their order, selectors, masks and negations as template
// arguments. `d` must have no why_not.
std::string emit_statement(const AsmStatement& st, const DecodedTemplate& d);

// A whole source rewritten: every asm statement whose instructions are all
// understood replaced by its C++ (under `guard`, kept for the GPU as
// #if defined(__CUDA_ARCH__) original #else translation #endif, a macro
// holding one defined both ways, and statements only a device pass compiles
// left alone), everything else byte for byte, `#include "ptxv.hpp"` added
// once after the leading comments and includes unless the file has it. The
// lines after a statement keep their numbers (blank lines or a #line
// directive), and the lines added end as the file's do; comments and
// literals are copied in whatever encoding they have. Throws ScanError on
// bad input, a literal or comment left open; a statement that cannot be
// taken apart (one whose template is not ASCII, say) is reported, not an
// error.
// The report lists first the statements skipped that hold a video
// instruction ("skipped, with a video instruction: <reason>"), then the rest
// in the file's order ("skipped: <reason>", "translated: <remark>").
struct ReportLine {
    Position at;
    std::string what;
};
struct TranslatedSource {
    std::string text;
    int found = 0;          // asm statements
    int translated = 0;
    int skipped_video = 0;  // skipped, holding a video instruction
    int skipped_other = 0;  // skipped, holding none (another instruction, an empty barrier)
    int left_for_gpu = 0;   // --guard's own branches, which only NVIDIA's device pass compiles
    std::vector<ReportLine> report;
};
// The report's last line: "N asm statement(s): T translated, V skipped with
// a video instruction, O skipped without" (and ", G left for NVIDIA's device
// pass" where there are some).
std::string summary(const TranslatedSource& r);
TranslatedSource translate_source(std::string_view source, bool guard, std::string_view file_name = {});

}  // namespace ptxv::translate
