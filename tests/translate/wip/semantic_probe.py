import subprocess, random, re
stmts = [
 ('asm("vadd4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "vadd4.u32.u32.u32.sat r0, r1, r2, r3;", "abc"),
 ('asm("vmad.s32.u32.u32 %0, -%1.h0, %2.h0, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "vmad.s32.u32.u32 r0, -r1.h0, r2.h0, r3;", "abc"),
 ('asm volatile("vadd.u32.u32.u32.sat %0.b1, %1.b2, %2.h0, %0;" : "+r"(d) : "r"(a), "r"(b));', "vadd.u32.u32.u32.sat r0.b1, r1.b2, r2.h0, r3;", "abd"),
 ('asm("vset2.u32.s32.lt %0.h1, %1.h10, %2.h32, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "vset2.u32.s32.lt r0.h1, r1.h10, r2.h32, r3;", "abc"),
 ('asm("vshr.s32.s32.u32.clamp.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "vshr.s32.s32.u32.clamp.add r0, r1, r2, r3;", "abc"),
 ('asm("vmin4.s32.s32.s32.add %0, %1.b4321, %2.b0000, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "vmin4.s32.s32.s32.add r0, r1.b4321, r2.b0000, r3;", "abc"),
]
open('/tmp/sem_in.cu','w').write("\n".join(s for s,_,_ in stmts)+"\n")
out = subprocess.run(['/tmp/tr_try','/tmp/sem_in.cu'],capture_output=True,text=True).stdout.strip().split('\n')
src = ['#include <cstdio>','#include <cstdlib>','#include "ptxv.hpp"']
for k,blk in enumerate(out):
    src.append(f'unsigned f{k}(unsigned a, unsigned b, unsigned c, unsigned d) {{ {blk} return d; }}')
src.append('int main(int argc, char** argv) { unsigned a=strtoul(argv[2],0,0), b=strtoul(argv[3],0,0), c=strtoul(argv[4],0,0), d=strtoul(argv[5],0,0); int k=atoi(argv[1]); unsigned r=0;')
for k in range(len(out)): src.append(f' if (k=={k}) r=f{k}(a,b,c,d);')
src.append(' printf("0x%08x\\n", r); }')
open('/tmp/sem.cpp','w').write("\n".join(src))
subprocess.run(['g++','-std=c++17','-O2','-I/work/main/generated','/tmp/sem.cpp','-o','/tmp/sem'],check=True)
rng = random.Random(1); bad = 0; n = 0
for k,(s,ptx,order) in enumerate(stmts):
    for _ in range(40):
        a,b,c,d = [rng.choice([0,0xffffffff,0x80000000,0x7fffffff,rng.getrandbits(32)]) for _ in range(4)]
        got = subprocess.run(['/tmp/sem',str(k),hex(a),hex(b),hex(c),hex(d)],capture_output=True,text=True).stdout.strip()
        vals = {'a':a,'b':b,'c':c,'d':d}
        ev = [hex(vals[x]) for x in order]
        want = subprocess.run(['/work/main/build/bin/ptxv','eval',ptx]+ev,capture_output=True,text=True).stdout.strip()
        n += 1
        if got != want: bad += 1; print('MISMATCH', k, ptx, hex(a),hex(b),hex(c),hex(d), got, want) if bad < 5 else None
print('checked', n, 'mismatches', bad)
