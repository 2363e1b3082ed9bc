// Writes the C99 of `ptxv explain --c` for drawn forms of every variant, and
// a C program that checks each against the interpreter's results on random
// and edge words (tests/explain/check_c.sh compiles and runs it).
//
//   ptxv_explain_corpus PROGRAM.c FUNCTIONS.c
//
// PROGRAM.c: the functions, a table of (a, b, c, d) rows with d from
// ptxv::interpret, and a main() that reports every mismatch. FUNCTIONS.c: the
// functions alone, for compilers of other dialects (OpenCL C).
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "ptxv/explain.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv_tables.hpp"

namespace {

constexpr int kFormsPerVariant = 2;
constexpr int kWordsPerForm = 32;

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08xu", v);
    return buf;
}

// A C string literal of an instruction's text (no quotes or backslashes in PTX).
std::string quoted(const std::string& s) { return "\"" + s + "\""; }

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: ptxv_explain_corpus PROGRAM.c FUNCTIONS.c\n");
        return 2;
    }
    ptxv::SplitMix64 rng(0x6578706c61696e43ull);
    std::string functions, rows, table, names;
    int count = 0;
    for (int v = 0; v < ptxv::spec::kVariantCount; ++v) {
        for (int k = 0; k < kFormsPerVariant; ++k, ++count) {
            const ptxv::Instr in = ptxv::random_form(v, rng);
            const std::string name = "f" + std::to_string(count);
            functions += ptxv::explain_c(in, name) + "\n";
            table += "    " + name + ",\n";
            names += "    " + quoted(ptxv::print(in)) + ",\n";
            for (int w = 0; w < kWordsPerForm; ++w) {
                const std::uint32_t a = ptxv::operand_value(in.a, ptxv::biased_word(rng));
                const std::uint32_t b = ptxv::operand_value(in.b, ptxv::biased_word(rng));
                const std::uint32_t c = in.has_c ? ptxv::operand_value(in.c, ptxv::biased_word(rng)) : ptxv::biased_word(rng);
                rows += "    {" + hex(a) + ", " + hex(b) + ", " + hex(c) + ", " + hex(ptxv::interpret(in, a, b, c)) + "},\n";
            }
        }
    }
    std::ofstream(argv[2]) << functions;
    std::ofstream program(argv[1]);
    program << "#include <stdint.h>\n#include <stdio.h>\n\n"
            << functions << "typedef uint32_t (*form)(uint32_t, uint32_t, uint32_t);\n"
            << "static const form forms[" << count << "] = {\n" << table << "};\n"
            << "static const char* const texts[" << count << "] = {\n" << names << "};\n"
            << "static const uint32_t rows[" << count * kWordsPerForm << "][4] = {\n" << rows << "};\n\n"
            << "int main(void)\n{\n"
            << "    long bad = 0;\n    int i, w;\n"
            << "    for (i = 0; i < " << count << "; ++i) {\n"
            << "        for (w = 0; w < " << kWordsPerForm << "; ++w) {\n"
            << "            const uint32_t* r = rows[i * " << kWordsPerForm << " + w];\n"
            << "            const uint32_t d = forms[i](r[0], r[1], r[2]);\n"
            << "            if (d != r[3] && bad++ < 20)\n"
            << "                printf(\"%s a=0x%08lx b=0x%08lx c=0x%08lx: C gives 0x%08lx, the interpreter 0x%08lx\\n\", texts[i],\n"
            << "                       (unsigned long)r[0], (unsigned long)r[1], (unsigned long)r[2], (unsigned long)d,\n"
            << "                       (unsigned long)r[3]);\n"
            << "        }\n    }\n"
            << "    printf(\"explain --c: " << count << " forms of " << ptxv::spec::kVariantCount << " variants, " << count * kWordsPerForm
            << " words: %ld mismatches\\n\", bad);\n"
            << "    return bad != 0;\n}\n";
    return program ? 0 : 1;
}
