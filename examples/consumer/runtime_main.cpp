// Decode once, call many times: the emulator's use of ptxv.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "ptxv/compile.hpp"
#include "ptxv/parse.hpp"
#include "ptxv_cuda_dispatch.hpp"

int main() {
    const ptxv::Compiled sad = ptxv::compile(ptxv::parse("vabsdiff4.u32.u32.u32.add d, a, b, c;"));
    // |0x10-0x40| + |0x20-0x30| + |0x30-0x20| + |0x40-0x10| = 0x30 + 0x10 + 0x10 + 0x30 = 0x80, plus c = 1
    if (sad(0x10203040u, 0x40302010u, 1u) != 0x81u) {
        std::puts("consumer_runtime: wrong result");
        return 1;
    }
    std::vector<std::uint32_t> a(64, 0x01010101u), b(64, 0x02020202u), d(64);
    sad.run(a.data(), b.data(), 0u, d.data(), d.size());
    for (std::uint32_t x : d)
        if (x != 4u) {
            std::puts("consumer_runtime: wrong batch result");
            return 1;
        }
    // CUDA's __vsadu4 over the same arrays, on the widest target this CPU has.
    ptxv::cuda::dispatch::vsadu4(a.data(), b.data(), d.data(), d.size());
    for (std::uint32_t x : d)
        if (x != 4u) {
            std::printf("consumer_runtime: wrong __vsadu4 result (%s)\n", ptxv::cuda::dispatch::target());
            return 1;
        }
    std::puts("consumer_runtime: ok");
    return 0;
}
