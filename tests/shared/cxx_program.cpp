// The C++ API through libptxv.so: a program that links only the shared
// library uses every public header's entry points (so the export list,
// runtime/exports.map, leaves none of them out), and the results agree with
// the interpreter. Exit status 0 when everything links and agrees.
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "ptxv/batch_text.hpp"
#include "ptxv/check.hpp"
#include "ptxv/compile.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv/lower.hpp"
#include "ptxv/translate.hpp"
#include "ptxv_cuda.hpp"
#include "ptxv_cuda_dispatch.hpp"

namespace {
int failures = 0;
void expect(bool ok, const std::string& what) {
    if (!ok) {
        std::fprintf(stderr, "FAIL: %s\n", what.c_str());
        ++failures;
    }
}
}  // namespace

int main() {
    ptxv::SplitMix64 rng(5);
    constexpr std::size_t n = 96;
    std::vector<std::uint32_t> a(n), b(n), c(n), d(n), masks(n / ptxv::kWarpSize);
    for (int v = 0; v < 1024; v += 7) {
        const ptxv::Instr in = ptxv::random_form(v, rng);
        const std::string text = ptxv::print(in);
        const ptxv::Compiled f = ptxv::compile(ptxv::parse(text));
        for (std::size_t i = 0; i < n; ++i) a[i] = ptxv::biased_word(rng), b[i] = rng.word(), c[i] = rng.word();
        const auto value = [&](const ptxv::Operand& o, std::uint32_t x) { return ptxv::operand_value(o, x); };
        std::vector<std::uint32_t> want(n);
        for (std::size_t i = 0; i < n; ++i)
            want[i] = ptxv::interpret(in, value(in.a, a[i]), value(in.b, b[i]), in.has_c ? value(in.c, c[i]) : 0u);
        bool per_word = true;
        for (std::size_t i = 0; i < n; ++i)
            per_word = per_word && f(value(in.a, a[i]), value(in.b, b[i]), in.has_c ? value(in.c, c[i]) : 0u) == want[i];
        expect(per_word, text + ": per word");
        const bool registers = in.a.kind != ptxv::Operand::Kind::imm && in.b.kind != ptxv::Operand::Kind::imm &&
                               in.c.kind != ptxv::Operand::Kind::imm;
        if (registers) {
            f.run(a.data(), b.data(), c.data(), d.data(), n);
            expect(d == want, text + ": run");
            for (std::uint32_t& m : masks) m = ~0u;
            std::vector<std::uint32_t> w = a;
            f.warps(w.data(), b.data(), c.data(), w.data(), masks.data(), masks.size());
            expect(w == want, text + ": warps");
        }
        expect(std::string(f.function_name()).size() > 4 && f.ptx() != nullptr && f.batch_kernel() != nullptr,
               text + ": names");
    }
    expect(!ptxv::try_parse("vfoo d, a, b", nullptr).has_value(), "try_parse rejects");
    try {
        ptxv::parse("vadd4.u32.u32.u32.bogus d, a, b, c");
        expect(false, "parse throws");
    } catch (const ptxv::ParseError& e) {
        expect(std::string(e.what()).find("bogus") != std::string::npos, "ParseError names the part");
    }
    std::ostringstream report;
    const ptxv::CheckResult r = ptxv::check_random(20000, 1, report);
    expect(r.mismatches == 0 && r.vectors == 20000, "check_random");
    expect(ptxv::eval_batch_line("vadd4.u32.u32.u32.sat d, a, b, c;\t0xff010203\t0x01010101\t0", ptxv::BatchEngine::interp).d ==
               0xff020304u, "eval_batch_line");
    const ptxv::translate::TranslatedSource t =
        ptxv::translate::translate_source("asm(\"vadd4.u32.u32.u32.sat %0, %1, %2, %3;\" : \"=r\"(d) : \"r\"(a), \"r\"(b), \"r\"(c));\n", false);
    expect(t.translated == 1, "translate_source");
    const ptxv::Lowered low = ptxv::lower_module(".version 7.8\n.target sm_75\n.entry k()\n{\n\t.reg .b32 %r<5>;\n"
                                                 "\tvadd4.u32.u32.u32.sat %r1, %r2, %r3, %r4;\n\tret;\n}\n");
    expect(low.counts.count("vadd4") == 1 && low.ptx.find("\tvadd4") == std::string::npos, "lower_module");
    expect(ptxv::lower_report(low, "m").rfind("m: vadd4: 1 lowered, ", 0) == 0, "lower_report");
    try {
        ptxv::lower_module("not a module");
        expect(false, "lower_module throws");
    } catch (const ptxv::LowerError& e) {
        expect(e.line == 0 && std::string(e.what()).find(".version") != std::string::npos, "LowerError");
    }
    std::uint32_t x[4] = {0xff010203u, 1, 2, 3}, y[4] = {0x01010101u, 1, 1, 1}, z[4] = {};
    ptxv::cuda::dispatch::vaddus4(x, y, z, 4);
    expect(z[0] == ptxv::cuda::vaddus4(x[0], y[0]) && z[0] == 0xff020304u, "cuda::dispatch");
    expect(std::string(ptxv::cuda::dispatch::target()).size() > 0, "cuda::dispatch::target");
    if (failures != 0) return 1;
    std::printf("C++ API through libptxv.so: forms of 147 variants, check_random, batch text, translate, lower and "
                "cuda::dispatch agree (dispatch target %s)\n", ptxv::cuda::dispatch::target());
    return 0;
}
