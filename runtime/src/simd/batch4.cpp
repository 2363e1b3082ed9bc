// ptxv: choosing a packed batch kernel for a SIMD instruction (see
// batch4.hpp) and decoding its parameters.

#include "batch4.hpp"

#include "isa.hpp"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace ptxv::batch4 {
namespace {

// The signedness of the operands and of d, and .sat; vset2/vset4 have no d
// type and no .sat (R14).
struct Types {
    bool sa, sb, sd, sat;
};
Types types_of(const Instr& in) {
    const bool set = in.operation == Operation::set;
    return {in.atype == Type::s32, in.btype == Type::s32, !set && in.dtype == Type::s32, !set && in.sat};
}

// The clamp a lane result needs under .sat when d's signedness is not the
// operands' (R7); the same signedness needs none.
Fix sat_fix(bool sat, bool operands_signed, bool d_signed) {
    if (!sat || operands_signed == d_signed) return Fix::none;
    return operands_signed ? Fix::to_unsigned : Fix::to_signed;
}

Core compare_core(Cmp cmp, bool wide) {
    static constexpr Core bytes[] = {Core::eq, Core::ne, Core::lt, Core::le, Core::gt, Core::ge};
    static constexpr Core words[] = {Core::w_eq, Core::w_ne, Core::w_lt, Core::w_le, Core::w_gt, Core::w_ge};
    const auto i = static_cast<std::size_t>(cmp);
    return wide ? words[i] : bytes[i];
}

// The plan for `in`, its shuffle left to bind(); false where no kernel
// applies.
bool choose(const Instr& in, const Types& types, Plan& plan) {
    const bool sa = types.sa, sb = types.sb, sd = types.sd, sat = types.sat;
    const bool same = sa == sb;
    const bool sum = in.op2 == Op2::add;
    const bool half = in.geometry == Geometry::half;
    const unsigned full = half ? 0x3u : 0xfu;
    const Out out = sum ? Out::sum : (in.mask & full) == full ? Out::store : Out::merge;
    plan = {half, Core::add_wrap, Fix::none, out, false, Shuffle::none};
    switch (in.operation) {
        case Operation::add:
        case Operation::sub: {
            const bool add = in.operation == Operation::add;
            if (!sat) {
                // The low 8 bits of a sum or difference do not depend on the
                // types; the exact lane results .add needs sum linearly.
                if (sum) {
                    plan.core = add ? Core::lin_add : Core::lin_sub;
                    plan.biased = sa || sb;
                } else {
                    plan.core = add ? Core::add_wrap : Core::sub_wrap;
                }
            } else if (same && sd == sa) {
                plan.core = add ? (sa ? Core::add_ss : Core::add_us) : (sa ? Core::sub_ss : Core::sub_us);
            } else {
                plan.core = add ? Core::w_add : Core::w_sub;
            }
            return true;
        }
        case Operation::avrg:
            // pavgb/pavgw round halves up; signed averages round them away
            // from zero, so only unsigned operands stay in their own width.
            if (same && !sa) {
                plan.core = Core::avrg_u;
                plan.fix = sat_fix(sat, false, sd);
            } else {
                plan.core = Core::w_avrg;
            }
            return true;
        case Operation::absdiff:
            if (same) {
                // |a - b| of two lanes of one signedness fits the lane unsigned.
                plan.core = Core::absdiff;
                plan.fix = sat_fix(sat, false, sd);
                plan.biased = sa;
            } else {
                plan.core = Core::w_absdiff;
            }
            return true;
        case Operation::min:
        case Operation::max:
            if (same) {
                // Bytes compare unsigned (pminub), half-words signed (pminsw).
                plan.core = in.operation == Operation::min ? Core::min : Core::max;
                plan.fix = sat_fix(sat, sa, sd);
                plan.biased = half ? !sa : sa;
            } else {
                plan.core = in.operation == Operation::min ? Core::w_min : Core::w_max;
            }
            return true;
        case Operation::set:
            plan.core = compare_core(in.cmp, !same);
            // pcmpgtb/pcmpgtw compare signed lanes.
            plan.biased = same && !sa && is_order_core(plan.core);
            return true;
        case Operation::shl:
        case Operation::shr:
        case Operation::mad:
            return false;
    }
    return false;
}

void fill8(std::uint8_t (&v)[16], std::uint8_t x) { std::memset(v, x, sizeof v); }
// Every 16-bit (or 32-bit) field of v set to x, in the machine's order.
void fill16(std::uint8_t (&v)[16], std::int16_t x) {
    for (std::size_t i = 0; i < 16; i += 2) std::memcpy(v + i, &x, 2);
}
void fill32(std::uint8_t (&v)[16], std::int32_t x) {
    for (std::size_t i = 0; i < 16; i += 4) std::memcpy(v + i, &x, 4);
}

}  // namespace

bool default_selectors(const Instr& in, std::size_t lanes, unsigned live) {
    for (std::size_t i = 0; i < lanes; ++i) {
        if ((live >> i & 1u) != 0 && (in.simd_asel[i] != i || in.simd_bsel[i] != lanes + i)) return false;
    }
    return true;
}

detail::BatchKernel bind(const Instr& in, detail::BatchParams& p, const char*& name) {
    if (in.geometry == Geometry::scalar) return nullptr;
    const Types types = types_of(in);
    Plan plan{};
    if (!choose(in, types, plan)) return nullptr;

    const bool half = plan.half;
    const std::size_t lanes = half ? 2 : 4, width = half ? 2 : 1;  // lanes per element, bytes per lane
    const bool sa = types.sa, sb = types.sb, sat = types.sat, sd = types.sd;
    const unsigned mask = in.mask & (half ? 0x3u : 0xfu);
    const std::uint32_t taken = static_cast<std::uint32_t>(__builtin_popcount(mask));

    p = {};
    // The selectors: each operand's lanes from one source, or from both.
    // Only the lanes in the mask count: the others' results are dropped
    // (merged from c, or left out of the sum), so what they read does not
    // matter.
    bool a_reads[2] = {false, false}, b_reads[2] = {false, false};
    for (std::size_t i = 0; i < lanes; ++i) {
        if ((mask >> i & 1u) == 0) continue;
        a_reads[in.simd_asel[i] % (2 * lanes) / lanes] = true;
        b_reads[in.simd_bsel[i] % (2 * lanes) / lanes] = true;
    }
    const bool one = !(a_reads[0] && a_reads[1]) && !(b_reads[0] && b_reads[1]);
    plan.shuffle = default_selectors(in, lanes, mask) ? Shuffle::none : one ? Shuffle::one : Shuffle::two;
    p.a_from_b = a_reads[1] && !a_reads[0];
    p.b_from_a = b_reads[0] && !b_reads[1];
    for (std::size_t at = 0; at < 16; ++at) {
        const std::size_t e = at / 4, lane = at % 4 / width, part = at % width;
        // Lane i of element e is lane sel[i] of the element's pair {b:a}
        // (R2): a lane of a below `lanes`, of b from there up.
        const unsigned sa_el = in.simd_asel[lane] % (2 * lanes), sb_el = in.simd_bsel[lane] % (2 * lanes);
        const auto byte_of = [&](unsigned el) {
            return static_cast<std::uint8_t>(4 * e + width * (el % lanes) + part);
        };
        const bool on = (mask >> lane & 1u) != 0;
        if (!on) {
            // pshufb writes zero where the control byte's top bit is set.
            p.shuffle[0][at] = p.shuffle[1][at] = p.shuffle[2][at] = p.shuffle[3][at] = 0x80;
        } else if (plan.shuffle == Shuffle::one) {
            p.shuffle[0][at] = byte_of(sa_el);
            p.shuffle[2][at] = byte_of(sb_el);
        } else {
            p.shuffle[0][at] = sa_el < lanes ? byte_of(sa_el) : 0x80;
            p.shuffle[1][at] = sa_el < lanes ? 0x80 : byte_of(sa_el);
            p.shuffle[2][at] = sb_el < lanes ? byte_of(sb_el) : 0x80;
            p.shuffle[3][at] = sb_el < lanes ? 0x80 : byte_of(sb_el);
        }
        // R4: lane i takes the result when mask bit i is set.
        p.lanes[at] = on ? 0xff : 0x00;
        p.weight8[at] = on ? 1 : 0;
        // Half-word lanes widened to 32 bits: lane at % 2 of each element.
        p.lanes32[at] = (mask >> (at / 4 % 2) & 1u) != 0 ? 0xff : 0x00;
    }
    // 16-bit weights: byte lanes widened (four per element), or half-word lanes.
    for (std::size_t j = 0; j < 8; ++j) p.weight[j] = static_cast<std::int16_t>(mask >> (j % (half ? 2 : 4)) & 1u);

    // The lane's sign bit maps signed order onto unsigned and back.
    if (half) {
        fill16(p.order, INT16_MIN);
    } else {
        fill8(p.order, 0x80);
    }
    // Sums: bytes are summed unsigned, signed ones biased by 128 (SSE2; SSSE3
    // sums them signed); half-words are summed signed, unsigned ones biased
    // by 32768. k takes the bias back out.
    const std::uint32_t bias = (half ? 32768u : 128u) * taken;
    const auto summed_biased = [&](bool operand_signed) { return half ? !operand_signed : operand_signed; };
    if (half) {
        fill16(p.sum_a, summed_biased(sa) ? INT16_MIN : 0);
        fill16(p.sum_b, summed_biased(sb) ? INT16_MIN : 0);
    } else {
        fill8(p.sum_a, summed_biased(sa) ? 0x80 : 0x00);
        fill8(p.sum_b, summed_biased(sb) ? 0x80 : 0x00);
    }
    // A biased byte counts 128 too many, a biased half-word 32768 too few.
    const auto correction = [&](bool biased_lanes) { return biased_lanes ? (half ? bias : 0u - bias) : 0u; };
    std::uint32_t k = correction(summed_biased(sums_signed(plan.core, plan.biased, half)));
    if (is_lin_core(plan.core)) {
        const std::uint32_t ka = correction(summed_biased(sa)), kb = correction(summed_biased(sb));
        k = plan.core == Core::lin_add ? ka + kb : ka - kb;
    }
    for (auto& x : p.k) x = k;

    // .sat clamps each lane to d's range (R7); without it the wide results
    // are exact and only their low bits are stored.
    if (half) {
        fill32(p.ext_a, sa ? 0x8000 : 0);
        fill32(p.ext_b, sb ? 0x8000 : 0);
        fill32(p.lo, sat ? (sd ? -32768 : 0) : INT32_MIN);
        fill32(p.hi, sat ? (sd ? 32767 : 65535) : INT32_MAX);
    } else {
        fill16(p.ext_a, sa ? 0x80 : 0);
        fill16(p.ext_b, sb ? 0x80 : 0);
        fill16(p.lo, sat ? (sd ? -128 : 0) : INT16_MIN);
        fill16(p.hi, sat ? (sd ? 127 : 255) : INT16_MAX);
    }

    // The widest vectors the CPU has; SSSE3 also sums faster than SSE2, so
    // SSE2 serves only CPUs without it.
    const Isa isa = runtime_isa();
    if (isa == Isa::generated) return nullptr;
    if (isa >= Isa::avx2) {
        if (const detail::BatchKernel f = kernel_avx2(plan)) {
            name = "avx2";
            return f;
        }
    }
    if (isa >= Isa::ssse3) {
        if (const detail::BatchKernel f = kernel_ssse3(plan)) {
            name = "ssse3";
            return f;
        }
    }
    if (plan.shuffle != Shuffle::none) return nullptr;
    name = "sse2";
    return kernel_sse2(plan);
}

}  // namespace ptxv::batch4

namespace ptxv {

Isa runtime_isa() {
    static const Isa isa = [] {
#if defined(__x86_64__) || defined(__i386__)
        Isa best = __builtin_cpu_supports("avx2")    ? Isa::avx2
                   : __builtin_cpu_supports("ssse3") ? Isa::ssse3
                                                     : Isa::sse2;
#else
        Isa best = Isa::generated;
#endif
        if (const char* cap = std::getenv("PTXV_ISA")) {
            const std::string_view c = cap;
            const Isa cap_isa = c == "generated" ? Isa::generated
                                : c == "sse2"      ? Isa::sse2
                                : c == "ssse3"     ? Isa::ssse3
                                                   : Isa::avx2;
            if (cap_isa < best) best = cap_isa;
        }
        return best;
    }();
    return isa;
}

}  // namespace ptxv
