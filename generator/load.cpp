// Pass 1 of ptxv-gen: spec/ptxv.yaml -> Spec. The only code that reads YAML.
//
// Strict by design: the spec is edited by hand, and a typo that silently
// dropped a rule would make the generated code and the parser wrong in ways no
// test of the generated code could see. Every problem is reported with the
// file:line:col of the offending node.
#include <yaml-cpp/yaml.h>
#if __has_include(<yaml-cpp/depthguard.h>)
#include <yaml-cpp/depthguard.h>
#define PTXV_YAML_DEPTH_GUARD 1
#endif

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "model.hpp"
#include "operations.hpp"

namespace ptxv::gen {

std::string Loc::str() const {
    return file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

SpecError::SpecError(const Loc& where, const std::string& msg)
    : std::runtime_error(where.str() + ": error: " + msg), loc(where), message(msg) {}

const Reading* Spec::reading(const std::string& id) const {
    for (const auto& r : readings)
        if (r.id == id) return &r;
    return nullptr;
}

namespace {

// A spec larger than this is certainly not a hand-written spec; refusing it
// early keeps the generator's memory and time bounded on hostile input.
constexpr std::size_t kMaxSpecBytes = 4u << 20;
// yaml-cpp recurses per nesting level; the spec needs fewer than 10.
constexpr int kMaxDepth = 64;
// The spec has about 800 nodes. The bound keeps the duplicate checks (linear
// scans) fast on any input, and stops alias bombs: an alias shares its node in
// memory, but every pass walks it once per reference.
constexpr std::size_t kMaxNodes = 20000;

class Loader {
public:
    explicit Loader(std::string file) : file_(std::move(file)) {}

    Spec load(const std::string& text) {
        precheck(text);
        YAML::Node root;
        try {
            root = YAML::Load(text);
#ifdef PTXV_YAML_DEPTH_GUARD
        } catch (const YAML::DeepRecursion& e) {
            // Block nesting ("- - - ...") gets past precheck; yaml-cpp's own
            // guard stops it, with a message ("bad file") that names nothing.
            throw SpecError(at(e.mark), "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
#endif
        } catch (const YAML::Exception& e) {
            throw SpecError(at(e.mark), e.msg);
        }
        if (!root || root.IsNull()) throw SpecError(Loc{file_, 1, 1}, "the spec is empty");
        std::size_t nodes = 0;
        check_depth(root, 0, nodes);
        Spec spec;
        spec.file = file_;
        top(root, spec);
        return spec;
    }

private:
    std::string file_;
    mutable std::set<std::string> used_bundles_;

    Loc at(const YAML::Mark& m) const {
        // yaml-cpp marks are 0-based; an unknown mark is -1.
        return Loc{file_, m.line < 0 ? 1 : m.line + 1, m.column < 0 ? 1 : m.column + 1};
    }
    Loc at(const YAML::Node& n) const { return at(n.Mark()); }

    [[noreturn]] void fail(const YAML::Node& n, const std::string& msg) const { throw SpecError(at(n), msg); }

    // Rejects what yaml-cpp would accept silently or handle badly: oversized
    // input, NUL bytes and invalid UTF-8 (YAML requires valid Unicode).
    void precheck(const std::string& text) const {
        if (text.size() > kMaxSpecBytes)
            throw SpecError(Loc{file_, 1, 1}, "the spec is " + std::to_string(text.size()) +
                                                  " bytes; the limit is " + std::to_string(kMaxSpecBytes));
        int line = 1, col = 1;
        for (std::size_t i = 0; i < text.size();) {
            const auto c = static_cast<unsigned char>(text[i]);
            std::size_t len = 0;
            if (c == 0) throw SpecError(Loc{file_, line, col}, "NUL byte in the spec");
            if (c < 0x80) len = 1;
            else if ((c & 0xe0) == 0xc0 && c >= 0xc2) len = 2;
            else if ((c & 0xf0) == 0xe0) len = 3;
            else if ((c & 0xf8) == 0xf0 && c <= 0xf4) len = 4;
            else throw SpecError(Loc{file_, line, col}, "invalid UTF-8 byte 0x" + hex(c));
            if (i + len > text.size()) throw SpecError(Loc{file_, line, col}, "truncated UTF-8 sequence");
            for (std::size_t k = 1; k < len; ++k)
                if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80)
                    throw SpecError(Loc{file_, line, col}, "invalid UTF-8 sequence");
            // Overlong forms, UTF-16 surrogates and code points past U+10FFFF
            // pass the pattern above but are not UTF-8.
            const auto c1 = len > 1 ? static_cast<unsigned char>(text[i + 1]) : 0;
            if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f) || (c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 > 0x8f))
                throw SpecError(Loc{file_, line, col}, "invalid UTF-8 sequence");
            if (c == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
            i += len;
        }
        // Nesting is bounded before yaml-cpp sees the text: its parser recurses
        // once per flow level, so "[[[[..." alone could exhaust the stack.
        int depth = 0;
        line = 1;
        col = 1;
        for (char ch : text) {
            if (ch == '[' || ch == '{') {
                if (++depth > kMaxDepth)
                    throw SpecError(Loc{file_, line, col}, "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
            } else if ((ch == ']' || ch == '}') && depth > 0) {
                --depth;
            }
            if (ch == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
    }

    static std::string hex(unsigned v) {
        const char* d = "0123456789abcdef";
        return std::string{d[(v >> 4) & 15], d[v & 15]};
    }

    void check_depth(const YAML::Node& n, int depth, std::size_t& nodes) const {
        if (depth > kMaxDepth) fail(n, "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        if (++nodes > kMaxNodes) fail(n, "the spec has more than " + std::to_string(kMaxNodes) + " nodes");
        if (n.IsMap()) {
            for (const auto& kv : n) check_depth(kv.second, depth + 1, nodes);
        } else if (n.IsSequence()) {
            for (const auto& e : n) check_depth(e, depth + 1, nodes);
        }
    }

    // ---- typed accessors ------------------------------------------------

    using Fields = std::map<std::string, YAML::Node>;

    // The keys of a mapping, each at most once, each one of `allowed`, every
    // one of `required` present.
    Fields fields(const YAML::Node& n, const std::string& what, const std::set<std::string>& allowed,
                  const std::set<std::string>& required) const {
        if (!n.IsMap()) fail(n, what + " must be a mapping");
        Fields out;
        for (const auto& kv : n) {
            const YAML::Node& k = kv.first;
            if (!k.IsScalar()) fail(k, what + ": keys must be plain names");
            const std::string key = k.Scalar();
            if (!allowed.count(key)) fail(k, what + ": unknown key '" + key + "'; allowed: " + join(allowed));
            if (out.count(key)) fail(k, what + ": duplicate key '" + key + "'");
            out.emplace(key, kv.second);
        }
        for (const auto& r : required)
            if (!out.count(r)) fail(n, what + ": missing required key '" + r + "'");
        return out;
    }

    static std::string join(const std::set<std::string>& s) {
        std::string r;
        for (const auto& x : s) r += (r.empty() ? "" : ", ") + x;
        return r;
    }

    std::string str(const YAML::Node& n, const std::string& what) const {
        if (!n.IsScalar()) fail(n, what + " must be a string");
        if (n.Scalar().empty()) fail(n, what + " must not be empty");
        // Strings land in generated comments and string literals; a "\n" in a
        // quoted scalar would end a comment and inject a line of code.
        for (char c : n.Scalar())
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                fail(n, what + " must be one line of printable text (control character 0x" +
                            hex(static_cast<unsigned char>(c)) + ")");
        return n.Scalar();
    }

    bool boolean(const YAML::Node& n, const std::string& what) const {
        if (n.IsScalar() && (n.Scalar() == "true" || n.Scalar() == "false")) return n.Scalar() == "true";
        fail(n, what + " must be true or false");
    }

    int integer(const YAML::Node& n, const std::string& what, int lo, int hi) const {
        if (!n.IsScalar()) fail(n, what + " must be an integer");
        const std::string& s = n.Scalar();
        if (s.empty() || s.size() > 6 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
            fail(n, what + " must be an integer, not '" + s + "'");
        const int v = std::stoi(s);
        if (v < lo || v > hi)
            fail(n, what + " is " + s + "; it must be in " + std::to_string(lo) + ".." + std::to_string(hi));
        return v;
    }

    // A 32-bit operand value: 0x and 1-8 hex digits, or a decimal number.
    std::uint32_t word(const YAML::Node& n, const std::string& what) const {
        if (!n.IsScalar()) fail(n, what + " must be a 32-bit value");
        const std::string& s = n.Scalar();
        const auto is_hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
        const auto is_dec = [](char c) { return c >= '0' && c <= '9'; };
        const bool hex_form = s.size() > 2 && s.size() <= 10 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
                              std::all_of(s.begin() + 2, s.end(), is_hex);
        const bool dec_form = !s.empty() && s.size() <= 10 && std::all_of(s.begin(), s.end(), is_dec);
        if (!hex_form && !dec_form) fail(n, what + " must be 0x and 1-8 hex digits or a decimal number, not '" + s + "'");
        const unsigned long long v = std::stoull(s, nullptr, hex_form ? 16 : 10);
        if (v > 0xffffffffull) fail(n, what + " is " + s + "; it must fit 32 bits");
        return static_cast<std::uint32_t>(v);
    }

    const YAML::Node& seq(const YAML::Node& n, const std::string& what) const {
        if (!n.IsSequence()) fail(n, what + " must be a list");
        return n;
    }

    // A list of distinct names, each one of `choices`.
    std::vector<std::string> names(const YAML::Node& n, const std::string& what,
                                   const std::vector<std::string>& choices) const {
        std::vector<std::string> out;
        for (const auto& e : seq(n, what)) {
            const std::string v = str(e, what + " entry");
            if (!choices.empty() && std::find(choices.begin(), choices.end(), v) == choices.end()) {
                std::string c;
                for (const auto& x : choices) c += (c.empty() ? "" : ", ") + x;
                fail(e, what + ": '" + v + "' is not one of " + c);
            }
            if (std::find(out.begin(), out.end(), v) != out.end()) fail(e, what + ": '" + v + "' listed twice");
            out.push_back(v);
        }
        return out;
    }

    template <class E>
    std::vector<E> enums(const YAML::Node& n, const std::string& what,
                         const std::vector<std::pair<const char*, E>>& table) const {
        std::vector<std::string> choices;
        for (const auto& t : table) choices.push_back(t.first);
        std::vector<E> out;
        for (const auto& v : names(n, what, choices))
            for (const auto& t : table)
                if (v == t.first) out.push_back(t.second);
        return out;
    }

    template <class E>
    E one_enum(const YAML::Node& n, const std::string& what, const std::vector<std::pair<const char*, E>>& table) const {
        const std::string v = str(n, what);
        std::string c;
        for (const auto& t : table) {
            if (v == t.first) return t.second;
            c += (c.empty() ? "" : ", ") + std::string(t.first);
        }
        fail(n, what + ": '" + v + "' is not one of " + c);
    }

    // ---- vocabulary ------------------------------------------------------

    // The choices of an enum: every value with a spelling (none has none),
    // from the vocabulary (ptxv/vocabulary.hpp).
    template <class E, std::size_t N>
    static std::vector<std::pair<const char*, E>> choices(const char* const (&names)[N]) {
        std::vector<std::pair<const char*, E>> t;
        for (std::size_t i = 0; i < N; ++i)
            if (names[i][0] != '\0') t.emplace_back(names[i], static_cast<E>(i));
        return t;
    }
    // One list per enum, made once.
    template <class E, std::size_t N>
    static const std::vector<std::pair<const char*, E>>& vocabulary(const char* const (&names)[N]) {
        static const auto t = choices<E>(names);
        return t;
    }

    // ---- sections ----------------------------------------------------------

    void top(const YAML::Node& root, Spec& spec) {
        auto f = fields(root, "spec", {"schema", "ptx_isa", "oracle", "readings", "geometries", "bundles", "families", "manual_examples", "probes",
                                       "cuda_intrinsics"},
                        {"schema", "ptx_isa", "oracle", "readings", "geometries", "families"});
        spec.schema = integer(f["schema"], "schema", 1, 1);
        spec.ptx_isa = str(f["ptx_isa"], "ptx_isa");
        spec.oracle = str(f["oracle"], "oracle");
        for (const auto& r : seq(f["readings"], "readings")) spec.readings.push_back(reading(r, spec));
        for (const auto& g : seq(f["geometries"], "geometries")) spec.geometries.push_back(geometry(g, spec));
        for (const char* g : kGeometryNames)
            if (std::none_of(spec.geometries.begin(), spec.geometries.end(), [&](const GeometryDef& d) { return d.name == g; }))
                fail(f["geometries"], std::string("geometries: '") + g + "' is not defined");

        std::map<std::string, Fields> bundles;
        std::map<std::string, YAML::Node> bundle_names;
        if (f.count("bundles"))
            for (const auto& b : seq(f["bundles"], "bundles")) {
                auto bf = fields(b, "bundle", family_keys(), {"name"});
                const std::string name = str(bf["name"], "bundle name");
                for (auto k : {"use", "opcodes", "section"})
                    if (bf.count(k)) fail(bf[k], "bundle '" + name + "': '" + k + "' belongs to a family, not a bundle");
                if (bundles.count(name)) fail(bf["name"], "duplicate bundle '" + name + "'");
                bundle_names.emplace(name, bf["name"]);
                bf.erase("name");
                bundles.emplace(name, std::move(bf));
            }

        std::set<std::string> opcode_names;
        for (const auto& fam : seq(f["families"], "families")) {
            Family family = this->family(fam, spec, bundles);
            for (const auto& prev : spec.families)
                if (prev.name == family.name) fail(fam, "duplicate family '" + family.name + "'");
            for (const auto& op : family.opcodes)
                if (!opcode_names.insert(op.name).second) throw SpecError(op.loc, "duplicate opcode '" + op.name + "'");
            spec.families.push_back(std::move(family));
        }
        if (spec.families.empty()) fail(f["families"], "families: the spec defines no family");
        // A bundle's values are checked only where a family merges it, so an
        // unused one could hide any typo.
        for (const auto& b : bundle_names)
            if (!used_bundles_.count(b.first)) fail(b.second, "bundle '" + b.first + "' is used by no family");

        if (f.count("manual_examples"))
            for (const auto& e : seq(f["manual_examples"], "manual_examples")) spec.examples.push_back(example(e, spec));
        if (f.count("probes"))
            for (const auto& p : seq(f["probes"], "probes")) spec.probes.push_back(probe(p, spec));
        if (f.count("cuda_intrinsics"))
            for (const auto& n : seq(f["cuda_intrinsics"], "cuda_intrinsics")) {
                Intrinsic in = intrinsic(n);
                for (const auto& prev : spec.intrinsics)
                    if (prev.name == in.name) fail(n, "duplicate intrinsic '" + in.name + "'");
                spec.intrinsics.push_back(std::move(in));
            }
    }

    static bool identifier(const std::string& s) {
        if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
        return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    }

    Intrinsic intrinsic(const YAML::Node& n) const {
        auto f = fields(n, "intrinsic", {"name", "lanes", "args", "form", "a", "b", "c", "post", "doc", "note"},
                        {"name", "lanes", "args", "form", "a", "b", "doc"});
        Intrinsic in;
        in.loc = at(n);
        in.name = str(f["name"], "intrinsic name");
        if (in.name.size() < 3 || in.name.compare(0, 2, "__") != 0 || !identifier(in.name))
            fail(f["name"], "intrinsic name '" + in.name + "' must be CUDA's spelling, an identifier starting with __");
        in.lanes = integer(f["lanes"], "lanes", 1, 4);
        in.lanes_loc = at(f["lanes"]);
        if (in.lanes == 3) fail(f["lanes"], "lanes must be 1, 2 or 4");
        if (in.lanes > 1 && in.name.back() != static_cast<char>('0' + in.lanes))
            fail(f["lanes"], "intrinsic '" + in.name + "' has " + std::to_string(in.lanes) +
                                 " lanes but its name does not end in " + std::to_string(in.lanes));
        for (const auto& a : seq(f["args"], "args")) {
            const std::string text = str(a, "argument");
            const auto space = text.rfind(' ');
            IntrinsicArg arg;
            if (space != std::string::npos) {
                arg.type = text.substr(0, space);
                arg.name = text.substr(space + 1);
            }
            if ((arg.type != "unsigned int" && arg.type != "int") || !identifier(arg.name))
                fail(a, "argument '" + text + "' must be 'unsigned int NAME' or 'int NAME'");
            for (const auto& prev : in.args)
                if (prev.name == arg.name) fail(a, "duplicate argument '" + arg.name + "'");
            in.args.push_back(arg);
        }
        if (in.args.empty() || in.args.size() > 3) fail(f["args"], "an intrinsic takes 1 to 3 arguments");
        in.form = str(f["form"], "form");
        in.form_loc = at(f["form"]);
        std::vector<bool> used(in.args.size(), false);
        const char* const operands[] = {"a", "b", "c"};
        for (int k = 0; k < 3; ++k) {
            if (!f.count(operands[k])) continue;
            const std::string v = str(f[operands[k]], std::string("operand ") + operands[k]);
            if (v != "0") {
                const auto it = std::find_if(in.args.begin(), in.args.end(), [&](const IntrinsicArg& x) { return x.name == v; });
                if (it == in.args.end())
                    fail(f[operands[k]], std::string("operand ") + operands[k] + ": '" + v + "' is neither an argument nor 0");
                in.source[k] = static_cast<int>(it - in.args.begin());
                used[static_cast<std::size_t>(in.source[k])] = true;
            }
        }
        in.has_c = f.count("c") != 0;
        for (std::size_t i = 0; i < used.size(); ++i)
            if (!used[i]) fail(f["args"], "argument '" + in.args[i].name + "' feeds no operand");
        if (f.count("post")) {
            in.post_loc = at(f["post"]);
            const std::string p = str(f["post"], "post");
            const auto* end = std::end(kIntrinsicPostNames);
            const auto* it = std::find_if(std::begin(kIntrinsicPostNames) + 1, end, [&](const char* x) { return p == x; });
            if (it == end) fail(f["post"], "unknown post-step '" + p + "'; allowed: lanes_to_mask, round_down");
            in.post = static_cast<IntrinsicPost>(it - std::begin(kIntrinsicPostNames));
        }
        in.doc = str(f["doc"], "doc");
        if (f.count("note")) in.note = str(f["note"], "note");
        return in;
    }

    Reading reading(const YAML::Node& n, const Spec& spec) const {
        auto f = fields(n, "reading", {"id", "title", "verified_by"}, {"id", "title", "verified_by"});
        Reading r;
        r.loc = at(n);
        r.id = str(f["id"], "reading id");
        if (r.id.size() < 2 || r.id[0] != 'R' ||
            !std::all_of(r.id.begin() + 1, r.id.end(), [](char c) { return c >= '0' && c <= '9'; }))
            fail(f["id"], "reading id '" + r.id + "' must be R followed by a number");
        if (spec.reading(r.id)) fail(f["id"], "duplicate reading '" + r.id + "'");
        r.title = str(f["title"], "reading title");
        r.verified_by = str(f["verified_by"], "verified_by");
        const std::string& v = r.verified_by;
        const bool hw = v.rfind("hardware (sm_", 0) == 0 && v.size() > 14 && v.back() == ')' &&
                        std::all_of(v.begin() + 13, v.end() - 1, [](char c) { return (c >= '0' && c <= '9') || c == 'a'; });
        if (!(v == "text" || v == "ptxas" || v == "unverified" || hw))
            fail(f["verified_by"], "verified_by '" + v + "' must be text, ptxas, unverified or 'hardware (sm_NN)'");
        return r;
    }

    Probe probe(const YAML::Node& n, const Spec& spec) const {
        auto f = fields(n, "probe", {"reading", "variant", "a", "b", "c", "d"}, {"reading", "variant", "a", "b", "d"});
        Probe p;
        p.loc = at(n);
        p.reading = str(f["reading"], "probe reading");
        if (!spec.reading(p.reading)) fail(f["reading"], "unknown reading '" + p.reading + "'");
        p.variant = str(f["variant"], "probe variant");
        p.variant_loc = at(f["variant"]);
        p.a = word(f["a"], "probe a");
        p.b = word(f["b"], "probe b");
        p.has_c = f.count("c") != 0;
        if (p.has_c) {
            p.c = word(f["c"], "probe c");
            p.c_loc = at(f["c"]);
        }
        p.d = word(f["d"], "probe d");
        return p;
    }

    GeometryDef geometry(const YAML::Node& n, const Spec& spec) const {
        auto f = fields(n, "geometry",
                        {"name", "lanes", "lane_bits", "selector_prefix", "masks", "default_mask", "default_asel", "default_bsel"},
                        {"name", "lanes", "lane_bits"});
        GeometryDef g;
        g.loc = at(n);
        g.name = str(f["name"], "geometry name");
        g.geometry = one_enum(f["name"], "geometry name", vocabulary<Geometry>(kGeometryNames));
        for (const auto& prev : spec.geometries)
            if (prev.name == g.name) fail(f["name"], "duplicate geometry '" + g.name + "'");
        g.lanes = integer(f["lanes"], "lanes", 1, 4);
        g.lane_bits = integer(f["lane_bits"], "lane_bits", 8, 32);
        if (g.lanes != lanes_of(g.geometry) || g.lane_bits != lane_bits(g.geometry))
            fail(n, "geometry '" + g.name + "' has " + std::to_string(lanes_of(g.geometry)) + " lanes of " +
                        std::to_string(lane_bits(g.geometry)) + " bits");
        const bool simd = g.geometry != Geometry::scalar;
        for (auto k : {"selector_prefix", "masks", "default_mask", "default_asel", "default_bsel"}) {
            if (simd && !f.count(k)) fail(n, "geometry '" + g.name + "': missing required key '" + k + "'");
            if (!simd && f.count(k)) fail(f[k], "geometry '" + g.name + "': a scalar geometry has no '" + k + "'");
        }
        if (!simd) return g;
        const std::string prefix = str(f["selector_prefix"], "selector_prefix");
        const char want = g.geometry == Geometry::half ? 'h' : 'b';
        if (prefix.size() != 1 || prefix[0] != want)
            fail(f["selector_prefix"], "selector_prefix of '" + g.name + "' must be '" + std::string(1, want) + "'");
        g.selector_prefix = want;
        // A mask names lanes: each digit < lanes, no digit twice.
        auto check_mask = [&](const YAML::Node& node, const std::string& m) {
            if (m.size() < 2 || m[0] != want || m.size() > static_cast<std::size_t>(g.lanes) + 1)
                fail(node, "mask '" + m + "' must be '" + std::string(1, want) + "' and 1 to " +
                               std::to_string(g.lanes) + " lane digits");
            std::set<char> seen;
            for (std::size_t i = 1; i < m.size(); ++i) {
                if (m[i] < '0' || m[i] >= '0' + g.lanes)
                    fail(node, "mask '" + m + "': lane digit '" + std::string(1, m[i]) + "' out of range 0.." +
                                   std::to_string(g.lanes - 1));
                if (!seen.insert(m[i]).second) fail(node, "mask '" + m + "' names a lane twice");
            }
        };
        g.masks = names(f["masks"], "masks", {});
        std::size_t i = 0;
        for (const auto& e : f["masks"]) check_mask(e, g.masks[i++]);
        g.default_mask = str(f["default_mask"], "default_mask");
        if (std::find(g.masks.begin(), g.masks.end(), g.default_mask) == g.masks.end())
            fail(f["default_mask"], "default_mask '" + g.default_mask + "' is not one of the masks");
        // A selector has one element digit per lane, each < 2*lanes (R2).
        auto selector = [&](const char* key) {
            const std::string s = str(f[key], key);
            if (s.size() != static_cast<std::size_t>(g.lanes) + 1 || s[0] != want)
                fail(f[key], std::string(key) + " '" + s + "' must be '" + std::string(1, want) + "' and " +
                                 std::to_string(g.lanes) + " digits");
            for (std::size_t k = 1; k < s.size(); ++k)
                if (s[k] < '0' || s[k] >= '0' + 2 * g.lanes)
                    fail(f[key], std::string(key) + " '" + s + "': digit '" + std::string(1, s[k]) + "' out of range 0.." +
                                     std::to_string(2 * g.lanes - 1));
            return s;
        };
        g.default_asel = selector("default_asel");
        g.default_bsel = selector("default_bsel");
        return g;
    }

    static std::set<std::string> family_keys() {
        return {"name",       "section",          "use",          "geometry",       "opcodes",
                "types",      "sat",              "po",           "op2",            "cmp",
                "mode",       "scale",            "negation",     "negation_po",    "source_selectors",
                "dest_selectors", "ignored_dest_selectors", "ignored_c_selectors", "immediates", "c_operand", "exclusive",
                "order",      "readings"};
    }

    Family family(const YAML::Node& n, const Spec& spec, const std::map<std::string, Fields>& bundles) const {
        auto own = fields(n, "family", family_keys(), {"name", "section", "opcodes"});
        Family fam;
        fam.loc = at(n);
        fam.name = str(own["name"], "family name");
        const std::string ctx = "family '" + fam.name + "'";
        fam.section = str(own["section"], ctx + " section");

        // Merge bundles, then the family's own keys; nothing may be set twice,
        // so a family never silently overrides a shared rule.
        Fields f;
        std::map<std::string, std::string> origin;
        if (own.count("use"))
            for (const auto& u : seq(own["use"], ctx + " use")) {
                const std::string b = str(u, ctx + " use entry");
                auto it = bundles.find(b);
                if (it == bundles.end()) fail(u, ctx + ": unknown bundle '" + b + "'");
                used_bundles_.insert(b);
                for (const auto& kv : it->second) {
                    if (f.count(kv.first))
                        fail(u, ctx + ": bundle '" + b + "' sets '" + kv.first + "', already set by " + origin[kv.first]);
                    f.emplace(kv.first, kv.second);
                    origin[kv.first] = "bundle '" + b + "'";
                }
            }
        for (const auto& kv : own) {
            if (kv.first == "use" || kv.first == "name" || kv.first == "section") continue;
            if (f.count(kv.first)) fail(kv.second, ctx + ": '" + kv.first + "' is already set by " + origin[kv.first]);
            f.emplace(kv.first, kv.second);
        }
        for (auto k : {"geometry", "types", "immediates", "c_operand", "order", "readings"})
            if (!f.count(k)) fail(n, ctx + ": missing required key '" + std::string(k) + "' (directly or through a bundle)");

        const std::string gname = str(f["geometry"], ctx + " geometry");
        for (const auto& g : spec.geometries)
            if (g.name == gname) fam.geometry_def = &g;
        if (!fam.geometry_def) fail(f["geometry"], ctx + ": unknown geometry '" + gname + "'");
        fam.geometry = fam.geometry_def->geometry;
        const bool simd = fam.geometry != Geometry::scalar;

        for (const auto& o : seq(f["opcodes"], ctx + " opcodes")) {
            auto of = fields(o, "opcode", {"name", "operation"}, {"name", "operation"});
            OpcodeDef op;
            op.loc = at(o);
            op.name = str(of["name"], "opcode name");
            if (!std::all_of(op.name.begin(), op.name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }) ||
                op.name[0] < 'a' || op.name[0] > 'z')
                fail(of["name"], "opcode name '" + op.name + "' must be lower-case letters and digits");
            op.operation = one_enum(of["operation"], "operation", vocabulary<Operation>(kOperationNames));
            for (const auto& prev : fam.opcodes)
                if (prev.name == op.name) fail(o, "duplicate opcode '" + op.name + "'");
            fam.opcodes.push_back(op);
        }
        if (fam.opcodes.empty()) fail(f["opcodes"], ctx + ": no opcodes");

        auto tf = fields(f["types"], ctx + " types", {"dtype", "atype", "btype"}, {"atype", "btype"});
        if (tf.count("dtype")) fam.dtypes = enums(tf["dtype"], "dtype", vocabulary<Type>(kTypeNames));
        fam.atypes = enums(tf["atype"], "atype", vocabulary<Type>(kTypeNames));
        fam.btypes = enums(tf["btype"], "btype", vocabulary<Type>(kTypeNames));
        for (const auto& kv : tf)
            if (enums(kv.second, kv.first, vocabulary<Type>(kTypeNames)).empty()) fail(kv.second, ctx + ": " + kv.first + " lists no type");

        if (f.count("sat")) fam.sat = boolean(f["sat"], "sat");
        if (f.count("po")) fam.po = boolean(f["po"], "po");
        if (f.count("op2")) fam.op2 = enums(f["op2"], "op2", vocabulary<Op2>(kOp2Names));
        if (f.count("cmp")) fam.cmp = enums(f["cmp"], "cmp", vocabulary<Cmp>(kCmpNames));
        if (f.count("mode")) fam.mode = enums(f["mode"], "mode", vocabulary<Mode>(kModeNames));
        if (f.count("scale")) fam.scale = enums(f["scale"], "scale", vocabulary<Scale>(kScaleNames));
        auto negsets = [&](const YAML::Node& list, const std::string& what) {
            std::vector<std::uint8_t> out;
            for (const auto& s : seq(list, what)) {
                std::uint8_t bits = 0;
                for (const auto& x : names(s, what + " set", {"a", "b", "c"}))
                    bits |= static_cast<std::uint8_t>(x == "a" ? 1 : x == "b" ? 2 : 4);
                if (std::find(out.begin(), out.end(), bits) != out.end()) fail(s, what + ": set listed twice");
                out.push_back(bits);
            }
            if (!out.empty() && std::find(out.begin(), out.end(), 0) == out.end())
                fail(list, what + ": must include [] (no negation)");
            return out;
        };
        if (f.count("negation")) fam.negation = negsets(f["negation"], ctx + " negation");
        if (f.count("negation_po")) fam.negation_po = negsets(f["negation_po"], ctx + " negation_po");
        if (f.count("source_selectors")) fam.source_selectors = enums(f["source_selectors"], "source_selectors", vocabulary<Sel>(kSelNames));
        if (f.count("dest_selectors")) fam.dest_selectors = enums(f["dest_selectors"], "dest_selectors", vocabulary<Sel>(kSelNames));
        if (f.count("ignored_dest_selectors"))
            fam.ignored_dest_selectors = enums(f["ignored_dest_selectors"], "ignored_dest_selectors", vocabulary<Sel>(kSelNames));
        if (f.count("ignored_c_selectors"))
            fam.ignored_c_selectors = enums(f["ignored_c_selectors"], "ignored_c_selectors", vocabulary<Sel>(kSelNames));
        fam.immediates = boolean(f["immediates"], "immediates");
        fam.c_operand = one_enum<spec::COperand>(f["c_operand"], "c_operand",
                                                 {{"with_op2_or_dsel", spec::COperand::with_op2_or_dsel},
                                                  {"required", spec::COperand::required}});
        if (f.count("exclusive"))
            for (const auto& pair : seq(f["exclusive"], ctx + " exclusive")) {
                auto p = names(pair, "exclusive pair", {"sat", "op2", "dsel"});
                if (p.size() != 2) fail(pair, "exclusive: each entry is a pair of two distinct parts");
                std::sort(p.begin(), p.end());
                if (p == std::vector<std::string>{"op2", "sat"}) fam.exclusive_sat_op2 = true;
                else if (p == std::vector<std::string>{"dsel", "op2"}) fam.exclusive_op2_dsel = true;
                else fail(pair, "exclusive: only [sat, op2] and [op2, dsel] are rules the parser knows");
            }
        fam.order = names(f["order"], ctx + " order", {"sat", "op2", "cmp", "mode", "po", "scale"});
        fam.readings = names(f["readings"], ctx + " readings", {});
        for (const auto& r : f["readings"])
            if (!spec.reading(r.Scalar())) fail(r, ctx + ": unknown reading '" + r.Scalar() + "'");

        // Cross-key rules: a spec that contradicts itself is rejected here,
        // not discovered later as odd generated code.
        auto need = [&](bool ok, const char* key, const std::string& why) {
            if (!ok) fail(f.count(key) ? f[key] : n, ctx + ": " + why);
        };
        for (const auto& op : fam.opcodes) {
            const OperationRow& r = row(op.operation);
            const bool set = r.compares, shift = r.shifts, mad = r.mad;
            need(set == !fam.cmp.empty(), "cmp", "opcode '" + op.name + "': a .cmp list belongs exactly to set operations");
            need(shift == !fam.mode.empty(), "mode", "opcode '" + op.name + "': a .mode list belongs exactly to shift operations");
            need(!set || fam.dtypes.empty(), "types", "opcode '" + op.name + "': a set operation has no dtype (R14)");
            need(set || !fam.dtypes.empty(), "types", "opcode '" + op.name + "': needs a dtype");
            need(!set || !fam.sat, "sat", "opcode '" + op.name + "': a set operation cannot saturate (R14)");
            need(mad || (!fam.po && fam.scale.empty() && fam.negation.empty()), "po",
                 "opcode '" + op.name + "': .po, .scale and negation belong to mad");
            need(!mad || fam.op2.empty(), "op2", "opcode '" + op.name + "': mad takes no secondary operation");
            need(r.lower_scalar || simd, "geometry", "opcode '" + op.name + "': " + spelling(op.operation) + " exists only for SIMD geometries");
            need(r.swar || !simd, "geometry", "opcode '" + op.name + "': " + spelling(op.operation) + " is scalar only");
        }
        need(fam.po || fam.negation_po.empty(), "negation_po", "negation_po without po");
        need(!fam.po || !fam.negation_po.empty() || fam.negation.empty(), "negation_po",
             "a family with po and negation must say which negations .po allows");
        if (simd) {
            for (auto k : {"source_selectors", "dest_selectors", "ignored_dest_selectors", "ignored_c_selectors"})
                need(!f.count(k), k, std::string("a SIMD family takes its selectors from its geometry, not '") + k + "'");
            need(!fam.immediates, "immediates", "SIMD sources cannot be immediates (R15)");
            need(fam.c_operand == spec::COperand::required, "c_operand", "SIMD forms always take c (R15)");
            need(fam.op2.empty() || (fam.op2.size() == 1 && fam.op2[0] == Op2::add), "op2",
                 "the only SIMD secondary operation is add (R15)");
            need(!fam.exclusive_op2_dsel, "exclusive", "SIMD forms have no d selector");
        } else {
            need(!fam.source_selectors.empty(), "source_selectors", "a scalar family needs source_selectors");
            for (Sel s : fam.source_selectors)
                need(s != Sel::b01 && s != Sel::b12 && s != Sel::b23, "source_selectors",
                     "b01/b12/b23 are not source selectors (ptxas rejects them)");
            for (Sel s : fam.ignored_c_selectors)
                need(s == Sel::b01 || s == Sel::b12 || s == Sel::b23, "ignored_c_selectors",
                     std::string("'") + spelling(s) + "' on c is rejected by ptxas; only b01/b12/b23 are ignored there");
            for (Sel s : fam.dest_selectors) {
                need(std::find(fam.ignored_dest_selectors.begin(), fam.ignored_dest_selectors.end(), s) ==
                         fam.ignored_dest_selectors.end(),
                     "ignored_dest_selectors", std::string("d selector '") + spelling(s) + "' is both merged and ignored");
                need(s != Sel::b01 && s != Sel::b12 && s != Sel::b23, "dest_selectors",
                     "b01/b12/b23 cannot merge; list them as ignored_dest_selectors");
            }
            need(fam.c_operand == spec::COperand::required || !fam.op2.empty() || !fam.dest_selectors.empty(), "c_operand",
                 "c_operand with_op2_or_dsel needs an op2 or a dest selector");
        }
        // [sat, op2] may come from a bundle shared with families without .sat
        // (vset2/vset4); it still needs an op2 to be about anything.
        need(!fam.exclusive_sat_op2 || !fam.op2.empty(), "exclusive",
             "exclusive [sat, op2] in a family without op2");
        need(!fam.exclusive_op2_dsel || (!fam.op2.empty() && !fam.dest_selectors.empty()), "exclusive",
             "exclusive [op2, dsel] names a part the family does not have");
        // order lists exactly the modifiers the family has.
        std::set<std::string> present;
        if (fam.sat) present.insert("sat");
        if (!fam.op2.empty()) present.insert("op2");
        if (!fam.cmp.empty()) present.insert("cmp");
        if (!fam.mode.empty()) present.insert("mode");
        if (fam.po) present.insert("po");
        if (!fam.scale.empty()) present.insert("scale");
        const std::set<std::string> listed(fam.order.begin(), fam.order.end());
        need(listed == present, "order", "order must list exactly the modifiers the family has: " + join(present));
        return fam;
    }

    Example example(const YAML::Node& n, const Spec& spec) const {
        auto f = fields(n, "manual example", {"text", "valid", "reading"}, {"text", "valid"});
        Example e;
        e.loc = at(n);
        e.text = str(f["text"], "example text");
        e.valid = boolean(f["valid"], "valid");
        if (f.count("reading")) {
            e.reading = str(f["reading"], "reading");
            if (!spec.reading(e.reading)) fail(f["reading"], "unknown reading '" + e.reading + "'");
        }
        if (!e.valid && e.reading.empty()) fail(n, "an invalid example must name the reading that says why");
        return e;
    }
};

}  // namespace

Spec load_spec_text(const std::string& text, const std::string& display_name) { return Loader(display_name).load(text); }

Spec load_spec_file(const std::string& path, const std::string& display_name) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw SpecError(Loc{display_name, 1, 1}, "cannot open the spec file");
    // Read at most one byte past the limit so a huge file is not slurped.
    std::string text;
    text.resize(kMaxSpecBytes + 1);
    in.read(&text[0], static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxSpecBytes) {
        // Name the file's size, not the limit+1 bytes read; a pipe has none.
        in.clear();
        in.seekg(0, std::ios::end);
        const auto size = static_cast<long long>(in.tellg());
        throw SpecError(Loc{display_name, 1, 1},
                        "the spec is " + (size > 0 ? std::to_string(size) : "more than " + std::to_string(kMaxSpecBytes)) +
                            " bytes; the limit is " + std::to_string(kMaxSpecBytes));
    }
    return load_spec_text(text, display_name);
}


namespace {
// Probes name variants, which exist only once the families are expanded.
void check_probes(const Spec& spec, const std::vector<Variant>& variants) {
    for (const auto& p : spec.probes) {
        const auto v = std::find_if(variants.begin(), variants.end(), [&](const Variant& x) { return x.ptx() == p.variant; });
        if (v == variants.end()) throw SpecError(p.variant_loc, "probe: '" + p.variant + "' is not a variant of this spec");
        if (p.has_c != takes_c(*v))
            throw SpecError(p.has_c ? p.c_loc : p.loc,
                            "probe: " + p.variant + (p.has_c ? " takes no c in its default form" : " takes c: give the probe's c"));
    }
}

// Intrinsics name variants too; and each lane width of a SIMD intrinsic comes
// with the other, as CUDA declares them.
std::vector<std::size_t> check_intrinsics(const Spec& spec, const std::vector<Variant>& variants) {
    std::vector<std::size_t> out;
    for (const auto& in : spec.intrinsics) {
        const auto v = std::find_if(variants.begin(), variants.end(), [&](const Variant& x) { return x.ptx() == in.form; });
        if (v == variants.end())
            throw SpecError(in.form_loc, "intrinsic " + in.name + ": '" + in.form +
                                             "' is not a variant of this spec (a form ptxas rejects, or misspelt)");
        const int lanes = lanes_of(v->family->geometry);
        if (lanes != in.lanes)
            throw SpecError(in.lanes_loc, "intrinsic " + in.name + ": lanes " + std::to_string(in.lanes) + ", but " + in.form +
                                              " has " + std::to_string(lanes));
        if (in.has_c != takes_c(*v))
            throw SpecError(in.loc, "intrinsic " + in.name + ": " + in.form +
                                        (in.has_c ? " takes no c: remove 'c'" : " takes c: say what feeds it ('c: 0' or an argument)"));
        const bool folds_post = folds(v->opcode->operation, in.post);
        if (in.post == IntrinsicPost::lanes_to_mask && (!folds_post || in.lanes == 1 || v->op2 != Op2::none))
            throw SpecError(in.post_loc, "intrinsic " + in.name +
                                             ": lanes_to_mask needs a SIMD vset form without .add (lanes of 0 or 1)");
        if (in.post == IntrinsicPost::round_down &&
            (!folds_post || v->sat || v->op2 != Op2::none || v->dtype != Type::u32 || v->atype != Type::u32 ||
             v->btype != Type::u32))
            throw SpecError(in.post_loc, "intrinsic " + in.name +
                                             ": round_down needs an unsigned vavrg2/vavrg4 form without .sat or .add");
        if (in.lanes > 1) {
            std::string sibling = in.name;
            sibling.back() = in.lanes == 2 ? '4' : '2';
            if (std::none_of(spec.intrinsics.begin(), spec.intrinsics.end(), [&](const Intrinsic& x) { return x.name == sibling; }))
                throw SpecError(in.loc, "intrinsic " + in.name + " has no " + sibling +
                                            ": CUDA declares every SIMD intrinsic for both lane widths");
        }
        out.push_back(static_cast<std::size_t>(v - variants.begin()));
    }
    return out;
}

}  // namespace

std::vector<std::size_t> resolve(const Spec& spec, const std::vector<Variant>& variants) {
    check_probes(spec, variants);
    return check_intrinsics(spec, variants);
}

namespace {
std::unique_ptr<const Program> program_of(Spec spec) {
    auto p = std::make_unique<Program>();
    p->spec = std::move(spec);
    p->variants = expand(p->spec);
    p->intrinsic_variants = resolve(p->spec, p->variants);
    return p;
}
}  // namespace

std::unique_ptr<const Program> load_program_text(const std::string& text, const std::string& display_name) {
    return program_of(load_spec_text(text, display_name));
}

std::unique_ptr<const Program> load_program_file(const std::string& path, const std::string& display_name) {
    return program_of(load_spec_file(path, display_name));
}

}  // namespace ptxv::gen
