// Emit pass: the hardware truth harness (generated/ptxv_hwcheck.cu).
//
// The readings of SEMANTICS.md that only a GPU can settle (selector digit
// order, mask digits, scalar saturation order, vset2/vset4 merge, vmad) are
// exercised here through real `asm volatile` video instructions. Operand forms
// are drawn from the spec's own tables with a fixed-seed generator, so the file
// is reproducible byte for byte and changes only when the spec does.
#include "emit_hwcheck.hpp"

#include <cstdint>
#include <sstream>
#include <string>

namespace ptxv::gen {

namespace {

// splitmix64: tiny, well mixed and fully specified, so the drawn forms do not
// depend on the standard library's distributions (which differ between
// implementations).
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n); the modulo bias is irrelevant for n this small.
    unsigned below(unsigned n) { return static_cast<unsigned>(next() % n); }
    bool chance(unsigned percent) { return below(100) < percent; }

private:
    std::uint64_t state_;
};

constexpr std::uint64_t kSeed = 0x70747876'68776368ull;  // "ptxvhwch"

// One operand form of a variant: everything a variant leaves as a parameter.
struct Form {
    std::string dsuffix;  // ".b1", ".b320", "" (d selector or mask)
    std::string asuffix, bsuffix;
    bool neg_a = false, neg_b = false, neg_c = false;
    bool has_c = false;
};

std::string digits_of_lanes(unsigned lanes_set, char prefix, int lanes) {
    std::string s(1, prefix);
    for (int i = lanes - 1; i >= 0; --i)
        if (lanes_set >> i & 1u) s += static_cast<char>('0' + i);
    return s;
}

unsigned lanes_of_mask(const std::string& spelling) {
    unsigned set = 0;
    for (std::size_t i = 1; i < spelling.size(); ++i) set |= 1u << (spelling[i] - '0');
    return set;
}

bool c_required(const Variant& v, bool merge) {
    return takes_c(v) || merge;
}

Form scalar_form(const Variant& v, SplitMix64& rng, bool plain) {
    const Family& f = *v.family;
    const auto pick = [&](const std::vector<Sel>& from) {
        return "." + std::string(name_of(from[rng.below(static_cast<unsigned>(from.size()))]));
    };
    Form form;
    bool merge = false;
    if (!plain) {
        // One more choice than selectors: "no selector", the whole word (R1).
        const auto pick_source = [&]() -> std::string {
            const unsigned k = rng.below(static_cast<unsigned>(f.source_selectors.size()) + 1);
            return k == 0 ? std::string() : "." + std::string(name_of(f.source_selectors[k - 1]));
        };
        form.asuffix = pick_source();
        form.bsuffix = pick_source();
        const bool merge_allowed = !f.dest_selectors.empty() && !(f.exclusive_op2_dsel && v.op2 != Op2::none);
        const unsigned roll = rng.below(100);
        if (merge_allowed && roll < 50) {
            form.dsuffix = pick(f.dest_selectors);
            merge = true;
        } else if (!f.ignored_dest_selectors.empty() && roll >= 75) {
            // Accepted and ignored by ptxas (R16); a GPU confirms the "ignored".
            form.dsuffix = pick(f.ignored_dest_selectors);
        }
        if (!f.negation.empty()) {
            const auto& sets = v.po ? f.negation_po : f.negation;
            const std::uint8_t set = sets[rng.below(static_cast<unsigned>(sets.size()))];
            form.neg_a = (set & 1u) != 0;
            form.neg_b = (set & 2u) != 0;
            form.neg_c = (set & 4u) != 0;
        }
    }
    // Without .op2 or a merge, c is optional and ignored (R16): both spellings
    // are drawn so the GPU can confirm that too.
    form.has_c = c_required(v, merge) || (!plain && rng.chance(50));
    return form;
}

Form simd_form(const Variant& v, SplitMix64& rng, bool plain) {
    const GeometryDef& g = *v.family->geometry_def;
    Form form;
    form.has_c = true;
    if (plain) return form;
    const auto pick_selector = [&](const std::string& deflt) -> std::string {
        if (rng.chance(20)) return std::string();
        for (;;) {
            std::string s(1, g.selector_prefix);
            for (int i = 0; i < g.lanes; ++i) s += static_cast<char>('0' + rng.below(2u * static_cast<unsigned>(g.lanes)));
            // ptxas cannot parse .b1024 (R17), so no GPU result can exist for it.
            if (s == "b1024") continue;
            return s == deflt ? std::string() : "." + s;
        }
    };
    form.asuffix = pick_selector(g.default_asel);
    form.bsuffix = pick_selector(g.default_bsel);
    const unsigned set = lanes_of_mask(g.masks[rng.below(static_cast<unsigned>(g.masks.size()))]);
    if (set != lanes_of_mask(g.default_mask)) form.dsuffix = "." + digits_of_lanes(set, g.selector_prefix, g.lanes);
    return form;
}

// The instruction as ptxv::print writes it: modifiers in the spec's order,
// defaults left out, single spaces, trailing ';'.
std::string render(const Variant& v, const Form& form, const char* const (&regs)[4]) {
    std::string s = v.ptx() + " " + regs[0] + form.dsuffix + ", ";
    s += (form.neg_a ? "-" : "") + std::string(regs[1]) + form.asuffix + ", ";
    s += (form.neg_b ? "-" : "") + std::string(regs[2]) + form.bsuffix;
    if (form.has_c) s += ", " + std::string(form.neg_c ? "-" : "") + regs[3];
    return s + ";";
}

std::string c_string(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// Device and host code that does not depend on the spec.
constexpr const char* kPrologue = R"CU(
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
            std::fprintf(stderr, "ptxv_hwcheck: %s: %s\n", #call, cudaGetErrorString(err_)); \
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
    if (f < kProbeCount) {
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
)CU";

constexpr const char* kMain = R"CU(
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
                     "Evaluates %d forms of the PTX video instructions on the GPU, %u vectors each by default,\n"
                     "and writes one line per evaluation: INSTR<TAB>0xA<TAB>0xB<TAB>0xC<TAB>0xD.\n"
                     "Compare with: ptxv golden OUT.tsv\n",
                     argv[0], kFormCount, kDefaultVectors);
        return 2;
    }
    unsigned n = kDefaultVectors;
    if (argc == 3) {
        char* end = nullptr;
        errno = 0;
        const unsigned long x = std::strtoul(argv[2], &end, 10);
        if (errno != 0 || end == argv[2] || *end != '\0' || x == 0 || x > (1ul << 14)) {
            std::fprintf(stderr, "ptxv_hwcheck: vectors_per_form must be 1..16384, got '%s'\n", argv[2]);
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
            std::fprintf(stderr, "ptxv_hwcheck: out of host memory\n");
            return 1;
        }
        PTXV_CHECK(cudaMemcpy(host[k], dev_arrays[k], total * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
        PTXV_CHECK(cudaFree(dev_arrays[k]));
    }

    std::FILE* out = std::fopen(argv[1], "w");
    if (out == nullptr) {
        std::fprintf(stderr, "ptxv_hwcheck: cannot write %s: %s\n", argv[1], std::strerror(errno));
        return 1;
    }
    static char buffer[1 << 20];
    std::setvbuf(out, buffer, _IOFBF, sizeof buffer);
    char drv[32], rt[32];
    version_text(driver, drv, sizeof drv);
    version_text(runtime, rt, sizeof rt);
    std::fprintf(out, "# ptxv_hwcheck: PTX video instructions evaluated on a GPU (%s)\n", kSource);
    std::fprintf(out, "# gpu: %s sm_%d%d\n", prop.name, prop.major, prop.minor);
    std::fprintf(out, "# driver: %s\n", drv);
    std::fprintf(out, "# cuda runtime: %s\n", rt);
    std::fprintf(out, "# compiler: nvcc %d.%d.%d, device code run: compute_%d\n", __CUDACC_VER_MAJOR__,
                 __CUDACC_VER_MINOR__, __CUDACC_VER_BUILD__, arch / 10);
    std::fprintf(out, "# forms: %d (%u probes, then %u per variant)\n", kFormCount, kProbeCount, kFormsPerVariant);
    std::fprintf(out, "# probes: %u (the first forms: fixed operands that tell readings apart)\n", kProbeCount);
    std::fprintf(out, "# vectors per form: %u\n", n);
    std::fprintf(out, "# columns: instruction, a, b, c, d (c is 0x00000000 where the instruction has no c)\n");
    for (int f = 0; f < kFormCount; ++f)
        for (unsigned v = 0; v < n; ++v) {
            const std::size_t i = static_cast<std::size_t>(f) * n + v;
            std::fprintf(out, "%s\t0x%08x\t0x%08x\t0x%08x\t0x%08x\n", kForms[f], host[0][i], host[1][i], host[2][i],
                         host[3][i]);
        }
    if (std::fclose(out) != 0) {
        std::fprintf(stderr, "ptxv_hwcheck: error writing %s: %s\n", argv[1], std::strerror(errno));
        return 1;
    }
    for (auto* p : host) std::free(p);
    std::printf("ptxv_hwcheck: %s sm_%d%d: %zu evaluations (%d forms x %u vectors) written to %s\n", prop.name,
                prop.major, prop.minor, total, kFormCount, n, argv[1]);
    return 0;
}
)CU";

}  // namespace

OutputFile emit_hwcheck(const Spec& spec, const std::vector<Variant>& variants, const EmitOptions& opt) {
    SplitMix64 rng(kSeed);
    std::vector<std::string> texts, insns;
    std::vector<bool> has_c;
    static const char* const kNames[4] = {"r0", "r1", "r2", "r3"};
    static const char* const kPlaceholders[4] = {"%0", "%1", "%2", "%3"};
    std::ostringstream probe_operands;
    std::size_t probes = 0;
    for (const auto& p : spec.probes) {
        texts.push_back(default_form(p.variant, p.has_c, kNames));
        insns.push_back(default_form(p.variant, p.has_c, kPlaceholders));
        has_c.push_back(p.has_c);
        char buf[96];
        std::snprintf(buf, sizeof buf, "    {0x%08xu, 0x%08xu, 0x%08xu},  // %s predicts 0x%08x\n", p.a, p.b, p.c,
                      p.reading.c_str(), p.d);
        probe_operands << buf;
        ++probes;
    }
    for (const auto& v : variants)
        for (int k = 0; k < kHwcheckFormsPerVariant; ++k) {
            const bool plain = k == 0;
            const Form form = v.family->geometry == Geometry::scalar ? scalar_form(v, rng, plain) : simd_form(v, rng, plain);
            texts.push_back(render(v, form, kNames));
            insns.push_back(render(v, form, kPlaceholders));
            has_c.push_back(form.has_c);
        }
    const std::size_t forms = texts.size();
    const std::size_t kernels = (forms + kHwcheckFormsPerKernel - 1) / kHwcheckFormsPerKernel;

    std::ostringstream o;
    o << "// Generated by ptxv-gen from " << opt.spec_display_name << ". DO NOT EDIT.\n"
      << "// Regenerate: " << opt.regen_command << "\n"
      << "//\n"
      << "// ptxv_hwcheck: runs " << forms << " forms (" << probes << " probes, then " << kHwcheckFormsPerVariant
      << " per variant of " << variants.size() << ") of the PTX video instructions on a GPU\n"
      << "// and writes what the device computed, for `ptxv golden` to compare with both CPU engines.\n"
      << "// The first " << probes << " forms are the spec's probes of its readings, on fixed operands. The first\n"
      << "// form of each variant uses every default; the others draw selectors, masks, d selectors and\n"
      << "// negations from the spec's tables. Instruction texts are ptxv's canonical spelling.\n"
      << "//\n"
      << "//   nvcc -arch=sm_90 -O2 -o ptxv_hwcheck ptxv_hwcheck.cu\n"
      << "//   ./ptxv_hwcheck out.tsv [vectors_per_form]     (default " << kHwcheckDefaultVectors << ")\n"
      << "//\n"
      << "// PTX ISA " << spec.ptx_isa << "; forms valid per " << spec.oracle << ".\n"
      << "#include <cstddef>\n\n"
      << "namespace {\n\n"
      << "constexpr int kFormCount = " << forms << ";\n"
      << "constexpr unsigned kProbeCount = " << probes << ";\n"
      << "constexpr unsigned kFormsPerVariant = " << kHwcheckFormsPerVariant << ";\n"
      << "constexpr unsigned kDefaultVectors = " << kHwcheckDefaultVectors << ";\n"
      << "constexpr const char* kSource = " << c_string("ptxv-gen from " + opt.spec_display_name) << ";\n\n"
      << "// Form f as ptxv prints it, with d, a, b, c in r0..r3.\n"
      << "const char* const kForms[kFormCount] = {\n";
    for (const auto& t : texts) o << "    " << c_string(t) << ",\n";
    o << "};\n\n"
      << "// a, b, c of each probe.\n"
      << "__constant__ const unsigned kProbeOperands[" << (probes ? probes : 1) << "][3] = {\n"
      << (probes ? probe_operands.str() : "    {0u, 0u, 0u},\n") << "};\n\n}  // namespace\n" << kPrologue << "\n";

    for (std::size_t k = 0; k < kernels; ++k) {
        o << "PTXV_KERNEL_BEGIN(forms_" << k << ")\n";
        for (std::size_t f = k * kHwcheckFormsPerKernel; f < forms && f < (k + 1) * kHwcheckFormsPerKernel; ++f)
            o << "    " << (has_c[f] ? "PTXV_FORM4(" : "PTXV_FORM3(") << f << ", " << c_string(insns[f]) << ")\n";
        o << "PTXV_KERNEL_END\n\n";
    }
    o << "void (*const kKernels[])(Out) = {\n";
    for (std::size_t k = 0; k < kernels; ++k) o << "    forms_" << k << ",\n";
    o << "};\n" << kMain;
    return {"ptxv_hwcheck.cu", o.str()};
}

}  // namespace ptxv::gen
