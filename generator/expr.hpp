// ptxv-gen: the bodies of generated functions as typed expression trees.
//
// The plan pass (lower.cpp) builds each body as a list of let-bindings and a
// returned expression over the function's parameters; the printers (the C++
// one, print_cpp.cpp, and the C99 one of ptxv explain, print_c99.cpp) turn
// trees into text, and every question about a body (which names it uses,
// whether two bodies are the same) is asked of the tree.
//
// Every node has a type, checked as the tree is built: an operator on
// operands it does not take, or a call of a helper with the wrong number or
// types of arguments, is a std::logic_error in the generator rather than an
// error in the compiled header. The helpers a body may call (the
// detail:: functions of generator/primitives/scalar.hpp and lanes.hpp, and
// their C99 forms in c99.h) are declared once, in expr.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ptxv::gen::ir {

// Value types. u32 and uint are the same 32-bit unsigned type, declared as
// `u32` and `unsigned` (a shift amount, a selector's field); int is a plain
// integer literal, which converts to every integer type. sel, dsel, neg and
// mask are the run-time parameters the helpers decode (a source selector, a
// d selector, a vmad negation set, a lane mask): opaque, whatever form
// (unsigned or pre-decoded) the caller passes.
enum class Ty : std::uint8_t { boolean, int_, u32, uint, u64, i64, sel, dsel, neg, mask };
const char* spelling(Ty t);

enum class Un : std::uint8_t { bnot, lnot };  // ~ !
enum class Bin : std::uint8_t { add, sub, mul, band, bor, bxor, shl, shr, eq, ne, lt, le, gt, ge };
const char* spelling(Bin op);  // "+"

// A declared helper: detail::name, or detail::lanes<N>::name for a lane
// helper, with `targs` bool template arguments.
struct Helper {
    const char* name;
    bool lane;
    int targs;
    Ty result;
    std::vector<Ty> params;
};

struct Node;

// An expression: a handle on an immutable, shared node.
class E {
public:
    E() = default;
    explicit E(std::shared_ptr<const Node> n) : n_(std::move(n)) {}
    const Node& operator*() const { return *n_; }
    const Node* operator->() const { return n_.get(); }
    // Not operator bool: !x builds a node (operator! below).
    bool null() const { return n_ == nullptr; }
    Ty ty() const;

private:
    std::shared_ptr<const Node> n_;
};

struct Node {
    enum class Kind : std::uint8_t { var, lit, unary, binary, select, cast, call, paren };
    Kind kind = Kind::var;
    Ty ty = Ty::u32;
    std::string text;  // var: the name
    // lit: the value (two's complement for a negative i64) and its spelling.
    std::uint64_t value = 0;
    bool hex = false;
    int digits = 0;  // hex: at least this many digits
    Un un = Un::bnot;
    Bin bin = Bin::add;
    bool brace = false;  // cast: T{x} rather than static_cast<T>(x)
    const Helper* fn = nullptr;
    int lanes = 0;                 // call of a lane helper: detail::lanes<lanes>::
    std::vector<bool> targs;       // call: template arguments
    std::vector<E> args;           // operands, select's (cond, x, y), call's arguments
};

// Leaves.
E var(const std::string& name, Ty t);
E lit(Ty t, std::uint64_t value);                     // decimal: 0u, 31u, 1
E hex(Ty t, std::uint64_t value, int digits);         // 0x7fffffffu, 0x0001000100010001ull
E shex(std::int64_t value);                           // an i64 in hex, with its sign: -0x80000000ll

// Operators. Arithmetic and bitwise operands are integers of one width (an
// int literal takes the other's type; u32 widens to i64 or u64); the result
// has that type. A shift has its left operand's type; a compare is bool.
E unary(Un op, const E& x);
E binary(Bin op, const E& x, const E& y);
inline E operator~(const E& x) { return unary(Un::bnot, x); }
inline E operator!(const E& x) { return unary(Un::lnot, x); }
inline E operator+(const E& x, const E& y) { return binary(Bin::add, x, y); }
inline E operator-(const E& x, const E& y) { return binary(Bin::sub, x, y); }
inline E operator*(const E& x, const E& y) { return binary(Bin::mul, x, y); }
inline E operator&(const E& x, const E& y) { return binary(Bin::band, x, y); }
inline E operator|(const E& x, const E& y) { return binary(Bin::bor, x, y); }
inline E operator^(const E& x, const E& y) { return binary(Bin::bxor, x, y); }
inline E operator<<(const E& x, const E& y) { return binary(Bin::shl, x, y); }
inline E operator>>(const E& x, const E& y) { return binary(Bin::shr, x, y); }
// Named, not ==: E is a handle, and the compares build nodes.
inline E eq(const E& x, const E& y) { return binary(Bin::eq, x, y); }
inline E ne(const E& x, const E& y) { return binary(Bin::ne, x, y); }
inline E lt(const E& x, const E& y) { return binary(Bin::lt, x, y); }
inline E le(const E& x, const E& y) { return binary(Bin::le, x, y); }
inline E gt(const E& x, const E& y) { return binary(Bin::gt, x, y); }
inline E ge(const E& x, const E& y) { return binary(Bin::ge, x, y); }

// cond ? x : y without a branch; x and y of one type (u32 or i64).
E select(const E& cond, const E& x, const E& y);
// A conversion to t: static_cast<t>(x), or t{x} (a widening that cannot
// narrow) when `brace`.
E cast(Ty t, const E& x, bool brace = false);
// A call of the declared helper `name` ("xs32", or a lane helper "hsum" with
// lanes 2 or 4), with its template arguments.
E call(const char* name, std::vector<E> args, std::vector<bool> targs = {});
E lane_call(int lanes, const char* name, std::vector<E> args);
// Explicit grouping, (x): kept where the printed form groups what the
// printer's own rule would not.
E paren(const E& x);

// A body: let-bindings in order, then the result.
struct Let {
    Ty ty;
    std::string name;
    E value;
};
struct Body {
    std::vector<Let> lets;
    E result;

    // Binds `name` to x (declared as t, which x must convert to) and returns
    // the variable.
    E let(Ty t, const std::string& name, const E& x);
    void ret(const E& x) { result = x; }
};

// Structure: the same nodes with the same values.
bool same(const E& x, const E& y);
bool same(const Body& x, const Body& y);
std::size_t hash(const E& x);
std::size_t hash(const Body& b);

// How often the variable `name` is read in the body.
int uses(const Body& b, const std::string& name);

// The C++ printer (print_cpp.cpp): an expression, and a body as the
// statements of a function, four spaces in, one per line.
std::string cpp(const E& x);
std::string cpp(const Body& b);

// The C99 printer (print_c99.cpp), for `ptxv explain --c`: a body as the
// statements of a C function over <stdint.h>, in the same layout. A helper
// `name` is called as @_name (generator/primitives/c99.h's vx_name, renamed
// per function when printed): scalar ones with their template arguments as
// trailing 1s and 0s; a lane helper as @_nameN where `has(nameN)` (its byte
// and half-word forms differ), else as @_name with the lane width (8u, 16u)
// last.
std::string c99(const Body& b, bool (*has)(const std::string& helper));

}  // namespace ptxv::gen::ir
