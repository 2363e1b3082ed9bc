// pixels::process written plainly: one channel or half-word at a time, with
// the arithmetic spelled out (no video instructions, no ptxv).
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "pixels.hpp"

namespace pixels {

namespace {

int channel(std::uint32_t p, int k) { return static_cast<int>((p >> (8 * k)) & 0xffu); }
int half(std::uint32_t p, int k) { return static_cast<int>(static_cast<std::int16_t>((p >> (16 * k)) & 0xffffu)); }

}  // namespace

Totals process_reference(const std::uint32_t* cur, const std::uint32_t* ref, std::uint32_t* out, int n) {
    Totals t;
    for (int i = 0; i < n; ++i) {
        const std::uint32_t c = cur[i], r = ref[i];
        std::uint32_t pixel = 0;
        for (int k = 0; k < 3 + 1; ++k) {
            const int x = channel(c, k), y = channel(r, k);
            const int mean = (x + y + 1) / 2;
            const bool moved = std::abs(x - y) > 8;
            int v = moved ? std::min(mean + 16, 255) : std::max(mean - 16, 0);
            v = std::clamp(v, std::min(x, y), std::max(x, y));
            pixel |= static_cast<std::uint32_t>(v) << (8 * k);
            t.sad += static_cast<std::uint32_t>(std::abs(x - y));
        }
        for (int k = 0; k < 2; ++k) {
            const int d = std::clamp(half(c, k) - half(r, k), -1000, 1000);
            t.contrast += static_cast<std::uint32_t>(std::abs(d));
        }
        const int luma = (77 * channel(c, 0) + 150 * channel(c, 1) + 29 * channel(c, 2) + 128) / 256;
        const int boost = std::clamp(luma << (c >> 30), 16, 235);
        out[i] = (pixel & 0x00ffffffu) | static_cast<std::uint32_t>(boost) << 24;
    }
    return t;
}

}  // namespace pixels
