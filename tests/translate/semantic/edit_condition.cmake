# The README's edit that runs a device-only statement's translation on the
# host: `#if __CUDA_ARCH__ >= 300` made `#if !defined(__CUDACC__) ||
# __CUDA_ARCH__ >= 300`, in IN (a --guard output), written to OUT.
#   cmake -DIN=shapes_guard.cpp -DOUT=shapes_guard_edited.cpp -P edit_condition.cmake
file(READ "${IN}" text)
string(REPLACE "#if __CUDA_ARCH__ >= 300" "#if !defined(__CUDACC__) || __CUDA_ARCH__ >= 300" edited "${text}")
if(edited STREQUAL text)
  message(FATAL_ERROR "edit_condition.cmake: ${IN} has no '#if __CUDA_ARCH__ >= 300' to edit")
endif()
file(WRITE "${OUT}" "${edited}")
