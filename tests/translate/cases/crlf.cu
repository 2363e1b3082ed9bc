// CRLF lines stay CRLF; a statement over three lines leaves the lines after it where they were.
#include <cstdint>
unsigned f(unsigned a, unsigned b) {
    unsigned d;
    asm("vadd2.u32.u32.u32 %0, %1, %2, %3;"
        : "=r"(d)
        : "r"(a), "r"(b), "r"(a));
    return d;
}
