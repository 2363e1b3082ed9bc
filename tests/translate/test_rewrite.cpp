// Whole sources (translate_source): what is replaced, what stays byte for
// byte, where the include goes, the guard, the report.
#include <catch2/catch.hpp>

#include <string>

#include "ptxv/translate.hpp"

using ptxv::translate::translate_source;

TEST_CASE("rewrite: include after the head, untranslatable statements kept and reported", "[translate]") {
    const std::string src =
        "// head comment\n"
        "#include <cstdint>\n"
        "\n"
        "unsigned f(unsigned a, unsigned b) {\n"
        "  unsigned d;  // keep this comment\n"
        "  asm(\"prmt.b32 %0, %1, %2, 0x3210;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "  asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(d));\n"
        "  return d;\n"
        "}\n";
    const auto r = translate_source(src, false);
    CHECK(r.translated == 1);
    REQUIRE(r.report.size() == 1);
    CHECK(r.report[0].at.line == 6);
    CHECK(r.report[0].what == "skipped: 'prmt.b32' is not a video instruction");
    const std::string want =
        "// head comment\n"
        "#include <cstdint>\n"
        "#include \"ptxv.hpp\"\n"
        "\n"
        "unsigned f(unsigned a, unsigned b) {\n"
        "  unsigned d;  // keep this comment\n"
        "  asm(\"prmt.b32 %0, %1, %2, 0x3210;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "  { std::uint32_t _ptxv0; std::uint32_t _ptxv1 = static_cast<std::uint32_t>(a);"
        " std::uint32_t _ptxv2 = static_cast<std::uint32_t>(d);"
        " _ptxv0 = ptxv::vadd_u32_u32_u32<ptxv::sel::none, ptxv::sel::none, ptxv::sel::none>(_ptxv1, _ptxv2);"
        " (d) = _ptxv0; }\n"
        "  return d;\n"
        "}\n";
    CHECK(r.text == want);
}

TEST_CASE("rewrite: nothing to translate leaves the file as it was", "[translate]") {
    const std::string src = "int main() { return 0; }\n// asm(\"vadd4.u32.u32.u32 %0, %1, %2, %3;\");\n";
    const auto r = translate_source(src, true);
    CHECK(r.translated == 0);
    CHECK(r.text == src);
}

TEST_CASE("rewrite: --guard keeps the original for the GPU, a macro body gets do-while", "[translate]") {
    const auto r = translate_source(
        "#define M(d, a) asm(\"vabsdiff.u32.u32.u32 %0, %1, %0;\" : \"+r\"(d) : \"r\"(a))\n"
        "void g(unsigned& x, unsigned y) {\n"
        "    asm(\"vmin.u32.u32.u32 %0, %0, %1;\" : \"+r\"(x) : \"r\"(y));\n"
        "}\n",
        true);
    CHECK(r.translated == 2);
    CHECK(r.text.find("#define M(d, a) do { std::uint32_t _ptxv0 = static_cast<std::uint32_t>(d);") != std::string::npos);
    CHECK(r.text.find("(d) = _ptxv0; } while (0)\n") != std::string::npos);
    CHECK(r.text.find("    #if defined(__CUDA_ARCH__)\n"
                      "    asm(\"vmin.u32.u32.u32 %0, %0, %1;\" : \"+r\"(x) : \"r\"(y));\n"
                      "    #else\n"
                      "    { std::uint32_t _ptxv0 = static_cast<std::uint32_t>(x);") != std::string::npos);
    CHECK(r.text.find("(x) = _ptxv0; }\n    #endif\n}\n") != std::string::npos);
    CHECK(r.text.rfind("#include \"ptxv.hpp\"\n", 0) == 0);
}

TEST_CASE("rewrite: the include goes after the head, never into a comment", "[translate]") {
    using ptxv::translate::include_insertion;
    const auto put = [](const std::string& src) {
        const auto ins = include_insertion(src, "#include \"ptxv.hpp\"");
        return src.substr(0, ins.at) + ins.text + src.substr(ins.at);
    };
    CHECK(put("#include <a>\n// x\n\n#pragma once\nint y;\n") ==
          "#include <a>\n// x\n\n#pragma once\n#include \"ptxv.hpp\"\nint y;\n");
    // A comment spanning lines belongs to its directive.
    CHECK(put("#include <a> /* one\ntwo */\nint y;\n") == "#include <a> /* one\ntwo */\n#include \"ptxv.hpp\"\nint y;\n");
    // No head: before the first code line, after a comment still open at its start.
    CHECK(put("// c\nint y;\n") == "// c\n#include \"ptxv.hpp\"\nint y;\n");
    CHECK(put("/* a */ int x; /* b\nc */ int y;\n") == "#include \"ptxv.hpp\"\n/* a */ int x; /* b\nc */ int y;\n");
    CHECK(put("/* a\nb */ int y;\n") == "/* a\nb */\n#include \"ptxv.hpp\"\n int y;\n");
    // The head stops at the first other directive; a file ending in an include.
    CHECK(put("#ifndef G\n#include <a>\n") == "#include \"ptxv.hpp\"\n#ifndef G\n#include <a>\n");
    CHECK(put("#include <a>") == "#include <a>\n#include \"ptxv.hpp\"\n");
}
