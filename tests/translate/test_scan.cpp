// Finding asm statements in sources (ptxv/translate.hpp): every shape the
// translator must see, the ones it must not be fooled by, and bad input.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ptxv/translate.hpp"

using ptxv::translate::find_asm;
using ptxv::translate::ScanError;

TEST_CASE("asm statements: keywords, qualifiers, operands, clobbers", "[translate]") {
    const std::string src =
        "__device__ unsigned f(unsigned a, unsigned b) {\n"
        "  unsigned d;\n"
        "  asm(\"vadd4.u32.u32.u32.sat %0, %1, %2, %3;\" : \"=r\"(d) : \"r\"(a), \"r\"(b), \"r\"(0));\n"
        "  __asm__ __volatile__ (\"vmax4.s32.s32.s32 %0, %1, %2, %0;\" : \"+r\"(d) : \"r\"(a), \"r\"(b) : \"memory\");\n"
        "  asm volatile(\"vabsdiff4.u32.u32.u32.add %[d], %[a], %[b], %[d];\" : [d] \"+r\"(d) : [a] \"r\"(a[i + (1)]), [b] \"r\"(b));\n"
        "  return d;\n"
        "}\n";
    const auto found = find_asm(src);
    REQUIRE(found.size() == 3);
    CHECK(found[0].keyword == "asm");
    CHECK(found[0].qualifiers.empty());
    CHECK(found[0].templ == "vadd4.u32.u32.u32.sat %0, %1, %2, %3;");
    REQUIRE(found[0].outputs.size() == 1);
    CHECK(found[0].outputs[0].constraint == "=r");
    CHECK(found[0].outputs[0].expr == "d");
    REQUIRE(found[0].inputs.size() == 3);
    CHECK(found[0].inputs[2].expr == "0");
    CHECK(found[0].at.line == 3);
    CHECK(found[0].at.column == 3);
    CHECK(src.substr(found[0].begin, found[0].end - found[0].begin).back() == ';');
    CHECK(found[1].keyword == "__asm__");
    CHECK(found[1].qualifiers == std::vector<std::string>{"__volatile__"});
    CHECK(found[1].outputs[0].constraint == "+r");
    CHECK(found[1].clobbers == std::vector<std::string>{"memory"});
    CHECK(found[2].outputs[0].name == "d");
    CHECK(found[2].inputs[0].name == "a");
    CHECK(found[2].inputs[0].expr == "a[i + (1)]");
    CHECK(src.substr(found[2].inputs[0].expr_begin, found[2].inputs[0].expr_end - found[2].inputs[0].expr_begin) ==
          "a[i + (1)]");
}

TEST_CASE("asm templates: adjacent literals, escapes, blocks, outputs only, no outputs", "[translate]") {
    const auto found = find_asm(
        "asm(\"{\\n\\t.reg .u32 t1;\\n\\t\"\n"
        "    \"vsub4.u32.u32.u32 t1, %1, %2, 0;\\n\\t\"  /* a comment between */ \"mov.b32 %0, t1;\\n\\t}\"\n"
        "    : \"=r\"(x) : \"r\"(y), \"r\"(z));\n"
        "asm(\"vmin.s32.s32.s32.max %0, %0, %1, %2;\" : \"+r\"(v) : \"r\"(w), \"n\"(7));\n"
        "asm(\"vadd.u32.u32.u32 %0, %0, 1;\" :: \"r\"(q));\n");
    REQUIRE(found.size() == 3);
    CHECK(found[0].templ == "{\n\t.reg .u32 t1;\n\tvsub4.u32.u32.u32 t1, %1, %2, 0;\n\tmov.b32 %0, t1;\n\t}");
    CHECK(found[1].inputs[1].constraint == "n");
    CHECK(found[2].outputs.empty());
    REQUIRE(found[2].inputs.size() == 1);
    CHECK(found[2].inputs[0].expr == "q");
}

TEST_CASE("asm: what only looks like a statement is not one", "[translate]") {
    const auto found = find_asm(
        "// asm(\"vadd4.u32.u32.u32 %0, %1, %2, %3;\" : \"=r\"(d));\n"
        "/* asm(\"x\"); */\n"
        "const char* s = \"asm(\\\"vadd4 %0;\\\")\";\n"
        "const char* r = R\"--(asm(\"vadd4\" : \"=r\"(d));)--\";\n"
        "char c = '\"'; int asm_count = 0; int casm = 1;\n"
        "// a comment continued \\\n asm(\"still the comment\");\n"
        "kernel<<<grid, block>>>(a, b);  __global__ void k() {}\n"
        "asm(\"vmax2.u32.u32.u32 %0, %1, %2, %3;\" : \"=r\"(d) : \"r\"(a), \"r\"(b), \"r\"(c));\n");
    REQUIRE(found.size() == 1);
    CHECK(found[0].at.line == 9);
}

TEST_CASE("asm inside macros and directives", "[translate]") {
    const auto found = find_asm(
        "#define VADD4(d, a, b) \\\n"
        "  asm(\"vadd4.u32.u32.u32 %0, %1, %2, %3;\" : \"=r\"(d) : \"r\"(a), \"r\"(b), \"r\"(0))\n"
        "int x;\n"
        "  #  define VMAX(d, a) asm volatile(\"vmax.u32.u32.u32 %0, %1, %0;\" : \"+r\"(d) : \"r\"(a));\n");
    REQUIRE(found.size() == 2);
    CHECK(found[0].in_directive);
    CHECK(found[0].at.line == 2);
    CHECK(found[1].in_directive);
    CHECK(found[1].qualifiers == std::vector<std::string>{"volatile"});
}

TEST_CASE("asm scan: bad input is a clear error with its position", "[translate]") {
    const auto error_of = [](const std::string& src) {
        try {
            find_asm(src);
        } catch (const ScanError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_of("int a;\nconst char* s = \"open\n;") == "2:17: unterminated string literal");
    CHECK(error_of("/* never closed") == "1:1: unterminated comment");
    CHECK(error_of("x = R\"(raw") == "1:5: unterminated raw string literal");
    // Unbalanced parentheses are the statement's, not the file's: reported.
    CHECK(error_of("asm(\"vadd4 %0;\" : \"=r\"(f(x) : );") == "no error");
    CHECK(find_asm("asm(\"vadd4 %0;\" : \"=r\"(f(x) : );")[0].unparsed ==
          "not one complete asm statement (1:4: asm statement: unbalanced parentheses)");
    // Comments and literals hold any bytes (GBK, Latin-1, not UTF-8 at all).
    CHECK(error_of("int a;\n// \xd5\xfd caf\xe9\n\xff\xfe") == "no error");
    CHECK(error_of("x = \"\xe0\x80\x80\"; /* \xc0 */") == "no error");
    CHECK(error_of("char c = 'a;") == "1:10: unterminated character literal");
}

TEST_CASE("asm scan: what cannot be taken apart is found and kept, with the reason", "[translate]") {
    // PTX is ASCII: a template or constraint with another byte is not read.
    const char* latin1 = "// caf\xe9\nasm(\"vadd.u32.u32.u32 %0, %1, %2; // \xe9\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
                         "asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\xb2\"(a), \"r\"(b));\n"
                         "asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b)); // \xe9\n";
    const auto odd = find_asm(latin1);
    REQUIRE(odd.size() == 3);
    CHECK(odd[0].unparsed == "a byte outside ASCII (0xe9) in its template, which PTX does not allow");
    CHECK(odd[0].at.line == 2);
    CHECK(odd[1].unparsed == "a byte outside ASCII (0xb2) in the constraint of operand a");
    CHECK(odd[2].unparsed.empty());
    // A macro body that is only part of a statement: reported, not an error.
    auto found = find_asm("#define A asm(\"x\" : \"=r\"(d)\nint y;");
    REQUIRE(found.size() == 1);
    CHECK(found[0].in_directive);
    CHECK(found[0].unparsed == "inside a macro that is not one complete asm statement (1:14: asm statement: unbalanced parentheses)");
    CHECK(found[0].end == found[0].begin + 3);
    // A template that is not a literal: the whole statement is spanned.
    const std::string src = "void f() { asm(TEMPLATE : \"=r\"(d) : \"r\"(g(a, b))); }";
    found = find_asm(src);
    REQUIRE(found.size() == 1);
    CHECK(found[0].unparsed == "the template is not a string literal");
    CHECK(src.substr(found[0].begin, found[0].end - found[0].begin) == "asm(TEMPLATE : \"=r\"(d) : \"r\"(g(a, b)));");
    // Outside a macro too: a statement that does not close is reported, and
    // the scan goes on after its keyword.
    found = find_asm("void f() { asm(TEMPLATE : \"=r\"(d); } void g() { asm(\"vadd.u32.u32.u32 %0, %0, %0;\" : \"+r\"(e)); }");
    REQUIRE(found.size() == 2);
    CHECK(found[0].unparsed == "not one complete asm statement (1:15: asm statement: unbalanced parentheses)");
    CHECK(found[0].end == found[0].begin + 3);
    CHECK(found[1].unparsed.empty());
    CHECK(found[1].templ == "vadd.u32.u32.u32 %0, %0, %0;");
    // A preprocessor line between the literals: the text depends on the build.
    found = find_asm("void f() {\n  asm(\"vadd.u32.u32.u32 %0, %1, %1;\"\n#ifdef X\n  \"\\n\"\n#endif\n  : \"=r\"(d) : \"r\"(a));\n}\n");
    REQUIRE(found.size() == 1);
    CHECK(found[0].unparsed == "a preprocessor line (#ifdef, line 3) inside the statement, so its text depends on the build");
    // A statement outside a macro ends before a preprocessor line, however
    // its brackets pair up after it: the macro's own statement is found.
    found = find_asm("void f() {\n  asm(\"vadd\" \"%0;\" do { g(a); } while (0)\n"
                     "#define M(d, a) asm(\"vadd.u32.u32.u32 %0, %1, %1;\" : \"=r\" d) : \"r\"(a))\n}\n");
    REQUIRE(found.size() == 2);
    CHECK(found[0].unparsed == "not one complete asm statement (2:6: asm statement: unbalanced parentheses)");
    CHECK(found[1].in_directive);
    CHECK(found[1].unparsed ==
          "inside a macro that is not one complete asm statement (3:59: asm operand: expected '(' expression ')')");
    found = find_asm("void f() {\n  asm(TEMPLATE (\n#define M )\n  );\n}\n");
    REQUIRE(found.size() == 1);
    CHECK(found[0].unparsed ==
          "a preprocessor line (#define, line 3) inside the statement, so its text depends on the build");
    // A template pieced together from a macro's parameter.
    found = find_asm("#define V(op) asm(\"v\" #op \".u32.u32.u32 %0, %1, %1;\" : \"=r\"(d) : \"r\"(a))\n"
                     "#define W(s) asm(\"vadd\" s : \"=r\"(d) : \"r\"(a))\n");
    REQUIRE(found.size() == 2);
    CHECK(found[0].unparsed == "the template is built by the preprocessor ('#' between its literals), so its text is known only where it is used");
    CHECK(found[1].unparsed == "the template is built by the preprocessor ('s' between its literals), so its text is known only where it is used");
}

TEST_CASE("asm scan: the conditions a statement sits under", "[translate]") {
    const auto found = find_asm(
        "#ifndef GUARD_H\n#define GUARD_H\n"
        "#if __CUDA_ARCH__ >= 300\nasm(\"a\");\n#elif defined(X)\nasm(\"b\");\n#else\nasm(\"c\");\n#endif\n"
        "#ifndef __CUDA_ARCH__\nasm(\"d\");\n#else\nasm(\"e\");\n#endif\n"
        "#if !defined(__CUDA_ARCH__)\nasm(\"f\");\n#endif\n"
        "asm(\"g\");\n#endif\n");
    REQUIRE(found.size() == 7);
    CHECK(found[0].conditions == std::vector<std::string>{"#if __CUDA_ARCH__ >= 300"});
    CHECK(found[0].device_only);
    CHECK(found[1].conditions == std::vector<std::string>{"#elif defined(X)"});
    CHECK(!found[1].device_only);
    CHECK(found[2].conditions == std::vector<std::string>{"#else of #elif defined(X)"});
    CHECK(!found[2].device_only);
    CHECK(found[3].conditions == std::vector<std::string>{"#ifndef __CUDA_ARCH__"});
    CHECK(!found[3].device_only);
    CHECK(found[4].conditions == std::vector<std::string>{"#else of #ifndef __CUDA_ARCH__"});
    CHECK(found[4].device_only);
    CHECK(!found[5].device_only);
    // The include guard is not a condition.
    CHECK(found[6].conditions.empty());
}

TEST_CASE("asm scan: a negation of __CUDA_ARCH__ itself, and conditions that exclude HIP", "[translate]") {
    const auto found = find_asm(
        "#if defined(__CUDA_ARCH__) && !defined(__HIP__)\nasm(\"a\");\n#else\nasm(\"b\");\n#endif\n"
        "#if defined(X) && ! defined ( __CUDA_ARCH__ )\nasm(\"c\");\n#endif\n"
        "#if !__CUDA_ARCH__\nasm(\"d\");\n#endif\n"
        "#ifdef __CUDA_ARCH__\n#ifndef __HIP__\nasm(\"e\");\n#endif\n#endif\n"
        "#if defined(__CUDA_ARCH__) || !defined(__HIP__)\nasm(\"f\");\n#endif\n"
        "#if defined(__CUDA_ARCH__) || defined(X)\nasm(\"g\");\n#else\nasm(\"h\");\n#endif\n");
    REQUIRE(found.size() == 8);
    CHECK(found[0].device_only);  // --guard's own condition: the negation is of __HIP__
    CHECK(found[0].nvidia_only);
    CHECK(!found[1].nvidia_only);
    CHECK(!found[2].device_only);
    CHECK(!found[3].device_only);
    CHECK(found[4].device_only);
    CHECK(found[4].nvidia_only);
    CHECK(!found[5].nvidia_only);  // either may hold
    CHECK(!found[5].device_only);
    // X may hold on the host, so g is not device code, and h not host code only.
    CHECK(!found[6].device_only);
    CHECK(!found[7].device_only);
}
