// Catch2's runner, built once (tests/CMakeLists.txt) into every Catch2 executable.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
