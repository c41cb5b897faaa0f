# ctest_tests.cmake - the tests of a build tree for shell scripts, from
# `ctest --show-only=json-v1`: one line per test whose name matches REGEX,
# "NAME<TAB>TIMEOUT<TAB>COMMAND", into OUTPUT. TIMEOUT is the test's TIMEOUT
# property (ctest's default, 1500, when it has none). Only tests whose
# command is a single program without arguments are listed; any other
# matching test is an error, since a script could not run it the same way.
#
#   cmake -DBUILD_DIR=build -DREGEX='^engine_' -DOUTPUT=tests.txt -P scripts/ctest_tests.cmake
cmake_minimum_required(VERSION 3.20)

foreach(var BUILD_DIR REGEX OUTPUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "ctest_tests.cmake: -D${var}=... is required")
  endif()
endforeach()
execute_process(COMMAND "${CMAKE_CTEST_COMMAND}" --test-dir "${BUILD_DIR}" --show-only=json-v1
  RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ctest --show-only=json-v1 failed (${rc}): ${err}")
endif()

set(lines "")
string(JSON count LENGTH "${json}" tests)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON name GET "${json}" tests ${i} name)
  if(NOT name MATCHES "${REGEX}")
    continue()
  endif()
  string(JSON argc LENGTH "${json}" tests ${i} command)
  if(NOT argc EQUAL 1)
    message(FATAL_ERROR "ctest_tests.cmake: test ${name} runs a command with arguments")
  endif()
  string(JSON program GET "${json}" tests ${i} command 0)
  set(timeout 1500)
  string(JSON nprops ERROR_VARIABLE none LENGTH "${json}" tests ${i} properties)
  if(NOT none)
    math(EXPR plast "${nprops} - 1")
    foreach(j RANGE ${plast})
      string(JSON pname GET "${json}" tests ${i} properties ${j} name)
      if(pname STREQUAL "TIMEOUT")
        string(JSON timeout GET "${json}" tests ${i} properties ${j} value)
        string(REGEX REPLACE "\\..*$" "" timeout "${timeout}")
      endif()
    endforeach()
  endif()
  string(APPEND lines "${name}\t${timeout}\t${program}\n")
endforeach()
file(WRITE "${OUTPUT}" "${lines}")
