// check/array.cpp for the kernel library's AVX-512 target with VBMI (the
// build adds -mavx512bw -mavx512vl -mavx512vbmi to this file on x86).
#define ptxv_primitives_check_array ptxv_primitives_check_array_avx512vbmi
#include "array.cpp"
