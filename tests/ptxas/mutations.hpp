// ptxv_ptxas_check: near misses, forms that break exactly one rule.
#pragma once

#include <functional>
#include <vector>

#include "forms.hpp"

namespace ptxas_check {

// A rule and how to break it: apply returns false where the rule does not
// apply to the opcode.
struct Mutation {
    const char* name;
    unsigned weight;
    std::function<bool(Form&, const OpcodeInfo&, Rng&)> apply;
};

// Every rule, each with its weight among the near misses.
std::vector<Mutation> mutations();

// A valid form of variant vi with one rule of `muts` broken.
Form make_near_miss(int vi, const std::vector<Mutation>& muts, Rng& r);

}  // namespace ptxas_check
