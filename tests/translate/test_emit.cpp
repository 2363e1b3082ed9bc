// The C++ that replaces a statement (emit_statement): the shape of the block,
// written out by hand from GCC's operand rules and the header's signatures.
// Whether it computes what the instruction computes is the semantic check's
// job (compiling the output against ptxv eval).
#include <catch2/catch.hpp>

#include <string>

#include "ptxv/translate.hpp"

using namespace ptxv::translate;

namespace {
std::string emit(const std::string& src) {
    const auto found = find_asm(src);
    REQUIRE(found.size() == 1);
    const auto d = decode_template(found[0]);
    REQUIRE(d.why_not.empty());
    return emit_statement(found[0], d);
}
}  // namespace

TEST_CASE("emit: vmad with a negation and half-word selectors", "[translate]") {
    CHECK(emit("asm(\"vmad.s32.u32.u32 %0, -%1.h0, %2.h0, %3;\" : \"=r\"(acc[i]) : \"r\"(x), \"r\"(y), \"r\"(z));") ==
          "{ std::uint32_t _ptxv0; std::uint32_t _ptxv1 = static_cast<std::uint32_t>(x);"
          " std::uint32_t _ptxv2 = static_cast<std::uint32_t>(y); std::uint32_t _ptxv3 = static_cast<std::uint32_t>(z);"
          " _ptxv0 = ptxv::vmad_s32_u32_u32<ptxv::sel::h0, ptxv::sel::h0, ptxv::neg::a>(_ptxv1, _ptxv2, _ptxv3);"
          " (acc[i]) = _ptxv0; }");
}

TEST_CASE("emit: a merge into +r, a temporary, a written 0 as SIMD c", "[translate]") {
    CHECK(emit("asm(\"vadd.u32.u32.u32.sat %0.b1, %1.b2, %2, %0;\" : \"+r\"(d) : \"r\"(a), \"r\"(b));") ==
          "{ auto&& _ptxvref0 = (d); std::uint32_t _ptxv0 = static_cast<std::uint32_t>(_ptxvref0);"
          " std::uint32_t _ptxv1 = static_cast<std::uint32_t>(a);"
          " std::uint32_t _ptxv2 = static_cast<std::uint32_t>(b);"
          " _ptxv0 = ptxv::vadd_u32_u32_u32_sat<ptxv::sel::b2, ptxv::sel::none, ptxv::sel::b1>(_ptxv1, _ptxv2, _ptxv0);"
          " _ptxvref0 = _ptxv0; }");
    CHECK(emit("asm(\"{ .reg .u32 t; vsub4.u32.u32.u32 t, %1, %2, 0; mov.b32 %0, t; }\" : \"=r\"(d) : \"r\"(a), \"r\"(b));") ==
          "{ std::uint32_t _ptxv0; std::uint32_t _ptxv1 = static_cast<std::uint32_t>(a);"
          " std::uint32_t _ptxv2 = static_cast<std::uint32_t>(b); std::uint32_t _ptxv_t = 0;"
          " _ptxv_t = ptxv::vsub4_u32_u32_u32<0x3210, 0x7654, ptxv::mask::b3210>(_ptxv1, _ptxv2, 0u);"
          " _ptxv0 = _ptxv_t; (d) = _ptxv0; }");
}
