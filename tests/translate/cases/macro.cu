// An asm in a macro whose body is one complete statement is translated in
// the macro's text; used with the caller's ';', it becomes a do-while.
#include <cstdint>

#define VMAX2(d, a, b) \
    asm("vmax2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0))
#define VSUB_SAT(d, a, b) asm("vsub.s32.s32.s32.sat %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));

int pick(int x, int y) {
    unsigned m;
    if (x > y)
        VMAX2(m, x, y);
    else
        VMAX2(m, y, x);
    int s;
    VSUB_SAT(s, x, y)
    return static_cast<int>(m) + s;
}
