// ptxv-gen's expression trees (generator/expr.hpp): the type checks that
// stop a bad body in the generator, the C++ printer's grouping, and the
// structural questions the plan pass asks of bodies.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "expr.hpp"

using namespace ptxv::gen::ir;

namespace {
const E a = var("a", Ty::u32), b = var("b", Ty::u32), c = var("c", Ty::u32);
const E w = var("w", Ty::i64), q = var("q", Ty::u64);
const E asel = var("asel", Ty::sel), m = var("m", Ty::mask);
}  // namespace

TEST_CASE("expression trees: calls are checked against the declared helpers", "[expr]") {
    CHECK(cpp(call("xs32", {a, asel})) == "detail::xs32(a, asel)");
    CHECK(call("xs", {a, asel}).ty() == Ty::i64);
    CHECK_THROWS_AS(call("xs32", {a}), std::logic_error);                 // arity
    CHECK_THROWS_AS(call("xs32", {a, a}), std::logic_error);              // a word is not a selector
    CHECK_THROWS_AS(call("dmerge", {c, w, var("dsel", Ty::dsel)}), std::logic_error);  // i64 into u32
    CHECK_THROWS_AS(call("no_such_helper", {a}), std::logic_error);
    CHECK_THROWS_AS(call("addsat", {a, b}), std::logic_error);            // template arguments missing
    CHECK(cpp(call("addsat", {a, b}, {true, false, true})) == "detail::addsat<true, false, true>(a, b)");
    CHECK(cpp(lane_call(4, "mask", {m})) == "detail::lanes<4>::mask(m)");
    CHECK_THROWS_AS(lane_call(3, "mask", {m}), std::logic_error);
    CHECK_THROWS_AS(lane_call(4, "xs32", {a, asel}), std::logic_error);  // not a lane helper
    // A 32-bit word widens to 64 bits where a helper takes them; 64 bits do not narrow.
    CHECK(cpp(call("sx34", {cast(Ty::u64, w)})) == "detail::sx34(static_cast<std::uint64_t>(w))");
    CHECK_NOTHROW(call("umin64", {q, a}));
    CHECK_THROWS_AS(call("xs32", {q, asel}), std::logic_error);
}

TEST_CASE("expression trees: operators are typed", "[expr]") {
    CHECK((a + b).ty() == Ty::u32);
    CHECK((w + a).ty() == Ty::i64);
    CHECK((a + lit(Ty::int_, 1)).ty() == Ty::u32);
    CHECK(lt(a, b).ty() == Ty::boolean);
    CHECK((q << a).ty() == Ty::u64);
    CHECK_THROWS_AS(w + q, std::logic_error);        // mixed 64-bit signedness
    CHECK_THROWS_AS(lt(a, b) + a, std::logic_error);  // a bool is not a number without a cast
    CHECK_THROWS_AS(!a, std::logic_error);
    CHECK_THROWS_AS(~lt(a, b), std::logic_error);
    CHECK_THROWS_AS(asel + a, std::logic_error);
    CHECK_THROWS_AS(cast(Ty::u32, w, true), std::logic_error);  // u32{w} narrows
    CHECK_THROWS_AS(select(a, b, c), std::logic_error);        // the condition is a bool
    CHECK(cpp(select(lt(a, b), a, b)) == "detail::sel32(a < b, a, b)");
    CHECK(cpp(select(lt(w, w), w, w)) == "detail::sel64(w < w, w, w)");
    Body body;
    CHECK_THROWS_AS(body.let(Ty::u32, "t", w), std::logic_error);
    body.let(Ty::u32, "t", a);
    CHECK_THROWS_AS(body.let(Ty::u32, "t", b), std::logic_error);  // bound twice
}

TEST_CASE("expression trees: literals keep their spelling", "[expr]") {
    CHECK(cpp(lit(Ty::u32, 31)) == "31u");
    CHECK(cpp(lit(Ty::int_, 7)) == "7");
    CHECK(cpp(hex(Ty::u32, 0x7fffffff, 8)) == "0x7fffffffu");
    CHECK(cpp(hex(Ty::u32, 0xff, 8)) == "0x000000ffu");
    CHECK(cpp(hex(Ty::u64, 0x0001000100010001ull, 16)) == "0x0001000100010001ull");
    CHECK(cpp(hex(Ty::u64, 0xffffffffull, 0)) == "0xffffffffull");
    CHECK(cpp(shex(-0x80000000ll)) == "-0x80000000ll");
    CHECK(cpp(shex(0x7fffffffll)) == "0x7fffffffll");
    CHECK(cpp(cast(Ty::u64, lit(Ty::int_, 0), true)) == "std::uint64_t{0}");
}

TEST_CASE("the C++ printer groups what precedence needs and what mixes operator kinds", "[expr]") {
    const E one = lit(Ty::u32, 1), k = hex(Ty::u32, 0x7f7f7f7f, 8);
    // Precedence: a sum under a bitwise operator, a shift under a sum.
    CHECK(cpp((a - b) ^ c) == "(a - b) ^ c");
    CHECK(cpp(a - (b >> lit(Ty::int_, 31))) == "a - (b >> 31)");
    CHECK(cpp(a - (b - c)) == "a - (b - c)");
    CHECK(cpp((a - b) - c) == "a - b - c");
    CHECK(cpp(a * b + c + one) == "a * b + c + 1u");
    CHECK(cpp(a + b * c) == "a + b * c");
    // Another bitwise operator, or a shift of a sum, is grouped though C++ would not need it.
    CHECK(cpp(a ^ (b & c)) == "a ^ (b & c)");
    CHECK(cpp((a + b) >> one) == "(a + b) >> 1u");
    CHECK(cpp((a | b) - (((a ^ b) >> one) & k)) == "(a | b) - (((a ^ b) >> 1u) & 0x7f7f7f7fu)");
    // One associative bitwise operator chains from the left.
    CHECK(cpp(((a ^ b) & (c >> one)) & k) == "(a ^ b) & (c >> 1u) & 0x7f7f7f7fu");
    CHECK(cpp(a & (b & c)) == "a & (b & c)");
    CHECK(cpp(~(a & b)) == "~(a & b)");
    CHECK(cpp(!call("lt_s32", {a, b})) == "!detail::lt_s32(a, b)");
    CHECK(cpp(paren(a + b) - c) == "(a + b) - c");
}

TEST_CASE("bodies: printed as statements, compared and searched as trees", "[expr]") {
    const auto make = [](bool other) {
        Body body;
        const E ta = body.let(Ty::u32, "ta", call("xu32", {a, asel}));
        const E s = body.let(Ty::uint, "s", ta & lit(Ty::u32, 31));
        body.ret(other ? ta >> s : ta << s);
        return body;
    };
    const Body x = make(false), y = make(false), z = make(true);
    CHECK(cpp(x) ==
          "    const u32 ta = detail::xu32(a, asel);\n"
          "    const unsigned s = ta & 31u;\n"
          "    return ta << s;\n");
    CHECK(same(x, y));
    CHECK(hash(x) == hash(y));
    CHECK_FALSE(same(x, z));
    CHECK(uses(x, "ta") == 2);
    CHECK(uses(x, "a") == 1);
    CHECK(uses(x, "b") == 0);
}
