// ptxv-gen: reading the regions of generator/primitives/ (see fragments.hpp).
#include "fragments.hpp"

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <utility>

#ifndef PTXV_GEN_PRIMITIVES_DIR
#define PTXV_GEN_PRIMITIVES_DIR "generator/primitives"
#endif

namespace ptxv::gen {

namespace {

std::string& dir_setting() {
    static std::string dir = PTXV_GEN_PRIMITIVES_DIR;
    return dir;
}

// Every region of one file, by name.
using Regions = std::map<std::string, std::string>;

Regions parse(const std::string& path, const std::string& text) {
    static const std::string kBegin = "// ptxv-gen: begin ", kEnd = "// ptxv-gen: end ";
    Regions out;
    std::istringstream in(text);
    std::string line, open, body;
    int n = 0, open_line = 0;
    const auto fail = [&](int at, const std::string& what) {
        throw std::runtime_error(path + ":" + std::to_string(at) + ": " + what);
    };
    while (std::getline(in, line)) {
        ++n;
        if (!line.empty() && line.back() == '\r') fail(n, "CR LF line ending; the files are LF only");
        if (line.rfind(kBegin, 0) == 0) {
            if (!open.empty()) fail(n, "region '" + line.substr(kBegin.size()) + "' begins inside region '" + open + "'");
            open = line.substr(kBegin.size());
            open_line = n;
            if (open.empty()) fail(n, "a region needs a name");
            if (out.count(open)) fail(n, "region '" + open + "' is defined twice");
            body.clear();
        } else if (line.rfind(kEnd, 0) == 0) {
            const std::string name = line.substr(kEnd.size());
            if (name != open) fail(n, "'end " + name + "' does not close " + (open.empty() ? "a region" : "'" + open + "'"));
            if (body.empty()) fail(open_line, "region '" + open + "' is empty");
            out.emplace(open, body);
            open.clear();
        } else if (!open.empty()) {
            body += line + "\n";
        }
    }
    if (!open.empty()) fail(open_line, "region '" + open + "' is not closed");
    return out;
}

}  // namespace

void set_primitives_dir(const std::string& dir) { dir_setting() = dir; }
const std::string& primitives_dir() { return dir_setting(); }

const std::string& fragment(const std::string& file, const std::string& name) {
    static std::map<std::string, Regions> cache;
    const std::string path = dir_setting() + "/" + file;
    auto it = cache.find(path);
    if (it == cache.end()) {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw std::runtime_error("cannot read " + path + " (set the folder with --primitives)");
        std::ostringstream ss;
        ss << in.rdbuf();
        it = cache.emplace(path, parse(path, ss.str())).first;
    }
    const auto r = it->second.find(name);
    if (r == it->second.end()) throw std::runtime_error(path + ": no region '" + name + "'");
    return r->second;
}

}  // namespace ptxv::gen
