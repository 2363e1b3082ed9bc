// The cases of spec/tests/bad/, shared by test_spec.cpp (the loader) and
// test_spec_hostile.cpp (ptxv-gen). A case is a patch of spec/ptxv.yaml
// (NN_name.patch), so that it keeps following the real spec as the spec
// changes, or a whole file (NN_name.yaml) where the point is the bytes
// themselves (empty, UTF-16, invalid UTF-8, NUL).
//
// A whole file announces "# expect: LINE:COL: message fragment" on its first
// line, or in a sidecar NN_name.expect where the first line cannot carry it.
//
// A patch file:
//
//     # expect: @+1:5: family: unknown key 'saturate'
//     # more '#' lines: why the case exists, where that is not obvious
//          op2: [add, min, max]
//     +    saturate: true
//          order: [sat, op2]
//
// After the '#' lines comes one hunk: each line is a mark and a spec line.
// ' ' keeps the line, '-' deletes it, '+' adds it (an empty line keeps an
// empty line, so that an editor stripping trailing blanks changes nothing).
// The kept and deleted lines are the anchor; it must occur exactly once in
// spec/ptxv.yaml, or the case fails, named, instead of testing nothing. A
// line " ..." (or "-...") keeps (or deletes) every spec line between the
// anchor lines above it and the anchor lines below it, which must then occur
// exactly once too, further down: a few lines name a whole section.
//
// LINE is absolute, or relative to the hunk, in the patched text: '@' is the
// line where the hunk starts, '$' the last line it keeps or adds; "@+2:7",
// "$-1:5", "@:9".
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "files.hpp"

namespace ptxv_test {

struct BadSpec {
    std::string name;    // "spec/tests/bad/NN_name.patch", as the loader names it
    std::string text;    // what the loader reads
    std::string expect;  // "LINE:COL: message fragment", LINE a line of `text`
    bool patched = false;
};

struct PatchedSpec {
    std::string text;
    int first = 0;  // '@'
    int last = 0;   // '$'
};

inline std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        lines.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return lines;
}

// `name` starts every error, so that a failing case says which it is.
inline PatchedSpec apply_spec_patch(const std::string& spec, const std::string& patch, const std::string& name,
                                    const std::string& spec_name = "spec/ptxv.yaml") {
    const auto fail = [&](const std::string& why) { throw std::runtime_error(name + ": " + why); };
    struct Line {
        char mark;
        std::string text;
        bool gap;  // " ..." or "-..."
    };
    std::vector<Line> hunk;
    const std::vector<std::string> lines = split_lines(patch);
    std::size_t i = 0;
    while (i < lines.size() && !lines[i].empty() && lines[i][0] == '#') ++i;
    for (; i < lines.size(); ++i) {
        const std::string& l = lines[i];
        if (l == " ..." || l == "-...")
            hunk.push_back({l[0], "", true});
        else if (l.empty())
            hunk.push_back({' ', "", false});
        else if (l[0] == ' ' || l[0] == '-' || l[0] == '+')
            hunk.push_back({l[0], l.substr(1), false});
        else
            fail("line " + std::to_string(i + 1) + " starts with neither ' ', '-' nor '+': '" + l + "'");
    }

    std::vector<std::vector<std::string>> runs(1);
    for (const auto& h : hunk)
        if (h.gap)
            runs.emplace_back();
        else if (h.mark != '+')
            runs.back().push_back(h.text);
    for (const auto& run : runs)
        if (run.empty())
            fail(runs.size() == 1 ? "the patch keeps or deletes no line of " + spec_name + ": nothing says where it applies"
                                  : "'...' must stand between lines of " + spec_name);

    const std::vector<std::string> spec_lines = split_lines(spec);
    std::vector<std::size_t> starts;
    for (const auto& run : runs) {
        std::string quoted;
        for (const auto& l : run) quoted += "\n    |" + l;
        std::vector<std::size_t> hits;
        for (std::size_t k = 0; k + run.size() <= spec_lines.size(); ++k)
            if (std::equal(run.begin(), run.end(), spec_lines.begin() + static_cast<std::ptrdiff_t>(k))) hits.push_back(k);
        if (hits.empty()) fail("anchor not found in " + spec_name + ":" + quoted);
        if (hits.size() > 1) {
            std::string where;
            for (auto h : hits) where += (where.empty() ? "" : ", ") + std::to_string(h + 1);
            fail("anchor found " + std::to_string(hits.size()) + " times in " + spec_name + " (lines " + where + "):" + quoted);
        }
        if (!starts.empty() && hits[0] < starts.back() + runs[starts.size() - 1].size())
            fail("anchor after '...' stands above the lines before it, at line " + std::to_string(hits[0] + 1) + ":" + quoted);
        starts.push_back(hits[0]);
    }

    std::vector<std::string> out(spec_lines.begin(), spec_lines.begin() + static_cast<std::ptrdiff_t>(starts[0]));
    std::size_t pos = starts[0];
    std::size_t run = 0;
    for (const auto& h : hunk) {
        if (h.gap) {
            const std::size_t next = starts[++run];
            if (h.mark == ' ')
                out.insert(out.end(), spec_lines.begin() + static_cast<std::ptrdiff_t>(pos),
                           spec_lines.begin() + static_cast<std::ptrdiff_t>(next));
            pos = next;
        } else if (h.mark == '+') {
            out.push_back(h.text);
        } else {
            if (h.mark == ' ') out.push_back(h.text);
            ++pos;
        }
    }
    PatchedSpec r;
    r.first = static_cast<int>(starts[0]) + 1;
    r.last = static_cast<int>(out.size());
    out.insert(out.end(), spec_lines.begin() + static_cast<std::ptrdiff_t>(pos), spec_lines.end());
    for (const auto& l : out) r.text += l + "\n";
    return r;
}

// "@+1:5: text" -> "144:5: text" where the hunk starts at line 143.
inline std::string resolve_expect(const std::string& expect, const PatchedSpec& p, const std::string& name) {
    if (expect.empty() || (expect[0] != '@' && expect[0] != '$')) return expect;
    const std::size_t colon = expect.find(':');
    const std::string offset = expect.substr(1, colon == std::string::npos ? std::string::npos : colon - 1);
    const bool number = offset.size() >= 2 && (offset[0] == '+' || offset[0] == '-') &&
                        std::all_of(offset.begin() + 1, offset.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    if (colon == std::string::npos || !(offset.empty() || number))
        throw std::runtime_error(name + ": expected location '" + expect.substr(0, colon) + "' is not @, $, @+N, @-N, $+N or $-N");
    const int line = (expect[0] == '@' ? p.first : p.last) + (offset.empty() ? 0 : std::stoi(offset));
    return std::to_string(line) + expect.substr(colon);
}

// Every case, in name order.
inline std::vector<std::filesystem::path> bad_spec_files(const std::filesystem::path& source_dir) {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(source_dir / "spec/tests/bad"))
        if (e.path().extension() == ".yaml" || e.path().extension() == ".patch") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

// `spec` is spec/ptxv.yaml's text, which a patch applies to.
inline BadSpec read_bad_spec(const std::string& spec, const std::filesystem::path& file) {
    BadSpec c;
    c.name = "spec/tests/bad/" + file.filename().string();
    const std::string raw = read_bytes(file);
    if (raw.rfind("# expect: ", 0) == 0) {
        c.expect = raw.substr(10, raw.find('\n') - 10);
    } else if (file.extension() == ".yaml") {
        std::filesystem::path side = file;
        side.replace_extension(".expect");
        c.expect = read_bytes(side);
        while (!c.expect.empty() && (c.expect.back() == '\n' || c.expect.back() == '\r')) c.expect.pop_back();
    } else {
        throw std::runtime_error(c.name + ": the first line must be '# expect: LINE:COL: message fragment'");
    }
    if (file.extension() == ".patch") {
        const PatchedSpec p = apply_spec_patch(spec, raw, c.name);
        c.text = p.text;
        c.expect = resolve_expect(c.expect, p, c.name);
        c.patched = true;
    } else {
        c.text = raw;
    }
    return c;
}

// f(file, case) for every case, in name order, the spec read once; a case
// that cannot be read (a patch that no longer applies) fails, named, and
// is skipped, so that it never passes as a case that tests nothing.
template <class F>
void for_each_bad_spec(const std::filesystem::path& source_dir, F f) {
    const std::string spec = read_bytes(source_dir / "spec/ptxv.yaml");
    const auto files = bad_spec_files(source_dir);
    REQUIRE(files.size() >= 25);
    for (const auto& file : files) {
        INFO("bad spec " << file.filename().string());
        BadSpec c;
        try {
            c = read_bad_spec(spec, file);
        } catch (const std::exception& e) {
            FAIL_CHECK(e.what());
            continue;
        }
        f(file, c);
    }
}

}  // namespace ptxv_test
