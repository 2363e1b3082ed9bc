// ptxv: the scalar families' loops (scalar_loops.hpp) built as the library is
// built, on every architecture: what Compiled::run and warp use for a scalar
// variant where no wider unit applies.
#define PTXV_SCALAR_UNIT baseline
#define PTXV_SCALAR_WARP 0
#include "scalar_loops.hpp"
