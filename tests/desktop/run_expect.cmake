# run_expect.cmake - run a program and check its exit status and output.
#   cmake -DPROGRAM=... -DARGS="a;b" -DEXPECT_STATUS=2 [-DEXPECT_OUT=regex;regex]
#         [-DEXPECT_ERR=regex] [-DEXPECT_FILE=path] [-DCOPY_TO=dir] -P run_expect.cmake
# COPY_TO runs a copy of the program from an otherwise empty directory (to
# check what happens when its assets are missing).
# CTest's PASS_REGULAR_EXPRESSION ignores the exit status; this checks both.
if(EXPECT_FILE)
  file(REMOVE "${EXPECT_FILE}")
endif()
if(COPY_TO)
  file(REMOVE_RECURSE "${COPY_TO}")
  file(MAKE_DIRECTORY "${COPY_TO}")
  file(COPY "${PROGRAM}" DESTINATION "${COPY_TO}")
  get_filename_component(name "${PROGRAM}" NAME)
  set(PROGRAM "${COPY_TO}/${name}")
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
