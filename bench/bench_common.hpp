// ptxv benchmarks: shared inputs, measuring loops and registration.
//
// Every measured function is first checked against the reference interpreter
// on the same inputs: a fast function that computes something else would make
// every ratio in docs/performance.md meaningless. A mismatch is reported, the
// case's benchmarks are skipped, and ptxv_bench exits non-zero.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ptxv/instr.hpp"
#include "ptxv/interp.hpp"

namespace ptxv_bench {

using u32 = std::uint32_t;

// Elements per benchmark iteration in the per-op benchmarks: 3 x 4 KiB of
// inputs, well inside L1d, so these measure computation and not memory.
constexpr std::size_t kOpElements = 1024;

// n words that start at a chosen offset within a 4 KiB page. The arrays one
// loop reads and writes get different offsets (a, b, c, d: 0, 1, 2, 3 KiB),
// so a store never shares its low 12 address bits with a load that follows
// it: otherwise the CPU's store-to-load "4K aliasing" check stalls the loop,
// and the time depends on where the allocator happened to put the arrays
// (one run measured 0.09 ns per element, another 0.45, for the same code).
class Buffer {
public:
    void assign(std::size_t n, unsigned slot);
    u32* data() { return store_.data() + offset_; }
    const u32* data() const { return store_.data() + offset_; }
    u32& operator[](std::size_t i) { return data()[i]; }
    const u32& operator[](std::size_t i) const { return data()[i]; }
    std::size_t size() const { return n_; }

private:
    std::vector<u32> store_;
    std::size_t offset_ = 0;
    std::size_t n_ = 0;
};

struct Inputs {
    Buffer a, b, c;
};

// Fixed-seed random operands of kOpElements elements (see bench_main.cpp for
// their distribution).
const Inputs& op_inputs();

// n elements of the same distribution, plus an output array; for the batch
// benchmarks. Allocated on first use and kept, so a filtered run that skips
// the large sizes never pays for them.
struct Arrays {
    Buffer a, b, c, d;
};
const Arrays& arrays(std::size_t n);
u32* output(std::size_t n);

// Records a mismatch against the interpreter for the final exit status.
void report_mismatch(const std::string& what, const std::string& text, u32 a, u32 b, u32 c, u32 got,
                     u32 want);
int mismatch_count();

// Decodes `text`, or reports the parse error as a mismatch and returns false.
bool decode(const std::string& text, ptxv::Instr* out);

// The spec family of a decoded instruction ("vop4", "vset2", ...).
const char* family_of(const ptxv::Instr& in);

// Compares f against the interpreter over the per-op inputs.
template <class F>
bool matches_interpreter(const std::string& what, const std::string& text, const ptxv::Instr& in, F f) {
    const Inputs& v = op_inputs();
    for (std::size_t i = 0; i < kOpElements; ++i) {
        const u32 got = f(v.a[i], v.b[i], v.c[i]);
        const u32 want = ptxv::interpret(in, v.a[i], v.b[i], v.c[i]);
        if (got != want) {
            report_mismatch(what, text, v.a[i], v.b[i], v.c[i], got, want);
            return false;
        }
    }
    return true;
}

// One pass of throughput(): independent calls over the L1-resident inputs,
// results summed so none can be dropped.
template <class F>
inline void throughput_pass(const Inputs& in, F& f) {
    const u32* a = in.a.data();
    const u32* b = in.b.data();
    const u32* c = in.c.data();
    u32 acc = 0;
    for (std::size_t i = 0; i < kOpElements; ++i) acc += f(a[i], b[i], c[i]);
    benchmark::DoNotOptimize(acc);
}

// Throughput: throughput_pass() repeated. One item is one instruction evaluated.
template <class F>
void throughput(benchmark::State& state, F f) {
    const Inputs& in = op_inputs();
    for (auto _ : state) throughput_pass(in, f);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(kOpElements));
}

// Latency: each result is the next call's a, so calls cannot overlap.
template <class F>
void latency(benchmark::State& state, F f) {
    const Inputs& in = op_inputs();
    const u32* b = in.b.data();
    const u32* c = in.c.data();
    u32 x = in.a[0];
    for (auto _ : state) {
        for (std::size_t i = 0; i < kOpElements; ++i) {
            x = f(x, b[i], c[i]);
            // Hides x from the optimizer without touching memory: otherwise a
            // chain of plain adds is reassociated into a vectorized sum of b
            // and no longer measures latency.
            asm volatile("" : "+r"(x));
        }
        benchmark::DoNotOptimize(x);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(kOpElements));
}

// The array forms: f(a, b, c, d, n) over the per-op inputs, each d[i]
// compared with the interpreter.
template <class G>
bool array_matches_interpreter(const std::string& what, const std::string& text, const ptxv::Instr& in, G g) {
    const Inputs& v = op_inputs();
    std::vector<u32> d(kOpElements);
    g(v.a.data(), v.b.data(), v.c.data(), d.data(), kOpElements);
    for (std::size_t i = 0; i < kOpElements; ++i) {
        const u32 want = ptxv::interpret(in, v.a[i], v.b[i], v.c[i]);
        if (d[i] != want) {
            report_mismatch(what, text, v.a[i], v.b[i], v.c[i], d[i], want);
            return false;
        }
    }
    return true;
}

// One call of g (taking a, b, c, d, n) over the given arrays, as a pass that
// takes no arguments (for paired()).
template <class G>
auto bind_pass(G g, const u32* a, const u32* b, const u32* c, u32* d, std::size_t n) {
    return [g, a, b, c, d, n]() mutable { g(a, b, c, d, n); };
}

// bind_pass() over the per-op inputs, writing the shared output array: the
// pass that array_throughput() repeats and that paired() times.
template <class G>
auto array_pass(G g) {
    const Inputs& in = op_inputs();
    return bind_pass(g, in.a.data(), in.b.data(), in.c.data(), output(kOpElements), kOpElements);
}

// Array throughput: array_pass() repeated; the stores are what is consumed.
// One item is one instruction evaluated, as in throughput().
template <class G>
void array_throughput(benchmark::State& state, G g) {
    auto pass = array_pass(g);
    for (auto _ : state) {
        pass();
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(kOpElements));
}

// Paired timing, for the ratios the targets bound: `subject` and each of the
// `references` (each one call over the same arrays, `items` elements) run in
// turn in slices of about 20 us within one benchmark, each slice timed on its
// own. A slow phase of the shared machine (another guest on the core, a
// frequency step) then falls on both sides of a ratio, where separate
// benchmarks, even interleaved, can catch it on one side only. The
// benchmark's time is the subject's (its registration needs UseManualTime());
// counter "vs_ref" is the median over rounds of subject time / first
// reference's time, "vs_ref2" the same for a second reference, "ref_ns" the
// first reference's ns per item. Whether the subject runs first or last
// alternates from round to round. Returns the items processed (already set on
// the state).
template <class S, class... R>
std::int64_t paired(benchmark::State& state, std::size_t items, S subject, R... references) {
    static_assert(sizeof...(R) >= 1 && sizeof...(R) <= 2, "one or two references");
    constexpr std::size_t kRefs = sizeof...(R);
    using Clock = std::chrono::steady_clock;
    const auto slice = [](auto& f, std::size_t calls) {
        const Clock::time_point start = Clock::now();
        for (std::size_t k = 0; k < calls; ++k) {
            f();
            benchmark::ClobberMemory();
        }
        return std::chrono::duration<double>(Clock::now() - start).count();
    };
    // Calls per slice, from the second of two warm-up calls of each: the
    // first may pay for faulting pages in or filling caches, which would
    // leave the slices a call or two long and the ratio the clock's.
    double one = 0;
    for (int warm = 0; warm < 2; ++warm) {
        one = slice(subject, 1);
        ((one = std::max(one, slice(references, 1))), ...);
    }
    const auto calls = static_cast<std::size_t>(std::clamp(20e-6 / std::max(one, 1e-9), 1.0, 4096.0));
    std::vector<double> ratios[kRefs];
    double first_reference_s = 0;
    bool subject_first = true;
    for (auto _ : state) {
        double s = 0, r[kRefs] = {};
        if (subject_first) s = slice(subject, calls);
        std::size_t k = 0;
        ((r[k++] = slice(references, calls)), ...);
        if (!subject_first) s = slice(subject, calls);
        subject_first = !subject_first;
        state.SetIterationTime(s);
        for (std::size_t i = 0; i < kRefs; ++i) ratios[i].push_back(s / r[i]);
        first_reference_s += r[0];
    }
    const auto n = static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(calls) *
                   static_cast<std::int64_t>(items);
    state.SetItemsProcessed(n);
    if (n == 0) return n;
    const char* const names[] = {"vs_ref", "vs_ref2"};
    for (std::size_t i = 0; i < kRefs; ++i) {
        const auto mid = ratios[i].begin() + static_cast<std::ptrdiff_t>(ratios[i].size() / 2);
        std::nth_element(ratios[i].begin(), mid, ratios[i].end());
        state.counters[names[i]] = *mid;
    }
    state.counters["ref_ns"] = first_reference_s * 1e9 / static_cast<double>(n);
    return n;
}

// array_pass() of g paired() with array_pass() of a reference of the same
// signature.
template <class G, class F>
void array_paired(benchmark::State& state, G g, F reference) {
    paired(state, kOpElements, array_pass(g), array_pass(reference));
}

// Registers one benchmark. `error` non-null: the measured function disagrees
// with the interpreter, so the benchmark reports that instead of a time.
// Returns the registration, for a body that needs more (paired(): manual time).
template <class Body>
benchmark::internal::Benchmark* reg(const std::string& name, const std::string& label, const char* error, Body body) {
    return benchmark::RegisterBenchmark(name.c_str(), [label, error, body](benchmark::State& state) {
        if (error != nullptr) {
            state.SkipWithError(error);
            return;
        }
        state.SetLabel(label);
        body(state);
    });
}

// Registration entry points, one per source file; bench_main.cpp calls them.
void register_ops();
void register_references();
void register_batch();
void register_cuda();

}  // namespace ptxv_bench
