// The hand-written parts of generated/ptxv_cuda.hpp and ptxv_cuda_compat.hpp:
// the post-steps of the spec's cuda_intrinsics table (what turns a video
// instruction's d into a CUDA intrinsic's result where the two differ) and the
// guard that keeps CUDA's own spellings out of nvcc's device pass. ptxv-gen
// copies each region verbatim; generator/primitives/check/cuda.cpp compiles
// them on their own.
#pragma once

#include "lanes.hpp"

namespace ptxv::cuda {

// ptxv-gen: begin post
// Post-steps (spec key `post`), in namespace ptxv::cuda::post, on one word.
// The array forms (ptxv_cuda_array.hpp) fold them into their lane plans
// instead (generator/lower.cpp, intrinsic_plans).
namespace post {
// vset's lanes are 0 or 1, __vcmp*'s are 0 or all ones: d * (2^w - 1), which
// cannot carry from one lane into the next because no lane exceeds 1.
// Where half-word lanes are packed instructions (AMD GPUs, ptxv.hpp's
// PTXV_LANES_PK16), 0 - d in each lane.
template <int Lanes> PTXV_FI constexpr std::uint32_t lanes_to_mask(std::uint32_t d) noexcept {
    static_assert(Lanes == 2 || Lanes == 4, "SIMD lanes only");
#if defined(PTXV_LANES_PK16) && PTXV_LANES_PK16
    if constexpr (Lanes == 2) return ptxv::detail::lanes<2>::sub(0u, d);
#endif
    return (d << (32 / Lanes)) - d;
}
// vavrg rounds an unsigned average up; rounded down it is one less in the
// lanes where a + b is odd. The loader allows this post-step only after
// vavrg.u32.u32.u32 of a and b themselves (no selector, mask, .sat or .add),
// so the value is computed from a and b, as (a & b) plus half of a ^ b,
// and d's own instructions go: 5 on a word of bytes, where d less those
// lanes took 7, and 4 on AMD's packed half-words.
template <int Lanes> PTXV_FI constexpr std::uint32_t round_down(std::uint32_t d, std::uint32_t a, std::uint32_t b) noexcept {
    static_assert(Lanes == 2 || Lanes == 4, "SIMD lanes only");
    static_cast<void>(d);
    return ::ptxv::detail::lanes<Lanes>::avgd(a, b);
}
}  // namespace post
// ptxv-gen: end post

}  // namespace ptxv::cuda

// ptxv-gen: begin compat_guard
// nvcc compiles a .cu file twice. Its device pass (__CUDA_ARCH__ defined) keeps
// CUDA's own intrinsics; its host pass, which sees CUDA's __device__
// declarations of the same names, gets these as explicitly __host__ functions,
// which nvcc accepts beside them. HIP (hipcc, clang -x hip) has none of the
// SIMD intrinsics in its device library, so those are host and device
// functions there; it has __sad and __usad, whose device forms stay HIP's,
// beside these for its host pass (PTXV_CUDA_COMPAT_HOST_FN). The attributes
// are clang's own spelling: under -nogpuinc no header defines __host__ and
// __device__. Plain C++ compilers get inline functions.
#if defined(__HIP__)
#define PTXV_CUDA_COMPAT_FN __attribute__((host, device)) inline
#define PTXV_CUDA_COMPAT_HOST_FN __attribute__((host)) inline
#elif defined(__CUDACC__) && !defined(__CUDA_ARCH__)
#define PTXV_CUDA_COMPAT_FN __host__ inline
#define PTXV_CUDA_COMPAT_HOST_FN __host__ inline
#elif !defined(__CUDACC__)
#define PTXV_CUDA_COMPAT_FN inline
#define PTXV_CUDA_COMPAT_HOST_FN inline
#endif
// ptxv-gen: end compat_guard
