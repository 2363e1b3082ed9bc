// CUDA's intrinsics in array form, each a function of its own, with a bare
// d[i] = a[i] + b[i] loop, the floor, beside them: cuda_array_isa.cpp,
// compiled once per target (bench/CMakeLists.txt: the build's own flags; -mavx2;
// -mavx512bw -mavx512vl) as a user's code built with those flags gets them.
// Every array form and its floor are so one out-of-line call per pass, their
// loops placed alike (-falign-loops), whatever the target. Only plain function
// pointers cross between the units, so no inline function compiled for a
// wider target can stand in for a baseline one; bench_cuda.cpp calls a wider
// target's only where the CPU has it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ptxv_bench {

// a, b, c as CUDA's argument order reads them (an intrinsic of one or two
// arguments ignores the rest), then d and n.
using CudaArrayFn = void (*)(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                             std::uint32_t* d, std::size_t n);

struct CudaArrayTarget {
    const char* isa;           // "baseline", "avx2", "avx512"; the benchmark names'
                               // suffix, but for the baseline's
    const char* const* names;  // "__vadd2", ... in PTXV_CUDA_ARRAY_FORMS order
    const CudaArrayFn* forms;
    std::size_t count;
    CudaArrayFn floor;  // d[i] = a[i] + b[i]
};

CudaArrayTarget cuda_array_baseline() noexcept;
CudaArrayTarget cuda_array_avx2() noexcept;
CudaArrayTarget cuda_array_avx512() noexcept;

}  // namespace ptxv_bench
