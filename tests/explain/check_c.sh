#!/bin/sh
# `ptxv explain --c` for drawn forms of every variant, compiled as C99 with
# warnings as errors and undefined behaviour trapped, run against the
# interpreter's results; at -O2 free of conditional branches (x86-64); with
# clang too where found, and as OpenCL C.
#   check_c.sh CORPUS CC CLANG OUTDIR   (CLANG may be empty)
set -eu
corpus=$1 cc=$2 clang=$3 out=$4
mkdir -p "$out"
"$corpus" "$out/explain_all.c" "$out/explain_functions.c"
flags="-std=c99 -Wall -Wextra -Werror -pedantic"
"$cc" $flags -O1 -fsanitize=undefined -fno-sanitize-recover=all "$out/explain_all.c" -o "$out/explain_all"
"$out/explain_all"
if [ "$(uname -m)" = x86_64 ] && command -v objdump >/dev/null 2>&1; then
    "$cc" -std=c99 -O2 -c "$out/explain_functions.c" -o "$out/explain_functions.o"
    objdump -d --no-show-raw-insn "$out/explain_functions.o" | awk '
        /^[0-9a-f]+ <.*>:$/ { fn = $2 }
        /^ +[0-9a-f]+:\t(j[a-z]+|loop[a-z]*)/ && $2 != "jmp" { if (n++ < 10) print "conditional branch in " fn ": " $0 }
        END { print (n + 0) " conditional branches at -O2"; exit n != 0 }'
fi
if [ -n "$clang" ] && [ -x "$clang" ]; then
    "$clang" $flags -Wno-unused-function -fsyntax-only "$out/explain_functions.c"
    { echo 'typedef uint uint32_t; typedef ulong uint64_t; typedef long int64_t;'
      grep -v '^#include <stdint.h>$' "$out/explain_functions.c"; } > "$out/explain_functions.cl"
    "$clang" -x cl -cl-std=CL1.2 -Werror -fsyntax-only "$out/explain_functions.cl"
    echo "clang: C99 and OpenCL C 1.2 accept every function"
fi
