// ptxv_lower_hwcheck: `ptxv lower` on a GPU. The module of lower_module.hpp
// (drawn forms of every variant) and its lowering are loaded through the
// CUDA driver API for the GPU present and run on the same words; every
// thread's d of every form must be the same from both modules and the
// interpreter's.
//
//   ptxv_lower_hwcheck [--forms-per-variant N] [--threads N] [--seed S]
//
// Exit status: 0 all agree, 1 a difference or a CUDA error, 2 usage.
#include <cuda.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "lower_module.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/lower.hpp"

namespace {

void check(CUresult r, const char* what) {
    if (r == CUDA_SUCCESS) return;
    const char* s = nullptr;
    cuGetErrorString(r, &s);
    std::fprintf(stderr, "ptxv_lower_hwcheck: %s: %s\n", what, s ? s : "unknown CUDA error");
    std::exit(1);
}

// d of every form for every thread: out[j * n + i].
std::vector<std::uint32_t> run(const std::string& ptx, const std::vector<std::uint32_t>& in, unsigned n, std::size_t forms) {
    CUmodule mod;
    char log[8192] = {};
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void* vals[] = {log, reinterpret_cast<void*>(sizeof log)};
    if (cuModuleLoadDataEx(&mod, ptx.c_str(), 2, opts, vals) != CUDA_SUCCESS) {
        std::fprintf(stderr, "ptxv_lower_hwcheck: the module does not load:\n%s\n", log);
        std::exit(1);
    }
    CUfunction fn;
    check(cuModuleGetFunction(&fn, mod, "lowered"), "cuModuleGetFunction");
    CUdeviceptr din, dout;
    const std::size_t out_words = forms * n;
    check(cuMemAlloc(&din, in.size() * 4), "cuMemAlloc");
    check(cuMemAlloc(&dout, out_words * 4), "cuMemAlloc");
    check(cuMemcpyHtoD(din, in.data(), in.size() * 4), "cuMemcpyHtoD");
    void* args[] = {&din, &dout, &n};
    check(cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr), "cuLaunchKernel");
    check(cuCtxSynchronize(), "the kernel");
    std::vector<std::uint32_t> out(out_words);
    check(cuMemcpyDtoH(out.data(), dout, out_words * 4), "cuMemcpyDtoH");
    cuMemFree(din);
    cuMemFree(dout);
    cuModuleUnload(mod);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    int forms_per_variant = 4;
    unsigned n = 1024;
    std::uint64_t seed = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--forms-per-variant" && i + 1 < argc) {
            forms_per_variant = std::atoi(argv[++i]);
        } else if (a == "--threads" && i + 1 < argc) {
            n = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 0));
        } else if (a == "--seed" && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 0);
        } else {
            std::fprintf(stderr, "usage: ptxv_lower_hwcheck [--forms-per-variant N] [--threads N] [--seed S]\n");
            return a == "--help" || a == "-h" ? 0 : 2;
        }
    }
    if (forms_per_variant < 1 || n < 1) {
        std::fprintf(stderr, "ptxv_lower_hwcheck: --forms-per-variant and --threads must be positive\n");
        return 2;
    }
    check(cuInit(0), "cuInit");
    CUdevice dev;
    check(cuDeviceGet(&dev, 0), "cuDeviceGet");
    int major = 0, minor = 0;
    check(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev), "compute capability");
    check(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev), "compute capability");
    char name[256] = {};
    cuDeviceGetName(name, sizeof name, dev);
    CUcontext ctx;
    // The primary context: cuCtxCreate's signature differs between toolkits.
    check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
    check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
    const std::string arch = "sm_" + std::to_string(major * 10 + minor);

    const ptxv_lower_check::DrawnModule m = ptxv_lower_check::drawn_module(arch, forms_per_variant, seed);
    const ptxv::Lowered low = ptxv::lower_module(m.ptx);
    ptxv::SplitMix64 rng(seed ^ 0x6877ull);
    std::vector<std::uint32_t> in(5 * static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = i % 5 == 4 ? static_cast<std::uint32_t>(rng.next() & 1) : ptxv::biased_word(rng);
    const std::vector<std::uint32_t> before = run(m.ptx, in, n, m.forms.size());
    const std::vector<std::uint32_t> after = run(low.ptx, in, n, m.forms.size());

    long lowered_vs_original = 0, original_vs_interp = 0, shown = 0;
    for (std::size_t j = 0; j < m.forms.size(); ++j) {
        const ptxv::Instr& f = m.forms[j];
        for (unsigned i = 0; i < n; ++i) {
            const std::uint32_t* w = &in[5 * static_cast<std::size_t>(i)];
            const bool runs = f.guard.empty() || ((w[4] != 0) != f.guard_neg);
            const std::uint32_t want =
                runs ? ptxv::interpret(f, ptxv::operand_value(f.a, w[0]), ptxv::operand_value(f.b, w[1]),
                                       f.has_c ? ptxv::operand_value(f.c, w[2]) : 0u)
                     : w[3];
            const std::uint32_t dev_d = before[j * n + i], low_d = after[j * n + i];
            lowered_vs_original += dev_d != low_d;
            original_vs_interp += dev_d != want;
            if ((dev_d != low_d || dev_d != want) && shown++ < 20)
                std::printf("%s\ta=0x%08x b=0x%08x c=0x%08x d0=0x%08x guard=%u\tdevice 0x%08x lowered 0x%08x interp 0x%08x\n",
                            ptxv::print(f).c_str(), w[0], w[1], w[2], w[3], w[4], dev_d, low_d, want);
        }
    }
    const long total = static_cast<long>(m.forms.size()) * n;
    std::printf("%s (%s): %zu forms x %u threads = %ld results\n", name, arch.c_str(), m.forms.size(), n, total);
    std::printf("lowered module against the original on the device: %ld differ\n", lowered_vs_original);
    std::printf("original on the device against the interpreter:   %ld differ\n", original_vs_interp);
    cuDevicePrimaryCtxRelease(dev);
    return lowered_vs_original == 0 && original_vs_interp == 0 ? 0 : 1;
}
