// ptxv-gen: the hardware truth harnesses (generated/ptxv_hwcheck.cu and
// generated/ptxv_cuda_hwcheck.cu).
//
// A standalone CUDA program that runs every variant, in several randomly drawn
// but fixed operand forms, on a GPU and writes what the device computed as a
// TSV that `ptxv golden` compares against both CPU engines.
#pragma once

#include <vector>

#include "emit.hpp"
#include "model.hpp"

namespace ptxv::gen {

// Forms drawn per variant; the first one always uses every default.
inline constexpr int kHwcheckFormsPerVariant = 6;
// Default vectors per form: 1024 variants x 6 forms x 128 is about 790,000
// lines (80 MB), and the opcode with the fewest variants (24) still gets
// 24 x 6 x 128 = 18,432 vectors.
inline constexpr unsigned kHwcheckDefaultVectors = 128;
// Forms per __global__ function: ptxas time grows faster than linearly with
// function size, and each video instruction expands to an emulation sequence.
inline constexpr int kHwcheckFormsPerKernel = 64;
// Default vectors per intrinsic of ptxv_cuda_hwcheck.cu: 84 x 4096 is about
// 344,000 lines (15 MB).
inline constexpr unsigned kCudaHwcheckDefaultVectors = 4096;

}  // namespace ptxv::gen
