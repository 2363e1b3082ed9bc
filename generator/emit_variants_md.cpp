// Emit pass: VARIANTS.md, the reference of every generated function.
#include <sstream>

#include "emit.hpp"

namespace ptxv::gen {

namespace {

std::string md_escape(const std::string& s) {
    std::string r;
    for (char ch : s) {
        if (ch == '|') r += '\\';
        r += ch;
    }
    return r;
}

}  // namespace

OutputFile emit_variants_md(const Model& m, const EmitOptions& opt) {
    const Spec& spec = m.spec;
    const std::vector<Variant>& variants = m.variants;
    std::ostringstream o;
    o << banner(opt, CommentStyle::markdown) << "\n"
      << "# ptxv variants\n\n"
      << "Every function of `" << opt.header_name << "`: " << variants.size()
      << " variants of the PTX video instructions (PTX ISA " << spec.ptx_isa << ", section 9.7.18).\n\n"
      << "## Naming\n\n"
      << "A variant is an opcode with its types and the modifiers that change the arithmetic; its function is "
         "the PTX spelling with `_` for `.`: `vadd4.s32.u32.u32.sat` is `vadd4_s32_u32_u32_sat`, "
         "`vmad.s32.s32.s32.po.sat.shr15` is `vmad_s32_s32_s32_po_sat_shr15`. Selectors, masks, d selectors and "
         "vmad negations are parameters, not part of the name.\n\n"
      << "## Forms and parameters\n\n"
      << "| form | call |\n|---|---|\n"
      << "| compile-time selectors | `ptxv::f<Asel, Bsel, X>(a, b, c)`; constant selectors fold away, invalid ones fail a `static_assert` |\n"
      << "| run-time selectors | `ptxv::rt::f(a, b, c, asel, bsel, x)`, branch-free; invalid encodings give an unspecified value, never undefined behaviour |\n"
      << "| batch | `ptxv::batch::f(a, b, c, d, n, asel, bsel, x)` and `ptxv::batch::f_c(a, b, c, d, n, asel, bsel, x)` (one `c` for all) |\n\n"
      << "| family kind | `Asel`, `Bsel` (defaults) | `X` (default) |\n|---|---|---|\n"
      << "| scalar, no `.op2` (vadd..vmax, vshl, vshr, vset) | `ptxv::sel::none`, `b0`..`b3`, `h0`, `h1` (`none`) | `Dsel`: "
         "`ptxv::sel::b0`..`h1` merge the result into that part of `c` and narrow `.sat` (R6, R9); `b01`, `b12`, `b23` are "
         "accepted and ignored (R16); default `none`; `c` defaults to 0 |\n"
      << "| scalar with `.op2` | as above | none; the run-time form takes an ignored `x` |\n"
      << "| vmad | as above | `Neg`: `ptxv::neg::a`, `b`, `c` or'ed (`none`) |\n"
      << "| SIMD half-word (`*2`) | hex literals read like `.hxy`, top lane first: `.h32` is `0x32` (`0x10`, `0x32`) | "
         "`Mask`: `ptxv::mask::h0`, `h1`, `h10` (`h10`) |\n"
      << "| SIMD byte (`*4`) | hex literals read like `.bxyzw`: `.b7654` is `0x7654` (`0x3210`, `0x7654`) | "
         "`Mask`: `ptxv::mask::b0` .. `b3210` (`b3210`) |\n\n"
      << "## Readings\n\n"
      << "Semantics follow the readings of SEMANTICS.md. The readings column lists those that apply to a variant; "
         "the ones nothing has confirmed yet are repeated under *unverified*.\n\n"
      << "| reading | verified by | reading |\n|---|---|---|\n";
    for (const auto& r : spec.readings) o << "| " << r.id << " | " << r.verified_by << " | " << md_escape(r.title) << " |\n";
    o << "\n## Lowering\n\n"
      << "The *lowering* column names the technique of the generated body: *packed* works on the 32-bit word "
         "(SWAR); *widened fields* moves each lane into a biased field twice its width inside a 64-bit word; "
         "*lane sum* and *field sum* compute the `.add` accumulate; scalar forms use exact 64-bit arithmetic.\n";

    const Family* fam = nullptr;
    std::string readings, unverified;
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const Variant& v = variants[i];
        const Lowered& L = m.lowered[i];
        if (v.family != fam) {
            fam = v.family;
            readings.clear();
            unverified.clear();
            for (const auto& id : fam->readings) {
                readings += (readings.empty() ? "" : " ") + id;
                const Reading* r = spec.reading(id);
                if (r && r->verified_by == "unverified") unverified += (unverified.empty() ? "" : " ") + id;
            }
            o << "\n## " << fam->name << " (PTX ISA " << fam->section << ")\n\n"
              << "Opcodes:";
            for (const auto& op : fam->opcodes) o << " `" << op.name << "`";
            o << ". Readings: " << readings << (unverified.empty() ? "" : "; unverified: " + unverified) << ".\n\n"
              << "| function | PTX | readings | unverified | lowering |\n|---|---|---|---|---|\n";
        }
        o << "| `" << L.name << "` | `" << v.ptx() << "` | " << readings << " | " << (unverified.empty() ? "-" : unverified)
          << " | " << L.strategy << " |\n";
    }
    return {"VARIANTS.md", o.str()};
}

}  // namespace ptxv::gen
