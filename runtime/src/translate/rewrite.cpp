// A source file rewritten: the statements found (scan.cpp), each decoded
// (decode.cpp) and, where every instruction is understood, replaced by its
// C++ (emit.cpp); the rest of the file untouched.
#include <string>
#include <string_view>
#include <vector>

#include "ptxv/translate.hpp"

namespace ptxv::translate {

TranslatedSource translate_source(std::string_view source, bool guard) {
    TranslatedSource r;
    const std::vector<AsmStatement> found = find_asm(source);
    std::string out;
    std::size_t copied = 0;
    for (const AsmStatement& st : found) {
        const DecodedTemplate d = decode_template(st);
        if (!d.why_not.empty()) {
            r.report.push_back({st.at, "skipped: " + d.why_not});
            continue;
        }
        for (const auto& line : d.lines)
            if (line.old_simd_zero_c)
                r.report.push_back({st.at, "translated: '" + line.text +
                                               "' has the immediate 0 as c, which only older ptxas accepted; read as 0"});
        std::string code = emit_statement(st, d);
        // Without its own ';' (a macro body used as `M(...);`), the block must
        // still take the caller's ';' as one statement.
        const bool own_semicolon = source[st.end - 1] == ';';
        if (!own_semicolon) code = "do " + code + " while (0)";
        const std::string original(source.substr(st.begin, st.end - st.begin));
        out.append(source.substr(copied, st.begin - copied));
        if (guard && !st.in_directive) {
            // A directive may follow blanks on its line, nothing else; each part
            // keeps the statement's indentation.
            std::size_t k = st.begin;
            while (k > 0 && (source[k - 1] == ' ' || source[k - 1] == '\t')) --k;
            const bool line_start = k == 0 || source[k - 1] == '\n';
            const std::string indent = line_start ? std::string(source.substr(k, st.begin - k)) : "";
            out += (line_start ? "" : "\n") + std::string("#if defined(__CUDA_ARCH__)\n") + indent + original + "\n" +
                   indent + "#else\n" + indent + code + "\n" + indent + "#endif";
            // Code after the statement on its line goes to the next line, out
            // of the directive; a comment may stay.
            std::size_t rest = st.end;
            while (rest < source.size() && (source[rest] == ' ' || source[rest] == '\t')) ++rest;
            if (rest < source.size() && source[rest] != '\n' && source[rest] != '\r' &&
                source.compare(rest, 2, "//") != 0 && source.compare(rest, 2, "/*") != 0)
                out += '\n';
        } else {
            if (guard) r.report.push_back({st.at, "translated: inside a macro, so without the __CUDA_ARCH__ guard"});
            out += code;
        }
        copied = st.end;
        ++r.translated;
    }
    out.append(source.substr(copied));
    if (r.translated > 0) {
        // The head ends before the first statement, so the offset in the
        // source is the same in the output.
        const Insertion ins = include_insertion(source, "#include \"ptxv.hpp\"");
        out.insert(ins.at, ins.text);
    }
    r.text = std::move(out);
    return r;
}

}  // namespace ptxv::translate
