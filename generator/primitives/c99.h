/* The helpers of `ptxv explain --c`: the C99 form of each function that the
 * lowered bodies call (the C++ ones are scalar.hpp's and lanes.hpp's). ptxv-gen
 * splits the region below into its functions and stores each with the names
 * of the others it calls; an explained instruction is printed with the ones
 * its body reaches, every vx_ prefix replaced by the function's own name, so
 * that any number of explained functions can share a translation unit.
 *
 * Each is written for C99 over <stdint.h> alone, and for OpenCL C once the
 * three fixed-width types are defined: no conversion of an out-of-range value
 * to a signed type, no shift of a negative value, no signed overflow; every
 * choice a select of masks (a constant argument folds it), so that no
 * compiler turns it into a branch. A lane helper that is the
 * same for bytes and half-words takes the lane width w (8 or 16) as its last
 * argument; one that differs is named by its lane count (vx_hsum4, vx_hsum2).
 */
#include <stdint.h>

// ptxv-gen: begin c99
/* cond ? x : y as masks, which compilers keep free of branches where a
 * conditional expression may become a compare and a jump. */
static inline uint32_t vx_sel32(int cond, uint32_t x, uint32_t y)
{
    const uint32_t m = 0u - (uint32_t)(cond != 0);
    return (x & m) | (y & ~m);
}
static inline int64_t vx_sel64(int cond, int64_t x, int64_t y)
{
    const int64_t m = -(int64_t)(cond != 0);
    return (x & m) | (y & ~m);
}
static inline uint64_t vx_selu64(int cond, uint64_t x, uint64_t y)
{
    const uint64_t m = (uint64_t)0 - (uint64_t)(cond != 0);
    return (x & m) | (y & ~m);
}
static inline int64_t vx_wmin(int64_t x, int64_t y)
{
    return vx_sel64(x < y, x, y);
}
static inline int64_t vx_wmax(int64_t x, int64_t y)
{
    return vx_sel64(x > y, x, y);
}
static inline int64_t vx_smin(int64_t x, int64_t y)
{
    return vx_sel64(x < y, x, y);
}
static inline int64_t vx_smax(int64_t x, int64_t y)
{
    return vx_sel64(x > y, x, y);
}
static inline uint64_t vx_umin64(uint64_t x, uint64_t y)
{
    return vx_selu64(x < y, x, y);
}
static inline uint64_t vx_umax64(uint64_t x, uint64_t y)
{
    return vx_selu64(x > y, x, y);
}
/* R6's byte/half-word .sat: x's 64-bit pattern read as unsigned against y
 * (below 2^32), so that a negative x is above every y. */
static inline int64_t vx_umin_pattern(int64_t x, int64_t y)
{
    return vx_sel64((uint64_t)x < (uint64_t)y, x, y);
}
static inline int64_t vx_sabs(int64_t x)
{
    return vx_sel64(x < 0, -x, x);
}
static inline unsigned vx_umin32(uint32_t x, unsigned y)
{
    return vx_sel32(x < y, x, y);
}
static inline uint32_t vx_min_u32(uint32_t x, uint32_t y)
{
    return vx_sel32(x < y, x, y);
}
static inline uint32_t vx_max_u32(uint32_t x, uint32_t y)
{
    return vx_sel32(x > y, x, y);
}
/* Words compared as int32_t: their top bits flipped, compared unsigned. */
static inline int vx_lt_s32(uint32_t x, uint32_t y)
{
    return (x ^ 0x80000000u) < (y ^ 0x80000000u);
}
static inline uint32_t vx_min_s32(uint32_t x, uint32_t y)
{
    return vx_sel32((x ^ 0x80000000u) < (y ^ 0x80000000u), x, y);
}
static inline uint32_t vx_max_s32(uint32_t x, uint32_t y)
{
    return vx_sel32((x ^ 0x80000000u) > (y ^ 0x80000000u), x, y);
}
/* R8's .min/.max where t and c are read differently. su: t the low word of
 * vadd/vsub sign-extended, c unsigned; a negative t's 64-bit pattern is above
 * every c. zs: t zero-extended, c signed; a negative c is below every t. */
static inline uint32_t vx_min_su(uint32_t t, uint32_t c)
{
    return vx_sel32((t | (0u - (t >> 31))) < c, t, c);
}
static inline uint32_t vx_max_su(uint32_t t, uint32_t c)
{
    return vx_sel32((t | (0u - (t >> 31))) >= c, t, c);
}
static inline uint32_t vx_min_zs(uint32_t t, uint32_t c)
{
    return vx_sel32(t < (c & ((c >> 31) - 1u)), t, c);
}
static inline uint32_t vx_max_zs(uint32_t t, uint32_t c)
{
    return vx_sel32(t >= (c & ((c >> 31) - 1u)), t, c);
}
/* An unsigned word u against a signed word s, as their extended values
 * compare (R5): a negative s is below every u. */
static inline int vx_lt_us(uint32_t u, uint32_t s)
{
    return u < (s & ((s >> 31) - 1u));
}
static inline int vx_le_us(uint32_t u, uint32_t s)
{
    return u < ((s + 1u) & ((s >> 31) - 1u));
}
static inline int vx_eq_us(uint32_t u, uint32_t s)
{
    return ((u ^ s) | (s & 0x80000000u)) == 0u;
}
static inline uint32_t vx_smin32(uint32_t x, uint32_t y)
{
    return vx_sel32(vx_lt_s32(x, y), x, y);
}
static inline uint32_t vx_smax32(uint32_t x, uint32_t y)
{
    return vx_sel32(vx_lt_s32(y, x), x, y);
}
static inline uint32_t vx_absdiff_u32(uint32_t x, uint32_t y)
{
    return vx_sel32(x < y, y - x, x - y);
}
static inline uint32_t vx_absdiff_s32(uint32_t x, uint32_t y)
{
    return vx_sel32(vx_lt_s32(x, y), y - x, x - y);
}
/* A word read as int32_t. */
static inline int64_t vx_sx32(uint32_t x)
{
    return (int64_t)(x ^ 0x80000000u) - (int64_t)0x80000000u;
}
/* R1: the part a source selector s names (none 0, b0-b3 1-4, h0 5, h1 6; the
 * rest read the word) shifted to the top of the word (xl, bits) and back
 * (xr): nibble s of each constant, in bytes. */
static inline unsigned vx_xl(unsigned s)
{
    return (unsigned)((((uint64_t)0x201230u >> ((s & 15u) << 2)) & 15u) << 3);
}
static inline unsigned vx_xr(unsigned s)
{
    return (unsigned)((((uint64_t)0x2233330u >> ((s & 15u) << 2)) & 15u) << 3);
}
/* The part sign-extended: its top bit flipped, then that bit's weight
 * subtracted. */
static inline int64_t vx_xs(uint32_t x, unsigned s)
{
    const uint32_t top = 0x80000000u >> vx_xr(s);
    return (int64_t)(((x << vx_xl(s)) >> vx_xr(s)) ^ top) - (int64_t)top;
}
static inline uint64_t vx_xu(uint32_t x, unsigned s)
{
    return (x << vx_xl(s)) >> vx_xr(s);
}
/* vmad's unsigned operand (R13): a byte or half-word zero-extended, a whole
 * word sign-extended. */
static inline int64_t vx_xv(uint32_t x, unsigned s)
{
    return (int64_t)vx_xu(x, s) - ((int64_t)((vx_xr(s) == 0u) & (x >> 31)) << 32);
}
static inline uint32_t vx_xs32(uint32_t x, unsigned s)
{
    return (uint32_t)vx_xs(x, s);
}
static inline uint32_t vx_xu32(uint32_t x, unsigned s)
{
    return (x << vx_xl(s)) >> vx_xr(s);
}
/* x read as int32_t, shifted right arithmetically by s (below 32). */
static inline uint32_t vx_sar32(uint32_t x, unsigned s)
{
    return ((x ^ 0x80000000u) >> s) - (0x80000000u >> s);
}
static inline uint32_t vx_subsat_u32(uint32_t x, uint32_t y)
{
    return (x - y) & ((uint32_t)(x < y) - 1u);
}
/* Signed saturation: an overflow is a sum whose sign differs from both
 * operands' (for x - y, from x's and ~y's); it takes the bound of x's sign. */
static inline uint32_t vx_addsat_s32(uint32_t x, uint32_t y)
{
    const uint32_t s = x + y;
    return vx_sel32((int)(((s ^ x) & (s ^ y)) >> 31), 0x7fffffffu + (x >> 31), s);
}
static inline uint32_t vx_subsat_s32(uint32_t x, uint32_t y)
{
    const uint32_t s = x - y;
    return vx_sel32((int)(((x ^ y) & (s ^ x)) >> 31), 0x7fffffffu + (x >> 31), s);
}
/* .sat of a whole-word sum or difference of any types (R6): with a signed
 * operand biased by 2^31, x + y is s - k * 2^31 for s the biased sum (in
 * [0, 2^33)) and k the number of signed operands; x - y likewise, with s =
 * 2^32 + the biased difference and k = 2 + sa - sb. A signed d clamps to
 * [-2^31, 2^31); an unsigned one only raises a negative value to 0. */
static inline uint32_t vx_s33_sat(int64_t s, int k, int sd, uint32_t word)
{
    const int64_t unit = (int64_t)0x80000000u;
    const uint32_t low = vx_sel32(s < (k - sd) * unit, (uint32_t)sd << 31, word);
    return vx_sel32(sd & (s >= (k + 1) * unit), 0x7fffffffu, low);
}
static inline uint32_t vx_addsat(uint32_t x, uint32_t y, int sa, int sb, int sd)
{
    const uint32_t bx = x ^ ((uint32_t)sa << 31), by = y ^ ((uint32_t)sb << 31);
    return vx_s33_sat((int64_t)bx + (int64_t)by, sa + sb, sd, x + y);
}
static inline uint32_t vx_subsat(uint32_t x, uint32_t y, int sa, int sb, int sd)
{
    const uint32_t bx = x ^ ((uint32_t)sa << 31), by = y ^ ((uint32_t)sb << 31);
    return vx_s33_sat((int64_t)0x100000000u + (int64_t)bx - (int64_t)by, 2 + sa - sb, sd, x - y);
}
/* R6/R9: per d selector code (2-bit fields), the narrowing (word, half-word,
 * byte: the bits the result keeps), the byte position of the merge and how
 * far the result moves into it. */
static inline uint32_t vx_dmask(unsigned ds)
{
    return 0xffffffffu >> (((0x2bfcu >> ((ds & 15u) << 1)) & 3u) << 3);
}
static inline unsigned vx_dpos(unsigned ds)
{
    return ((0x2390u >> ((ds & 15u) << 1)) & 3u) << 3;
}
static inline unsigned vx_dmove(unsigned ds)
{
    return ((0x390u >> ((ds & 15u) << 1)) & 3u) << 3;
}
/* R13, vmad's negations (bit 0 a, bit 1 b, bit 2 c): whether the product is
 * negated, whether c is (a product negation drops c's), and signedFinal's
 * negation part. */
static inline unsigned vx_neg_ab(unsigned neg)
{
    return (neg ^ (neg >> 1)) & 1u;
}
static inline unsigned vx_neg_c(unsigned neg)
{
    return ((neg >> 2) & 1u) & (vx_neg_ab(neg) ^ 1u);
}
static inline unsigned vx_neg_sf(unsigned neg)
{
    return vx_neg_ab(neg) | ((neg >> 2) & 1u);
}
/* x negated where m is all ones, kept where it is 0. */
static inline int64_t vx_negate_if(int64_t x, uint64_t m)
{
    return vx_sel64(m != 0u, -x, x);
}
/* R9: the result t merged into c under the d selector ds. */
static inline uint32_t vx_dmerge(uint32_t c, uint32_t t, unsigned ds)
{
    return c ^ ((c ^ (t << vx_dmove(ds))) & (vx_dmask(ds) << vx_dpos(ds)));
}
/* The low 34 bits of x read as a signed number (R6). */
static inline int64_t vx_sx34(uint64_t x)
{
    return (int64_t)((x & 0x3ffffffffu) ^ 0x200000000u) - (int64_t)0x200000000u;
}
/* r where m is set, c elsewhere (R10). */
static inline uint32_t vx_merge(uint32_t c, uint32_t r, uint32_t m)
{
    return c ^ ((c ^ r) & m);
}
/* Packed lanes of w bits (8 or 16). The top bit of every lane. */
static inline uint32_t vx_top(unsigned w)
{
    return (0xffffffffu / ((1u << w) - 1u)) << (w - 1u);
}
static inline uint32_t vx_add(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t h = vx_top(w);
    return ((a & ~h) + (b & ~h)) ^ ((a ^ b) & h);
}
static inline uint32_t vx_sub(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t h = vx_top(w);
    return ((a | h) - (b & ~h)) ^ ((a ^ ~b) & h);
}
/* a >= b (unsigned lanes): the top bit of ceil((a + ~b) / 2), which never
 * borrows across lanes. */
static inline uint32_t vx_geu(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t nb = ~b;
    return ((a | nb) - (((a ^ nb) >> 1) & ~vx_top(w))) & vx_top(w);
}
static inline uint32_t vx_eq(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t h = vx_top(w), z = a ^ b;
    return ~(((z & ~h) + ~h) | z) & h;
}
/* Lane flags (top bits) to whole-lane masks. */
static inline uint32_t vx_msk(uint32_t f, unsigned w)
{
    return (f - (f >> (w - 1u))) | f;
}
static inline uint32_t vx_addus(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t h = vx_top(w);
    const uint32_t s = (a & ~h) + (b & ~h), t = a | b;
    const uint32_t carry = ((a & b) | (t & s)) & h;
    return s | (t & h) | (carry - (carry >> (w - 1u)));
}
static inline uint32_t vx_subus(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t d = vx_sub(a, b, w);
    return d & ~vx_msk(((~a & b) | (~(a ^ b) & d)) & vx_top(w), w);
}
/* An overflowed lane (flag o) becomes the bound of a's sign. */
static inline uint32_t vx_saturate(uint32_t r, uint32_t o, uint32_t a, unsigned w)
{
    return ((r & ~o) | (o - (o >> (w - 1u)))) + ((a & o) >> (w - 1u));
}
static inline uint32_t vx_addss(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t s = vx_add(a, b, w);
    return vx_saturate(s, (s ^ a) & (s ^ b) & vx_top(w), a, w);
}
static inline uint32_t vx_subss(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t h = vx_top(w);
    const uint32_t r = (a | h) - (b & ~h), x = a ^ b;
    return vx_saturate(r ^ (~x & h), (r ^ a) & x & h, a, w);
}
static inline uint32_t vx_minu(uint32_t a, uint32_t b, unsigned w)
{
    return a ^ ((a ^ b) & vx_msk(vx_geu(a, b, w), w));
}
static inline uint32_t vx_maxu(uint32_t a, uint32_t b, unsigned w)
{
    return b ^ ((a ^ b) & vx_msk(vx_geu(a, b, w), w));
}
/* Signed lanes order as unsigned ones with their top bits flipped. */
static inline uint32_t vx_mins(uint32_t a, uint32_t b, unsigned w)
{
    return a ^ ((a ^ b) & vx_msk(vx_geu(a ^ vx_top(w), b ^ vx_top(w), w), w));
}
static inline uint32_t vx_maxs(uint32_t a, uint32_t b, unsigned w)
{
    return b ^ ((a ^ b) & vx_msk(vx_geu(a ^ vx_top(w), b ^ vx_top(w), w), w));
}
/* |a - b| of unsigned lanes: max - min, which never borrows. */
static inline uint32_t vx_absdiffu(uint32_t a, uint32_t b, unsigned w)
{
    return vx_maxu(a, b, w) - vx_minu(a, b, w);
}
static inline uint32_t vx_absdiffs(uint32_t a, uint32_t b, unsigned w)
{
    return vx_absdiffu(a ^ vx_top(w), b ^ vx_top(w), w);
}
/* |a - b| of signed lanes clamped to the signed range. */
static inline uint32_t vx_absdiffss(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t p = vx_absdiffs(a, b, w), f = p & vx_top(w);
    return (p | vx_msk(f, w)) ^ f;
}
/* The unsigned average rounded up (R5). */
static inline uint32_t vx_avgu(uint32_t a, uint32_t b, unsigned w)
{
    return (a | b) - (((a ^ b) >> 1) & ~vx_top(w));
}
/* The signed average rounded half away from zero (R5): biased by 2^(w-1),
 * the sum is not negative where x + y carries out, which is the top bit of
 * the floor average; round up exactly then. */
static inline uint32_t vx_avgs(uint32_t a, uint32_t b, unsigned w)
{
    const uint32_t h = vx_top(w), x = a ^ h, y = b ^ h;
    const uint32_t f = (x & y) + (((x ^ y) >> 1) & ~h);
    return (f + ((x ^ y) & (f >> (w - 1u)) & (h >> (w - 1u)))) ^ h;
}
/* Compares (R14): 1 in each lane where it holds. */
static inline uint32_t vx_set_eq(uint32_t a, uint32_t b, unsigned w)
{
    return vx_eq(a, b, w) >> (w - 1u);
}
static inline uint32_t vx_set_ne(uint32_t a, uint32_t b, unsigned w)
{
    return (vx_eq(a, b, w) ^ vx_top(w)) >> (w - 1u);
}
static inline uint32_t vx_set_geu(uint32_t a, uint32_t b, unsigned w)
{
    return vx_geu(a, b, w) >> (w - 1u);
}
static inline uint32_t vx_set_ltu(uint32_t a, uint32_t b, unsigned w)
{
    return (vx_geu(a, b, w) ^ vx_top(w)) >> (w - 1u);
}
static inline uint32_t vx_set_leu(uint32_t a, uint32_t b, unsigned w)
{
    return vx_geu(b, a, w) >> (w - 1u);
}
static inline uint32_t vx_set_gtu(uint32_t a, uint32_t b, unsigned w)
{
    return (vx_geu(b, a, w) ^ vx_top(w)) >> (w - 1u);
}
static inline uint32_t vx_set_ges(uint32_t a, uint32_t b, unsigned w)
{
    return vx_set_geu(a ^ vx_top(w), b ^ vx_top(w), w);
}
static inline uint32_t vx_set_lts(uint32_t a, uint32_t b, unsigned w)
{
    return vx_set_ltu(a ^ vx_top(w), b ^ vx_top(w), w);
}
static inline uint32_t vx_set_les(uint32_t a, uint32_t b, unsigned w)
{
    return vx_set_leu(a ^ vx_top(w), b ^ vx_top(w), w);
}
static inline uint32_t vx_set_gts(uint32_t a, uint32_t b, unsigned w)
{
    return vx_set_gtu(a ^ vx_top(w), b ^ vx_top(w), w);
}
/* R4: the mask's bits to byte lanes of ones. */
static inline uint32_t vx_mask4(unsigned m)
{
    return (((m & 15u) * 0x00204081u) & 0x01010101u) * 0xffu;
}
/* The number of the mask's bits set. */
static inline uint32_t vx_pop4(unsigned m)
{
    return (uint32_t)((0x4332322132212110u >> ((m & 15u) << 2)) & 7u);
}
/* The sum of the byte lanes. */
static inline uint32_t vx_hsum4(uint32_t x)
{
    const uint32_t y = (x & 0x00ff00ffu) + ((x >> 8) & 0x00ff00ffu);
    return (y & 0xffffu) + (y >> 16);
}
/* The number of lane flags (top bits) set. */
static inline uint32_t vx_cnt4(uint32_t f)
{
    return ((f >> 7) * 0x01010101u) >> 24;
}
/* Lanes 0, 2, 1, 3 in the 16-bit fields of a uint64_t, from the bottom. */
static inline uint64_t vx_widen4(uint32_t x)
{
    return ((uint64_t)x | ((uint64_t)x << 24)) & 0x00ff00ff00ff00ffu;
}
/* widen4's inverse. */
static inline uint32_t vx_narrow4(uint64_t w)
{
    return (uint32_t)((w & 0x00ff00ffu) | ((w >> 24) & 0xff00ff00u));
}
/* R4: the mask's bits to widen4's fields of ones. */
static inline uint64_t vx_fmask4(unsigned m)
{
    const uint64_t f = ((uint64_t)(m & 15u) * 0x0000200080004001u) & 0x0001000100010001u;
    return (f << 16) - f;
}
/* The sum of widen4's fields. */
static inline uint32_t vx_fsum4(uint64_t w)
{
    const uint64_t t = (w & 0x0000ffff0000ffffu) + ((w >> 16) & 0x0000ffff0000ffffu);
    return (uint32_t)t + (uint32_t)(t >> 32);
}
/* c plus the sum of |a - b| over the lanes of m (R11). */
static inline uint32_t vx_sadu4(uint32_t a, uint32_t b, uint32_t c, uint32_t m)
{
    return c + vx_hsum4(vx_absdiffu(a, b, 8u) & m);
}
/* The same of signed lanes: their top bits flipped. */
static inline uint32_t vx_sads4(uint32_t a, uint32_t b, uint32_t c, uint32_t m)
{
    return vx_sadu4(a ^ 0x80808080u, b ^ 0x80808080u, c, m);
}
/* R2: lane i takes byte digit i of s from the pair {b:a}. */
static inline uint32_t vx_select4(uint32_t a, uint32_t b, unsigned s)
{
    const uint64_t p = ((uint64_t)b << 32) | a;
    return (uint32_t)(((p >> ((s << 3) & 0x38u)) & 0xffu) | (((p >> ((s >> 1) & 0x38u)) & 0xffu) << 8) |
                      (((p >> ((s >> 5) & 0x38u)) & 0xffu) << 16) | (((p >> ((s >> 9) & 0x38u)) & 0xffu) << 24));
}
/* R4: the mask's bits to half-word lanes of ones. */
static inline uint32_t vx_mask2(unsigned m)
{
    return (((m & 3u) * 0x8001u) & 0x10001u) * 0xffffu;
}
/* The number of the mask's bits set. */
static inline uint32_t vx_pop2(unsigned m)
{
    return (m & 1u) + ((m >> 1) & 1u);
}
/* The sum of the half-word lanes. */
static inline uint32_t vx_hsum2(uint32_t x)
{
    return (x & 0xffffu) + (x >> 16);
}
/* The number of lane flags (top bits) set. */
static inline uint32_t vx_cnt2(uint32_t f)
{
    return ((f >> 15) * 0x10001u) >> 16;
}
/* Lane i in the 32-bit field i of a uint64_t. */
static inline uint64_t vx_widen2(uint32_t x)
{
    return ((uint64_t)x | ((uint64_t)x << 16)) & 0x0000ffff0000ffffu;
}
/* widen2's inverse. */
static inline uint32_t vx_narrow2(uint64_t w)
{
    return (uint32_t)((w & 0xffffu) | ((w >> 16) & 0xffff0000u));
}
/* R4: the mask's bits to widen2's fields of ones. */
static inline uint64_t vx_fmask2(unsigned m)
{
    const uint64_t f = ((uint64_t)(m & 3u) * 0x80000001u) & 0x0000000100000001u;
    return (f << 32) - f;
}
/* The sum of widen2's fields. */
static inline uint32_t vx_fsum2(uint64_t w)
{
    return (uint32_t)w + (uint32_t)(w >> 32);
}
/* c plus the sum of |a - b| over the lanes of m (R11). */
static inline uint32_t vx_sadu2(uint32_t a, uint32_t b, uint32_t c, uint32_t m)
{
    return c + vx_hsum2(vx_absdiffu(a, b, 16u) & m);
}
/* The same of signed lanes: their top bits flipped. */
static inline uint32_t vx_sads2(uint32_t a, uint32_t b, uint32_t c, uint32_t m)
{
    return vx_sadu2(a ^ 0x80008000u, b ^ 0x80008000u, c, m);
}
/* R2: lane i takes half-word digit i of s from the pair {b:a}. */
static inline uint32_t vx_select2(uint32_t a, uint32_t b, unsigned s)
{
    const uint64_t p = ((uint64_t)b << 32) | a;
    return (uint32_t)(((p >> ((s << 4) & 0x30u)) & 0xffffu) | (((p >> (s & 0x30u)) & 0xffffu) << 16));
}
// ptxv-gen: end c99
