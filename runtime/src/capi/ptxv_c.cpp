// ptxv: the C API (ptxv/ptxv.h) over the C++ one. No exception leaves it.
#include "ptxv/ptxv.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "ptxv/compile.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/parse.hpp"

struct ptxv_op {
    ptxv::Instr in;
    ptxv::Compiled fn;
    std::string text;
};

namespace {

using u32 = std::uint32_t;

void put_error(char* error, std::size_t size, const std::string& message) noexcept {
    if (error == nullptr || size == 0) return;
    const std::size_t n = std::min(message.size(), size - 1);
    std::memcpy(error, message.data(), n);
    error[n] = '\0';
}

bool is_imm(const ptxv::Operand& op) { return op.kind == ptxv::Operand::Kind::imm; }

// A source's words for the array forms: the caller's array, or an immediate's
// value (or c's 0 where there is no c) repeated in `buffer`.
struct Source {
    const u32* words = nullptr;
    bool constant = false;
    u32 value = 0;
};
Source source(const ptxv::Operand& op, bool present, const u32* array) {
    if (!present) return {nullptr, true, 0};
    if (is_imm(op)) return {nullptr, true, op.imm};
    return {array, false, 0};
}

}  // namespace

extern "C" {

ptxv_op* ptxv_compile(const char* instruction, char* error, size_t error_size) {
    if (instruction == nullptr) {
        put_error(error, error_size, "ptxv_compile: the instruction is NULL");
        return nullptr;
    }
    try {
        std::string message;
        std::optional<ptxv::Instr> in = ptxv::try_parse(instruction, &message);
        if (!in) {
            put_error(error, error_size, message);
            return nullptr;
        }
        auto* op = new ptxv_op{*in, ptxv::compile(*in), ptxv::print(*in)};
        put_error(error, error_size, "");
        return op;
    } catch (const std::bad_alloc&) {
        put_error(error, error_size, "ptxv_compile: out of memory");
    } catch (const std::exception& e) {
        put_error(error, error_size, e.what());
    }
    return nullptr;
}

void ptxv_free(ptxv_op* op) { delete op; }

uint32_t ptxv_eval(const ptxv_op* op, uint32_t a, uint32_t b, uint32_t c) {
    if (op == nullptr) return 0;
    const ptxv::Instr& in = op->in;
    return op->fn(ptxv::operand_value(in.a, a), ptxv::operand_value(in.b, b),
                  in.has_c ? ptxv::operand_value(in.c, c) : 0u);
}

uint32_t ptxv_eval_reference(const ptxv_op* op, uint32_t a, uint32_t b, uint32_t c) {
    if (op == nullptr) return 0;
    const ptxv::Instr& in = op->in;
    return ptxv::interpret(in, ptxv::operand_value(in.a, a), ptxv::operand_value(in.b, b),
                           in.has_c ? ptxv::operand_value(in.c, c) : 0u);
}

void ptxv_run(const ptxv_op* op, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d, size_t n) {
    if (op == nullptr || d == nullptr || n == 0) return;
    const ptxv::Instr& in = op->in;
    const Source sa = source(in.a, true, a), sb = source(in.b, true, b), sc = source(in.c, in.has_c, c);
    if ((!sa.constant && a == nullptr) || (!sb.constant && b == nullptr) || (!sc.constant && c == nullptr)) return;
    if (!sa.constant && !sb.constant) {
        if (sc.constant) op->fn.run(a, b, sc.value, d, n);
        else op->fn.run(a, b, c, d, n);
        return;
    }
    // An immediate a or b: its value repeated, a block at a time.
    constexpr std::size_t kBlock = 256;
    u32 ka[kBlock], kb[kBlock];
    std::fill(ka, ka + kBlock, sa.value);
    std::fill(kb, kb + kBlock, sb.value);
    for (std::size_t i = 0; i < n; i += kBlock) {
        const std::size_t m = std::min(kBlock, n - i);
        const u32* const pa = sa.constant ? ka : a + i;
        const u32* const pb = sb.constant ? kb : b + i;
        if (sc.constant) op->fn.run(pa, pb, sc.value, d + i, m);
        else op->fn.run(pa, pb, c + i, d + i, m);
    }
}

void ptxv_warp(const ptxv_op* op, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
               uint32_t active) {
    if (op == nullptr || d == nullptr) return;
    const ptxv::Instr& in = op->in;
    const Source sa = source(in.a, true, a), sb = source(in.b, true, b), sc = source(in.c, in.has_c, c);
    if ((!sa.constant && a == nullptr) || (!sb.constant && b == nullptr) || (!sc.constant && c == nullptr)) return;
    u32 ka[ptxv::kWarpSize], kb[ptxv::kWarpSize];
    std::fill(ka, ka + ptxv::kWarpSize, sa.value);
    std::fill(kb, kb + ptxv::kWarpSize, sb.value);
    const u32* const pa = sa.constant ? ka : a;
    const u32* const pb = sb.constant ? kb : b;
    if (sc.constant) op->fn.warp(pa, pb, sc.value, d, active);
    else op->fn.warp(pa, pb, c, d, active);
}

const char* ptxv_text(const ptxv_op* op) { return op == nullptr ? "" : op->text.c_str(); }

const char* ptxv_version(void) { return PTXV_VERSION_STRING; }

}  // extern "C"
