// The batch API, ptxv::Compiled::run, against the floor any element-wise
// operation over the same arrays has to pay: a bare loop d[i] = a[i] + b[i] +
// c[i] (three loads, one store, next to no arithmetic).
//
//   BM_batch/<text>/<size>    compiled.run(a, b, c, d, n), paired with the
//                             bare loop built for the instruction set
//                             measured (counter vs_ref: the ratio) and with
//                             the build's own (vs_ref2)
//   BM_floor/a+b+c/<size>     the bare loop
//   BM_batch_c/<text>/<size>  compiled.run(a, b, k, d, n), c one value, paired
//                             the same way with the loop below
//   BM_floor_c/a+b+k/<size>   its bare loop
//   BM_floor_avx2/a+b+c/<size>, BM_floor_c_avx2/a+b+k/<size>: the same loops
//                             compiled for AVX2, where the CPU has it: the
//                             library picks its widest kernels at run time,
//                             the bare loops get what the build flags give them
//   BM_floor_avx512/a+b+c/<size>, BM_floor_c_avx512/a+b+k/<size>: the same
//                             loops compiled for AVX-512 (BW, VL), where the
//                             CPU has it
//
// The warp step (Compiled::warp: 32 lanes under an active mask) over the
// same L1 arrays, 32 warps of 32 lanes, each warp with its own random mask:
//   BM_batch_short/<text>/<n>  compiled.run over n = 3, 7, 15, 29 or 100
//                           elements, paired with a run over 16 (vs_ref)
//   BM_warp/<text>          one warp() call per warp, paired with run() over
//                           the same arrays (counter vs_ref: warp / run)
//   BM_warps/<text>         one warps() call for all 32 warps, paired the same
//   BM_warp_single/<text>   the same warps as 32 single calls of the
//                           Compiled value, each lane tested against the mask
//   BM_warp_call/floor      BM_warp's loop calling an empty function through
//                           a pointer of the warp kernels' type: the call
// One item is one lane, active or not, so ns per item compares with
// BM_batch/<text>/L1, a long run() over the same 1024 elements.
//
// The custom context ptxv_kernel/<kind>/<text> names the code run() used
// (Compiled::batch_kernel()).
//
// Sizes: L1 (1 Ki elements, 16 KiB for the four arrays), L2 (64 Ki, 1 MiB)
// and DRAM: at least 16 Mi elements and at least twice the largest cache the
// machine reports, so the arrays cannot stay in the last-level cache.

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_common.hpp"
#include "ptxv/compile.hpp"
#include "ptxv/random.hpp"

namespace ptxv_bench {
namespace {

constexpr u32 kConstC = 0x01020304u;

struct Size {
    const char* name;
    std::size_t n;
};

std::size_t dram_elements() {
    std::size_t largest = 0;
    for (const auto& cache : benchmark::CPUInfo::Get().caches) {
        largest = std::max(largest, static_cast<std::size_t>(cache.size));
    }
    const std::size_t wanted = std::max<std::size_t>(std::size_t{16} << 20, 2 * largest / (4 * sizeof(u32)));
    std::size_t n = 1;
    while (n < wanted) n <<= 1;
    return n;
}

// Out of line, like the library's run(), so both are one call per batch
// compiled with the same flags.
__attribute__((noinline)) void floor_loop(const u32* a, const u32* b, const u32* c, u32* d, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) d[i] = a[i] + b[i] + c[i];
}

__attribute__((noinline)) void floor_loop_c(const u32* a, const u32* b, u32 c, u32* d, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) d[i] = a[i] + b[i] + c;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PTXV_BENCH_AVX2_FLOOR 1
__attribute__((noinline, target("avx2"))) void floor_loop_avx2(const u32* a, const u32* b, const u32* c, u32* d,
                                                                std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) d[i] = a[i] + b[i] + c[i];
}
__attribute__((noinline, target("avx2"))) void floor_loop_c_avx2(const u32* a, const u32* b, u32 c, u32* d,
                                                                  std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) d[i] = a[i] + b[i] + c;
}
__attribute__((noinline, target("avx512bw,avx512vl"))) void floor_loop_avx512(const u32* a, const u32* b, const u32* c,
                                                                            u32* d, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) d[i] = a[i] + b[i] + c[i];
}
__attribute__((noinline, target("avx512bw,avx512vl"))) void floor_loop_c_avx512(const u32* a, const u32* b, u32 c,
                                                                              u32* d, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) d[i] = a[i] + b[i] + c;
}
#endif

void account(benchmark::State& state, std::size_t n) {
    const auto items = static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(n);
    state.SetItemsProcessed(items);
    state.SetBytesProcessed(items * static_cast<std::int64_t>(4 * sizeof(u32)));
    state.counters["elements"] = static_cast<double>(n);
}

template <class Body>
void batch_loop(benchmark::State& state, std::size_t n, Body body) {
    const Arrays& v = arrays(n);
    u32* d = output(n);
    for (auto _ : state) {
        body(v.a.data(), v.b.data(), v.c.data(), d, n);
        benchmark::DoNotOptimize(d);
        benchmark::ClobberMemory();
    }
    account(state, n);
}

// BM_floor<tag>/a+b+c/<size> and BM_floor_c<tag>/a+b+k/<size> for one
// compilation of the two bare loops.
using FloorFn = void (*)(const u32*, const u32*, const u32*, u32*, std::size_t);
using FloorCFn = void (*)(const u32*, const u32*, u32, u32*, std::size_t);
void add_floors(const std::string& tag, FloorFn loop, FloorCFn loop_c, const Size& size) {
    const std::size_t n = size.n;
    reg("BM_floor" + tag + "/a+b+c/" + size.name, "floor", nullptr,
        [n, loop](benchmark::State& s) { batch_loop(s, n, loop); });
    reg("BM_floor_c" + tag + "/a+b+k/" + size.name, "floor", nullptr, [n, loop_c](benchmark::State& s) {
        batch_loop(s, n, [loop_c](const u32* a, const u32* b, const u32*, u32* d, std::size_t m) {
            loop_c(a, b, kConstC, d, m);
        });
    });
}

// batch_loop's pass paired() with one or two references over the same arrays,
// each taking (a, b, c, d, n): for BM_batch, vs_ref the bare loop for the
// instruction set measured and vs_ref2 the build's own; for the warp steps,
// Compiled::run.
template <class Body, class... Refs>
void batch_paired(benchmark::State& state, std::size_t n, Body body, Refs... references) {
    const Arrays& v = arrays(n);
    u32* d = output(n);
    const std::int64_t items = paired(state, n, bind_pass(body, v.a.data(), v.b.data(), v.c.data(), d, n),
                                      bind_pass(references, v.a.data(), v.b.data(), v.c.data(), d, n)...);
    state.SetBytesProcessed(items * static_cast<std::int64_t>(4 * sizeof(u32)));
    state.counters["elements"] = static_cast<double>(n);
}

// The bare loops built for an instruction set, the pair the per-set targets
// bound: SSE2, SSSE3 and the generated loop against the build's own (SSSE3
// adds nothing the loop could use), AVX2 and AVX-512 (VBMI included) against
// their copies. The set is the PTXV_ISA cap where there is one (what the run
// is measuring, whichever kernel run() found under it), else the kernel's.
struct Floors {
    FloorFn loop;
    FloorCFn loop_c;
};
Floors floors_for(const std::string& kernel) {
#if defined(PTXV_BENCH_AVX2_FLOOR)
    if (kernel.rfind("avx512", 0) == 0) return {floor_loop_avx512, floor_loop_c_avx512};
    if (kernel == "avx2") return {floor_loop_avx2, floor_loop_c_avx2};
#endif
    return {floor_loop, floor_loop_c};
}

// The batch result must be the interpreter's, element by element.
bool batch_matches(const std::string& text, const ptxv::Instr& in, const ptxv::Compiled& compiled, bool const_c) {
    const Inputs& v = op_inputs();
    std::vector<u32> d(kOpElements, 0);
    if (const_c) {
        compiled.run(v.a.data(), v.b.data(), kConstC, d.data(), kOpElements);
    } else {
        compiled.run(v.a.data(), v.b.data(), v.c.data(), d.data(), kOpElements);
    }
    for (std::size_t i = 0; i < kOpElements; ++i) {
        const u32 c = const_c ? kConstC : v.c[i];
        const u32 want = ptxv::interpret(in, v.a[i], v.b[i], c);
        if (d[i] != want) {
            report_mismatch(const_c ? "batch_c" : "batch", text, v.a[i], v.b[i], c, d[i], want);
            return false;
        }
    }
    return true;
}

void add_batch(const std::string& text, const Size* sizes, std::size_t count, bool const_c) {
    ptxv::Instr in;
    if (!decode(text, &in)) return;
    const ptxv::Compiled compiled = ptxv::compile(in);
    const char* error = batch_matches(text, in, compiled, const_c) ? nullptr : "batch result differs from the interpreter";
    const std::string prefix = const_c ? "BM_batch_c/" : "BM_batch/";
    benchmark::AddCustomContext(std::string("ptxv_kernel/") + (const_c ? "batch_c/" : "batch/") + text,
                                compiled.batch_kernel());
    const char* cap = std::getenv("PTXV_ISA");
    const Floors floors = floors_for(cap != nullptr ? cap : compiled.batch_kernel());
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t n = sizes[k].n;
        if (const_c) {
            reg(prefix + text + "/" + sizes[k].name, family_of(in), error, [compiled, n, floors](benchmark::State& s) {
                batch_paired(
                    s, n,
                    [&compiled](const u32* a, const u32* b, const u32*, u32* d, std::size_t m) {
                        compiled.run(a, b, kConstC, d, m);
                    },
                    [&floors](const u32* a, const u32* b, const u32*, u32* d, std::size_t m) {
                        floors.loop_c(a, b, kConstC, d, m);
                    },
                    [](const u32* a, const u32* b, const u32*, u32* d, std::size_t m) {
                        floor_loop_c(a, b, kConstC, d, m);
                    });
            })->UseManualTime();
        } else {
            reg(prefix + text + "/" + sizes[k].name, family_of(in), error, [compiled, n, floors](benchmark::State& s) {
                batch_paired(
                    s, n,
                    [&compiled](const u32* a, const u32* b, const u32* c, u32* d, std::size_t m) {
                        compiled.run(a, b, c, d, m);
                    },
                    floors.loop, floor_loop);
            })->UseManualTime();
        }
    }
}

// BM_batch_short/<text>/<n>: run() over a few elements, where a packed
// kernel's tail is most of the work, paired with run() over one step of the
// widest kernel (kShortStep elements) on the same arrays: vs_ref is what a
// run of n costs against a run of one whole step, which no shorter run should
// exceed.
constexpr std::size_t kShortStep = 16;
void add_short(const std::string& text) {
    ptxv::Instr in;
    if (!decode(text, &in)) return;
    const ptxv::Compiled compiled = ptxv::compile(in);
    const char* error = batch_matches(text, in, compiled, false) ? nullptr : "batch result differs from the interpreter";
    for (const std::size_t n : {std::size_t{3}, std::size_t{7}, std::size_t{15}, std::size_t{29}, std::size_t{100}}) {
        reg("BM_batch_short/" + text + "/" + std::to_string(n), family_of(in), error, [compiled, n](benchmark::State& s) {
            const auto run = [&compiled](const u32* a, const u32* b, const u32* c, u32* d, std::size_t m) {
                compiled.run(a, b, c, d, m);
            };
            const std::size_t most = std::max(n, kShortStep);
            const Arrays& v = arrays(most);
            u32* d = output(most);
            paired(s, n, bind_pass(run, v.a.data(), v.b.data(), v.c.data(), d, n),
                   bind_pass(run, v.a.data(), v.b.data(), v.c.data(), d, kShortStep));
            s.counters["elements"] = static_cast<double>(n);
        })->UseManualTime();
    }
}

// The active masks of the warps: random, seeded, the same for every
// instruction and both forms.
const std::vector<u32>& warp_masks(std::size_t warps) {
    static std::vector<u32> masks;
    if (masks.size() < warps) {
        ptxv::SplitMix64 rng(0x7761727073ull);
        masks.clear();
        for (std::size_t i = 0; i < warps; ++i) masks.push_back(rng.word());
    }
    return masks;
}

// Both warp forms must leave d as the interpreter's lanes would, inactive
// lanes unchanged.
bool warp_matches(const std::string& text, const ptxv::Instr& in, const ptxv::Compiled& compiled) {
    const Inputs& v = op_inputs();
    const std::size_t warps = kOpElements / ptxv::kWarpSize;
    const std::vector<u32>& masks = warp_masks(warps);
    for (const bool one_call : {false, true}) {
        std::vector<u32> d(kOpElements, 0x5a5a5a5au);
        if (one_call) {
            compiled.warps(v.a.data(), v.b.data(), v.c.data(), d.data(), masks.data(), warps);
        } else {
            for (std::size_t w = 0; w < warps; ++w) {
                const std::size_t o = w * ptxv::kWarpSize;
                compiled.warp(v.a.data() + o, v.b.data() + o, v.c.data() + o, d.data() + o, masks[w]);
            }
        }
        for (std::size_t i = 0; i < warps * ptxv::kWarpSize; ++i) {
            const bool on = (masks[i / ptxv::kWarpSize] >> (i % ptxv::kWarpSize) & 1u) != 0;
            const u32 want = on ? ptxv::interpret(in, v.a[i], v.b[i], v.c[i]) : 0x5a5a5a5au;
            if (d[i] != want) {
                report_mismatch(one_call ? "warps" : "warp", text, v.a[i], v.b[i], v.c[i], d[i], want);
                return false;
            }
        }
    }
    return true;
}

// The call a warp step cannot do without: Compiled::warp is one indirect
// call of a warp kernel (ptxv::WarpFn). The same loop as BM_warp, calling
// through a pointer of that type a function that does nothing, gives the
// part of a warp step's time that is the call itself (BM_warp_call/floor).
__attribute__((noinline)) void empty_warp(const void*, const u32*, const u32*, const u32*, u32, u32*, const u32*,
                                          std::size_t) noexcept {
    __asm__ volatile("" ::: "memory");
}

void add_warp_call(std::size_t n) {
    const std::vector<u32>* masks = &warp_masks(n / ptxv::kWarpSize);
    reg("BM_warp_call/floor", "floor", nullptr, [n, masks](benchmark::State& s) {
        ptxv::WarpFn kernel = &empty_warp;
        // Opaque, so the call stays indirect as in Compiled::warp.
        __asm__("" : "+r"(kernel));
        alignas(16) const unsigned char params[16] = {};
        batch_loop(s, n, [&](const u32* a, const u32* b, const u32* c, u32* d, std::size_t m) {
            for (std::size_t w = 0, o = 0; o < m; ++w, o += ptxv::kWarpSize) {
                const u32 active = (*masks)[w];
                kernel(params, a + o, b + o, c + o, 0, d + o, &active, 1);
            }
        });
    });
}

void add_warp(const std::string& text, std::size_t n) {
    ptxv::Instr in;
    if (!decode(text, &in)) return;
    const ptxv::Compiled compiled = ptxv::compile(in);
    const char* error = warp_matches(text, in, compiled) ? nullptr : "warp result differs from the interpreter";
    const std::vector<u32>* masks = &warp_masks(n / ptxv::kWarpSize);
    // Paired with run() over the same arrays (vs_ref: warp / run), the ratio the warp target bounds.
    const auto run = [compiled](const u32* a, const u32* b, const u32* c, u32* d, std::size_t m) {
        compiled.run(a, b, c, d, m);
    };
    reg("BM_warp/" + text, family_of(in), error, [compiled, n, masks, run](benchmark::State& s) {
        batch_paired(
            s, n,
            [&](const u32* a, const u32* b, const u32* c, u32* d, std::size_t m) {
                for (std::size_t w = 0, o = 0; o < m; ++w, o += ptxv::kWarpSize)
                    compiled.warp(a + o, b + o, c + o, d + o, (*masks)[w]);
            },
            run);
    })->UseManualTime();
    reg("BM_warps/" + text, family_of(in), error, [compiled, n, masks, run](benchmark::State& s) {
        batch_paired(
            s, n,
            [&](const u32* a, const u32* b, const u32* c, u32* d, std::size_t m) {
                compiled.warps(a, b, c, d, masks->data(), m / ptxv::kWarpSize);
            },
            run);
    })->UseManualTime();
    reg("BM_warp_single/" + text, family_of(in), error, [compiled, n, masks](benchmark::State& s) {
        batch_loop(s, n, [&](const u32* a, const u32* b, const u32* c, u32* d, std::size_t m) {
            for (std::size_t w = 0, o = 0; o < m; ++w, o += ptxv::kWarpSize) {
                const u32 active = (*masks)[w];
                for (std::size_t i = 0; i < ptxv::kWarpSize; ++i)
                    if ((active >> i & 1u) != 0) d[o + i] = compiled(a[o + i], b[o + i], c[o + i]);
            }
        });
    });
}

}  // namespace

void register_batch() {
    const Size sizes[] = {{"L1", std::size_t{1} << 10}, {"L2", std::size_t{1} << 16}, {"DRAM", dram_elements()}};
    const std::size_t count = sizeof(sizes) / sizeof(sizes[0]);
    benchmark::AddCustomContext("ptxv_dram_elements", std::to_string(sizes[2].n));

    for (std::size_t k = 0; k < count; ++k) {
        add_floors("", floor_loop, floor_loop_c, sizes[k]);
#if defined(PTXV_BENCH_AVX2_FLOOR)
        if (__builtin_cpu_supports("avx2")) add_floors("_avx2", floor_loop_avx2, floor_loop_c_avx2, sizes[k]);
        if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl"))
            add_floors("_avx512", floor_loop_avx512, floor_loop_c_avx512, sizes[k]);
#endif
    }

    // Byte SIMD (the batch target applies to these) ...
    add_batch("vadd4.u32.u32.u32 d, a, b, c", sizes, count, false);
    add_batch("vadd4.u32.u32.u32.sat d, a, b, c", sizes, count, false);
    add_batch("vadd4.s32.s32.s32.sat d, a, b, c", sizes, count, false);
    add_batch("vsub4.u32.u32.u32 d.b320, a.b7654, b.b3210, c", sizes, count, false);
    add_batch("vavrg4.u32.u32.u32 d, a, b, c", sizes, count, false);
    add_batch("vabsdiff4.u32.u32.u32.add d, a, b, c", sizes, count, false);
    add_batch("vabsdiff4.u32.u32.u32.add d, a.b4321, b, c", sizes, count, false);
    add_batch("vmin4.u32.u32.u32 d, a, b, c", sizes, count, false);
    add_batch("vmax4.s32.s32.s32.sat d, a, b, c", sizes, count, false);
    add_batch("vset4.u32.u32.lt d, a, b, c", sizes, count, false);
    // ... the half-word SIMD families (packed kernels too) ...
    add_batch("vadd2.s32.s32.s32.sat d, a, b, c", sizes, count, false);
    add_batch("vmin2.s32.s32.s32 d, a, b, c", sizes, count, false);
    add_batch("vmin2.s32.s32.s32 d.h0, a.h12, b.h30, c", sizes, count, false);
    add_batch("vset2.s32.s32.ne.add d, a, b, c", sizes, count, false);
    // ... and one of each scalar family, for context.
    add_batch("vadd.s32.s32.s32.sat d, a, b", sizes, count, false);
    add_batch("vshr.s32.s32.u32.clamp d, a, b", sizes, count, false);
    add_batch("vmad.s32.s32.s32.po.sat.shr15 d, a, b, c", sizes, count, false);
    add_batch("vset.u32.s32.lt d, a, b", sizes, count, false);
    // The form with one c for the whole batch, for when c is a constant.
    add_batch("vabsdiff4.u32.u32.u32.add d, a, b, c", sizes, count, true);

    // Short runs, SIMD forms with and without selectors, and a scalar one.
    for (const char* text : {"vadd4.u32.u32.u32.sat d, a, b, c", "vsub4.u32.u32.u32 d.b320, a.b7654, b.b3210, c",
                             "vabsdiff4.u32.u32.u32.add d, a.b4321, b, c", "vmin2.s32.s32.s32 d.h0, a.h12, b.h30, c",
                             "vadd.s32.s32.s32.sat d, a, b"})
        add_short(text);

    // The warp step, for the same instructions (all but the one-c form).
    for (const char* text :
         {"vadd4.u32.u32.u32 d, a, b, c", "vadd4.u32.u32.u32.sat d, a, b, c", "vadd4.s32.s32.s32.sat d, a, b, c",
          "vsub4.u32.u32.u32 d.b320, a.b7654, b.b3210, c", "vavrg4.u32.u32.u32 d, a, b, c",
          "vabsdiff4.u32.u32.u32.add d, a, b, c", "vabsdiff4.u32.u32.u32.add d, a.b4321, b, c",
          "vmin4.u32.u32.u32 d, a, b, c", "vmax4.s32.s32.s32.sat d, a, b, c",
          "vset4.u32.u32.lt d, a, b, c", "vadd2.s32.s32.s32.sat d, a, b, c", "vmin2.s32.s32.s32 d, a, b, c",
          "vmin2.s32.s32.s32 d.h0, a.h12, b.h30, c", "vset2.s32.s32.ne.add d, a, b, c", "vadd.s32.s32.s32.sat d, a, b",
          "vshr.s32.s32.u32.clamp d, a, b", "vmad.s32.s32.s32.po.sat.shr15 d, a, b, c", "vset.u32.s32.lt d, a, b"})
        add_warp(text, sizes[0].n);
    add_warp_call(sizes[0].n);
}

}  // namespace ptxv_bench
