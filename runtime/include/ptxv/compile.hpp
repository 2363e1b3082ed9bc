// ptxv: run-time dispatch to the generated functions.
//
// compile() decodes once: it finds the generated variant of an instruction,
// encodes its selectors, mask, d selector or negations the way the variant's
// run-time form takes them, and decodes those further into the words its
// bound function reads directly (shift amounts, lane rotations, merge masks),
// so no call unpacks a selector again. An instruction with the PTX default
// parameters, the common case, binds the variant with them folded in. The
// result is a small value whose call is one indirect call, so an emulator can
// decode an instruction once and run it at the speed of the generated code.
// The generated headers stay out of this one; only compile.cpp includes them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "ptxv/forms.hpp"
#include "ptxv/instr.hpp"

namespace ptxv {

namespace detail {
// What compile() binds besides the bound form: the kernels run() and the
// warp forms call and the parameters they read (runtime/src/simd/binding.hpp),
// opaque here, kept in kBindingBytes of the value.
struct Binding;
inline constexpr std::size_t kBindingBytes = 160;
}  // namespace detail

// An instruction that no generated variant implements, or with a selector
// outside its range; the parser never produces one.
struct CompileError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

class Compiled {
public:
    // An empty value, to be assigned later; calling it is undefined.
    Compiled() noexcept;

    // d = op(a, b, c) with the operand values as the instruction sees them:
    // immediates already substituted (see operand_value), vmad negations not
    // applied (the variant applies them). c is ignored where the instruction
    // does not read it.
    std::uint32_t operator()(std::uint32_t a, std::uint32_t b, std::uint32_t c) const noexcept {
        return fn_(a, b, c, w_);
    }

    // d[i] = op(a[i], b[i], c[i]) for i < n.
    void run(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
             std::size_t n) const;
    // d[i] = op(a[i], b[i], c) for i < n: one c for all, e.g. an immediate.
    void run(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t c, std::uint32_t* d, std::size_t n) const;

    // One step of a warp, as an emulator issues one instruction for its
    // threads: d[i] = op(a[i], b[i], c[i]) for each lane i < kWarpSize whose
    // bit is set in `active` (bit i, lane i); the other lanes' d[i] keep their
    // value. a, b, c and d hold kWarpSize words each, one per lane; what the
    // inactive lanes hold in a, b and c does not matter. d may be the same
    // array as a, b or c (an instruction whose destination is also a source),
    // but may not overlap one otherwise.
    void warp(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
              std::uint32_t active) const {
        step(a, b, c, 0, d, &active, 1);
    }
    // The same with one c for every lane, e.g. an immediate.
    void warp(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t c, std::uint32_t* d,
              std::uint32_t active) const {
        step(a, b, nullptr, c, d, &active, 1);
    }

    // `count` warps stepped on this instruction in one call, as an emulator
    // issues it for every warp of a thread block: warp w is the words
    // [w * kWarpSize, (w + 1) * kWarpSize) of a, b, c and d, with the active
    // mask active[w]. The same as warp() on each warp in turn, with the same
    // rules for d (it may be the array of a, b or c).
    void warps(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
               const std::uint32_t* active, std::size_t count) const {
        step(a, b, c, 0, d, active, count);
    }
    // The same with one c for every lane.
    void warps(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t c, std::uint32_t* d,
               const std::uint32_t* active, std::size_t count) const {
        step(a, b, nullptr, c, d, active, count);
    }

    explicit operator bool() const { return fn_ != nullptr; }

    // Position in spec::kVariants (generated/ptxv_tables.hpp).
    std::size_t variant_index() const { return index_; }
    // "vadd4_s32_u32_u32_sat": the generated function this value calls.
    const char* function_name() const;
    // "vadd4.s32.u32.u32.sat": the variant's mnemonic.
    const char* ptx() const;

    // Which code run() uses. For the SIMD families: "sse2", "ssse3", "avx2",
    // "avx512" or "avx512vbmi" (packed kernels, four to sixteen elements at a
    // time; the last for operands that read lanes of both words, one
    // vpermt2b each). For the scalar families: "avx2" or "avx512" (the
    // generated batch loop built for that target). Otherwise "generated": the
    // generated batch loop as the library was built or, for a SIMD form where
    // the library has x86 kernel units but none applies, the bound form one
    // element at a time. The environment
    // variable PTXV_ISA caps the choice ("generated", "sse2", "ssse3",
    // "avx2", "avx512", "avx512vbmi").
    const char* batch_kernel() const;

    // The encoded run-time arguments, as the generated rt:: form takes them.
    unsigned asel() const { return asel_; }
    unsigned bsel() const { return bsel_; }
    unsigned x() const { return x_; }

private:
    friend Compiled compile(const Instr& in);

    // The warp() and warps() forms: c from c[i] or, when c is null, cval.
    // Inline, so that a warp step is one indirect call into the bound warp
    // kernel; the out-of-line step_unbound is for values without one.
    void step(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t cval,
              std::uint32_t* d, const std::uint32_t* active, std::size_t count) const {
        if (warp_ != nullptr) warp_(binding_, a, b, c, cval, d, active, count);
        else step_unbound(a, b, c, cval, d, active, count);
    }
    void step_unbound(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t cval,
                      std::uint32_t* d, const std::uint32_t* active, std::size_t count) const;
    const detail::Binding& binding() const;

    PreFn fn_ = nullptr;
    std::uint32_t w_[kDecodedWords] = {};
    // The bound warp step, which reads binding_; null where none is bound.
    WarpFn warp_ = nullptr;
    alignas(16) unsigned char binding_[detail::kBindingBytes] = {};
    unsigned asel_ = 0;
    unsigned bsel_ = 0;
    unsigned x_ = 0;
    std::uint32_t index_ = 0;
};

// Binds `in` to its generated variant. Throws CompileError when no variant
// matches (a hand-built Instr the parser would reject).
Compiled compile(const Instr& in);

// Index into spec::kVariants of the variant implementing `in`, or -1.
int variant_of(const Instr& in);

}  // namespace ptxv
