# The device library (runtime/device/ptxv_device.cpp) as LLVM bitcode, one
# file per target: build/lib/ptxv_device-<triple>.bc for AMD GPUs
# (amdgcn-amd-amdhsa), NVIDIA GPUs (nvptx64-nvidia-cuda) and the host. Built
# with clang, the newest one found, whose LLVM tools (llvm-as, and for the
# tests llvm-link, lli, llc, opt) come from the same LLVM, so that they read
# the bitcode it writes.
find_program(PTXV_DEVICE_CLANG NAMES clang++-19 clang++-18 clang++-17 clang++-16 clang++-15 clang++-14 clang++
  DOC "clang++ for the device library's bitcode")
set(PTXV_DEVICE_TARGETS "")
if(NOT PTXV_DEVICE_CLANG)
  message(STATUS "ptxv_device: no clang++ found, the device library is not built")
  return()
endif()
file(REAL_PATH ${PTXV_DEVICE_CLANG} ptxv_device_clang_real)
get_filename_component(PTXV_LLVM_BIN ${ptxv_device_clang_real} DIRECTORY)
set(PTXV_LLVM_BIN ${PTXV_LLVM_BIN} CACHE INTERNAL "the device library's LLVM tools")
# clang comes without LLVM's tools in Debian (package llvm-<version>).
if(NOT EXISTS ${PTXV_LLVM_BIN}/llvm-as)
  message(STATUS "ptxv_device: ${PTXV_LLVM_BIN}/llvm-as not found (Debian: llvm-<version>), the device library is not built")
  return()
endif()
execute_process(COMMAND ${PTXV_DEVICE_CLANG} -dumpmachine OUTPUT_VARIABLE ptxv_host_triple
  OUTPUT_STRIP_TRAILING_WHITESPACE)
set(PTXV_DEVICE_HOST_TRIPLE ${ptxv_host_triple} CACHE INTERNAL "the host's triple, as clang names it")

# Each target's flags: HIP's and CUDA's device passes without any GPU header
# or library (-fgpu-rdc keeps the functions, which a device pass would
# otherwise drop as unused). The processor each names is only the pass's
# default: device_bitcode.cmake removes it from the functions, so that they
# inline into code for any processor.
# The byte lanes stay SWAR there (PTXV_LANES_SDWA8=0): their vectors of
# bytes are shorter on GFX9 only, and the functions go to every processor.
set(ptxv_device_flags_amdgcn-amd-amdhsa -x hip --cuda-device-only -fgpu-rdc -nogpulib -nogpuinc --offload-arch=gfx900
  -DPTXV_LANES_SDWA8=0)
set(ptxv_device_flags_nvptx64-nvidia-cuda -x cuda --cuda-device-only -nocudalib -nocudainc --cuda-gpu-arch=sm_75
  -Wno-unknown-cuda-version)
set(ptxv_device_flags_${ptxv_host_triple} -x c++ -target ${ptxv_host_triple})

set(ptxv_device_outputs "")
foreach(triple amdgcn-amd-amdhsa nvptx64-nvidia-cuda ${ptxv_host_triple})
  set(out ${PROJECT_BINARY_DIR}/lib/ptxv_device-${triple}.bc)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DCLANG=${PTXV_DEVICE_CLANG} -DLLVM_AS=${PTXV_LLVM_BIN}/llvm-as
            "-DFLAGS=${ptxv_device_flags_${triple}};-std=c++17;-O2;-Wall;-Wextra;-Werror;-I${PROJECT_SOURCE_DIR}/generated"
            -DSOURCE=${PROJECT_SOURCE_DIR}/runtime/device/ptxv_device.cpp -DOUT=${out}
            -P ${PROJECT_SOURCE_DIR}/cmake/device_bitcode.cmake
    DEPENDS ${PROJECT_SOURCE_DIR}/runtime/device/ptxv_device.cpp ${PROJECT_SOURCE_DIR}/cmake/device_bitcode.cmake
            ${PROJECT_SOURCE_DIR}/generated/ptxv_device.inc ${PROJECT_SOURCE_DIR}/generated/ptxv.hpp
            ${PROJECT_SOURCE_DIR}/generated/ptxv_cuda.hpp
    COMMENT "ptxv_device: bitcode for ${triple}"
    VERBATIM)
  list(APPEND ptxv_device_outputs ${out})
  list(APPEND PTXV_DEVICE_TARGETS ${triple})
endforeach()
add_custom_target(ptxv_device ALL DEPENDS ${ptxv_device_outputs})
install(FILES ${ptxv_device_outputs} DESTINATION ${CMAKE_INSTALL_LIBDIR})
