// ptxv_ptxas_check: near misses (mutations.hpp).
#include "mutations.hpp"

#include <algorithm>
#include <string>

namespace ptxas_check {


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

}  // namespace ptxas_check
