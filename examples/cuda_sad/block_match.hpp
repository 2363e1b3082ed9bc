// Block matching for motion estimation on 8-bit frames packed four pixels per
// 32-bit word, written once as CUDA code with CUDA's SIMD video intrinsics.
//
// The file declares none of the intrinsics it calls; the including file
// provides them. Plain C++ builds include "ptxv_cuda_compat.hpp" first. So do
// nvcc builds that call these functions from host code too: the device pass
// uses CUDA's own intrinsics, the host pass the compat header's. A GPU-only
// nvcc build without that header defines BM_HD as __device__ itself.
#ifndef PTXV_EXAMPLE_BLOCK_MATCH_HPP
#define PTXV_EXAMPLE_BLOCK_MATCH_HPP

#ifndef BM_HD
#ifdef __CUDACC__
#define BM_HD __host__ __device__
#else
#define BM_HD
#endif
#endif

namespace bm {

constexpr int kBlock = 16;                    // block side in pixels
constexpr unsigned int kNoSad = 0xffffffffu;  // cost of a candidate outside the frame

// An 8-bit frame: pixel x of row y is byte x % 4 of word y * width / 4 + x / 4.
struct Frame {
    const unsigned int* words;
    int width;  // in pixels, a multiple of 4
    int height;
    BM_HD const unsigned int* row(int y) const { return words + y * (width / 4); }
};

struct Vector {
    int dx, dy;
    unsigned int sad;
};

// Pixels x .. x + 3 of a row as one word; x need not be a multiple of 4.
BM_HD inline unsigned int load4(const unsigned int* row, int x) {
    const int w = x / 4, s = 8 * (x % 4);
    return s == 0 ? row[w] : (row[w] >> s) | (row[w + 1] << (32 - s));
}

// Sum of absolute differences between the block at (bx, by) of cur, bx a
// multiple of 4, and the block at (bx + dx, by + dy) of ref.
BM_HD inline unsigned int block_sad(const Frame& cur, const Frame& ref, int bx, int by, int dx, int dy) {
    unsigned int sad = 0;
    for (int y = 0; y < kBlock; ++y) {
        const unsigned int* c = cur.row(by + y) + bx / 4;
        const unsigned int* r = ref.row(by + dy + y);
        for (int k = 0; k < kBlock / 4; ++k) sad += __vsadu4(c[k], load4(r, bx + dx + 4 * k));
    }
    return sad;
}

// Full search over dx, dy in [-radius, radius]. The cost of every candidate
// goes to cost[(dy + radius) * (2 * radius + 1) + dx + radius] (kNoSad where
// the candidate leaves the frame); the first minimum in raster order wins.
BM_HD inline Vector best_vector(const Frame& cur, const Frame& ref, int bx, int by, int radius, unsigned int* cost) {
    Vector best = {0, 0, kNoSad};
    const int side = 2 * radius + 1;
    for (int dy = -radius; dy <= radius; ++dy)
        for (int dx = -radius; dx <= radius; ++dx) {
            const bool inside = bx + dx >= 0 && by + dy >= 0 && bx + dx + kBlock <= ref.width &&
                                by + dy + kBlock <= ref.height;
            const unsigned int sad = inside ? block_sad(cur, ref, bx, by, dx, dy) : kNoSad;
            cost[(dy + radius) * side + dx + radius] = sad;
            if (sad < best.sad) best = {dx, dy, sad};
        }
    return best;
}

// Work item b of the motion search: block b in raster order of the blocks.
BM_HD inline void motion_search_item(const Frame& cur, const Frame& ref, int radius, Vector* vectors,
                                     unsigned int* costs, int b) {
    const int blocks_x = cur.width / kBlock;
    const int side = 2 * radius + 1;
    vectors[b] = best_vector(cur, ref, (b % blocks_x) * kBlock, (b / blocks_x) * kBlock, radius,
                             costs + b * side * side);
}

// Work item i of the change map: per-pixel |a - b| of word i, folded into a
// running per-pixel minimum over successive frames (start it at 0xffffffff).
BM_HD inline void diff_min_item(const unsigned int* a, const unsigned int* b, unsigned int* diff,
                                unsigned int* min_diff, int i) {
    const unsigned int d = __vabsdiffu4(a[i], b[i]);
    diff[i] = d;
    min_diff[i] = __vminu4(min_diff[i], d);
}

#ifdef __CUDACC__
// One thread per block of the frame.
__global__ void motion_search_kernel(Frame cur, Frame ref, int radius, Vector* vectors, unsigned int* costs) {
    const int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < (cur.width / kBlock) * (cur.height / kBlock)) motion_search_item(cur, ref, radius, vectors, costs, b);
}

// One thread per packed word.
__global__ void diff_min_kernel(const unsigned int* a, const unsigned int* b, unsigned int* diff,
                                unsigned int* min_diff, int words) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < words) diff_min_item(a, b, diff, min_diff, i);
}
#endif

}  // namespace bm

#endif  // PTXV_EXAMPLE_BLOCK_MATCH_HPP
