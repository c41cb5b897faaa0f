# TttAbi.cmake - the ABI check's plumbing, included from the top level:
#   TTT_ABI_CHECK_ARGS  what tests/engine passes to abi_check.cmake for the
#                       engine_abi test (MODE=check)
#   abi-update          a target that rewrites the committed baseline
#                       abi/libttt.abi from the current sources, for a
#                       deliberate ABI change (see docs/engine.md, "Versions and the ABI")
# Both build the engine afresh as a shared library in a scratch directory,
# so they work from any build (static, sanitized) and do not disturb it.
set(TTT_ABI_BASELINE "${PROJECT_SOURCE_DIR}/abi/libttt.abi")

# The baseline comes from GCC's DWARF; another compiler describes the same
# types slightly differently, so the check always uses GCC when it can.
if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
  set(TTT_ABI_COMPILER "${CMAKE_C_COMPILER}")
else()
  find_program(TTT_ABI_COMPILER NAMES gcc cc)
endif()

set(TTT_ABI_CHECK_ARGS
  -DTTT_SOURCE_DIR=${PROJECT_SOURCE_DIR}
  -DC_COMPILER=${TTT_ABI_COMPILER}
  "-DGENERATOR=${CMAKE_GENERATOR}"
  -DBASELINE=${TTT_ABI_BASELINE}
  -DSUPPRESSIONS=${PROJECT_SOURCE_DIR}/abi/libttt.suppr)

add_custom_target(abi-update
  COMMAND ${CMAKE_COMMAND} ${TTT_ABI_CHECK_ARGS} -DMODE=update
    -DWORK_DIR=${PROJECT_BINARY_DIR}/abi-update
    -P ${CMAKE_CURRENT_LIST_DIR}/abi_check.cmake
  COMMENT "Rewriting abi/libttt.abi from the current engine"
  VERBATIM)
