// The target this build of the generated-code tests is for: the build defines
// PTXV_TEST_ISA as 3 (SSSE3, -mssse3 on the test files), 2 (AVX2, -mavx2),
// 512 (AVX-512, -mavx512bw -mavx512vl) or 513 (AVX-512 with VBMI, the same
// and -mavx512vbmi).
#pragma once

#if !defined(PTXV_TEST_ISA) || \
    (PTXV_TEST_ISA != 3 && PTXV_TEST_ISA != 2 && PTXV_TEST_ISA != 512 && PTXV_TEST_ISA != 513)
#error "PTXV_TEST_ISA must be 3 (SSSE3), 2 (AVX2), 512 (AVX-512) or 513 (AVX-512 VBMI)"
#endif

namespace generated_isa {

#if PTXV_TEST_ISA == 513
inline constexpr const char* kName = "AVX-512 VBMI";
inline constexpr int kBytes = 64;
inline bool cpu_has_target() {
    return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512vbmi");
}
#elif PTXV_TEST_ISA == 512
inline constexpr const char* kName = "AVX-512";
inline constexpr int kBytes = 64;  // the kernel library's vector under these flags
inline bool cpu_has_target() {
    return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
}
#elif PTXV_TEST_ISA == 3
inline constexpr const char* kName = "SSSE3";
inline constexpr int kBytes = 16;
inline bool cpu_has_target() { return __builtin_cpu_supports("ssse3"); }
#else
inline constexpr const char* kName = "AVX2";
inline constexpr int kBytes = 32;
inline bool cpu_has_target() { return __builtin_cpu_supports("avx2"); }
#endif

}  // namespace generated_isa
