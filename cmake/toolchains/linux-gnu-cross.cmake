# Cross build for Linux on PTXV_CROSS_ARCH (aarch64, s390x, ...) with Debian's
# g++-<arch>-linux-gnu; the binaries run under qemu-user (qemu-<arch>), also
# from ctest. tools/cross.sh uses it:
#   cmake -DCMAKE_TOOLCHAIN_FILE=$PWD/cmake/toolchains/linux-gnu-cross.cmake -DPTXV_CROSS_ARCH=s390x ...
if(NOT PTXV_CROSS_ARCH)
  message(FATAL_ERROR "linux-gnu-cross.cmake: set PTXV_CROSS_ARCH (aarch64, s390x, ...)")
endif()
# try_compile projects run this file again and need the architecture too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES PTXV_CROSS_ARCH)
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${PTXV_CROSS_ARCH})
set(CMAKE_C_COMPILER ${PTXV_CROSS_ARCH}-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER ${PTXV_CROSS_ARCH}-linux-gnu-g++)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-${PTXV_CROSS_ARCH} -L /usr/${PTXV_CROSS_ARCH}-linux-gnu)
# Libraries and headers of the target only: the host's would not link.
set(CMAKE_FIND_ROOT_PATH /usr/${PTXV_CROSS_ARCH}-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
