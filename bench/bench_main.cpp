// ptxv_bench: Google Benchmark over the interpreter, the run-time dispatch,
// the generated functions, hand-written reference formulations and the batch
// API. bench/report turns its JSON output into docs/performance.md.

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "bench_common.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv_tables.hpp"

namespace ptxv_bench {
namespace {

// a and c are uniform. Each byte of b repeats the same byte of a one time in
// four, so equality compares, zero differences and exact ties occur instead
// of almost never.
void fill(Buffer& a, Buffer& b, Buffer& c, std::size_t n, std::uint64_t seed) {
    a.assign(n, 0);
    b.assign(n, 1);
    c.assign(n, 2);
    ptxv::SplitMix64 r(seed);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t x = r.next();
        const std::uint64_t y = r.next();
        const u32 av = static_cast<u32>(x);
        u32 bv = static_cast<u32>(x >> 32);
        for (int k = 0; k < 4; ++k) {
            if (((y >> (2 * k)) & 3) == 0) {
                const u32 m = 0xffu << (8 * k);
                bv = (bv & ~m) | (av & m);
            }
        }
        a[i] = av;
        b[i] = bv;
        c[i] = static_cast<u32>(y >> 32);
    }
}

std::map<std::size_t, std::unique_ptr<Arrays>>& array_store() {
    static std::map<std::size_t, std::unique_ptr<Arrays>> store;
    return store;
}

Arrays& arrays_mut(std::size_t n) {
    auto& slot = array_store()[n];
    if (!slot) {
        slot = std::make_unique<Arrays>();
        fill(slot->a, slot->b, slot->c, n, 0x5eed0000u + n);
        slot->d.assign(n, 3);
    }
    return *slot;
}

int g_mismatches = 0;

}  // namespace

void Buffer::assign(std::size_t n, unsigned slot) {
    constexpr std::size_t kPage = 4096, kWordsPerPage = kPage / sizeof(u32);
    store_.assign(n + 2 * kWordsPerPage, 0);
    const auto base = reinterpret_cast<std::uintptr_t>(store_.data());
    const std::uintptr_t start = (base + kPage - 1) / kPage * kPage + slot * (kPage / 4);
    offset_ = static_cast<std::size_t>(start - base) / sizeof(u32);
    n_ = n;
}

const Inputs& op_inputs() {
    static const Inputs in = [] {
        Inputs v;
        fill(v.a, v.b, v.c, kOpElements, 0x5eedu);
        return v;
    }();
    return in;
}

const Arrays& arrays(std::size_t n) { return arrays_mut(n); }
u32* output(std::size_t n) { return arrays_mut(n).d.data(); }

void report_mismatch(const std::string& what, const std::string& text, u32 a, u32 b, u32 c, u32 got,
                     u32 want) {
    ++g_mismatches;
    std::fprintf(stderr, "MISMATCH %s '%s': a=0x%08x b=0x%08x c=0x%08x gives 0x%08x, interpreter 0x%08x\n",
                 what.c_str(), text.c_str(), a, b, c, got, want);
}

int mismatch_count() { return g_mismatches; }

bool decode(const std::string& text, ptxv::Instr* out) {
    std::string error;
    auto in = ptxv::try_parse(text, &error);
    if (!in) {
        ++g_mismatches;
        std::fprintf(stderr, "PARSE ERROR '%s': %s\n", text.c_str(), error.c_str());
        return false;
    }
    *out = *in;
    return true;
}

const char* family_of(const ptxv::Instr& in) { return ptxv::spec::kOpcodes[in.opcode].family; }

}  // namespace ptxv_bench

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::AddCustomContext("ptxv_op_elements", std::to_string(ptxv_bench::kOpElements));
    ptxv_bench::register_ops();
    ptxv_bench::register_references();
    ptxv_bench::register_batch();
    ptxv_bench::register_cuda();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (ptxv_bench::mismatch_count() != 0) {
        std::fprintf(stderr, "ptxv_bench: %d case(s) disagree with the interpreter; their benchmarks were skipped\n",
                     ptxv_bench::mismatch_count());
        return 1;
    }
    return 0;
}
