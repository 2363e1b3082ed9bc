// One statement that cannot be taken apart is skipped with its reason; the
// rest of the file is translated.
#include <cstdint>

#define VOPS(op) asm("v" #op ".u32.u32.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b))

unsigned recover(unsigned a, unsigned b, unsigned* p, int i) {
    unsigned r = 0, s, t;
    asm("vadd.u32.u32.u32 %0, %1, %2;"
#ifdef SOMETHING
        "\n"
#endif
        : "=r"(r) : "r"(a), "r"(b));
    asm("vmin4.s32.s32.s32.add" "%0, %1.b3210, %2.b4321, %3;" : "=r"(s) : "r"(a), "r"(b), "r"(a));
    asm volatile("vadd.u32.u32.u32.add %0, %1, %2, %0;" : "+r"(p[i++]) : "r"(a), "r"(b) : "memory");
    asm("mov.u32 %0, %lanemask_lt;" : "=r"(t));
    asm("vabsdiff.u32.u32.u32 %0, %1, %2;" : "=r"(t) : "r"(s), "r"(r));
    return r + s + t;
}
