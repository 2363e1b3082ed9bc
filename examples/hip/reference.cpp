// The example's functions written plainly, one byte or half-word at a time,
// without CUDA's intrinsics or PTX: what main.cpp checks the host builds of
// quant.hpp and of the translated sad.cuh against.
#include "reference.hpp"

#include <cstdint>
#include <cstdlib>

namespace reference {
namespace {
int byte_of(unsigned w, int k) { return static_cast<std::int8_t>(static_cast<std::uint8_t>(w >> (8 * k))); }
unsigned put_byte(int v, int k) { return (static_cast<unsigned>(v) & 0xffu) << (8 * k); }
int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
}  // namespace

Compared compare(unsigned q, unsigned signs, unsigned ref_lo, unsigned ref_hi) {
    Compared r{0, 0, 0};
    for (int k = 0; k < 8; ++k) {
        const int half = k / 4, lane = k % 4;
        const int nibble = static_cast<int>((q >> (8 * lane + 4 * half)) & 0xfu);
        int v = nibble - 8;
        if ((signs >> k) & 1u) v = -v;
        const int ref = byte_of(half == 0 ? ref_lo : ref_hi, lane);
        (half == 0 ? r.diff_lo : r.diff_hi) |= put_byte(clamp(v - ref, -128, 127), lane);
        r.equal += v == ref;
    }
    return r;
}

unsigned sad4(unsigned a, unsigned b, unsigned acc) {
    for (int k = 0; k < 4; ++k) acc += static_cast<unsigned>(std::abs(static_cast<int>((a >> (8 * k)) & 0xffu) -
                                                                       static_cast<int>((b >> (8 * k)) & 0xffu)));
    return acc;
}

unsigned clamp2(unsigned x, unsigned lo, unsigned hi) {
    unsigned d = 0;
    for (int k = 0; k < 2; ++k) {
        const auto h = [k](unsigned w) { return static_cast<int>(static_cast<std::int16_t>(w >> (16 * k))); };
        d |= (static_cast<unsigned>(clamp(h(x), h(lo), h(hi))) & 0xffffu) << (16 * k);
    }
    return d;
}

}  // namespace reference
