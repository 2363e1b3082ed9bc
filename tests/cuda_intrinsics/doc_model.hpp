// An independent per-lane model of CUDA's SIMD video intrinsics (__vabs2 ...
// __vsads4) and of __sad / __usad, written from the words of the doc comments
// in CUDA's crt/device_functions.h.
//
// Every function is evaluated the slow, obvious way: the 32-bit word is split
// into lanes (2 halfwords or 4 bytes), each lane is read as a signed or an
// unsigned integer held in std::int64_t, the documented per-lane result is
// computed in that wide type with ordinary arithmetic and comparisons, then
// brought back into the lane (saturation: clamp to the lane type's range;
// wrap-around: keep the value modulo 2^lane_bits) and the lanes are put back
// together. Nothing here is shared with the code under test.
//
// Where the one-line summary of a doc comment contradicts its detailed text,
// the intrinsic's name, or NVIDIA's behaviour, the choice made is noted next
// to the entry concerned.
#ifndef PTXV_TEST_CUDA_DOC_MODEL_HPP
#define PTXV_TEST_CUDA_DOC_MODEL_HPP

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ptxv_test::cuda_doc {

// The 84 intrinsics the model knows, in the order CUDA's header declares them.
inline constexpr std::string_view kDocNames[] = {
    "__sad",       "__usad",
    // Halfword (2-lane) functions.
    "__vabs2",     "__vabsss2",   "__vadd2",     "__vaddss2",   "__vaddus2",   "__vavgs2",
    "__vavgu2",    "__vhaddu2",   "__vcmpeq2",   "__vcmpges2",  "__vcmpgeu2",  "__vcmpgts2",
    "__vcmpgtu2",  "__vcmples2",  "__vcmpleu2",  "__vcmplts2",  "__vcmpltu2",  "__vcmpne2",
    "__vabsdiffu2", "__vmaxs2",   "__vmaxu2",    "__vmins2",    "__vminu2",    "__vseteq2",
    "__vsetges2",  "__vsetgeu2",  "__vsetgts2",  "__vsetgtu2",  "__vsetles2",  "__vsetleu2",
    "__vsetlts2",  "__vsetltu2",  "__vsetne2",   "__vsadu2",    "__vsub2",     "__vsubss2",
    "__vsubus2",   "__vneg2",     "__vnegss2",   "__vabsdiffs2", "__vsads2",
    // Byte (4-lane) functions.
    "__vabs4",     "__vabsss4",   "__vadd4",     "__vaddss4",   "__vaddus4",   "__vavgs4",
    "__vavgu4",    "__vhaddu4",   "__vcmpeq4",   "__vcmpges4",  "__vcmpgeu4",  "__vcmpgts4",
    "__vcmpgtu4",  "__vcmples4",  "__vcmpleu4",  "__vcmplts4",  "__vcmpltu4",  "__vcmpne4",
    "__vabsdiffu4", "__vmaxs4",   "__vmaxu4",    "__vmins4",    "__vminu4",    "__vseteq4",
    "__vsetles4",  "__vsetleu4",  "__vsetlts4",  "__vsetltu4",  "__vsetges4",  "__vsetgeu4",
    "__vsetgts4",  "__vsetgtu4",  "__vsetne4",   "__vsadu4",    "__vsub4",     "__vsubss4",
    "__vsubus4",   "__vneg4",     "__vnegss4",   "__vabsdiffs4", "__vsads4",
};

namespace detail {

// What a lane operation does.
enum class Op {
    Abs,       // |a|
    Add,       // a + b
    Sub,       // a - b
    AvgRound,  // rounded average of a and b
    AvgFloor,  // average of a and b rounded down
    Mask,      // comparison, lane = all ones or 0
    Flag,      // comparison, lane = 1 or 0
    AbsDiff,   // |a - b|
    Max,
    Min,
    Neg,       // 0 - a
    SumAbsDiff // sum over the lanes of |a - b|, one 32-bit result
};

enum class Cmp { None, Eq, Ne, Lt, Le, Gt, Ge };

// How an out-of-range lane result is brought back into the lane.
enum class Fit {
    Wrap,           // keep the value modulo 2^lane_bits
    SaturateSigned, // clamp to [-2^(bits-1), 2^(bits-1) - 1]
    SaturateUnsigned // clamp to [0, 2^bits - 1]
};

// One intrinsic, apart from its lane count (which is the trailing 2 or 4 of
// the name).
struct Desc {
    std::string_view stem;  // name without "__v" and the lane digit
    bool is_signed;         // lanes read as signed integers
    Op op;
    Cmp cmp;
    Fit fit;
};

// The 41 operations, each available with 2 halfword lanes and 4 byte lanes.
inline constexpr Desc kStems[] = {
    // "Computes per-halfword absolute value: |a|." The docs do not say what
    // |-32768| is; it wraps, so the lane keeps 0x8000 (0x80 for a byte).
    {"abs", true, Op::Abs, Cmp::None, Fit::Wrap},
    {"absss", true, Op::Abs, Cmp::None, Fit::SaturateSigned},
    // __vadd2's summary says "(un)signed addition, with wrap-around", its body
    // "unsigned addition"; with wrap-around both give the same bits.
    {"add", false, Op::Add, Cmp::None, Fit::Wrap},
    {"addss", true, Op::Add, Cmp::None, Fit::SaturateSigned},
    {"addus", false, Op::Add, Cmp::None, Fit::SaturateUnsigned},
    // "signed rounded average" does not say which way a half rounds: away from
    // zero, as NVIDIA's portable code ((a+b) < 0 ? (a+b) >> 1 : (a+b+1) >> 1).
    {"avgs", true, Op::AvgRound, Cmp::None, Fit::Wrap},
    {"avgu", false, Op::AvgRound, Cmp::None, Fit::Wrap},
    // "unsigned average" with no rounding named: the halving add, rounded down
    // (the "rounded" variant is __vavgu).
    {"haddu", false, Op::AvgFloor, Cmp::None, Fit::Wrap},
    {"cmpeq", false, Op::Mask, Cmp::Eq, Fit::Wrap},
    {"cmpges", true, Op::Mask, Cmp::Ge, Fit::Wrap},
    {"cmpgeu", false, Op::Mask, Cmp::Ge, Fit::Wrap},
    {"cmpgts", true, Op::Mask, Cmp::Gt, Fit::Wrap},
    {"cmpgtu", false, Op::Mask, Cmp::Gt, Fit::Wrap},
    {"cmples", true, Op::Mask, Cmp::Le, Fit::Wrap},
    {"cmpleu", false, Op::Mask, Cmp::Le, Fit::Wrap},
    {"cmplts", true, Op::Mask, Cmp::Lt, Fit::Wrap},
    {"cmpltu", false, Op::Mask, Cmp::Lt, Fit::Wrap},
    // The "For example" line of __vcmpne2/__vcmpne4 is copied from
    // __vcmplts2/__vcmplts4 (it even names that function); the summary and
    // body both say a != b, which is what is modelled.
    {"cmpne", false, Op::Mask, Cmp::Ne, Fit::Wrap},
    {"absdiffu", false, Op::AbsDiff, Cmp::None, Fit::Wrap},
    // Signed lanes: |a - b| of two signed bytes is 0..255, so the low lane
    // bits hold it exactly (read as unsigned).
    {"absdiffs", true, Op::AbsDiff, Cmp::None, Fit::Wrap},
    {"maxs", true, Op::Max, Cmp::None, Fit::Wrap},
    {"maxu", false, Op::Max, Cmp::None, Fit::Wrap},
    {"mins", true, Op::Min, Cmp::None, Fit::Wrap},
    {"minu", false, Op::Min, Cmp::None, Fit::Wrap},
    // __vset*: the summaries say "returns 1 if both parts compare ..." / "if
    // all 4 pairs compare ...", but the names, the PTX vset mapping and
    // NVIDIA's portable code all give each lane its own 0 or 1.
    {"seteq", false, Op::Flag, Cmp::Eq, Fit::Wrap},
    {"setges", true, Op::Flag, Cmp::Ge, Fit::Wrap},
    {"setgeu", false, Op::Flag, Cmp::Ge, Fit::Wrap},
    {"setgts", true, Op::Flag, Cmp::Gt, Fit::Wrap},
    {"setgtu", false, Op::Flag, Cmp::Gt, Fit::Wrap},
    // __vsetles2 is documented "unsigned comparison" and __vsetleu2 "signed
    // comparison"; the names decide (les = signed, leu = unsigned), as for
    // __vsetles4/__vsetleu4 whose docs agree with their names.
    {"setles", true, Op::Flag, Cmp::Le, Fit::Wrap},
    {"setleu", false, Op::Flag, Cmp::Le, Fit::Wrap},
    // __vsetlt*: the body says "performs comparison 'a' part <= 'b' part", the
    // summary and \return say "less than"; the name decides: strict <.
    {"setlts", true, Op::Flag, Cmp::Lt, Fit::Wrap},
    {"setltu", false, Op::Flag, Cmp::Lt, Fit::Wrap},
    {"setne", false, Op::Flag, Cmp::Ne, Fit::Wrap},
    {"sadu", false, Op::SumAbsDiff, Cmp::None, Fit::Wrap},
    // __vsads*: "Partial results are recombined and returned as unsigned int"
    // is left over from the per-lane functions; the result is the plain sum.
    {"sads", true, Op::SumAbsDiff, Cmp::None, Fit::Wrap},
    {"sub", false, Op::Sub, Cmp::None, Fit::Wrap},
    // __vsubss2: "(un)signed subtraction, with signed saturation" -- the
    // saturation is signed, so the lanes are signed.
    {"subss", true, Op::Sub, Cmp::None, Fit::SaturateSigned},
    {"subus", false, Op::Sub, Cmp::None, Fit::SaturateUnsigned},
    {"neg", true, Op::Neg, Cmp::None, Fit::Wrap},
    // __vnegss*: the body only says "computes negation"; the summary's "with
    // signed saturation" decides: -(-128) = 127.
    {"negss", true, Op::Neg, Cmp::None, Fit::SaturateSigned},
};

static_assert(sizeof(kStems) / sizeof(kStems[0]) == 41, "41 operations");
static_assert(sizeof(kDocNames) / sizeof(kDocNames[0]) == 84, "82 SIMD intrinsics plus __sad and __usad");

// The index in kStems of a "__v<stem><2|4>" name, and its lane count; -1 if
// the name is not one of them. (An index, not a pointer: compilers that
// instrument pointer comparisons refuse to compare one with nullptr in a
// constant expression.)
constexpr int describe_index(std::string_view name, int& lanes) {
    if (name.size() < 5 || name.substr(0, 3) != "__v") return -1;
    const char last = name[name.size() - 1];
    if (last != '2' && last != '4') return -1;
    lanes = last == '2' ? 2 : 4;
    const std::string_view stem = name.substr(3, name.size() - 4);
    for (std::size_t i = 0; i < sizeof(kStems) / sizeof(kStems[0]); ++i)
        if (kStems[i].stem == stem) return static_cast<int>(i);
    return -1;
}

constexpr bool every_doc_name_described() {
    for (std::string_view n : kDocNames) {
        if (n == "__sad" || n == "__usad") continue;
        int lanes = 0;
        if (describe_index(n, lanes) < 0) return false;
    }
    return true;
}
static_assert(every_doc_name_described(), "kDocNames and kStems agree");

constexpr std::int64_t pow2(int bits) {
    std::int64_t p = 1;
    for (int i = 0; i < bits; ++i) p *= 2;
    return p;
}

// Lane i of word x as an unsigned integer 0 .. 2^bits - 1.
constexpr std::int64_t lane_unsigned(std::uint32_t x, int i, int bits) {
    const std::int64_t word = x;
    return (word / pow2(i * bits)) % pow2(bits);
}

// Lane i of word x as a two's complement signed integer.
constexpr std::int64_t lane_signed(std::uint32_t x, int i, int bits) {
    const std::int64_t u = lane_unsigned(x, i, bits);
    return u >= pow2(bits - 1) ? u - pow2(bits) : u;
}

constexpr std::int64_t lane(std::uint32_t x, int i, int bits, bool is_signed) {
    return is_signed ? lane_signed(x, i, bits) : lane_unsigned(x, i, bits);
}

constexpr std::int64_t abs64(std::int64_t v) { return v < 0 ? -v : v; }

constexpr std::int64_t clamp64(std::int64_t v, std::int64_t lo, std::int64_t hi) {
    return v < lo ? lo : (v > hi ? hi : v);
}

// v modulo m, in 0 .. m - 1 (for negative v too).
constexpr std::int64_t mod64(std::int64_t v, std::int64_t m) { return ((v % m) + m) % m; }

// Half of s, a half rounded away from zero.
constexpr std::int64_t half_rounded(std::int64_t s) { return s >= 0 ? (s + 1) / 2 : (s - 1) / 2; }

// Half of s rounded down (s >= 0 here).
constexpr std::int64_t half_floor(std::int64_t s) { return s >= 0 ? s / 2 : (s - 1) / 2; }

constexpr bool compare(Cmp c, std::int64_t a, std::int64_t b) {
    switch (c) {
        case Cmp::Eq: return a == b;
        case Cmp::Ne: return a != b;
        case Cmp::Lt: return a < b;
        case Cmp::Le: return a <= b;
        case Cmp::Gt: return a > b;
        case Cmp::Ge: return a >= b;
        case Cmp::None: break;
    }
    return false;
}

// The stored lane value 0 .. 2^bits - 1 of the wide result r.
constexpr std::int64_t fit(Fit f, std::int64_t r, int bits) {
    switch (f) {
        case Fit::SaturateSigned: r = clamp64(r, -pow2(bits - 1), pow2(bits - 1) - 1); break;
        case Fit::SaturateUnsigned: r = clamp64(r, 0, pow2(bits) - 1); break;
        case Fit::Wrap: break;
    }
    return mod64(r, pow2(bits));
}

constexpr std::uint32_t eval_simd(const Desc& d, int lanes, std::uint32_t x, std::uint32_t y) {
    const int bits = 32 / lanes;
    const std::int64_t ones = pow2(bits) - 1;
    std::int64_t result = 0;  // the reassembled word, or the SAD sum
    for (int i = 0; i < lanes; ++i) {
        const std::int64_t a = lane(x, i, bits, d.is_signed);
        const std::int64_t b = lane(y, i, bits, d.is_signed);
        std::int64_t r = 0;
        switch (d.op) {
            case Op::Abs: r = abs64(a); break;
            case Op::Add: r = a + b; break;
            case Op::Sub: r = a - b; break;
            case Op::AvgRound: r = half_rounded(a + b); break;
            case Op::AvgFloor: r = half_floor(a + b); break;
            case Op::Mask: r = compare(d.cmp, a, b) ? ones : 0; break;
            case Op::Flag: r = compare(d.cmp, a, b) ? 1 : 0; break;
            case Op::AbsDiff: r = abs64(a - b); break;
            case Op::Max: r = a > b ? a : b; break;
            case Op::Min: r = a < b ? a : b; break;
            case Op::Neg: r = 0 - a; break;
            case Op::SumAbsDiff: result += abs64(a - b); continue;
        }
        result += fit(d.fit, r, bits) * pow2(i * bits);
    }
    return static_cast<std::uint32_t>(mod64(result, pow2(32)));
}

// The int argument of __sad whose bit pattern is x.
constexpr std::int64_t as_int32(std::uint32_t x) {
    const std::int64_t u = x;
    return u >= pow2(31) ? u - pow2(32) : u;
}

}  // namespace detail

// The value CUDA's documentation gives for the intrinsic `name` (CUDA's
// spelling) applied to x, y, z; arguments the intrinsic does not take are
// ignored. For __sad, x and y are the bit patterns of its int arguments.
// known is set to whether the name is one of kDocNames; 0 is returned if not.
constexpr std::uint32_t eval(std::string_view name, std::uint32_t x, std::uint32_t y, std::uint32_t z,
                             bool& known) {
    known = true;
    // __sad / __usad: "the 32-bit sum of the third argument z plus ... the
    // absolute value of the difference" -- |x - y| + z modulo 2^32.
    if (name == "__sad")
        return static_cast<std::uint32_t>(
            detail::mod64(detail::abs64(detail::as_int32(x) - detail::as_int32(y)) + z, detail::pow2(32)));
    if (name == "__usad")
        return static_cast<std::uint32_t>(detail::mod64(
            detail::abs64(static_cast<std::int64_t>(x) - static_cast<std::int64_t>(y)) + z, detail::pow2(32)));
    int lanes = 0;
    const int d = detail::describe_index(name, lanes);
    if (d < 0) {
        known = false;
        return 0;
    }
    return detail::eval_simd(detail::kStems[d], lanes, x, y);
}

}  // namespace ptxv_test::cuda_doc

#endif  // PTXV_TEST_CUDA_DOC_MODEL_HPP
