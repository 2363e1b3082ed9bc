// The operation table. See operations.hpp.
#include "operations.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <stdexcept>
#include <string>

namespace ptxv::gen {

namespace {

using i64 = std::int64_t;

constexpr Range add_range(Range a, Range b) { return {a.lo + b.lo, a.hi + b.hi}; }
constexpr Range sub_range(Range a, Range b) { return {a.lo - b.hi, a.hi - b.lo}; }
constexpr Range absdiff_range(Range a, Range b) { return {0, std::max(std::max(a.hi - b.lo, b.hi - a.lo), i64{0})}; }
constexpr Range min_range(Range a, Range b) { return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)}; }
constexpr Range max_range(Range a, Range b) { return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)}; }

using W = lane::WideOp;
constexpr auto none = std::nullopt;

// clang-format off
constexpr OperationRow kRows[] = {
    //  op                  scalar simd   compares shifts mad    range          wide        zero on zero
    {Operation::add,     true,  true,  false,   false, false, add_range,     W::add,     true},
    {Operation::sub,     true,  true,  false,   false, false, sub_range,     W::sub,     true},
    {Operation::absdiff, true,  true,  false,   false, false, absdiff_range, W::absdiff, true},
    {Operation::min,     true,  true,  false,   false, false, min_range,     W::min,     true},
    {Operation::max,     true,  true,  false,   false, false, max_range,     W::max,     true},
    {Operation::avrg,    false, true,  false,   false, false, nullptr,       W::avrg,    true},
    {Operation::shl,     true,  false, false,   true,  false, nullptr,       none,       true},
    {Operation::shr,     true,  false, false,   true,  false, nullptr,       none,       true},
    {Operation::mad,     true,  false, false,   false, true,  nullptr,       none,       true},
    {Operation::set,     true,  true,  true,    false, false, nullptr,       none,       false},
};
// clang-format on

constexpr bool rows_in_order() {
    for (std::size_t i = 0; i < std::size(kRows); ++i)
        if (static_cast<std::size_t>(kRows[i].op) != i) return false;
    return true;
}
static_assert(std::size(kRows) == std::size(kOperationNames), "one row per Operation");
static_assert(rows_in_order(), "rows in Operation's order");

}  // namespace

const OperationRow& row(Operation op) { return kRows[static_cast<std::size_t>(op)]; }

Range result_range(Operation op, Range a, Range b) {
    const OperationRow& r = row(op);
    if (!r.range) throw std::logic_error(std::string("no result range for operation ") + spelling(op));
    return r.range(a, b);
}

lane::WideOp wide_op_of(Operation op, Cmp cmp) {
    const OperationRow& r = row(op);
    if (r.compares) return static_cast<W>(static_cast<unsigned>(W::eq) + static_cast<unsigned>(cmp));
    if (!r.wide) throw std::logic_error(std::string("no widened lane plan for operation ") + spelling(op));
    return *r.wide;
}

}  // namespace ptxv::gen
