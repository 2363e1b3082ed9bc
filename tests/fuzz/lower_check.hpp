// ptxv fuzz targets: `ptxv lower` on any text (ptxv/lower.hpp).
//
// Properties: the text is rejected with a printable LowerError located in
// it (line 0 only for text without a .version directive), or lowered; a
// module with nothing lowered comes back byte for byte; a lowered module
// lowers again without error and with nothing left to lower.
#pragma once

#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "ptxv/lower.hpp"

namespace ptxv_fuzz {

inline void check_lower(std::string_view text) {
    ptxv::Lowered out;
    try {
        out = ptxv::lower_module(text);
    } catch (const ptxv::LowerError& e) {
        const std::string what = e.what();
        if (what.empty() || !printable_line(what)) fail("lower: error message not printable", text, what);
        std::size_t lines = 1;
        for (const char c : text) lines += c == '\n';
        if (e.line == 0 ? e.column != 0 : (e.line < 0 || static_cast<std::size_t>(e.line) > lines || e.column < 1))
            fail("lower: error position outside the input", text, what);
        return;
    }
    if (out.counts.empty() && out.ptx != text) fail("lower: nothing lowered, yet the text changed", text, out.ptx);
    try {
        if (!ptxv::lower_module(out.ptx).counts.empty()) fail("lower: video instructions left", text, out.ptx);
    } catch (const ptxv::LowerError& e) {
        fail("lower: the lowered module does not lower again", text, e.what());
    }
}

}  // namespace ptxv_fuzz
