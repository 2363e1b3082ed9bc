// ptxv translate IN [-o OUT] [--guard] [--report FILE]   inline-asm video
// instructions in a C++ or CUDA source as portable C++
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "cli.hpp"
#include "ptxv/translate.hpp"

namespace ptxv_cli {
namespace {

// ptxv translate: IN rewritten to OUT (standard output without -o); OUT is
// written whole or not at all.
int run_translate(const std::string& in, const std::string& out, bool guard, const std::string& report_path) {
    std::error_code dir_ec;
    if (std::filesystem::is_directory(in, dir_ec)) {
        std::fprintf(stderr, "error: %s is a directory (translate takes one source file)\n", in.c_str());
        return kExitFailed;
    }
    std::ifstream f(in, std::ios::binary);
    if (!f) {
        std::fprintf(stderr, "error: cannot read %s\n", in.c_str());
        return kExitFailed;
    }
    // The report's file is opened before OUT is written, so that a report
    // that cannot be written leaves OUT as it was.
    std::ofstream rf;
    if (!report_path.empty()) {
        rf.open(report_path, std::ios::binary | std::ios::app);
        if (!rf) {
            std::fprintf(stderr, "error: cannot write the report %s\n", report_path.c_str());
            return kExitFailed;
        }
    }
    std::stringstream text;
    text << f.rdbuf();
    ptxv::translate::TranslatedSource r;
    try {
        // The #line directives name IN as given, so that the compiler's
        // messages point at, and quote, the source's own lines.
        r = ptxv::translate::translate_source(text.str(), guard, in);
    } catch (const ptxv::translate::ScanError& e) {
        std::fprintf(stderr, "error: %s:%s\n", in.c_str(), e.what());
        return kExitFailed;
    }
    std::string report;
    for (const auto& line : r.report)
        report += in + ":" + std::to_string(line.at.line) + ":" + std::to_string(line.at.column) + ": " + line.what + "\n";
    report += in + ": " + ptxv::translate::summary(r) + "\n";
    if (out.empty()) {
        std::fwrite(r.text.data(), 1, r.text.size(), stdout);
    } else if (!write_whole(out, r.text)) {
        std::fprintf(stderr, "error: cannot write %s\n", out.c_str());
        return kExitFailed;
    }
    if (report_path.empty()) {
        std::fputs(report.c_str(), stderr);
    } else {
        rf.close();
        rf.open(report_path, std::ios::binary | std::ios::trunc);
        rf << report;
        if (!rf) {
            std::fprintf(stderr, "error: cannot write %s\n", report_path.c_str());
            return kExitFailed;
        }
    }
    return kExitOk;
}

struct TranslateArgs {
    std::string in, out, report;
    bool guard = false;
};

}  // namespace

Command add_translate(CLI::App& app) {
    CLI::App* translate =
        app.add_subcommand("translate", "Rewrite inline-asm video instructions in a C++ or CUDA source as portable C++");
    auto args = std::make_shared<TranslateArgs>();
    translate->add_option("IN", args->in, "the source file")->required();
    translate->add_option("-o,--output", args->out, "where the rewritten source goes (default: standard output)");
    translate->add_flag("--guard", args->guard,
                        "keep each original statement for NVIDIA GPUs: #if defined(__CUDA_ARCH__) && !defined(__HIP__)");
    translate->add_option("--report", args->report, "where the report goes (default: standard error)");
    translate->footer(with_exit_status(
        "Every asm statement made of video instructions and the 32-bit integer instructions mov, add, sub,\n"
        "mul.lo, and, or, xor, not, shl, shr, min, max, prmt, bfe, bfi, lop3, shf, setp, selp and cvt\n"
        "(integers of 32 bits and less) becomes C++ (calls of\n"
        "ptxv.hpp's functions for the video ones; ptxv.hpp is a C++17 header:\n"
        "build with -I generated); the rest of the file is copied byte for byte, comments in any encoding.\n"
        "The report names what was left as it was and why. A statement only a device pass compiles\n"
        "(#if __CUDA_ARCH__ >= 300) runs on the host once its condition is edited to\n"
        "#if !defined(__CUDACC__) || __CUDA_ARCH__ >= 300, with or without --guard."));
    return {translate, [args] { return run_translate(args->in, args->out, args->guard, args->report); }};
}

}  // namespace ptxv_cli
