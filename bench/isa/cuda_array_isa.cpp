// One target's table of cuda_array_isa.hpp: the build names the target with
// PTXV_BENCH_CUDA_ISA (baseline, avx2, avx512) and compiles this unit with the
// target's flags (none for the baseline); a wider target also gives its vector
// width in bytes, PTXV_BENCH_CUDA_BYTES.
#include "cuda_array_isa.hpp"

#include "ptxv_cuda_array.hpp"

#if defined(PTXV_BENCH_CUDA_BYTES)
static_assert(PTXV_ARRAY_BYTES == PTXV_BENCH_CUDA_BYTES,
              "the kernel library did not take the target this unit is built for");
#endif

#define PTXV_BENCH_CAT2(a, b) a##b
#define PTXV_BENCH_CAT(a, b) PTXV_BENCH_CAT2(a, b)
#define PTXV_BENCH_STR2(a) #a
#define PTXV_BENCH_STR(a) PTXV_BENCH_STR2(a)

namespace ptxv_bench {
namespace {

using u32 = std::uint32_t;

#define PTXV_BENCH_FORM_1(f) \
    void f(const u32* a, const u32*, const u32*, u32* d, std::size_t n) noexcept { ptxv::cuda::array::f(a, d, n); }
#define PTXV_BENCH_FORM_2(f)                                                     \
    void f(const u32* a, const u32* b, const u32*, u32* d, std::size_t n) noexcept { \
        ptxv::cuda::array::f(a, b, d, n);                                         \
    }
// __sad's a and b are int: int and unsigned int may alias each other's objects.
template <class X, class Y>
void call3(void (*g)(const X*, const Y*, const u32*, u32*, std::size_t) noexcept, const u32* a, const u32* b,
           const u32* c, u32* d, std::size_t n) noexcept {
    g(reinterpret_cast<const X*>(a), reinterpret_cast<const Y*>(b), c, d, n);
}
#define PTXV_BENCH_FORM_3(f) \
    void f(const u32* a, const u32* b, const u32* c, u32* d, std::size_t n) noexcept { call3(ptxv::cuda::array::f, a, b, c, d, n); }
#define PTXV_BENCH_FORM(f, arity) PTXV_BENCH_FORM_##arity(f)
PTXV_CUDA_ARRAY_FORMS(PTXV_BENCH_FORM)

// Out of line like the array forms: one call per array for both.
__attribute__((noinline)) void floor_loop(const u32* a, const u32* b, const u32*, u32* d, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) d[i] = a[i] + b[i];
}

#define PTXV_BENCH_NAME(f, arity) "__" #f,
#define PTXV_BENCH_POINTER(f, arity) &f,
const char* const kNames[] = {PTXV_CUDA_ARRAY_FORMS(PTXV_BENCH_NAME)};
const CudaArrayFn kForms[] = {PTXV_CUDA_ARRAY_FORMS(PTXV_BENCH_POINTER)};
static_assert(sizeof kNames / sizeof kNames[0] == sizeof kForms / sizeof kForms[0], "one name per form");

}  // namespace

CudaArrayTarget PTXV_BENCH_CAT(cuda_array_, PTXV_BENCH_CUDA_ISA)() noexcept {
    return {PTXV_BENCH_STR(PTXV_BENCH_CUDA_ISA), kNames, kForms, sizeof kForms / sizeof kForms[0], &floor_loop};
}

}  // namespace ptxv_bench
