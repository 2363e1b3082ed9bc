unsigned sad4(unsigned a, unsigned b) {
    unsigned d;
    asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, 0;" : "=r"(d) : "r"(a), "r"(b));
    return d;
}
