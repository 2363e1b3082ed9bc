/* ptxv: the device library's functions (ptxv_device-<triple>.bc), for code
 * that calls them directly; a translator that emits calls names them with
 * ptxv_device_symbol and ptxv_device_args (ptxv/ptxv.h). C99 and C++.
 *
 * Every variant f of spec::kVariants (generated/VARIANTS.md) is
 *   uint32_t ptxv_f(uint32_t a, uint32_t b, uint32_t c, uint32_t asel, uint32_t bsel, uint32_t x);
 * e.g. ptxv_vadd4_u32_u32_u32_sat: a, b and c are the operand values, an
 * immediate's where the instruction has one, 0 for a c it does not have;
 * asel and bsel are the source selectors and x the d selector, the
 * negation set (vmad) or the lane mask, encoded as ptxv_device_args gives
 * them. Every CUDA SIMD intrinsic __f (and __sad, __usad) is ptxv_cuda_f,
 * with CUDA's parameters: ptxv_cuda_vsub4(a, b) is __vsub4(a, b).
 */
#ifndef PTXV_DEVICE_H
#define PTXV_DEVICE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PTXV_DEVICE_VARIANT(F) \
    uint32_t ptxv_##F(uint32_t a, uint32_t b, uint32_t c, uint32_t asel, uint32_t bsel, uint32_t x);
#define PTXV_DEVICE_INTRINSIC(F, PARAMS, ARGS) uint32_t ptxv_cuda_##F PARAMS;
#include "ptxv_device.inc"
#undef PTXV_DEVICE_VARIANT
#undef PTXV_DEVICE_INTRINSIC

#ifdef __cplusplus
}
#endif

#endif /* PTXV_DEVICE_H */
