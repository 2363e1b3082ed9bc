// Writes the C programs of the device library's tests (check_device.sh), each
// call built as a translator builds it: the function ptxv_device_symbol names,
// the operand values (an immediate as a constant, 0 for a missing c) and the
// trailing arguments of ptxv_device_args.
//   calls.c: random forms of every variant, each called on biased random
//            words; main() compares every result with the interpreter's
//            (ptxv_eval_reference) and exits non-zero on a mismatch;
//   fold.c:  for some of those forms, fold_k<i>() (every argument a
//            constant), fold_t<i>(a, b, c) (the trailing arguments constant)
//            and fold_v<i>(a, b, c, asel, bsel, x) (none); fold.expect lists
//            each fold_k<i> with the value the interpreter gives it, as LLVM
//            prints an i32;
//   fold_ref.cpp: fold_r<i>(a, b, c), the same form through ptxv.hpp's
//            template, its parameters compile-time constants (the specialized
//            body the folded call should match).
// usage: ptxv_device_calls SEED FORMS_PER_VARIANT WORDS_PER_FORM OUT_DIR
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "ptxv/parse.hpp"
#include "ptxv/ptxv.h"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_tables.hpp"

namespace {

using u32 = std::uint32_t;

// An immediate operand leaves its parameter unread.
constexpr const char* kUnused = "(void)a; (void)b; (void)c; ";

std::string hex(u32 v) {
    char s[16];
    std::snprintf(s, sizeof s, "0x%08xu", static_cast<unsigned>(v));
    return s;
}

struct Free {
    void operator()(ptxv_op* op) const { ptxv_free(op); }
};

// One form, compiled through the C API, and its call.
struct Form {
    ptxv::Instr in;
    std::unique_ptr<ptxv_op, Free> op;
    std::string symbol;
    u32 args[3] = {};
    // The call's first three arguments: a register's name, an immediate's value, 0 for a missing c.
    std::string operand(const ptxv::Operand& o, bool present, const char* name) const {
        if (!present) return "0u";
        return o.kind == ptxv::Operand::Kind::imm ? hex(o.imm) : name;
    }
    std::string call(const char* a, const char* b, const char* c, const std::string& trailing) const {
        return symbol + "(" + operand(in.a, true, a) + ", " + operand(in.b, true, b) + ", " + operand(in.c, in.has_c, c) +
               ", " + trailing + ")";
    }
    std::string trailing() const { return hex(args[0]) + ", " + hex(args[1]) + ", " + hex(args[2]); }
    // The template form's arguments: the selectors, then the d selector, the
    // negations or the mask, in the encoding the trailing arguments use; a
    // scalar form with a secondary operation has no third.
    std::string template_args() const {
        const ptxv::spec::VariantInfo& v = ptxv::spec::kVariants[variant];
        const bool third = ptxv::spec::kOpcodes[v.opcode].geometry != ptxv::Geometry::scalar ||
                           ptxv::spec::kOpcodes[v.opcode].operation == ptxv::Operation::mad || v.op2 == ptxv::Op2::none;
        return hex(args[0]) + ", " + hex(args[1]) + (third ? ", " + hex(args[2]) : "");
    }
    int variant = 0;  // in spec::kVariants
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: %s SEED FORMS_PER_VARIANT WORDS_PER_FORM OUT_DIR\n", argv[0]);
        return 2;
    }
    ptxv::SplitMix64 rng(std::strtoull(argv[1], nullptr, 0));
    const int per_variant = std::atoi(argv[2]);
    const int words = std::atoi(argv[3]);
    const std::string dir = argv[4];
    std::vector<Form> forms;
    for (int v = 0; v < ptxv::spec::kVariantCount; ++v) {
        for (int k = 0; k < per_variant; ++k) {
            Form f;
            f.in = ptxv::random_form(v, rng);
            f.variant = v;
            const std::string text = ptxv::print(f.in);
            char error[256];
            f.op.reset(ptxv_compile(text.c_str(), error, sizeof error));
            if (!f.op) {
                std::fprintf(stderr, "ptxv_compile failed on a random form: %s: %s\n", text.c_str(), error);
                return 1;
            }
            f.symbol = ptxv_device_symbol(f.op.get());
            if (ptxv_device_args(f.op.get(), f.args, 3) != 3) {
                std::fprintf(stderr, "ptxv_device_args: not 3 arguments for %s\n", text.c_str());
                return 1;
            }
            forms.push_back(std::move(f));
        }
    }

    std::ofstream calls(dir + "/calls.c");
    calls << "/* Written by ptxv_device_calls (tests/device/make_calls.cpp). */\n"
          << "#include <stdint.h>\n#include <stdio.h>\n\n#include \"ptxv/ptxv_device.h\"\n\n"
          << "struct word { uint32_t a, b, c, want; };\n";
    for (std::size_t i = 0; i < forms.size(); ++i) {
        const Form& f = forms[i];
        calls << "static uint32_t f" << i << "(uint32_t a, uint32_t b, uint32_t c) { " << kUnused << "return "
              << f.call("a", "b", "c", f.trailing()) << "; }\n"
              << "static const struct word w" << i << "[] = {";
        for (int k = 0; k < words; ++k) {
            const u32 a = ptxv::biased_word(rng), b = ptxv::biased_word(rng), c = ptxv::biased_word(rng);
            calls << (k != 0 ? ", " : "") << "{" << hex(a) << ", " << hex(b) << ", " << hex(c) << ", "
                  << hex(ptxv_eval_reference(f.op.get(), a, b, c)) << "}";
        }
        calls << "};\n";
    }
    calls << "\nstruct form { const char* text; uint32_t (*f)(uint32_t, uint32_t, uint32_t); const struct word* w; };\n"
          << "static const struct form forms[] = {\n";
    for (std::size_t i = 0; i < forms.size(); ++i)
        calls << "    {\"" << ptxv_text(forms[i].op.get()) << "\", f" << i << ", w" << i << "},\n";
    calls << "};\n\nint main(void) {\n"
          << "    unsigned bad = 0, n = 0, i, k;\n"
          << "    for (i = 0; i < sizeof forms / sizeof forms[0]; ++i) {\n"
          << "        for (k = 0; k < " << words << "; ++k, ++n) {\n"
          << "            const struct word* w = &forms[i].w[k];\n"
          << "            const uint32_t d = forms[i].f(w->a, w->b, w->c);\n"
          << "            if (d != w->want && ++bad <= 20)\n"
          << "                printf(\"MISMATCH %s a=0x%08x b=0x%08x c=0x%08x: 0x%08x, the interpreter 0x%08x\\n\",\n"
          << "                       forms[i].text, w->a, w->b, w->c, d, w->want);\n"
          << "        }\n    }\n"
          << "    printf(\"device library: %u forms, %u calls, %u mismatches\\n\", i, n, bad);\n"
          << "    return bad != 0;\n}\n";

    // Every 16th form: enough to meet every family.
    std::ofstream fold(dir + "/fold.c"), expect(dir + "/fold.expect"), ref(dir + "/fold_ref.cpp");
    fold << "/* Written by ptxv_device_calls (tests/device/make_calls.cpp). */\n"
         << "#include <stdint.h>\n\n#include \"ptxv/ptxv_device.h\"\n\n";
    ref << "// Written by ptxv_device_calls (tests/device/make_calls.cpp).\n"
        << "#include <cstdint>\n\n#include \"ptxv.hpp\"\n\nusing std::uint32_t;\n\nextern \"C\" {\n";
    for (std::size_t i = 0; i < forms.size(); i += 16) {
        const Form& f = forms[i];
        const u32 a = ptxv::biased_word(rng), b = ptxv::biased_word(rng), c = ptxv::biased_word(rng);
        fold << "/* " << ptxv_text(f.op.get()) << " */\n"
             << "uint32_t fold_k" << i << "(void) { return " << f.call(hex(a).c_str(), hex(b).c_str(), hex(c).c_str(), f.trailing())
             << "; }\n"
             << "uint32_t fold_t" << i << "(uint32_t a, uint32_t b, uint32_t c) { " << kUnused << "return "
             << f.call("a", "b", "c", f.trailing())
             << "; }\n"
             << "uint32_t fold_v" << i << "(uint32_t a, uint32_t b, uint32_t c, uint32_t asel, uint32_t bsel, uint32_t x) { "
             << kUnused << "return "
             << f.call("a", "b", "c", "asel, bsel, x") << "; }\n";
        expect << "fold_k" << i << " " << static_cast<std::int32_t>(ptxv_eval_reference(f.op.get(), a, b, c)) << " "
               << ptxv_text(f.op.get()) << "\n";
        const std::string name = ptxv::spec::kVariants[f.variant].function;
        ref << "uint32_t fold_r" << i << "(uint32_t a, uint32_t b, uint32_t c) { " << kUnused << "return ptxv::" << name << "<"
            << f.template_args() << ">(" << f.operand(f.in.a, true, "a") << ", " << f.operand(f.in.b, true, "b") << ", "
            << f.operand(f.in.c, f.in.has_c, "c") << "); }\n";
    }
    ref << "}\n";
    std::printf("ptxv_device_calls: %zu forms\n", forms.size());
    return calls && fold && expect && ref ? 0 : 1;
}
