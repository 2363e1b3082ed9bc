// check/array.cpp for the kernel library's portable target: GCC/Clang vector
// extensions without x86 intrinsics.
#define PTXV_ARRAY_X86 0
#define ptxv_primitives_check_array ptxv_primitives_check_array_portable
#include "array.cpp"
