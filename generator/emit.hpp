// ptxv-gen: the emit passes. Each returns a file's full content; main.cpp
// decides whether to write it or compare it (--check).
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace ptxv::gen {

struct OutputFile {
    std::string path;  // relative to the output directory
    std::string content;
};

struct EmitOptions {
    std::string spec_display_name;  // "spec/ptxv.yaml"
    std::string regen_command;      // shown in every banner
    std::string header_name = "ptxv.hpp";
};

// Shared by the emit passes.
std::string banner(const EmitOptions&);              // the first two lines of every file
std::string guard_of(const std::string& header);     // its include guard
std::string selector_literal(const std::string& s);  // ".b7654" -> "0x7654" (R2)

OutputFile emit_header(const Spec&, const std::vector<Variant>&, const EmitOptions&);       // the drop-in header
OutputFile emit_batch(const Spec&, const std::vector<Variant>&, const EmitOptions&);         // ptxv_batch.hpp
OutputFile emit_dispatch(const Spec&, const std::vector<Variant>&, const EmitOptions&);     // ptxv_dispatch.inc
OutputFile emit_variants_md(const Spec&, const std::vector<Variant>&, const EmitOptions&);  // VARIANTS.md
OutputFile emit_array(const Spec&, const std::vector<Variant>&, const EmitOptions&);        // ptxv_array.hpp
OutputFile emit_tables(const Spec&, const std::vector<Variant>&, const EmitOptions&);       // ptxv_tables.hpp

}  // namespace ptxv::gen
