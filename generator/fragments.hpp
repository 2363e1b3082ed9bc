// ptxv-gen: the hand-written parts of the generated files.
//
// They live in generator/primitives/ as ordinary source files that the build
// compiles on their own, with warnings as errors (generator/primitives/check/,
// and nvcc for hwcheck.cu), so no compiler, formatter or linter meets them for
// the first time in a generated file. Each file marks what ptxv-gen copies:
//
//     // ptxv-gen: begin NAME
//     ...copied verbatim...
//     // ptxv-gen: end NAME
//
// and may hold, outside its regions, what it needs to compile on its own.
#pragma once

#include <string>

namespace ptxv::gen {

// The folder the files are read from: by default generator/primitives of the
// source tree ptxv-gen was built from; ptxv-gen --primitives overrides it.
void set_primitives_dir(const std::string& dir);
const std::string& primitives_dir();

// Region `name` of `file` (relative to the folder): its lines, each ending in
// '\n'. Throws std::runtime_error naming the file when the file cannot be read
// or the region is missing, empty, unterminated or defined twice.
const std::string& fragment(const std::string& file, const std::string& name);

}  // namespace ptxv::gen
