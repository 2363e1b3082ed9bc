// Table-driven check of hand-worked vectors: each row is parsed and run
// through the reference interpreter; a failure shows the row and what came out.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>

#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"

namespace {

struct Vec {
    const char* instr;
    std::uint32_t a, b, c, d;
};

template <std::size_t N>
void check_vectors(const Vec (&rows)[N]) {
    for (const Vec& v : rows) {
        INFO(v.instr << "   a=0x" << std::hex << v.a << " b=0x" << v.b << " c=0x" << v.c
                     << "  expected d=0x" << v.d);
        ptxv::Instr in;
        try {
            in = ptxv::parse(v.instr);
        } catch (const ptxv::ParseError& e) {
            FAIL_CHECK("parse error: " << e.what());
            continue;
        }
        const std::uint32_t got = ptxv::interpret(in, v.a, v.b, v.c);
        INFO("got d=0x" << std::hex << got);
        CHECK(got == v.d);
    }
}

}  // namespace
