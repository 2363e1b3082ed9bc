// The host build of the example: quant.hpp through ptxv_cuda_compat.hpp and the
// translated sad.guarded.cuh through ptxv.hpp, against reference.cpp on every
// quant word's edge cases and on random words.
#include <cstdint>
#include <cstdio>

#include "quant.hpp"
#include "reference.hpp"
#include "sad.guarded.cuh"

namespace {
std::uint64_t state = 0x68697021;
unsigned next_word() {  // splitmix64, high half
    std::uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return static_cast<unsigned>((z ^ (z >> 31)) >> 32);
}
}  // namespace

int main() {
    unsigned long checked = 0, bad = 0;
    const auto check = [&](const char* what, unsigned q, unsigned s, unsigned r, unsigned got, unsigned want) {
        ++checked;
        if (got != want && ++bad <= 10)
            std::printf("MISMATCH %s(0x%08x, 0x%08x, 0x%08x): 0x%08x, plainly 0x%08x\n", what, q, s, r, got, want);
    };
    const unsigned edges[] = {0u, 0xffffffffu, 0x80808080u, 0x7f7f7f7fu, 0x08080808u, 0xf8f8f8f8u, 0x0f0f0f0fu,
                              0x01ff807fu, 0x00007fffu, 0xffff8000u};
    for (int i = 0; i < 400000; ++i) {
        const bool edge = i < 1000;
        const unsigned q = edge ? edges[i % 10] : next_word();
        const unsigned s = edge ? edges[(i / 10) % 10] & 0xffu : next_word() & 0xffu;
        const unsigned r0 = edge ? edges[(i / 100) % 10] : next_word(), r1 = next_word();
        const quant::Compared c = quant::compare(q, s, r0, r1);
        const reference::Compared w = reference::compare(q, s, r0, r1);
        check("compare.diff_lo", q, s, r0, c.diff_lo, w.diff_lo);
        check("compare.diff_hi", q, s, r1, c.diff_hi, w.diff_hi);
        check("compare.equal", q, s, r0, c.equal, w.equal);
        check("sad4", q, r0, r1, sad::sad4(q, r0, r1), reference::sad4(q, r0, r1));
        // clamp2 needs lo <= hi in each half-word.
        const unsigned lo = reference::clamp2(r0, 0x80008000u, 0x00000000u), hi = r1 & 0x7fff7fffu;
        check("clamp2", q, lo, hi, sad::clamp2(q, lo, hi), reference::clamp2(q, lo, hi));
    }
    std::printf("examples/hip on the host: %lu results, %lu differ from the plain versions\n", checked, bad);
    return bad != 0;
}
