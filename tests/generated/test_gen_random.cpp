// At least 10^6 seeded random vectors over every variant of every family,
// through the whole path: text -> ptxv::parse -> ptxv::compile (one value and
// batch forms) against ptxv::interpret. This is ptxv::check_random, the
// engine of `ptxv check`.
#include <catch2/catch.hpp>

#include <sstream>

#include "ptxv/check.hpp"
#include "ptxv_tables.hpp"

TEST_CASE("generated = interp: 10^6 random vectors over every variant", "[generated][random]") {
    std::ostringstream report;
    const ptxv::CheckResult r = ptxv::check_random(1000000, 0x70747876, report, 10);
    INFO(report.str());
    CHECK(r.variants == static_cast<std::uint64_t>(ptxv::spec::kVariantCount));
    CHECK(r.vectors >= 1000000);
    CHECK(r.mismatches == 0);
}

TEST_CASE("check_random is deterministic for a seed", "[generated][random]") {
    std::ostringstream r1, r2;
    const ptxv::CheckResult a = ptxv::check_random(5000, 42, r1);
    const ptxv::CheckResult b = ptxv::check_random(5000, 42, r2);
    CHECK(a.vectors == b.vectors);
    CHECK(a.variants == b.variants);
    CHECK(a.mismatches == b.mismatches);
    CHECK(r1.str() == r2.str());
}
