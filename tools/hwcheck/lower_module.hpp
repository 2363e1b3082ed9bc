// A PTX module of drawn forms of every variant, for checking `ptxv lower`:
// ptxas assembles its lowering (tests/ptxas/lower_ptxas.cpp) and a GPU runs
// it before and after (tools/hwcheck/lower_check.cpp).
//
// Its kernel `lowered(in, out, n)`: thread i < n reads five words at in + 20i
// (a, b, c, d's value before, the guard), and for each form j runs it with
// d = %r1, a = %r2, b = %r3, c = %r4 under the guard %g where the form is
// guarded, and stores d at out[j * n + i].
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_tables.hpp"

namespace ptxv_lower_check {

struct DrawnModule {
    std::string ptx;
    std::vector<ptxv::Instr> forms;
};

inline DrawnModule drawn_module(const std::string& arch, int forms_per_variant, std::uint64_t seed) {
    constexpr int kVariants = static_cast<int>(sizeof ptxv::spec::kVariants / sizeof ptxv::spec::kVariants[0]);
    const auto rename = [](ptxv::Operand& op, const char* name) {
        if (op.kind == ptxv::Operand::Kind::reg) op.name = name;
    };
    DrawnModule m;
    std::ostringstream o;
    o << ".version 7.8\n.target " << arch << "\n.address_size 64\n\n"
      << ".visible .entry lowered(.param .u64 p_in, .param .u64 p_out, .param .u32 p_n)\n{\n"
         "\t.reg .pred %g, %q;\n\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<6>;\n"
         "\tld.param.u64 %rd1, [p_in];\n\tld.param.u64 %rd2, [p_out];\n\tld.param.u32 %r5, [p_n];\n"
         "\tmov.u32 %r6, %ctaid.x;\n\tmov.u32 %r7, %ntid.x;\n\tmov.u32 %r8, %tid.x;\n"
         "\tmad.lo.u32 %r6, %r6, %r7, %r8;\n\tsetp.ge.u32 %q, %r6, %r5;\n\t@%q bra $L_done;\n"
         "\tmul.wide.u32 %rd3, %r6, 20;\n\tadd.u64 %rd3, %rd1, %rd3;\n"
         "\tmul.wide.u32 %rd4, %r6, 4;\n\tadd.u64 %rd4, %rd2, %rd4;\n\tmul.wide.u32 %rd5, %r5, 4;\n"
         "\tld.global.u32 %r2, [%rd3];\n\tld.global.u32 %r3, [%rd3+4];\n\tld.global.u32 %r4, [%rd3+8];\n"
         "\tld.global.u32 %r7, [%rd3+16];\n\tsetp.ne.u32 %g, %r7, 0;\n";
    ptxv::SplitMix64 rng(seed);
    for (int v = 0; v < kVariants; ++v) {
        for (int f = 0; f < forms_per_variant; ++f) {
            ptxv::Instr in = ptxv::random_form(v, rng);
            rename(in.d, "%r1");
            rename(in.a, "%r2");
            rename(in.b, "%r3");
            rename(in.c, "%r4");
            if (rng.next() % 4 == 0) {
                in.guard = "%g";
                in.guard_neg = rng.next() % 2 == 0;
            }
            o << "\tld.global.u32 %r1, [%rd3+12];\n\t" << ptxv::print(in)
              << "\n\tst.global.u32 [%rd4], %r1;\n\tadd.u64 %rd4, %rd4, %rd5;\n";
            m.forms.push_back(in);
        }
    }
    o << "$L_done:\n\tret;\n}\n";
    m.ptx = o.str();
    return m;
}

}  // namespace ptxv_lower_check
