// Runs pixels.cu, translated by `ptxv translate`, on generated frames and
// checks every output pixel and both totals against reference.cpp.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "pixels.hpp"
#include "ptxv/random.hpp"

int main() {
    constexpr int kPixels = 1 << 16;
    ptxv::SplitMix64 rng(0x9e7a11);
    std::vector<std::uint32_t> cur(kPixels), ref(kPixels), out(kPixels), want(kPixels);
    for (int i = 0; i < kPixels; ++i) {
        cur[i] = rng.word();
        // Mostly close to the current frame, as consecutive frames are; now
        // and then unrelated, and the extremes.
        const std::uint32_t noise = rng.word() & 0x0f0f0f0fu;
        ref[i] = rng.chance(1, 8) ? rng.word() : cur[i] ^ noise;
        if (i % 97 == 0) ref[i] = i % 2 ? 0xffffffffu : 0u;
    }
    const pixels::Totals got = pixels::process(cur.data(), ref.data(), out.data(), kPixels);
    const pixels::Totals expect = pixels::process_reference(cur.data(), ref.data(), want.data(), kPixels);
    int bad = 0;
    for (int i = 0; i < kPixels; ++i)
        if (out[i] != want[i] && ++bad <= 5)
            std::printf("pixel %d: cur %08x ref %08x: translated %08x, plain C++ %08x\n", i, cur[i], ref[i], out[i],
                        want[i]);
    if (got.sad != expect.sad || got.contrast != expect.contrast) {
        std::printf("totals: translated sad %u contrast %u, plain C++ sad %u contrast %u\n", got.sad, got.contrast,
                    expect.sad, expect.contrast);
        ++bad;
    }
    std::printf("%d pixels, sad %u, contrast %u: %s\n", kPixels, got.sad, got.contrast,
                bad == 0 ? "translated == plain C++" : "MISMATCH");
    return bad == 0 ? 0 : 1;
}
