// ptxv: comparison with results recorded on a GPU.
//
// A device file holds every form hundreds of times in a row, so each distinct
// instruction text is decoded and bound once and looked up afterwards; a full
// ptxv_hwcheck file (about 800,000 lines) then takes seconds.
#include "ptxv/golden.hpp"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptxv/batch_text.hpp"
#include "ptxv/compile.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"
#include "ptxv_tables.hpp"

namespace ptxv {
namespace {

constexpr unsigned kShownPerForm = 2;

struct Form {
    bool decoded = false;
    std::string error;  // why it did not decode
    Instr in;
    bool bound = false;
    std::string bind_error;  // why ptxv::compile refused it
    Compiled fn;
    unsigned shown = 0;     // disagreements of this form already in the report
    bool disagreed = false;
};

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", v);
    return buf;
}

std::string ratio(std::uint64_t agree, std::uint64_t total) {
    return std::to_string(agree) + "/" + std::to_string(total);
}

std::vector<std::string_view> split_tabs(std::string_view line) {
    std::vector<std::string_view> fields;
    for (;;) {
        const std::size_t tab = line.find('\t');
        fields.push_back(line.substr(0, tab));
        if (tab == std::string_view::npos) return fields;
        line.remove_prefix(tab + 1);
    }
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// Whether the space-separated list `words` contains `w`.
bool has_word(std::string_view words, std::string_view w) {
    while (!words.empty()) {
        const std::size_t sp = words.find(' ');
        if (words.substr(0, sp) == w) return true;
        if (sp == std::string_view::npos) break;
        words.remove_prefix(sp + 1);
    }
    return false;
}

}  // namespace

GoldenReport compare_golden(std::istream& tsv, std::ostream& report, unsigned max_disagreements_shown) {
    GoldenReport r;
    std::vector<GoldenOpcode> per_opcode(static_cast<std::size_t>(spec::kOpcodeCount));
    for (int i = 0; i < spec::kOpcodeCount; ++i) per_opcode[static_cast<std::size_t>(i)].opcode = spec::kOpcodes[i].name;
    std::unordered_map<std::string, Form> forms;
    std::vector<std::string> shown, errors;
    unsigned errors_shown = 0;

    std::string raw;
    std::uint64_t line_no = 0;
    bool in_header = true;  // the leading block of '#' lines describes the device
    while (std::getline(tsv, raw)) {
        ++line_no;
        const std::string_view line = trim(raw);
        if (line.empty() || line.front() != '#') in_header = false;
        if (line.empty()) continue;
        if (line.front() == '#') {
            if (in_header) r.header.emplace_back(line);
            continue;
        }
        const auto fail = [&](const std::string& why) {
            ++r.errors;
            if (errors_shown < max_disagreements_shown) {
                ++errors_shown;
                errors.push_back("  line " + std::to_string(line_no) + ": " + why + ": " + std::string(line));
            }
        };
        const std::vector<std::string_view> fields = split_tabs(line);
        if (fields.size() != 5) {
            fail("expected 5 tab-separated fields (instruction, a, b, c, d), got " + std::to_string(fields.size()));
            continue;
        }
        std::uint32_t v[4];
        bool values_ok = true;
        for (int k = 0; k < 4; ++k)
            // The values are read as `ptxv eval --batch` reads them.
            if (!parse_batch_value(trim(fields[static_cast<std::size_t>(k) + 1]), &v[k], nullptr)) {
                fail(std::string("bad value for ") + "abcd"[k] + " '" + std::string(fields[static_cast<std::size_t>(k) + 1]) +
                     "' (expected 0x followed by at most 32 bits of hex digits, or a decimal in [-2147483648, "
                     "4294967295])");
                values_ok = false;
                break;
            }
        if (!values_ok) continue;

        const std::string text(trim(fields[0]));
        auto [it, fresh] = forms.try_emplace(text);
        Form& f = it->second;
        if (fresh) {
            std::string error;
            if (std::optional<Instr> in = try_parse(text, &error)) {
                f.decoded = true;
                f.in = std::move(*in);
                try {
                    f.fn = compile(f.in);
                    f.bound = true;
                } catch (const std::exception& e) {
                    f.bind_error = e.what();
                }
            } else {
                f.error = error;
            }
        }
        if (!f.decoded) {
            fail("cannot decode the instruction: " + f.error);
            continue;
        }

        const std::uint32_t a = operand_value(f.in.a, v[0]);
        const std::uint32_t b = operand_value(f.in.b, v[1]);
        const std::uint32_t c = operand_value(f.in.c, v[2]);
        const std::uint32_t device = v[3];
        const std::uint32_t by_interp = interpret(f.in, a, b, c);
        const bool interp_ok = by_interp == device;
        std::uint32_t by_generated = 0;
        bool generated_ok = false;
        if (f.bound) {
            by_generated = f.fn(a, b, c);
            generated_ok = by_generated == device;
        }

        ++r.evaluated;
        GoldenOpcode& op = per_opcode[f.in.opcode < per_opcode.size() ? f.in.opcode : 0];
        ++op.lines;
        op.interp_agree += interp_ok ? 1 : 0;
        op.generated_agree += generated_ok ? 1 : 0;
        r.interp_disagreements += interp_ok ? 0 : 1;
        r.generated_disagreements += generated_ok ? 0 : 1;
        if (interp_ok && generated_ok) continue;
        ++r.disagreements;
        if (!f.disagreed) {
            f.disagreed = true;
            ++r.disagreeing_forms;
        }
        if (shown.size() < max_disagreements_shown && f.shown < kShownPerForm) {
            ++f.shown;
            std::string s = "  ptxv eval '" + text + "' " + hex(v[0]) + " " + hex(v[1]);
            if (f.in.has_c) s += " " + hex(v[2]);
            s += "    # line " + std::to_string(line_no) + ": device " + hex(device) + ", interp " + hex(by_interp) +
                 (interp_ok ? "" : " (differs)") + ", generated " +
                 (f.bound ? hex(by_generated) + (generated_ok ? "" : " (differs)")
                          : "unavailable (" + f.bind_error + ")");
            shown.push_back(std::move(s));
        }
    }

    for (const auto& op : per_opcode)
        if (op.lines != 0) r.opcodes.push_back(op);

    for (const auto& h : r.header) report << h << "\n";
    std::size_t width = 0;
    for (const auto& op : r.opcodes) width = std::max(width, op.opcode.size());
    for (const auto& op : r.opcodes) {
        report << op.opcode << ":" << std::string(width - op.opcode.size() + 1, ' ') << ratio(op.interp_agree, op.lines)
               << " interp, " << ratio(op.generated_agree, op.lines) << " generated";
        if (op.interp_agree != op.lines || op.generated_agree != op.lines) {
            for (int i = 0; i < spec::kOpcodeCount; ++i)
                if (op.opcode == spec::kOpcodes[i].name) report << "    <- readings " << spec::kOpcodes[i].readings;
        }
        report << "\n";
    }
    report << "total: " << r.evaluated << " evaluations; interp agrees on "
           << (r.evaluated - r.interp_disagreements) << ", generated on " << (r.evaluated - r.generated_disagreements)
           << "; " << r.disagreements << " disagreeing lines (" << r.disagreeing_forms << " instructions); " << r.errors
           << " unreadable lines\n";
    // Which readings the device supports: a reading is disputed when any
    // opcode that relies on it disagrees (an over-approximation: the report
    // lines above say which form and values), consistent when every opcode
    // relying on it was exercised without a disagreement.
    std::string consistent, disputed;
    for (int k = 0; k < spec::kReadingCount; ++k) {
        const std::string id = spec::kReadings[k].id;
        bool used = false, bad = false;
        for (const auto& op : r.opcodes) {
            for (int i = 0; i < spec::kOpcodeCount; ++i) {
                if (op.opcode != spec::kOpcodes[i].name || !has_word(spec::kOpcodes[i].readings, id)) continue;
                used = true;
                bad = bad || op.interp_agree != op.lines || op.generated_agree != op.lines;
            }
        }
        if (used) (bad ? disputed : consistent) += " " + id;
    }
    if (r.evaluated != 0) {
        report << "readings (SEMANTICS.md) of these opcodes: consistent with the device:"
               << (consistent.empty() ? " none" : consistent) << "; disputed:" << (disputed.empty() ? " none" : disputed)
               << "\n";
    }
    if (!shown.empty()) {
        report << "first disagreements (at most " << kShownPerForm << " per instruction):\n";
        for (const auto& s : shown) report << s << "\n";
    }
    if (!errors.empty()) {
        report << "unreadable lines" << (r.errors > errors.size() ? " (first " + std::to_string(errors.size()) + ")" : "")
               << ":\n";
        for (const auto& s : errors) report << s << "\n";
    }
    if (r.evaluated == 0 && r.errors == 0) report << "no evaluations in the input\n";
    report << (r.ok() ? "golden: OK\n" : "golden: FAILED\n");
    return r;
}

}  // namespace ptxv
