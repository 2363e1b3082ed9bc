# ptxv_generate(TARGET <name> [SPEC <file>] [HEADER <file name>] ONLY <opcode pattern>...)
#
# Generates, at build time, a drop-in header holding only the variants of the
# opcodes matching the patterns ('*' and '?' wildcards, e.g. vadd4 'vset*'), and
# creates an INTERFACE library <name> whose include directory holds it.
# Works both after add_subdirectory(ptxv) and after find_package(ptxv).
function(ptxv_generate)
  cmake_parse_arguments(ARG "" "TARGET;SPEC;HEADER" "ONLY" ${ARGN})
  if(NOT ARG_TARGET)
    message(FATAL_ERROR "ptxv_generate: TARGET is required")
  endif()
  if(NOT ARG_ONLY)
    message(FATAL_ERROR "ptxv_generate: ONLY needs at least one opcode pattern")
  endif()
  if(NOT ARG_HEADER)
    set(ARG_HEADER "ptxv.hpp")
  endif()
  if(NOT DEFINED PTXV_PRIMITIVES_DIR)
    message(FATAL_ERROR "ptxv_generate: PTXV_PRIMITIVES_DIR is not set")
  endif()
  if(NOT ARG_SPEC)
    if(DEFINED PTXV_SPEC_FILE)
      set(ARG_SPEC "${PTXV_SPEC_FILE}")
    else()
      message(FATAL_ERROR "ptxv_generate: no SPEC given and PTXV_SPEC_FILE is not set")
    endif()
  endif()
  if(TARGET ptxv-gen)
    set(gen ptxv-gen)
  elseif(TARGET ptxv::gen)
    set(gen ptxv::gen)
  else()
    message(FATAL_ERROR "ptxv_generate: the ptxv-gen tool is not available (build ptxv with PTXV_BUILD_TOOLS)")
  endif()
  set(out "${CMAKE_CURRENT_BINARY_DIR}/ptxv_generated/${ARG_TARGET}")
  set(only_args)
  foreach(p IN LISTS ARG_ONLY)
    list(APPEND only_args --only "${p}")
  endforeach()
  add_custom_command(
    OUTPUT "${out}/${ARG_HEADER}"
    COMMAND ${gen} --spec "${ARG_SPEC}" --primitives "${PTXV_PRIMITIVES_DIR}" --out "${out}" ${only_args}
            --header "${ARG_HEADER}" --quiet
    DEPENDS "${ARG_SPEC}" "${PTXV_PRIMITIVES_DIR}/preamble.hpp" "${PTXV_PRIMITIVES_DIR}/scalar.hpp"
            "${PTXV_PRIMITIVES_DIR}/lanes.hpp" "${PTXV_PRIMITIVES_DIR}/forms.hpp" ${gen}
    COMMENT "ptxv-gen: ${ARG_HEADER} for ${ARG_TARGET} (${ARG_ONLY})"
    VERBATIM)
  add_custom_target(${ARG_TARGET}_generate DEPENDS "${out}/${ARG_HEADER}")
  add_library(${ARG_TARGET} INTERFACE)
  target_include_directories(${ARG_TARGET} INTERFACE "${out}")
  target_compile_features(${ARG_TARGET} INTERFACE cxx_std_17)
  add_dependencies(${ARG_TARGET} ${ARG_TARGET}_generate)
endfunction()
