# cpp_check.cmake - compiles consumer.cpp against the engine's public headers
# as C++11, C++17 and C++20 with each C++ compiler found (g++, clang++),
# warnings as errors, links it with the engine library and runs it. A
# compiler that is not installed is skipped; none at all fails the test.
# Inputs (-D): SOURCE, INCLUDE_DIRS (;-list), LIBRARY, WORK_DIR.
cmake_minimum_required(VERSION 3.20)
foreach(var SOURCE INCLUDE_DIRS LIBRARY WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "cpp check: ${var} is not set")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORK_DIR}")
set(includes "")
foreach(dir IN LISTS INCLUDE_DIRS)
  list(APPEND includes "-I${dir}")
endforeach()
set(tried 0)
foreach(compiler g++ clang++)
  find_program(cxx_${compiler} NAMES ${compiler})
  if(NOT cxx_${compiler})
    message(STATUS "cpp check: ${compiler} not found, skipped")
    continue()
  endif()
  foreach(std 11 17 20)
    set(exe "${WORK_DIR}/consumer-${compiler}-${std}")
    execute_process(
      COMMAND "${cxx_${compiler}}" -std=c++${std} -Wall -Wextra -Wpedantic -Werror
              ${includes} "${SOURCE}" "${LIBRARY}" -pthread -o "${exe}"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "cpp check: ${compiler} -std=c++${std} failed:\n${out}")
    endif()
    execute_process(COMMAND "${exe}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "cpp check: ${compiler} -std=c++${std}: the program failed:\n${out}")
    endif()
    message(STATUS "cpp check: ${compiler} -std=c++${std}: ${out}")
    math(EXPR tried "${tried} + 1")
  endforeach()
endforeach()
if(tried EQUAL 0)
  message(FATAL_ERROR "cpp check: no C++ compiler found (g++ or clang++)")
endif()
