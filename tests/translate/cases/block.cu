// A block with temporaries, instructions split by \n\t and by ';', moves,
// two outputs.
unsigned sad8(unsigned a0, unsigned a1, unsigned b0, unsigned b1, unsigned* lo) {
    unsigned s;
    asm("{\n\t"
        ".reg .u32 t1, t2;\n\t"
        "vabsdiff4.u32.u32.u32.add t1, %2, %4, %6;\n\t"
        "vabsdiff4.u32.u32.u32.add t2, %3, %5, t1;\n\t"
        "mov.b32 %0, t2; mov.b32 %1, t1;\n\t"
        "}"
        : "=r"(s), "=r"(*lo)
        : "r"(a0), "r"(a1), "r"(b0), "r"(b1), "r"(0));
    return s;
}
