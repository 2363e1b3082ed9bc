// ptxv: the project's one pseudo-random generator.
//
// splitmix64: tiny and fully specified, so a seed gives the same sequence on
// every platform, compiler and standard library, which the distributions of
// <random> do not promise. `ptxv check`, the proof tests, the ptxas test, the
// fuzzers, the benchmarks and ptxv-gen's hardware harness all draw from it, so
// a seed printed by one of them reproduces its run exactly.
#pragma once

#include <cstdint>

namespace ptxv {

class SplitMix64 {
public:
    explicit constexpr SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}

    constexpr std::uint64_t next() noexcept {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // A uniform 32-bit word (the high half, the better mixed one).
    constexpr std::uint32_t word() noexcept { return static_cast<std::uint32_t>(next() >> 32); }
    // In [0, n): the word scaled by n, without a division; the bias, below
    // n / 2^32, does not matter for the small n drawn here.
    constexpr std::uint32_t below(std::uint32_t n) noexcept {
        return static_cast<std::uint32_t>((std::uint64_t{word()} * n) >> 32);
    }
    // True with probability num / den.
    constexpr bool chance(std::uint32_t num, std::uint32_t den) noexcept { return below(den) < num; }

private:
    std::uint64_t state_;
};

}  // namespace ptxv
