// What the test files read: the source tree, and a file's bytes whole.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace ptxv_test {

#ifdef PTXV_SOURCE_DIR
// The source tree (the build defines PTXV_SOURCE_DIR for the test files).
inline const std::filesystem::path kSource = PTXV_SOURCE_DIR;
#endif

inline std::string read_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + p.string());
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace ptxv_test
