// The C++ that replaces a translated asm statement: one block, operands in
// locals named after GCC's numbers, each instruction one call of its
// generated function (ptxv::spec::kVariants names it) with compile-time
// selectors, masks and negations.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "ptxv/compile.hpp"
#include "ptxv/translate.hpp"
#include "ptxv_tables.hpp"

namespace ptxv::translate {

namespace {

// %N -> _ptxvN, temporaries -> _ptxv_<name>; an integer (a mov's source)
// as itself.
std::string local(const std::string& reg) {
    if (!reg.empty() && (std::isdigit(static_cast<unsigned char>(reg[0])) || reg[0] == '-'))
        return "static_cast<std::uint32_t>(" + reg + ")";
    if (!reg.empty() && reg[0] == '%') return "_ptxv" + reg.substr(1);
    return "_ptxv_" + reg;
}

std::string value(const Operand& op) {
    if (op.kind == Operand::Kind::imm) return std::to_string(op.imm) + "u";
    return local(op.name);
}

std::string hex(unsigned v) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    do {
        s.insert(s.begin(), digits[v & 15u]);
        v >>= 4;
    } while (v != 0);
    return "0x" + s;
}

std::string sel_name(Sel s) { return std::string("ptxv::sel::") + (s == Sel::none ? "none" : spelling(s)); }

std::string simd_sel(const std::array<std::uint8_t, 4>& sel, int lanes) {
    unsigned v = 0;
    for (int i = lanes - 1; i >= 0; --i) v = v * 16 + sel[static_cast<std::size_t>(i)];
    return hex(v);
}

std::string mask_name(std::uint8_t mask, Geometry g) {
    std::string s = g == Geometry::half ? "h" : "b";
    for (int i = lanes_of(g) - 1; i >= 0; --i)
        if ((mask >> i) & 1u) s += static_cast<char>('0' + i);
    return "ptxv::mask::" + s;
}

// The call computing one video instruction's d.
std::string call(const Instr& in) {
    const int v = variant_of(in);
    std::string args;
    if (in.geometry != Geometry::scalar) {
        const int lanes = lanes_of(in.geometry);
        args = simd_sel(in.simd_asel, lanes) + ", " + simd_sel(in.simd_bsel, lanes) + ", " + mask_name(in.mask, in.geometry);
    } else if (in.operation == Operation::mad) {
        std::string neg;
        for (const auto& [on, name] : {std::pair{in.neg_a, "a"}, std::pair{in.neg_b, "b"}, std::pair{in.neg_c, "c"}})
            if (on) neg += std::string(neg.empty() ? "" : " | ") + "ptxv::neg::" + name;
        args = sel_name(in.asel) + ", " + sel_name(in.bsel) + ", " + (neg.empty() ? "ptxv::neg::none" : neg);
    } else if (in.op2 == Op2::none) {
        args = sel_name(in.asel) + ", " + sel_name(in.bsel) + ", " + sel_name(in.dsel);
    } else {
        args = sel_name(in.asel) + ", " + sel_name(in.bsel);
    }
    std::string operands = value(in.a) + ", " + value(in.b);
    if (in.has_c) operands += ", " + value(in.c);
    return std::string("ptxv::") + spec::kVariants[v].function + "<" + args + ">(" + operands + ")";
}

// A plain 32-bit integer instruction's value, as PTX defines it and without
// a branch or undefined behaviour: a shift by 32 or more gives 0 (shl, the
// logical shr) or the sign in every bit (shr.s32), as PTX clamps the amount.
// The instructions of more than a line each are immediately called lambdas
// over the operands' locals, in 64 bits where a shift may reach 32.
std::string int32(const TemplateLine& line) {
    const std::string& op = line.op;
    const std::string a = local(line.srcs[0]);
    if (op == "not") return "~" + a;
    if (op.rfind("cvt_", 0) == 0) {
        // cvt_D_A: a's low bits extended by A, then the low bits of that
        // extended by D; each zero- or sign-extension a mask, or (x ^ top) - top.
        const auto extend = [](const std::string& x, const std::string& type) {
            const std::string bits = type.substr(1);
            if (bits == "32") return x;
            const std::string mask = bits == "8" ? "0xffu" : "0xffffu", top = bits == "8" ? "0x80u" : "0x8000u";
            if (type[0] == 'u') return "(" + x + " & " + mask + ")";
            return "static_cast<std::uint32_t>(((" + x + " & " + mask + ") ^ " + top + ") - " + top + ")";
        };
        const std::size_t sep = op.find('_', 4);
        return extend(extend(a, op.substr(sep + 1)), op.substr(4, sep - 4));
    }
    const std::string b = local(line.srcs[1]);
    if (op == "min_u" || op == "max_u")
        return "(" + a + (op == "min_u" ? " < " : " > ") + b + " ? " + a + " : " + b + ")";
    if (op == "min_s" || op == "max_s")
        return "(static_cast<std::int32_t>(" + a + ")" + (op == "min_s" ? " < " : " > ") + "static_cast<std::int32_t>(" +
               b + ") ? " + a + " : " + b + ")";
    if (op.rfind("setp_", 0) == 0) {
        // 1 where the compare holds: lo ls hi hs are lt le gt ge unsigned.
        const std::string cmp = op.substr(5, 2);
        const bool is_signed = op.back() == 's';
        const std::string x = is_signed ? "static_cast<std::int32_t>(" + a + ")" : a;
        const std::string y = is_signed ? "static_cast<std::int32_t>(" + b + ")" : b;
        const std::string sym = cmp == "eq" ? " == " : cmp == "ne" ? " != " : cmp == "lt" || cmp == "lo" ? " < "
                                : cmp == "le" || cmp == "ls" ? " <= " : cmp == "gt" || cmp == "hi" ? " > " : " >= ";
        return "static_cast<std::uint32_t>(" + x + sym + y + ")";
    }
    if (op == "selp") return "(" + local(line.srcs[2]) + " != 0u ? " + a + " : " + b + ")";
    const std::string lambda = "[&]() -> std::uint32_t { ";
    if (op == "prmt") {
        // Default mode: d's byte i is byte (c >> 4i) & 7 of {b, a}, or that
        // byte's sign in all its bits where bit 3 of the selector is set.
        const std::string c = local(line.srcs[2]);
        return lambda + "const std::uint64_t w = (std::uint64_t{" + b + "} << 32) | " + a +
               "; std::uint32_t d = 0; for (unsigned i = 0; i < 4u; ++i) { const std::uint32_t s = (" + c +
               " >> (4u * i)) & 15u; const std::uint32_t v = static_cast<std::uint32_t>(w >> (8u * (s & 7u))) & 0xffu; "
               "d |= ((s & 8u) != 0u ? (0u - (v >> 7)) & 0xffu : v) << (8u * i); } return d; }()";
    }
    if (op == "bfe_u" || op == "bfe_s") {
        // len bits from bit pos (each the low byte of its operand), those
        // past bit 31 not read; the rest 0 (.u32) or the field's top bit
        // (.s32; 0 when len is 0).
        const std::string c = local(line.srcs[2]);
        std::string e = lambda + "const std::uint32_t pos = " + b + " & 0xffu, len = " + c +
                        " & 0xffu; const std::uint32_t p = pos < 32u ? pos : 32u; const std::uint32_t n = len < 32u - p ? "
                        "len : 32u - p; const std::uint32_t m = static_cast<std::uint32_t>((std::uint64_t{1} << n) - 1u); "
                        "const std::uint32_t v = static_cast<std::uint32_t>(std::uint64_t{" + a + "} >> p) & m; ";
        if (op == "bfe_u") return e + "return v; }()";
        return e + "const std::uint32_t top = pos + len - 1u < 31u ? pos + len - 1u : 31u; const std::uint32_t sbit = len == "
                   "0u ? 0u : (" + a + " >> top) & 1u; return v | ((0u - sbit) & ~m); }()";
    }
    if (op == "bfi") {
        // b with a's low len bits written from bit pos, those past bit 31 dropped.
        const std::string c = local(line.srcs[2]), d = local(line.srcs[3]);
        return lambda + "const std::uint32_t pos = " + c + " & 0xffu, len = " + d +
               " & 0xffu; const std::uint32_t p = pos < 32u ? pos : 32u; const std::uint32_t n = len < 32u - p ? len : "
               "32u - p; const std::uint32_t m = static_cast<std::uint32_t>(((std::uint64_t{1} << n) - 1u) << p); return (" +
               b + " & ~m) | (static_cast<std::uint32_t>(std::uint64_t{" + a + "} << p) & m); }()";
    }
    if (op == "lop3") {
        // Bit i of the truth table is the result where a, b, c hold the bits
        // of i (a the 4s, c the 1s): the OR of the minterms it sets.
        // The table's low 8 bits, as ptxas reads the immediate.
        const unsigned lut = static_cast<unsigned>(std::strtoull(line.srcs[3].c_str(), nullptr, 0)) & 0xffu;
        const std::string c = local(line.srcs[2]);
        std::string e;
        for (unsigned i = 0; i < 8; ++i) {
            if (((lut >> i) & 1u) == 0) continue;
            e += std::string(e.empty() ? "" : " | ") + "(" + ((i & 4u) ? a : "~" + a) + " & " + ((i & 2u) ? b : "~" + b) +
                 " & " + ((i & 1u) ? c : "~" + c) + ")";
        }
        return e.empty() ? "0u" : "static_cast<std::uint32_t>(" + e + ")";
    }
    if (op.rfind("shf_", 0) == 0) {
        // {b, a} as 64 bits shifted by c (.wrap: c & 31; .clamp: at most 32):
        // .l its high word, .r its low one.
        const std::string c = local(line.srcs[2]);
        const bool left = op[4] == 'l', wrap = op.find("wrap") != std::string::npos;
        const std::string n = wrap ? "(" + c + " & 31u)" : "(" + c + " < 32u ? " + c + " : 32u)";
        const std::string w = "((std::uint64_t{" + b + "} << 32) | " + a + ")";
        return left ? "static_cast<std::uint32_t>((" + w + " << " + n + ") >> 32)"
                    : "static_cast<std::uint32_t>(" + w + " >> " + n + ")";
    }
    if (op == "and") return "(" + a + " & " + b + ")";
    if (op == "or") return "(" + a + " | " + b + ")";
    if (op == "xor") return "(" + a + " ^ " + b + ")";
    if (op == "add") return "static_cast<std::uint32_t>(" + a + " + " + b + ")";
    if (op == "sub") return "static_cast<std::uint32_t>(" + a + " - " + b + ")";
    if (op == "mul_lo") return "static_cast<std::uint32_t>(" + a + " * " + b + ")";
    const std::string in_range = "(0u - static_cast<std::uint32_t>(" + b + " < 32u))";
    if (op == "shl") return "((" + a + " << (" + b + " & 31u)) & " + in_range + ")";
    if (op == "shr_u") return "((" + a + " >> (" + b + " & 31u)) & " + in_range + ")";
    // shr.s32: the bits flipped by the sign before and after a logical shift
    // by min(b, 31), which fills with the sign.
    const std::string sign = "(0u - (" + a + " >> 31))";
    return "((((" + a + " ^ " + sign + ") >> (" + b + " < 32u ? " + b + " : 31u)) ^ " + sign + "))";
}

}  // namespace

std::string emit_statement(const AsmStatement& st, const DecodedTemplate& d) {
    std::string o = "{";
    const std::size_t n_out = st.outputs.size();
    const auto read_write = [](const AsmOperand& op) { return op.constraint.find('+') != std::string::npos; };
    // Inputs, and "+r" outputs, read first, as GCC does before the asm runs.
    // A "+r" output's lvalue is bound once, by reference, and read and
    // written through it: GCC evaluates its expression (p[i++]) once.
    for (std::size_t k = 0; k < n_out + st.inputs.size(); ++k) {
        const AsmOperand& op = k < n_out ? st.outputs[k] : st.inputs[k - n_out];
        const std::string n = std::to_string(k);
        if (k < n_out && read_write(op)) {
            o += " auto&& _ptxvref" + n + " = (" + op.expr + "); std::uint32_t _ptxv" + n +
                 " = static_cast<std::uint32_t>(_ptxvref" + n + ");";
            continue;
        }
        o += " std::uint32_t _ptxv" + n;
        if (k >= n_out) o += " = static_cast<std::uint32_t>(" + op.expr + ")";
        o += ";";
    }
    // An input tied to an output ("0"(x)) is that output's register on entry.
    for (std::size_t i = 0; i < d.tied_to.size(); ++i)
        if (d.tied_to[i] >= 0) o += " _ptxv" + std::to_string(d.tied_to[i]) + " = _ptxv" + std::to_string(n_out + i) + ";";
    for (const TemplateLine& line : d.lines) {
        switch (line.kind) {
            case TemplateLine::Kind::reg:
                for (const auto& r : line.regs) o += " std::uint32_t " + local(r) + " = 0;";
                break;
            case TemplateLine::Kind::mov: o += " " + local(line.dst) + " = " + local(line.src) + ";"; break;
            case TemplateLine::Kind::int32: o += " " + local(line.dst) + " = " + int32(line) + ";"; break;
            case TemplateLine::Kind::video: o += " " + local(line.instr.d.name) + " = " + call(line.instr) + ";"; break;
        }
    }
    for (std::size_t k = 0; k < n_out; ++k) {
        const std::string n = std::to_string(k);
        if (read_write(st.outputs[k])) o += " _ptxvref" + n + " = _ptxv" + n + ";";
        else o += " (" + st.outputs[k].expr + ") = _ptxv" + n + ";";
    }
    return o + " }";
}

}  // namespace ptxv::translate
