# One bitcode file of the device library (cmake/device.cmake): compiled to
# LLVM IR, the processor and its features taken off every function, then
# assembled. Without them a function inlines into code for any processor of
# the target; with them LLVM inlines it only where the caller's processor
# has every feature of the one it was built for.
# cmake -DCLANG=... -DLLVM_AS=... -DFLAGS=...;... -DSOURCE=... -DOUT=... -P device_bitcode.cmake
execute_process(COMMAND ${CLANG} ${FLAGS} -emit-llvm -S ${SOURCE} -o ${OUT}.ll RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ptxv_device: ${CLANG} failed on ${SOURCE}")
endif()
file(READ ${OUT}.ll ir)
string(REGEX REPLACE " \"(target-cpu|target-features|tune-cpu)\"=\"[^\"]*\"" "" ir "${ir}")
file(WRITE ${OUT}.ll "${ir}")
execute_process(COMMAND ${LLVM_AS} ${OUT}.ll -o ${OUT} RESULT_VARIABLE rc)
file(REMOVE ${OUT}.ll)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT})
  message(FATAL_ERROR "ptxv_device: ${LLVM_AS} failed for ${OUT}")
endif()
