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
