// scalar.hpp and lanes.hpp compiled on their own, with the project's warnings
// as errors, after the ptxv::sel constants (sel.hpp). Member functions of
// templates are checked only when instantiated, so a few evaluations
// instantiate them.
#include "sel.hpp"

#include "../lanes.hpp"

namespace {

using ptxv::detail::lanes;

// R1: byte 2 of 0x00800000 is 0x80, -128 read as .s32 and 128 as .u32.
static_assert(ptxv::detail::xs(0x00800000u, ptxv::sel::b2) == -128);
static_assert(ptxv::detail::xu(0x00800000u, ptxv::sel::b2) == 128u);
// R9: a byte merge moves the result's low byte; .h1 takes its high half in place.
static_assert(ptxv::detail::dmerge(0x11223344u, 0xabu, ptxv::sel::b1) == 0x1122ab44u);
static_assert(ptxv::detail::dmerge(0x11223344u, 0xabcd00efu, ptxv::sel::h1) == 0xabcd3344u);
static_assert(ptxv::detail::dmerge(0x11223344u, 0xabcd00efu, ptxv::sel::h0) == 0x112200efu);
// R13: vmad's unsigned operand, a whole word sign-extended, a half-word not.
static_assert(ptxv::detail::xv(0x80000000u, ptxv::sel::none) == -0x80000000ll);
static_assert(ptxv::detail::xv(0x80008000u, ptxv::sel::h0) == 0x8000);
// R8: a negative sign-extended t is above every unsigned c; a negative c below every t.
static_assert(ptxv::detail::max_su(0xfffffffeu, 0xffffffffu) == 0xfffffffeu);
static_assert(ptxv::detail::min_su(0xfffffffeu, 7u) == 7u);
static_assert(ptxv::detail::min_su(5u, 7u) == 5u);
static_assert(ptxv::detail::max_zs(0x8a24c993u, 0x9123064au) == 0x8a24c993u);
static_assert(ptxv::detail::min_zs(0x8a24c993u, 0x9123064au) == 0x9123064au);
static_assert(ptxv::detail::min_zs(3u, 7u) == 3u);
// R6: a byte/half-word .sat of vadd..vmax is one unsigned min: -1 gives the maximum.
static_assert(ptxv::detail::umin_pattern(-1, 0x7f) == 0x7f);
static_assert(ptxv::detail::umin_pattern(0x80, 0x7f) == 0x7f);
static_assert(ptxv::detail::umin_pattern(0x12, 0xff) == 0x12);
// R6: vshl/vshr's .sat reads the low 34 bits as signed.
static_assert(ptxv::detail::sx34(0x3f80000000ull) == -0x80000000ll);
static_assert(ptxv::detail::sx34(0x1ffffffffull) == 0x1ffffffffll);
static_assert(lanes<4>::addss(0x7f7f0101u, 0x01018080u) == 0x7f7f8181u);
static_assert(lanes<4>::subus(0x00ff0102u, 0x01010101u) == 0x00fe0001u);
static_assert(lanes<2>::addus(0xffff0001u, 0x00020002u) == 0xffff0003u);
static_assert(lanes<4>::addus(0x80ff7f01u, 0x80017f01u) == 0xfffffe02u);
static_assert(lanes<4>::subss(0x807f0000u, 0x01ff7f80u) == 0x807f817fu);
static_assert(lanes<2>::subss(0x80007fffu, 0x0001ffffu) == 0x80007fffu);
static_assert(lanes<2>::maxs(0x8000ffffu, 0x7fff0001u) == 0x7fff0001u);
static_assert(lanes<2>::mins(0x8000ffffu, 0x7fff0001u) == 0x8000ffffu);
static_assert(lanes<4>::pick<0x0123, 0xfu>(0x44332211u, 0u) == 0x11223344u);
static_assert(lanes<4>::pick<0x7777, 0xfu>(0u, 0x88000000u) == 0x88888888u);
static_assert(lanes<2>::pick<0x01, 0x3u>(0x22221111u, 0u) == 0x11112222u);
static_assert(lanes<4>::select(0x44332211u, 0x88776655u, 0x7654u) == 0x88776655u);
static_assert(lanes<2>::narrow(lanes<2>::widen(0xbeefcafeu)) == 0xbeefcafeu);
static_assert(lanes<4>::narrow(lanes<4>::widen(0xbeefcafeu)) == 0xbeefcafeu);

}  // namespace

namespace {
// The saturating word helpers at their bounds.
static_assert(ptxv::detail::addsat_s32(0x7fffffffu, 1u) == 0x7fffffffu);
static_assert(ptxv::detail::addsat_s32(0x80000000u, 0xffffffffu) == 0x80000000u);
static_assert(ptxv::detail::addsat_s32(0x80000000u, 0x7fffffffu) == 0xffffffffu);
static_assert(ptxv::detail::subsat_s32(0x80000000u, 1u) == 0x80000000u);
static_assert(ptxv::detail::subsat_s32(0x7fffffffu, 0xffffffffu) == 0x7fffffffu);
static_assert(ptxv::detail::subsat_s32(0u, 0x80000000u) == 0x7fffffffu);
static_assert(ptxv::detail::subsat_u32(1u, 2u) == 0u);
// Mixed types at the bounds R6 clamps (a .u32 dtype only below 0).
static_assert(ptxv::detail::addsat<false, true, false>(0xffffffffu, 0x7fffffffu) == 0x7ffffffeu);  // 2^33 - 2^31 - 2, low word
static_assert(ptxv::detail::addsat<false, true, false>(0u, 0xffffffffu) == 0u);                   // 0 + -1
static_assert(ptxv::detail::addsat<false, true, false>(1u, 0xffffffffu) == 0u);                   // 1 + -1
static_assert(ptxv::detail::addsat<false, false, true>(0x7fffffffu, 1u) == 0x7fffffffu);          // 2^31
static_assert(ptxv::detail::addsat<false, false, true>(0x7ffffffeu, 1u) == 0x7fffffffu);          // 2^31 - 1
static_assert(ptxv::detail::addsat<true, true, false>(0x80000000u, 0x7fffffffu) == 0u);           // -1
static_assert(ptxv::detail::subsat<true, false, true>(0xffffffffu, 0x7fffffffu) == 0x80000000u);  // -2^31
static_assert(ptxv::detail::subsat<true, false, true>(0xffffffffu, 0x80000000u) == 0x80000000u);  // below -2^31
static_assert(ptxv::detail::subsat<true, false, true>(0x7fffffffu, 0u) == 0x7fffffffu);
static_assert(ptxv::detail::subsat<false, true, true>(0u, 0x80000000u) == 0x7fffffffu);           // 2^31
static_assert(ptxv::detail::subsat<false, true, false>(0xffffffffu, 0x80000000u) == 0x7fffffffu); // 2^32 + 2^31 - 1, low word
static_assert(ptxv::detail::subsat<false, true, false>(0u, 1u) == 0u);                            // -1
static_assert(ptxv::detail::subsat<false, false, true>(0u, 0xffffffffu) == 0x80000000u);          // 1 - 2^32
static_assert(ptxv::detail::subsat<false, false, true>(0xffffffffu, 0u) == 0x7fffffffu);          // 2^32 - 1
// An unsigned word against a signed one, as their values compare.
static_assert(!ptxv::detail::lt_us(0u, 0xffffffffu) && ptxv::detail::lt_us(0u, 1u));
static_assert(!ptxv::detail::le_us(0u, 0xffffffffu) && ptxv::detail::le_us(0x7fffffffu, 0x7fffffffu));
static_assert(!ptxv::detail::le_us(0x80000000u, 0x7fffffffu) && !ptxv::detail::lt_us(0x80000000u, 0x80000000u));
static_assert(!ptxv::detail::eq_us(0xffffffffu, 0xffffffffu) && ptxv::detail::eq_us(0x7fffffffu, 0x7fffffffu));
static_assert(ptxv::detail::min_s32(0x80000000u, 0x7fffffffu) == 0x80000000u);
static_assert(ptxv::detail::max_s32(0xffffffffu, 0u) == 0u);
}  // namespace
namespace {
static_assert(ptxv::detail::absdiff_s32(0x80000000u, 0x7fffffffu) == 0xffffffffu);
static_assert(ptxv::detail::absdiff_u32(0u, 0xffffffffu) == 0xffffffffu);
static_assert(ptxv::detail::absdiff_u32(5u, 3u) == 2u);
}  // namespace
namespace {
static_assert(ptxv::detail::sar32(0x80000000u, 31u) == 0xffffffffu);
static_assert(ptxv::detail::sar32(0x40000000u, 30u) == 1u);
}  // namespace
