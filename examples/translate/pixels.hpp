// The interface of pixels.cu (the CUDA-style source with inline asm) and of
// reference.cpp (the same function in plain C++).
#pragma once

#include <cstdint>

#if !defined(__CUDACC__)
#define __device__
#define __forceinline__ inline
#endif

namespace pixels {

// Per frame: the output pixels and two sums.
struct Totals {
    std::uint32_t sad = 0;       // sum of |cur - ref| over every byte
    std::uint32_t contrast = 0;  // sum of the clamped half-word differences
};

// For each of n RGBA pixels (one byte per channel, red in byte 0) of the
// current and the reference frame: the average of the two brightened where
// they differ by more than 8 in a channel and darkened where not, its alpha
// set to the current pixel's luma; and the frame's totals.
__device__ Totals process(const std::uint32_t* cur, const std::uint32_t* ref, std::uint32_t* out, int n);

// The same, written plainly, one channel at a time.
Totals process_reference(const std::uint32_t* cur, const std::uint32_t* ref, std::uint32_t* out, int n);

}  // namespace pixels
