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
// picked). ASEL, BSEL and MASK are the defaults of the PTX spelling.
#define PTXV_SIMD_FORMS(N, F, CHECK, ASEL, BSEL, MASK)                                                          \
    namespace rt {                                                                                              \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c, unsigned asel, unsigned bsel, unsigned mask) noexcept {      \
        return detail::k::F(detail::lanes<N>::select(a, b, asel), detail::lanes<N>::select(a, b, bsel), c,     \
                            mask);                                                                              \
    }                                                                                                           \
    }                                                                                                           \
    template <unsigned Asel = ASEL, unsigned Bsel = BSEL, unsigned Mask = MASK>                                 \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c) noexcept {                                                     \
        detail::CHECK<Asel, Bsel, Mask>();                                                                      \
        return detail::k::F(detail::lanes<N>::pick<Asel, Mask>(a, b), detail::lanes<N>::pick<Bsel, Mask>(a, b), \
                            c, Mask);                                                                           \
    }

// A scalar variant whose last parameter is unused (a secondary operation, so
// no d selector): rt::F(a, b, c, asel, bsel, x) is its body; with _PART, so is
// rt::part::F for two byte/half-word sources. The _FORM macros hold what the
// forms share, the body chooser following CHECK.
#define PTXV_OP2_FORM(F, CHECK, ...)                                \
    template <unsigned Asel = sel::none, unsigned Bsel = sel::none> \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c) noexcept {         \
        detail::CHECK<Asel, Bsel>();                                \
        __VA_ARGS__                                                 \
    }
#define PTXV_OP2_FORMS(F, CHECK) PTXV_OP2_FORM(F, CHECK, return rt::F(a, b, c, Asel, Bsel, 0u);)
#define PTXV_OP2_PART_FORMS(F, CHECK)                                            \
    PTXV_OP2_FORM(F, CHECK, if constexpr (Asel != sel::none && Bsel != sel::none) { \
        return rt::part::F(a, b, c, Asel, Bsel, 0u);                             \
    } else { return rt::F(a, b, c, Asel, Bsel, 0u); })

// A scalar variant with a d selector: rt::F(a, b, c, asel, bsel, dsel) is its
// body; with _WHOLE, rt::whole::F(a, b, asel, bsel) is the body for d without
// a selector (c unread); with _PART, rt::part::F for two byte/half-word sources.
#define PTXV_DSEL_FORM(F, CHECK, ...)                                                          \
    template <unsigned Asel = sel::none, unsigned Bsel = sel::none, unsigned Dsel = sel::none> \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c = 0) noexcept {                                \
        detail::CHECK<Asel, Bsel, Dsel>();                                                     \
        __VA_ARGS__                                                                            \
    }
#define PTXV_DSEL_FORMS(F, CHECK) PTXV_DSEL_FORM(F, CHECK, return rt::F(a, b, c, Asel, Bsel, Dsel);)
#define PTXV_DSEL_PART_FORMS(F, CHECK)                                            \
    PTXV_DSEL_FORM(F, CHECK, if constexpr (Asel != sel::none && Bsel != sel::none) { \
        return rt::part::F(a, b, c, Asel, Bsel, Dsel);                            \
    } else { return rt::F(a, b, c, Asel, Bsel, Dsel); })
#define PTXV_DSEL_WHOLE_FORMS(F, CHECK)                \
    PTXV_DSEL_FORM(F, CHECK, if constexpr (Dsel == sel::none) { \
        static_cast<void>(c);                          \
        return rt::whole::F(a, b, Asel, Bsel);         \
    } else { return rt::F(a, b, c, Asel, Bsel, Dsel); })
#define PTXV_DSEL_WHOLE_PART_FORMS(F, CHECK)                                    \
    PTXV_DSEL_FORM(F, CHECK, if constexpr (Dsel == sel::none) {                 \
        static_cast<void>(c);                                                   \
        return rt::whole::F(a, b, Asel, Bsel);                                  \
    } else if constexpr (Asel != sel::none && Bsel != sel::none) {              \
        return rt::part::F(a, b, c, Asel, Bsel, Dsel);                          \
    } else { return rt::F(a, b, c, Asel, Bsel, Dsel); })

// vmad: rt::F(a, b, c, asel, bsel, neg) is its body; Neg the negated operands.
#define PTXV_NEG_FORMS(F, CHECK)                                                                 \
    template <unsigned Asel = sel::none, unsigned Bsel = sel::none, unsigned Neg = neg::none>    \
    PTXV_FI constexpr u32 F(u32 a, u32 b, u32 c) noexcept {                                      \
        detail::CHECK<Asel, Bsel, Neg>();                                                        \
        return rt::F(a, b, c, Asel, Bsel, Neg);                                                  \
    }
// ptxv-gen: end forms

// The end of ptxv.hpp: the macros are its own, not its users'.
#if defined(PTXV_FORMS_END_CHECK)
// ptxv-gen: begin forms_end
#undef PTXV_SIMD_FORMS
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
