// cuda.hpp compiled on its own, with the project's warnings as errors. Its
// post-steps are templates, checked only when instantiated: the values below
// are worked by hand from the lane definitions in cuda.hpp's comments.
#include "sel.hpp"  // first: lanes.hpp reads the ptxv::sel constants

#include "../cuda.hpp"

namespace post = ptxv::cuda::post;

// Lanes of 0/1 become 0/all ones, in every position.
static_assert(post::lanes_to_mask<2>(0x00010001u) == 0xffffffffu);
static_assert(post::lanes_to_mask<2>(0x00010000u) == 0xffff0000u);
static_assert(post::lanes_to_mask<2>(0x00000001u) == 0x0000ffffu);
static_assert(post::lanes_to_mask<4>(0x01000100u) == 0xff00ff00u);
static_assert(post::lanes_to_mask<4>(0x00010001u) == 0x00ff00ffu);
static_assert(post::lanes_to_mask<4>(0u) == 0u);
// Byte lanes (3, 4), (255, 0), (255, 255), (0, 1): rounded-up averages 4, 128,
// 255, 1 become 3, 127, 255, 0.
static_assert(post::round_down<4>(0x04ff8001u, 0x03ffff00u, 0x04ff0001u) == 0x03ff7f00u);
// Half-word lanes (65535, 0) and (2, 4): 32768 -> 32767, 3 stays 3.
static_assert(post::round_down<2>(0x80000003u, 0xffff0002u, 0x00000004u) == 0x7fff0003u);

#if defined(PTXV_CUDA_COMPAT_FN)
PTXV_CUDA_COMPAT_FN unsigned int ptxv_primitives_check_compat(unsigned int a) noexcept { return post::lanes_to_mask<4>(a); }
#endif
#undef PTXV_CUDA_COMPAT_FN
