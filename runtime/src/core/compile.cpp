// ptxv: run-time dispatch to the generated functions.
//
// The variant of an instruction is computed from its decoded fields with the
// generated spec::kVariantIndex (positions and strides of the expansion
// order), so the mapping depends on the same tables the generator wrote, and
// no text is built or hashed.

#include "ptxv/compile.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>

#include "../simd/binding.hpp"
#include "ptxv_build_config.hpp"
#include "ptxv_batch.hpp"
#include "ptxv/parse.hpp"
#include "ptxv_tables.hpp"

namespace ptxv {
namespace {

// Where the x86 kernel units are built (PTXV_PACKED_RUN), a packed kernel
// runs every SIMD form on every x86 CPU but for the selectors that need a
// byte shuffle on one without SSSE3, so the SIMD variants' own batch loops
// (ptxv::batch::f, f_c: three vectorized loops each, 2.4 MB of code) are left
// out; run() takes a kernel's tail through the same kernel (run_packed), and
// what no kernel takes element by element through the bound form. The fuzz
// build leaves them out too (ptxv_build_config.hpp).
#if PTXV_PACKED_RUN
#define PTXV_DISPATCH_LOOPS(f) nullptr, nullptr
#endif
#include "ptxv_dispatch.inc"

static_assert(std::size(kVariantFns) == static_cast<std::size_t>(spec::kVariantCount),
              "the dispatch table must list every variant of kVariants, in order");
static_assert(shuffled::kControlWord + 2 <= detail::kSimdMaskWord,
              "the shuffle control must fit in the decoded words that the SIMD forms leave free");
static_assert(sizeof(detail::Binding) <= detail::kBindingBytes && alignof(detail::Binding) <= 16,
              "compile.hpp keeps room for the binding");
static_assert(offsetof(detail::Binding, params) == 0, "a bound warp step finds its parameters at the binding");
static_assert(std::is_trivially_copyable_v<detail::Binding>, "a Compiled's copy holds its binding");

// SIMD selectors as the rt:: form takes them: one hex digit per lane, lane 0
// in the lowest digit, so they read like the PTX spelling (.b7654 -> 0x7654).
unsigned simd_selector(const std::array<std::uint8_t, 4>& sel, int lanes, const char* which) {
    unsigned v = 0;
    for (int i = 0; i < lanes; ++i) {
        const unsigned e = sel[static_cast<std::size_t>(i)];
        if (e >= static_cast<unsigned>(2 * lanes)) {
            throw CompileError(std::string("ptxv::compile: ") + which + " selector element " + std::to_string(e) +
                               " is out of range for " + std::to_string(lanes) + " lanes");
        }
        v |= e << (4 * i);
    }
    return v;
}

unsigned source_selector(Sel s, const char* which) {
    const auto v = static_cast<unsigned>(s);
    if (v > static_cast<unsigned>(Sel::h1)) {
        throw CompileError(std::string("ptxv::compile: ") + which + " selector " + std::to_string(v) +
                           " is not a source selector");
    }
    return v;
}

// Run-time SIMD selectors other than the defaults: where the CPU has SSSE3,
// one byte shuffle of the pair {b:a} applies both (R2), then the variant's
// form with default selectors runs. The shuffle control goes into the
// decoded words that the SIMD forms leave unused.
void bind_shuffled(PreFn& fn, std::uint32_t* w, int index, const Instr& in, int lanes, unsigned mask) {
    if (lanes != 2 && lanes != 4) return;
    if (simd::default_selectors(in, static_cast<std::size_t>(lanes), 0xfu)) return;
    const unsigned full = (1u << lanes) - 1u;
    const PreFn shuffled_form = shuffled::form(static_cast<std::size_t>(index), mask == full);
    if (shuffled_form == nullptr) return;
    const std::size_t width = lanes == 4 ? 1 : 2;  // bytes per lane
    std::uint8_t control[8] = {};
    for (std::size_t at = 0; at < 4; ++at) {
        const std::size_t lane = at / width, part = at % width;
        control[at] = static_cast<std::uint8_t>(width * in.simd_asel[lane] + part);
        control[4 + at] = static_cast<std::uint8_t>(width * in.simd_bsel[lane] + part);
    }
    std::memcpy(w + shuffled::kControlWord, control, sizeof control);
    fn = shuffled_form;
}

}  // namespace

int variant_of(const Instr& in) {
    if (in.opcode >= spec::kOpcodeCount) return -1;
    const spec::OpcodeInfo& info = spec::kOpcodes[in.opcode];
    const spec::VariantIndex& x = spec::kVariantIndex[in.opcode];
    const auto at = [](const std::int8_t* positions, std::size_t count, auto value) {
        const auto i = static_cast<std::size_t>(value);
        return i < count ? static_cast<int>(positions[i]) : -1;
    };
    // Fields an opcode does not have decode to their first value (R14: vset
    // has no dtype; only set operations compare).
    const int d = info.dtypes != 0 ? at(x.d, 2, in.dtype) : 0;
    const int a = at(x.a, 2, in.atype);
    const int b = at(x.b, 2, in.btype);
    const int cmp = info.operation == Operation::set ? at(x.cmp, 6, in.cmp) : 0;
    const int mode = at(x.mode, 3, in.mode);
    const auto po = static_cast<std::size_t>(in.po), sat = static_cast<std::size_t>(in.sat && info.sat);
    const auto scale = static_cast<std::size_t>(in.scale), op2 = static_cast<std::size_t>(in.op2);
    const int tail = scale < 3 && op2 < 4 ? x.tail[po][sat][scale][op2] : -1;
    if (d < 0 || a < 0 || b < 0 || cmp < 0 || mode < 0 || tail < 0) return -1;
    return x.first + d * x.stride_d + a * x.stride_a + b * x.stride_b + cmp * x.stride_cmp + mode * x.stride_mode + tail;
}

Compiled compile(const Instr& in) {
    const int index = variant_of(in);
    if (index < 0) {
        const std::string what = in.opcode < spec::kOpcodeCount ? "'" + print(in) + "'" : "opcode " + std::to_string(in.opcode);
        throw CompileError("ptxv::compile: no generated variant implements " + what);
    }
    const spec::OpcodeInfo& info = spec::kOpcodes[in.opcode];
    Compiled f;
    f.index_ = static_cast<std::uint32_t>(index);
    if (info.geometry == Geometry::scalar) {
        f.asel_ = source_selector(in.asel, "a");
        f.bsel_ = source_selector(in.bsel, "b");
        if (info.operation == Operation::mad) {
            f.x_ = (in.neg_a ? 1u : 0u) | (in.neg_b ? 2u : 0u) | (in.neg_c ? 4u : 0u);
        } else if (in.op2 == Op2::none) {
            f.x_ = static_cast<unsigned>(in.dsel);
        }
    } else {
        const int lanes = lanes_of(info.geometry);
        f.asel_ = simd_selector(in.simd_asel, lanes, "a");
        f.bsel_ = simd_selector(in.simd_bsel, lanes, "b");
        // Bits above the lane count name no lane; the interpreter ignores them too.
        f.x_ = in.mask & ((1u << lanes) - 1u);
    }
    f.fn_ = detail::bind(kVariantFns[index], f.asel_, f.bsel_, f.x_, f.w_);
    if (info.geometry != Geometry::scalar) bind_shuffled(f.fn_, f.w_, index, in, lanes_of(info.geometry), f.x_);
    detail::Binding& b = *std::launder(reinterpret_cast<detail::Binding*>(f.binding_));
    const simd::UnitHelpers helpers = simd::helpers();
    b.merge = helpers.merge;
    b.pad = helpers.pad;
    const char* kernel_name = b.kernel_name;
    b.many = kVariantFns[index].many;
    b.many_c = kVariantFns[index].many_c;
    if (info.geometry == Geometry::scalar) {
        const simd::ScalarLoops s = simd::scalar_loops(index, kernel_name);
        const int body = detail::scalar_body(f.asel_, f.bsel_, f.x_, f.w_);
        b.loop = s.loop[body];
        f.warp_ = s.warp[body];
        b.kernel_name = kernel_name;
        // A short run padded to a whole step pays off for the AVX-512 loops
        // alone (BM_batch_short, vadd.s32.s32.s32.sat, over 7 elements: 2.3
        // to 1.5 times a run of 16); the AVX2 and baseline loops' own
        // remainders are faster than the copies (1.2 against 1.8, 0.9
        // against 1.8).
        if (std::string_view(kernel_name) != "avx512") b.pad = nullptr;
        // The warp form reads the decoded words as its parameters.
        static_assert(sizeof f.w_ <= sizeof b.params, "the decoded words fit the kernel parameters");
        std::memcpy(b.params, f.w_, sizeof f.w_);
    }
    WarpFn warp = nullptr;
    if (const detail::BatchKernel k = simd::bind(in, index, b.params, kernel_name, warp)) {
        b.kernel = k;
        f.warp_ = warp;
        b.kernel_name = kernel_name;
    }
    return f;
}

Compiled::Compiled() noexcept { new (binding_) detail::Binding{}; }

// The binding the constructor placed in a value's bytes and compile() filled
// (copied with the value: it is trivially copyable).
const detail::Binding& Compiled::binding() const {
    return *std::launder(reinterpret_cast<const detail::Binding*>(binding_));
}

// A packed kernel takes the elements in fours, eights or sixteens, and the
// rest through one more call (run_packed); on runs longer than
// L1 it first takes the elements before d's next cache line (64 bytes) that
// way, so that its stores (and the loads of arrays aligned like d) do not
// straddle cache lines, which costs most where the data streams from L2 or
// memory.
namespace {
std::size_t head_of(const std::uint32_t* d, std::size_t n) {
    if (n < 8192) return 0;
    const auto misalign = static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(d) & 63u);
    return misalign % 4 == 0 ? ((64 - misalign) & 63u) / 4 : 0;
}

constexpr std::size_t kPad = detail::kPadWords;

// detail::PadWords where no kernel unit gives one (none under the PTXV_ISA
// cap): zeros, then the words.
void pad_words(std::uint32_t* p, const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
               std::size_t n) noexcept {
    std::memset(p, 0, 3 * kPad * sizeof *p);
    std::memcpy(p, a, n * sizeof *p);
    std::memcpy(p + kPad, b, n * sizeof *p);
    if (c != nullptr) std::memcpy(p + 2 * kPad, c, n * sizeof *p);
}

// d[i] = op(a[i], b[i], c[i]) for i < n < kPad through step(pa, pb, pc, r),
// one whole step over copies padded to kPad elements (pc null where c is)
// by the kernel unit's pad (simd::UnitHelpers); the padding's results are
// dropped. Inlined into the out-of-line callers below (run_short,
// run_loop_padded), so that run() does not set up the copies' frame on every
// call, whatever its length.
template <class Step>
[[gnu::always_inline]] inline void run_padded(detail::PadWords pad, Step step, const std::uint32_t* a,
                                              const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                                              std::size_t n) {
    if (n == 0) return;
    // Each copy's vectors in whole cache lines, aligned by hand: alignas(64)
    // realigns the stack, a frame that measured 1.5 times the cost of the
    // kernel's step on a run of 7 (BM_batch_short, AVX-512).
    std::uint32_t room[4 * kPad + 16];
    const auto line = (reinterpret_cast<std::uintptr_t>(room) + 63u) & ~std::uintptr_t{63};
    std::uint32_t* const p = room + (line - reinterpret_cast<std::uintptr_t>(room)) / sizeof *room;
    std::uint32_t* const r = p + 3 * kPad;
    (pad != nullptr ? pad : pad_words)(p, a, b, c, n);
    step(p, p + kPad, c != nullptr ? p + 2 * kPad : nullptr, r);
    std::memcpy(d, r, n * sizeof *d);
}
[[gnu::noinline]] void run_short(detail::PadWords pad, detail::BatchKernel kernel, const void* params,
                                 const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                 std::uint32_t cval, std::uint32_t* d, std::size_t n) {
    run_padded(
        pad,
        [&](const std::uint32_t* pa, const std::uint32_t* pb, const std::uint32_t* pc, std::uint32_t* r) {
            kernel(params, pa, pb, pc, cval, r, kPad);
        },
        a, b, c, d, n);
}

// Past the kernel's whole steps (done of n): fewer than a step left. Where d
// is none of the sources, the last kPad elements once more (those already
// done get the same values again): one call, where the copies cost about as
// much as the kernel's work. Else (and for a run shorter than a step: done is
// 0) one call of the kernel on a padded whole step, where a call that finds
// no whole step to do and then the padded rest would pay the call twice.
[[gnu::always_inline]] inline void run_rest(detail::PadWords pad, detail::BatchKernel kernel, const void* params,
                                            const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                            std::uint32_t cval, std::uint32_t* d, std::size_t n, std::size_t done) {
    const auto at = [c](std::size_t i) { return c != nullptr ? c + i : nullptr; };
    if (n >= kPad && d != a && d != b && d != c) {
        kernel(params, a + (n - kPad), b + (n - kPad), at(n - kPad), cval, d + (n - kPad), kPad);
    } else {
        run_short(pad, kernel, params, a + done, b + done, at(done), cval, d + done, n - done);
    }
}

// The common run (whole steps from the first element, or a head first on a
// long one) calls the kernel and returns, with nothing to set up: at L1 a
// run of 1024 elements is about 30 ns, so every spill and call level shows.
[[gnu::always_inline]] inline void run_packed(detail::PadWords pad, detail::BatchKernel kernel, const void* params,
                                              const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                              std::uint32_t cval, std::uint32_t* d, std::size_t n) {
    std::size_t done = 0;
    if (n >= kPad) {
        done = head_of(d, n);
        if (done != 0) run_short(pad, kernel, params, a, b, c, cval, d, done);
        done += kernel(params, a + done, b + done, c != nullptr ? c + done : nullptr, cval, d + done, n - done);
        if (done == n) return;
    }
    run_rest(pad, kernel, params, a, b, c, cval, d, n, done);
}
}  // namespace

// One c for all elements, for a scalar variant's loop: an array of it, which
// the loop reads as it reads an array of c, kOneC elements at a time. The
// array is kept per thread and written again only for another value, so a
// run with the same c as the last one (an immediate, an emulator stepping the
// same instruction) does not pay for it.
namespace {
constexpr std::size_t kOneC = 1024;
const std::uint32_t* one_c(std::uint32_t v, std::size_t n) {
    thread_local struct {
        alignas(64) std::uint32_t c[kOneC];
        std::uint32_t value = 0;
        std::size_t filled = 0;
    } t;
    if (t.value != v) t.value = v, t.filled = 0;
    if (t.filled < n) {
        std::fill(t.c + t.filled, t.c + n, v);
        t.filled = n;
    }
    return t.c;
}
std::size_t part_of(std::size_t n) { return n < kOneC ? n : kOneC; }

// A scalar variant's loop over n elements; shorter than kPad, over a padded
// whole step where compile() bound a pad: the loop's vector body takes it in
// one iteration, where the n elements alone would go through its remainder.
[[gnu::noinline]] void run_loop_padded(detail::PadWords pad, detail::BodyLoop loop, const std::uint32_t* a,
                                       const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                                       std::size_t n, const std::uint32_t* w) {
    run_padded(
        pad,
        [&](const std::uint32_t* pa, const std::uint32_t* pb, const std::uint32_t* pc, std::uint32_t* r) {
            loop(pa, pb, pc, r, kPad, w);
        },
        a, b, c, d, n);
}
void run_loop(detail::PadWords pad, detail::BodyLoop loop, const std::uint32_t* a, const std::uint32_t* b,
              const std::uint32_t* c, std::uint32_t* d, std::size_t n, const std::uint32_t* w) {
    if (n >= kPad || pad == nullptr) return loop(a, b, c, d, n, w);
    run_loop_padded(pad, loop, a, b, c, d, n, w);
}
}  // namespace

void Compiled::run(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                   std::size_t n) const {
    const detail::Binding& bd = binding();
    if (bd.loop != nullptr) {
        run_loop(bd.pad, bd.loop, a, b, c, d, n, w_);
    } else if (bd.kernel != nullptr) {
        run_packed(bd.pad, bd.kernel, bd.params, a, b, c, 0, d, n);
    } else if (bd.many != nullptr) {
        bd.many(a, b, c, d, n, asel_, bsel_, x_);
    } else {
        for (std::size_t i = 0; i < n; ++i) d[i] = fn_(a[i], b[i], c[i], w_);
    }
}

void Compiled::run(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t c, std::uint32_t* d,
                   std::size_t n) const {
    const detail::Binding& bd = binding();
    if (bd.loop != nullptr) {
        for (std::size_t i = 0; i < n; i += kOneC)
            run_loop(bd.pad, bd.loop, a + i, b + i, one_c(c, part_of(n - i)), d + i, part_of(n - i), w_);
    } else if (bd.kernel != nullptr) {
        run_packed(bd.pad, bd.kernel, bd.params, a, b, nullptr, c, d, n);
    } else if (bd.many_c != nullptr) {
        bd.many_c(a, b, c, d, n, asel_, bsel_, x_);
    } else {
        for (std::size_t i = 0; i < n; ++i) d[i] = fn_(a[i], b[i], c, w_);
    }
}

// A packed kernel's warp form blends each vector of results into d as it
// goes. Otherwise the lane results go to a buffer first, so that d may be a
// source too and the inactive lanes are left alone; then one vector blend per
// 4 or 8 lanes where a merge is bound.
namespace {
void merge_lanes(detail::WarpMerge merge, const std::uint32_t* r, std::uint32_t* d, std::uint32_t active) {
    if (merge != nullptr) {
        merge(r, d, active);
        return;
    }
    for (std::size_t i = 0; i < kWarpSize; ++i) {
        const std::uint32_t on = 0u - ((active >> i) & 1u);
        d[i] = (r[i] & on) | (d[i] & ~on);
    }
}
}  // namespace

void Compiled::step_unbound(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                            std::uint32_t cval, std::uint32_t* d, const std::uint32_t* active,
                            std::size_t count) const {
    const detail::Binding& bd = binding();
    if (bd.loop != nullptr) {
        // A scalar variant's loop into a buffer, then the merge: d may be
        // a, b or c. Called directly, not through run(), and one c looked up
        // once for all warps: through run() a warp costs 15.7 ns here, 12.2
        // this way (baseline unit, vadd.s32.s32.s32.sat).
        static_assert(kOneC >= kWarpSize, "one c for a warp fits the buffer");
        alignas(64) std::uint32_t r[kWarpSize];
        const std::uint32_t* const one = c != nullptr ? nullptr : one_c(cval, kWarpSize);
        for (std::size_t w = 0; w < count; ++w) {
            const std::size_t o = w * kWarpSize;
            bd.loop(a + o, b + o, c != nullptr ? c + o : one, r, kWarpSize, w_);
            merge_lanes(bd.merge, r, d + o, active[w]);
        }
        return;
    }
    for (std::size_t w = 0; w < count; ++w) {
        const std::size_t o = w * kWarpSize;
        alignas(64) std::uint32_t r[kWarpSize];
        if (c != nullptr) run(a + o, b + o, c + o, r, kWarpSize);
        else run(a + o, b + o, cval, r, kWarpSize);
        merge_lanes(bd.merge, r, d + o, active[w]);
    }
}

const char* Compiled::batch_kernel() const { return binding().kernel_name; }

const char* Compiled::function_name() const { return spec::kVariants[index_].function; }
const char* Compiled::ptx() const { return spec::kVariants[index_].ptx; }

}  // namespace ptxv
