// The array forms of CUDA's intrinsics (generated/ptxv_cuda_array.hpp) against
// their per-word functions (ptxv_cuda.hpp, which test_cuda_intrinsics.cpp
// checks against the interpreter and against CUDA's documented words), for
// every target the including file is built for: random arrays with edge-heavy
// lanes, at sizes around the vector step, unaligned, with guard words after d,
// and in place (d = the first argument); and grids of lane values.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_cuda_array.hpp"

namespace cuda_array_proof {
// One per kernel-library target: test units built for different targets share
// an executable.
inline namespace PTXV_ARRAY_PATH {

using u32 = std::uint32_t;

// arr(x, y, z, d, n) runs the array form, word(x, y, z) the per-word one.
template <class Arr, class Word> long check(const char* name, Arr arr, Word word, std::uint64_t seed) {
    ptxv::SplitMix64 rng(seed);
    long bad = 0;
    constexpr u32 kGuard = 0xdeadbeefu;
    for (std::size_t n : {0u, 1u, 3u, 4u, 5u, 7u, 8u, 9u, 15u, 16u, 17u, 31u, 32u, 33u, 63u, 64u, 65u, 79u, 100u, 1037u})
        for (std::size_t offset : {0u, 1u})
            for (bool in_place : {false, true}) {
                std::vector<u32> x(n + offset), y(n + offset), z(n + offset), d(n + offset + 16, kGuard);
                for (std::size_t i = 0; i < n + offset; ++i) {
                    x[i] = ptxv::biased_word(rng);
                    y[i] = ptxv::biased_word(rng);
                    z[i] = ptxv::biased_word(rng);
                }
                const std::vector<u32> x0 = x;
                u32* out = in_place ? x.data() + offset : d.data() + offset;
                arr(x.data() + offset, y.data() + offset, z.data() + offset, out, n);
                for (std::size_t i = 0; i < n; ++i) {
                    const u32 want = word(x0[i + offset], y[i + offset], z[i + offset]);
                    if (out[i] != want && bad++ == 0)
                        FAIL_CHECK(name << ": n " << n << ", offset " << offset << (in_place ? ", in place" : "") << ", word "
                                        << i << ": " << out[i] << ", per word " << want);
                }
                if (!in_place)
                    for (std::size_t i = n + offset; i < d.size(); ++i) bad += d[i] != kGuard ? 1 : 0;
            }
    return bad;
}

// Lane-value grids run through the array form in one call: for byte lanes
// every pair of a and b in every lane (word i's lane j takes the pair
// i + 0x4321 j, modulo 2^16), for half-word lanes every pair of a table of
// boundary values, for the one lane of __sad/__usad every pair of 32-bit
// boundary values; c random.
template <class Arr, class Word> long check_grid(const char* name, int lanes, Arr arr, Word word, std::uint64_t seed) {
    ptxv::SplitMix64 rng(seed);
    std::vector<u32> x, y, z;
    if (lanes == 4) {
        for (u32 i = 0; i < 0x10000u; ++i) {
            u32 a = 0, b = 0;
            for (u32 j = 0; j < 4; ++j) {
                const u32 pair = (i + 0x4321u * j) & 0xffffu;
                a |= (pair & 0xffu) << (8 * j);
                b |= (pair >> 8) << (8 * j);
            }
            x.push_back(a);
            y.push_back(b);
        }
    } else {
        const std::vector<u32> values =
            lanes == 2 ? std::vector<u32>{0x0000u, 0x0001u, 0x0002u, 0x007fu, 0x0080u, 0x00ffu, 0x0100u, 0x1234u, 0x5555u,
                                          0x7ffeu, 0x7fffu, 0x8000u, 0x8001u, 0xaaaau, 0xff00u, 0xff80u, 0xfffeu, 0xffffu}
                       : std::vector<u32>{0x00000000u, 0x00000001u, 0x000000ffu, 0x0000ff00u, 0x7f7f7f7fu, 0x7fffffffu,
                                          0x80000000u, 0x80808080u, 0x80000001u, 0x01010101u, 0xfffffffeu, 0xffffffffu};
        const std::size_t m = values.size();
        for (std::size_t i = 0; i < m * m; ++i) {
            if (lanes == 2) {
                const std::size_t p0 = i, p1 = (i + 7) % (m * m);
                x.push_back(values[p0 % m] | values[p1 % m] << 16);
                y.push_back(values[p0 / m] | values[p1 / m] << 16);
            } else {
                x.push_back(values[i % m]);
                y.push_back(values[i / m]);
            }
        }
    }
    for (std::size_t i = 0; i < x.size(); ++i) z.push_back(ptxv::biased_word(rng));
    std::vector<u32> d(x.size());
    arr(x.data(), y.data(), z.data(), d.data(), d.size());
    long bad = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
        const u32 want = word(x[i], y[i], z[i]);
        if (d[i] != want && bad++ == 0)
            FAIL_CHECK(name << ": grid word " << i << " (a " << x[i] << ", b " << y[i] << ", c " << z[i] << "): " << d[i]
                            << ", per word " << want);
    }
    return bad;
}

// An array form called with x, y, z in CUDA's argument order, whatever its signature.
using i32 = std::int32_t;
inline void call(void (*f)(const u32*, u32*, std::size_t) noexcept, const u32* x, const u32*, const u32*, u32* d,
                 std::size_t n) {
    f(x, d, n);
}
inline void call(void (*f)(const u32*, const u32*, u32*, std::size_t) noexcept, const u32* x, const u32* y, const u32*,
                 u32* d, std::size_t n) {
    f(x, y, d, n);
}
inline void call(void (*f)(const u32*, const u32*, const u32*, u32*, std::size_t) noexcept, const u32* x, const u32* y,
                 const u32* z, u32* d, std::size_t n) {
    f(x, y, z, d, n);
}
// int and unsigned int may alias each other's objects.
inline void call(void (*f)(const i32*, const i32*, const u32*, u32*, std::size_t) noexcept, const u32* x, const u32* y,
                 const u32* z, u32* d, std::size_t n) {
    f(reinterpret_cast<const i32*>(x), reinterpret_cast<const i32*>(y), z, d, n);
}

// One array form, called with x, y, z in CUDA's argument order.
struct Form {
    const char* name;
    void (*run)(const u32*, const u32*, const u32*, u32*, std::size_t);
};
// Forms{} of every array form in namespace ns (ptxv::cuda::array, or
// ptxv::cuda::dispatch, which declares the same forms).
#define PTXV_CUDA_PROOF_FORM(ns, f)                                                                   \
    ::cuda_array_proof::Form{"__" #f, [](const std::uint32_t* x, const std::uint32_t* y, const std::uint32_t* z, \
                                         std::uint32_t* d, std::size_t n) {                                     \
                                 ::cuda_array_proof::call(&ns::f, x, y, z, d, n);                             \
                             }},

// Every form against its per-word function (kIntrinsics' eval).
template <std::size_t N> void check_forms(const Form (&forms)[N], std::uint64_t seed) {
    CHECK(N == sizeof ptxv::cuda::kIntrinsics / sizeof ptxv::cuda::kIntrinsics[0]);
    for (const auto& f : forms) {
        const ptxv::cuda::Intrinsic* e = nullptr;
        for (const auto& k : ptxv::cuda::kIntrinsics)
            if (std::string(k.name) == f.name) e = &k;
        INFO(f.name);
        REQUIRE(e != nullptr);
        CHECK(check(f.name, f.run, e->eval, seed) == 0);
        CHECK(check_grid(f.name, e->lanes, f.run, e->eval, seed) == 0);
    }
}

// The array forms of ptxv_cuda_array.hpp, built for this unit's target.
inline void check_all(std::uint64_t seed) {
#define PTXV_CUDA_ARRAY_FORM(f, arity) PTXV_CUDA_PROOF_FORM(ptxv::cuda::array, f)
    const Form forms[] = {PTXV_CUDA_ARRAY_FORMS(PTXV_CUDA_ARRAY_FORM)};
#undef PTXV_CUDA_ARRAY_FORM
    check_forms(forms, seed);
}

}  // inline namespace PTXV_ARRAY_PATH
}  // namespace cuda_array_proof

