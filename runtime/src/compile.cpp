// ptxv: run-time dispatch to the generated functions.
//
// The variant of an instruction is found by its mnemonic, spelled exactly as
// spec::kVariants spells it (types, then the modifiers in the opcode's
// `order`), so the mapping depends on the same table the generator wrote and
// on nothing written twice by hand.

#include "ptxv/compile.hpp"

#include <array>
#include <cstring>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "batch4.hpp"
#include "dispatch_ssse3.hpp"
#include "isa.hpp"
#include "ptxv_batch.hpp"
#include "ptxv_tables.hpp"

namespace ptxv {
namespace {

#include "ptxv_dispatch.inc"

static_assert(std::size(kVariantFns) == static_cast<std::size_t>(spec::kVariantCount),
              "the dispatch table must list every variant of kVariants, in order");
static_assert(std::is_same_v<detail::PreFn, PreFn>, "compile.hpp's PreFn must match the generated bound form");
static_assert(detail::kWords == kDecodedWords, "compile.hpp's kDecodedWords must match the generated bound form");
static_assert(shuffled::kControlWord + 2 <= kDecodedWords, "the shuffle control must fit in the decoded words");
static_assert(std::is_same_v<std::remove_const_t<decltype(kVariantFns[0].one)>, OneFn>,
              "compile.hpp's OneFn must match the generated run-time form");
static_assert(std::is_same_v<std::remove_const_t<decltype(kVariantFns[0].many)>, ManyFn>,
              "compile.hpp's ManyFn must match the generated batch form");
static_assert(std::is_same_v<std::remove_const_t<decltype(kVariantFns[0].many_c)>, ManyCFn>,
              "compile.hpp's ManyCFn must match the generated batch form");

constexpr const char* kTypeNames[] = {"u32", "s32"};
constexpr const char* kOp2Names[] = {"", "add", "min", "max"};
constexpr const char* kCmpNames[] = {"eq", "ne", "lt", "le", "gt", "ge"};
constexpr const char* kModeNames[] = {"", "clamp", "wrap"};
constexpr const char* kScaleNames[] = {"", "shr7", "shr15"};

template <class E, std::size_t N>
const char* name(const char* const (&names)[N], E e) {
    const auto i = static_cast<std::size_t>(e);
    return i < N ? names[i] : "?";
}

void append(std::string& s, const char* part) {
    s += '.';
    s += part;
}

// The mnemonic of the variant implementing `in`, e.g. "vadd4.s32.u32.u32.sat".
std::string mnemonic(const Instr& in, const spec::OpcodeInfo& info) {
    std::string s = info.name;
    if (info.dtypes != 0) append(s, name(kTypeNames, in.dtype));
    append(s, name(kTypeNames, in.atype));
    append(s, name(kTypeNames, in.btype));
    std::string_view order = info.order;
    while (!order.empty()) {
        const std::size_t space = order.find(' ');
        const std::string_view word = order.substr(0, space);
        order = space == std::string_view::npos ? std::string_view{} : order.substr(space + 1);
        if (word == "sat") {
            if (in.sat) append(s, "sat");
        } else if (word == "op2") {
            if (in.op2 != Op2::none) append(s, name(kOp2Names, in.op2));
        } else if (word == "cmp") {
            if (info.operation == Operation::set) append(s, name(kCmpNames, in.cmp));
        } else if (word == "mode") {
            if (in.mode != Mode::none) append(s, name(kModeNames, in.mode));
        } else if (word == "po") {
            if (in.po) append(s, "po");
        } else if (word == "scale") {
            if (in.scale != Scale::none) append(s, name(kScaleNames, in.scale));
        }
    }
    return s;
}

const std::unordered_map<std::string_view, std::uint32_t>& variant_map() {
    static const std::unordered_map<std::string_view, std::uint32_t> map = [] {
        std::unordered_map<std::string_view, std::uint32_t> m;
        m.reserve(static_cast<std::size_t>(spec::kVariantCount) * 2);
        for (int i = 0; i < spec::kVariantCount; ++i) {
            m.emplace(spec::kVariants[i].ptx, static_cast<std::uint32_t>(i));
        }
        return m;
    }();
    return map;
}

// SIMD selectors as the rt:: form takes them: one hex digit per lane, lane 0
// in the lowest digit, so they read like the PTX spelling (.b7654 -> 0x7654).
unsigned simd_selector(const std::array<std::uint8_t, 4>& sel, int lanes, const char* which) {
    unsigned v = 0;
    for (int i = 0; i < lanes; ++i) {
        const unsigned e = sel[static_cast<std::size_t>(i)];
        if (e >= static_cast<unsigned>(2 * lanes)) {
            throw CompileError(std::string("ptxv::compile: ") + which + " selector element " + std::to_string(e) +
                               " is out of range for " + std::to_string(lanes) + " lanes");
        }
        v |= e << (4 * i);
    }
    return v;
}

unsigned source_selector(Sel s, const char* which) {
    const auto v = static_cast<unsigned>(s);
    if (v > static_cast<unsigned>(Sel::h1)) {
        throw CompileError(std::string("ptxv::compile: ") + which + " selector " + std::to_string(v) +
                           " is not a source selector");
    }
    return v;
}

// Run-time SIMD selectors other than the defaults: where the CPU has SSSE3,
// one byte shuffle of the pair {b:a} applies both (R2), then the variant's
// form with default selectors runs. The shuffle control goes into the
// decoded words that the SIMD forms leave unused.
void bind_shuffled(PreFn& fn, std::uint32_t* w, int index, const Instr& in, int lanes) {
    if ((lanes != 2 && lanes != 4) || runtime_isa() < Isa::ssse3) return;
    if (batch4::default_selectors(in, static_cast<std::size_t>(lanes), 0xfu)) return;
    const PreFn shuffled_form = shuffled::form(static_cast<std::size_t>(index));
    if (shuffled_form == nullptr) return;
    const std::size_t width = lanes == 4 ? 1 : 2;  // bytes per lane
    std::uint8_t control[8] = {};
    for (std::size_t at = 0; at < 4; ++at) {
        const std::size_t lane = at / width, part = at % width;
        control[at] = static_cast<std::uint8_t>(width * in.simd_asel[lane] + part);
        control[4 + at] = static_cast<std::uint8_t>(width * in.simd_bsel[lane] + part);
    }
    std::memcpy(w + shuffled::kControlWord, control, sizeof control);
    fn = shuffled_form;
}

}  // namespace

int variant_of(const Instr& in) {
    if (in.opcode >= spec::kOpcodeCount) return -1;
    const auto& map = variant_map();
    const auto it = map.find(mnemonic(in, spec::kOpcodes[in.opcode]));
    return it == map.end() ? -1 : static_cast<int>(it->second);
}

Compiled compile(const Instr& in) {
    const int index = variant_of(in);
    if (index < 0) {
        const std::string what = in.opcode < spec::kOpcodeCount ? mnemonic(in, spec::kOpcodes[in.opcode])
                                                                : "opcode " + std::to_string(in.opcode);
        throw CompileError("ptxv::compile: no generated variant implements " + what);
    }
    const spec::OpcodeInfo& info = spec::kOpcodes[in.opcode];
    Compiled f;
    f.index_ = static_cast<std::uint32_t>(index);
    if (info.geometry == Geometry::scalar) {
        f.asel_ = source_selector(in.asel, "a");
        f.bsel_ = source_selector(in.bsel, "b");
        if (info.operation == Operation::mad) {
            f.x_ = (in.neg_a ? 1u : 0u) | (in.neg_b ? 2u : 0u) | (in.neg_c ? 4u : 0u);
        } else if (in.op2 == Op2::none) {
            f.x_ = static_cast<unsigned>(in.dsel);
        }
    } else {
        const int lanes = lanes_of(info.geometry);
        f.asel_ = simd_selector(in.simd_asel, lanes, "a");
        f.bsel_ = simd_selector(in.simd_bsel, lanes, "b");
        // Bits above the lane count name no lane; the interpreter ignores them too.
        f.x_ = in.mask & ((1u << lanes) - 1u);
    }
    f.fn_ = kVariantFns[index].bind(f.asel_, f.bsel_, f.x_, f.w_);
    if (info.geometry != Geometry::scalar) bind_shuffled(f.fn_, f.w_, index, in, lanes_of(info.geometry));
    const char* kernel_name = "generated";
    if (const detail::BatchKernel k = batch4::bind(in, f.params_, kernel_name)) {
        f.kernel_ = k;
        f.kernel_name_ = kernel_name;
    }
    return f;
}

// A packed kernel, where one is bound, takes the elements in fours or
// eights; the generated loop takes the rest, and on runs longer than L1 first
// the elements before d's next 32-byte boundary, so that the kernel's stores
// (and the loads of arrays aligned like d) do not straddle cache lines, which
// costs most where the data streams from L2 or memory.
namespace {
std::size_t head_of(const std::uint32_t* d, std::size_t n) {
    if (n < 8192) return 0;
    const auto misalign = static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(d) & 31u);
    return misalign % 4 == 0 ? ((32 - misalign) & 31u) / 4 : 0;
}


// Elements [0, n) split between `generated(from, count)` and, where a packed
// kernel is bound, `packed(from)`, which returns how many it did.
template <class Generated, class Packed>
void split_run(bool has_kernel, const std::uint32_t* d, std::size_t n, Generated generated, Packed packed) {
    std::size_t done = 0;
    if (has_kernel) {
        done = head_of(d, n);
        if (done != 0) generated(0, done);
        done += packed(done);
    }
    if (done < n) generated(done, n - done);
}
}  // namespace

void Compiled::run(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d,
                   std::size_t n) const {
    split_run(
        kernel_ != nullptr, d, n,
        [&](std::size_t i, std::size_t m) { kVariantFns[index_].many(a + i, b + i, c + i, d + i, m, asel_, bsel_, x_); },
        [&](std::size_t i) { return kernel_(params_, a + i, b + i, c + i, 0, d + i, n - i); });
}

void Compiled::run(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t c, std::uint32_t* d,
                   std::size_t n) const {
    split_run(
        kernel_ != nullptr, d, n,
        [&](std::size_t i, std::size_t m) { kVariantFns[index_].many_c(a + i, b + i, c, d + i, m, asel_, bsel_, x_); },
        [&](std::size_t i) { return kernel_(params_, a + i, b + i, nullptr, c, d + i, n - i); });
}

const char* Compiled::batch_kernel() const { return kernel_name_; }

const char* Compiled::function_name() const { return spec::kVariants[index_].function; }
const char* Compiled::ptx() const { return spec::kVariants[index_].ptx; }

}  // namespace ptxv
