// ptxv list   every generated variant
#include <vector>

#include "cli.hpp"
#include "ptxv_tables.hpp"

namespace ptxv_cli {
namespace {

int list_variants() {
    namespace spec = ptxv::spec;
    std::string out;
    std::vector<int> per_opcode(spec::kOpcodeCount, 0);
    for (int i = 0; i < spec::kVariantCount; ++i) {
        const spec::VariantInfo& v = spec::kVariants[i];
        out += v.ptx;
        out += '\t';
        out += v.function;
        out += '\n';
        if (v.opcode < spec::kOpcodeCount) ++per_opcode[v.opcode];
    }
    for (int i = 0; i < spec::kOpcodeCount; ++i) {
        out += "# " + std::string(spec::kOpcodes[i].name) + ": " + std::to_string(per_opcode[static_cast<std::size_t>(i)]) +
               " variants\n";
    }
    out += "# total: " + std::to_string(spec::kVariantCount) + " variants\n";
    flush(out);
    return kExitOk;
}

}  // namespace

Command add_list(CLI::App& app) {
    CLI::App* list = app.add_subcommand("list", "List every generated variant (PTX form and function name)");
    list->footer(with_exit_status(
        "One 'ptx<TAB>function' line per variant, then a '# opcode: N variants' line per opcode and a total."));
    return {list, [] { return list_variants(); }};
}

}  // namespace ptxv_cli
