// ptxas assembles what ptxv lower writes: drawn forms of every variant (with
// immediates, selectors, masks, negations and guards), each in a kernel that
// loads its sources and stores d, lowered as a module, for each target.
//
//   ptxv_lower_ptxas --ptxas PATH [--forms-per-variant N] [--seed S] [--arch sm_75,sm_90]
//   ptxv_lower_ptxas --skip REASON     (exit 77: ctest's skipped)
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ptxv/lower.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_tables.hpp"

namespace {

constexpr int kVariants = static_cast<int>(sizeof ptxv::spec::kVariants / sizeof ptxv::spec::kVariants[0]);

void rename(ptxv::Operand& op, const char* name) {
    if (op.kind == ptxv::Operand::Kind::reg) op.name = name;
}

std::string module(const std::string& arch, int forms, std::uint64_t seed, int& count) {
    std::ostringstream m;
    m << ".version 7.8\n.target " << arch << "\n.address_size 64\n\n"
      << ".visible .entry lowered(.param .u64 p)\n{\n"
         "\t.reg .pred %g;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<2>;\n"
         "\tld.param.u64 %rd1, [p];\n"
         "\tld.global.u32 %r2, [%rd1];\n\tld.global.u32 %r3, [%rd1+4];\n\tld.global.u32 %r4, [%rd1+8];\n"
         "\tsetp.ne.u32 %g, %r4, 0;\n";
    ptxv::SplitMix64 rng(seed);
    count = 0;
    for (int v = 0; v < kVariants; ++v) {
        for (int f = 0; f < forms; ++f) {
            ptxv::Instr in = ptxv::random_form(v, rng);
            rename(in.d, "%r1");
            rename(in.a, "%r2");
            rename(in.b, "%r3");
            rename(in.c, "%r4");
            if (rng.next() % 4 == 0) {
                in.guard = "%g";
                in.guard_neg = rng.next() % 2 == 0;
            }
            m << "\t" << ptxv::print(in) << "\n\tst.global.u32 [%rd1+12], %r1;\n";
            ++count;
        }
    }
    m << "\tret;\n}\n";
    return m.str();
}

}  // namespace

int main(int argc, char** argv) {
    std::string ptxas, archs = "sm_75,sm_90";
    int forms = 2;
    std::uint64_t seed = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
        if (a == "--skip" && next) {
            std::printf("skipped: %s\n", next);
            return 77;
        } else if (a == "--ptxas" && next) {
            ptxas = argv[++i];
        } else if (a == "--forms-per-variant" && next) {
            forms = std::atoi(argv[++i]);
        } else if (a == "--seed" && next) {
            seed = std::strtoull(argv[++i], nullptr, 0);
        } else if (a == "--arch" && next) {
            archs = argv[++i];
        } else {
            std::fprintf(stderr, "usage: ptxv_lower_ptxas --ptxas PATH [--forms-per-variant N] [--seed S] [--arch LIST]\n");
            return 2;
        }
    }
    if (ptxas.empty() || forms < 1) {
        std::fprintf(stderr, "ptxv_lower_ptxas: --ptxas PATH and a positive --forms-per-variant are needed\n");
        return 2;
    }
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("ptxv_lower_ptxas_" + std::to_string(seed));
    std::filesystem::create_directories(dir);
    int failed = 0;
    std::stringstream list(archs);
    for (std::string arch; std::getline(list, arch, ',');) {
        int count = 0;
        const std::string in = module(arch, forms, seed, count);
        const ptxv::Lowered out = ptxv::lower_module(in);
        int lowered = 0, instructions = 0;
        for (const auto& [op, counts] : out.counts) {
            lowered += static_cast<int>(counts.size());
            for (const int n : counts) instructions += n;
        }
        const std::filesystem::path file = dir / ("lowered_" + arch + ".ptx");
        std::ofstream(file) << out.ptx;
        const std::string cmd = "\"" + ptxas + "\" -arch=" + arch + " -o \"" + (dir / "out.cubin").string() + "\" \"" +
                                file.string() + "\"";
        const int rc = std::system(cmd.c_str());
        const bool ok = rc == 0 && lowered == count;
        std::printf("%s: %d forms of %d variants lowered to %d instructions: ptxas %s\n", arch.c_str(), lowered,
                    kVariants, instructions, rc == 0 ? "accepts them" : "REJECTS them");
        if (lowered != count) std::printf("%s: %d of %d video instructions lowered\n", arch.c_str(), lowered, count);
        if (!ok) {
            std::printf("kept: %s\n", file.string().c_str());
            ++failed;
        }
    }
    if (failed == 0) std::filesystem::remove_all(dir);
    return failed == 0 ? 0 : 1;
}
