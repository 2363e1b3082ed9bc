// The scalar families' per-word forms (ptxv::rt::f) built for one wider x86
// target (isa.hpp; the build adds the target's flags to this file), against
// the interpreter. Their 64-bit min/max helpers take another idiom there than
// in the baseline library (PTXV_DETAIL_SELECT_MINMAX64), so the library's
// proofs alone do not reach this code. The same sweeps as the [generated]
// tests of each scalar family, with each variant's rt:: form inlined here
// and called with the parameters that compile() decodes.
#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "../generated/proof.hpp"
#include "isa.hpp"
#include "ptxv_batch.hpp"

#if !PTXV_DETAIL_SELECT_MINMAX64
#error "this file is built for a target whose scalar helpers compare and select"
#endif

namespace {

#include "ptxv_dispatch.inc"

using proof::u32;

// The entry's address is a constant, so the always-inline rt:: form is
// inlined here, built for this file's target.
template <std::size_t I>
u32 word(u32 a, u32 b, u32 c, unsigned asel, unsigned bsel, unsigned x) noexcept {
    return kVariantWords[I](a, b, c, asel, bsel, x);
}

template <std::size_t I>
constexpr ptxv::OneFn entry() {
    if constexpr (ptxv::spec::kOpcodes[ptxv::spec::kVariants[I].opcode].geometry == ptxv::Geometry::scalar) {
        return &word<I>;
    } else {
        return nullptr;
    }
}

template <std::size_t... I>
constexpr std::array<ptxv::OneFn, sizeof...(I)> make_words(std::index_sequence<I...>) {
    return {{entry<I>()...}};
}

constexpr std::size_t kCount = std::size(kVariantWords);
constexpr std::array<ptxv::OneFn, kCount> kWords = make_words(std::make_index_sequence<kCount>{});

constexpr const char* kScalarFamilies[] = {"vop", "vshift", "vmad", "vset"};

}  // namespace

TEST_CASE("Scalar per-word forms on this x86 target = interp: boundary words, every selector and d form",
          "[generated][target]") {
    INFO("target: " << generated_isa::kName);
    std::size_t variants = 0;
    for (const char* family : kScalarFamilies) {
        const std::vector<int> v = proof::family_variants(family);
        variants += v.size();
        INFO(family);
        proof::Tally t;
        // Under the sanitizers, a sample: the sweep is the slowest part.
        proof::scalar_boundary_sweep(PTXV_TEST_SANITIZED ? proof::sample(v, 16) : v, t, kWords.data());
        t.finish();
    }
    // Every scalar variant has its form in the table.
    std::size_t given = 0;
    for (ptxv::OneFn f : kWords) given += f != nullptr;
    CHECK(given == variants);
}

TEST_CASE("Scalar per-word forms on this x86 target = interp: byte pairs and seeded random vectors",
          "[generated][target][random]") {
    INFO("target: " << generated_isa::kName);
    std::uint64_t seed = 0x776f7264;
    for (const char* family : kScalarFamilies) {
        const std::vector<int> v = proof::family_variants(family);
        INFO(family);
        proof::Tally t;
        proof::scalar_byte_pairs(proof::sample(v, 12), t, ++seed, kWords.data());
        CHECK(proof::random_vectors(v, t, ++seed, 512, kWords.data()) >= v.size() * 512);
        t.finish();
    }
}
