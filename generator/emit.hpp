// ptxv-gen: the emit passes. Each prints one output file from the model (the
// spec, its variants and their lowerings, decided in the earlier passes) and
// the hand-written regions of generator/primitives/; it decides nothing about
// the arithmetic. main.cpp decides whether to write a file or compare it
// (--check).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "lower.hpp"
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

// What the emitters print: the spec, its variants in spec order and the
// lowering of each, computed once by the plan pass (lowered[i] is variants[i]'s).
struct Model {
    const Spec& spec;
    const std::vector<Variant>& variants;
    const std::vector<Lowered>& lowered;
    std::vector<std::size_t> intrinsic_variants = {};  // variants[] index of each spec.intrinsics[i]
    // The lane plan of each intrinsic's array form (SIMD ones; lower.hpp).
    std::vector<unsigned> intrinsic_plans = {};
};

// The first lines of every generated file: its source, DO NOT EDIT and the
// command that regenerates it, as C++ comments or, for Markdown, HTML ones.
enum class CommentStyle { cpp, markdown };
std::string banner(const EmitOptions&, CommentStyle style = CommentStyle::cpp);

// Spellings shared by the emit passes.
std::string guard_of(const std::string& header);     // a header's include guard
std::string selector_literal(const std::string& s);  // ".b7654" -> "0x7654" (R2)
unsigned mask_lanes(const std::string& m);           // "b320" -> lane bit set 0xd (R4)
std::string hex_literal(unsigned v);                 // 13 -> "0xdu"
std::string string_literal(const std::string& s);    // a C++ string literal of s (one line of text)
// Texts of lines ending in '\n' as the arrays kLines (each distinct line
// once), kEnd and kTextLines (each text's line indices, kEnd after its last);
// returns where each text starts in kTextLines. `file` names the output in an
// error.
std::vector<std::size_t> write_text_lines(std::ostream& o, const std::vector<std::string>& texts, const std::string& file);
// A CUDA intrinsic's parameters: in CUDA's types ("int x, unsigned int y"), as
// C++ fixed-width types ("std::int32_t x, std::uint32_t y") or as C ones
// ("int32_t x, uint32_t y"); and its arguments ("x, y").
enum class ParamTypes { cuda, cxx, c };
const char* fixed_width_type(const IntrinsicArg& a);  // "int32_t" or "uint32_t"
std::string intrinsic_parameters(const Intrinsic& in, ParamTypes types);
std::string intrinsic_arguments(const Intrinsic& in);

// One emitter per output file.
OutputFile emit_header(const Model&, const EmitOptions&);       // ptxv.hpp, the drop-in header
OutputFile emit_batch(const Model&, const EmitOptions&);        // ptxv_batch.hpp
OutputFile emit_dispatch(const Model&, const EmitOptions&);     // ptxv_dispatch.inc
OutputFile emit_device(const Model&, const EmitOptions&);       // ptxv_device.inc, the device library's list
OutputFile emit_array(const Model&, const EmitOptions&);        // ptxv_array.hpp
OutputFile emit_tables(const Model&, const EmitOptions&);       // ptxv_tables.hpp
OutputFile emit_variants_md(const Model&, const EmitOptions&);  // VARIANTS.md
OutputFile emit_hwcheck(const Model&, const EmitOptions&);      // ptxv_hwcheck.cu
OutputFile emit_cuda_hwcheck(const Model&, const EmitOptions&); // ptxv_cuda_hwcheck.cu, CUDA's intrinsics on a GPU
OutputFile emit_cuda(const Model&, const EmitOptions&);         // ptxv_cuda.hpp, CUDA's SIMD intrinsics
OutputFile emit_cuda_compat(const Model&, const EmitOptions&);  // ptxv_cuda_compat.hpp, under CUDA's names
OutputFile emit_cuda_array(const Model&, const EmitOptions&);   // ptxv_cuda_array.hpp, over arrays
OutputFile emit_cuda_dispatch(const Model&, const EmitOptions&);      // ptxv_cuda_dispatch.hpp, libptxv's array forms
OutputFile emit_cuda_dispatch_inc(const Model&, const EmitOptions&);  // ptxv_cuda_dispatch.inc, their definitions
OutputFile emit_cuda_md(const Model&, const EmitOptions&);      // CUDA_INTRINSICS.md
OutputFile emit_explain(const Model&, const EmitOptions&);      // ptxv_explain.inc, every variant as C99
OutputFile emit_lower(const Model&, const EmitOptions&);        // ptxv_lower.inc, every variant as plain PTX

}  // namespace ptxv::gen
