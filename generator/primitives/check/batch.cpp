// batch.hpp compiled on its own, with the project's warnings as errors, over
// the committed generated/ptxv.hpp it extends.
#include "../batch.hpp"
