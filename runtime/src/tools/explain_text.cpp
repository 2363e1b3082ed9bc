// ptxv explain, in words: the decoded form with its defaults written out,
// what each part does, which parts of a, b and c make d, and the readings
// (SEMANTICS.md, docs/readings.md) the form depends on. Read from the decoded
// Instr and the decode tables; the wording follows the readings' text.
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "ptxv/explain.hpp"
#include "ptxv/parse.hpp"
#include "ptxv/spec_tables.hpp"
#include "../core/spelling.hpp"
#include "ptxv_tables.hpp"

namespace ptxv {
namespace {

// The readings docs/readings.md restates as an H100 computes them, where the
// manual's pseudocode (and SEMANTICS.md's first reading) differ; each has a
// section of its own there ("## R6: ...").
constexpr const char* kHardwareReadings[] = {"R6", "R8", "R9", "R13", "R14"};

std::string hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

const char* signedness(Type t) { return t == Type::s32 ? "signed" : "unsigned"; }

// The bits a scalar selector names: "bits 23..16".
std::string part_bits(Sel s) {
    switch (s) {
        case Sel::b0: return "bits 7..0";
        case Sel::b1: return "bits 15..8";
        case Sel::b2: return "bits 23..16";
        case Sel::b3: return "bits 31..24";
        case Sel::h0: return "bits 15..0";
        case Sel::h1: return "bits 31..16";
        default: return "bits 31..0";
    }
}
bool part(Sel s) { return s >= Sel::b0 && s <= Sel::h1; }
bool byte_part(Sel s) { return s >= Sel::b0 && s <= Sel::b3; }
// A scalar selector as written after its operand: ".b2", nothing for none.
std::string suffix(Sel s) { return s == Sel::none ? "" : "." + std::string(spelling(s)); }

// Element e of the pair {b:a} in lanes of `bits` bits: "a byte 2 (bits 23..16)".
std::string element(unsigned e, int lanes) {
    const int bits = 32 / lanes;
    const unsigned in_word = e % static_cast<unsigned>(lanes);
    const int lo = static_cast<int>(in_word) * bits;
    return std::string(e < static_cast<unsigned>(lanes) ? "a" : "b") + (lanes == 4 ? " byte " : " half ") +
           std::to_string(in_word) + " (bits " + std::to_string(lo + bits - 1) + ".." + std::to_string(lo) + ")";
}

const char* cmp_symbol(Cmp c) {
    static const char* const symbols[] = {"==", "!=", "<", "<=", ">", ">="};
    return symbols[static_cast<int>(c)];
}

// The primary operation on the extended values Va, Vb (and Vc): t = ...
std::string formula(const Instr& in) {
    switch (in.operation) {
        case Operation::add: return "Va + Vb";
        case Operation::sub: return "Va - Vb";
        case Operation::absdiff: return "|Va - Vb|";
        case Operation::min: return "min(Va, Vb)";
        case Operation::max: return "max(Va, Vb)";
        case Operation::avrg: return "(Va + Vb + (Va + Vb >= 0)) >> 1";
        case Operation::shl: return "Va << Vb";
        case Operation::shr: return in.atype == Type::s32 ? "Va >> Vb (arithmetic)" : "Va >> Vb (logical)";
        case Operation::mad:
            // R13: a product negation drops c's; -a -b cancel; .po adds 1.
            if (in.po) return "Va * Vb + Vc + 1";
            if (in.neg_a != in.neg_b) return "-(Va * Vb) + Vc";
            return in.neg_c ? "Va * Vb - Vc" : "Va * Vb + Vc";
        case Operation::set: return std::string("Va ") + cmp_symbol(in.cmp) + " Vb ? 1 : 0";
    }
    return "?";
}

const char* operation_words(Operation op) {
    switch (op) {
        case Operation::add: return "sum";
        case Operation::sub: return "difference";
        case Operation::absdiff: return "absolute difference";
        case Operation::min: return "minimum";
        case Operation::max: return "maximum";
        case Operation::avrg: return "average, rounded half away from zero";
        case Operation::shl: return "left shift";
        case Operation::shr: return "right shift";
        case Operation::mad: return "multiply-add";
        case Operation::set: return "comparison";
    }
    return "?";
}

// Lane ranges for a SIMD .sat: "[-128, 127]".
std::string lane_range(Type t, int bits) {
    const long long top = 1ll << (bits - 1);
    return t == Type::s32 ? "[" + std::to_string(-top) + ", " + std::to_string(top - 1) + "]"
                          : "[0, " + std::to_string(2 * top - 1) + "]";
}

// What enters the secondary operation (R8).
std::string op2_input(const Instr& in) {
    switch (in.operation) {
        case Operation::add:
        case Operation::sub: return "sext32(lo32(t))";
        case Operation::shl:
        case Operation::shr: return in.sat ? "sext32(t)" : "t mod 2^64";
        default: return "t";
    }
}

struct Text {
    std::ostringstream o;
    void part(const std::string& name, const std::string& what) {
        o << "  ";
        o << name;
        for (std::size_t n = name.size(); n < 12; ++n) o << ' ';
        o << ' ' << what << "\n";
    }
};

std::string operand_name(const Operand& op) {
    return op.kind == Operand::Kind::imm ? "the immediate " + op.imm_text : op.name;
}

void scalar_parts(const Instr& in, Text& t) {
    const bool mad = in.operation == Operation::mad;
    const bool shift = in.operation == Operation::shl || in.operation == Operation::shr;
    const bool set = in.operation == Operation::set;
    const auto source = [&](const char* name, Sel s, Type type, bool b_of_shift) {
        const std::string what = std::string("V") + name + " = " + name + "'s " + (part(s) ? part_bits(s) : "whole word");
        if (b_of_shift) return what + ", zero-extended (R12)";
        if (mad && !part(s)) return what + ", sign-extended whatever its type (R13)";
        if (mad) return what + (type == Type::s32 ? ", sign-extended (R13)" : ", zero-extended (R13)");
        return what + (type == Type::s32 ? ", sign-extended (R1)" : ", zero-extended (R1)");
    };
    t.part("a" + suffix(in.asel), source("a", in.asel, in.atype, false));
    t.part("b" + suffix(in.bsel), source("b", in.bsel, in.btype, shift));
    if (in.csel != Sel::none) t.part("c" + suffix(in.csel), "accepted and ignored (R16)");
    if (shift) {
        t.part("." + std::string(spelling(in.mode)),
               in.mode == Mode::clamp ? "Vb = min(Vb, 32) (R12)" : "Vb = Vb & 31 (R12)");
    }
    std::string ops = "t = " + formula(in) + ", exact on the extended values (R5)";
    if (mad) {
        ops = "t = " + formula(in) + ", exact; Vc = c sign-extended (R13)";
        if (in.neg_a && in.neg_b) ops += "; -a -b cancel (R16)";
        if (in.neg_c && in.neg_a != in.neg_b) ops += "; -c is dropped under a product negation (R13)";
    }
    t.part("op", ops);
    if (mad && in.scale != Scale::none) {
        t.part("." + std::string(spelling(in.scale)),
               std::string("t = t >> ") + (in.scale == Scale::shr7 ? "7" : "15") +
                   ", arithmetic, keeping its low 64 bits (R13)");
    }
    const Type dtype = set ? in.atype : in.dtype;
    if (in.sat) {
        std::string what;
        if (mad) {
            const bool signed_final = in.atype == Type::s32 || in.btype == Type::s32 || in.neg_a != in.neg_b || in.neg_c;
            what = signed_final ? "signedFinal: clamps t to [-2^31, 2^31 - 1] (R13)"
                                : (in.scale != Scale::none ? "not signedFinal: the 64-bit pattern of t clamped as unsigned to "
                                                             "[0, 2^32 - 1], so a negative t gives 0xffffffff (R13)"
                                                           : "not signedFinal: clamps t to [0, 2^32 - 1] (R13)");
        } else if (shift) {
            what = std::string("the low 34 bits of t, read as signed, clamped to ") +
                   (in.dtype == Type::s32 ? "[-2^31, 2^31 - 1]" : "[0, 2^32 - 1]") + " (R6)";
        } else if (in.op2 == Op2::none && part(in.dsel)) {
            const unsigned max = byte_part(in.dsel) ? (in.dtype == Type::s32 ? 0x7fu : 0xffu)
                                                    : (in.dtype == Type::s32 ? 0x7fffu : 0xffffu);
            what = "t = min(t's 64-bit pattern read as unsigned, " + hex(max) + "), so a negative t gives " + hex(max) + " (R6)";
        } else {
            what = in.dtype == Type::s32 ? "clamps t to [-2^31, 2^31 - 1] (R6)"
                                         : "raises a negative t to 0; a t of 2^32 or more keeps its low 32 bits (R6)";
        }
        t.part(".sat", what);
    }
    if (in.op2 != Op2::none) {
        const std::string enters = op2_input(in);
        const std::string c_read = std::string("c read as ") + signedness(dtype) +
                                   (set ? " (atype's signedness, R14)" : " (dtype's signedness)");
        std::string what = in.op2 == Op2::add ? "d = " + enters + " + c" : std::string("d = ") + spelling(in.op2) + "(" + enters + ", c)";
        what += ", " + c_read + ", compared as 64-bit " +
                (dtype == Type::s32 ? std::string("signed values")
                 : set              ? std::string("unsigned patterns")
                                    : std::string("unsigned patterns (a negative value is above every c)"));
        if (in.op2 == Op2::add) what = "d = " + enters + " + c, mod 2^32";
        t.part("." + std::string(spelling(in.op2)), what + "; d is the low 32 bits (R8)");
    } else if (part(in.dsel)) {
        const std::string what =
            byte_part(in.dsel)
                ? "d = c with its " + part_bits(in.dsel) + " replaced by t's low byte (R9)"
                : "d = c with its " + part_bits(in.dsel) + " replaced by t's " + part_bits(in.dsel) + " (R9)";
        t.part("d" + suffix(in.dsel), what);
    } else if (!mad) {
        t.part("d" + suffix(in.dsel), std::string("d = t's low 32 bits") +
                                          (in.dsel == Sel::none ? "" : ": the d selector " + suffix(in.dsel) + " is ignored (R16)") +
                   (in.has_c ? "; c is not read (R16)" : ""));
    } else {
        t.part("d", "d = t's low 32 bits (R13)");
    }
}

void simd_parts(const Instr& in, Text& t, const spec::OpcodeInfo& info) {
    const int lanes = lanes_of(in.geometry), bits = lane_bits(in.geometry);
    const unsigned full = (1u << lanes) - 1u;
    const unsigned mask = in.mask & full;
    const bool set = in.operation == Operation::set;
    const auto selector = [&](const char* name, const std::array<std::uint8_t, 4>& sel, Type type) {
        std::string what = std::string("V") + name + "'s lanes " + std::to_string(lanes - 1) + ".." + "0 take elements ";
        for (int i = lanes - 1; i >= 0; --i)
            what += std::to_string(sel[static_cast<std::size_t>(i)]) + (i ? ", " : "");
        what += " of the pair {b:a} (R2), each " + std::string(type == Type::s32 ? "sign" : "zero") +
                "-extended by " + name + "type (R3)";
        t.part(name + detail::simd_selector_spelling(info.selector_prefix, lanes, sel), what);
    };
    selector("a", in.simd_asel, in.atype);
    selector("b", in.simd_bsel, in.btype);
    t.part("op", "t[i] = " + formula(in) + " in each lane, exact on the extended values (R5)");
    std::string keep = "t[i]'s low " + std::to_string(bits) + " bits";
    if (in.sat) {
        keep = "t[i] clamped to " + lane_range(in.dtype, bits);
        t.part(".sat", "each lane's t[i] is clamped to d's lane range " + lane_range(in.dtype, bits) + " (R7)");
    }
    const std::string m = "d" + detail::mask_spelling(info.selector_prefix, lanes, mask);
    const std::string default_mask = mask == info.default_mask ? " (the default mask)" : "";
    if (in.op2 == Op2::add) {
        t.part(".add", "d = c + the sum of the exact t[i] over the mask's lanes, mod 2^32 (R11)");
        t.part(m, "the lanes summed (R4)" + default_mask);
    } else {
        t.part(m, std::string("the lanes of d that take ") + (set ? "t[i] (0 or 1)" : keep) +
                      "; the others keep c's lane (R4, R10)" + default_mask);
    }
}

void lane_diagram(const Instr& in, Text& t) {
    const int lanes = lanes_of(in.geometry), bits = lane_bits(in.geometry);
    const unsigned mask = in.mask & ((1u << lanes) - 1u);
    t.o << "\nlanes (top lane first):\n";
    for (int i = lanes - 1; i >= 0; --i) {
        const auto at = static_cast<std::size_t>(i);
        std::string line = "  lane " + std::to_string(i) + ": Va = " + element(in.simd_asel[at], lanes) +
                           ", Vb = " + element(in.simd_bsel[at], lanes);
        const int lo = i * bits;
        const std::string dbits = "d bits " + std::to_string(lo + bits - 1) + ".." + std::to_string(lo);
        if (in.op2 == Op2::add) {
            line += ((mask >> i) & 1u) ? "; summed" : "; not summed";
        } else {
            const std::string ti = "t[" + std::to_string(i) + "]";
            line += ((mask >> i) & 1u) ? "; " + dbits + " = " + (in.sat ? "sat(" + ti + ")" : ti + " mod 2^" + std::to_string(bits))
                                       : "; " + dbits + " = c's (not in the mask)";
        }
        t.o << line << "\n";
    }
    if (in.op2 == Op2::add) {
        std::string sum = "  d = c";
        for (int i = lanes - 1; i >= 0; --i)
            if ((mask >> i) & 1u) sum += " + t[" + std::to_string(i) + "]";
        t.o << sum << " (mod 2^32)\n";
    }
}

void word_diagram(const Instr& in, Text& t) {
    t.o << "\nword:\n  d = ";
    const std::string expr = formula(in);
    std::string out = "t";
    if (in.op2 != Op2::none) {
        out = in.op2 == Op2::add ? op2_input(in) + " + c" : std::string(spelling(in.op2)) + "(" + op2_input(in) + ", c)";
    } else if (part(in.dsel)) {
        out = "c with " + part_bits(in.dsel) + " from t";
    }
    t.o << out << ", t = " << (in.sat ? "sat(" + expr + ")" : expr) << "\n";
    const auto from = [](const char* name, Sel s) { return std::string(name) + "'s " + part_bits(s); };
    t.o << "  Va = " << from("a", in.asel) << ", Vb = " << from("b", in.bsel)
        << (in.operation == Operation::mad ? ", Vc = c's bits 31..0" : "") << "\n";
}

}  // namespace

std::string explain_text(const Instr& in) {
    const spec::OpcodeInfo& info = spec::kOpcodes[in.opcode];
    const std::string canonical = print(in);
    // The canonical form is "[@[!]p ]mnemonic operands;".
    const std::string guard = in.guard.empty() ? "" : (in.guard_neg ? "@!" : "@") + in.guard + " ";
    const std::size_t at = guard.size();
    const std::string mnemonic = canonical.substr(at, canonical.find(' ', at) - at);
    const bool simd = in.geometry != Geometry::scalar;
    const int lanes = lanes_of(in.geometry);
    Text t;
    t.o << canonical << "\n";

    // The form with every default written out, the operands named d, a, b, c.
    std::string full = guard + mnemonic + " d";
    if (simd) {
        const char prefix = info.selector_prefix;
        full += detail::mask_spelling(prefix, lanes, in.mask & ((1u << lanes) - 1u)) +
                ", a" + detail::simd_selector_spelling(prefix, lanes, in.simd_asel) +
                ", b" + detail::simd_selector_spelling(prefix, lanes, in.simd_bsel) + ", c";
    } else {
        full += suffix(in.dsel);
        full += std::string(", ") + (in.neg_a ? "-" : "") + "a" + suffix(in.asel);
        full += std::string(", ") + (in.neg_b ? "-" : "") + "b" + suffix(in.bsel);
        if (in.has_c) full += std::string(", ") + (in.neg_c ? "-" : "") + "c";
    }
    t.o << "in full: " << full << "\n";
    std::string with = "d = " + in.d.name + ", a = " + operand_name(in.a) + ", b = " + operand_name(in.b);
    if (in.has_c) with += ", c = " + operand_name(in.c);
    if (with != "d = d, a = a, b = b" && with != "d = d, a = a, b = b, c = c") t.o << "  with " << with << "\n";
    t.o << "\n";

    const std::string shape = simd ? std::to_string(lanes) + " lanes of " + std::to_string(lane_bits(in.geometry)) +
                                         " bits (" + (lanes == 4 ? "bytes" : "half-words") + ")"
                                   : "32-bit words";
    if (!guard.empty()) {
        t.part(guard.substr(0, guard.size() - 1), std::string("runs only where ") + in.guard + " is " +
                                                      (in.guard_neg ? "false" : "true") + "; elsewhere d keeps its value");
    }
    t.part(info.name, std::string("the ") + operation_words(in.operation) + ", on " + shape +
                          (in.operation == Operation::set ? ", ." + std::string(spelling(in.cmp)) : ""));
    if (in.has_dtype) {
        t.part("." + std::string(spelling(in.dtype)),
               std::string("dtype: d is ") + signedness(in.dtype) +
                   (in.operation == Operation::mad ? " (never read: R13)"
                    : simd                          ? "; read only by .sat"
                                                    : "; read by .sat and the secondary operation"));
    } else {
        t.part("(no dtype)", "vset yields 0 or 1 and has no .sat (R14)");
    }
    t.part("." + std::string(spelling(in.atype)), std::string("atype: a's ") + (simd ? "lanes are " : "value is ") +
                                                       signedness(in.atype));
    t.part("." + std::string(spelling(in.btype)), std::string("btype: b's ") + (simd ? "lanes are " : "value is ") +
                                                       signedness(in.btype));
    if (simd) {
        simd_parts(in, t, info);
        lane_diagram(in, t);
    } else {
        scalar_parts(in, t);
        word_diagram(in, t);
    }

    t.o << "\nreadings (SEMANTICS.md; docs/readings.md where an H100 differs from the manual):\n";
    std::istringstream ids(info.readings);
    for (std::string id; ids >> id;) {
        for (const spec::ReadingInfo& r : spec::kReadings) {
            if (id != r.id) continue;
            bool hardware = false;
            for (const char* h : kHardwareReadings) hardware = hardware || id == h;
            t.o << "  " << id << (id.size() < 3 ? "  " : " ") << r.title;
            if (hardware) t.o << " [docs/readings.md: as an H100 computes it]";
            t.o << "\n";
        }
    }
    return t.o.str();
}

}  // namespace ptxv
