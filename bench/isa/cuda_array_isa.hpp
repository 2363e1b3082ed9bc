// CUDA's intrinsics in array form built for a wider target than the rest of
// ptxv_bench: cuda_array_isa.cpp, compiled once per target (bench/CMakeLists.txt:
// -mavx2; -mavx512bw -mavx512vl), as a user's code built with those flags
// gets them, with that target's bare d[i] = a[i] + b[i] loop as the floor.
// Only plain function pointers cross between the units, so no inline function
// compiled for the wider target can stand in for a baseline one; bench_cuda.cpp
// calls them where the CPU has the target.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ptxv_bench {

// a, b, c as CUDA's argument order reads them (an intrinsic of one or two
// arguments ignores the rest), then d and n.
using CudaArrayFn = void (*)(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                             std::uint32_t* d, std::size_t n);

struct CudaArrayTarget {
    const char* isa;           // "avx2", "avx512": the benchmark names' suffix
    const char* const* names;  // "__vadd2", ... in PTXV_CUDA_ARRAY_FORMS order
    const CudaArrayFn* forms;
    std::size_t count;
    CudaArrayFn floor;  // d[i] = a[i] + b[i]
};

CudaArrayTarget cuda_array_avx2() noexcept;
CudaArrayTarget cuda_array_avx512() noexcept;

}  // namespace ptxv_bench
