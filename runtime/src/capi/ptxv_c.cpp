// ptxv: the C API (ptxv/ptxv.h) over the C++ one. No exception leaves it.
#include "ptxv/ptxv.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <exception>
#include <iterator>
#include <new>
#include <optional>
#include <string>

#include "ptxv/compile.hpp"
#include "ptxv/explain.hpp"
#include "ptxv/interp.hpp"
#include "ptxv/lower.hpp"
#include "ptxv/parse.hpp"

struct ptxv_op {
    ptxv::Instr in;
    ptxv::Compiled fn;
    std::string text;
    std::string device_symbol;
};

namespace {

using u32 = std::uint32_t;

void put_error(char* error, std::size_t size, const std::string& message) noexcept {
    if (error == nullptr || size == 0) return;
    const std::size_t n = std::min(message.size(), size - 1);
    std::memcpy(error, message.data(), n);
    error[n] = '\0';
}

// The values the instruction sees for register values a, b, c: an
// immediate's from the text, 0 for a c it does not have.
struct Values {
    u32 a, b, c;
};
Values values(const ptxv::Instr& in, u32 a, u32 b, u32 c) {
    return {ptxv::operand_value(in.a, a), ptxv::operand_value(in.b, b), in.has_c ? ptxv::operand_value(in.c, c) : 0u};
}

// A source of the array forms: the caller's words, or (array null) one value
// for every element, an immediate's or a missing c's 0.
struct Source {
    const u32* array = nullptr;
    u32 value = 0;
};
struct Sources {
    Source a, b, c;
};
// nullopt where the instruction reads a register whose array is NULL.
std::optional<Sources> sources(const ptxv::Instr& in, const u32* a, const u32* b, const u32* c) {
    bool missing = false;
    const auto source = [&missing](const ptxv::Operand& op, bool present, const u32* array) {
        if (!present) return Source{};
        if (op.kind == ptxv::Operand::Kind::imm) return Source{nullptr, op.imm};
        missing = missing || array == nullptr;
        return Source{array, 0};
    };
    const Sources s{source(in.a, true, a), source(in.b, true, b), source(in.c, in.has_c, c)};
    if (missing) return std::nullopt;
    return s;
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
        ptxv::Compiled fn = ptxv::compile(*in);
        const std::string symbol = std::string("ptxv_") + fn.function_name();
        auto* op = new ptxv_op{*in, fn, ptxv::print(*in), symbol};
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
    const Values v = values(op->in, a, b, c);
    return op->fn(v.a, v.b, v.c);
}

uint32_t ptxv_eval_reference(const ptxv_op* op, uint32_t a, uint32_t b, uint32_t c) {
    if (op == nullptr) return 0;
    const Values v = values(op->in, a, b, c);
    return ptxv::interpret(op->in, v.a, v.b, v.c);
}

void ptxv_run(const ptxv_op* op, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d, size_t n) {
    if (op == nullptr || d == nullptr || n == 0) return;
    const std::optional<Sources> s = sources(op->in, a, b, c);
    if (!s) return;
    const auto run = [&](const u32* pa, const u32* pb, std::size_t i, std::size_t m) {
        if (s->c.array == nullptr) op->fn.run(pa, pb, s->c.value, d + i, m);
        else op->fn.run(pa, pb, c + i, d + i, m);
    };
    if (s->a.array != nullptr && s->b.array != nullptr) {
        run(a, b, 0, n);
        return;
    }
    // An immediate a or b: its value repeated, a block at a time.
    constexpr std::size_t kBlock = 256;
    u32 ka[kBlock], kb[kBlock];
    std::fill(ka, ka + kBlock, s->a.value);
    std::fill(kb, kb + kBlock, s->b.value);
    for (std::size_t i = 0; i < n; i += kBlock)
        run(s->a.array != nullptr ? a + i : ka, s->b.array != nullptr ? b + i : kb, i, std::min(kBlock, n - i));
}

void ptxv_warp(const ptxv_op* op, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
               uint32_t active) {
    if (op == nullptr || d == nullptr) return;
    const std::optional<Sources> s = sources(op->in, a, b, c);
    if (!s) return;
    u32 ka[ptxv::kWarpSize], kb[ptxv::kWarpSize];
    std::fill(ka, ka + ptxv::kWarpSize, s->a.value);
    std::fill(kb, kb + ptxv::kWarpSize, s->b.value);
    const u32* const pa = s->a.array != nullptr ? a : ka;
    const u32* const pb = s->b.array != nullptr ? b : kb;
    if (s->c.array == nullptr) op->fn.warp(pa, pb, s->c.value, d, active);
    else op->fn.warp(pa, pb, c, d, active);
}

const char* ptxv_text(const ptxv_op* op) { return op == nullptr ? "" : op->text.c_str(); }

const char* ptxv_device_symbol(const ptxv_op* op) { return op == nullptr ? "" : op->device_symbol.c_str(); }

size_t ptxv_device_args(const ptxv_op* op, uint32_t* args, size_t capacity) {
    if (op == nullptr) return 0;
    const u32 trailing[] = {op->fn.asel(), op->fn.bsel(), op->fn.x()};
    if (args != nullptr) std::copy_n(trailing, std::min(capacity, std::size(trailing)), args);
    return std::size(trailing);
}

int ptxv_explain(const ptxv_op* op, char* buf, size_t size, int format) {
    if (op == nullptr || (format != PTXV_EXPLAIN_TEXT && format != PTXV_EXPLAIN_C)) return -1;
    try {
        const std::string text = format == PTXV_EXPLAIN_C ? ptxv::explain_c(op->in) : ptxv::explain_text(op->in);
        if (buf != nullptr && size > 0) {
            const std::size_t n = std::min(text.size(), size - 1);
            std::memcpy(buf, text.data(), n);
            buf[n] = '\0';
        }
        return static_cast<int>(text.size());
    } catch (const std::exception&) {
        return -1;
    }
}

int ptxv_lower_ptx(const char* module, char* out, size_t out_size, char* error, size_t error_size) {
    if (module == nullptr) {
        put_error(error, error_size, "the module is NULL");
        return -1;
    }
    try {
        const std::string text = ptxv::lower_module(module).ptx;
        if (text.size() > static_cast<std::size_t>(INT_MAX)) {
            put_error(error, error_size, "the lowered module is longer than INT_MAX");
            return -1;
        }
        if (out != nullptr && out_size > 0) {
            const std::size_t n = std::min(text.size(), out_size - 1);
            std::memcpy(out, text.data(), n);
            out[n] = '\0';
        }
        return static_cast<int>(text.size());
    } catch (const std::exception& e) {
        put_error(error, error_size, e.what());
        return -1;
    }
}

const char* ptxv_version(void) { return PTXV_VERSION_STRING; }

}  // extern "C"
