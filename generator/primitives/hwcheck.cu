// The scaffolding of generated/ptxv_hwcheck.cu, the hardware harness: error
// checks, operand generation, the form macros (region prologue) and the host
// program that runs every kernel and writes the TSV (region main). ptxv-gen
// writes the form table and probes before the prologue and the kernels between
// the two regions, and copies each region verbatim (generator/fragments.hpp).
// Outside the regions, a one-form stand-in lets nvcc compile this file on its
// own (CMakeLists.txt, test hwcheck_scaffolding_compiles).
#include <cstddef>

namespace {

constexpr int kFormCount = 2;
constexpr unsigned kProbeCount = 1;
constexpr unsigned kFormsPerVariant = 1;
constexpr unsigned kDefaultVectors = 1;
constexpr const char* kSource = "generator/primitives/hwcheck.cu";
constexpr const char* kProgram = "ptxv_hwcheck";
constexpr const char* kWhat = "PTX video instructions";
constexpr const char* kColumns = "instruction, a, b, c, d (c is 0x00000000 where the instruction has no c)";
constexpr const char* kCompare = "ptxv golden OUT.tsv";
const char* const kForms[kFormCount] = {"vsub.u32.u32.u32.max r0, r1, r2, r3;", "vadd.u32.u32.u32 r0, r1, r2;"};
__constant__ const unsigned kProbeOperands[1][3] = {{1u, 2u, 0u}};

}  // namespace

// ptxv-gen: begin prologue
#include <cuda_runtime.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

#define PTXV_CHECK(call)                                                                   \
    do {                                                                                   \
        const cudaError_t err_ = (call);                                                   \
        if (err_ != cudaSuccess) {                                                         \
            std::fprintf(stderr, "%s: %s: %s\n", kProgram, #call, cudaGetErrorString(err_));   \
            std::exit(1);                                                                  \
        }                                                                                  \
    } while (0)

struct Out {
    std::uint32_t* a;
    std::uint32_t* b;
    std::uint32_t* c;
    std::uint32_t* d;
    unsigned n;  // vectors per form
};

__device__ std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// The 32-bit values at which signed/unsigned, byte/half/word saturation and
// selection change behaviour.
__device__ std::uint32_t boundary_word(unsigned k) {
    switch (k % 11u) {
        case 0: return 0u;
        case 1: return 1u;
        case 2: return 0x7fu;
        case 3: return 0x80u;
        case 4: return 0xffu;
        case 5: return 0x7fffu;
        case 6: return 0x8000u;
        case 7: return 0xffffu;
        case 8: return 0x7fffffffu;
        case 9: return 0x80000000u;
        default: return 0xffffffffu;
    }
}

__device__ std::uint32_t boundary_lane(unsigned k, unsigned bits) {
    switch (k % 8u) {
        case 0: return 0u;
        case 1: return 1u;
        case 2: return 0x7fu;
        case 3: return 0x80u;
        case 4: return 0xffu;
        case 5: return bits == 16 ? 0x7fffu : 0x7eu;
        case 6: return bits == 16 ? 0x8000u : 0x81u;
        default: return bits == 16 ? 0xffffu : 0xfeu;
    }
}

// A value biased towards lane and word boundaries; uniform words alone would
// almost never hit a saturation edge or a small shift count.
__device__ std::uint32_t biased(std::uint64_t h) {
    const std::uint32_t r = static_cast<std::uint32_t>(h >> 32);
    const std::uint32_t s = static_cast<std::uint32_t>(h) >> 4;
    switch (h & 7u) {
        case 0: return r;
        case 1: return boundary_word(s);
        case 2: return boundary_word(s) + (r % 5u) - 2u;  // one or two beside a boundary
        case 3: return r % 40u;                          // shift counts around 32, tiny values
        case 4: {
            std::uint32_t x = 0;
            for (unsigned i = 0; i < 4; ++i) {
                const unsigned k = (s >> (4 * i)) & 15u;
                const std::uint32_t lane = k < 8 ? boundary_lane(k, 8) : (r >> (8 * i)) & 0xffu;
                x |= lane << (8 * i);
            }
            return x;
        }
        case 5: {
            std::uint32_t x = 0;
            for (unsigned i = 0; i < 2; ++i) {
                const unsigned k = (s >> (4 * i)) & 15u;
                const std::uint32_t lane = k < 8 ? boundary_lane(k, 16) : (r >> (16 * i)) & 0xffffu;
                x |= lane << (16 * i);
            }
            return x;
        }
        case 6: return r ^ (boundary_lane(s, 8) << (8 * ((s >> 3) & 3u)));
        default: return 0u - (r % 40u);
    }
}

// Operands of vector v of form f. The probes (the spec's readings' probes,
// the first forms) repeat their fixed operands. The first form of each variant
// (all defaults) starts with every pair of boundary words for a and b, the
// pairs (x, x) first, so that even a short run adds each boundary to itself.
// Filled by a kernel of its own so that the form kernels stay short for ptxas.
__global__ void fill_operands(Out o, unsigned forms) {
    const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= static_cast<std::size_t>(forms) * o.n) return;
    const unsigned f = static_cast<unsigned>(i / o.n);
    const unsigned v = static_cast<unsigned>(i % o.n);
    const std::uint64_t h = mix64(0x9e3779b97f4a7c15ull * ((static_cast<std::uint64_t>(f) << 32) | v) + 0x243f6a8885a308d3ull);
    if (f + 1u <= kProbeCount) {  // not `f < kProbeCount`: nvcc warns when there are none
        o.a[i] = kProbeOperands[f][0];
        o.b[i] = kProbeOperands[f][1];
        o.c[i] = kProbeOperands[f][2];
        return;
    }
    if ((f - kProbeCount) % kFormsPerVariant == 0 && v < 121u) {
        o.a[i] = boundary_word(v % 11u);
        o.b[i] = boundary_word(v % 11u + v / 11u);
    } else {
        o.a[i] = biased(mix64(h ^ 0xa));
        o.b[i] = biased(mix64(h ^ 0xb));
    }
    o.c[i] = biased(mix64(h ^ 0xc));
}

// One evaluation of form F; INSN is the instruction with %0..%3 for d, a, b, c.
// A form without c records c as 0.
#define PTXV_FORM4(F, INSN)                                                    \
    {                                                                          \
        const std::size_t i = static_cast<std::size_t>(F) * o.n + v;           \
        std::uint32_t d;                                                       \
        asm volatile(INSN : "=r"(d) : "r"(o.a[i]), "r"(o.b[i]), "r"(o.c[i]));  \
        o.d[i] = d;                                                            \
    }
#define PTXV_FORM3(F, INSN)                                                    \
    {                                                                          \
        const std::size_t i = static_cast<std::size_t>(F) * o.n + v;           \
        std::uint32_t d;                                                       \
        asm volatile(INSN : "=r"(d) : "r"(o.a[i]), "r"(o.b[i]));               \
        o.c[i] = 0u;                                                           \
        o.d[i] = d;                                                            \
    }
// One evaluation of a CUDA intrinsic (ptxv_cuda_hwcheck.cu): CALL is its call
// on x, y, z, the words of a, b, c; the arguments it does not take are
// recorded as 0.
#define PTXV_INTRINSIC(F, TAKES_Y, TAKES_Z, CALL)                              \
    {                                                                          \
        const std::size_t i = static_cast<std::size_t>(F) * o.n + v;           \
        const std::uint32_t x = o.a[i];                                        \
        const std::uint32_t y = (TAKES_Y) ? o.b[i] : 0u;                       \
        const std::uint32_t z = (TAKES_Z) ? o.c[i] : 0u;                       \
        o.b[i] = y;                                                            \
        o.c[i] = z;                                                            \
        o.d[i] = static_cast<std::uint32_t>(CALL);                             \
    }
#define PTXV_KERNEL_BEGIN(K)                                                   \
    __global__ void K(Out o) {                                                 \
        const unsigned v = blockIdx.x * blockDim.x + threadIdx.x;              \
        if (v >= o.n) return;
#define PTXV_KERNEL_END }

__global__ void arch_probe(int* out) {
#ifdef __CUDA_ARCH__
    *out = __CUDA_ARCH__;
#endif
}
// ptxv-gen: end prologue

PTXV_KERNEL_BEGIN(forms_0)
    PTXV_FORM4(0, "vsub.u32.u32.u32.max %0, %1, %2, %3;")
    PTXV_FORM3(1, "vadd.u32.u32.u32 %0, %1, %2;")
PTXV_KERNEL_END

// ptxv_cuda_hwcheck.cu's kernels call CUDA's intrinsics instead.
PTXV_KERNEL_BEGIN(intrinsics_0)
    PTXV_INTRINSIC(1, true, false, __vadd2(x, y))
    PTXV_INTRINSIC(1, true, true, __sad(static_cast<int>(x), static_cast<int>(y), z))
PTXV_KERNEL_END

void (*const kKernels[])(Out) = {forms_0, intrinsics_0};

// ptxv-gen: begin main
std::uint32_t* device_array(std::size_t count) {
    std::uint32_t* p = nullptr;
    PTXV_CHECK(cudaMalloc(&p, count * sizeof(std::uint32_t)));
    return p;
}

void version_text(int v, char* buf, std::size_t size) {
    std::snprintf(buf, size, "%d.%d (%d)", v / 1000, (v % 1000) / 10, v);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3 || std::strcmp(argv[1], "-h") == 0 || std::strcmp(argv[1], "--help") == 0) {
        std::fprintf(stderr,
                     "usage: %s OUT.tsv [vectors_per_form]\n"
                     "Evaluates %d forms of the %s on the GPU, %u vectors each by default,\n"
                     "and writes one line per evaluation: %s, tab-separated.\n"
                     "Compare with: %s\n",
                     argv[0], kFormCount, kWhat, kDefaultVectors, kColumns, kCompare);
        return 2;
    }
    unsigned n = kDefaultVectors;
    if (argc == 3) {
        char* end = nullptr;
        errno = 0;
        const unsigned long x = std::strtoul(argv[2], &end, 10);
        if (errno != 0 || end == argv[2] || *end != '\0' || x == 0 || x > (1ul << 14)) {
            std::fprintf(stderr, "%s: vectors_per_form must be 1..16384, got '%s'\n", kProgram, argv[2]);
            return 2;
        }
        n = static_cast<unsigned>(x);
    }

    int dev = 0;
    PTXV_CHECK(cudaGetDevice(&dev));
    cudaDeviceProp prop;
    PTXV_CHECK(cudaGetDeviceProperties(&prop, dev));
    int driver = 0, runtime = 0;
    PTXV_CHECK(cudaDriverGetVersion(&driver));
    PTXV_CHECK(cudaRuntimeGetVersion(&runtime));

    int* probe = nullptr;
    int arch = 0;
    PTXV_CHECK(cudaMalloc(&probe, sizeof(int)));
    arch_probe<<<1, 1>>>(probe);
    PTXV_CHECK(cudaGetLastError());
    PTXV_CHECK(cudaMemcpy(&arch, probe, sizeof(int), cudaMemcpyDeviceToHost));
    PTXV_CHECK(cudaFree(probe));

    const std::size_t total = static_cast<std::size_t>(kFormCount) * n;
    Out o{device_array(total), device_array(total), device_array(total), device_array(total), n};
    const unsigned threads = 128;
    fill_operands<<<static_cast<unsigned>((total + threads - 1) / threads), threads>>>(o, kFormCount);
    PTXV_CHECK(cudaGetLastError());
    const unsigned blocks = (n + threads - 1) / threads;
    for (const auto kernel : kKernels) {
        kernel<<<blocks, threads>>>(o);
        PTXV_CHECK(cudaGetLastError());
    }
    PTXV_CHECK(cudaDeviceSynchronize());

    std::uint32_t* host[4];
    std::uint32_t* const dev_arrays[4] = {o.a, o.b, o.c, o.d};
    for (int k = 0; k < 4; ++k) {
        host[k] = static_cast<std::uint32_t*>(std::malloc(total * sizeof(std::uint32_t)));
        if (host[k] == nullptr) {
            std::fprintf(stderr, "%s: out of host memory\n", kProgram);
            return 1;
        }
        PTXV_CHECK(cudaMemcpy(host[k], dev_arrays[k], total * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
        PTXV_CHECK(cudaFree(dev_arrays[k]));
    }

    std::FILE* out = std::fopen(argv[1], "w");
    if (out == nullptr) {
        std::fprintf(stderr, "%s: cannot write %s: %s\n", kProgram, argv[1], std::strerror(errno));
        return 1;
    }
    static char buffer[1 << 20];
    std::setvbuf(out, buffer, _IOFBF, sizeof buffer);
    char drv[32], rt[32];
    version_text(driver, drv, sizeof drv);
    version_text(runtime, rt, sizeof rt);
    std::fprintf(out, "# %s: %s evaluated on a GPU (%s)\n", kProgram, kWhat, kSource);
    std::fprintf(out, "# gpu: %s sm_%d%d\n", prop.name, prop.major, prop.minor);
    std::fprintf(out, "# driver: %s\n", drv);
    std::fprintf(out, "# cuda runtime: %s\n", rt);
    std::fprintf(out, "# compiler: nvcc %d.%d.%d, device code run: compute_%d\n", __CUDACC_VER_MAJOR__,
                 __CUDACC_VER_MINOR__, __CUDACC_VER_BUILD__, arch / 10);
    if constexpr (kProbeCount != 0) {
        std::fprintf(out, "# forms: %d (%u probes, then %u per variant)\n", kFormCount, kProbeCount, kFormsPerVariant);
        std::fprintf(out, "# probes: %u (the first forms: fixed operands that tell readings apart)\n", kProbeCount);
    } else {
        std::fprintf(out, "# forms: %d (%u per variant)\n", kFormCount, kFormsPerVariant);
    }
    std::fprintf(out, "# vectors per form: %u\n", n);
    std::fprintf(out, "# columns: %s\n", kColumns);
    for (int f = 0; f < kFormCount; ++f)
        for (unsigned v = 0; v < n; ++v) {
            const std::size_t i = static_cast<std::size_t>(f) * n + v;
            std::fprintf(out, "%s\t0x%08x\t0x%08x\t0x%08x\t0x%08x\n", kForms[f], host[0][i], host[1][i], host[2][i],
                         host[3][i]);
        }
    if (std::fclose(out) != 0) {
        std::fprintf(stderr, "%s: error writing %s: %s\n", kProgram, argv[1], std::strerror(errno));
        return 1;
    }
    for (auto* p : host) std::free(p);
    std::printf("%s: %s sm_%d%d: %zu evaluations (%d forms x %u vectors) written to %s\n", kProgram, prop.name,
                prop.major, prop.minor, total, kFormCount, n, argv[1]);
    return 0;
}
// ptxv-gen: end main
