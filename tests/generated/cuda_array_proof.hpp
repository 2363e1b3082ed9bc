// The array forms of CUDA's intrinsics (generated/ptxv_cuda_array.hpp) against
// their per-word functions (ptxv_cuda.hpp, which test_cuda_intrinsics.cpp
// checks against the interpreter and against CUDA's documented words), for
// every target the including file is built for: random arrays with edge-heavy
// lanes, at sizes around the vector step, unaligned, with guard words after d,
// and in place (d = the first argument).
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

// Every array form against its per-word function (kIntrinsics' eval).
inline void check_all(std::uint64_t seed) {
    struct Form {
        const char* name;
        void (*run)(const u32*, const u32*, const u32*, u32*, std::size_t);
    };
#define PTXV_CUDA_ARRAY_FORM(f, arity)                                                                       \
    Form{"__" #f, [](const u32* x, const u32* y, const u32* z, u32* d, std::size_t n) {                   \
             call(&ptxv::cuda::array::f, x, y, z, d, n);                                                   \
         }},
    const Form forms[] = {PTXV_CUDA_ARRAY_FORMS(PTXV_CUDA_ARRAY_FORM)};
#undef PTXV_CUDA_ARRAY_FORM
    CHECK(sizeof forms / sizeof forms[0] == sizeof ptxv::cuda::kIntrinsics / sizeof ptxv::cuda::kIntrinsics[0]);
    for (const auto& f : forms) {
        const ptxv::cuda::Intrinsic* e = nullptr;
        for (const auto& k : ptxv::cuda::kIntrinsics)
            if (std::string(k.name) == f.name) e = &k;
        INFO(f.name);
        REQUIRE(e != nullptr);
        CHECK(check(f.name, f.run, e->eval, seed) == 0);
    }
}

}  // inline namespace PTXV_ARRAY_PATH
}  // namespace cuda_array_proof

