// array.hpp, simd.hpp and lane_plan.hpp compiled on their own, with the
// project's warnings as errors, over the committed generated/ptxv.hpp they
// extend. Templates are checked only when instantiated, so every lane plan
// of the committed tables is run, with default and with moved selectors.
// The build compiles this file once more for each other target of the
// kernel library (check/array_avx2.cpp, check/array_avx512.cpp,
// check/array_avx512vbmi.cpp, check/array_portable.cpp).
#include "../array.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>

#include "ptxv_tables.hpp"

namespace {

// One function per lane plan, kept out of line: folded into one function, the
// plans made a single body so large that GCC's optimizer took over ten
// minutes on it for AVX-512 (half a minute this way).
template <std::size_t I>
[[gnu::noinline]] void one_plan(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                std::uint32_t* d, std::size_t n) {
    namespace arr = ptxv::array::detail;
    const auto one = [=](std::size_t i) noexcept { d[i] = a[i] ^ b[i] ^ c[i]; };
    // Byte lanes with lanes 1 and 2 moved, half-word lanes swapped: any plan
    // runs under either, as the shifts do not depend on the lane width.
    arr::run<ptxv::spec::kLanePlans[I], 0x3210u, 0x7654u, 0xfu>(a, b, c, d, n, one);
    arr::run<ptxv::spec::kLanePlans[I], 0x3120u, 0x5674u, 0xbu>(a, b, c, d, n, one);
}

template <std::size_t... I>
void every_plan(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                std::size_t n, std::index_sequence<I...>) {
    (one_plan<I>(a, b, c, d, n), ...);
}

}  // namespace

void ptxv_primitives_check_array(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                 std::uint32_t* d, std::size_t n) {
    every_plan(a, b, c, d, n, std::make_index_sequence<static_cast<std::size_t>(ptxv::spec::kLanePlanCount)>{});
}
