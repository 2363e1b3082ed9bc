// batch.hpp compiled on its own, with the project's warnings as errors, over
// the scalar and lane helpers it extends (lanes.hpp), after the ptxv::sel
// constants (sel.hpp) that ptxv-gen writes before them in ptxv.hpp.
#include "sel.hpp"

#include "../batch.hpp"
