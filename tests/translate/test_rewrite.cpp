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
        "  asm(\"popc.b32 %0, %1, %2, 0x3210;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "  asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(d));\n"
        "  return d;\n"
        "}\n";
    const auto r = translate_source(src, false);
    CHECK(r.translated == 1);
    REQUIRE(r.report.size() == 1);
    CHECK(r.report[0].at.line == 6);
    CHECK(r.report[0].what ==
          "skipped: 'popc.b32' is not a video instruction; a host build of it fails, as the host's assembler does not read PTX");
    const std::string want =
        "// head comment\n"
        "#include <cstdint>\n"
        "#include \"ptxv.hpp\"\n"
        "#line 3\n"
        "\n"
        "unsigned f(unsigned a, unsigned b) {\n"
        "  unsigned d;  // keep this comment\n"
        "  asm(\"popc.b32 %0, %1, %2, 0x3210;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
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

TEST_CASE("rewrite: --guard keeps the original for the GPU, a macro is defined twice", "[translate]") {
    const auto r = translate_source(
        "#define M(d, a) asm(\"vabsdiff.u32.u32.u32 %0, %1, %0;\" : \"+r\"(d) : \"r\"(a))\n"
        "void g(unsigned& x, unsigned y) {\n"
        "    asm(\"vmin.u32.u32.u32 %0, %0, %1;\" : \"+r\"(x) : \"r\"(y));\n"
        "}\n",
        true);
    CHECK(r.translated == 2);
    CHECK(r.text.find("#if defined(__CUDA_ARCH__) && !defined(__HIP__)\n"
                      "#define M(d, a) asm(\"vabsdiff.u32.u32.u32 %0, %1, %0;\" : \"+r\"(d) : \"r\"(a))\n"
                      "#else\n"
                      "#define M(d, a) do { auto&& _ptxvref0 = (d); std::uint32_t _ptxv0 = static_cast<std::uint32_t>(_ptxvref0);") !=
          std::string::npos);
    // The lines after each keep their numbers.
    CHECK(r.text.find("_ptxvref0 = _ptxv0; } while (0)\n#endif\n#line 2\nvoid g(") != std::string::npos);
    CHECK(r.text.find("    #if defined(__CUDA_ARCH__) && !defined(__HIP__)\n"
                      "    asm(\"vmin.u32.u32.u32 %0, %0, %1;\" : \"+r\"(x) : \"r\"(y));\n"
                      "    #else\n"
                      "    { auto&& _ptxvref0 = (x); std::uint32_t _ptxv0 = static_cast<std::uint32_t>(_ptxvref0);") != std::string::npos);
    CHECK(r.text.find("_ptxvref0 = _ptxv0; }\n    #endif\n#line 4\n}\n") != std::string::npos);
    CHECK(r.text.rfind("#include \"ptxv.hpp\"\n#line 1\n", 0) == 0);
    // A second --guard leaves it as it is: the originals are in the device
    // pass's branch, and the file includes ptxv.hpp.
    const auto again = translate_source(r.text, true);
    CHECK(again.translated == 0);
    CHECK(again.text == r.text);
    REQUIRE(again.report.size() == 2);
    CHECK(again.report[0].what ==
          "skipped: under #if defined(__CUDA_ARCH__) && !defined(__HIP__), which only NVIDIA's device pass compiles: left for "
          "the GPU");
}

TEST_CASE("rewrite: the include goes after the head, never into a comment", "[translate]") {
    using ptxv::translate::include_insertion;
    const auto put = [](const std::string& src) {
        const auto ins = include_insertion(src, "#include \"ptxv.hpp\"");
        return src.substr(0, ins.at) + ins.text + src.substr(ins.at);
    };
    // Each followed by a #line, so that the lines after it keep their numbers.
    CHECK(put("#include <a>\n// x\n\n#pragma once\nint y;\n") ==
          "#include <a>\n// x\n\n#pragma once\n#include \"ptxv.hpp\"\n#line 5\nint y;\n");
    // A comment spanning lines belongs to its directive.
    CHECK(put("#include <a> /* one\ntwo */\nint y;\n") ==
          "#include <a> /* one\ntwo */\n#include \"ptxv.hpp\"\n#line 3\nint y;\n");
    // No head: before the first code line, after a comment still open at its start.
    CHECK(put("// c\nint y;\n") == "// c\n#include \"ptxv.hpp\"\n#line 2\nint y;\n");
    CHECK(put("/* a */ int x; /* b\nc */ int y;\n") == "#include \"ptxv.hpp\"\n#line 1\n/* a */ int x; /* b\nc */ int y;\n");
    CHECK(put("/* a\nb */ int y;\n") == "/* a\nb */\n#include \"ptxv.hpp\"\n#line 2\n int y;\n");
    // The head stops at the first other directive; a file ending in an include.
    CHECK(put("#ifndef G\n#include <a>\n") == "#include \"ptxv.hpp\"\n#line 1\n#ifndef G\n#include <a>\n");
    CHECK(put("#include <a>") == "#include <a>\n#include \"ptxv.hpp\"\n");
    // An include guard opening the file: inside it, after its includes.
    CHECK(put("#ifndef G\n#define G\n#include <a>\nint y;\n#endif\n") ==
          "#ifndef G\n#define G\n#include <a>\n#include \"ptxv.hpp\"\n#line 4\nint y;\n#endif\n");
    CHECK(put("#ifndef G\n#define G\nint y;\n#endif\n") ==
          "#ifndef G\n#define G\n#include \"ptxv.hpp\"\n#line 3\nint y;\n#endif\n");
    // Lines end as the file's do.
    CHECK(put("#include <a>\r\nint y;\r\n") == "#include <a>\r\n#include \"ptxv.hpp\"\r\n#line 2\r\nint y;\r\n");
}

TEST_CASE("rewrite: a statement over several lines keeps the lines after it in place", "[translate]") {
    const std::string src =
        "#include <a>\n"
        "void f(unsigned& d, unsigned a) {\n"
        "    asm(\"vmin.u32.u32.u32 %0, %1, %1;\"\n"
        "        : \"=r\"(d) : \"r\"(a)); d += 1;\n"
        "}\n";
    const auto r = translate_source(src, false);
    CHECK(r.translated == 1);
    CHECK(r.text ==
          "#include <a>\n"
          "#include \"ptxv.hpp\"\n"
          "#line 2\n"
          "void f(unsigned& d, unsigned a) {\n"
          "    { std::uint32_t _ptxv0; std::uint32_t _ptxv1 = static_cast<std::uint32_t>(a);"
          " _ptxv0 = ptxv::vmin_u32_u32_u32<ptxv::sel::none, ptxv::sel::none, ptxv::sel::none>(_ptxv1, _ptxv1);"
          " (d) = _ptxv0; }\n"
          " d += 1;\n"
          "}\n");
    // Under the guard, code after the statement on its line moves to a line
    // of its own, numbered as it was.
    const auto g = translate_source(src, true);
    CHECK(g.text.find("    #endif\n#line 4\n d += 1;\n}\n") != std::string::npos);
}

TEST_CASE("rewrite: the report names a statement's conditions and what it drops", "[translate]") {
    const std::string src =
        "void f(unsigned& d, unsigned a) {\n"
        "#ifdef __CUDA_ARCH__\n"
        "    asm volatile(\"vmin.u32.u32.u32 %0, %1, %1;\" : \"=r\"(d) : \"r\"(a) : \"memory\");\n"
        "#endif\n"
        "}\n";
    const auto r = translate_source(src, false);
    CHECK(r.translated == 1);
    REQUIRE(r.report.size() == 2);
    CHECK(r.report[0].what ==
          "translated: without 'volatile' and the \"memory\" clobber: the C++ is a plain computation, which the "
          "compiler may move, merge or drop like any other");
    CHECK(r.report[1].what == "translated: under #ifdef __CUDA_ARCH__, which a host build does not compile (see the README)");
    // --guard keeps it for NVIDIA's device pass and translates it for HIP's,
    // which a port may give __CUDA_ARCH__, and for a host build whose
    // condition a porter edits; again, it changes nothing.
    const auto g = translate_source(src, true);
    CHECK(g.translated == 1);
    CHECK(g.text.find("#ifdef __CUDA_ARCH__\n"
                      "    #if defined(__CUDA_ARCH__) && !defined(__HIP__)\n"
                      "    asm volatile(\"vmin.u32.u32.u32 %0, %1, %1;\" : \"=r\"(d) : \"r\"(a) : \"memory\");\n"
                      "    #else\n"
                      "    { std::uint32_t _ptxv0;") != std::string::npos);
    REQUIRE(g.report.size() == 2);
    CHECK(g.report[1].what ==
          "translated for HIP: under #ifdef __CUDA_ARCH__, which a CUDA device pass compiles, and HIP's where a port "
          "defines __CUDA_ARCH__: the original kept for NVIDIA's (#if defined(__CUDA_ARCH__) && !defined(__HIP__))");
    const auto again = translate_source(g.text, true);
    CHECK(again.translated == 0);
    CHECK(again.text == g.text);
}

TEST_CASE("rewrite: the report puts the skipped video instructions first and counts every statement", "[translate]") {
    const std::string src =
        "void f(unsigned a, unsigned b, unsigned& d, float& x) {\n"
        "  asm(\"popc.b32 %0, %1, %2, 0x3210;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "  asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "  asm(\"mov.b32 %0, %%lanemask_lt;\" : \"=r\"(d));\n"
        "  asm(\"vmax4.u32.u32.u32 %0, %1, %2, %0;\\n\\tpopc.b32 %0, %0, %1, 0x1032;\" : \"+r\"(d) : \"r\"(a), \"r\"(b));\n"
        "  asm volatile(\"\" ::: \"memory\");\n"
        "  asm(\"@p vmin.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "  (void)x;\n"
        "}\n";
    const auto r = ptxv::translate::translate_source(src, false);
    CHECK(r.found == 6);
    CHECK(r.translated == 1);
    CHECK(r.skipped_video == 2);
    CHECK(r.skipped_other == 3);
    CHECK(r.left_for_gpu == 0);
    CHECK(summary(r) == "6 asm statement(s): 1 translated, 2 skipped with a video instruction, 3 skipped without");
    REQUIRE(r.report.size() == 5);
    // The two that hold a video instruction first, in the file's order; PTX
    // left where a host build compiles it is said to stop that build.
    const std::string host_fails = "; a host build of it fails, as the host's assembler does not read PTX";
    CHECK(r.report[0].at.line == 5);
    CHECK(r.report[0].what == "skipped, with a video instruction: 'popc.b32' is not a video instruction" + host_fails);
    CHECK(r.report[1].at.line == 7);
    CHECK(r.report[1].what.rfind("skipped, with a video instruction: a predicated instruction", 0) == 0);
    CHECK(r.report[2].at.line == 2);
    CHECK(r.report[2].what == "skipped: 'popc.b32' is not a video instruction" + host_fails);
    CHECK(r.report[3].at.line == 4);
    CHECK(r.report[3].what.size() > host_fails.size());
    CHECK(r.report[3].what.compare(r.report[3].what.size() - host_fails.size(), host_fails.size(), host_fails) == 0);
    CHECK(r.report[4].at.line == 6);
    CHECK(r.report[4].what == "skipped: no instruction in it (it builds everywhere as it is)");
}

TEST_CASE("rewrite: a condition is named as the preprocessor reads it, and the host's branch as the host's",
          "[translate]") {
    const std::string src =
        "unsigned f(unsigned a, unsigned b) {\n"
        "  unsigned d;\n"
        "#if __CUDA_ARCH__ >= 300  // sm_30 /* and up */\n"
        "  asm(\"vmax.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "#else /* the host */\n"
        "  asm(\"vmin.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "#endif\n"
        "#ifdef USE_VIDEO /* a project's own switch */\n"
        "  asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "#endif\n"
        "  return d;\n"
        "}\n";
    const auto r = ptxv::translate::translate_source(src, false);
    CHECK(r.translated == 3);
    REQUIRE(r.report.size() == 3);
    CHECK(r.report[0].what == "translated: under #if __CUDA_ARCH__ >= 300, which a host build does not compile (see the README)");
    CHECK(r.report[1].what ==
          "translated: under #else of #if __CUDA_ARCH__ >= 300: a host build compiles it where that holds, a CUDA device "
          "pass does not");
    CHECK(r.report[2].what == "translated: under #ifdef USE_VIDEO, compiled only where that holds");
}

TEST_CASE("rewrite: the #line directives name the source file when it is given", "[translate]") {
    using ptxv::translate::line_directive;
    CHECK(line_directive(7, "") == "#line 7");
    CHECK(line_directive(7, "src/kernel.cu") == "#line 7 \"src/kernel.cu\"");
    CHECK(line_directive(1, "a \"b\"\\c") == "#line 1 \"a \\\"b\\\"\\\\c\"");
    const std::string src =
        "#include <cstdint>\n"
        "unsigned f(unsigned a, unsigned b) {\n"
        "  unsigned d; asm(\"vadd.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b)); return d;\n"
        "}\n";
    const auto named = translate_source(src, true, "k.cu");
    CHECK(named.text.find("#include \"ptxv.hpp\"\n#line 2 \"k.cu\"\n") != std::string::npos);
    CHECK(named.text.find("#endif\n#line 3 \"k.cu\"\n return d;") != std::string::npos);
    const auto unnamed = translate_source(src, true);
    CHECK(unnamed.text.find("#include \"ptxv.hpp\"\n#line 2\n") != std::string::npos);
}

TEST_CASE("rewrite: plain integer asm is translated; host asm is not taken for PTX", "[translate]") {
    const std::string src =
        "unsigned f(unsigned a, unsigned b) {\n"
        "  unsigned d, e;\n"
        "  asm(\"not.b32 %0, %1;\" : \"=r\"(d) : \"r\"(a));\n"
        "  asm(\"{ .reg .u32 t; shr.b32 t, %1, 8; and.b32 %0, t, 0xff; }\" : \"=r\"(e) : \"r\"(b));\n"
        "  asm volatile(\"pause\");\n"
        "#ifdef __CUDA_ARCH__\n"
        "  asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(e));\n"
        "#endif\n"
        "  return d + e;\n"
        "}\n";
    const auto r = translate_source(src, false);
    CHECK(r.translated == 2);
    CHECK(r.skipped_other == 2);
    REQUIRE(r.report.size() == 2);
    // x86's pause is not PTX: nothing said of a host build.
    CHECK(r.report[0].at.line == 5);
    CHECK(r.report[0].what == "skipped: 'pause' is not a video instruction");
    // A special register, where only a device pass compiles it.
    CHECK(r.report[1].at.line == 7);
    CHECK(r.report[1].what.find("host build") == std::string::npos);
    CHECK(r.text.find("not.b32") == std::string::npos);
    CHECK(r.text.find("shr.b32") == std::string::npos);
}

TEST_CASE("rewrite: under --guard the line numbers hold after a group that a build skips", "[translate]") {
    // The #line after a statement's guard sits in its group; where a build
    // skips the group (the host, for #if __CUDA_ARCH__) it is skipped too, so
    // each #else and #endif after it is followed by one of its own.
    const std::string src =
        "unsigned f(unsigned a, unsigned b) {\n"
        "  unsigned d;\n"
        "#if __CUDA_ARCH__ >= 300\n"
        "  asm(\"vmax.u32.u32.u32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(a), \"r\"(b));\n"
        "#else\n"
        "  d = a;\n"
        "#endif\n"
        "  return d;\n"
        "}\n";
    const auto g = translate_source(src, true, "f.cu");
    CHECK(g.text.find("#line 5 \"f.cu\"\n#else\n#line 6 \"f.cu\"\n  d = a;\n#endif\n#line 8 \"f.cu\"\n  return d;") !=
          std::string::npos);
    // Nothing before the first guard moves, and without --guard nothing is added.
    const auto plain = translate_source(src, false, "f.cu");
    CHECK(plain.text.find("#else\n  d = a;\n#endif\n  return d;") != std::string::npos);
}
