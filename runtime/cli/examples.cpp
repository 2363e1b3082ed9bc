// ptxv examples [--engine E]   the PTX manual's examples
#include <cstdio>
#include <memory>

#include "cli.hpp"
#include "ptxv/parse.hpp"
#include "ptxv_tables.hpp"

namespace ptxv_cli {
namespace {

int run_examples(ptxv::BatchEngine engine) {
    namespace spec = ptxv::spec;
    constexpr uint32_t a = 0x8001ff7f, b = 0x7f80017f, c = 0x01020304;
    std::printf("manual examples, evaluated with a=%s b=%s c=%s (engine %s)\n\n", hex(a).c_str(), hex(b).c_str(),
                hex(c).c_str(), engine_name(engine));
    int wrong = 0;
    for (int i = 0; i < spec::kExampleCount; ++i) {
        const spec::ExampleInfo& ex = spec::kExamples[i];
        std::printf("%s\n", ex.text);
        const Bound bound = decode_for(ex.text, engine);
        if (bound.ok) {
            std::printf("  canonical: %s\n", ptxv::print(bound.in).c_str());
            std::printf("  d = %s\n", hex(evaluate(bound, a, b, c)).c_str());
            if (!ex.valid) {
                ++wrong;
                std::printf("  UNEXPECTED: accepted, but the manual's example is invalid (%s)\n", ex.reading);
            }
        } else {
            std::printf("  error: %s\n", bound.error.c_str());
            if (ex.valid) {
                ++wrong;
                std::printf("  UNEXPECTED: rejected, but the example is valid\n");
            } else {
                std::printf("  (invalid as expected, %s)\n", ex.reading);
            }
        }
    }
    std::printf("\n%d examples, %d as expected\n", spec::kExampleCount, spec::kExampleCount - wrong);
    return wrong == 0 ? kExitOk : kExitFailed;
}

}  // namespace

Command add_examples(CLI::App& app) {
    CLI::App* examples = app.add_subcommand("examples", "Decode and evaluate the examples printed in the PTX manual");
    examples->footer(with_exit_status(
        "Valid examples show their canonical form and d for a=0x8001ff7f b=0x7f80017f c=0x01020304;\n"
        "the two invalid ones (R18) show the error. Exit 0 when every example behaved as expected."));
    auto engine = std::make_shared<std::string>("generated");
    add_engine_option(*examples, *engine);
    return {examples, [engine] { return run_examples(engine_from_name(*engine)); }};
}

}  // namespace ptxv_cli
