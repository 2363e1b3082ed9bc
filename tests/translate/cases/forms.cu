// The spellings of an asm statement, in CUDA code around it that no host
// front end parses; text that only looks like asm stays as it is.
#include <cstdint>

__device__ unsigned spellings(unsigned a, unsigned b, unsigned c) {
    unsigned d, e, f, g;
    asm("vadd4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    __asm__ __volatile__("vmin.u32.u32.u32 %0, %0, %1;" : "+r"(d) : "r"(a));
    asm volatile("vmax.s32.s32.s32"
                 ".max %[out], %[x], %[y], %[z];"
                 : [out] "=r"(e)
                 : [x] "r"(a), [y] "r"(b), [z] "r"(c));
    asm("vshl.u32.u32.u32.wrap %0, %1, %2;" : "=r"(f) : "r"(e), "n"(3));
    asm("vmad.s32.s32.s32.sat %0, -%1.h1, %2.b0, %0;" : "=r"(g) : "r"(f), "r"(d), "0"(c));
    // asm("vadd.u32.u32.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
    const char* text = "asm(\"vsub.u32.u32.u32 %0, %1, %2;\")";
    const char* raw = R"x(asm("vsub.u32.u32.u32 %0, %1, %2;"))x";
    return d + e + f + g + (text[0] == raw[0]);
}

__global__ void kernel(unsigned* out) { out[threadIdx.x] = spellings(threadIdx.x, 1, 2); }

void launch(unsigned* out) { kernel<<<1, 32>>>(out); }
