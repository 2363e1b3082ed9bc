// A source file's text with its line index, shared by the scanner (scan.cpp)
// and the rewrite (rewrite.cpp): positions by byte offset, and the line
// ending the lines added to it take.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ptxv/translate.hpp"

namespace ptxv::translate {

class Source {
public:
    explicit Source(std::string_view s) : s_(s) {
        line_starts_.push_back(0);
        for (std::size_t i = 0; i < s.size(); ++i)
            if (s[i] == '\n') line_starts_.push_back(i + 1);
    }
    // The 1-based line and column of a byte offset.
    Position at(std::size_t offset) const {
        const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
        const std::size_t line = static_cast<std::size_t>(it - line_starts_.begin());
        return {static_cast<int>(line), static_cast<int>(offset - line_starts_[line - 1] + 1)};
    }
    std::string_view text() const { return s_; }
    // What the lines added to the file end with: CRLF where its first line
    // ends so, else LF.
    std::string line_ending() const {
        const std::size_t first = s_.find('\n');
        return first != std::string_view::npos && first > 0 && s_[first - 1] == '\r' ? "\r\n" : "\n";
    }

private:
    std::string_view s_;
    std::vector<std::size_t> line_starts_;
};

}  // namespace ptxv::translate
