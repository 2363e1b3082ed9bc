// Per-instruction throughput and latency of the three ways to evaluate a PTX
// video instruction:
//   BM_interp/<text>       ptxv::interpret on the decoded instruction
//   BM_dispatch/<text>     the ptxv::Compiled that ptxv::compile returns
//   BM_direct/<text>       the generated function, inlined, constant selectors
//   BM_dispatch_lat/<text>, BM_direct_lat/<text>: the same as a dependent chain
//   BM_array/<text>        SIMD only: the array form of ptxv_array.hpp, one
//                          call writing d[i] for the same inputs
//   BM_dispatch_array/<text>  the same through Compiled::run, the array form
//                          behind run-time dispatch (scalar instructions too)
// The instruction text is the name's second part, so engines pair up by it;
// the label is the spec family. The set covers every opcode: plain, .sat, the
// secondary operations, merges and masks, non-default selectors, vmad
// negation and .po, signed and unsigned types. A form with non-default
// selectors has its default-selector twin in the list (same text with the
// selectors, masks and negations removed), so bench/report can compare them;
// that ratio is measured paired (bench_common.hpp) in
//   BM_sel_direct/<text>, BM_sel_dispatch/<text>, BM_sel_array/<text>,
//   BM_sel_run/<text>: the form's pass and its twin's in turn, counter
//                          vs_ref (the form's time / the twin's)
// The custom context ptxv_kernel/run/<text> names the code run() used for
// each form (Compiled::batch_kernel()), so a run capped by PTXV_ISA shows
// which forms lost their kernel.

#include <cstddef>
#include <functional>
#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "bench_common.hpp"
#include "ptxv.hpp"
#include "ptxv_array.hpp"
#include "ptxv/compile.hpp"

namespace ptxv_bench {
namespace {

// One pass of each entry point over the per-op inputs, by instruction text,
// for pairing a form with non-default selectors with its default twin. Only
// passes that agree with the interpreter are kept.
struct Passes {
    std::string family;
    std::function<void()> direct, dispatch, array, run;
};
std::map<std::string, Passes>& passes() {
    static std::map<std::string, Passes> by_text;
    return by_text;
}

template <class Direct>
void add_op(const std::string& text, Direct direct) {
    ptxv::Instr in;
    if (!decode(text, &in)) return;
    const ptxv::Compiled compiled = ptxv::compile(in);
    const auto interp = [in](u32 a, u32 b, u32 c) { return ptxv::interpret(in, a, b, c); };

    const char* direct_error =
        matches_interpreter("direct", text, in, direct) ? nullptr : "direct form differs from the interpreter";
    const char* dispatch_error =
        matches_interpreter("dispatch", text, in, compiled) ? nullptr : "dispatch differs from the interpreter";
    const std::string family = family_of(in);

    reg("BM_interp/" + text, family, nullptr, [interp](benchmark::State& s) { throughput(s, interp); });
    reg("BM_dispatch/" + text, family, dispatch_error, [compiled](benchmark::State& s) { throughput(s, compiled); });
    reg("BM_direct/" + text, family, direct_error, [direct](benchmark::State& s) { throughput(s, direct); });
    reg("BM_dispatch_lat/" + text, family, dispatch_error, [compiled](benchmark::State& s) { latency(s, compiled); });
    reg("BM_direct_lat/" + text, family, direct_error, [direct](benchmark::State& s) { latency(s, direct); });
    Passes& p = passes()[text];
    p.family = family;
    const Inputs* inputs = &op_inputs();
    if (direct_error == nullptr) p.direct = [inputs, direct]() mutable { throughput_pass(*inputs, direct); };
    if (dispatch_error == nullptr) p.dispatch = [inputs, compiled]() mutable { throughput_pass(*inputs, compiled); };
    if (in.geometry == ptxv::Geometry::scalar) {
        // Scalar: run() over the same inputs (the SIMD ones get it with their array form).
        const auto run = [compiled](const u32* a, const u32* b, const u32* c, u32* d, std::size_t n) {
            compiled.run(a, b, c, d, n);
        };
        const char* run_error =
            array_matches_interpreter("dispatch_array", text, in, run) ? nullptr : "run() differs from the interpreter";
        reg("BM_dispatch_array/" + text, family, run_error, [run](benchmark::State& s) { array_throughput(s, run); });
        benchmark::AddCustomContext("ptxv_kernel/run/" + text, compiled.batch_kernel());
        if (run_error == nullptr) p.run = array_pass(run);
    }
}

template <class Array>
void add_array(const std::string& text, Array array) {
    ptxv::Instr in;
    if (!decode(text, &in)) return;
    const char* error =
        array_matches_interpreter("array", text, in, array) ? nullptr : "array form differs from the interpreter";
    reg("BM_array/" + text, family_of(in), error, [array](benchmark::State& s) { array_throughput(s, array); });
    const ptxv::Compiled compiled = ptxv::compile(in);
    const auto run = [compiled](const u32* a, const u32* b, const u32* c, u32* d, std::size_t n) {
        compiled.run(a, b, c, d, n);
    };
    const char* run_error =
        array_matches_interpreter("dispatch_array", text, in, run) ? nullptr : "run() differs from the interpreter";
    reg("BM_dispatch_array/" + text, family_of(in), run_error, [run](benchmark::State& s) { array_throughput(s, run); });
    benchmark::AddCustomContext("ptxv_kernel/run/" + text, compiled.batch_kernel());
    Passes& p = passes()[text];
    if (error == nullptr) p.array = array_pass(array);
    if (run_error == nullptr) p.run = array_pass(run);
}

// The same instruction with default selectors, mask and no negation. The one
// statement of the rule: the twin found is published in the run's context,
// where bench/report reads it.
std::string default_twin(const std::string& text) {
    static const std::regex selector(R"((^|[^\w.])-?([abcd])\.[bh]\d+)");
    static const std::regex negation(R"((^|[^\w.])-([abcd])\b)");
    return std::regex_replace(std::regex_replace(text, selector, "$1$2"), negation, "$1$2");
}

// BM_sel_<entry>/<text> for every form with a default twin in the list: the
// twin is the text without selectors, or without them and a trailing ", c"
// (the twin of "vset d.b1, a.b3, b.b2, c" is "vset d, a, b"). Context key
// ptxv_twin/<text> names it.
void add_selector_pairs() {
    const std::map<std::string, Passes>& all = passes();
    for (const auto& [text, form] : all) {
        const std::string plain = default_twin(text);
        if (plain == text) continue;
        std::vector<std::string> candidates{plain};
        const std::string tail = ", c";
        if (plain.size() > tail.size() && plain.compare(plain.size() - tail.size(), tail.size(), tail) == 0)
            candidates.push_back(plain.substr(0, plain.size() - tail.size()));
        const Passes* twin = nullptr;
        for (const std::string& c : candidates) {
            const auto it = all.find(c);
            if (it != all.end()) {
                twin = &it->second;
                benchmark::AddCustomContext("ptxv_twin/" + text, c);
                break;
            }
        }
        if (twin == nullptr) continue;
        const std::pair<const char*, std::function<void()> Passes::*> entries[] = {
            {"direct", &Passes::direct}, {"dispatch", &Passes::dispatch}, {"array", &Passes::array}, {"run", &Passes::run}};
        for (const auto& [entry, member] : entries) {
            const std::function<void()> subject = form.*member, reference = twin->*member;
            if (!subject || !reference) continue;
            reg(std::string("BM_sel_") + entry + "/" + text, form.family, nullptr,
                [subject, reference](benchmark::State& s) { paired(s, kOpElements, subject, reference); })
                ->UseManualTime();
        }
    }
}

}  // namespace

// Each direct form is its own lambda type, so throughput<> and latency<> are
// instantiated per instruction and the generated function inlines into the
// loop with its selectors as constants, as in a consumer's code.
#define PTXV_OP(text, ...)                                               \
    add_op(text, [](u32 a, u32 b, u32 c) noexcept -> u32 {               \
        (void)a;                                                         \
        (void)b;                                                         \
        (void)c;                                                         \
        return __VA_ARGS__;                                              \
    })

// A SIMD instruction: its per-word form as PTXV_OP, and its array form.
#define PTXV_SIMD(text, ...)                                                                         \
    PTXV_OP(text, ptxv::__VA_ARGS__(a, b, c));                                                      \
    add_array(text, [](const u32* a, const u32* b, const u32* c, u32* d, std::size_t n) noexcept { \
        ptxv::array::__VA_ARGS__(a, b, c, d, n);                                                    \
    })

void register_ops() {
    using ptxv::mask::b10;
    using ptxv::mask::b21;
    using ptxv::mask::b31;
    using ptxv::mask::b320;
    using ptxv::mask::h0;
    using ptxv::mask::h1;
    namespace sel = ptxv::sel;
    namespace neg = ptxv::neg;

    // --- vop: vadd vsub vabsdiff vmin vmax --------------------------------
    PTXV_OP("vadd.u32.u32.u32 d, a, b", ptxv::vadd_u32_u32_u32(a, b, c));
    PTXV_OP("vadd.s32.s32.s32.sat d, a, b", ptxv::vadd_s32_s32_s32_sat(a, b, c));
    PTXV_OP("vadd.s32.s32.s32.sat d.b2, a.b1, b.h0, c", ptxv::vadd_s32_s32_s32_sat<sel::b1, sel::h0, sel::b2>(a, b, c));
    PTXV_OP("vsub.s32.u32.s32.sat d, a, b", ptxv::vsub_s32_u32_s32_sat(a, b, c));
    PTXV_OP("vsub.u32.u32.u32.max d, a, b, c", ptxv::vsub_u32_u32_u32_max(a, b, c));
    PTXV_OP("vabsdiff.u32.s32.s32 d, a, b", ptxv::vabsdiff_u32_s32_s32(a, b, c));
    PTXV_OP("vabsdiff.u32.u32.u32.add d, a, b, c", ptxv::vabsdiff_u32_u32_u32_add(a, b, c));
    PTXV_OP("vabsdiff.u32.u32.u32.add d, a.b0, b.b0, c", ptxv::vabsdiff_u32_u32_u32_add<sel::b0, sel::b0>(a, b, c));
    PTXV_OP("vmin.s32.s32.s32 d, a, b", ptxv::vmin_s32_s32_s32(a, b, c));
    PTXV_OP("vmin.s32.u32.s32.sat.max d, a, b, c", ptxv::vmin_s32_u32_s32_sat_max(a, b, c));
    PTXV_OP("vmin.u32.u32.u32.max d, a, b, c", ptxv::vmin_u32_u32_u32_max(a, b, c));
    PTXV_OP("vmax.u32.u32.u32 d, a, b", ptxv::vmax_u32_u32_u32(a, b, c));
    PTXV_OP("vmax.s32.u32.u32.min d, a, b, c", ptxv::vmax_s32_u32_u32_min(a, b, c));
    PTXV_OP("vmax.s32.s32.s32.add d, a, b, c", ptxv::vmax_s32_s32_s32_add(a, b, c));
    PTXV_OP("vmax.s32.s32.s32.add d, a.h1, b.h0, c", ptxv::vmax_s32_s32_s32_add<sel::h1, sel::h0>(a, b, c));

    // --- vshift: vshl vshr -------------------------------------------------
    PTXV_OP("vshl.u32.u32.u32.wrap d, a, b", ptxv::vshl_u32_u32_u32_wrap(a, b, c));
    PTXV_OP("vshl.u32.u32.u32.clamp d, a, b", ptxv::vshl_u32_u32_u32_clamp(a, b, c));
    PTXV_OP("vshl.s32.s32.u32.sat.clamp d, a, b", ptxv::vshl_s32_s32_u32_sat_clamp(a, b, c));
    PTXV_OP("vshl.u32.u32.u32.clamp.min d, a, b, c", ptxv::vshl_u32_u32_u32_clamp_min(a, b, c));
    PTXV_OP("vshr.s32.s32.u32.clamp d, a, b", ptxv::vshr_s32_s32_u32_clamp(a, b, c));
    PTXV_OP("vshr.u32.u32.u32.wrap.add d, a, b, c", ptxv::vshr_u32_u32_u32_wrap_add(a, b, c));
    PTXV_OP("vshr.s32.s32.u32.clamp d.h1, a, b.b0, c",
            ptxv::vshr_s32_s32_u32_clamp<sel::none, sel::b0, sel::h1>(a, b, c));

    // --- vmad ---------------------------------------------------------------
    PTXV_OP("vmad.u32.u32.u32 d, a, b, c", ptxv::vmad_u32_u32_u32(a, b, c));
    PTXV_OP("vmad.u32.u32.u32 d, a.b0, b.b1, -c", ptxv::vmad_u32_u32_u32<sel::b0, sel::b1, neg::c>(a, b, c));
    PTXV_OP("vmad.s32.s32.s32.sat d, a, b, c", ptxv::vmad_s32_s32_s32_sat(a, b, c));
    PTXV_OP("vmad.s32.s32.s32.po.sat.shr15 d, a, b, c", ptxv::vmad_s32_s32_s32_po_sat_shr15(a, b, c));
    PTXV_OP("vmad.s32.u32.s32.sat d, a, b, c", ptxv::vmad_s32_u32_s32_sat(a, b, c));
    PTXV_OP("vmad.s32.u32.s32.sat d, a.h1, -b, c", ptxv::vmad_s32_u32_s32_sat<sel::h1, sel::none, neg::b>(a, b, c));

    // --- vset ---------------------------------------------------------------
    PTXV_OP("vset.u32.s32.lt d, a, b", ptxv::vset_u32_s32_lt(a, b, c));
    PTXV_OP("vset.s32.s32.ne.add d, a, b, c", ptxv::vset_s32_s32_ne_add(a, b, c));
    PTXV_OP("vset.u32.u32.ge d, a, b", ptxv::vset_u32_u32_ge(a, b, c));
    PTXV_OP("vset.u32.u32.ge d.b1, a.b3, b.b2, c", ptxv::vset_u32_u32_ge<sel::b3, sel::b2, sel::b1>(a, b, c));

    // --- vop2: vadd2 vsub2 vavrg2 vabsdiff2 vmin2 vmax2 ----------------------
    PTXV_SIMD("vadd2.u32.u32.u32 d, a, b, c", vadd2_u32_u32_u32);
    PTXV_SIMD("vadd2.s32.s32.s32.sat d, a, b, c", vadd2_s32_s32_s32_sat);
    PTXV_SIMD("vadd2.s32.s32.s32.sat d.h1, a.h01, b.h23, c", vadd2_s32_s32_s32_sat<0x01, 0x23, h1>);
    PTXV_SIMD("vsub2.s32.s32.s32.sat d, a, b, c", vsub2_s32_s32_s32_sat);
    PTXV_SIMD("vsub2.u32.u32.u32.add d, a, b, c", vsub2_u32_u32_u32_add);
    PTXV_SIMD("vavrg2.s32.s32.s32 d, a, b, c", vavrg2_s32_s32_s32);
    PTXV_SIMD("vabsdiff2.u32.u32.u32.add d, a, b, c", vabsdiff2_u32_u32_u32_add);
    PTXV_SIMD("vmin2.s32.s32.s32 d, a, b, c", vmin2_s32_s32_s32);
    PTXV_SIMD("vmin2.s32.s32.s32 d.h0, a.h12, b.h30, c", vmin2_s32_s32_s32<0x12, 0x30, h0>);
    PTXV_SIMD("vmax2.u32.u32.u32 d, a, b, c", vmax2_u32_u32_u32);

    // --- vset2 ----------------------------------------------------------------
    PTXV_SIMD("vset2.u32.u32.lt d, a, b, c", vset2_u32_u32_lt);
    PTXV_SIMD("vset2.s32.s32.ne.add d, a, b, c", vset2_s32_s32_ne_add);
    PTXV_SIMD("vset2.u32.s32.lt.add d, a, b, c", vset2_u32_s32_lt_add);
    PTXV_SIMD("vset2.s32.s32.ge d, a, b, c", vset2_s32_s32_ge);
    PTXV_SIMD("vset2.s32.s32.ge d.h1, a.h01, b, c", vset2_s32_s32_ge<0x01, 0x32, h1>);

    // --- vop4: vadd4 vsub4 vavrg4 vabsdiff4 vmin4 vmax4 ----------------------
    PTXV_SIMD("vadd4.u32.u32.u32 d, a, b, c", vadd4_u32_u32_u32);
    PTXV_SIMD("vadd4.u32.u32.u32.sat d, a, b, c", vadd4_u32_u32_u32_sat);
    PTXV_SIMD("vadd4.s32.s32.s32.sat d, a, b, c", vadd4_s32_s32_s32_sat);
    PTXV_SIMD("vadd4.s32.s32.s32.sat d, a.b7654, b, c", vadd4_s32_s32_s32_sat<0x7654, 0x7654>);
    PTXV_SIMD("vadd4.s32.u32.u32.sat d, a, b, c", vadd4_s32_u32_u32_sat);
    PTXV_SIMD("vsub4.u32.u32.u32 d, a, b, c", vsub4_u32_u32_u32);
    PTXV_SIMD("vsub4.u32.u32.u32 d.b320, a.b7654, b.b3210, c", vsub4_u32_u32_u32<0x7654, 0x3210, b320>);
    PTXV_SIMD("vsub4.s32.s32.s32.sat d, a, b, c", vsub4_s32_s32_s32_sat);
    PTXV_SIMD("vavrg4.u32.u32.u32 d, a, b, c", vavrg4_u32_u32_u32);
    PTXV_SIMD("vavrg4.s32.s32.s32 d, a, b, c", vavrg4_s32_s32_s32);
    PTXV_SIMD("vabsdiff4.u32.u32.u32.add d, a, b, c", vabsdiff4_u32_u32_u32_add);
    PTXV_SIMD("vabsdiff4.u32.u32.u32.add d.b10, a.b0123, b.b4567, c", vabsdiff4_u32_u32_u32_add<0x0123, 0x4567, b10>);
    // a's bytes 1..4 of the pair {b:a}: the sum of differences at a one-byte offset, as block matching reads it.
    PTXV_SIMD("vabsdiff4.u32.u32.u32.add d, a.b4321, b, c", vabsdiff4_u32_u32_u32_add<0x4321, 0x7654>);
    PTXV_SIMD("vabsdiff4.s32.s32.s32.sat d, a, b, c", vabsdiff4_s32_s32_s32_sat);
    PTXV_SIMD("vmin4.u32.u32.u32 d, a, b, c", vmin4_u32_u32_u32);
    PTXV_SIMD("vmin4.u32.u32.u32 d.b31, a.b1032, b.b5476, c", vmin4_u32_u32_u32<0x1032, 0x5476, b31>);
    PTXV_SIMD("vmin4.s32.u32.u32.add d, a, b, c", vmin4_s32_u32_u32_add);
    PTXV_SIMD("vmax4.s32.s32.s32.sat d, a, b, c", vmax4_s32_s32_s32_sat);

    // --- vset4 ----------------------------------------------------------------
    PTXV_SIMD("vset4.u32.u32.lt d, a, b, c", vset4_u32_u32_lt);
    PTXV_SIMD("vset4.s32.s32.eq.add d, a, b, c", vset4_s32_s32_eq_add);
    PTXV_SIMD("vset4.u32.s32.gt d, a, b, c", vset4_u32_s32_gt);
    PTXV_SIMD("vset4.u32.u32.lt d.b21, a.b4321, b.b0765, c", vset4_u32_u32_lt<0x4321, 0x0765, b21>);

    add_selector_pairs();
}

}  // namespace ptxv_bench
