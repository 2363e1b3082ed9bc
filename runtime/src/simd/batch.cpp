// ptxv: binding a SIMD instruction to a packed kernel (see batch.hpp): its
// lane plan from the tables, its selectors and mask decoded into Params.

#include "batch.hpp"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>

#include "isa.hpp"
#include "ptxv_tables.hpp"

namespace ptxv::simd {

bool default_selectors(const Instr& in, std::size_t lanes, unsigned live) {
    for (std::size_t i = 0; i < lanes; ++i) {
        if ((live >> i & 1u) != 0 && (in.simd_asel[i] != i || in.simd_bsel[i] != lanes + i)) return false;
    }
    return true;
}

Kernel bind(const Instr& given, int variant, void* params, const char*& name, WarpFn& warp) {
    warp = nullptr;
    if (given.geometry == Geometry::scalar || variant < 0 || variant >= spec::kVariantCount) return nullptr;
    const int plan = spec::kVariants[variant].lane_plan;
    if (plan < 0) return nullptr;
    const Isa isa = runtime_isa();
    if (isa == Isa::generated) return nullptr;
    // A mirrored plan computes op(b, a) (lane::mirror): its kernel reads its
    // first operand through b's selector and its second through a's. Both
    // still index the pair {b:a} of the words as loaded, so nothing else moves.
    Instr in = given;
    if (spec::kVariants[variant].lane_swap) std::swap(in.simd_asel, in.simd_bsel);

    const bool half = in.geometry == Geometry::half;
    const std::size_t lanes = half ? 2 : 4, width = half ? 2 : 1;  // lanes per element, bytes per lane
    const unsigned full = half ? 0x3u : 0xfu;
    const unsigned mask = in.mask & full;
    const Out out = in.op2 == Op2::add ? Out::sum : mask == full ? Out::store : Out::merge;

    Params p{};
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
    // Each operand's live lanes as consecutive lanes of its pair {b:a},
    // wrapping, lane i element (i + k) % (2 * lanes) for one k: the pair
    // shifted right by k lanes, from a (X = a, Y = b) for k below `lanes`,
    // from b (X = b, Y = a) from there up. SSE2, which has no byte shuffle,
    // runs these as funnel shifts.
    const auto funnel_lanes = [&](const std::array<std::uint8_t, 4>& sel, std::size_t& k) {
        bool first = true;
        k = 0;
        for (std::size_t i = 0; i < lanes; ++i) {
            if ((mask >> i & 1u) == 0) continue;
            const std::size_t ki = (sel[i] % (2 * lanes) + 2 * lanes - i) % (2 * lanes);
            if (!first && ki != k) return false;
            k = ki;
            first = false;
        }
        return true;
    };
    std::size_t ka = 0, kb = 0;
    const bool funnels = funnel_lanes(in.simd_asel, ka) && funnel_lanes(in.simd_bsel, kb);
    // A shift by a whole word is each operand's lanes from one word, each in
    // its own place (the defaults, or a.b7654 and the like): the words as
    // loaded, a or b, are the operands, with no shuffle, on SSE2 too.
    const bool in_place = funnels && ka % lanes == 0 && kb % lanes == 0;
    const Shuffle shuffle = in_place ? Shuffle::none : one ? Shuffle::one : Shuffle::two;
    p.a_from_b = one && a_reads[1] && !a_reads[0];
    p.b_from_a = one && b_reads[0] && !b_reads[1];
    for (std::size_t at = 0; at < 16; ++at) {
        const std::size_t e = at / 4, lane = at % 4 / width, part = at % width;
        // Lane i of element e is lane sel[i] of the element's pair {b:a}
        // (R2): a lane of a below `lanes`, of b from there up.
        const unsigned sa_el = in.simd_asel[lane] % (2 * lanes), sb_el = in.simd_bsel[lane] % (2 * lanes);
        const auto byte_of = [&](unsigned el) {
            return static_cast<std::uint8_t>(4 * e + width * (el % lanes) + part);
        };
        if ((mask >> lane & 1u) == 0) {
            // pshufb writes zero where the control byte's top bit is set.
            p.shuffle[0][at] = p.shuffle[1][at] = p.shuffle[2][at] = p.shuffle[3][at] = 0x80;
        } else if (shuffle == Shuffle::one) {
            p.shuffle[0][at] = byte_of(sa_el);
            p.shuffle[2][at] = byte_of(sb_el);
        } else {
            p.shuffle[0][at] = sa_el < lanes ? byte_of(sa_el) : 0x80;
            p.shuffle[1][at] = sa_el < lanes ? 0x80 : byte_of(sa_el);
            p.shuffle[2][at] = sb_el < lanes ? byte_of(sb_el) : 0x80;
            p.shuffle[3][at] = sb_el < lanes ? 0x80 : byte_of(sb_el);
        }
    }
    // R4: lane i takes the result when mask bit i is set. Widened, lane j of
    // each 64 bits is lane j % lanes of its word.
    for (std::size_t i = 0; i < lanes; ++i) {
        if ((mask >> i & 1u) == 0) continue;
        p.keep |= (half ? 0xffffu : 0xffu) << (8 * width * i);
        ++p.count;
    }
    // d's lane range, as 16-bit lanes (bytes widened) or 32-bit ones.
    const bool signed_d = spec::kVariants[variant].dtype == Type::s32;
    if (half) {
        p.clamp[0] = signed_d ? 0xffff8000u : 0u;
        p.clamp[1] = signed_d ? 0x7fffu : 0xffffu;
    } else {
        p.clamp[0] = signed_d ? 0xff80ff80u : 0u;
        p.clamp[1] = signed_d ? 0x007f007fu : 0x00ff00ffu;
    }
    const unsigned wide_bits = 16 * static_cast<unsigned>(width);
    for (unsigned j = 0; j < 64 / wide_bits; ++j) {
        if ((mask >> (j % lanes) & 1u) != 0) p.wide_keep |= ((std::uint64_t{1} << wide_bits) - 1) << (wide_bits * j);
    }

    // The widest vectors the CPU has; SSSE3 also shuffles, so SSE2 serves
    // only the forms with no shuffle, or a funnel, on CPUs without it.
    Kernel k = nullptr, place = nullptr;
    if (isa >= Isa::avx512vbmi && (k = kernel_avx512vbmi(plan, out, shuffle, warp)) != nullptr) {
        name = "avx512vbmi";
        pair_controls_avx512vbmi(in, p);
    } else if (isa >= Isa::avx512 && (k = kernel_avx512(plan, out, shuffle, warp)) != nullptr) {
        name = "avx512";
    } else if (isa >= Isa::avx2 && (k = kernel_avx2(plan, out, shuffle, warp)) != nullptr) {
        name = "avx2";
    } else if (isa >= Isa::ssse3 && (k = kernel_ssse3(plan, out, shuffle, warp)) != nullptr) {
        name = "ssse3";
    } else if ((k = kernel_sse2(plan, out, shuffle, warp)) != nullptr) {
        name = "sse2";
    } else if (shuffle != Shuffle::none && funnels && (k = kernel_sse2(plan, out, Shuffle::funnel, warp)) != nullptr) {
        name = "sse2";
        p.a_from_b = ka >= lanes;
        p.b_from_a = kb < lanes;
        p.funnel_right[0] = static_cast<std::uint8_t>(8 * width * (ka % lanes));
        p.funnel_right[1] = static_cast<std::uint8_t>(8 * width * (kb % lanes));
    } else if (shuffle != Shuffle::none && (place = helpers_sse2().selected) != nullptr &&
               (k = kernel_sse2(plan, out, Shuffle::none, warp)) != nullptr) {
        // Any other selectors on SSE2: each operand's lanes put in place by
        // moves (Selected), then the plan's unshuffled kernel over them; a
        // warp steps through run().
        name = "sse2";
        p.a_from_b = p.b_from_a = 0;
        const auto moves_of = [&](const std::array<std::uint8_t, 4>& sel) {
            LaneMoves m{};
            for (std::size_t i = 0; i < lanes; ++i) {
                if ((mask >> i & 1u) == 0) continue;
                // Lane i is lane k of a (el < lanes) or of b (R2).
                const std::size_t el = sel[i] % (2 * lanes), k = el % lanes;
                const auto from_b = static_cast<std::uint8_t>(el >= lanes);
                const auto right = static_cast<std::uint8_t>(k > i ? 8 * width * (k - i) : 0);
                const auto left = static_cast<std::uint8_t>(i > k ? 8 * width * (i - k) : 0);
                std::size_t j = 0;
                while (j < m.count && !(m.from_b[j] == from_b && m.right[j] == right && m.left[j] == left)) ++j;
                if (j == m.count) {
                    m.from_b[j] = from_b;
                    m.right[j] = right;
                    m.left[j] = left;
                    ++m.count;
                }
                m.lanes[j] = static_cast<std::uint8_t>(m.lanes[j] | 1u << i);
            }
            return m;
        };
        p.selected = Selected{moves_of(in.simd_asel), moves_of(in.simd_bsel), static_cast<std::uint8_t>(width), k};
        k = place;
        warp = nullptr;
    }
    if (k != nullptr) new (params) Params(p);
    return k;
}

UnitHelpers helpers() {
    static const UnitHelpers best = [] {
        const Isa isa = runtime_isa();
        UnitHelpers h;
        if (isa >= Isa::avx512) h = helpers_avx512();
        if (h.merge == nullptr && isa >= Isa::avx2) h = helpers_avx2();
        if (h.merge == nullptr && isa >= Isa::ssse3) h = helpers_ssse3();
        if (h.merge == nullptr && isa >= Isa::sse2) h = helpers_sse2();
        return h;
    }();
    return best;
}

ScalarLoops scalar_loops(int variant, const char*& name) {
    const Isa isa = runtime_isa();
    ScalarLoops s;
    if (isa >= Isa::avx512 && (s = scalar_avx512(variant)).loop[0] != nullptr) {
        name = "avx512";
    } else if (isa >= Isa::avx2 && (s = scalar_avx2(variant)).loop[0] != nullptr) {
        name = "avx2";
    } else {
        s = scalar_baseline(variant);
        name = "generated";
    }
    return s;
}

}  // namespace ptxv::simd

namespace ptxv {

Isa runtime_isa() {
    static const Isa isa = [] {
#if defined(__x86_64__) || defined(__i386__)
        const bool avx512 = __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
        Isa best = avx512 && __builtin_cpu_supports("avx512vbmi") ? Isa::avx512vbmi
                   : avx512                                       ? Isa::avx512
                   : __builtin_cpu_supports("avx2")               ? Isa::avx2
                   : __builtin_cpu_supports("ssse3")              ? Isa::ssse3
                                                                  : Isa::sse2;
#else
        Isa best = Isa::generated;
#endif
        if (const char* cap = std::getenv("PTXV_ISA")) {
            const std::string_view c = cap;
            const Isa cap_isa = c == "generated" ? Isa::generated
                                : c == "sse2"      ? Isa::sse2
                                : c == "ssse3"     ? Isa::ssse3
                                : c == "avx2"      ? Isa::avx2
                                : c == "avx512"    ? Isa::avx512
                                                   : Isa::avx512vbmi;
            if (cap_isa < best) best = cap_isa;
        }
        return best;
    }();
    return isa;
}

}  // namespace ptxv
