#include <cstdio>
#include <fstream>
#include <sstream>
#include "ptxv/translate.hpp"
int main(int argc, char** argv) {
    std::ifstream f(argv[1]); std::stringstream ss; ss << f.rdbuf(); std::string s = ss.str();
    for (const auto& st : ptxv::translate::find_asm(s)) {
        const auto d = ptxv::translate::decode_template(st);
        if (!d.why_not.empty()) { std::printf("// %d: %s\n", st.at.line, d.why_not.c_str()); continue; }
        std::printf("%s\n", ptxv::translate::emit_statement(st, d).c_str());
    }
}
