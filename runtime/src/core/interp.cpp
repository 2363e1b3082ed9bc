// ptxv: the reference interpreter.
//
// A line-by-line transcription of the semantics pseudocode of PTX ISA 9.1,
// section 9.7.18 (reference/ptx-video/), completed by the readings R1-R18 of
// SEMANTICS.md where the text is silent or contradicts itself, as results
// recorded on an H100 amend them (docs/readings.md: R6, R8, R9, R13, R14). The manual's
// helpers (partSelectSignExtend, optSaturate, optSecondaryOp, optMerge,
// extractAndSignExt, extractMaskBits, compare, CLAMP, ...) appear here under
// the same names.
//
// Arithmetic is done on exact ("wide") integers: std::int64_t where every
// value fits (at most 35 bits), a 128-bit integer where it may not (vshl's
// 65-bit result). Modular steps (the final "low 32 bits",
// the SIMD accumulate) use unsigned types, so no step has undefined behaviour:
// no signed overflow, no shift of a negative value, no shift by the width or
// more. Right shifts of signed values are written as floor divisions.

#include "ptxv/interp.hpp"

#include <array>
#include <cstdint>

#include "ptxv/instr.hpp"

namespace ptxv {
namespace {

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

using i64 = std::int64_t;
using u64 = std::uint64_t;
using u32 = std::uint32_t;

// ---------------------------------------------------------------------------
// Constants the manual uses without defining them (S7).

constexpr i64 S8_MAX = 127, S8_MIN = -128, U8_MAX = 255, U8_MIN = 0;
constexpr i64 S16_MAX = 32767, S16_MIN = -32768, U16_MAX = 65535, U16_MIN = 0;
constexpr i64 S32_MAX = 2147483647, S32_MIN = -S32_MAX - 1;
constexpr i64 U32_MAX = 4294967295, U32_MIN = 0;

// ---------------------------------------------------------------------------
// Small helpers on exact integers.

bool isSigned(Type t) { return t == Type::s32; }

// The low `width` bits of x, read as an unsigned number (0 < width <= 64).
u64 lowBits(u64 x, int width) {
    if (width >= 64) return x;
    return x & ((u64{1} << width) - 1);
}

// Reads a `width`-bit field (already isolated, 0 < width <= 32) as a signed
// two's-complement number: subtract 2^width when the top bit is set.
i64 signExtend(u64 field, int width) {
    const u64 top = u64{1} << (width - 1);
    if ((field & top) != 0) return static_cast<i64>(field) - static_cast<i64>(u64{1} << width);
    return static_cast<i64>(field);
}

// sext32 / zext of the vmad pseudocode: a 32-bit value extended to an exact integer.
i64 sext32(u32 x) { return signExtend(x, 32); }
i64 zext(u32 x) { return static_cast<i64>(x); }

// 2^k as an exact integer (0 <= k <= 64).
i128 pow2(u32 k) { return static_cast<i128>(u128{1} << k); }

// Floor division by a positive divisor. An arithmetic right shift by k is
// floor division by 2^k; writing it this way avoids shifting negative values.
i128 floorDiv(i128 n, i128 divisor) {
    i128 q = n / divisor;  // truncates toward zero
    if (n % divisor != 0 && n < 0) q -= 1;
    return q;
}

// A 64-bit pattern read as a signed (two's-complement) number.
i64 asSigned64(u64 bits) {
    if ((bits >> 63) != 0) return -static_cast<i64>(~bits) - 1;
    return static_cast<i64>(bits);
}

// The low 32 bits of an exact integer ("the lower 32-bits are then written to
// the destination operand"). The conversion to unsigned is modular.
u32 low32(i128 x) { return static_cast<u32>(static_cast<u128>(x)); }

// CLAMP( x, MAX, MIN ), with the manual's argument order (S7).
i128 CLAMP(i128 x, i128 max, i128 min) {
    if (x > max) return max;
    if (x < min) return min;
    return x;
}

i128 MIN(i128 x, i128 y) { return x < y ? x : y; }
i128 MAX(i128 x, i128 y) { return x > y ? x : y; }
i128 ABS(i128 x) { return x < 0 ? -x : x; }

// compare( x, y, cmp ) (V1, R5): the extended values are compared as exact
// signed integers, so a mixed .s32/.u32 comparison is exact.
bool compare(i64 x, i64 y, Cmp cmp) {
    switch (cmp) {
        case Cmp::eq: return x == y;
        case Cmp::ne: return x != y;
        case Cmp::lt: return x < y;
        case Cmp::le: return x <= y;
        case Cmp::gt: return x > y;
        case Cmp::ge: return x >= y;
    }
    return false;
}

// vavrg (R5): if (s >= 0) t = (s + 1) >> 1; else t = s >> 1; with an
// arithmetic shift, i.e. floor division by 2 (rounds half away from zero).
i64 average(i64 va, i64 vb) {
    const i64 s = va + vb;
    if (s >= 0) return static_cast<i64>(floorDiv(s + 1, 2));
    return static_cast<i64>(floorDiv(s, 2));
}

// ---------------------------------------------------------------------------
// Scalar helpers (section 9.7.18.1).

// R16: the destination selectors .b01/.b12/.b23 are accepted and ignored, so
// for saturation and merging only .b0-.b3 and .h0-.h1 count as a dsel.
Sel effectiveDsel(Sel dsel) {
    switch (dsel) {
        case Sel::b0: case Sel::b1: case Sel::b2: case Sel::b3:
        case Sel::h0: case Sel::h1:
            return dsel;
        case Sel::none: case Sel::b01: case Sel::b12: case Sel::b23:
            return Sel::none;
    }
    return Sel::none;
}

// partSelectSignExtend( x, type, sel ) (R1): the byte (.b0-.b3) or half-word
// (.h0-.h1) named by sel, or the whole word when there is no selector,
// sign-extended when type is .s32 and zero-extended when it is .u32.
i64 partSelectSignExtend(u32 x, Type type, Sel sel) {
    int offset = 0;
    int width = 32;
    switch (sel) {
        case Sel::b0: offset = 0;  width = 8;  break;
        case Sel::b1: offset = 8;  width = 8;  break;
        case Sel::b2: offset = 16; width = 8;  break;
        case Sel::b3: offset = 24; width = 8;  break;
        case Sel::h0: offset = 0;  width = 16; break;
        case Sel::h1: offset = 16; width = 16; break;
        // No selector: the whole word. (.b01/.b12/.b23 are destination-only
        // selectors, R16, and never select a source.)
        case Sel::none: case Sel::b01: case Sel::b12: case Sel::b23:
            offset = 0; width = 32; break;
    }
    const u64 field = lowBits(u64{x} >> offset, width);
    return isSigned(type) ? signExtend(field, width) : static_cast<i64>(field);
}

// optSaturate( tmp, sat, sign, dsel ) of vadd, vsub, vabsdiff, vmin, vmax
// (R6 as an H100 computes it, docs/readings.md): a whole word of a signed
// dtype is clamped to S32; of an unsigned dtype only raised to 0, a value of
// 2^32 or more is not clamped and wraps later. Under a byte or half-word d
// selector, one unsigned min of tmp's 64-bit pattern against the part's
// maximum: a negative tmp becomes that maximum, whatever the signedness.
i128 optSaturate(i128 tmp, bool sat, bool sign, Sel dsel) {
    if (!sat) return tmp;
    i128 max = 0;
    switch (dsel) {
        case Sel::b0: case Sel::b1: case Sel::b2: case Sel::b3:
            max = sign ? S8_MAX : U8_MAX;
            break;
        case Sel::h0: case Sel::h1:
            max = sign ? S16_MAX : U16_MAX;
            break;
        case Sel::none: case Sel::b01: case Sel::b12: case Sel::b23:
            if (sign) return CLAMP(tmp, S32_MAX, S32_MIN);
            return MAX(tmp, U32_MIN);
    }
    const u64 pattern = static_cast<u64>(static_cast<u128>(tmp));  // tmp mod 2^64
    return MIN(i128{pattern}, max);
}

// .sat of vshl/vshr (R12, R6 as an H100 computes them): the low 34 bits of
// the shifted value, read as signed, clamped to dtype's 32-bit range; a d
// selector does not narrow it.
i128 shiftSaturate(i128 tmp, bool sign) {
    const i64 t34 = signExtend(lowBits(static_cast<u64>(static_cast<u128>(tmp)), 34), 34);
    if (sign) return CLAMP(t34, S32_MAX, S32_MIN);
    return CLAMP(t34, U32_MAX, U32_MIN);
}

// optSecondaryOp( op2, tmp, c ) (S1, R8 as an H100 computes it): tmp is the
// value the opcode hands on (see scalarOp) and enters as its 64-bit pattern,
// read as signed when sign (dtype's signedness; vset: atype's) and as
// unsigned otherwise; c is extended the same way. add/min/max are then exact
// and d is the low 32 bits. Read as unsigned, a negative tmp is above every c.
i128 optSecondaryOp(Op2 op2, i128 tmp, u32 c, bool sign) {
    const u64 pattern = static_cast<u64>(static_cast<u128>(tmp));
    const i128 x = sign ? i128{asSigned64(pattern)} : i128{pattern};
    const i128 y = sign ? sext32(c) : zext(c);
    switch (op2) {
        case Op2::add: return x + y;
        case Op2::min: return MIN(x, y);
        case Op2::max: return MAX(x, y);
        case Op2::none: break;
    }
    return x;
}

// optMerge( dsel, tmp, c ) (R9 as an H100 computes it): a byte selector puts
// the low 8 bits of tmp into that byte of c; a half-word selector takes that
// half-word of tmp in place, so .h1 keeps tmp's bits [31:16] (not its low
// half moved up). The rest of c is kept.
u32 optMerge(Sel dsel, i128 tmp, u32 c) {
    const u32 t = low32(tmp);
    switch (dsel) {
        case Sel::h0: return (t & 0x0000ffffu)       | (0xffff0000u & c);
        case Sel::h1: return (t & 0xffff0000u)       | (0x0000ffffu & c);
        case Sel::b0: return (t & 0xffu)             | (0xffffff00u & c);
        case Sel::b1: return ((t & 0xffu) << 8)      | (0xffff00ffu & c);
        case Sel::b2: return ((t & 0xffu) << 16)     | (0xff00ffffu & c);
        case Sel::b3: return ((t & 0xffu) << 24)     | (0x00ffffffu & c);
        case Sel::none: case Sel::b01: case Sel::b12: case Sel::b23: break;
    }
    return t;
}

// vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vset (9.7.18.1.1, .2, .4).
u32 scalarOp(const Instr& in, u32 a, u32 b, u32 c) {
    // Stage 1: extract byte/half-word/word and sign- or zero-extend (R1).
    // vshl/vshr read b as unsigned whatever btype says:
    // tb = partSelectSignExtend( b, .u32, bsel ) (R12).
    const bool isShift = in.operation == Operation::shl || in.operation == Operation::shr;
    const i64 ta = partSelectSignExtend(a, in.atype, in.asel);
    i64 tb = partSelectSignExtend(b, isShift ? Type::u32 : in.btype, in.bsel);

    // vset has no dtype and no .sat; for its secondary operation atype plays
    // dtype's part (R14 as an H100 computes it).
    const bool isSet = in.operation == Operation::set;
    const bool sign = isSigned(isSet ? in.atype : in.dtype);
    const bool sat = isSet ? false : in.sat;

    // Only .b0-.b3/.h0-.h1 are real destination selectors (R16).
    const Sel dsel = effectiveDsel(in.dsel);

    // Stage 2: the primary operation, exact (S4: up to 65 bits for vshl).
    i128 tmp = 0;
    switch (in.operation) {
        case Operation::add:     tmp = i128{ta} + tb; break;
        case Operation::sub:     tmp = i128{ta} - tb; break;
        case Operation::absdiff: tmp = ABS(i128{ta} - tb); break;
        case Operation::min:     tmp = MIN(ta, tb); break;
        case Operation::max:     tmp = MAX(ta, tb); break;
        case Operation::shl:
        case Operation::shr:
            // R12: .clamp: if (tb > 32) tb = 32;  .wrap: tb = tb & 0x1f.
            // .mode is required (R12), so Mode::none is never decoded; it is
            // treated as .clamp here only to keep the shift amount bounded.
            if (in.mode == Mode::wrap) {
                tb = tb & 0x1f;
            } else if (tb > 32) {
                tb = 32;
            }
            if (in.operation == Operation::shl) {
                // ta << tb on the extended value: ta * 2^tb, exact (|ta| <= 2^32,
                // tb <= 32, so |tmp| <= 2^64).
                tmp = i128{ta} * pow2(static_cast<u32>(tb));
            } else {
                // ta >> tb: arithmetic when atype is .s32 (H1, R12), i.e. floor
                // division by 2^tb. When atype is .u32, ta was zero-extended
                // and is non-negative, so this is also the logical shift.
                tmp = floorDiv(ta, pow2(static_cast<u32>(tb)));
            }
            break;
        case Operation::set:
            // tmp = compare( ta, tb, cmp ) ? 1 : 0 (V1, R5, R14).
            tmp = compare(ta, tb, in.cmp) ? 1 : 0;
            break;
        case Operation::avrg:
            // No scalar vavrg exists (R15); the SIMD meaning is given only so
            // that every decoded value has a defined result.
            tmp = average(ta, tb);
            break;
        case Operation::mad:
            // Handled by vmadOp; not reachable.
            break;
    }

    // Stage 3: saturation (R6), then the value the secondary operation
    // receives (R8): vadd/vsub hand on their low 32 bits sign-extended,
    // vabsdiff/vmin/vmax the exact value, vshl/vshr the shifted value, or
    // after .sat the clamped word sign-extended, vset its 0 or 1.
    i128 op2In = tmp;
    if (isShift) {
        if (sat) {
            tmp = shiftSaturate(tmp, sign);
            op2In = sext32(low32(tmp));
        }
    } else {
        tmp = optSaturate(tmp, sat, sign, dsel);
        op2In = (in.operation == Operation::add || in.operation == Operation::sub) ? i128{sext32(low32(tmp))} : tmp;
    }

    // Stage 4: the secondary operation and the merge are exclusive forms (S5,
    // R8); ptxas accepts no instruction with both (R15). With neither, c is
    // ignored (R16) and d is the low 32 bits of tmp.
    if (in.op2 != Op2::none) {
        return low32(optSecondaryOp(in.op2, op2In, c, sign));
    }
    if (dsel != Sel::none) {
        return optMerge(dsel, tmp, c);  // R9
    }
    return low32(tmp);
}

// vmad's operands (R1, R13 as an H100 computes them): a byte or half-word is
// extended by the operand's type, a whole word is always sign-extended.
i64 vmadOperand(u32 x, Type type, Sel sel) {
    if (effectiveDsel(sel) == Sel::none) return sext32(x);
    return partSelectSignExtend(x, type, sel);
}

// vmad (9.7.18.1.3), R13 as an H100 computes it.
u32 vmadOp(const Instr& in, u32 a, u32 b, u32 c) {
    const i64 ta = vmadOperand(a, in.atype, in.asel);
    const i64 tb = vmadOperand(b, in.btype, in.bsel);

    // signedFinal = isSigned(atype) || isSigned(btype) ||
    //               (a.negate ^ b.negate) || c.negate;
    // dtype is never read (M5).
    const bool productNegated = in.neg_a != in.neg_b;  // -a -b cancel (R16)
    const bool signedFinal =
        isSigned(in.atype) || isSigned(in.btype) || productNegated || in.neg_c;

    // The product of the extended operands, exact; c is always sign-extended.
    i128 product = i128{ta} * tb;
    i128 cExt = sext32(c);

    // if ( .po ) lsb = 1; else if ( a.negate ^ b.negate ) negate the product;
    // else if ( c.negate ) negate c. A negation is exact (M4: -c is taken
    // after the extension, so c = 0x80000000 adds 2^31). Under .po the chain
    // stops at its first branch, and the negations .po allows (-a -b) cancel.
    i128 lsb = 0;
    if (in.po) {
        lsb = 1;
    } else if (productNegated) {
        product = -product;
    } else if (in.neg_c) {
        cExt = -cExt;
    }
    const i128 tmp = product + cExt + lsb;

    // switch( scale ): .shr7 / .shr15 shift arithmetically, then the 64-bit
    // mask (M7), whose pattern an unsigned clamp reads as unsigned: a negative
    // tmp saturates to U32_MAX. Without .scale the exact value is clamped.
    u32 shift = 0;
    switch (in.scale) {
        case Scale::shr7:  shift = 7;  break;
        case Scale::shr15: shift = 15; break;
        case Scale::none:  shift = 0;  break;
    }
    i128 result = tmp;
    if (shift != 0) {
        const u64 masked = static_cast<u64>(static_cast<u128>(floorDiv(tmp, pow2(shift))));  // & 0xffffffffffffffff
        result = signedFinal ? i128{asSigned64(masked)} : i128{masked};
    }

    // if ( .sat ) clamp to the signed or unsigned 32-bit range by signedFinal.
    if (in.sat) {
        if (signedFinal) result = CLAMP(result, S32_MAX, S32_MIN);
        else             result = CLAMP(result, U32_MAX, U32_MIN);
    }

    // d is the low 32 bits.
    return low32(result);
}

// ---------------------------------------------------------------------------
// SIMD helpers (section 9.7.18.2).

using Lanes = std::array<i64, 4>;

// extractAndSignExt_2/_4( a, b, sel, type ) (R2, R3): lane i takes element
// sel[i] of the 64-bit pair {b:a} (elements 0..3 of width 16 or 0..7 of
// width 8, element 0 at the least significant end of a), extended by the
// type of the operand slot.
Lanes extractAndSignExt(u32 a, u32 b, const std::array<std::uint8_t, 4>& sel, Type type,
                        int lanes, int width) {
    const u64 pair = (u64{b} << 32) | u64{a};
    Lanes v{{0, 0, 0, 0}};
    for (int i = 0; i < lanes; ++i) {
        // Decoded selectors are 0..3 (half) or 0..7 (byte); the modulo only
        // keeps the shift below 64 for any value the struct can hold.
        const int element = sel[static_cast<std::size_t>(i)] % (64 / width);
        const u64 field = lowBits(pair >> (width * element), width);
        v[static_cast<std::size_t>(i)] = isSigned(type) ? signExtend(field, width) : static_cast<i64>(field);
    }
    return v;
}

// extractAndSignExt_2/_4( c ) (P2): the lanes of c. They are only ever copied
// to d unchanged (R10), so the extension does not matter; they are taken as
// unsigned, as the vset2/vset4 text says.
Lanes extractAndSignExt(u32 c, int lanes, int width) {
    Lanes v{{0, 0, 0, 0}};
    for (int i = 0; i < lanes; ++i) {
        v[static_cast<std::size_t>(i)] = static_cast<i64>(lowBits(u64{c} >> (width * i), width));
    }
    return v;
}

// extractMaskBits( .mask ) (R4): mask[i] says whether lane i takes the result.
std::array<bool, 4> extractMaskBits(std::uint8_t mask) {
    std::array<bool, 4> m{{false, false, false, false}};
    for (int i = 0; i < 4; ++i) m[static_cast<std::size_t>(i)] = ((mask >> i) & 1) != 0;
    return m;
}

// vadd2 ... vmax2, vset2, vadd4 ... vmax4, vset4 (9.7.18.2.1 - .4).
u32 simdOp(const Instr& in, u32 a, u32 b, u32 c) {
    const int lanes = lanes_of(in.geometry);
    const int w = lane_bits(in.geometry);

    // Va = extractAndSignExt( a, b, .asel, .atype );
    // Vb = extractAndSignExt( a, b, .bsel, .btype );
    // Vc = extractAndSignExt( c );
    const Lanes Va = extractAndSignExt(a, b, in.simd_asel, in.atype, lanes, w);
    const Lanes Vb = extractAndSignExt(a, b, in.simd_bsel, in.btype, lanes, w);
    const Lanes Vc = extractAndSignExt(c, lanes, w);

    // vset2/vset4 have no dtype and no .sat (R14, R15).
    const bool isSet = in.operation == Operation::set;
    const bool sat = isSet ? false : in.sat;

    Lanes t{{0, 0, 0, 0}};
    for (int i = 0; i < lanes; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        // The primary operation, exact on the extended lanes (R5).
        switch (in.operation) {
            case Operation::add:     t[k] = Va[k] + Vb[k]; break;
            case Operation::sub:     t[k] = Va[k] - Vb[k]; break;
            case Operation::avrg:    t[k] = average(Va[k], Vb[k]); break;
            case Operation::absdiff: t[k] = static_cast<i64>(ABS(i128{Va[k]} - Vb[k])); break;
            case Operation::min:     t[k] = static_cast<i64>(MIN(Va[k], Vb[k])); break;
            case Operation::max:     t[k] = static_cast<i64>(MAX(Va[k], Vb[k])); break;
            case Operation::set:     t[k] = compare(Va[k], Vb[k], in.cmp) ? 1 : 0; break;
            // No SIMD shift or multiply-add exists (R15); never decoded.
            case Operation::shl: case Operation::shr: case Operation::mad:
                t[k] = 0; break;
        }
        // if (.sat) clamp each lane to S16/U16 or S8/U8 by dtype (R7, O4).
        if (sat) {
            const bool sign = isSigned(in.dtype);
            if (w == 16) {
                t[k] = static_cast<i64>(sign ? CLAMP(t[k], S16_MAX, S16_MIN) : CLAMP(t[k], U16_MAX, U16_MIN));
            } else {
                t[k] = static_cast<i64>(sign ? CLAMP(t[k], S8_MAX, S8_MIN) : CLAMP(t[k], U8_MAX, U8_MIN));
            }
        }
    }

    // Secondary accumulate or SIMD merge.
    const std::array<bool, 4> mask = extractMaskBits(in.mask);
    u32 d = 0;
    switch (in.op2) {
        case Op2::add:
            // R11: d = c; d += mask[i] ? t[i] : 0; with the exact lane results
            // (negative ones included) and the sum taken modulo 2^32.
            d = c;
            for (int i = 0; i < lanes; ++i) {
                const std::size_t k = static_cast<std::size_t>(i);
                if (mask[k]) d += static_cast<u32>(static_cast<u64>(t[k]));
            }
            break;
        case Op2::none:
        // .min/.max are no SIMD forms (R15) and are never decoded; merge.
        case Op2::min: case Op2::max:
            // R10 (P1 corrected): lane i of d is the low w bits of t[i] at bits
            // [w*i, w*i + w) when mask[i] is set, else lane i of c unchanged
            // (also for vset2/vset4, B1).
            d = 0;
            for (int i = 0; i < lanes; ++i) {
                const std::size_t k = static_cast<std::size_t>(i);
                const u64 lane = mask[k] ? lowBits(static_cast<u64>(t[k]), w) : static_cast<u64>(Vc[k]);
                d |= static_cast<u32>(lane << (w * i));
            }
            break;
    }
    return d;
}

}  // namespace

std::uint32_t interpret(const Instr& in, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    switch (in.geometry) {
        case Geometry::scalar:
            if (in.operation == Operation::mad) return vmadOp(in, a, b, c);
            return scalarOp(in, a, b, c);
        case Geometry::half:
        case Geometry::byte:
            return simdOp(in, a, b, c);
    }
    return 0;
}

}  // namespace ptxv
