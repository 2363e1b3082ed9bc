// The semantic check of `ptxv translate`: shapes.cu, translated at build time
// (PTXV_TRANSLATED names the output, plain or --guard), run on boundary and
// seeded random registers against the original instructions evaluated one by
// one with the reference interpreter (what `ptxv eval --engine interp` does),
// over a register file. The reference programs below restate each function's
// asm with its operands bound by hand, so a translation that binds an operand
// to the wrong register, reads an output too early or drops a merge fails.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"

#include PTXV_TRANSLATED

namespace {

using Fn = void (*)(u32&, u32&, u32&, u32&);

struct Shape {
    const char* name;
    Fn fn;
    std::vector<const char*> program;  // over a, b, c, d, temporaries, and `zero` (always 0)
};

const std::vector<Shape>& shapes() {
    static const std::vector<Shape> s = {
        {"scalar_selectors", scalar_selectors, {"vadd.s32.s32.s32 d, a.h1, b.b2;"}},
        {"merge_sat", merge_sat, {"vadd.u32.u32.u32.sat d.b0, a.b0, b.b0, c;"}},
        {"sat_min", sat_min, {"vmax.s32.s32.s32.sat.min d, a, b, c;"}},
        {"mad_bytes", mad_bytes, {"vmad.u32.u32.u32 d, a.b0, b.b1, c;"}},
        {"mad_negated", mad_negated, {"vmad.s32.u32.u32 d, -a.h0, b.h0, c;"}},
        {"mad_scaled", mad_scaled, {"vmad.s32.s32.s32.sat.shr15 d, a.h0, b.h1, -c;"}},
        {"merge_across_statements", merge_across_statements,
         {"vadd.u32.u32.u32.sat d.b0, a.b0, b.b0, d;", "vadd.u32.u32.u32.sat d.b1, a.b1, b.b1, d;",
          "vadd.u32.u32.u32.sat d.b2, a.b2, b.b2, d;", "vadd.u32.u32.u32.sat d.b3, a.b3, b.b3, d;"}},
        {"simd_compares", simd_compares, {"vset4.u32.u32.ne d, a, b, c;", "vset2.s32.s32.lt c, a, b, d;"}},
        {"simd_saturating", simd_saturating,
         {"vadd4.s32.s32.s32.sat d, a, b, c;", "vsub4.s32.s32.s32.sat c, d, b, a;", "vmax4.s32.s32.s32 d, c, a, d;"}},
        {"simd_half_masks", simd_half_masks, {"vset2.u32.s32.lt d.h1, a.h10, b.h32, c;"}},
        {"simd_selectors_add", simd_selectors_add, {"vmin4.s32.s32.s32.add d, a.b4321, b.b0000, c;"}},
        {"shifts", shifts, {"vshr.s32.s32.u32.clamp.add d, a, b, c;", "vshl.u32.u32.u32.clamp.add b, a, 9, c;"}},
        {"half_merge_and_clamp", half_merge_and_clamp,
         {"vmax.s32.s32.s32 d.h0, a.h0, b.h0, c;", "vmin.s32.s32.s32.max c, a, b, d;"}},
        {"immediates", immediates, {"vadd.u32.u32.u32.sat d, a, 255;", "vset.u32.u32.ge b, d, 100;"}},
        {"read_write", read_write, {"vmin.u32.u32.u32 d, d, a;", "vabsdiff.u32.u32.u32.add c, a, b, c;"}},
        {"block_with_temporaries", block_with_temporaries,
         {"vabsdiff4.u32.u32.u32.add t1, a, b, d;", "vabsdiff4.u32.u32.u32.add t2, b, c, t1;", "mov d, t2"}},
        {"two_outputs", two_outputs,
         {"mov t, zero", "vmax2.u32.u32.u32 t, a, b, t;", "vmin2.u32.u32.u32 c, a, b, t;", "mov d, t"}},
        {"old_zero_c", old_zero_c, {"vabsdiff4.u32.u32.u32.add d, a, b, zero;"}},
        {"macro_statement", macro_statement, {"vabsdiff2.s32.s32.s32.sat d, a, b, c;"}},
        {"signed_operands", signed_operands, {"vsub.s32.s32.s32.sat.add d, a, b, c;"}},
        {"read_write_once", read_write_once, {"vadd.u32.u32.u32.add c, a, b, c;"}},
        {"glued_literals", glued_literals, {"vmin4.s32.s32.s32.add d, a.b3210, b.b4321, c;"}},
        {"mixed_integer", mixed_integer,
         {"vmad.u32.u32.u32 t0, a.b1, b.b2, c;", "shl t1, t0, 8", "and t1, t1, 0xff00ff00", "shr.s t0, a, b",
          "xor t0, t0, t1", "shr.u t1, c, b", "mul t1, t1, a", "sub t0, t0, t1", "or t0, t0, 1", "shl t1, t0, b",
          "add t1, t1, a", "not t1, t1", "vadd4.u32.u32.u32.sat d, t0, t1, c;"}},
        {"device_only_sad", device_only_sad, {"vabsdiff4.u32.u32.u32.add d, a, b, c;"}},
        {"integer_only", integer_only, {"not c, a", "shr.u t, b, c", "and d, t, 0xff00ff"}},
        {"integer_more", integer_more,
         {"min.s t0, a, b", "max.u t1, a, c", "prmt t2, t0, t1, c", "bfe.s t0, t2, b, c", "bfi t1, a, t0, b, c",
          "lop3 t2, t0, t1, a, 0x96", "shf.l.wrap t0, t2, t1, b", "shf.r.clamp t1, t0, t2, c", "min.u t2, t1, b",
          "max.s t0, t2, t0", "bfe.u t1, t0, c, b", "shf.l.clamp t2, t1, t0, a", "shf.r.wrap t1, t2, a, c",
          "lop3 t0, t0, t1, t2, 0xe8", "vadd4.u32.u32.u32.sat d, t0, t1, t2;"}},
        {"integer_predicates", integer_predicates,
         {"setp.lt.s p, a, b", "setp.hs.u q, b, c", "cvt.s32.s8 t, a", "selp d, t, b, p", "cvt.u32.u16 t, c",
          "selp d, d, t, q", "setp.ne.u p, d, a", "cvt.s32.s16 t, b", "selp d, d, t, p", "setp.le.u q, d, c",
          "cvt.u32.s8 t, c", "selp d, t, d, q", "cvt.s8.u32 t, d", "cvt.u16.s8 w, t", "cvt.s16.u16 t, a",
          "add d, d, t", "cvt.u8.s16 t, b", "xor d, d, t", "add d, d, w"}},
    };
    return s;
}

using Registers = std::map<std::string, std::uint32_t>;

// A plain integer instruction "OP d, x[, y]" (x, y registers or numbers),
// computed the obvious way: PTX clamps a shift amount to 32.
bool integer_step(const std::string& text, Registers& r) {
    const std::size_t space = text.find(' ');
    const std::string op = text.substr(0, space);
    std::vector<std::string> args;
    for (std::size_t at = space + 1; at <= text.size();) {
        std::size_t comma = text.find(',', at);
        if (comma == std::string::npos) comma = text.size();
        args.push_back(text.substr(at, comma - at));
        at = comma + 2;
    }
    const auto value = [&](const std::string& s) {
        return s[0] >= '0' && s[0] <= '9' ? static_cast<std::uint32_t>(std::stoul(s, nullptr, 0)) : r.at(s);
    };
    const std::uint32_t x = value(args[1]), y = args.size() > 2 ? value(args[2]) : 0u;
    const std::uint32_t z = args.size() > 3 ? value(args[3]) : 0u, w = args.size() > 4 ? value(args[4]) : 0u;
    // The PTX manual's definitions bit by bit ({y, x} is the 64-bit pair
    // whose low word is x).
    const auto bit = [](std::uint32_t u, unsigned i) { return (u >> i) & 1u; };
    const auto pair_bit = [&](unsigned j) { return j < 32 ? bit(x, j) : bit(y, j - 32); };
    const auto funnel = [&](bool left, bool wrap) {
        const std::uint32_t n = wrap ? z & 31u : std::min(z, 32u);
        std::uint32_t out = 0;
        for (unsigned i = 0; i < 32; ++i) out |= pair_bit(left ? i + 32 - n : i + n) << i;
        return out;
    };
    std::uint32_t v = 0;
    if (op == "shl") v = y >= 32 ? 0u : x << y;
    else if (op == "shr.u") v = y >= 32 ? 0u : x >> y;
    else if (op == "shr.s") v = static_cast<std::uint32_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(x)) >> (y >= 32 ? 31 : y));
    else if (op == "and") v = x & y;
    else if (op == "or") v = x | y;
    else if (op == "xor") v = x ^ y;
    else if (op == "not") v = ~x;
    else if (op == "add") v = x + y;
    else if (op == "sub") v = x - y;
    else if (op == "mul") v = x * y;
    else if (op == "min.u") v = std::min(x, y);
    else if (op == "max.u") v = std::max(x, y);
    else if (op == "min.s") v = static_cast<std::int32_t>(x) < static_cast<std::int32_t>(y) ? x : y;
    else if (op == "max.s") v = static_cast<std::int32_t>(x) > static_cast<std::int32_t>(y) ? x : y;
    else if (op == "prmt") {
        // Byte i of d: byte (z >> 4i) & 7 of {y, x}; with bit 3 of that
        // selector, that byte's sign in all eight bits.
        for (unsigned i = 0; i < 4; ++i) {
            const unsigned s = (z >> (4 * i)) & 15u, k = s & 7u;
            std::uint32_t byte = ((k < 4 ? x : y) >> (8 * (k & 3u))) & 0xffu;
            if (s & 8u) byte = (byte & 0x80u) ? 0xffu : 0u;
            v |= byte << (8 * i);
        }
    } else if (op == "bfe.u" || op == "bfe.s") {
        const std::uint32_t pos = y & 0xffu, len = z & 0xffu;
        const std::uint32_t sbit = op == "bfe.u" || len == 0 ? 0u : bit(x, std::min(pos + len - 1, 31u));
        for (unsigned i = 0; i < 32; ++i) v |= (i < len && pos + i <= 31 ? bit(x, pos + i) : sbit) << i;
    } else if (op == "bfi") {
        const std::uint32_t pos = z & 0xffu, len = w & 0xffu;
        v = y;
        for (std::uint32_t i = 0; i < len && pos + i <= 31; ++i) v = (v & ~(1u << (pos + i))) | (bit(x, i) << (pos + i));
    } else if (op == "lop3") {
        for (unsigned i = 0; i < 32; ++i) v |= ((w >> (bit(x, i) * 4 + bit(y, i) * 2 + bit(z, i))) & 1u) << i;
    } else if (op == "shf.l.wrap") v = funnel(true, true);
    else if (op == "shf.l.clamp") v = funnel(true, false);
    else if (op == "shf.r.wrap") v = funnel(false, true);
    else if (op == "shf.r.clamp") v = funnel(false, false);
    else if (op.rfind("setp.", 0) == 0) {
        // A predicate as 1 or 0: signed (.s) or unsigned (.u) compares.
        const std::string cmp = op.substr(5, 2);
        const std::int64_t p = op.back() == 's' ? std::int64_t{static_cast<std::int32_t>(x)} : std::int64_t{x};
        const std::int64_t q = op.back() == 's' ? std::int64_t{static_cast<std::int32_t>(y)} : std::int64_t{y};
        v = cmp == "eq" ? p == q : cmp == "ne" ? p != q : cmp == "lt" ? p < q : cmp == "le" ? p <= q : cmp == "gt" ? p > q
            : cmp == "ge" ? p >= q : cmp == "lo" ? p < q : cmp == "ls" ? p <= q : cmp == "hi" ? p > q : p >= q;
    } else if (op == "selp") v = z != 0 ? x : y;
    else if (op.rfind("cvt.", 0) == 0) {
        // cvt.D.A: a's value as A (its low bits, signed or not), then that
        // value's low bits as D, held in 32 bits with D's extension.
        const auto as = [](std::int64_t value, const std::string& type) {
            const int bits = std::stoi(type.substr(1));
            const std::int64_t m = (std::int64_t{1} << bits) - 1;
            std::int64_t low = value & m;
            if (type[0] == 's' && low > m / 2) low -= m + 1;
            return low;
        };
        const std::size_t dot = op.find('.', 4);
        v = static_cast<std::uint32_t>(as(as(std::int64_t{x}, op.substr(dot + 1)), op.substr(4, dot - 4)));
    } else return false;
    r[args[0]] = v;
    return true;
}

// One program run instruction by instruction; "mov X, Y" copies a register.
bool reference(const Shape& shape, Registers& r) {
    for (const char* line : shape.program) {
        const std::string text = line;
        if (text.rfind("mov ", 0) == 0) {
            const std::size_t comma = text.find(',');
            r[text.substr(4, comma - 4)] = r.at(text.substr(comma + 2));
            continue;
        }
        if (text.back() != ';') {
            if (!integer_step(text, r)) {
                std::printf("FAIL %s: reference '%s' is not an instruction it knows\n", shape.name, line);
                return false;
            }
            continue;
        }
        std::string error;
        const auto in = ptxv::try_parse(text, &error);
        if (!in) {
            std::printf("FAIL %s: reference '%s' does not parse: %s\n", shape.name, line, error.c_str());
            return false;
        }
        const auto value = [&](const ptxv::Operand& op) {
            return ptxv::operand_value(op, op.kind == ptxv::Operand::Kind::reg ? r.at(op.name) : 0u);
        };
        r[in->d.name] = ptxv::interpret(*in, value(in->a), value(in->b), in->has_c ? value(in->c) : 0u);
    }
    return true;
}

}  // namespace

int main() {
    const std::uint32_t edges[] = {0u, 1u, 0x7fu, 0x80u, 0xffu, 0x7fffu, 0x8000u, 0xffffu, 0x7fffffffu,
                                   0x80000000u, 0xffffffffu, 0x80808080u, 0x7f7f7f7fu, 0x01ff80feu};
    constexpr int kRandom = 20000;
    ptxv::SplitMix64 rng(0x7a11517e);
    long checked = 0, failed = 0;
    for (const Shape& shape : shapes()) {
        long bad = 0;
        const auto one = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
            u32 ta = a, tb = b, tc = c, td = d;
            shape.fn(ta, tb, tc, td);
            Registers r = {{"a", a}, {"b", b}, {"c", c}, {"d", d}, {"zero", 0u}};
            if (!reference(shape, r)) return ++bad, void();
            ++checked;
            if (ta != r["a"] || tb != r["b"] || tc != r["c"] || td != r["d"]) {
                if (++bad <= 3)
                    std::printf("FAIL %s(a=%#x b=%#x c=%#x d=%#x): translated a=%#x b=%#x c=%#x d=%#x, "
                                "reference a=%#x b=%#x c=%#x d=%#x\n",
                                shape.name, a, b, c, d, ta, tb, tc, td, r["a"], r["b"], r["c"], r["d"]);
            }
        };
        for (std::uint32_t a : edges)
            for (std::uint32_t b : edges)
                for (std::uint32_t c : edges) one(a, b, c, edges[(a ^ b ^ c) % 14u]);
        for (int k = 0; k < kRandom; ++k) {
            const std::uint32_t a = rng.word(), b = rng.word(), c = rng.word(), d = rng.word();
            one(a, b, c, d);
        }
        failed += bad;
    }
    std::printf("%zu shapes, %ld register sets checked, %ld mismatches\n", shapes().size(), checked, failed);
    return failed == 0 && checked > 0 ? 0 : 1;
}
