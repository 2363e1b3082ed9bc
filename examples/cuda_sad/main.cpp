// Runs the CUDA-style block matcher of block_match.hpp on the host, with
// CUDA's SIMD intrinsics provided by ptxv_cuda_compat.hpp, and checks every
// result against a plain per-pixel C++ version of the same algorithm.
//
//   g++ -std=c++17 -O2 -I generated examples/cuda_sad/main.cpp -o cuda_sad && ./cuda_sad
#include "ptxv_cuda_compat.hpp"

#include "block_match.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>
#include <vector>

namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 192;
constexpr int kRadius = 7;
constexpr int kTrueDx = 3;  // cur(x, y) = ref(x + kTrueDx, y + kTrueDy) + noise
constexpr int kTrueDy = -2;
constexpr int kBlocks = (kWidth / bm::kBlock) * (kHeight / bm::kBlock);
constexpr int kSide = 2 * kRadius + 1;
constexpr int kWords = kWidth * kHeight / 4;

using Pixels = std::vector<std::uint8_t>;  // row-major, kWidth x kHeight

struct XorShift32 {
    std::uint32_t state;
    std::uint32_t next() {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return state;
    }
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint32_t>(n)); }
};

std::uint8_t clamp_pixel(int v) { return static_cast<std::uint8_t>(std::min(255, std::max(0, v))); }

// A textured frame: random values smoothed with the left and upper neighbours.
Pixels texture(XorShift32& rng) {
    Pixels p(kWidth * kHeight);
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) {
            const int left = x > 0 ? p[y * kWidth + x - 1] : 128;
            const int up = y > 0 ? p[(y - 1) * kWidth + x] : 128;
            p[y * kWidth + x] = static_cast<std::uint8_t>((rng.below(256) * 2 + left + up) / 4);
        }
    return p;
}

// ref moved by the true motion, with noise; pixels from outside ref are random.
Pixels moved(const Pixels& ref, XorShift32& rng, int noise) {
    Pixels p(kWidth * kHeight);
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) {
            const int sx = x + kTrueDx, sy = y + kTrueDy;
            const bool inside = sx >= 0 && sx < kWidth && sy >= 0 && sy < kHeight;
            const int v = inside ? ref[sy * kWidth + sx] + rng.below(2 * noise + 1) - noise : rng.below(256);
            p[y * kWidth + x] = clamp_pixel(v);
        }
    return p;
}

std::vector<unsigned int> pack(const Pixels& p) {
    std::vector<unsigned int> w(kWords, 0u);
    for (int i = 0; i < kWidth * kHeight; ++i) w[i / 4] |= static_cast<unsigned int>(p[i]) << (8 * (i % 4));
    return w;
}

// The same full search, one pixel at a time.
bm::Vector scalar_best_vector(const Pixels& cur, const Pixels& ref, int bx, int by, unsigned int* cost) {
    bm::Vector best = {0, 0, bm::kNoSad};
    for (int dy = -kRadius; dy <= kRadius; ++dy)
        for (int dx = -kRadius; dx <= kRadius; ++dx) {
            unsigned int sad = bm::kNoSad;
            if (bx + dx >= 0 && by + dy >= 0 && bx + dx + bm::kBlock <= kWidth && by + dy + bm::kBlock <= kHeight) {
                sad = 0;
                for (int y = 0; y < bm::kBlock; ++y)
                    for (int x = 0; x < bm::kBlock; ++x)
                        sad += static_cast<unsigned int>(std::abs(cur[(by + y) * kWidth + bx + x] -
                                                                  ref[(by + dy + y) * kWidth + bx + dx + x]));
            }
            cost[(dy + kRadius) * kSide + dx + kRadius] = sad;
            if (sad < best.sad) best = {dx, dy, sad};
        }
    return best;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main() {
    XorShift32 rng{0x2545f491u};
    const Pixels ref = texture(rng);
    const Pixels cur = moved(ref, rng, 3);
    const std::vector<unsigned int> ref_w = pack(ref), cur_w = pack(cur);
    const bm::Frame ref_f{ref_w.data(), kWidth, kHeight}, cur_f{cur_w.data(), kWidth, kHeight};

    // Motion search: the intrinsic version (one "thread" per block) and the scalar one.
    std::vector<bm::Vector> vec(kBlocks), scalar_vec(kBlocks);
    std::vector<unsigned int> cost(kBlocks * kSide * kSide), scalar_cost(cost.size());
    auto t0 = std::chrono::steady_clock::now();
    for (int b = 0; b < kBlocks; ++b) bm::motion_search_item(cur_f, ref_f, kRadius, vec.data(), cost.data(), b);
    const double intrinsic_ms = ms_since(t0);
    t0 = std::chrono::steady_clock::now();
    for (int b = 0; b < kBlocks; ++b)
        scalar_vec[b] = scalar_best_vector(cur, ref, (b % (kWidth / bm::kBlock)) * bm::kBlock,
                                           (b / (kWidth / bm::kBlock)) * bm::kBlock, &scalar_cost[b * kSide * kSide]);
    const double scalar_ms = ms_since(t0);

    long compared = 0, mismatches = 0;
    for (std::size_t i = 0; i < cost.size(); ++i, ++compared) mismatches += cost[i] != scalar_cost[i];
    std::map<std::pair<int, int>, int> votes;
    for (int b = 0; b < kBlocks; ++b, compared += 3) {
        const bm::Vector &v = vec[b], &s = scalar_vec[b];
        if (v.dx != s.dx || v.dy != s.dy || v.sad != s.sad) {
            ++mismatches;
            std::printf("block %d: intrinsics (%d,%d) sad %u, scalar (%d,%d) sad %u\n", b, v.dx, v.dy, v.sad, s.dx,
                        s.dy, s.sad);
        }
        ++votes[{v.dx, v.dy}];
    }
    const auto global = std::max_element(votes.begin(), votes.end(), [](const auto& a, const auto& b) {
                            return a.second < b.second;
                        })->first;

    // Change map of cur against a few earlier frames, with the running per-pixel minimum.
    const Pixels history[] = {ref, moved(ref, rng, 20), texture(rng)};
    std::vector<unsigned int> diff(kWords), min_diff(kWords, 0xffffffffu);
    Pixels scalar_min(kWidth * kHeight, 255);
    for (const Pixels& h : history) {
        const std::vector<unsigned int> h_w = pack(h);
        for (int i = 0; i < kWords; ++i) bm::diff_min_item(cur_w.data(), h_w.data(), diff.data(), min_diff.data(), i);
        Pixels scalar_diff(kWidth * kHeight);
        for (int i = 0; i < kWidth * kHeight; ++i) {
            scalar_diff[i] = static_cast<std::uint8_t>(std::abs(cur[i] - h[i]));
            scalar_min[i] = std::min(scalar_min[i], scalar_diff[i]);
        }
        const std::vector<unsigned int> want_diff = pack(scalar_diff), want_min = pack(scalar_min);
        for (int i = 0; i < kWords; ++i, compared += 2)
            mismatches += (diff[i] != want_diff[i]) + (min_diff[i] != want_min[i]);
    }

    const bool motion_found = global.first == kTrueDx && global.second == kTrueDy;
    std::printf("%d blocks, %ld words compared, %s; global motion vector (%d, %d) from %d of %d blocks%s\n", kBlocks,
                compared, mismatches == 0 ? "all equal" : "MISMATCHES", global.first, global.second, votes[global],
                kBlocks, motion_found ? "" : " (expected (3, -2))");
    if (mismatches != 0) std::printf("%ld mismatches\n", mismatches);
    std::printf("motion search time: intrinsics %.2f ms, scalar %.2f ms, scalar/intrinsics %.2fx (informational)\n",
                intrinsic_ms, scalar_ms, intrinsic_ms > 0 ? scalar_ms / intrinsic_ms : 0.0);
    return mismatches == 0 && motion_found ? 0 : 1;
}
