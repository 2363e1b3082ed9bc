// The two forms of a variant around its body, for generated/ptxv.hpp: each is
// stated once here, and ptxv-gen prints one line per variant naming its body
// and the family's parameter check. ptxv-gen copies each region between its
// markers verbatim (generator/fragments.hpp).
//
// Each macro is used inside namespace ptxv, after the variant's bodies:
//   F      the variant's name (vadd4_s32_u32_u32_sat)
//   CHECK  the family's detail::params_* function template, the
//          static_asserts on the template arguments
// The compile-time form chooses a body with if constexpr, so that neither
// form has a branch in its code. No include guard: a second inclusion
// defines the same macros again, which the language allows, and with
// PTXV_FORMS_END_CHECK defined also compiles the region that ends ptxv.hpp
// (check/forms.cpp).

// ptxv-gen: begin forms
// A SIMD variant: detail::k::F(A, B, c, m) is the lane operation on the
// selected operands; rt::F selects from {b:a} at run time, F<Asel, Bsel, Mask>
// at compile time, with lanes<N>::pick (the lanes the mask drops are not
// picked). ASEL, BSEL and MASK are the defaults of the PTX spelling. rt::F
// clears the lanes the mask drops, which changes no result (each lane's
// operation is its own) but, where the mask is a constant (a call of the
// device library), lets the compiler drop their arithmetic as pick does.
#define PTXV_SIMD_FORMS(N, F, CHECK, ASEL, BSEL, MASK)                                                          \
    namespace rt {                                                                                              \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c, unsigned asel, unsigned bsel, unsigned mask) noexcept {      \
        const u32 live = detail::lanes<N>::mask(mask);                                                          \
        return detail::k::F(detail::lanes<N>::select(a, b, asel) & live,                                        \
                            detail::lanes<N>::select(a, b, bsel) & live, c, mask);                              \
    }                                                                                                           \
    }                                                                                                           \
    template <unsigned Asel = ASEL, unsigned Bsel = BSEL, unsigned Mask = MASK>                                 \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c) noexcept {                                                     \
        detail::CHECK<Asel, Bsel, Mask>();                                                                      \
        return detail::k::F(detail::lanes<N>::pick<Asel, Mask>(a, b), detail::lanes<N>::pick<Bsel, Mask>(a, b), \
                            c, Mask);                                                                           \
    }

// A scalar variant's body choosers, X its last run-time argument:
// rt::F(a, b, c, asel, bsel, X) serves every form; PTXV_PART_BODY takes
// rt::part::F for two byte/half-word sources; PTXV_WHOLE_BODY takes
// rt::whole::F(a, b, asel, bsel) for d without a selector (c unread) and what
// follows F for the others. Each _FORMS macro below names its variant's bodies.
#define PTXV_RT_BODY(F, X) return rt::F(a, b, c, Asel, Bsel, X);
#define PTXV_PART_BODY(F, X)                                 \
    if constexpr (Asel != sel::none && Bsel != sel::none) {  \
        return rt::part::F(a, b, c, Asel, Bsel, X);          \
    } else {                                                 \
        PTXV_RT_BODY(F, X)                                   \
    }
#define PTXV_WHOLE_BODY(F, ...)                 \
    if constexpr (Dsel == sel::none) {          \
        static_cast<void>(c);                   \
        return rt::whole::F(a, b, Asel, Bsel);  \
    } else {                                    \
        __VA_ARGS__                             \
    }

// A scalar variant whose last parameter is unused (a secondary operation, so
// no d selector), and one with a d selector; what follows CHECK chooses the body.
#define PTXV_OP2_FORM(F, CHECK, ...)                                \
    template <unsigned Asel = sel::none, unsigned Bsel = sel::none> \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c) noexcept {         \
        detail::CHECK<Asel, Bsel>();                                \
        __VA_ARGS__                                                 \
    }
#define PTXV_DSEL_FORM(F, CHECK, ...)                                                          \
    template <unsigned Asel = sel::none, unsigned Bsel = sel::none, unsigned Dsel = sel::none> \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c = 0) noexcept {                                \
        detail::CHECK<Asel, Bsel, Dsel>();                                                     \
        __VA_ARGS__                                                                            \
    }
#define PTXV_OP2_FORMS(F, CHECK) PTXV_OP2_FORM(F, CHECK, PTXV_RT_BODY(F, 0u))
#define PTXV_OP2_PART_FORMS(F, CHECK) PTXV_OP2_FORM(F, CHECK, PTXV_PART_BODY(F, 0u))
#define PTXV_DSEL_FORMS(F, CHECK) PTXV_DSEL_FORM(F, CHECK, PTXV_RT_BODY(F, Dsel))
#define PTXV_DSEL_PART_FORMS(F, CHECK) PTXV_DSEL_FORM(F, CHECK, PTXV_PART_BODY(F, Dsel))
#define PTXV_DSEL_WHOLE_FORMS(F, CHECK) PTXV_DSEL_FORM(F, CHECK, PTXV_WHOLE_BODY(F, PTXV_RT_BODY(F, Dsel)))
#define PTXV_DSEL_WHOLE_PART_FORMS(F, CHECK) PTXV_DSEL_FORM(F, CHECK, PTXV_WHOLE_BODY(F, PTXV_PART_BODY(F, Dsel)))

// vmad: Neg the negated operands.
#define PTXV_NEG_FORMS(F, CHECK)                                                              \
    template <unsigned Asel = sel::none, unsigned Bsel = sel::none, unsigned Neg = neg::none> \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c) noexcept {                                   \
        detail::CHECK<Asel, Bsel, Neg>();                                                     \
        PTXV_RT_BODY(F, Neg)                                                                  \
    }
// ptxv-gen: end forms

// The end of ptxv.hpp: the macros are its own, not its users'.
#if defined(PTXV_FORMS_END_CHECK)
// ptxv-gen: begin forms_end
#undef PTXV_SIMD_FORMS
#undef PTXV_RT_BODY
#undef PTXV_PART_BODY
#undef PTXV_WHOLE_BODY
#undef PTXV_OP2_FORM
#undef PTXV_OP2_FORMS
#undef PTXV_OP2_PART_FORMS
#undef PTXV_DSEL_FORM
#undef PTXV_DSEL_FORMS
#undef PTXV_DSEL_PART_FORMS
#undef PTXV_DSEL_WHOLE_FORMS
#undef PTXV_DSEL_WHOLE_PART_FORMS
#undef PTXV_NEG_FORMS
// ptxv-gen: end forms_end
#endif
