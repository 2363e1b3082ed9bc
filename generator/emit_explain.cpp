// ptxv-gen: ptxv_explain.inc, the C99 form of every variant for `ptxv
// explain --c` (runtime/src/tools/explain.cpp): each variant's run-time body
// (lower.hpp) as one C function of a, b and c, printed by the C99 printer,
// and the helpers of generator/primitives/c99.h it reaches.
//
// The run-time parameters become constants the runtime writes in: @ASEL,
// @BSEL, @DSEL, @NEG, @MASK; @F is the function's name and @_ the prefix of
// its helpers' (the name and an underscore).
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "emit.hpp"
#include "fragments.hpp"

namespace ptxv::gen {

namespace {

using ir::E;
using ir::Ty;

struct CHelper {
    std::string name;  // without the vx_ prefix
    std::string text;  // with @_ for vx_
    std::set<std::string> calls;
};

// c99.h's region split into its functions, each with the comment above it.
std::vector<CHelper> c_helpers() {
    static const std::regex head(R"(^static inline [a-z0-9_]+ vx_([a-z0-9_]+)\()");
    static const std::regex called(R"(vx_([a-z0-9_]+))");
    std::vector<CHelper> out;
    std::istringstream in(fragment("c99.h", "c99"));
    std::string line, pending;
    CHelper* open = nullptr;
    std::set<std::string> defined;
    while (std::getline(in, line)) {
        std::smatch m;
        if (open == nullptr) {
            if (std::regex_search(line, m, head)) {
                out.push_back({m[1].str(), pending, {}});
                open = &out.back();
                pending.clear();
            } else {
                pending += line + "\n";
                continue;
            }
        }
        open->text += line + "\n";
        for (auto it = std::sregex_iterator(line.begin(), line.end(), called); it != std::sregex_iterator(); ++it) {
            const std::string name = (*it)[1].str();
            if (name == open->name) continue;
            if (!defined.count(name))
                throw std::runtime_error("c99.h: vx_" + open->name + " calls vx_" + name + ", which is not defined above it");
            open->calls.insert(name);
        }
        if (line == "}") {
            open->text = std::regex_replace(open->text, std::regex("vx_"), "@_");
            defined.insert(open->name);
            open = nullptr;
        }
    }
    if (open != nullptr) throw std::runtime_error("c99.h: vx_" + open->name + " is not closed");
    return out;
}

const std::vector<CHelper>& helpers() {
    static const std::vector<CHelper> h = c_helpers();
    return h;
}

bool has_helper(const std::string& name) {
    for (const CHelper& h : helpers())
        if (h.name == name) return true;
    return false;
}

// The run-time form of variant v as a body over a, b and c: its constants
// (the parameters its body reads), for SIMD the selected operands, then the
// body.
ir::Body function_body(const Variant& v, const Lowered& L) {
    ir::Body f;
    const ir::Body& b = L.body;
    const E a = ir::var("a", Ty::u32), bw = ir::var("b", Ty::u32);
    if (L.simd) {
        const int lanes = lanes_of(v.family->geometry);
        const E m = f.let(Ty::mask, "m", ir::var("@MASK", Ty::mask));
        const E live = f.let(Ty::u32, "live", ir::lane_call(lanes, "mask", {m}));
        f.let(Ty::u32, "A", ir::lane_call(lanes, "select", {a, bw, ir::var("@ASEL", Ty::sel)}) & live);
        f.let(Ty::u32, "B", ir::lane_call(lanes, "select", {a, bw, ir::var("@BSEL", Ty::sel)}) & live);
    } else {
        if (ir::uses(b, "asel")) f.let(Ty::sel, "asel", ir::var("@ASEL", Ty::sel));
        if (ir::uses(b, "bsel")) f.let(Ty::sel, "bsel", ir::var("@BSEL", Ty::sel));
        if (L.x == XParam::dsel && ir::uses(b, "dsel")) f.let(Ty::dsel, "dsel", ir::var("@DSEL", Ty::dsel));
        if (L.x == XParam::neg && ir::uses(b, "neg")) f.let(Ty::neg, "neg", ir::var("@NEG", Ty::neg));
    }
    for (const ir::Let& l : b.lets) f.let(l.ty, l.name, l.value);
    f.ret(b.result);
    return f;
}

std::string function_text(const Variant& v, const Lowered& L) {
    const ir::Body f = function_body(v, L);
    std::string o = "uint32_t @F(uint32_t a, uint32_t b, uint32_t c)\n{\n";
    if (ir::uses(f, "c") == 0) o += "    (void)c;\n";
    return o + ir::c99(f, has_helper) + "}\n";
}

std::string raw(const std::string& s) {
    if (s.find(")c99\"") != std::string::npos) throw std::logic_error("a C99 text holds the raw string's delimiter");
    return "R\"c99(" + s + ")c99\"";
}

}  // namespace

OutputFile emit_explain(const Model& m, const EmitOptions& opt) {
    const std::vector<CHelper>& hs = helpers();
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < hs.size(); ++i) index[hs[i].name] = i;
    if (hs.size() > 128) throw std::logic_error("c99.h has more helpers than ptxv_explain.inc's two words of bits");

    // Each distinct function text, with the helpers it reaches (bit i:
    // hs[i]); per variant, its text.
    struct Text {
        std::string text;
        std::uint64_t helpers[2];
    };
    std::vector<Text> texts;
    std::map<std::string, std::size_t> text_index;
    std::vector<std::size_t> form_text;
    static const std::regex called(R"(@_([a-z0-9_]+)\()");
    for (std::size_t i = 0; i < m.variants.size(); ++i) {
        const std::string t = function_text(m.variants[i], m.lowered[i]);
        const auto [it, fresh] = text_index.emplace(t, texts.size());
        form_text.push_back(it->second);
        if (!fresh) continue;
        Text x{t, {0, 0}};
        std::vector<std::string> todo;
        for (auto k = std::sregex_iterator(t.begin(), t.end(), called); k != std::sregex_iterator(); ++k)
            todo.push_back((*k)[1].str());
        while (!todo.empty()) {
            const std::string name = todo.back();
            todo.pop_back();
            const auto at = index.find(name);
            if (at == index.end())
                throw std::runtime_error(m.lowered[i].name + ": generator/primitives/c99.h has no vx_" + name);
            std::uint64_t& word = x.helpers[at->second / 64];
            const std::uint64_t bit = std::uint64_t{1} << (at->second % 64);
            if (word & bit) continue;
            word |= bit;
            for (const std::string& c : hs[at->second].calls) todo.push_back(c);
        }
        texts.push_back(std::move(x));
    }

    std::ostringstream o;
    o << banner(opt)
      << "//\n"
         "// The C99 form of every variant, for `ptxv explain --c` (runtime/src/tools/explain.cpp):\n"
         "// generator/primitives/c99.h's helpers, in its order (each after those it calls), and\n"
         "// each distinct function text, as lines; per variant, its text and the helpers it reaches. @F is\n"
         "// the function's name, @_ its helpers' prefix (the name and '_'); @ASEL, @BSEL, @DSEL,\n"
         "// @NEG and @MASK are the instruction's selectors, d selector, negations and mask.\n"
         "#pragma once\n\n#include <cstdint>\n\nnamespace ptxv::c99_forms {\n\n";
    o << "inline constexpr int kHelperCount = " << hs.size() << ";\n";
    o << "inline constexpr const char* const kHelpers[kHelperCount] = {\n";
    for (const CHelper& h : hs) o << "    " << raw(h.text) << ",\n";
    o << "};\n\n";
    // The function texts as lines, each distinct line stored once (the
    // texts differ in a few lines each: an eighth of the size).
    std::vector<std::string> text_of;
    for (const Text& x : texts) text_of.push_back(x.text);
    const std::vector<std::size_t> text_start = write_text_lines(o, text_of, "ptxv_explain.inc");
    o << "struct Form {\n    std::uint16_t text;            // where its lines start in kTextLines\n    std::uint64_t helpers[2];  // bit i: kHelpers[i]\n};\n";
    o << "inline constexpr int kFormCount = " << form_text.size() << ";\n";
    o << "inline constexpr Form kForms[kFormCount] = {\n";
    for (std::size_t i = 0; i < form_text.size(); ++i) {
        const Text& x = texts[form_text[i]];
        char buf[96];
        std::snprintf(buf, sizeof buf, "{%zu, {0x%016llxull, 0x%016llxull}}", text_start[form_text[i]],
                      static_cast<unsigned long long>(x.helpers[0]), static_cast<unsigned long long>(x.helpers[1]));
        o << "    " << buf << ",  // " << m.lowered[i].name << "\n";
    }
    o << "};\n\n}  // namespace ptxv::c99_forms\n";
    return {"ptxv_explain.inc", o.str()};
}

}  // namespace ptxv::gen
