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

OutputFile emit_header(const Spec&, const std::vector<Variant>&, const EmitOptions&);       // the drop-in header
OutputFile emit_batch(const Spec&, const std::vector<Variant>&, const EmitOptions&);         // ptxv_batch.hpp
OutputFile emit_dispatch(const Spec&, const std::vector<Variant>&, const EmitOptions&);     // ptxv_dispatch.inc
OutputFile emit_variants_md(const Spec&, const std::vector<Variant>&, const EmitOptions&);  // VARIANTS.md
OutputFile emit_tables(const Spec&, const std::vector<Variant>&, const EmitOptions&);       // ptxv_tables.hpp

}  // namespace ptxv::gen
