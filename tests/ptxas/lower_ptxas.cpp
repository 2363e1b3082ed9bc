// ptxas assembles what ptxv lower writes: drawn forms of every variant (with
// immediates, selectors, masks, negations and guards) in the kernel of
// tools/hwcheck/lower_module.hpp, lowered, for each target.
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

#include "lower_module.hpp"
#include "ptxv/lower.hpp"

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
        const ptxv_lower_check::DrawnModule in = ptxv_lower_check::drawn_module(arch, forms, seed);
        const int count = static_cast<int>(in.forms.size());
        const ptxv::Lowered out = ptxv::lower_module(in.ptx);
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
                    count / forms, instructions, rc == 0 ? "accepts them" : "REJECTS them");
        if (arch == archs.substr(0, archs.find(','))) std::fputs(ptxv::lower_report(out, arch).c_str(), stdout);
        if (lowered != count) std::printf("%s: %d of %d video instructions lowered\n", arch.c_str(), lowered, count);
        if (!ok) {
            std::printf("kept: %s\n", file.string().c_str());
            ++failed;
        }
    }
    if (failed == 0) std::filesystem::remove_all(dir);
    return failed == 0 ? 0 : 1;
}
