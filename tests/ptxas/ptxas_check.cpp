// ptxv_ptxas_check: ptxas is the oracle for which forms are valid (R15), so
// the parser is checked against it on random forms drawn from the decode
// tables: about half valid, half near misses that break exactly one rule.
// forms.hpp writes the forms, mutations.hpp breaks them, ptxas_pool.hpp runs
// ptxas over them; this file is the command line and the comparison.
//
//   ptxv_ptxas_check --ptxas PATH --forms N --seed S [--keep DIR] [--jobs J]
//   ptxv_ptxas_check --skip REASON      prints "SKIPPED: REASON", exits 77
//
// Exit status: 0 full agreement, 1 any disagreement, 2 usage or ptxas
// failure, 77 skipped.

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "forms.hpp"
#include "mutations.hpp"
#include "ptxas_pool.hpp"
#include "ptxv/parse.hpp"

namespace {

using namespace ptxas_check;

struct Options {
    std::string ptxas;
    long forms = -1;
    std::uint64_t seed = 1;
    std::string keep;
    int jobs = 2;
    bool skip = false;
    std::string skip_reason;
};

int usage(const char* msg) {
    std::fprintf(stderr,
                 "%s\nusage: ptxv_ptxas_check --ptxas PATH --forms N --seed S [--keep DIR] [--jobs J]\n"
                 "       ptxv_ptxas_check --skip REASON\n",
                 msg);
    return 2;
}

bool parse_number(const char* s, unsigned long long* out) {
    if (s == nullptr || *s == '\0') return false;
    char* end = nullptr;
    errno = 0;
    *out = std::strtoull(s, &end, 10);
    return errno == 0 && *end == '\0' && s[0] != '-';
}

std::optional<Options> parse_args(int argc, char** argv, int* status) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
        unsigned long long n = 0;
        if (a == "--ptxas" && v != nullptr) {
            o.ptxas = v;
        } else if (a == "--forms" && parse_number(v, &n) && n > 0 && n <= 10000000) {
            o.forms = static_cast<long>(n);
        } else if (a == "--seed" && parse_number(v, &n)) {
            o.seed = n;
        } else if (a == "--keep" && v != nullptr) {
            o.keep = v;
        } else if (a == "--jobs" && parse_number(v, &n) && n > 0 && n <= 64) {
            o.jobs = static_cast<int>(n);
        } else if (a == "--skip" && v != nullptr) {
            o.skip = true;
            o.skip_reason = v;
        } else {
            *status = usage(("bad argument '" + a + "'").c_str());
            return std::nullopt;
        }
        ++i;
    }
    if (!o.skip && (o.ptxas.empty() || o.forms < 0)) {
        *status = usage("--ptxas and --forms are required");
        return std::nullopt;
    }
    return o;
}

struct Ptxv {
    bool accepted = false;
    std::string message;  // error, or the canonical print when accepted
    std::optional<ptxv::Instr> instr;
};

Ptxv ptxv_verdict(const std::string& text) {
    Ptxv v;
    std::string error;
    v.instr = ptxv::try_parse(text, &error);
    v.accepted = v.instr.has_value();
    v.message = v.accepted ? ptxv::print(*v.instr) : error;
    return v;
}

std::string verdict(bool accepted, const std::string& message) {
    return accepted ? "accepted" : "rejected: " + message;
}

}  // namespace

int main(int argc, char** argv) {
    int status = 0;
    const std::optional<Options> parsed = parse_args(argc, argv, &status);
    if (!parsed) return status;
    const Options& opt = *parsed;
    if (opt.skip) {
        std::printf("SKIPPED: %s\n", opt.skip_reason.c_str());
        return 77;
    }
    const auto t0 = std::chrono::steady_clock::now();

    // --- forms --------------------------------------------------------------
    Rng rng(opt.seed);
    const std::vector<Mutation> muts = mutations();
    const long n_valid = opt.forms - opt.forms / 2;
    std::vector<int> order(kVariantCount);
    for (int i = 0; i < kVariantCount; ++i) order[static_cast<std::size_t>(i)] = i;
    rng.shuffle(order);
    std::vector<Form> forms;
    forms.reserve(static_cast<std::size_t>(opt.forms));
    std::vector<bool> covered(kVariantCount, false);
    for (long i = 0; i < opt.forms; ++i) {
        if (i < n_valid) {
            // Every variant first, then random ones.
            const int vi = i < kVariantCount ? order[static_cast<std::size_t>(i)]
                                             : static_cast<int>(rng.below(kVariantCount));
            forms.push_back(make_valid(vi, rng));
            covered[static_cast<std::size_t>(vi)] = true;
        } else {
            forms.push_back(make_near_miss(static_cast<int>(rng.below(kVariantCount)), muts, rng));
        }
    }
    rng.shuffle(forms);

    // --- items: the forms, their canonical prints, the R17 probes -----------
    std::vector<Item> items;
    std::map<std::string, int> index;
    auto item = [&](const std::string& text) {
        auto it = index.find(text);
        if (it != index.end()) return it->second;
        items.push_back(Item{text});
        return index[text] = static_cast<int>(items.size() - 1);
    };
    std::vector<int> form_item(forms.size());
    std::vector<Ptxv> mine(forms.size());
    std::vector<int> print_item(forms.size(), -1);
    std::vector<std::string> texts(forms.size());
    for (std::size_t i = 0; i < forms.size(); ++i) {
        texts[i] = render(forms[i]);
        form_item[i] = item(texts[i]);
        mine[i] = ptxv_verdict(texts[i]);
    }
    for (std::size_t i = 0; i < forms.size(); ++i) {
        if (mine[i].accepted) print_item[i] = item(mine[i].message);
    }
    const std::size_t end_main = items.size();
    const std::vector<std::string> reserved = {
        "vadd4.u32.u32.u32 r1, r2.b1024, r3, r4;",
        "vset4.u32.s32.lt r1.b3210, r2, r3.b1024, r4;",
    };
    std::vector<int> reserved_items;
    for (const std::string& t : reserved) reserved_items.push_back(item(t));

    // --- ptxas --------------------------------------------------------------
    std::string dir = opt.keep;
    if (dir.empty()) {
        char tmpl[] = "/tmp/ptxv_ptxas_XXXXXX";
        if (mkdtemp(tmpl) == nullptr) {
            std::fprintf(stderr, "cannot create a temporary directory: %s\n", std::strerror(errno));
            return 2;
        }
        dir = tmpl;
    } else if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
        std::fprintf(stderr, "cannot create %s: %s\n", dir.c_str(), std::strerror(errno));
        return 2;
    }
    const bool keep = !opt.keep.empty();

    // A control run, so that a broken ptxas is not mistaken for a verdict.
    {
        std::vector<Item> control = {Item{"add.s32 r1, r2, r3;"}};
        Runner r(opt.ptxas, dir, "control", keep, control);
        r.add({0});
        if (!r.run(1) || !control[0].accepted) {
            std::fprintf(stderr, "ptxas at %s does not compile a plain add.s32 for sm_90: %s\n", opt.ptxas.c_str(),
                         r.failure().empty() ? control[0].message.c_str() : r.failure().c_str());
            if (!keep) rmdir(dir.c_str());
            return 2;
        }
    }

    constexpr std::size_t kBatch = 200;
    Runner runner(opt.ptxas, dir, "batch", keep, items);
    for (std::size_t s = 0; s < end_main; s += kBatch) {
        std::vector<int> b;
        for (std::size_t i = s; i < std::min(end_main, s + kBatch); ++i) b.push_back(static_cast<int>(i));
        runner.add(std::move(b));
    }
    runner.add(reserved_items);
    const bool ran = runner.run(opt.jobs);
    if (!keep) rmdir(dir.c_str());
    if (!ran) {
        std::fprintf(stderr, "%s\n", runner.failure().c_str());
        return 2;
    }

    // --- compare ------------------------------------------------------------
    long valid = 0, invalid = 0, agree = 0, disagree = 0;
    long intent_valid_rejected = 0, intent_invalid_accepted = 0;
    std::vector<std::string> intent_notes;
    std::map<std::string, std::pair<long, long>> by_rule;  // rule -> (forms, ptxas rejected)
    for (std::size_t i = 0; i < forms.size(); ++i) {
        const Item& it = items[static_cast<std::size_t>(form_item[i])];
        (it.accepted ? valid : invalid)++;
        const Form& f = forms[i];
        if (!f.intended_valid) {
            auto& r = by_rule[f.rule];
            ++r.first;
            if (!it.accepted) ++r.second;
        }
        if (it.accepted != f.intended_valid) {
            (f.intended_valid ? intent_valid_rejected : intent_invalid_accepted)++;
            if (intent_notes.size() < 10) {
                intent_notes.push_back(texts[i] + "  (generated as " +
                                       (f.intended_valid ? std::string("valid") : "near miss: " + f.rule) +
                                       "; ptxas " + verdict(it.accepted, it.message) + ")");
            }
        }
        if (it.accepted == mine[i].accepted) {
            ++agree;
            continue;
        }
        ++disagree;
        std::printf("DISAGREE: %s\n  ptxas: %s\n  ptxv:  %s\n  generated as: %s\n", texts[i].c_str(),
                    verdict(it.accepted, it.message).c_str(),
                    mine[i].accepted ? ("accepted as " + mine[i].message).c_str()
                                     : ("rejected: " + mine[i].message).c_str(),
                    f.intended_valid ? "valid" : ("near miss: " + f.rule).c_str());
    }

    if (keep) {
        std::ofstream tsv(dir + "/verdicts.tsv", std::ios::binary);
        tsv << "form\tgenerated as\tptxas\tptxv\n";
        for (std::size_t i = 0; i < forms.size(); ++i) {
            const Item& it = items[static_cast<std::size_t>(form_item[i])];
            tsv << texts[i] << '\t' << (forms[i].intended_valid ? "valid" : forms[i].rule) << '\t'
                << verdict(it.accepted, it.message) << '\t'
                << (mine[i].accepted ? "accepted as " + mine[i].message : "rejected: " + mine[i].message) << '\n';
        }
    }

    // The canonical print of an accepted form must itself be valid, decode
    // to the same instruction, and print to itself.
    long printed = 0, print_bad = 0;
    std::map<int, bool> print_seen;
    for (std::size_t i = 0; i < forms.size(); ++i) {
        if (print_item[i] < 0 || print_seen.count(print_item[i]) != 0) continue;
        print_seen[print_item[i]] = true;
        ++printed;
        const Item& p = items[static_cast<std::size_t>(print_item[i])];
        const Ptxv again = ptxv_verdict(p.text);
        std::string problem;
        if (!p.accepted) {
            problem = "ptxas " + verdict(false, p.message);
        } else if (!again.accepted) {
            problem = "ptxv rejects its own print: " + again.message;
        } else if (*again.instr != *mine[i].instr) {
            problem = "the print decodes to a different instruction";
        } else if (again.message != p.text) {
            problem = "the print is not stable: it prints as " + again.message;
        }
        if (problem.empty()) continue;
        ++print_bad;
        std::printf("PRINT: %s\n  printed: %s\n  %s\n", texts[i].c_str(), p.text.c_str(), problem.c_str());
    }

    // R17: ptxv accepts .b1024, ptxas does not; anything else is a surprise.
    bool r17_ok = true;
    for (std::size_t k = 0; k < reserved.size(); ++k) {
        const Item& it = items[static_cast<std::size_t>(reserved_items[k])];
        const Ptxv v = ptxv_verdict(reserved[k]);
        const bool expected = v.accepted && !it.accepted;
        r17_ok = r17_ok && expected;
        std::printf("%s: %s\n  ptxas: %s\n  ptxv:  %s\n",
                    expected ? "expected difference (R17)" : "R17 NOT AS EXPECTED", reserved[k].c_str(),
                    verdict(it.accepted, it.message).c_str(),
                    v.accepted ? ("accepted as " + v.message).c_str() : ("rejected: " + v.message).c_str());
    }

    long n_covered = 0;
    for (bool c : covered) n_covered += c ? 1 : 0;
    std::printf("near misses by rule (forms / rejected by ptxas):\n");
    for (const auto& [rule, counts] : by_rule) {
        std::printf("  %-40s %5ld / %ld\n", rule.c_str(), counts.first, counts.second);
    }
    if (!intent_notes.empty()) {
        std::printf("note: %ld forms generated as valid were rejected by ptxas and %ld near misses were accepted;"
                    " the generator's model differs from ptxas there (not a ptxv disagreement):\n",
                    intent_valid_rejected, intent_invalid_accepted);
        for (const std::string& s : intent_notes) std::printf("  %s\n", s.c_str());
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("valid forms cover %ld of %d variants; %ld canonical prints checked, %ld bad\n", n_covered,
                kVariantCount, printed, print_bad);
    std::printf("ptxas: %d runs, %d in parallel, %.1f s (seed %llu)\n", runner.runs(), opt.jobs, secs,
                static_cast<unsigned long long>(opt.seed));
    std::printf("%zu forms, %ld valid, %ld invalid, %ld agree, %ld disagree\n", forms.size(), valid, invalid, agree,
                disagree);
    std::fflush(stdout);
    return disagree == 0 && print_bad == 0 && r17_ok ? 0 : 1;
}

