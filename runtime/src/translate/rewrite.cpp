// A source file rewritten: the statements found (scan.cpp), each decoded
// (decode.cpp) and, where every instruction is understood, replaced by its
// C++ (emit.cpp); the rest of the file untouched.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ptxv/translate.hpp"
#include "source.hpp"

namespace ptxv::translate {

namespace {

// Where the original asm stays: nvcc's (or clang's CUDA) device pass, where
// NVIDIA's PTX assembler reads it. HIP defines __HIP__ in both of its passes,
// and ports define __CUDA_ARCH__ there too (ggml: 1300), whose device code
// goes to AMD's assembler: the translation serves them as it serves the host.
// The same line for a statement the source already keeps to a device pass
// (#if __CUDA_ARCH__ >= 300): its condition is what a porter edits to run the
// translation on the host, which must then not take the original.
constexpr const char kDevicePass[] = "#if defined(__CUDA_ARCH__) && !defined(__HIP__)";

bool blank(char c) { return c == ' ' || c == '\t'; }

// Whether the source already includes the drop-in header (a translation of
// a translation, or a file that includes it itself).
bool includes_ptxv(std::string_view s) {
    for (std::size_t at = 0; at < s.size();) {
        std::size_t end = s.find('\n', at);
        if (end == std::string_view::npos) end = s.size();
        std::string_view line = s.substr(at, end - at);
        at = end + 1;
        std::size_t i = 0;
        while (i < line.size() && blank(line[i])) ++i;
        if (i == line.size() || line[i] != '#') continue;
        ++i;
        while (i < line.size() && blank(line[i])) ++i;
        if (line.substr(i, 7) != "include") continue;
        i += 7;
        while (i < line.size() && blank(line[i])) ++i;
        const std::string_view target = line.substr(i);
        if (target.substr(0, 10) == "\"ptxv.hpp\"" || target.substr(0, 10) == "<ptxv.hpp>") return true;
    }
    return false;
}

// Whether a template reads as PTX: an instruction with a PTX type
// (.b32, .u64, .f32, .pred, ...) or a PTX register (%r1, %laneid). Host asm
// (x86's `pause`, `cpuid`) has neither.
bool looks_like_ptx(const std::string& t) {
    for (std::size_t i = 0; i + 2 < t.size(); ++i) {
        const char c = t[i + 1];
        if (t[i] == '.' && (c == 'b' || c == 'u' || c == 's' || c == 'f') && t[i + 2] >= '1' && t[i + 2] <= '8')
            return true;
        if (t.compare(i, 5, ".pred") == 0 || t.compare(i, 3, "%%r") == 0 || t.compare(i, 8, "%%laneid") == 0 ||
            t.compare(i, 10, "%%lanemask") == 0)
            return true;
    }
    return false;
}

std::string joined(const std::vector<std::string>& conditions) {
    std::string s;
    for (const auto& c : conditions) s += (s.empty() ? "" : ", ") + c;
    return s;
}

// What the report says of a translated statement beyond that it was: what the
// C++ leaves out, and the conditions a build must meet to compile it.
void notes(const AsmStatement& st, const DecodedTemplate& d, bool guard, std::vector<ReportLine>& report) {
    for (const auto& line : d.lines)
        if (line.old_simd_zero_c)
            report.push_back({st.at, "translated: '" + line.text +
                                         "' has the immediate 0 as c, which only older ptxas accepted; read as 0"});
    const bool is_volatile = std::any_of(st.qualifiers.begin(), st.qualifiers.end(), [](const std::string& q) {
        return q == "volatile" || q == "__volatile__" || q == "__volatile";
    });
    const bool memory = std::find(st.clobbers.begin(), st.clobbers.end(), "memory") != st.clobbers.end();
    if (is_volatile || memory)
        report.push_back({st.at, std::string("translated: without ") +
                                     (is_volatile && memory ? "'volatile' and the \"memory\" clobber"
                                      : is_volatile         ? "'volatile'"
                                                            : "the \"memory\" clobber") +
                                     ": the C++ is a plain computation, which the compiler may move, merge or drop "
                                     "like any other"});
    if (st.conditions.empty()) return;
    if (guard && st.device_only)
        report.push_back({st.at, "translated for HIP: under " + joined(st.conditions) +
                                     ", which a CUDA device pass compiles, and HIP's where a port defines "
                                     "__CUDA_ARCH__: the original kept for NVIDIA's (" + kDevicePass + ")"});
    else if (st.device_only)
        report.push_back({st.at, "translated: under " + joined(st.conditions) +
                                     ", which a host build does not compile (see the README)"});
    else if (st.host_only)
        report.push_back({st.at, "translated: under " + joined(st.conditions) +
                                     ": a host build compiles it where that holds, a CUDA device pass does not"});
    else
        report.push_back({st.at, "translated: under " + joined(st.conditions) + ", compiled only where that holds"});
}

}  // namespace

std::string summary(const TranslatedSource& r) {
    std::string s = std::to_string(r.found) + " asm statement(s): " + std::to_string(r.translated) + " translated, " +
                    std::to_string(r.skipped_video) + " skipped with a video instruction, " +
                    std::to_string(r.skipped_other) + " skipped without";
    if (r.left_for_gpu) s += ", " + std::to_string(r.left_for_gpu) + " left for NVIDIA's device pass";
    return s;
}

TranslatedSource translate_source(std::string_view source, bool guard, std::string_view file_name) {
    TranslatedSource r;
    const std::vector<AsmStatement> found = find_asm(source);
    const Source src(source);
    const std::string nl = src.line_ending();
    const auto line_of = [&](std::size_t offset) { return src.at(offset).line; };
    const auto newlines_in = [&](std::size_t b, std::size_t e) {
        return static_cast<std::size_t>(std::count(source.begin() + static_cast<std::ptrdiff_t>(b),
                                                   source.begin() + static_cast<std::ptrdiff_t>(e), '\n'));
    };

    // Each statement's C++, or empty where it is left as it is. The skipped
    // statements that hold a video instruction are what a porter must look
    // at: they go first in the report.
    std::vector<std::string> code(found.size());
    std::vector<ReportLine> video_skips;
    r.found = static_cast<int>(found.size());
    for (std::size_t i = 0; i < found.size(); ++i) {
        const AsmStatement& st = found[i];
        const DecodedTemplate d = decode_template(st);
        if (!d.why_not.empty()) {
            // PTX left where a host build compiles it stops that build: GCC's
            // assembler rejects it where the function is emitted, clang
            // everywhere.
            const std::string host = !st.device_only && looks_like_ptx(st.templ)
                                         ? "; a host build of it fails, as the host's assembler does not read PTX"
                                         : "";
            if (d.video) {
                video_skips.push_back({st.at, "skipped, with a video instruction: " + d.why_not + host});
                ++r.skipped_video;
            } else {
                r.report.push_back({st.at, "skipped: " + d.why_not + host});
                ++r.skipped_other;
            }
            continue;
        }
        if (guard && st.device_only && st.nvidia_only) {
            // The guard's own #if branch, say: only NVIDIA's device pass sees it.
            r.report.push_back({st.at, "skipped: under " + joined(st.conditions) +
                                           ", which only NVIDIA's device pass compiles: left for the GPU"});
            ++r.left_for_gpu;
            continue;
        }
        notes(st, d, guard, r.report);
        code[i] = emit_statement(st, d);
        // Without its own ';' (a macro body used as `M(...);`), the block must
        // still take the caller's ';' as one statement.
        if (source[st.end - 1] != ';') code[i] = "do " + code[i] + " while (0)";
        ++r.translated;
    }
    r.report.insert(r.report.begin(), video_skips.begin(), video_skips.end());

    std::string out;
    std::size_t copied = 0;
    // The source from b to e, as it is. Once the output has lines the source
    // does not (a guard), each #else, #elif and #endif is followed by a #line
    // too: one placed after a statement inside a group that a build skips is
    // skipped with it, and the numbers after the group would be off.
    const std::vector<std::size_t> ends = guard ? conditional_line_ends(source) : std::vector<std::size_t>{};
    bool shifted = false;
    const auto copy = [&](std::size_t b, std::size_t e) {
        for (const std::size_t x : ends) {
            if (x < b || x >= e || !shifted) continue;
            out.append(source.substr(b, x + 1 - b));
            out += line_directive(line_of(x) + 1, file_name) + nl;
            b = x + 1;
        }
        out.append(source.substr(b, e - b));
    };
    for (std::size_t i = 0; i < found.size(); ++i) {
        if (code[i].empty()) continue;
        const AsmStatement& st = found[i];
        const std::string original(source.substr(st.begin, st.end - st.begin));
        if (st.in_directive && guard) {
            // The macro defined twice: as written for the GPU, translated for
            // the host; every statement of the directive in its one copy.
            const std::size_t b = st.directive_begin, e = st.directive_end;
            std::string host;
            std::size_t at = b;
            for (; i < found.size() && found[i].in_directive && found[i].directive_begin == b; ++i) {
                if (code[i].empty()) continue;
                host.append(source.substr(at, found[i].begin - at));
                host += code[i];
                at = found[i].end;
            }
            --i;
            host.append(source.substr(at, e - at));
            copy(copied, b);
            shifted = true;
            out += std::string(kDevicePass) + nl + std::string(source.substr(b, e - b)) + nl + "#else" + nl + host + nl +
                   "#endif";
            // The lines after it keep their numbers.
            if (e < source.size()) out += nl + line_directive(line_of(e) + 1, file_name);
            copied = e;
            continue;
        }
        copy(copied, st.begin);
        const std::size_t lines = newlines_in(st.begin, st.end);
        if (st.in_directive) {
            // In place, its lines kept as continuations of the directive.
            out += code[i];
            for (std::size_t k = 0; k < lines; ++k) out += " \\" + nl;
            copied = st.end;
        } else if (guard) {
            // A directive may follow blanks on its line, nothing else; each part
            // keeps the statement's indentation.
            std::size_t k = st.begin;
            while (k > 0 && blank(source[k - 1])) --k;
            const bool line_start = k == 0 || source[k - 1] == '\n';
            const std::string indent = line_start ? std::string(source.substr(k, st.begin - k)) : "";
            out += (line_start ? "" : nl) + std::string(kDevicePass) + nl + indent + original + nl + indent + "#else" +
                   nl + indent + code[i] + nl + indent + "#endif";
            shifted = true;
            // Code after the statement on its line goes to the next line, out
            // of the directive, numbered as it was; a comment may stay. Then
            // the lines after it keep their numbers.
            const int last = line_of(st.end - 1);
            std::size_t rest = st.end;
            while (rest < source.size() && blank(source[rest])) ++rest;
            const bool at_end = rest == source.size() || source[rest] == '\n' || source[rest] == '\r';
            copied = st.end;
            if (!at_end && source.compare(rest, 2, "//") != 0 && source.compare(rest, 2, "/*") != 0) {
                out += nl + line_directive(last, file_name) + nl;
            } else if (at_end || source.compare(rest, 2, "//") == 0) {
                const std::size_t eol = source.find('\n', st.end);
                if (eol != std::string_view::npos) {
                    out.append(source.substr(st.end, eol + 1 - st.end));
                    out += line_directive(last + 1, file_name) + nl;
                    copied = eol + 1;
                }
            }
        } else {
            // Its lines kept, so that the ones after it keep their numbers.
            out += code[i];
            for (std::size_t k = 0; k < lines; ++k) out += nl;
            copied = st.end;
        }
    }
    copy(copied, source.size());
    if (r.translated > 0 && !includes_ptxv(source)) {
        // The head ends before the first statement, so the offset in the
        // source is the same in the output.
        const Insertion ins = include_insertion(source, "#include \"ptxv.hpp\"", file_name);
        out.insert(ins.at, ins.text);
    }
    r.text = std::move(out);
    return r;
}

}  // namespace ptxv::translate
