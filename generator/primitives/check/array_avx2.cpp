// check/array.cpp for the kernel library's AVX2 target (the build adds
// -mavx2 to this file on x86).
#define ptxv_primitives_check_array ptxv_primitives_check_array_avx2
#include "array.cpp"
