// array.hpp, simd.hpp and lane_plan.hpp compiled on their own, with the
// project's warnings as errors. Templates are checked only when instantiated,
// so the plans below reach every operation of the kernel library, each way a
// kernel is specialized (lane width, signedness, comparison, widened
// operation, .sat, the clamps of a mixed-type .sat, the lane sums), run with
// default and with moved selectors. They are written here, not taken from
// the generated tables, so that the primitives compile without generated/
// (the tests run every plan of the tables through generated/ptxv_array.hpp).
// The build compiles this file once more for each other target of the
// kernel library (check/array_avx2.cpp, check/array_avx512.cpp,
// check/array_avx512vbmi.cpp, check/array_portable.cpp).
#include "sel.hpp"  // first: lanes.hpp reads the ptxv::sel constants

#include "../array.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>

namespace {

using ptxv::lane::LaneFix;
using ptxv::lane::LaneOp;
using ptxv::lane::LanePlan;
using ptxv::lane::WideOp;

constexpr unsigned own(unsigned bits, LaneOp op, bool sa = false, LaneFix fix = LaneFix::none) {
    LanePlan p;
    p.bits = bits;
    p.op = op;
    p.sa = sa;
    p.fix = fix;
    return ptxv::lane::encode(p);
}
constexpr unsigned cmp(unsigned bits, unsigned code, bool sa, bool ones) {
    LanePlan p;
    p.bits = bits;
    p.op = LaneOp::cmp;
    p.code = code;
    p.sa = sa;
    p.ones = ones;
    return ptxv::lane::encode(p);
}
constexpr unsigned wide(unsigned bits, WideOp op, bool sa, bool sb, bool sat = false, bool sd = false) {
    LanePlan p;
    p.bits = bits;
    p.op = LaneOp::wide;
    p.code = static_cast<unsigned>(op);
    p.sa = sa;
    p.sb = sb;
    p.sat = sat;
    p.sd = sd;
    return ptxv::lane::encode(p);
}
constexpr unsigned summed(unsigned plan, bool sum_signed = false) {
    LanePlan p = ptxv::lane::decode(plan);
    p.sum = true;
    p.sum_signed = sum_signed;
    return ptxv::lane::encode(p);
}

template <unsigned B>
constexpr unsigned kPlansOf[] = {
    own(B, LaneOp::add), own(B, LaneOp::sub), own(B, LaneOp::addsat), own(B, LaneOp::addsat, true),
    own(B, LaneOp::subsat), own(B, LaneOp::subsat, true), own(B, LaneOp::avrg_u), own(B, LaneOp::avrg_s),
    own(B, LaneOp::avrg_down), own(B, LaneOp::absdiff), own(B, LaneOp::absdiff, true), own(B, LaneOp::abs),
    own(B, LaneOp::min), own(B, LaneOp::min, true), own(B, LaneOp::max), own(B, LaneOp::max, true),
    own(B, LaneOp::absdiff, true, LaneFix::to_signed), own(B, LaneOp::addsat, false, LaneFix::to_signed),
    own(B, LaneOp::subsat, true, LaneFix::to_unsigned),
    cmp(B, 0, false, false), cmp(B, 1, false, false), cmp(B, 2, false, false), cmp(B, 3, false, false),
    cmp(B, 4, false, false), cmp(B, 5, false, false), cmp(B, 0, true, false), cmp(B, 1, true, false),
    cmp(B, 2, true, false), cmp(B, 3, true, false), cmp(B, 4, true, false), cmp(B, 5, true, false),
    cmp(B, 2, false, true), cmp(B, 5, true, true),
    wide(B, WideOp::add, false, false), wide(B, WideOp::add, true, true), wide(B, WideOp::add, true, false),
    wide(B, WideOp::sub, false, true), wide(B, WideOp::absdiff, true, false), wide(B, WideOp::min, false, true),
    wide(B, WideOp::max, true, false), wide(B, WideOp::avrg, false, true), wide(B, WideOp::eq, true, false),
    wide(B, WideOp::ne, false, true), wide(B, WideOp::lt, true, false), wide(B, WideOp::le, false, true),
    wide(B, WideOp::gt, true, false), wide(B, WideOp::ge, false, true),
    wide(B, WideOp::sub, true, false, true, false), wide(B, WideOp::add, false, true, true, true),
    summed(own(B, LaneOp::sum_add, true)), summed(wide(B, WideOp::add, false, true)),
    summed(own(B, LaneOp::sum_sub)), summed(own(B, LaneOp::sum_absdiff)), summed(own(B, LaneOp::sum_absdiff, true)),
    summed(wide(B, WideOp::sub, true, false)), summed(cmp(B, 3, true, false)), summed(own(B, LaneOp::min, true), true),
    summed(own(B, LaneOp::avrg_u), false),
};

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
    constexpr std::size_t kBytePlans = std::size(kPlansOf<8>);
    constexpr unsigned plan = I < kBytePlans ? kPlansOf<8>[I] : kPlansOf<16>[I - kBytePlans];
    arr::run<plan, 0x3210u, 0x7654u, 0xfu>(a, b, c, d, n, one);
    arr::run<plan, 0x3120u, 0x5674u, 0xbu>(a, b, c, d, n, one);
}

template <std::size_t... I>
void every_plan(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                std::size_t n, std::index_sequence<I...>) {
    (one_plan<I>(a, b, c, d, n), ...);
}

}  // namespace

void ptxv_primitives_check_array(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                 std::uint32_t* d, std::size_t n) {
    every_plan(a, b, c, d, n, std::make_index_sequence<std::size(kPlansOf<8>) + std::size(kPlansOf<16>)>{});
}
