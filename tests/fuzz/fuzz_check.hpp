// ptxv fuzz targets: what a failed property does.
//
// libFuzzer records any abort as a crash together with the input that caused
// it, so a broken property aborts after printing what was expected; the input
// is shown escaped because it may hold any bytes.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace ptxv_fuzz {

inline std::string escaped(std::string_view s, std::size_t max = 400) {
    static const char hex[] = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < s.size() && i < max; ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    if (s.size() > max) out += "...";
    return out;
}

[[noreturn]] inline void fail(const char* what, std::string_view input, const std::string& detail = {}) {
    std::fprintf(stderr, "\nPROPERTY FAILED: %s\n  input:  \"%s\"\n", what, escaped(input).c_str());
    if (!detail.empty()) std::fprintf(stderr, "  detail: %s\n", escaped(detail, 2000).c_str());
    std::fflush(stderr);
    std::abort();
}

// Messages are shown to users one per line: they must be short, non-empty
// printable ASCII, whatever bytes the input held.
inline bool printable_line(std::string_view s) {
    for (const char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c >= 0x7f) return false;
    }
    return true;
}

}  // namespace ptxv_fuzz
