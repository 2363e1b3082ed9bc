// Statements left as they are, each for its reason; nothing translated, so
// no include either.
#define VOP(op) asm(op : "=r"(d) : "r"(a), "r"(b))
#define BEGIN_ASM asm volatile(
unsigned skipped(unsigned a, unsigned b, unsigned long long p) {
    unsigned d, e;
    asm("popc.b32 %0, %1, %2, 0x3210;" : "=r"(d) : "r"(a), "r"(b));
    asm("{ .reg .pred q; setp.ne.u32 q, %1, 0; @q vadd.u32.u32.u32 %0, %1, %2; }" : "=r"(d) : "r"(a), "r"(b));
    asm("vadd.u32.u32.u32 %0, %1, %2;" : "=r"(d) : "l"(p), "r"(b));
    asm volatile("" ::: "memory");
    asm("vadd.u32.u32.u32 %0, %1, %2; popc.b32 %0, %0, %2, 0x1;" : "=r"(e) : "r"(a), "r"(b));
    asm("vadd4.u32.u32.u32 %0, %1, %2;" : "=r"(e) : "r"(a), "r"(b));
    asm("vadd.u32.u32.u32 %0, %1, %q2;" : "=r"(e) : "r"(a), "r"(b));
    VOP("vadd.u32.u32.u32 %0, %1, %2;");
    return d + e;
}
