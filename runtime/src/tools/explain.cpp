// ptxv explain: an instruction's semantics as C99, from the C99 form of its
// variant that ptxv-gen printed from the lowered bodies
// (generated/ptxv_explain.inc), and in words, from the decoded form and the
// decode tables.
#include "ptxv/explain.hpp"

#include <cctype>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "ptxv/compile.hpp"
#include "ptxv/parse.hpp"
#include "../core/spelling.hpp"
#include "ptxv_explain.inc"
#include "ptxv_tables.hpp"

namespace ptxv {

static_assert(c99_forms::kFormCount == spec::kVariantCount,
              "ptxv_explain.inc has one form per variant");

namespace {

std::string hex(unsigned v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%xu", v);
    return buf;
}

bool c_identifier(const std::string& s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (const char ch : s)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') return false;
    return true;
}

std::string sel_comment(Sel s, const char* whole) {
    return s == Sel::none ? std::string(whole) : std::string(".") + spelling(s);
}

std::string negations(unsigned neg) {
    std::string s;
    for (int i = 0; i < 3; ++i)
        if ((neg >> i) & 1u) s += std::string(s.empty() ? "" : ", ") + "-" + "abc"[i];
    return s.empty() ? "none" : s;
}

std::string operand_note(const char* name, const Operand& op) {
    if (op.kind != Operand::Kind::imm) return "";
    char value[16];
    std::snprintf(value, sizeof value, "0x%08x", op.imm);
    return std::string(" * ") + name + " is the immediate " + op.imm_text + " (" + value + ").\n";
}

}  // namespace

std::string explain_c(const Instr& in, const std::string& name) {
    const Compiled f = compile(in);
    const std::string fn = name.empty() ? f.function_name() : name;
    if (!c_identifier(fn)) throw std::invalid_argument("explain: '" + fn + "' is not a C identifier");
    const c99_forms::Form& form = c99_forms::kForms[f.variant_index()];
    const int lanes = lanes_of(in.geometry);

    // What each placeholder becomes: a value and, as a comment, its spelling.
    std::string asel, bsel, x;
    if (lanes == 1) {
        asel = hex(f.asel()) + " /* " + sel_comment(in.asel, "the whole word") + " */";
        bsel = hex(f.bsel()) + " /* " + sel_comment(in.bsel, "the whole word") + " */";
        x = in.operation == Operation::mad ? hex(f.x()) + " /* " + negations(f.x()) + " */"
                                           : hex(f.x()) + " /* " + sel_comment(in.dsel, "no merge") + " */";
    } else {
        const char prefix = spec::kOpcodes[in.opcode].selector_prefix;
        asel = hex(f.asel()) + " /* " + detail::simd_selector_spelling(prefix, lanes, in.simd_asel) + " */";
        bsel = hex(f.bsel()) + " /* " + detail::simd_selector_spelling(prefix, lanes, in.simd_bsel) + " */";
        x = hex(f.x()) + " /* " + detail::mask_spelling(prefix, lanes, f.x()) + " */";
    }

    std::string body;
    for (int i = 0; i < c99_forms::kHelperCount; ++i)
        if ((form.helpers[i / 64] >> (i % 64)) & 1u) body += std::string(c99_forms::kHelpers[i]) + "\n";
    for (std::size_t i = form.text; c99_forms::kTextLines[i] != c99_forms::kEnd; ++i)
        body += std::string(c99_forms::kLines[c99_forms::kTextLines[i]]) + "\n";

    std::string out =
        "/* " + print(in) + "\n" + " * d = " + fn +
        "(a, b, c) for the source operands' values a, b and c (c is not read where the instruction has none).\n" + operand_note("a", in.a) +
        operand_note("b", in.b) + (in.has_c ? operand_note("c", in.c) : std::string()) +
        " * C99 over <stdint.h>; OpenCL C after: typedef uint uint32_t; typedef ulong uint64_t; typedef long int64_t;\n"
        " */\n#include <stdint.h>\n\n";
    for (std::size_t i = 0; i < body.size(); ++i) {
        if (body[i] != '@') {
            out += body[i];
            continue;
        }
        const auto token = [&](const char* t) { return body.compare(i + 1, std::char_traits<char>::length(t), t) == 0; };
        if (token("_")) {
            out += fn + "_";
            i += 1;
        } else if (token("F")) {
            out += fn;
            i += 1;
        } else if (token("ASEL")) {
            out += asel;
            i += 4;
        } else if (token("BSEL")) {
            out += bsel;
            i += 4;
        } else if (token("DSEL") || token("MASK")) {
            out += x;
            i += 4;
        } else if (token("NEG")) {
            out += x;
            i += 3;
        } else {
            throw std::logic_error("explain: an unknown placeholder in ptxv_explain.inc");
        }
    }
    return out;
}

}  // namespace ptxv
