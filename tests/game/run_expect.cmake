# run_expect.cmake - run a program and check its exit status and output.
#   cmake -DPROGRAM=... -DARGS="a;b" -DEXPECT_STATUS=2 [-DEXPECT_OUT=regex;regex]
#         [-DEXPECT_ERR=regex] [-DEXPECT_FILE=path] -P run_expect.cmake
# CTest's PASS_REGULAR_EXPRESSION ignores the exit status; this checks both.
if(EXPECT_FILE)
  file(REMOVE "${EXPECT_FILE}")
endif()
execute_process(COMMAND "${PROGRAM}" ${ARGS}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
message("${err}")
if(NOT "${status}" STREQUAL "${EXPECT_STATUS}")
  message(FATAL_ERROR "exit status ${status}, expected ${EXPECT_STATUS}")
endif()
foreach(re IN LISTS EXPECT_OUT)
  if(NOT out MATCHES "${re}")
    message(FATAL_ERROR "stdout does not match '${re}'")
  endif()
endforeach()
foreach(re IN LISTS EXPECT_ERR)
  if(NOT err MATCHES "${re}")
    message(FATAL_ERROR "stderr does not match '${re}'")
  endif()
endforeach()
if(EXPECT_FILE AND NOT EXISTS "${EXPECT_FILE}")
  message(FATAL_ERROR "${EXPECT_FILE} was not written")
endif()
