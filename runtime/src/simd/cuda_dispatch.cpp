// ptxv: ptxv::cuda::dispatch (ptxv_cuda_dispatch.hpp): CUDA's array forms from
// the table of the widest SIMD target the CPU has (runtime_isa(), which
// PTXV_ISA caps), chosen on the first call. Off x86 the build's baseline
// table (vector extensions, or the per-word loop) serves every call.
#include "ptxv_cuda_dispatch.hpp"

#include "cuda_forms.hpp"
#include "isa.hpp"

namespace ptxv::cuda::dispatch {

namespace {

using ptxv::simd::CudaForms;

CudaForms choose() noexcept {
#if defined(__x86_64__) || defined(__i386__)
    // From the CPU's best set down: a unit built without its flags has an
    // empty table (PTXV_X86_KERNELS=OFF), and the next one serves.
    const Isa isa = runtime_isa();
    if (isa == Isa::generated) return ptxv::simd::cuda_forms_word();
    CudaForms f{};
    if (isa >= Isa::avx512vbmi) f = ptxv::simd::cuda_forms_avx512vbmi();
    if (f.target == nullptr && isa >= Isa::avx512) f = ptxv::simd::cuda_forms_avx512();
    if (f.target == nullptr && isa >= Isa::avx2) f = ptxv::simd::cuda_forms_avx2();
    if (f.target == nullptr && isa >= Isa::ssse3) f = ptxv::simd::cuda_forms_ssse3();
    if (f.target == nullptr) f = ptxv::simd::cuda_forms_baseline();
    return f;
#else
    return ptxv::simd::cuda_forms_baseline();
#endif
}

const CudaForms& forms() noexcept {
    static const CudaForms f = choose();
    return f;
}

}  // namespace

const char* target() noexcept { return forms().target; }

#include "ptxv_cuda_dispatch.inc"

}  // namespace ptxv::cuda::dispatch
