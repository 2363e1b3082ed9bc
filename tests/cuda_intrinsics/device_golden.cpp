// ptxv_cuda_golden FILE...: what CUDA's own intrinsics returned on a GPU
// (generated/ptxv_cuda_hwcheck.cu), against ptxv::cuda and against the model
// of CUDA's documentation (doc_model.hpp).
//
// Each line is INTRINSIC<TAB>0xX<TAB>0xY<TAB>0xZ<TAB>0xRESULT; '#' lines are the
// header. Prints the agreement per intrinsic and the first disagreements.
// Exit status 1 on any disagreement of ptxv::cuda, an unreadable line, an
// unknown intrinsic or a file with no lines; 2 on a usage error. Where the
// documentation model alone disagrees with the device, the line is reported
// and does not fail the run: CUDA's text is not the device.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "doc_model.hpp"
#include "ptxv_cuda.hpp"

namespace {

struct Tally {
    long lines = 0, ptxv_ok = 0, doc_ok = 0;
};

const ptxv::cuda::Intrinsic* find(const std::string& name) {
    for (const auto& in : ptxv::cuda::kIntrinsics)
        if (name == in.name) return &in;
    return nullptr;
}

bool word(const std::string& text, std::uint32_t& out) {
    if (text.size() < 3 || text.size() > 10 || text[0] != '0' || text[1] != 'x') return false;
    char* end = nullptr;
    const unsigned long v = std::strtoul(text.c_str() + 2, &end, 16);
    if (*end != '\0') return false;
    out = static_cast<std::uint32_t>(v);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: " << argv[0] << " FILE...\n"
                  << "Compares the results of CUDA's intrinsics recorded on a GPU (ptxv_cuda_hwcheck)\n"
                  << "with ptxv::cuda and with the model of CUDA's documentation.\n";
        return 2;
    }
    std::map<std::string, Tally> tally;
    long bad_lines = 0, shown = 0, doc_shown = 0;
    for (int f = 1; f < argc; ++f) {
        std::ifstream in(argv[f]);
        if (!in) {
            std::cerr << "ptxv_cuda_golden: cannot read " << argv[f] << "\n";
            return 1;
        }
        std::string line;
        long number = 0;
        while (std::getline(in, line)) {
            ++number;
            if (line.empty() || line[0] == '#') continue;
            std::istringstream fields(line);
            std::string name, xs, ys, zs, ds;
            std::uint32_t x = 0, y = 0, z = 0, d = 0;
            const ptxv::cuda::Intrinsic* intrinsic = nullptr;
            if (!std::getline(fields, name, '\t') || !std::getline(fields, xs, '\t') || !std::getline(fields, ys, '\t') ||
                !std::getline(fields, zs, '\t') || !std::getline(fields, ds, '\t') || !word(xs, x) || !word(ys, y) ||
                !word(zs, z) || !word(ds, d) || (intrinsic = find(name)) == nullptr) {
                std::cerr << argv[f] << ":" << number << ": unreadable line or unknown intrinsic: " << line << "\n";
                ++bad_lines;
                continue;
            }
            bool known = false;
            const std::uint32_t mine = intrinsic->eval(x, y, z);
            const std::uint32_t doc = ptxv_test::cuda_doc::eval(name, x, y, z, known);
            Tally& t = tally[name];
            ++t.lines;
            t.ptxv_ok += mine == d;
            t.doc_ok += known && doc == d;
            char buf[200];
            if (mine != d && shown++ < 20) {
                std::snprintf(buf, sizeof buf, "%s:%ld: %s(0x%08x, 0x%08x, 0x%08x): device 0x%08x, ptxv::cuda 0x%08x\n",
                              argv[f], number, name.c_str(), x, y, z, d, mine);
                std::cout << buf;
            }
            if ((!known || doc != d) && doc_shown++ < 20) {
                std::snprintf(buf, sizeof buf, "%s:%ld: %s(0x%08x, 0x%08x, 0x%08x): device 0x%08x, documentation 0x%08x\n",
                              argv[f], number, name.c_str(), x, y, z, d, doc);
                std::cout << buf;
            }
        }
    }
    long lines = 0, ptxv_ok = 0, doc_ok = 0;
    for (const auto& [name, t] : tally) {
        lines += t.lines;
        ptxv_ok += t.ptxv_ok;
        doc_ok += t.doc_ok;
        if (t.ptxv_ok != t.lines || t.doc_ok != t.lines)
            std::cout << name << ": " << t.ptxv_ok << "/" << t.lines << " ptxv::cuda, " << t.doc_ok << "/" << t.lines
                      << " documentation\n";
    }
    std::cout << tally.size() << " intrinsics, " << lines << " results: ptxv::cuda agrees on " << ptxv_ok
              << ", the documentation model on " << doc_ok << "; " << bad_lines << " unreadable lines\n";
    if (lines == 0 || bad_lines != 0 || ptxv_ok != lines) {
        std::cout << "cuda golden: FAILED\n";
        return 1;
    }
    std::cout << "cuda golden: OK\n";
    return 0;
}
