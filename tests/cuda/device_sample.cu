// The drop-in header in device code: a kernel calling a sample of the
// generated functions in their compile-time and run-time forms (scalar with
// d selectors and .op2, vshl/vshr, vset, vmad with negations, the half-word
// and byte SIMD forms). Only compiled: it proves the header is valid CUDA
// C++ for sm_90, not what a GPU computes.
#include "ptxv.hpp"

namespace {

// Compile-time evaluation holds in device compilation too.
static_assert(ptxv::vadd_u32_u32_u32(1u, 2u) == 3u, "constexpr in nvcc");

}  // namespace

__global__ void ptxv_device_sample(const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c,
                                   std::uint32_t* d, unsigned n, unsigned asel, unsigned bsel, unsigned x) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const std::uint32_t va = a[i], vb = b[i], vc = c[i];
    std::uint32_t r = 0;

    // Scalar, compile-time selectors.
    r ^= ptxv::vadd_s32_u32_s32_sat<ptxv::sel::b1, ptxv::sel::h1, ptxv::sel::h0>(va, vb, vc);
    r ^= ptxv::vabsdiff_u32_s32_s32<ptxv::sel::b3, ptxv::sel::b0>(va, vb);
    r ^= ptxv::vmin_s32_s32_s32_sat_max<ptxv::sel::b0, ptxv::sel::none>(va, vb, vc);
    r ^= ptxv::vshl_s32_u32_u32_clamp<ptxv::sel::h0, ptxv::sel::b2, ptxv::sel::b3>(va, vb, vc);
    r ^= ptxv::vshr_s32_s32_u32_sat_wrap_add<ptxv::sel::h1, ptxv::sel::b0>(va, vb, vc);
    r ^= ptxv::vset_u32_s32_lt_add<ptxv::sel::b2, ptxv::sel::h1>(va, vb, vc);
    r ^= ptxv::vmad_s32_s32_s32_po_sat_shr15<ptxv::sel::h0, ptxv::sel::h1, ptxv::neg::a | ptxv::neg::b>(va, vb, vc);
    r ^= ptxv::vmad_u32_u32_u32_shr7<ptxv::sel::b1, ptxv::sel::none, ptxv::neg::c>(va, vb, vc);

    // SIMD, compile-time selectors and masks.
    r ^= ptxv::vadd4_s32_u32_u32_sat<0x3210, 0x7654, ptxv::mask::b3210>(va, vb, vc);
    r ^= ptxv::vavrg4_u32_s32_u32<0x7531, 0x0246, ptxv::mask::b320>(va, vb, vc);
    r ^= ptxv::vabsdiff4_u32_u32_u32_add<0x3210, 0x7654, ptxv::mask::b21>(va, vb, vc);
    r ^= ptxv::vset4_u32_s32_ge_add<0x0123, 0x4567, ptxv::mask::b31>(va, vb, vc);
    r ^= ptxv::vsub2_s32_s32_s32_sat<0x10, 0x32, ptxv::mask::h1>(va, vb, vc);
    r ^= ptxv::vmax2_u32_s32_s32_add<0x03, 0x21, ptxv::mask::h10>(va, vb, vc);
    r ^= ptxv::vset2_s32_u32_lt<0x22, 0x00, ptxv::mask::h0>(va, vb, vc);

    // Run-time selectors, masks, d selectors and negations.
    r ^= ptxv::rt::vsub_s32_s32_u32_sat(va, vb, vc, asel % 7, bsel % 7, x % 10);
    r ^= ptxv::rt::vmax_u32_s32_u32_add(va, vb, vc, asel % 7, bsel % 7, 0);
    r ^= ptxv::rt::vshr_u32_u32_u32_wrap(va, vb, vc, asel % 7, bsel % 7, x % 10);
    r ^= ptxv::rt::vset_s32_s32_ne_max(va, vb, vc, asel % 7, bsel % 7, 0);
    r ^= ptxv::rt::vmad_s32_u32_s32_sat_shr15(va, vb, vc, asel % 7, bsel % 7, x & 7);
    r ^= ptxv::rt::vmin4_s32_s32_u32(va, vb, vc, asel, bsel, x & 0xf);
    r ^= ptxv::rt::vset4_u32_u32_eq(va, vb, vc, asel, bsel, x & 0xf);
    r ^= ptxv::rt::vavrg2_s32_s32_s32_sat(va, vb, vc, asel & 0x33, bsel & 0x33, x & 3);
    r ^= ptxv::rt::vset2_u32_s32_gt_add(va, vb, vc, asel & 0x33, bsel & 0x33, x & 3);

    d[i] = r;
}
