// Emit pass: ptxv_device.inc, the list of the device library's functions
// (runtime/device/ptxv_device.cpp defines them, ptxv/ptxv_device.h declares
// them), one macro call per variant and per CUDA intrinsic.
#include <sstream>

#include "emit.hpp"

namespace ptxv::gen {

OutputFile emit_device(const Model& m, const EmitOptions& opt) {
    std::ostringstream o;
    o << banner(opt) << "//\n"
      << "// The device library's functions. PTXV_DEVICE_VARIANT(f) is variant f, as\n"
      << "//   uint32_t ptxv_f(uint32_t a, uint32_t b, uint32_t c, uint32_t asel, uint32_t bsel, uint32_t x)\n"
      << "// (ptxv::rt::f: the trailing arguments as ptxv::Compiled::asel(), bsel() and x()\n"
      << "// give them); PTXV_DEVICE_INTRINSIC(f, (parameters), (arguments)) is CUDA's\n"
      << "// __f, as uint32_t ptxv_cuda_f(parameters) (ptxv::cuda::f). Variants in\n"
      << "// ptxv::spec::kVariants order, intrinsics in the spec's.\n";
    for (const auto& v : m.variants) o << "PTXV_DEVICE_VARIANT(" << v.function_name() << ")\n";
    for (const auto& in : m.spec.intrinsics)
        o << "PTXV_DEVICE_INTRINSIC(" << in.plain_name() << ", (" << intrinsic_parameters(in, ParamTypes::c) << "), ("
          << intrinsic_arguments(in) << "))\n";
    return {"ptxv_device.inc", o.str()};
}

}  // namespace ptxv::gen
