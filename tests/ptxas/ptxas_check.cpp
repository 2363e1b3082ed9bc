// ptxv_ptxas_check: ptxas is the oracle for which forms are valid (R15), so
// the parser is checked against it on random forms drawn from the decode
// tables: about half valid, half near misses that break exactly one rule.
//
//   ptxv_ptxas_check --ptxas PATH --forms N --seed S [--keep DIR] [--jobs J]
//   ptxv_ptxas_check --skip REASON      prints "SKIPPED: REASON", exits 77
//
// Exit status: 0 full agreement, 1 any disagreement, 2 usage or ptxas
// failure, 77 skipped.

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "ptxv/instr.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/random.hpp"
#include "ptxv/random_form.hpp"
#include "ptxv/spec_tables.hpp"
#include "ptxv_tables.hpp"

extern char** environ;

namespace {

using ptxv::Geometry;
using ptxv::spec::COperand;
using ptxv::spec::kOpcodes;
using ptxv::spec::kVariantCount;
using ptxv::spec::kVariants;
using ptxv::spec::OpcodeInfo;

// The vocabulary's spellings are instr.hpp's (ptxv::kSelNames, ...): the
// table bit masks turn back into text through them.
using ptxv::kCmpNames;
using ptxv::kModeNames;
using ptxv::kOp2Names;
using ptxv::kScaleNames;
using ptxv::kSelNames;
using ptxv::kTypeNames;

// R17: the one form ptxv accepts on purpose although ptxas rejects it. The
// generator never writes it; it is checked separately.
constexpr const char* kReservedSelector = "b1024";

// The project's generator (ptxv/random.hpp), so the form list is the same for
// a seed on every platform, with the draws this test makes.
class Rng : public ptxv::SplitMix64 {
public:
    using ptxv::SplitMix64::SplitMix64;
    std::size_t below(std::size_t n) { return n == 0 ? 0 : SplitMix64::below(static_cast<std::uint32_t>(n)); }
    template <class T>
    const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
    }
};

template <std::size_t N>
std::vector<std::string> names_of(const char* const (&names)[N], std::uint32_t bits) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < N; ++i) {
        if ((bits >> i & 1u) != 0 && names[i][0] != '\0') out.emplace_back(names[i]);
    }
    return out;
}

template <std::size_t N>
bool is_one_of(const char* const (&names)[N], const std::string& w) {
    for (const char* n : names) {
        if (n[0] != '\0' && w == n) return true;
    }
    return false;
}

std::vector<std::string> split_words(const char* list, char sep) {
    std::vector<std::string> out;
    std::string cur;
    for (const char* p = list; *p != '\0'; ++p) {
        if (*p == sep) {
            if (!cur.empty()) out.push_back(cur);
            cur.clear();
        } else {
            cur += *p;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

// ---------------------------------------------------------------------------
// A form as written: kept as parts so that a near miss can change one part.

struct Opnd {
    bool neg = false;
    bool imm = false;
    std::string text;  // register name or literal
    std::string sel;   // without the '.'
};

struct Form {
    int opcode = 0;
    int variant = 0;
    std::string guard;              // "@p1 ", "@!p0 " or ""
    std::vector<std::string> mods;  // types and modifiers in written order
    std::vector<Opnd> ops;          // d, a, b[, c]
    bool loose = false;             // whitespace wherever PTX allows it
    bool intended_valid = true;
    std::string rule;  // the rule a near miss breaks
};

enum { D = 0, A = 1, B = 2, C = 3 };

std::string render(const Form& f) {
    const std::string dot = f.loose ? " ." : ".";
    std::string s = f.guard + kOpcodes[f.opcode].name;
    for (const std::string& m : f.mods) s += dot + m;
    s += f.loose ? "\t" : " ";
    for (std::size_t i = 0; i < f.ops.size(); ++i) {
        const Opnd& o = f.ops[i];
        if (i != 0) s += f.loose ? " ,\t" : ", ";
        if (o.neg) s += f.loose ? "- " : "-";
        s += o.text;
        // "5 .b0" would read as a float literal's tail, so an immediate's
        // selector stays attached.
        if (!o.sel.empty()) s += (o.imm ? "." : dot) + o.sel;
    }
    return s + (f.loose ? " ;" : ";");
}

bool is_type(const std::string& m) { return is_one_of(kTypeNames, m); }
bool is_op2(const std::string& m) { return is_one_of(kOp2Names, m); }

bool has_mod(const Form& f, const std::string& m) {
    return std::find(f.mods.begin(), f.mods.end(), m) != f.mods.end();
}
template <class Pred>
void drop_mods(Form& f, Pred p) {
    f.mods.erase(std::remove_if(f.mods.begin(), f.mods.end(), p), f.mods.end());
}
// Modifier order is free (ptxas-validity.md), so anywhere is as good as the end.
void insert_mod(Form& f, const std::string& m, Rng& r) {
    f.mods.insert(f.mods.begin() + static_cast<std::ptrdiff_t>(r.below(f.mods.size() + 1)), m);
}
bool has_op2(const Form& f) { return std::any_of(f.mods.begin(), f.mods.end(), is_op2); }

std::string reg(Rng& r) { return "r" + std::to_string(r.below(16)); }

void make_reg(Opnd& o, Rng& r) {
    if (o.imm) {
        o.imm = false;
        o.text = reg(r);
    }
}

std::string hex(std::uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// Integer literals in every spelling PTX has, some wider than 32 bits (ptxas
// truncates those, as for add.s32). Nothing wider than 64 bits: ptxas's
// overflow check is erratic there.
std::string immediate(Rng& r) {
    switch (r.below(8)) {
        case 0: return std::to_string(r.below(101));
        case 1: return "-" + std::to_string(1 + r.below(1000));
        case 2: return hex(r.next() & 0xffffffffu);
        case 3: return hex(r.next());
        case 4: return std::to_string(r.next());
        case 5: return std::to_string(r.below(1000)) + "U";
        case 6: {
            std::string s = "0";
            for (std::size_t n = 1 + r.below(6); n > 0; --n) s += static_cast<char>('0' + r.below(8));
            return s;
        }
        default: {
            std::string s = "0b1";
            for (std::size_t n = r.below(12); n > 0; --n) s += static_cast<char>('0' + r.below(2));
            return s;
        }
    }
}

int lanes(const OpcodeInfo& info) { return ptxv::lanes_of(info.geometry); }
bool scalar(const OpcodeInfo& info) { return info.geometry == Geometry::scalar; }

std::string digits(Rng& r, int count, int lo, int hi) {
    std::string s;
    for (int i = 0; i < count; ++i) s += static_cast<char>('0' + lo + static_cast<int>(r.below(static_cast<std::size_t>(hi - lo + 1))));
    return s;
}

std::string simd_source_sel(const OpcodeInfo& info, Rng& r) {
    for (;;) {
        const std::string s = std::string(1, info.selector_prefix) + digits(r, lanes(info), 0, 2 * lanes(info) - 1);
        if (s != kReservedSelector) return s;
    }
}

// ---------------------------------------------------------------------------
// Valid forms: the parts are ptxv::random_form's (the runtime's one draw of
// valid forms, from the tables); what is added here is every way PTX lets
// them be written, which is what ptxas and the parser must agree on:
// modifiers in any order and .sat repeated (R16), a predicate guard, loose
// whitespace, any registers, default masks and selectors written out, and
// immediates in every literal syntax.

// The SIMD mask or selector as written, without the '.'; "" when it is the
// default and left out.
std::string simd_mask(const OpcodeInfo& info, std::uint8_t mask, Rng& r) {
    if (mask == info.default_mask && r.chance(3, 4)) return "";
    std::string s(1, info.selector_prefix);
    for (int i = lanes(info) - 1; i >= 0; --i) {
        if ((mask >> i & 1u) != 0) s += static_cast<char>('0' + i);
    }
    return s;
}

std::string simd_sel(const OpcodeInfo& info, const std::array<std::uint8_t, 4>& sel,
                     const std::array<std::uint8_t, 4>& def, Rng& r) {
    std::string s(1, info.selector_prefix), d = s;
    for (std::size_t i = static_cast<std::size_t>(lanes(info)); i-- > 0;) {
        s += static_cast<char>('0' + sel[i]);
        d += static_cast<char>('0' + def[i]);
    }
    return s == d && r.chance(3, 4) ? "" : s;
}

Form spell(int vi, const ptxv::Instr& in, Rng& r) {
    Form f;
    f.variant = vi;
    f.opcode = kVariants[vi].opcode;
    const OpcodeInfo& info = kOpcodes[f.opcode];
    std::vector<std::string> words = split_words(kVariants[vi].ptx, '.');
    std::vector<std::string> types, others;
    for (std::size_t i = 1; i < words.size(); ++i) (is_type(words[i]) ? types : others).push_back(words[i]);
    if (info.sat && std::find(others.begin(), others.end(), "sat") != others.end() && r.chance(1, 4)) {
        others.push_back("sat");  // R16
    }
    if (r.chance(1, 2)) {
        f.mods = types;
        f.mods.insert(f.mods.end(), others.begin(), others.end());
    } else {
        // Free order, but the types keep theirs: it says which is which.
        r.shuffle(others);
        std::size_t t = 0, o = 0;
        while (t < types.size() || o < others.size()) {
            const bool take_type = o == others.size() || (t < types.size() && r.chance(1, 2));
            f.mods.push_back(take_type ? types[t++] : others[o++]);
        }
    }
    if (r.chance(1, 4)) f.guard = std::string(r.chance(1, 2) ? "@!p" : "@p") + std::to_string(r.below(4)) + " ";
    f.loose = r.chance(1, 8);

    const ptxv::Operand* src[3] = {&in.a, &in.b, &in.c};
    f.ops.resize(in.has_c ? 4 : 3);
    for (std::size_t i = 0; i < f.ops.size(); ++i) {
        Opnd& o = f.ops[i];
        if (i != D && src[i - 1]->kind == ptxv::Operand::Kind::imm) {
            o = Opnd{false, true, immediate(r), ""};
            continue;
        }
        o.text = reg(r);
        o.neg = i != D && src[i - 1]->neg;
    }
    auto sel_name = [](ptxv::Sel s) { return std::string(kSelNames[static_cast<int>(s)]); };
    if (scalar(info)) {
        f.ops[D].sel = sel_name(in.dsel);
        if (!f.ops[A].imm) f.ops[A].sel = sel_name(in.asel);
        if (!f.ops[B].imm) f.ops[B].sel = sel_name(in.bsel);
        if (in.has_c && !f.ops[C].imm) f.ops[C].sel = sel_name(in.csel);
    } else {
        f.ops[D].sel = simd_mask(info, in.mask, r);
        f.ops[A].sel = simd_sel(info, in.simd_asel, info.default_asel, r);
        f.ops[B].sel = simd_sel(info, in.simd_bsel, info.default_bsel, r);
    }
    return f;
}

Form make_valid(int vi, Rng& r) {
    for (;;) {
        Form f = spell(vi, ptxv::random_form(vi, r), r);
        // R17's selector is checked on its own, not as a valid form.
        if (render(f).find(kReservedSelector) == std::string::npos) return f;
    }
}

// ---------------------------------------------------------------------------
// Near misses: each breaks exactly one rule of the form it starts from.
// A mutation returns false where its rule does not apply to the opcode.

struct Mutation {
    const char* name;
    unsigned weight;
    std::function<bool(Form&, const OpcodeInfo&, Rng&)> apply;
};

// A c operand that is present and a plain register, for rules about c.
void ensure_c(Form& f, Rng& r) {
    if (f.ops.size() <= C) f.ops.push_back(Opnd{false, false, reg(r), ""});
}

// The merge selector is exclusive with .op2 on scalar forms; a mutation that
// adds .op2 removes a merge d selector so that only its own rule is broken.
void clear_merge(Form& f, const OpcodeInfo& info) {
    if (!scalar(info) || f.ops[D].sel.empty()) return;
    for (const std::string& s : names_of(kSelNames, info.dest_sels)) {
        if (f.ops[D].sel == s) f.ops[D].sel.clear();
    }
}

// Adds a secondary operation the opcode allows, keeping the form valid.
void ensure_op2(Form& f, const OpcodeInfo& info, Rng& r) {
    if (has_op2(f)) return;
    insert_mod(f, r.pick(names_of(kOp2Names, info.op2s)), r);
    if (info.exclusive_sat_op2) drop_mods(f, [](const std::string& m) { return m == "sat"; });
    if (info.exclusive_op2_dsel) clear_merge(f, info);
    ensure_c(f, r);
}

std::vector<std::string> bad_simd_source_sels(const OpcodeInfo& info, Rng& r) {
    const int n = lanes(info), elements = 2 * n;
    const std::string p(1, info.selector_prefix);
    std::vector<std::string> v;
    // wrong digit count
    for (int count = 1; count <= n + 1; ++count) {
        if (count != n) v.push_back(p + digits(r, count, 0, elements - 1));
    }
    // a digit out of range
    std::string s = digits(r, n, 0, elements - 1);
    s[r.below(static_cast<std::size_t>(n))] = static_cast<char>('0' + elements + static_cast<int>(r.below(static_cast<std::size_t>(10 - elements))));
    v.push_back(p + s);
    return v;
}

std::vector<std::string> bad_masks(const OpcodeInfo& info, Rng& r) {
    const std::vector<std::string> valid = split_words(info.masks, ' ');
    const std::string p(1, info.selector_prefix);
    std::vector<std::string> v;
    if (info.selector_prefix == 'b') {
        v = {"b00", "b01", "b0123", "b3120", "b4", "b54"};
    } else {
        v = {"h01", "h00", "h11", "h32", "h2", "h3"};
    }
    // Other spellings with digits of real lanes.
    for (int tries = 0; tries < 20; ++tries) {
        const std::string s = p + digits(r, 1 + static_cast<int>(r.below(static_cast<std::size_t>(lanes(info)))), 0, lanes(info) - 1);
        if (std::find(valid.begin(), valid.end(), s) == valid.end() && s != kReservedSelector) v.push_back(s);
    }
    return v;
}

std::vector<Mutation> mutations() {
    std::vector<Mutation> m;
    m.push_back({"wrong type count", 3, [](Form& f, const OpcodeInfo&, Rng& r) {
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i < f.mods.size(); ++i) {
            if (is_type(f.mods[i])) at.push_back(i);
        }
        if (r.chance(1, 2) && !at.empty()) {
            f.mods.erase(f.mods.begin() + static_cast<std::ptrdiff_t>(r.pick(at)));
        } else {
            insert_mod(f, kTypeNames[r.below(2)], r);
        }
        return true;
    }});
    m.push_back({"type not allowed in its slot", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        const bool has_dtype = info.dtypes != 0;
        const std::uint8_t allowed[3] = {info.dtypes, info.atypes, info.btypes};
        std::vector<int> slots;
        for (int s = has_dtype ? 0 : 1; s < 3; ++s) {
            if (allowed[s] != 0x3) slots.push_back(s);
        }
        if (slots.empty()) return false;
        const int slot = r.pick(slots);
        int nth = has_dtype ? slot : slot - 1;
        for (std::string& w : f.mods) {
            if (!is_type(w) || nth-- != 0) continue;
            for (int t = 0; t < 2; ++t) {
                if ((allowed[slot] >> t & 1u) == 0) w = kTypeNames[t];
            }
            return true;
        }
        return false;
    }});
    m.push_back({"missing mode", 3, [](Form& f, const OpcodeInfo& info, Rng&) {
        if (info.modes == 0) return false;
        drop_mods(f, [](const std::string& w) { return is_one_of(kModeNames, w); });
        return true;
    }});
    m.push_back({"duplicate mode", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (info.modes == 0) return false;
        insert_mod(f, r.pick(names_of(kModeNames, info.modes)), r);
        return true;
    }});
    m.push_back({".sat not allowed", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (info.sat) return false;
        insert_mod(f, "sat", r);
        return true;
    }});
    m.push_back({".sat with the secondary operation", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (!info.exclusive_sat_op2 || !info.sat || info.op2s == 0) return false;
        drop_mods(f, [](const std::string& w) { return w == "sat" || is_op2(w); });
        insert_mod(f, "sat", r);
        insert_mod(f, r.pick(names_of(kOp2Names, info.op2s)), r);
        return true;
    }});
    m.push_back({"secondary operation not allowed", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        const std::vector<std::string> bad = names_of(kOp2Names, 0xeu & ~static_cast<unsigned>(info.op2s));
        if (bad.empty()) return false;
        drop_mods(f, is_op2);
        if (info.exclusive_op2_dsel) clear_merge(f, info);
        insert_mod(f, r.pick(bad), r);
        if (info.exclusive_sat_op2) drop_mods(f, [](const std::string& w) { return w == "sat"; });
        ensure_c(f, r);
        return true;
    }});
    m.push_back({"missing c", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (info.c_operand == COperand::with_op2_or_dsel) {
            const bool by_op2 = info.op2s != 0 && (info.dest_sels == 0 || r.chance(1, 2));
            if (by_op2) {
                ensure_op2(f, info, r);
            } else if (info.dest_sels != 0) {
                drop_mods(f, is_op2);
                f.ops[D].sel = r.pick(names_of(kSelNames, info.dest_sels));
            } else {
                return false;
            }
        }
        f.ops.resize(3);
        return true;
    }});
    m.push_back({"secondary operation with a d selector", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (!info.exclusive_op2_dsel || info.op2s == 0 || info.dest_sels == 0) return false;
        ensure_op2(f, info, r);
        f.ops[D].sel = r.pick(names_of(kSelNames, info.dest_sels));
        return true;
    }});
    m.push_back({"bad source selector", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        Opnd& o = f.ops[r.chance(1, 2) ? A : B];
        make_reg(o, r);
        if (scalar(info)) {
            std::vector<std::string> bad;
            for (const char* s : {"b4", "h2", "b7", "h3", "b", "h", "h01", "h10", "b00", "b02", "b0123", "x0"}) {
                if (!is_one_of(kSelNames, s)) bad.emplace_back(s);
            }
            for (std::size_t k = 1; k < std::size(kSelNames); ++k) {
                // The ignored d selectors have their own rule (a ptxas-internal error).
                if ((info.source_sels >> k & 1u) == 0 && (info.ignored_dest_sels >> k & 1u) == 0) bad.emplace_back(kSelNames[k]);
            }
            o.sel = r.pick(bad);
        } else {
            o.sel = r.pick(bad_simd_source_sels(info, r));
        }
        return true;
    }});
    m.push_back({"selector of the other lane width", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (scalar(info)) return false;
        const bool byte = info.selector_prefix == 'b';
        const int slot = static_cast<int>(r.below(3));
        Opnd& o = f.ops[static_cast<std::size_t>(slot)];
        if (slot != D) make_reg(o, r);
        if (slot == D) {
            o.sel = byte ? r.pick(std::vector<std::string>{"h10", "h0", "h1"}) : r.pick(std::vector<std::string>{"b10", "b0", "b3210"});
        } else {
            o.sel = byte ? "h" + digits(r, 2, 0, 3) : "b" + digits(r, r.chance(1, 2) ? 2 : 4, 0, 3);
        }
        return true;
    }});
    m.push_back({"d selector or mask not allowed", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (scalar(info)) {
            std::vector<std::string> bad = {"b4", "h2", "b02", "b13", "b03", "b012", "b0123", "h10", "b10", "b32"};
            for (std::size_t k = 1; k < std::size(kSelNames); ++k) {
                if (((info.dest_sels | info.ignored_dest_sels) >> k & 1u) == 0) bad.emplace_back(kSelNames[k]);
            }
            f.ops[D].sel = r.pick(bad);
        } else {
            f.ops[D].sel = r.pick(bad_masks(info, r));
        }
        return true;
    }});
    m.push_back({"selector on c", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        ensure_c(f, r);
        Opnd& c = f.ops[C];
        make_reg(c, r);
        std::vector<std::string> bad = {"b4", "h2", "b02", "b10", "b0123"};
        if (!scalar(info)) bad.push_back(simd_source_sel(info, r));
        for (std::size_t k = 1; k < std::size(kSelNames); ++k) {
            if ((info.ignored_c_sels >> k & 1u) == 0) bad.emplace_back(kSelNames[k]);
        }
        c.sel = r.pick(bad);
        return true;
    }});
    m.push_back({"immediate not allowed", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (info.immediates) return false;
        const std::size_t s = A + r.below(f.ops.size() - 1);
        f.ops[s] = Opnd{false, true, immediate(r), ""};
        return true;
    }});
    m.push_back({"negation not allowed", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (info.negations != 0) return false;
        Opnd& o = f.ops[A + r.below(f.ops.size() - 1)];
        make_reg(o, r);
        o.neg = true;
        return true;
    }});
    m.push_back({"negated d", 2, [](Form& f, const OpcodeInfo&, Rng&) {
        f.ops[D].neg = true;
        return true;
    }});
    m.push_back({"negation set not allowed", 6, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (info.negations == 0) return false;
        ensure_c(f, r);
        const unsigned allowed = has_mod(f, "po") ? info.negations_po : info.negations;
        std::vector<unsigned> bad;
        for (unsigned set = 1; set < 8; ++set) {
            if ((allowed >> set & 1u) == 0) bad.push_back(set);
        }
        if (bad.empty()) return false;
        const unsigned set = r.pick(bad);
        for (int i = 0; i < 3; ++i) {
            Opnd& o = f.ops[static_cast<std::size_t>(i + 1)];
            o.neg = false;
            if ((set >> i & 1u) == 0) continue;
            make_reg(o, r);
            o.neg = true;
        }
        return true;
    }});
    // Rarer: ptxas rejects these only in its emulation library, with an error
    // that names no line, so each one costs a bisection of its batch.
    m.push_back({"ignored d selector on a source", 1, [](Form& f, const OpcodeInfo& info, Rng& r) {
        const std::vector<std::string> sels = names_of(kSelNames, info.ignored_dest_sels & ~static_cast<unsigned>(info.source_sels));
        if (sels.empty()) return false;
        Opnd& o = f.ops[r.chance(1, 2) ? A : B];
        make_reg(o, r);
        o.sel = r.pick(sels);
        return true;
    }});
    m.push_back({"duplicate comparison", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (info.cmps == 0) return false;
        insert_mod(f, r.pick(names_of(kCmpNames, info.cmps)), r);
        return true;
    }});
    m.push_back({"missing comparison", 3, [](Form& f, const OpcodeInfo& info, Rng&) {
        if (info.cmps == 0) return false;
        drop_mods(f, [](const std::string& w) { return is_one_of(kCmpNames, w); });
        return true;
    }});
    m.push_back({"duplicate secondary operation", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (info.op2s == 0) return false;
        ensure_op2(f, info, r);
        insert_mod(f, r.pick(names_of(kOp2Names, info.op2s)), r);
        return true;
    }});
    m.push_back({"duplicate scale", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (info.scales == 0) return false;
        drop_mods(f, [](const std::string& w) { return is_one_of(kScaleNames, w); });
        const std::vector<std::string> s = names_of(kScaleNames, info.scales);
        insert_mod(f, r.pick(s), r);
        insert_mod(f, r.pick(s), r);
        return true;
    }});
    m.push_back({"duplicate .po", 2, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (!info.po) return false;
        if (!has_mod(f, "po")) {
            for (Opnd& o : f.ops) o.neg = false;
            insert_mod(f, "po", r);
        }
        insert_mod(f, "po", r);
        return true;
    }});
    m.push_back({"modifier of another opcode", 3, [](Form& f, const OpcodeInfo& info, Rng& r) {
        std::vector<std::string> bad;
        if (!info.po) bad.emplace_back("po");
        for (const std::string& s : names_of(kScaleNames, 0x6u & ~static_cast<unsigned>(info.scales))) bad.push_back(s);
        if (info.modes == 0) {
            for (const std::string& s : names_of(kModeNames, 0x6u)) bad.push_back(s);
        }
        if (info.cmps == 0) {
            for (const std::string& s : names_of(kCmpNames, 0x3fu)) bad.push_back(s);
        }
        if (bad.empty()) return false;
        insert_mod(f, r.pick(bad), r);
        return true;
    }});
    m.push_back({"unknown modifier", 3, [](Form& f, const OpcodeInfo&, Rng& r) {
        static const std::vector<std::string> bad = {"foo", "rn", "lo", "hs", "equ", "ftz", "s16", "u16",
                                                     "b32", "f32", "cc", "shr8", "x", "u64", "satfinite"};
        insert_mod(f, r.pick(bad), r);
        return true;
    }});
    m.push_back({"immediate d", 2, [](Form& f, const OpcodeInfo&, Rng& r) {
        f.ops[D] = Opnd{false, true, std::to_string(r.below(100)), ""};
        return true;
    }});
    m.push_back({"immediate with a selector", 2, [](Form& f, const OpcodeInfo& info, Rng& r) {
        if (!info.immediates || info.source_sels == 0) return false;
        Opnd& o = f.ops[r.chance(1, 2) ? A : B];
        o = Opnd{false, true, std::to_string(r.below(100)), r.pick(names_of(kSelNames, info.source_sels))};
        return true;
    }});
    m.push_back({"float immediate", 2, [](Form& f, const OpcodeInfo&, Rng& r) {
        static const std::vector<std::string> bad = {"1.5", "0f3f800000", "0d3ff0000000000000", "2.0"};
        f.ops[r.chance(1, 2) ? A : B] = Opnd{false, true, r.pick(bad), ""};
        return true;
    }});
    m.push_back({"wrong operand count", 3, [](Form& f, const OpcodeInfo&, Rng& r) {
        if (r.chance(1, 2)) {
            f.ops.resize(2);
        } else {
            ensure_c(f, r);
            f.ops.push_back(Opnd{false, false, reg(r), ""});
        }
        return true;
    }});
    return m;
}

Form make_near_miss(int vi, const std::vector<Mutation>& muts, Rng& r) {
    unsigned total = 0;
    for (const Mutation& m : muts) total += m.weight;
    for (;;) {
        Form f = make_valid(vi, r);
        std::size_t roll = r.below(total);
        const Mutation* pick = &muts.back();
        for (const Mutation& m : muts) {
            if (roll < m.weight) {
                pick = &m;
                break;
            }
            roll -= m.weight;
        }
        if (!pick->apply(f, kOpcodes[f.opcode], r)) continue;
        f.intended_valid = false;
        f.rule = pick->name;
        if (render(f).find(kReservedSelector) != std::string::npos) continue;
        return f;
    }
}

// ---------------------------------------------------------------------------
// ptxas runs. A text is an "item"; items are compiled in batches, one per
// line, and each gets ptxas's verdict.

struct Item {
    explicit Item(std::string t) : text(std::move(t)) {}
    std::string text;
    bool done = false;
    bool accepted = false;
    std::string message;  // ptxas's error when rejected
};

constexpr int kHeaderLines = 7;  // the form on file line kHeaderLines + 1 + i

std::string ptx_file(const std::vector<Item>& items, const std::vector<int>& batch) {
    std::string s =
        ".version 8.0\n"
        ".target sm_90\n"
        ".address_size 64\n"
        ".visible .entry ptxv_check()\n"
        "{\n"
        ".reg .b32 r<16>;\n"
        ".reg .pred p<4>;\n";
    for (int i : batch) s += items[static_cast<std::size_t>(i)].text + "\n";
    return s + "ret;\n}\n";
}

// -1 when ptxas could not be started.
int run_ptxas(const std::string& ptxas, const std::string& ptx, const std::string& log) {
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    std::string a0 = ptxas, a1 = "-arch=sm_90", a2 = "-o", a3 = "/dev/null", a4 = ptx;
    char* argv[] = {a0.data(), a1.data(), a2.data(), a3.data(), a4.data(), nullptr};
    pid_t pid = 0;
    const int err = posix_spawnp(&pid, ptxas.c_str(), &fa, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (err != 0) {
        errno = err;
        return -1;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string trim(std::string s) {
    const auto sp = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && sp(s.back())) s.pop_back();
    std::size_t i = 0;
    while (i < s.size() && sp(s[i])) ++i;
    return s.substr(i);
}

struct Diagnostics {
    std::map<int, std::string> by_line;  // file line -> error text
    std::string other;                   // errors that name no line of the file
};

// Lines look like "ptxas FILE, line N; error   : MESSAGE".
Diagnostics parse_log(const std::string& log, const std::string& ptx) {
    Diagnostics d;
    std::istringstream in(log);
    std::string line;
    const std::string key = ptx + ", line ";
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty()) continue;
        const std::size_t at = line.find(key);
        if (at != std::string::npos) {
            const int n = std::atoi(line.c_str() + at + key.size());
            const std::size_t semi = line.find(';', at + key.size());
            std::string rest = semi == std::string::npos ? "" : line.substr(semi + 1);
            const std::size_t colon = rest.find(':');
            const std::string severity = trim(rest.substr(0, colon));
            if (severity == "warning") continue;
            const std::string message = colon == std::string::npos ? trim(rest) : trim(rest.substr(colon + 1));
            std::string& slot = d.by_line[n];
            slot += (slot.empty() ? "" : " | ") + (severity == "error" ? "" : severity + ": ") + message;
            continue;
        }
        if (line.find("Ptx assembly aborted due to errors") != std::string::npos) continue;
        if (line.find("warning") != std::string::npos && line.find("error") == std::string::npos &&
            line.find("fatal") == std::string::npos) {
            continue;
        }
        d.other += (d.other.empty() ? "" : " | ") + line;
    }
    return d;
}

class Runner {
public:
    Runner(std::string ptxas, std::string dir, std::string prefix, bool keep, std::vector<Item>& items)
        : ptxas_(std::move(ptxas)), dir_(std::move(dir)), prefix_(std::move(prefix)), keep_(keep), items_(items) {}

    void add(std::vector<int> batch) { queue_.push_back(std::move(batch)); }

    // false when ptxas could not be run at all.
    bool run(int jobs) {
        std::vector<std::thread> pool;
        for (int i = 0; i < jobs; ++i) pool.emplace_back([this] { work(); });
        for (std::thread& t : pool) t.join();
        return failure_.empty();
    }
    const std::string& failure() const { return failure_; }
    int runs() const { return runs_.load(); }

private:
    std::string ptxas_, dir_, prefix_;
    bool keep_;
    std::vector<Item>& items_;
    std::deque<std::vector<int>> queue_;
    std::mutex mu_;
    std::condition_variable cv_;
    int active_ = 0;
    std::atomic<int> runs_{0};
    std::string failure_;

    void work() {
        for (;;) {
            std::vector<int> batch;
            {
                std::unique_lock<std::mutex> lock(mu_);
                cv_.wait(lock, [this] { return !queue_.empty() || active_ == 0 || !failure_.empty(); });
                if (!failure_.empty() || queue_.empty()) {
                    cv_.notify_all();
                    return;
                }
                batch = std::move(queue_.front());
                queue_.pop_front();
                ++active_;
            }
            std::vector<std::vector<int>> more;
            std::string fail;
            judge(batch, more, fail);
            {
                std::lock_guard<std::mutex> lock(mu_);
                for (auto& b : more) queue_.push_back(std::move(b));
                if (!fail.empty() && failure_.empty()) failure_ = fail;
                --active_;
            }
            cv_.notify_all();
        }
    }

    void judge(const std::vector<int>& batch, std::vector<std::vector<int>>& more, std::string& fail) {
        const int id = runs_++;
        char num[16];
        std::snprintf(num, sizeof num, "_%05d", id);
        const std::string base = dir_ + "/" + prefix_ + num;
        const std::string ptx = base + ".ptx", log = base + ".log";
        {
            std::ofstream out(ptx, std::ios::binary);
            out << ptx_file(items_, batch);
        }
        const int rc = run_ptxas(ptxas_, ptx, log);
        const std::string spawn_error = rc < 0 ? std::strerror(errno) : "";
        const std::string text = read_file(log);
        if (!keep_) {
            std::remove(ptx.c_str());
            std::remove(log.c_str());
        }
        if (rc < 0) {
            fail = "cannot run " + ptxas_ + ": " + spawn_error;
            return;
        }
        if (rc == 0) {
            for (int i : batch) set(i, true, "");
            return;
        }
        const Diagnostics d = parse_log(text, ptx);
        std::vector<int> rest;
        for (std::size_t k = 0; k < batch.size(); ++k) {
            const auto it = d.by_line.find(kHeaderLines + 1 + static_cast<int>(k));
            if (it != d.by_line.end()) {
                set(batch[k], false, it->second);
            } else {
                rest.push_back(batch[k]);
            }
        }
        if (rest.empty()) return;
        if (rest.size() < batch.size()) {
            // ptxas stops before its emulation pass when a line fails, so
            // the lines without an error of their own are not yet cleared.
            more.push_back(std::move(rest));
            return;
        }
        if (batch.size() == 1) {
            set(batch[0], false, d.other.empty() ? "ptxas exit status " + std::to_string(rc) : d.other);
            return;
        }
        // An error that names no line: bisect until each culprit is alone.
        const std::size_t half = batch.size() / 2;
        more.emplace_back(batch.begin(), batch.begin() + static_cast<std::ptrdiff_t>(half));
        more.emplace_back(batch.begin() + static_cast<std::ptrdiff_t>(half), batch.end());
    }

    void set(int i, bool accepted, std::string message) {
        Item& it = items_[static_cast<std::size_t>(i)];
        it.done = true;
        it.accepted = accepted;
        it.message = std::move(message);
    }
};

// ---------------------------------------------------------------------------

struct Options {
    std::string ptxas;
    long forms = -1;
    std::uint64_t seed = 1;
    std::string keep;
    int jobs = 2;
    bool skip = false;
    std::string skip_reason;
};

int usage(const char* msg) {
    std::fprintf(stderr,
                 "%s\nusage: ptxv_ptxas_check --ptxas PATH --forms N --seed S [--keep DIR] [--jobs J]\n"
                 "       ptxv_ptxas_check --skip REASON\n",
                 msg);
    return 2;
}

bool parse_number(const char* s, unsigned long long* out) {
    if (s == nullptr || *s == '\0') return false;
    char* end = nullptr;
    errno = 0;
    *out = std::strtoull(s, &end, 10);
    return errno == 0 && *end == '\0' && s[0] != '-';
}

std::optional<Options> parse_args(int argc, char** argv, int* status) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
        unsigned long long n = 0;
        if (a == "--ptxas" && v != nullptr) {
            o.ptxas = v;
        } else if (a == "--forms" && parse_number(v, &n) && n > 0 && n <= 10000000) {
            o.forms = static_cast<long>(n);
        } else if (a == "--seed" && parse_number(v, &n)) {
            o.seed = n;
        } else if (a == "--keep" && v != nullptr) {
            o.keep = v;
        } else if (a == "--jobs" && parse_number(v, &n) && n > 0 && n <= 64) {
            o.jobs = static_cast<int>(n);
        } else if (a == "--skip" && v != nullptr) {
            o.skip = true;
            o.skip_reason = v;
        } else {
            *status = usage(("bad argument '" + a + "'").c_str());
            return std::nullopt;
        }
        ++i;
    }
    if (!o.skip && (o.ptxas.empty() || o.forms < 0)) {
        *status = usage("--ptxas and --forms are required");
        return std::nullopt;
    }
    return o;
}

struct Ptxv {
    bool accepted = false;
    std::string message;  // error, or the canonical print when accepted
    std::optional<ptxv::Instr> instr;
};

Ptxv ptxv_verdict(const std::string& text) {
    Ptxv v;
    std::string error;
    v.instr = ptxv::try_parse(text, &error);
    v.accepted = v.instr.has_value();
    v.message = v.accepted ? ptxv::print(*v.instr) : error;
    return v;
}

std::string verdict(bool accepted, const std::string& message) {
    return accepted ? "accepted" : "rejected: " + message;
}

}  // namespace

int main(int argc, char** argv) {
    int status = 0;
    const std::optional<Options> parsed = parse_args(argc, argv, &status);
    if (!parsed) return status;
    const Options& opt = *parsed;
    if (opt.skip) {
        std::printf("SKIPPED: %s\n", opt.skip_reason.c_str());
        return 77;
    }
    const auto t0 = std::chrono::steady_clock::now();

    // --- forms --------------------------------------------------------------
    Rng rng(opt.seed);
    const std::vector<Mutation> muts = mutations();
    const long n_valid = opt.forms - opt.forms / 2;
    std::vector<int> order(kVariantCount);
    for (int i = 0; i < kVariantCount; ++i) order[static_cast<std::size_t>(i)] = i;
    rng.shuffle(order);
    std::vector<Form> forms;
    forms.reserve(static_cast<std::size_t>(opt.forms));
    std::vector<bool> covered(kVariantCount, false);
    for (long i = 0; i < opt.forms; ++i) {
        if (i < n_valid) {
            // Every variant first, then random ones.
            const int vi = i < kVariantCount ? order[static_cast<std::size_t>(i)]
                                             : static_cast<int>(rng.below(kVariantCount));
            forms.push_back(make_valid(vi, rng));
            covered[static_cast<std::size_t>(vi)] = true;
        } else {
            forms.push_back(make_near_miss(static_cast<int>(rng.below(kVariantCount)), muts, rng));
        }
    }
    rng.shuffle(forms);

    // --- items: the forms, their canonical prints, the R17 probes -----------
    std::vector<Item> items;
    std::map<std::string, int> index;
    auto item = [&](const std::string& text) {
        auto it = index.find(text);
        if (it != index.end()) return it->second;
        items.push_back(Item{text});
        return index[text] = static_cast<int>(items.size() - 1);
    };
    std::vector<int> form_item(forms.size());
    std::vector<Ptxv> mine(forms.size());
    std::vector<int> print_item(forms.size(), -1);
    std::vector<std::string> texts(forms.size());
    for (std::size_t i = 0; i < forms.size(); ++i) {
        texts[i] = render(forms[i]);
        form_item[i] = item(texts[i]);
        mine[i] = ptxv_verdict(texts[i]);
    }
    for (std::size_t i = 0; i < forms.size(); ++i) {
        if (mine[i].accepted) print_item[i] = item(mine[i].message);
    }
    const std::size_t end_main = items.size();
    const std::vector<std::string> reserved = {
        "vadd4.u32.u32.u32 r1, r2.b1024, r3, r4;",
        "vset4.u32.s32.lt r1.b3210, r2, r3.b1024, r4;",
    };
    std::vector<int> reserved_items;
    for (const std::string& t : reserved) reserved_items.push_back(item(t));

    // --- ptxas --------------------------------------------------------------
    std::string dir = opt.keep;
    if (dir.empty()) {
        char tmpl[] = "/tmp/ptxv_ptxas_XXXXXX";
        if (mkdtemp(tmpl) == nullptr) {
            std::fprintf(stderr, "cannot create a temporary directory: %s\n", std::strerror(errno));
            return 2;
        }
        dir = tmpl;
    } else if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
        std::fprintf(stderr, "cannot create %s: %s\n", dir.c_str(), std::strerror(errno));
        return 2;
    }
    const bool keep = !opt.keep.empty();

    // A control run, so that a broken ptxas is not mistaken for a verdict.
    {
        std::vector<Item> control = {Item{"add.s32 r1, r2, r3;"}};
        Runner r(opt.ptxas, dir, "control", keep, control);
        r.add({0});
        if (!r.run(1) || !control[0].accepted) {
            std::fprintf(stderr, "ptxas at %s does not compile a plain add.s32 for sm_90: %s\n", opt.ptxas.c_str(),
                         r.failure().empty() ? control[0].message.c_str() : r.failure().c_str());
            if (!keep) rmdir(dir.c_str());
            return 2;
        }
    }

    constexpr std::size_t kBatch = 200;
    Runner runner(opt.ptxas, dir, "batch", keep, items);
    for (std::size_t s = 0; s < end_main; s += kBatch) {
        std::vector<int> b;
        for (std::size_t i = s; i < std::min(end_main, s + kBatch); ++i) b.push_back(static_cast<int>(i));
        runner.add(std::move(b));
    }
    runner.add(reserved_items);
    const bool ran = runner.run(opt.jobs);
    if (!keep) rmdir(dir.c_str());
    if (!ran) {
        std::fprintf(stderr, "%s\n", runner.failure().c_str());
        return 2;
    }

    // --- compare ------------------------------------------------------------
    long valid = 0, invalid = 0, agree = 0, disagree = 0;
    long intent_valid_rejected = 0, intent_invalid_accepted = 0;
    std::vector<std::string> intent_notes;
    std::map<std::string, std::pair<long, long>> by_rule;  // rule -> (forms, ptxas rejected)
    for (std::size_t i = 0; i < forms.size(); ++i) {
        const Item& it = items[static_cast<std::size_t>(form_item[i])];
        (it.accepted ? valid : invalid)++;
        const Form& f = forms[i];
        if (!f.intended_valid) {
            auto& r = by_rule[f.rule];
            ++r.first;
            if (!it.accepted) ++r.second;
        }
        if (it.accepted != f.intended_valid) {
            (f.intended_valid ? intent_valid_rejected : intent_invalid_accepted)++;
            if (intent_notes.size() < 10) {
                intent_notes.push_back(texts[i] + "  (generated as " +
                                       (f.intended_valid ? std::string("valid") : "near miss: " + f.rule) +
                                       "; ptxas " + verdict(it.accepted, it.message) + ")");
            }
        }
        if (it.accepted == mine[i].accepted) {
            ++agree;
            continue;
        }
        ++disagree;
        std::printf("DISAGREE: %s\n  ptxas: %s\n  ptxv:  %s\n  generated as: %s\n", texts[i].c_str(),
                    verdict(it.accepted, it.message).c_str(),
                    mine[i].accepted ? ("accepted as " + mine[i].message).c_str()
                                     : ("rejected: " + mine[i].message).c_str(),
                    f.intended_valid ? "valid" : ("near miss: " + f.rule).c_str());
    }

    if (keep) {
        std::ofstream tsv(dir + "/verdicts.tsv", std::ios::binary);
        tsv << "form\tgenerated as\tptxas\tptxv\n";
        for (std::size_t i = 0; i < forms.size(); ++i) {
            const Item& it = items[static_cast<std::size_t>(form_item[i])];
            tsv << texts[i] << '\t' << (forms[i].intended_valid ? "valid" : forms[i].rule) << '\t'
                << verdict(it.accepted, it.message) << '\t'
                << (mine[i].accepted ? "accepted as " + mine[i].message : "rejected: " + mine[i].message) << '\n';
        }
    }

    // The canonical print of an accepted form must itself be valid, decode
    // to the same instruction, and print to itself.
    long printed = 0, print_bad = 0;
    std::map<int, bool> print_seen;
    for (std::size_t i = 0; i < forms.size(); ++i) {
        if (print_item[i] < 0 || print_seen.count(print_item[i]) != 0) continue;
        print_seen[print_item[i]] = true;
        ++printed;
        const Item& p = items[static_cast<std::size_t>(print_item[i])];
        const Ptxv again = ptxv_verdict(p.text);
        std::string problem;
        if (!p.accepted) {
            problem = "ptxas " + verdict(false, p.message);
        } else if (!again.accepted) {
            problem = "ptxv rejects its own print: " + again.message;
        } else if (*again.instr != *mine[i].instr) {
            problem = "the print decodes to a different instruction";
        } else if (again.message != p.text) {
            problem = "the print is not stable: it prints as " + again.message;
        }
        if (problem.empty()) continue;
        ++print_bad;
        std::printf("PRINT: %s\n  printed: %s\n  %s\n", texts[i].c_str(), p.text.c_str(), problem.c_str());
    }

    // R17: ptxv accepts .b1024, ptxas does not; anything else is a surprise.
    bool r17_ok = true;
    for (std::size_t k = 0; k < reserved.size(); ++k) {
        const Item& it = items[static_cast<std::size_t>(reserved_items[k])];
        const Ptxv v = ptxv_verdict(reserved[k]);
        const bool expected = v.accepted && !it.accepted;
        r17_ok = r17_ok && expected;
        std::printf("%s: %s\n  ptxas: %s\n  ptxv:  %s\n",
                    expected ? "expected difference (R17)" : "R17 NOT AS EXPECTED", reserved[k].c_str(),
                    verdict(it.accepted, it.message).c_str(),
                    v.accepted ? ("accepted as " + v.message).c_str() : ("rejected: " + v.message).c_str());
    }

    long n_covered = 0;
    for (bool c : covered) n_covered += c ? 1 : 0;
    std::printf("near misses by rule (forms / rejected by ptxas):\n");
    for (const auto& [rule, counts] : by_rule) {
        std::printf("  %-40s %5ld / %ld\n", rule.c_str(), counts.first, counts.second);
    }
    if (!intent_notes.empty()) {
        std::printf("note: %ld forms generated as valid were rejected by ptxas and %ld near misses were accepted;"
                    " the generator's model differs from ptxas there (not a ptxv disagreement):\n",
                    intent_valid_rejected, intent_invalid_accepted);
        for (const std::string& s : intent_notes) std::printf("  %s\n", s.c_str());
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("valid forms cover %ld of %d variants; %ld canonical prints checked, %ld bad\n", n_covered,
                kVariantCount, printed, print_bad);
    std::printf("ptxas: %d runs, %d in parallel, %.1f s (seed %llu)\n", runner.runs(), opt.jobs, secs,
                static_cast<unsigned long long>(opt.seed));
    std::printf("%zu forms, %ld valid, %ld invalid, %ld agree, %ld disagree\n", forms.size(), valid, invalid, agree,
                disagree);
    std::fflush(stdout);
    return disagree == 0 && print_bad == 0 && r17_ok ? 0 : 1;
}
