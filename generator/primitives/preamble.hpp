// The head of generated/ptxv.hpp: the description that opens it, and what its
// functions need from the language and the standard library, including the
// macros that make them host and device functions under nvcc. ptxv-gen copies
// each region between its markers verbatim (generator/fragments.hpp).
#pragma once

// ptxv-gen: begin intro
//
// The PTX video instructions (PTX ISA section 9.7.18) as C++17 functions,
// bit-exact with the readings of SEMANTICS.md. Standalone: needs only the
// standard library. One function per variant (opcode, types, and the
// modifiers that change the arithmetic), named like the PTX spelling with '_'
// for '.', e.g. vadd4_s32_u32_u32_sat for vadd4.s32.u32.u32.sat. VARIANTS.md
// lists them all.
//
// Each variant comes in two forms:
//   ptxv::f<Asel, Bsel, X>(a, b, c)  selectors as template arguments: constant
//                                    selectors fold away; invalid ones fail a
//                                    static_assert.
//   ptxv::rt::f(a, b, c, asel, bsel, x)
//                                    the same with run-time selectors, branch-free;
//                                    an invalid encoding gives an unspecified
//                                    value, never undefined behaviour.
// The batch forms over arrays, ptxv::batch::f and ptxv::batch::f_c, are in
// ptxv_batch.hpp, so that a translation unit calling a few of these functions
// does not pay for compiling thousands of loops.
// Selectors: scalar a/b/d selectors are ptxv::sel constants (ptxv::sel::none
// is the whole word). SIMD selectors are hex literals read like the PTX
// spelling, top lane first: .b7654 is 0x7654, .h32 is 0x32. x is, by form:
//   scalar without .op2  the d selector (byte/half-word merge into c; .sat
//                        then clamps to that width); c is read only then
//   scalar with .op2     unused (kept for a uniform signature)
//   vmad                 the negated operands, ptxv::neg bits
//   SIMD                 the lane mask, ptxv::mask constants
// ptxv-gen: end intro

// ptxv-gen: begin preamble
#include <cstddef>
#include <cstdint>

// Every function is constexpr and noexcept, and __host__ __device__ under nvcc.
#if defined(__CUDACC__)
#define PTXV_HD __host__ __device__
#define PTXV_FI __forceinline__ __host__ __device__
#elif defined(__GNUC__) || defined(__clang__)
#define PTXV_HD
#define PTXV_FI __attribute__((always_inline)) inline
#elif defined(_MSC_VER)
#define PTXV_HD
#define PTXV_FI __forceinline
#else
#define PTXV_HD
#define PTXV_FI inline
#endif
#if defined(__GNUC__) || defined(__clang__) || defined(__CUDACC__)
#define PTXV_RESTRICT __restrict__
#elif defined(_MSC_VER)
#define PTXV_RESTRICT __restrict
#else
#define PTXV_RESTRICT
#endif
// ptxv-gen: end preamble
