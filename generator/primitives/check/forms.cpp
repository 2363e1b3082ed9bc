// forms.hpp compiled on its own, with the project's warnings as errors, on
// lanes.hpp's selection: one toy variant of each kind of form, with bodies of
// the shape ptxv-gen prints (the real ones are in generated/ptxv.hpp),
// evaluated at compile time so that every template and every path of each
// if constexpr are instantiated.
#include <cstdint>

#include "sel.hpp"  // first: lanes.hpp reads the ptxv::sel constants

#include "../lanes.hpp"

namespace ptxv {
using u32 = std::uint32_t;
namespace neg {
inline constexpr unsigned none = 0;
}  // namespace neg
namespace mask {
inline constexpr unsigned h10 = 3;
}  // namespace mask
}  // namespace ptxv

#include "../forms.hpp"

namespace ptxv {
namespace detail {
template <unsigned Asel, unsigned Bsel, unsigned Mask>
PTXV_HD constexpr void params_simd() noexcept {
    static_assert(Mask <= 3u, "Mask");
}
template <unsigned Asel, unsigned Bsel>
PTXV_HD constexpr void params_op2() noexcept {}
template <unsigned Asel, unsigned Bsel, unsigned X>
PTXV_HD constexpr void params_x() noexcept {}
namespace k {
// The lanes the mask leaves out are dropped, as a kernel's merge drops them.
PTXV_FI constexpr u32 toy2(u32 A, u32 B, u32 c, unsigned m) noexcept { return ((A ^ B) & lanes<2>::mask(m)) + c; }
}  // namespace k
}  // namespace detail

// Each body marks which one ran: +100 the general, +200 part, +300 whole.
namespace rt {
PTXV_FI constexpr u32 op2(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned) noexcept { return a + b + c + 100; }
PTXV_FI constexpr u32 op2p(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned) noexcept { return a + b + c + 100; }
PTXV_FI constexpr u32 d(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned x) noexcept { return a + b + c + x + 100; }
PTXV_FI constexpr u32 dp(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned x) noexcept { return a + b + c + x + 100; }
PTXV_FI constexpr u32 dw(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned x) noexcept { return a + b + c + x + 100; }
PTXV_FI constexpr u32 dwp(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned x) noexcept { return a + b + c + x + 100; }
PTXV_FI constexpr u32 n(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned x) noexcept { return a + b + c + x + 100; }
}  // namespace rt
namespace rt::part {
PTXV_FI constexpr u32 op2p(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned) noexcept { return a + b + c + 200; }
PTXV_FI constexpr u32 dp(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned x) noexcept { return a + b + c + x + 200; }
PTXV_FI constexpr u32 dwp(u32 a, u32 b, u32 c, unsigned, unsigned, unsigned x) noexcept { return a + b + c + x + 200; }
}  // namespace rt::part
namespace rt::whole {
PTXV_FI constexpr u32 dw(u32 a, u32 b, unsigned, unsigned) noexcept { return a + b + 300; }
PTXV_FI constexpr u32 dwp(u32 a, u32 b, unsigned, unsigned) noexcept { return a + b + 300; }
}  // namespace rt::whole

PTXV_SIMD_FORMS(2, toy2, params_simd, 0x10, 0x32, mask::h10)
PTXV_OP2_FORMS(op2, params_op2)
PTXV_OP2_PART_FORMS(op2p, params_op2)
PTXV_DSEL_FORMS(d, params_x)
PTXV_DSEL_PART_FORMS(dp, params_x)
PTXV_DSEL_WHOLE_FORMS(dw, params_x)
PTXV_DSEL_WHOLE_PART_FORMS(dwp, params_x)
PTXV_NEG_FORMS(n, params_x)
}  // namespace ptxv

namespace {
using namespace ptxv;
// The run-time form selects from {b:a} (.h32 .h10 swaps the words), the
// compile-time form picks; mask .h0 keeps lane 0 only.
static_assert(rt::toy2(0x10002, 0x30004, 10, 0x32, 0x10, 3) == (0x30004u ^ 0x10002u) + 10);
static_assert(rt::toy2(0x10002, 0x30004, 10, 0x23, 0x10, 3) == (0x40003u ^ 0x10002u) + 10);
static_assert(toy2(0x10002, 0x30004, 0) == (0x10002u ^ 0x30004u));
static_assert(toy2<0x10, 0x32, 1>(0x10002, 0x30004, 0) == (0x0002u ^ 0x0004u));
static_assert(toy2<0x01, 0x33, 3>(0x10002, 0x30004, 0) == (0x20001u ^ 0x30003u));
static_assert(op2(1, 2, 3) == 106);
static_assert(op2p(1, 2, 3) == 106 && op2p<sel::b0, sel::b0>(1, 2, 3) == 206);
static_assert(d(1, 2, 3) == 106 && d<sel::none, sel::none, 5>(1, 2, 3) == 111);
static_assert(dp<sel::b0, sel::b0, 5>(1, 2, 3) == 211 && dp<sel::none, sel::b0, 5>(1, 2, 3) == 111);
static_assert(dw(1, 2, 3) == 303 && dw<sel::b0, sel::b0, 5>(1, 2, 3) == 111);
static_assert(dwp(1, 2, 3) == 303 && dwp<sel::b0, sel::b0, 5>(1, 2, 3) == 211 && dwp<sel::b0, sel::none, 5>(1, 2, 3) == 111);
static_assert(n(1, 2, 3) == 106 && n<sel::none, sel::none, 1>(1, 2, 3) == 107);
}  // namespace

// ptxv.hpp's end leaves none of the macros defined.
#define PTXV_FORMS_END_CHECK
#include "../forms.hpp"
#if defined(PTXV_SIMD_FORMS) || defined(PTXV_RT_BODY) || defined(PTXV_PART_BODY) || defined(PTXV_WHOLE_BODY) || \
    defined(PTXV_OP2_FORM) || defined(PTXV_OP2_FORMS) || defined(PTXV_OP2_PART_FORMS) || \
    defined(PTXV_DSEL_FORM) || defined(PTXV_DSEL_FORMS) || defined(PTXV_DSEL_PART_FORMS) ||                       \
    defined(PTXV_DSEL_WHOLE_FORMS) || defined(PTXV_DSEL_WHOLE_PART_FORMS) || defined(PTXV_NEG_FORMS)
#error "forms_end leaves a form macro defined"
#endif
