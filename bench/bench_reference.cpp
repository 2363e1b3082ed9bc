// Reference points for the generated SIMD code, measured with the same loop
// as BM_direct and named by the same instruction text:
//
//   BM_perlane/<text>  the obvious emulator formulation: take each lane out
//                      with a shift and a mask, extend it, apply the
//                      operation, clamp with an if, put the lane back. The
//                      operation and types are fixed at compile time, which
//                      is the most favourable case for this style; an
//                      emulator that switches on a decoded opcode per lane
//                      is slower still.
//   BM_perlane_lat/<text>  the same as a dependent chain (see BM_direct_lat)
//   BM_perlane_array/<text>  the same loop writing d[i] over the inputs, as
//                      BM_array measures the array forms
//   BM_perlane_rt/<text>  the same loop as an emulator runs it: one routine
//                      for every SIMD instruction, called out of line with
//                      the decoded operation, types, .sat, .add and mask, and
//                      switching on them per lane. This is the binding time
//                      of BM_dispatch (decoded once, evaluated through a
//                      call), as BM_perlane is that of BM_direct.
//   BM_perlane/<text> of a scalar instruction: the plain formulation emulators
//                      and migration helpers write: operands widened to 64
//                      bits, the operation, ternaries for clamps and min/max,
//                      the low word. Default selectors only.
//   BM_swar/<text>     the best-known SWAR formulation of the wrap-around
//                      byte add and subtract: the carry out of each byte's
//                      low 7 bits is computed in one 32-bit add, and the top
//                      bit is fixed up with an xor. The floor for vadd4 and
//                      vsub4 without .sat.

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "bench_common.hpp"

namespace ptxv_bench {
namespace {

int lane_u8(u32 x, int i) { return static_cast<int>((x >> (8 * i)) & 0xffu); }
int lane_s8(u32 x, int i) { return static_cast<int>(static_cast<std::int8_t>((x >> (8 * i)) & 0xffu)); }
int lane_s16(u32 x, int i) { return static_cast<int>(static_cast<std::int16_t>((x >> (16 * i)) & 0xffffu)); }

// vadd4.u32.u32.u32.sat
u32 perlane_vadd4_u_sat(u32 a, u32 b, u32) {
    u32 d = 0;
    for (int i = 0; i < 4; ++i) {
        int t = lane_u8(a, i) + lane_u8(b, i);
        if (t > 255) t = 255;
        d |= static_cast<u32>(t) << (8 * i);
    }
    return d;
}

// vadd4.s32.s32.s32.sat
u32 perlane_vadd4_s_sat(u32 a, u32 b, u32) {
    u32 d = 0;
    for (int i = 0; i < 4; ++i) {
        int t = lane_s8(a, i) + lane_s8(b, i);
        if (t > 127) t = 127;
        if (t < -128) t = -128;
        d |= (static_cast<u32>(t) & 0xffu) << (8 * i);
    }
    return d;
}

// vavrg4.u32.u32.u32: (s + 1) >> 1, s >= 0 for unsigned lanes.
u32 perlane_vavrg4_u(u32 a, u32 b, u32) {
    u32 d = 0;
    for (int i = 0; i < 4; ++i) {
        const int t = (lane_u8(a, i) + lane_u8(b, i) + 1) >> 1;
        d |= static_cast<u32>(t) << (8 * i);
    }
    return d;
}

// vabsdiff4.u32.u32.u32.add: the sum of absolute differences, plus c.
u32 perlane_vabsdiff4_u_add(u32 a, u32 b, u32 c) {
    u32 d = c;
    for (int i = 0; i < 4; ++i) {
        int t = lane_u8(a, i) - lane_u8(b, i);
        if (t < 0) t = -t;
        d += static_cast<u32>(t);
    }
    return d;
}

// vmin2.s32.s32.s32
u32 perlane_vmin2_s(u32 a, u32 b, u32) {
    u32 d = 0;
    for (int i = 0; i < 2; ++i) {
        const int x = lane_s16(a, i);
        const int y = lane_s16(b, i);
        const int t = x < y ? x : y;
        d |= (static_cast<u32>(t) & 0xffffu) << (16 * i);
    }
    return d;
}

// vset4.u32.u32.lt
u32 perlane_vset4_u_lt(u32 a, u32 b, u32) {
    u32 d = 0;
    for (int i = 0; i < 4; ++i) {
        const u32 t = lane_u8(a, i) < lane_u8(b, i) ? 1u : 0u;
        d |= t << (8 * i);
    }
    return d;
}

// The lane operations BM_perlane_rt's routine implements, as an emulator
// has its own opcodes: mapped once from the instruction's spelling, and an
// operation it does not implement is refused there, not in the lane loop.
enum class PeerOp { add, sub, avrg, absdiff, min, max, set };

PeerOp peer_op(ptxv::Operation op) {
    static constexpr std::pair<const char*, PeerOp> kOps[] = {
        {"add", PeerOp::add}, {"sub", PeerOp::sub}, {"avrg", PeerOp::avrg}, {"absdiff", PeerOp::absdiff},
        {"min", PeerOp::min}, {"max", PeerOp::max}, {"set", PeerOp::set}};
    for (const auto& [name, p] : kOps)
        if (std::string_view(ptxv::spelling(op)) == name) return p;
    throw std::invalid_argument(std::string("BM_perlane_rt implements no lane operation ") + ptxv::spelling(op));
}

// What BM_perlane_rt's routine needs of a decoded SIMD instruction.
struct LaneInstr {
    PeerOp op;
    ptxv::Cmp cmp;
    int lanes;
    int width;
    bool a_signed, b_signed, d_signed;
    bool sat;
    bool accumulate;
    unsigned mask;
};

LaneInstr lane_instr(const ptxv::Instr& in) {
    if (in.geometry == ptxv::Geometry::scalar) throw std::invalid_argument("BM_perlane_rt runs SIMD instructions only");
    LaneInstr l{};
    l.op = peer_op(in.operation);
    l.cmp = in.cmp;
    l.lanes = ptxv::lanes_of(in.geometry);
    l.width = ptxv::lane_bits(in.geometry);
    l.a_signed = in.atype == ptxv::Type::s32;
    l.b_signed = in.btype == ptxv::Type::s32;
    l.d_signed = in.dtype == ptxv::Type::s32;
    l.sat = in.sat;
    l.accumulate = in.op2 == ptxv::Op2::add;
    l.mask = in.mask;
    return l;
}

int lane(u32 x, int i, int width, bool is_signed) {
    const u32 field = (x >> (width * i)) & ((1u << width) - 1u);
    int v = static_cast<int>(field);
    if (is_signed && (field >> (width - 1)) != 0) v -= 1 << width;
    return v;
}

// Default selectors only: the lanes of a and b in natural order.
__attribute__((noinline)) u32 perlane_rt(const LaneInstr& in, u32 a, u32 b, u32 c) {
    const u32 lane_mask = (1u << in.width) - 1u;
    u32 d = in.accumulate ? c : 0u;
    for (int i = 0; i < in.lanes; ++i) {
        const int x = lane(a, i, in.width, in.a_signed);
        const int y = lane(b, i, in.width, in.b_signed);
        int t = 0;
        switch (in.op) {
            case PeerOp::add: t = x + y; break;
            case PeerOp::sub: t = x - y; break;
            case PeerOp::avrg: t = (x + y + (x + y >= 0 ? 1 : 0)) >> 1; break;
            case PeerOp::absdiff: t = x > y ? x - y : y - x; break;
            case PeerOp::min: t = x < y ? x : y; break;
            case PeerOp::max: t = x > y ? x : y; break;
            case PeerOp::set:
                switch (in.cmp) {
                    case ptxv::Cmp::eq: t = x == y; break;
                    case ptxv::Cmp::ne: t = x != y; break;
                    case ptxv::Cmp::lt: t = x < y; break;
                    case ptxv::Cmp::le: t = x <= y; break;
                    case ptxv::Cmp::gt: t = x > y; break;
                    case ptxv::Cmp::ge: t = x >= y; break;
                }
                break;
        }
        if (in.sat) {
            const int hi = in.d_signed ? (1 << (in.width - 1)) - 1 : (1 << in.width) - 1;
            const int lo = in.d_signed ? -(1 << (in.width - 1)) : 0;
            if (t > hi) t = hi;
            if (t < lo) t = lo;
        }
        const bool on = ((in.mask >> i) & 1u) != 0;
        if (in.accumulate) {
            if (on) d += static_cast<u32>(t);
        } else {
            const u32 v = on ? static_cast<u32>(t) & lane_mask : (c >> (in.width * i)) & lane_mask;
            d |= v << (in.width * i);
        }
    }
    return d;
}

// vadd4.u32.u32.u32 (wrap-around): add the low 7 bits of every byte at once,
// then the top bit of each byte is a ^ b ^ (carry into it).
u32 swar_vadd4(u32 a, u32 b, u32) { return ((a & 0x7f7f7f7fu) + (b & 0x7f7f7f7fu)) ^ ((a ^ b) & 0x80808080u); }

// vsub4.u32.u32.u32 (wrap-around): setting each minuend's top bit stops the
// borrow at the byte boundary; the xor restores the true top bit.
u32 swar_vsub4(u32 a, u32 b, u32) { return ((a | 0x80808080u) - (b & 0x7f7f7f7fu)) ^ ((a ^ ~b) & 0x80808080u); }

// --- scalar instructions, written plainly ---------------------------------
using i64 = std::int64_t;
i64 s64(u32 x) { return static_cast<std::int32_t>(x); }
i64 clamp64(i64 t, i64 lo, i64 hi) { return t < lo ? lo : t > hi ? hi : t; }
constexpr i64 kS32Min = -2147483648ll, kS32Max = 2147483647ll;

u32 plain_vadd_u(u32 a, u32 b, u32) { return static_cast<u32>(i64{a} + i64{b}); }
u32 plain_vadd_s_sat(u32 a, u32 b, u32) { return static_cast<u32>(clamp64(s64(a) + s64(b), kS32Min, kS32Max)); }
u32 plain_vsub_su_sat(u32 a, u32 b, u32) { return static_cast<u32>(clamp64(i64{a} - s64(b), kS32Min, kS32Max)); }
u32 plain_vsub_u_max(u32 a, u32 b, u32 c) {
    // R8: the difference's low word, sign-extended, compared as a 64-bit pattern.
    const std::uint64_t t = static_cast<std::uint64_t>(s64(static_cast<u32>(i64{a} - i64{b})));
    return static_cast<u32>(t > c ? t : c);
}
u32 plain_vabsdiff_us(u32 a, u32 b, u32) {
    const i64 t = s64(a) - s64(b);
    return static_cast<u32>(t < 0 ? -t : t);
}
u32 plain_vabsdiff_u_add(u32 a, u32 b, u32 c) {
    const i64 t = i64{a} - i64{b};
    return static_cast<u32>(t < 0 ? -t : t) + c;
}
u32 plain_vmin_s(u32 a, u32 b, u32) { return static_cast<u32>(s64(a) < s64(b) ? s64(a) : s64(b)); }
u32 plain_vmin_u_max(u32 a, u32 b, u32 c) {
    const i64 t = i64{a} < i64{b} ? i64{a} : i64{b};
    return static_cast<u32>(t > i64{c} ? t : i64{c});
}
u32 plain_vmax_u(u32 a, u32 b, u32) { return static_cast<u32>(i64{a} > i64{b} ? i64{a} : i64{b}); }
u32 plain_vmax_s_add(u32 a, u32 b, u32 c) { return static_cast<u32>(s64(a) > s64(b) ? s64(a) : s64(b)) + c; }
u32 plain_vshl_u_clamp(u32 a, u32 b, u32) {
    const u32 s = b > 32u ? 32u : b;
    return static_cast<u32>(std::uint64_t{a} << s);
}
u32 plain_vshl_u_wrap(u32 a, u32 b, u32) { return a << (b & 31u); }
u32 plain_vshr_s_clamp(u32 a, u32 b, u32) {
    const u32 s = b > 32u ? 32u : b;
    return static_cast<u32>(s64(a) >> s);
}
u32 plain_vshr_u_wrap_add(u32 a, u32 b, u32 c) { return (a >> (b & 31u)) + c; }
u32 plain_vmad_u(u32 a, u32 b, u32 c) { return static_cast<u32>(std::uint64_t{a} * b + c); }
u32 plain_vmad_s_sat(u32 a, u32 b, u32 c) {
    return static_cast<u32>(clamp64(s64(a) * s64(b) + s64(c), kS32Min, kS32Max));
}
u32 plain_vset_u_ge(u32 a, u32 b, u32) { return i64{a} >= i64{b} ? 1u : 0u; }
u32 plain_vset_us_lt(u32 a, u32 b, u32) { return i64{a} < s64(b) ? 1u : 0u; }
u32 plain_vset_s_ne_add(u32 a, u32 b, u32 c) { return (s64(a) != s64(b) ? 1u : 0u) + c; }

template <class F>
void add_reference(const char* prefix, const std::string& text, F f) {
    ptxv::Instr in;
    if (!decode(text, &in)) return;
    const char* error = matches_interpreter(prefix, text, in, f) ? nullptr : "reference differs from the interpreter";
    reg(std::string(prefix) + "/" + text, family_of(in), error, [f](benchmark::State& s) { throughput(s, f); });
    // In a dependent chain nothing vectorizes, as in an emulator stepping
    // one instruction at a time; compared with BM_direct_lat.
    if (std::string(prefix) == "BM_perlane") {
        reg(std::string(prefix) + "_lat/" + text, family_of(in), error, [f](benchmark::State& s) { latency(s, f); });
        const auto loop = [f](const u32* a, const u32* b, const u32* c, u32* d, std::size_t n) {
            for (std::size_t i = 0; i < n; ++i) d[i] = f(a[i], b[i], c[i]);
        };
        const char* array_error = array_matches_interpreter("BM_perlane_array", text, in, loop)
                                      ? nullptr
                                      : "reference differs from the interpreter";
        reg(std::string(prefix) + "_array/" + text, family_of(in), array_error,
            [loop](benchmark::State& s) { array_throughput(s, loop); });
    }
}

void add_perlane_rt(const std::string& text) {
    ptxv::Instr in;
    if (!decode(text, &in)) return;
    const LaneInstr l = lane_instr(in);
    const auto f = [l](u32 a, u32 b, u32 c) { return perlane_rt(l, a, b, c); };
    const char* error =
        matches_interpreter("BM_perlane_rt", text, in, f) ? nullptr : "reference differs from the interpreter";
    reg("BM_perlane_rt/" + text, family_of(in), error, [f](benchmark::State& s) { throughput(s, f); });
}

}  // namespace

// Wrapped in lambdas so that, like the direct forms, each reference inlines
// into its own instantiation of the measuring loop.
#define PTXV_REF(prefix, text, fn) add_reference(prefix, text, [](u32 a, u32 b, u32 c) noexcept { return fn(a, b, c); })

void register_references() {
    PTXV_REF("BM_perlane", "vadd4.u32.u32.u32.sat d, a, b, c", perlane_vadd4_u_sat);
    PTXV_REF("BM_perlane", "vadd4.s32.s32.s32.sat d, a, b, c", perlane_vadd4_s_sat);
    PTXV_REF("BM_perlane", "vavrg4.u32.u32.u32 d, a, b, c", perlane_vavrg4_u);
    PTXV_REF("BM_perlane", "vabsdiff4.u32.u32.u32.add d, a, b, c", perlane_vabsdiff4_u_add);
    PTXV_REF("BM_perlane", "vmin2.s32.s32.s32 d, a, b, c", perlane_vmin2_s);
    PTXV_REF("BM_perlane", "vset4.u32.u32.lt d, a, b, c", perlane_vset4_u_lt);
    for (const char* text : {"vadd4.u32.u32.u32.sat d, a, b, c", "vadd4.s32.s32.s32.sat d, a, b, c",
                             "vavrg4.u32.u32.u32 d, a, b, c", "vabsdiff4.u32.u32.u32.add d, a, b, c",
                             "vmin2.s32.s32.s32 d, a, b, c", "vset4.u32.u32.lt d, a, b, c"}) {
        add_perlane_rt(text);
    }
    PTXV_REF("BM_perlane", "vadd.u32.u32.u32 d, a, b", plain_vadd_u);
    PTXV_REF("BM_perlane", "vadd.s32.s32.s32.sat d, a, b", plain_vadd_s_sat);
    PTXV_REF("BM_perlane", "vsub.s32.u32.s32.sat d, a, b", plain_vsub_su_sat);
    PTXV_REF("BM_perlane", "vsub.u32.u32.u32.max d, a, b, c", plain_vsub_u_max);
    PTXV_REF("BM_perlane", "vabsdiff.u32.s32.s32 d, a, b", plain_vabsdiff_us);
    PTXV_REF("BM_perlane", "vabsdiff.u32.u32.u32.add d, a, b, c", plain_vabsdiff_u_add);
    PTXV_REF("BM_perlane", "vmin.s32.s32.s32 d, a, b", plain_vmin_s);
    PTXV_REF("BM_perlane", "vmin.u32.u32.u32.max d, a, b, c", plain_vmin_u_max);
    PTXV_REF("BM_perlane", "vmax.u32.u32.u32 d, a, b", plain_vmax_u);
    PTXV_REF("BM_perlane", "vmax.s32.s32.s32.add d, a, b, c", plain_vmax_s_add);
    PTXV_REF("BM_perlane", "vshl.u32.u32.u32.clamp d, a, b", plain_vshl_u_clamp);
    PTXV_REF("BM_perlane", "vshl.u32.u32.u32.wrap d, a, b", plain_vshl_u_wrap);
    PTXV_REF("BM_perlane", "vshr.s32.s32.u32.clamp d, a, b", plain_vshr_s_clamp);
    PTXV_REF("BM_perlane", "vshr.u32.u32.u32.wrap.add d, a, b, c", plain_vshr_u_wrap_add);
    PTXV_REF("BM_perlane", "vmad.u32.u32.u32 d, a, b, c", plain_vmad_u);
    PTXV_REF("BM_perlane", "vmad.s32.s32.s32.sat d, a, b, c", plain_vmad_s_sat);
    PTXV_REF("BM_perlane", "vset.u32.u32.ge d, a, b", plain_vset_u_ge);
    PTXV_REF("BM_perlane", "vset.u32.s32.lt d, a, b", plain_vset_us_lt);
    PTXV_REF("BM_perlane", "vset.s32.s32.ne.add d, a, b, c", plain_vset_s_ne_add);
    PTXV_REF("BM_swar", "vadd4.u32.u32.u32 d, a, b, c", swar_vadd4);
    PTXV_REF("BM_swar", "vsub4.u32.u32.u32 d, a, b, c", swar_vsub4);
}

}  // namespace ptxv_bench
