// CUDA's SIMD intrinsics (generated/ptxv_cuda.hpp, ptxv_cuda_array.hpp), on the
// L1-resident per-op inputs (kOpElements words each):
//   BM_cuda_direct/<name>   the per-word function inlined in a loop, as in a
//                           consumer's code (throughput, like BM_direct)
//   BM_cuda_array/<name>    the array form, one call writing d[i], paired with
//                           BM_cuda_floor's loop (counter vs_ref: the ratio);
//                           both from isa/cuda_array_isa.cpp built with the
//                           build's own flags
//   BM_cuda_perlane/<name>  a straightforward per-lane loop of the same
//                           intrinsic, as CPU ports write them: each lane taken
//                           out with a shift and a mask, extended, computed in
//                           int, clamped with an if, put back; for one
//                           intrinsic of each kind of operation
//   BM_cuda_floor/a+b       the bare loop d[i] = a[i] + b[i] over the same
//                           arrays, the floor of any two-input array form
//   BM_cuda_array_<isa>/<name>, BM_cuda_floor_<isa>/a+b
//                           the array form and the bare loop built for a wider
//                           target (avx2, avx512; isa/cuda_array_isa.hpp), where
//                           the CPU has it; each array form paired with
//                           the bare loop of its own target
//   BM_cuda_peer/<name>/<peer>
//                           ptxv's per-word form paired with another
//                           project's formulation of it (peers.hpp), both
//                           inlined into BM_cuda_direct's summing loop
//                           (vs_ref: ptxv's time / the peer's); peer
//                           "ptxv_itself" pairs ptxv's form with itself,
//                           the pairing's own noise
//   BM_cuda_dispatch/<name> libptxv's array form (ptxv_cuda_dispatch.hpp), on
//                           the widest target the CPU has, called from this
//                           baseline build: paired with BM_cuda_floor's loop
//                           (vs_ref, what the caller's own loop costs) and
//                           with the bare loop of the target it ran on, where
//                           a wider one ran (vs_ref2; else the same loop)
// The array forms and the per-lane loops are first checked word for word
// against the per-word functions, which the tests prove against the
// interpreter and against CUDA's documented words.

#include <cstddef>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench_common.hpp"
#include "isa/cuda_array_isa.hpp"
#include "peers.hpp"
#include "ptxv_cuda_array.hpp"
#include "ptxv_cuda_dispatch.hpp"

namespace ptxv_bench {
namespace {

// ---- the per-lane formulation
template <int Lanes> constexpr int kBits = 32 / Lanes;
template <int Lanes, bool Signed> int lane(u32 x, int i) {
    const int bits = kBits<Lanes>;
    const u32 v = (x >> (bits * i)) & ((1u << bits) - 1u);
    if (Signed && (v >> (bits - 1)) != 0) return static_cast<int>(v) - (1 << bits);
    return static_cast<int>(v);
}
template <int Lanes, bool Signed, class Op> u32 per_lane(u32 a, u32 b, Op op) {
    u32 d = 0;
    for (int i = 0; i < Lanes; ++i) {
        const int r = op(lane<Lanes, Signed>(a, i), lane<Lanes, Signed>(b, i));
        d |= (static_cast<u32>(r) & ((1u << kBits<Lanes>) - 1u)) << (kBits<Lanes> * i);
    }
    return d;
}
template <int Lanes, bool Signed> int sat(int t) {
    const int hi = Signed ? (1 << (kBits<Lanes> - 1)) - 1 : (1 << kBits<Lanes>) - 1;
    const int lo = Signed ? -(1 << (kBits<Lanes> - 1)) : 0;
    if (t > hi) t = hi;
    if (t < lo) t = lo;
    return t;
}
template <int Lanes, bool Signed> u32 sum_abs_diff(u32 a, u32 b) {
    u32 s = 0;
    for (int i = 0; i < Lanes; ++i) s += static_cast<u32>(std::abs(lane<Lanes, Signed>(a, i) - lane<Lanes, Signed>(b, i)));
    return s;
}

u32 pl_vadd4(u32 a, u32 b) { return per_lane<4, false>(a, b, [](int x, int y) { return x + y; }); }
u32 pl_vaddss4(u32 a, u32 b) { return per_lane<4, true>(a, b, [](int x, int y) { return sat<4, true>(x + y); }); }
u32 pl_vsubus2(u32 a, u32 b) { return per_lane<2, false>(a, b, [](int x, int y) { return sat<2, false>(x - y); }); }
u32 pl_vavgu4(u32 a, u32 b) { return per_lane<4, false>(a, b, [](int x, int y) { return (x + y + 1) >> 1; }); }
u32 pl_vavgs2(u32 a, u32 b) {
    return per_lane<2, true>(a, b, [](int x, int y) { return x + y < 0 ? (x + y) >> 1 : (x + y + 1) >> 1; });
}
u32 pl_vhaddu4(u32 a, u32 b) { return per_lane<4, false>(a, b, [](int x, int y) { return (x + y) >> 1; }); }
u32 pl_vcmpgtu4(u32 a, u32 b) { return per_lane<4, false>(a, b, [](int x, int y) { return x > y ? 0xff : 0; }); }
u32 pl_vcmples2(u32 a, u32 b) { return per_lane<2, true>(a, b, [](int x, int y) { return x <= y ? 0xffff : 0; }); }
u32 pl_vsetne4(u32 a, u32 b) { return per_lane<4, false>(a, b, [](int x, int y) { return x != y ? 1 : 0; }); }
u32 pl_vabsdiffu4(u32 a, u32 b) { return per_lane<4, false>(a, b, [](int x, int y) { return std::abs(x - y); }); }
u32 pl_vmaxs2(u32 a, u32 b) { return per_lane<2, true>(a, b, [](int x, int y) { return x > y ? x : y; }); }
u32 pl_vminu4(u32 a, u32 b) { return per_lane<4, false>(a, b, [](int x, int y) { return x < y ? x : y; }); }
u32 pl_vsadu4(u32 a, u32 b) { return sum_abs_diff<4, false>(a, b); }
u32 pl_vsads2(u32 a, u32 b) { return sum_abs_diff<2, true>(a, b); }
u32 pl_vabsss4(u32 a, u32) { return per_lane<4, true>(a, 0u, [](int x, int) { return sat<4, true>(std::abs(x)); }); }
u32 pl_vneg2(u32 a, u32) { return per_lane<2, true>(a, 0u, [](int x, int) { return -x; }); }

// ---- __sad (int, int, unsigned int) and __usad (unsigned int x 3) alike
template <class X, class Y> PTXV_FI u32 word3(u32 (*f)(X, Y, u32) noexcept, u32 a, u32 b, u32 c) noexcept {
    return f(static_cast<X>(a), static_cast<Y>(b), c);
}
// int and unsigned int may alias each other's objects.
template <class X, class Y>
PTXV_FI void array3(void (*f)(const X*, const Y*, const u32*, u32*, std::size_t) noexcept, const u32* a, const u32* b,
                    const u32* c, u32* d, std::size_t n) noexcept {
    f(reinterpret_cast<const X*>(a), reinterpret_cast<const Y*>(b), c, d, n);
}

// ---- measuring
// g(a, b, d, n) writes d; it must equal word(a[i], b[i]) everywhere.
template <class G, class Word> bool array_agrees(const std::string& what, const std::string& name, G g, Word word) {
    const Inputs& v = op_inputs();
    std::vector<u32> d(kOpElements);
    g(v.a.data(), v.b.data(), v.c.data(), d.data(), kOpElements);
    for (std::size_t i = 0; i < kOpElements; ++i) {
        const u32 want = word(v.a[i], v.b[i], v.c[i]);
        if (d[i] != want) {
            report_mismatch(what, name, v.a[i], v.b[i], v.c[i], d[i], want);
            return false;
        }
    }
    return true;
}

// The array forms and floors of isa/cuda_array_isa.hpp: the build's own
// (first), then each wider target this CPU has. Every array form is an
// out-of-line call like its floor: inlined into paired()'s timing loop
// instead, the same inner loop (instruction for instruction) measured 1.1x to
// 1.6x the floor as -falign-loops moved the code around it (16, 32, 64
// bytes), the ratio the placement's, not the form's.
std::vector<CudaArrayTarget> array_targets() {
    std::vector<CudaArrayTarget> out{cuda_array_baseline()};
#if defined(PTXV_BENCH_CUDA_TARGETS)
    if (__builtin_cpu_supports("avx2")) out.push_back(cuda_array_avx2());
    if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")) out.push_back(cuda_array_avx512());
#endif
    return out;
}

// "cuda_array", "cuda_floor" for the build's own target; with "_avx2" ...
// appended for a wider one.
std::string series(const char* what, const CudaArrayTarget& t, const CudaArrayTarget& own) {
    return &t == &own ? what : std::string(what) + "_" + t.isa;
}

// The bare loop of the target the dispatched forms run on: a wider
// target's (an AVX-512 one serves VBMI too: the loop needs no VBMI), else
// the build's own.
CudaArrayFn dispatch_floor(const std::vector<CudaArrayTarget>& targets) {
    const std::string target = ptxv::cuda::dispatch::target();
    CudaArrayFn floor = targets.front().floor;
    for (std::size_t k = 1; k < targets.size(); ++k)
        if (target.rfind(targets[k].isa, 0) == 0) floor = targets[k].floor;
    return floor;
}

// Registers the per-word form and the array forms of one intrinsic: each
// target's, checked word for word against the per-word form first, and
// libptxv's dispatched one. Each array form runs paired with the bare loop of
// its own build (paired(), bench_common.hpp): that ratio is the target's; the
// dispatched one with the build's own loop and with floor, dispatch_floor().
template <class Word, class Dispatched>
void add_intrinsic(const std::vector<CudaArrayTarget>& targets, CudaArrayFn floor, const std::string& name,
                   Word word, Dispatched dispatched) {
    reg("BM_cuda_direct/" + name, "cuda", nullptr, [word](benchmark::State& s) { throughput(s, word); });
    const char* dispatch_error =
        array_agrees("cuda_dispatch", name, dispatched, word) ? nullptr : "dispatched form differs from the per-word form";
    const CudaArrayFn own = targets.front().floor;
    reg("BM_cuda_dispatch/" + name, std::string("cuda ") + ptxv::cuda::dispatch::target(), dispatch_error,
        [dispatched, own, floor](benchmark::State& s) {
            paired(s, kOpElements, array_pass(dispatched), array_pass(own), array_pass(floor));
        })->UseManualTime();
    for (const CudaArrayTarget& t : targets) {
        const std::string kind = series("cuda_array", t, targets.front());
        CudaArrayFn f = nullptr;
        for (std::size_t k = 0; k < t.count; ++k)
            if (name == t.names[k]) f = t.forms[k];
        const char* error = f == nullptr                     ? "the target's table has no such intrinsic"
                            : array_agrees(kind, name, f, word) ? nullptr
                                                                : "array form differs from the per-word form";
        const CudaArrayFn floor = t.floor;
        reg("BM_" + kind + "/" + name, "cuda", error, [f, floor](benchmark::State& s) {
            array_paired(s, f, floor);
        })->UseManualTime();
    }
}

template <class Word, class PerLane> void add_perlane(const std::string& name, Word word, PerLane pl) {
    const auto g = [pl](const u32* a, const u32* b, const u32*, u32* d, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) d[i] = pl(a[i], b[i]);
    };
    const char* error = array_agrees("cuda_perlane", name, g, word) ? nullptr : "per-lane loop differs from the per-word form";
    reg("BM_cuda_perlane/" + name, "cuda", error, [g](benchmark::State& s) { array_throughput(s, g); });
}

template <class Word, class Peer>
void add_peer(const std::string& name, const std::string& peer, Word word, Peer peer_word) {
    const auto g = [peer_word](const u32* a, const u32* b, const u32* c, u32* d, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) d[i] = peer_word(a[i], b[i], c[i]);
    };
    const char* error = array_agrees("cuda_peer", name + "/" + peer, g, word) ? nullptr : "the peer's formulation differs from ptxv's";
    reg("BM_cuda_peer/" + name + "/" + peer, "cuda peer", error, [word, peer_word](benchmark::State& s) {
        const Inputs& in = op_inputs();
        paired(s, kOpElements, [&in, f = word]() mutable { throughput_pass(in, f); },
               [&in, f = peer_word]() mutable { throughput_pass(in, f); });
    })->UseManualTime();
}

}  // namespace

// Each per-word form is its own lambda type, so it inlines into the loop.
// The dispatched array form in the signature of the bench's arrays.
#define PTXV_CUDA_BENCH_ARRAY_1(f) \
    [](const u32* a, const u32*, const u32*, u32* d, std::size_t n) noexcept { ptxv::cuda::dispatch::f(a, d, n); }
#define PTXV_CUDA_BENCH_ARRAY_2(f) \
    [](const u32* a, const u32* b, const u32*, u32* d, std::size_t n) noexcept { ptxv::cuda::dispatch::f(a, b, d, n); }
#define PTXV_CUDA_BENCH_ARRAY_3(f)                                                     \
    [](const u32* a, const u32* b, const u32* c, u32* d, std::size_t n) noexcept { \
        array3(ptxv::cuda::dispatch::f, a, b, c, d, n);                               \
    }
#define PTXV_CUDA_BENCH_WORD_1(f) [](u32 a, u32, u32) noexcept { return ptxv::cuda::f(a); }
#define PTXV_CUDA_BENCH_WORD_2(f) [](u32 a, u32 b, u32) noexcept { return ptxv::cuda::f(a, b); }
#define PTXV_CUDA_BENCH_WORD_3(f) [](u32 a, u32 b, u32 c) noexcept { return word3(ptxv::cuda::f, a, b, c); }
#define PTXV_CUDA_BENCH(f, arity)                                                      \
    add_intrinsic(targets, dispatched_floor, "__" #f, PTXV_CUDA_BENCH_WORD_##arity(f), \
                  PTXV_CUDA_BENCH_ARRAY_##arity(f));

void register_cuda() {
    const std::vector<CudaArrayTarget> targets = array_targets();
    const CudaArrayFn dispatched_floor = dispatch_floor(targets);
    for (const CudaArrayTarget& t : targets) {
        const CudaArrayFn floor = t.floor;
        reg("BM_" + series("cuda_floor", t, targets.front()) + "/a+b", "floor", nullptr,
            [floor](benchmark::State& s) { array_throughput(s, floor); });
    }
    PTXV_CUDA_ARRAY_FORMS(PTXV_CUDA_BENCH)

    const auto word = [](auto f) { return [f](u32 a, u32 b, u32) { return f(a, b); }; };
    add_perlane("__vadd4", word([](u32 a, u32 b) { return ptxv::cuda::vadd4(a, b); }), pl_vadd4);
    add_perlane("__vaddss4", word([](u32 a, u32 b) { return ptxv::cuda::vaddss4(a, b); }), pl_vaddss4);
    add_perlane("__vsubus2", word([](u32 a, u32 b) { return ptxv::cuda::vsubus2(a, b); }), pl_vsubus2);
    add_perlane("__vavgu4", word([](u32 a, u32 b) { return ptxv::cuda::vavgu4(a, b); }), pl_vavgu4);
    add_perlane("__vavgs2", word([](u32 a, u32 b) { return ptxv::cuda::vavgs2(a, b); }), pl_vavgs2);
    add_perlane("__vhaddu4", word([](u32 a, u32 b) { return ptxv::cuda::vhaddu4(a, b); }), pl_vhaddu4);
    add_perlane("__vcmpgtu4", word([](u32 a, u32 b) { return ptxv::cuda::vcmpgtu4(a, b); }), pl_vcmpgtu4);
    add_perlane("__vcmples2", word([](u32 a, u32 b) { return ptxv::cuda::vcmples2(a, b); }), pl_vcmples2);
    add_perlane("__vsetne4", word([](u32 a, u32 b) { return ptxv::cuda::vsetne4(a, b); }), pl_vsetne4);
    add_perlane("__vabsdiffu4", word([](u32 a, u32 b) { return ptxv::cuda::vabsdiffu4(a, b); }), pl_vabsdiffu4);
    add_perlane("__vmaxs2", word([](u32 a, u32 b) { return ptxv::cuda::vmaxs2(a, b); }), pl_vmaxs2);
    add_perlane("__vminu4", word([](u32 a, u32 b) { return ptxv::cuda::vminu4(a, b); }), pl_vminu4);
    add_perlane("__vsadu4", word([](u32 a, u32 b) { return ptxv::cuda::vsadu4(a, b); }), pl_vsadu4);
    add_perlane("__vsads2", word([](u32 a, u32 b) { return ptxv::cuda::vsads2(a, b); }), pl_vsads2);
    add_perlane("__vabsss4", word([](u32 a, u32) { return ptxv::cuda::vabsss4(a); }), pl_vabsss4);
    add_perlane("__vneg2", word([](u32 a, u32) { return ptxv::cuda::vneg2(a); }), pl_vneg2);

    namespace nv = peers::nvidia_swar;
    const auto vaddus4 = word([](u32 a, u32 b) { return ptxv::cuda::vaddus4(a, b); });
    const auto vsubss4 = word([](u32 a, u32 b) { return ptxv::cuda::vsubss4(a, b); });
    const auto vmaxs2 = word([](u32 a, u32 b) { return ptxv::cuda::vmaxs2(a, b); });
    add_peer("__vaddus4", "nvidia_swar", vaddus4, word([](u32 a, u32 b) { return nv::vaddus4(a, b); }));
    add_peer("__vsubss4", "nvidia_swar", vsubss4, word([](u32 a, u32 b) { return nv::vsubss4(a, b); }));
    add_peer("__vmaxs2", "nvidia_swar", vmaxs2, word([](u32 a, u32 b) { return nv::vmaxs2(a, b); }));
    add_peer("__vsubss4", "byte_loop", vsubss4, word([](u32 a, u32 b) { return peers::byte_loop::vsubss4(a, b); }));
    add_peer("__vaddus4", "ptxv_itself", vaddus4, word([](u32 a, u32 b) { return ptxv::cuda::vaddus4(a, b); }));
    add_peer("__vhaddu4", "from_vavrg", word([](u32 a, u32 b) { return ptxv::cuda::vhaddu4(a, b); }),
             word([](u32 a, u32 b) { return peers::from_vavrg::vhaddu4(a, b); }));
    add_peer("__vhaddu2", "from_vavrg", word([](u32 a, u32 b) { return ptxv::cuda::vhaddu2(a, b); }),
             word([](u32 a, u32 b) { return peers::from_vavrg::vhaddu2(a, b); }));
}

}  // namespace ptxv_bench
