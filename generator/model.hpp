// ptxv-gen: the typed model of spec/ptxv.yaml and the expanded variants.
//
// Pass 1 (load.cpp) is the only code that touches YAML: it turns the file into
// a Spec, strictly (unknown keys, wrong types, duplicates and out-of-range
// values are errors with file:line:col). Later passes work on this model only.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "ptxv/vocabulary.hpp"
#include "ptxv/spec_tables.hpp"

namespace ptxv::gen {

struct Loc {
    std::string file;
    int line = 0;  // 1-based
    int col = 0;   // 1-based
    std::string str() const;  // "file:line:col"
};

// A bad spec. what() is "file:line:col: error: message".
struct SpecError : std::runtime_error {
    SpecError(const Loc& where, const std::string& message);
    Loc loc;
    std::string message;
};

// An evaluation that tells a reading from its alternatives: the variant's
// default form (`d, a, b` or `d, a, b, c`) on fixed operands, with the d the
// reading predicts. tools/hwcheck runs these first on a GPU, in spec order.
struct Probe {
    std::string reading;  // "R8"
    std::string variant;  // "vmax.s32.u32.u32.min"
    std::uint32_t a = 0, b = 0, c = 0, d = 0;
    bool has_c = false;
    Loc loc;          // of the probe
    Loc variant_loc;  // of its `variant` value
    Loc c_loc;        // of its `c` value, when given
};

struct Reading {
    std::string id;  // "R1"
    std::string title;
    std::string verified_by;
    Loc loc;
};

struct GeometryDef {
    std::string name;
    Geometry geometry = Geometry::scalar;
    int lanes = 1;
    int lane_bits = 32;
    char selector_prefix = 0;         // SIMD only
    std::vector<std::string> masks;   // SIMD only, spelled without '.'
    std::string default_mask;         // SIMD only
    std::string default_asel;
    std::string default_bsel;
    Loc loc;
};

struct OpcodeDef {
    std::string name;
    Operation operation = Operation::add;
    Loc loc;
};

// Bit masks over the enum values, as in spec_tables.hpp.
struct Family {
    std::string name;
    std::string section;
    Geometry geometry = Geometry::scalar;
    const GeometryDef* geometry_def = nullptr;
    std::vector<OpcodeDef> opcodes;
    std::vector<Type> dtypes;  // empty: no .dtype
    std::vector<Type> atypes;
    std::vector<Type> btypes;
    bool sat = false;
    bool po = false;
    std::vector<Op2> op2;
    std::vector<Cmp> cmp;
    std::vector<Mode> mode;
    std::vector<Scale> scale;
    std::vector<std::uint8_t> negation;     // sets, a=1 b=2 c=4; empty: no negation
    std::vector<std::uint8_t> negation_po;
    std::vector<Sel> source_selectors;
    std::vector<Sel> dest_selectors;
    std::vector<Sel> ignored_dest_selectors;
    std::vector<Sel> ignored_c_selectors;
    bool immediates = false;
    spec::COperand c_operand = spec::COperand::required;
    bool exclusive_sat_op2 = false;
    bool exclusive_op2_dsel = false;
    std::vector<std::string> order;     // of: sat op2 cmp mode po scale
    std::vector<std::string> readings;  // ids
    Loc loc;
};

struct Example {
    std::string text;
    bool valid = true;
    std::string reading;
    Loc loc;
};

// A CUDA intrinsic as the video instruction it is (spec key cuda_intrinsics).
// Post-steps turn the instruction's d into the intrinsic's result where the two
// differ: lanes_to_mask widens vset's 0/1 lanes to 0/all-ones; round_down turns
// vavrg's unsigned average, rounded up, into the average rounded down.
enum class IntrinsicPost { none, lanes_to_mask, round_down };
inline constexpr const char* kIntrinsicPostNames[] = {"none", "lanes_to_mask", "round_down"};

struct IntrinsicArg {
    std::string type;  // "unsigned int" or "int", as CUDA declares it
    std::string name;
};

struct Intrinsic {
    std::string name;  // CUDA's spelling: "__vsadu4"
    int lanes = 1;
    std::vector<IntrinsicArg> args;
    std::string form;               // a variant: "vabsdiff4.u32.u32.u32.add"
    int source[3] = {-1, -1, -1};   // what feeds a, b, c: an index into args, or -1 for 0
    bool has_c = false;
    IntrinsicPost post = IntrinsicPost::none;
    std::string doc;   // CUDA's one-line summary
    std::string note;  // why the table departs from a self-contradicting text
    Loc loc, lanes_loc, form_loc, post_loc;

    std::string plain_name() const;  // without the leading underscores: "vsadu4"
};

struct Spec {
    std::string file;  // as given on the command line, e.g. "spec/ptxv.yaml"
    int schema = 1;
    std::string ptx_isa;
    std::string oracle;
    std::vector<Reading> readings;
    std::vector<GeometryDef> geometries;
    std::vector<Family> families;
    std::vector<Example> examples;
    std::vector<Probe> probes;
    std::vector<Intrinsic> intrinsics;

    const Reading* reading(const std::string& id) const;
};

// Pass 1: load + validate what the file says on its own (pass 3 checks what
// names a variant). Throws SpecError. `display_name` is used in
// locations and banners (normally the path as given).
Spec load_spec_file(const std::string& path, const std::string& display_name);
Spec load_spec_text(const std::string& text, const std::string& display_name);

// Pass 2: expand every family into its variants: opcode x types x
// non-parameter modifiers. Selectors, masks, d selectors and vmad negations are
// parameters of a variant, not part of it.
struct Variant {
    const Family* family = nullptr;
    const OpcodeDef* opcode = nullptr;
    int opcode_index = 0;  // position of the opcode in spec order (across families)
    bool has_dtype = true;
    Type dtype = Type::u32;
    Type atype = Type::u32;
    Type btype = Type::u32;
    bool sat = false;
    Op2 op2 = Op2::none;
    Cmp cmp = Cmp::eq;
    Mode mode = Mode::none;
    bool po = false;
    Scale scale = Scale::none;

    bool operation_is_set() const;
    std::string function_name() const;  // vadd4_s32_u32_u32_sat
    std::string ptx() const;            // vadd4.s32.u32.u32.sat
};
std::vector<Variant> expand(const Spec& spec);

// Whether the variant's default form (no d selector) takes c: SIMD forms and
// vmad always do, scalar forms with a secondary operation too (R8); the others
// ignore a c (R16) and are written without one.
bool takes_c(const Variant& v);

// A variant's default form as ptxv prints it, with the operand names `regs`
// (d, a, b, c): "vmax.s32.u32.u32.min r0, r1, r2, r3;".
std::string default_form(const std::string& ptx, bool with_c, const char* const (&regs)[4]);

// Pass 3: resolve what names a variant (each probe, each CUDA intrinsic, with
// the lanes, c and post-step it claims) against the expanded variants; the
// variant each intrinsic is (an index into `variants`). Throws SpecError.
std::vector<std::size_t> resolve(const Spec& spec, const std::vector<Variant>& variants);

// Passes 1-3, each run once: the spec loaded and checked, its variants and its
// resolved cross-references. The variants point into `spec`, so a Program
// stays where it was made.
struct Program {
    Spec spec;
    std::vector<Variant> variants;
    std::vector<std::size_t> intrinsic_variants;  // of spec.intrinsics[i]

    Program() = default;
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;
};
std::unique_ptr<const Program> load_program_file(const std::string& path, const std::string& display_name);
std::unique_ptr<const Program> load_program_text(const std::string& text, const std::string& display_name);

// Spellings: ptxv::spelling (ptxv/vocabulary.hpp), the one vocabulary.

}  // namespace ptxv::gen
