// The C API (ptxv/ptxv.h) against the C++ one it wraps and against the
// interpreter: random forms of every variant (immediates included) through
// every entry point, and each kind of bad input. tests/c_api/c_program.c
// checks that the header is C99 and that a C program links and runs it.

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "ptxv/compile.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/ptxv.h"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_tables.hpp"

namespace {

using u32 = std::uint32_t;
struct Free {
    void operator()(ptxv_op* op) const { ptxv_free(op); }
};
using Op = std::unique_ptr<ptxv_op, Free>;

// What the C++ API computes for register values a, b, c.
u32 cxx_eval(const ptxv::Instr& in, const ptxv::Compiled& f, u32 a, u32 b, u32 c) {
    return f(ptxv::operand_value(in.a, a), ptxv::operand_value(in.b, b), in.has_c ? ptxv::operand_value(in.c, c) : 0u);
}
u32 ref_eval(const ptxv::Instr& in, u32 a, u32 b, u32 c) {
    return ptxv::interpret(in, ptxv::operand_value(in.a, a), ptxv::operand_value(in.b, b),
                           in.has_c ? ptxv::operand_value(in.c, c) : 0u);
}

}  // namespace

TEST_CASE("C API: every variant's random forms agree with the C++ API and the interpreter, per word, over arrays and per warp") {
    ptxv::SplitMix64 rng(0xc0ffee);
    constexpr std::size_t kN = 300;  // more than the array form's block for immediate sources
    std::vector<u32> a(kN), b(kN), c(kN), d(kN), want(kN);
    std::size_t immediates = 0;
    for (int v = 0; v < ptxv::spec::kVariantCount; ++v) {
        for (int k = 0; k < 3; ++k) {
            const ptxv::Instr in = ptxv::random_form(v, rng);
            const std::string text = ptxv::print(in);
            INFO(text);
            char error[128] = "unchanged";
            const Op op(ptxv_compile(text.c_str(), error, sizeof error));
            REQUIRE(op != nullptr);
            CHECK(std::string(error).empty());
            CHECK(std::string(ptxv_text(op.get())) == text);
            const ptxv::Compiled f = ptxv::compile(in);
            // The device library's call for it: the variant's function and its trailing arguments.
            CHECK(std::string(ptxv_device_symbol(op.get())) == std::string("ptxv_") + f.function_name());
            u32 args[4] = {0, 0, 0, 0xdeadbeefu};
            REQUIRE(ptxv_device_args(op.get(), args, 4) == 3);
            CHECK(args[0] == f.asel());
            CHECK(args[1] == f.bsel());
            CHECK(args[2] == f.x());
            CHECK(args[3] == 0xdeadbeefu);
            immediates += (in.a.kind == ptxv::Operand::Kind::imm) + (in.b.kind == ptxv::Operand::Kind::imm) +
                          (in.c.kind == ptxv::Operand::Kind::imm);
            for (std::size_t i = 0; i < kN; ++i) {
                a[i] = ptxv::biased_word(rng), b[i] = ptxv::biased_word(rng), c[i] = ptxv::biased_word(rng);
                want[i] = ref_eval(in, a[i], b[i], c[i]);
            }
            bool per_word = true;
            for (std::size_t i = 0; i < kN && per_word; ++i) {
                per_word = ptxv_eval(op.get(), a[i], b[i], c[i]) == want[i] &&
                           ptxv_eval_reference(op.get(), a[i], b[i], c[i]) == want[i] &&
                           cxx_eval(in, f, a[i], b[i], c[i]) == want[i];
            }
            CHECK(per_word);
            ptxv_run(op.get(), a.data(), b.data(), c.data(), d.data(), kN);
            CHECK(d == want);
            if (!in.has_c) {
                std::fill(d.begin(), d.end(), 0u);
                ptxv_run(op.get(), a.data(), b.data(), nullptr, d.data(), kN);
                CHECK(d == want);
            }
            // A warp: inactive lanes keep d; d may be a source.
            const u32 active = rng.word();
            std::array<u32, 32> dw{}, keep{};
            for (std::size_t i = 0; i < 32; ++i) dw[i] = keep[i] = rng.word();
            ptxv_warp(op.get(), a.data(), b.data(), c.data(), dw.data(), active);
            bool warp = true;
            for (std::size_t i = 0; i < 32; ++i) warp = warp && dw[i] == (((active >> i) & 1u) != 0 ? want[i] : keep[i]);
            CHECK(warp);
            std::array<u32, 32> in_place{};
            std::copy(a.begin(), a.begin() + 32, in_place.begin());
            ptxv_warp(op.get(), in_place.data(), b.data(), c.data(), in_place.data(), active);
            bool aliased = true;
            for (std::size_t i = 0; i < 32; ++i)
                aliased = aliased && in_place[i] == (((active >> i) & 1u) != 0 ? want[i] : a[i]);
            CHECK(aliased);
        }
    }
    CHECK(immediates > 100);  // the immediate paths ran
}

TEST_CASE("C API: an immediate source's array may be NULL") {
    const Op b_imm(ptxv_compile("vadd.u32.u32.u32.sat r1, r2, 1;", nullptr, 0));
    const Op a_imm(ptxv_compile("vsub.u32.u32.u32 r1, 5, r3;", nullptr, 0));
    REQUIRE(b_imm != nullptr);
    REQUIRE(a_imm != nullptr);
    const u32 x[3] = {0x00000000u, 0xffffffffu, 0x7fffffffu};
    u32 d[3] = {};
    ptxv_run(b_imm.get(), x, nullptr, nullptr, d, 3);
    // a + 1; a .u32 .sat does not clamp 2^32 (docs/readings.md, R6, measured on an H100).
    CHECK(d[0] == 1u);
    CHECK(d[1] == 0u);
    CHECK(d[2] == 0x80000000u);
    ptxv_run(a_imm.get(), nullptr, x, nullptr, d, 3);
    // 5 - b, wrapping.
    CHECK(d[0] == 5u);
    CHECK(d[1] == 6u);
    CHECK(d[2] == 0x80000006u);
    CHECK(ptxv_eval(b_imm.get(), 41u, 12345u, 0u) == 42u);
    CHECK(ptxv_eval(a_imm.get(), 12345u, 2u, 0u) == 3u);
}

TEST_CASE("C API: bad input gets a defined result and a message naming the bad part") {
    char error[256];
    SECTION("an invalid instruction") {
        CHECK(ptxv_compile("vadd4.u32.u32.u32.sat.add d, a, b, c", error, sizeof error) == nullptr);
        CHECK(std::string(error).find(".sat") != std::string::npos);
        CHECK(ptxv_compile("vfoo.u32 d, a, b", error, sizeof error) == nullptr);
        CHECK(std::string(error).find("vfoo") != std::string::npos);
        CHECK(ptxv_compile("", error, sizeof error) == nullptr);
        CHECK(!std::string(error).empty());
    }
    SECTION("a NULL instruction") {
        CHECK(ptxv_compile(nullptr, error, sizeof error) == nullptr);
        CHECK(std::string(error) == "ptxv_compile: the instruction is NULL");
    }
    SECTION("an error buffer too small, of size 0, or NULL") {
        char small[6];
        std::memset(small, 'x', sizeof small);
        CHECK(ptxv_compile("vfoo.u32 d, a, b", small, sizeof small) == nullptr);
        CHECK(std::strlen(small) == 5);
        char untouched[4] = {'x', 'x', 'x', 'x'};
        CHECK(ptxv_compile("vfoo.u32 d, a, b", untouched, 0) == nullptr);
        CHECK(untouched[0] == 'x');
        CHECK(ptxv_compile("vfoo.u32 d, a, b", nullptr, 64) == nullptr);
    }
    SECTION("a NULL op or array") {
        ptxv_free(nullptr);
        CHECK(ptxv_eval(nullptr, 1, 2, 3) == 0u);
        CHECK(ptxv_eval_reference(nullptr, 1, 2, 3) == 0u);
        CHECK(std::string(ptxv_text(nullptr)).empty());
        CHECK(std::string(ptxv_device_symbol(nullptr)).empty());
        u32 args[3] = {5, 5, 5};
        CHECK(ptxv_device_args(nullptr, args, 3) == 0);
        CHECK(args[0] == 5u);
        u32 d[32] = {7};
        const u32 x[32] = {1};
        ptxv_run(nullptr, x, x, x, d, 32);
        ptxv_warp(nullptr, x, x, x, d, ~0u);
        CHECK(d[0] == 7u);
        const Op op(ptxv_compile("vadd.u32.u32.u32.add d, a, b, c", error, sizeof error));
        REQUIRE(op != nullptr);
        ptxv_run(op.get(), x, nullptr, x, d, 32);  // b is a register: nothing written
        ptxv_run(op.get(), x, x, nullptr, d, 32);  // so is c
        ptxv_warp(op.get(), nullptr, x, x, d, ~0u);
        ptxv_run(op.get(), x, x, x, nullptr, 32);
        CHECK(d[0] == 7u);
    }
    SECTION("a device argument buffer too small or NULL") {
        const Op op(ptxv_compile("vmad.s32.s32.u32.sat d, -a.h0, b.b2, c", error, sizeof error));
        REQUIRE(op != nullptr);
        u32 args[2] = {7, 7};
        CHECK(ptxv_device_args(op.get(), nullptr, 0) == 3);
        CHECK(ptxv_device_args(op.get(), args, 1) == 3);
        // The selectors as ptxv::Sel numbers them (none, b0..b3, h0, h1): a.h0 is 5, b.b2 is 3.
        CHECK(args[0] == 5u);
        CHECK(args[1] == 7u);
        CHECK(ptxv_device_args(op.get(), args, 2) == 3);
        CHECK(args[1] == 3u);
        CHECK(std::string(ptxv_device_symbol(op.get())) == "ptxv_vmad_s32_s32_u32_sat");
    }
    CHECK(std::string(ptxv_version()).find('.') != std::string::npos);
}
