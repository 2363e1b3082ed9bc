// A CUDA-style image routine written the way encoders and image libraries
// write it: helpers around inline-asm video instructions on packed pixels,
// and a kernel-like function that uses them. `ptxv translate` turns it into
// portable C++; `ptxv translate --guard` into a file that still builds for
// the GPU with its asm (see README.md beside this file).
#include <cstdint>

#include "pixels.hpp"

namespace pixels {

typedef unsigned int u32;

// Channel-wise arithmetic on four unsigned bytes.
__device__ __forceinline__ u32 add_sat_u8x4(u32 a, u32 b) {
    u32 d;
    asm("vadd4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0u));
    return d;
}
__device__ __forceinline__ u32 sub_sat_u8x4(u32 a, u32 b) {
    u32 d;
    asm("vsub4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0u));
    return d;
}
__device__ __forceinline__ u32 avg_u8x4(u32 a, u32 b) {
    u32 d;
    asm("vavrg4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0u));
    return d;
}
__device__ __forceinline__ u32 absdiff_u8x4(u32 a, u32 b) {
    u32 d;
    asm("vabsdiff4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0u));
    return d;
}
__device__ __forceinline__ u32 max_u8x4(u32 a, u32 b) {
    u32 d;
    asm("vmax4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0u));
    return d;
}
__device__ __forceinline__ u32 min_u8x4(u32 a, u32 b) {
    u32 d;
    asm("vmin4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0u));
    return d;
}
// 1 in each byte where a's byte is greater, else 0.
__device__ __forceinline__ u32 gt_u8x4(u32 a, u32 b) {
    u32 d;
    asm("vset4.u32.u32.gt %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0u));
    return d;
}
// acc + the sum of the four byte differences.
__device__ __forceinline__ u32 sad_u8x4(u32 a, u32 b, u32 acc) {
    u32 d;
    asm volatile("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(acc));
    return d;
}

// (77 R + 150 G + 29 B + 128) / 256, one byte-selected multiply-add a channel.
__device__ __forceinline__ u32 luma(u32 rgba) {
    u32 y;
    asm("{\n\t"
        ".reg .u32 t;\n\t"
        "vmad.u32.u32.u32 t, %1.b0, %2.b0, %3;\n\t"
        "vmad.u32.u32.u32 t, %1.b1, %2.b1, t;\n\t"
        "vmad.u32.u32.u32 t, %1.b2, %2.b2, t;\n\t"
        "vshr.u32.u32.u32.clamp %0, t, 8;\n\t"
        "}"
        : "=r"(y)
        : "r"(rgba), "r"(0x001d964du), "r"(128u));
    return y;
}
// The alpha byte replaced: min(alpha, 255) merged into byte 3.
__device__ __forceinline__ u32 with_alpha(u32 rgba, u32 alpha) {
    __asm__ __volatile__("vmin.u32.u32.u32 %0.b3, %1, %2, %0;" : "+r"(rgba) : "r"(alpha), "n"(255));
    return rgba;
}

// Signed half-word pairs: the difference, saturated, then clamped to
// [lo, hi] in each half.
__device__ __forceinline__ u32 diff_clamped_s16x2(u32 a, u32 b, u32 lo, u32 hi) {
    u32 d;
    asm("vsub2.s32.s32.s32.sat %0, %1, %2, %5;"
        "vmax2.s32.s32.s32 %0, %0, %3, %5;"
        "vmin2.s32.s32.s32 %0, %0, %4, %5;"
        : "=&r"(d)
        : "r"(a), "r"(b), "r"(lo), "r"(hi), "r"(0u));
    return d;
}
// |h1| + |h0| of a signed half-word pair, plus acc.
__device__ __forceinline__ u32 sum_abs_s16x2(u32 pair, u32 acc) {
    u32 d;
    asm("vabsdiff2.u32.s32.s32.add %0, %1, %2, %3;" : "=r"(d) : "r"(pair), "r"(0u), "r"(acc));
    return d;
}
// x << s, 0 from a shift of 32 on; then clamped to [lo, hi] as signed words.
__device__ __forceinline__ u32 shl_clamp(u32 x, u32 s) {
    u32 d;
    asm("vshl.u32.u32.u32.clamp %0, %1, %2;" : "=r"(d) : "r"(x), "r"(s));
    return d;
}
__device__ __forceinline__ int clamp_s32(int x, int lo, int hi) {
    int d;
    asm("vmin.s32.s32.s32.max %0, %1, %2, %3;" : "=r"(d) : "r"(x), "r"(hi), "r"(lo));
    return d;
}

// One pixel: the kernel's body.
__device__ __forceinline__ u32 pixel(u32 c, u32 r, Totals& t) {
    const u32 mean = avg_u8x4(c, r);
    const u32 diff = absdiff_u8x4(c, r);
    const u32 moved = gt_u8x4(diff, 0x08080808u) * 0xffu;  // 0xff in each channel that moved
    const u32 lit = add_sat_u8x4(mean, 0x10101010u);
    const u32 dim = sub_sat_u8x4(mean, 0x10101010u);
    u32 out = (lit & moved) | (dim & ~moved);
    // Never outside the two frames' range, channel by channel.
    out = max_u8x4(min_u8x4(out, max_u8x4(c, r)), min_u8x4(c, r));
    t.sad = sad_u8x4(c, r, t.sad);
    const u32 halves = diff_clamped_s16x2(c, r, 0xfc18fc18u, 0x03e803e8u);  // each half in [-1000, 1000]
    t.contrast = sum_abs_s16x2(halves, t.contrast);
    const int boost = clamp_s32(static_cast<int>(shl_clamp(luma(c), c >> 30)), 16, 235);
    return with_alpha(out, static_cast<u32>(boost));
}

__device__ Totals process(const std::uint32_t* cur, const std::uint32_t* ref, std::uint32_t* out, int n) {
    Totals t;
    for (int i = 0; i < n; ++i) out[i] = pixel(cur[i], ref[i], t);
    return t;
}

#if defined(__CUDACC__)
// On the GPU: one row of pixels a thread, the rows' totals added atomically.
__global__ void process_rows(const std::uint32_t* cur, const std::uint32_t* ref, std::uint32_t* out, int width,
                             int height, Totals* totals) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= height) return;
    const Totals t = process(cur + row * width, ref + row * width, out + row * width, width);
    atomicAdd(&totals->sad, t.sad);
    atomicAdd(&totals->contrast, t.contrast);
}

void launch(const std::uint32_t* cur, const std::uint32_t* ref, std::uint32_t* out, int width, int height,
            Totals* totals) {
    process_rows<<<(height + 127) / 128, 128>>>(cur, ref, out, width, height, totals);
}
#endif

}  // namespace pixels
