# doc_example.cmake - run by ctest with `cmake -P`: a C example in the
# documentation must appear word for word in a source file that the tests
# build and run, so the example cannot drift from code that works.
# Inputs (-D): DOC (a Markdown file), SOURCE (the C file), and optionally
# HEADING: the example is the first ```c block after the line that starts
# with HEADING (without it, the first ```c block of DOC).
cmake_minimum_required(VERSION 3.20)

file(READ "${DOC}" doc)
file(READ "${SOURCE}" source)
set(where "${DOC}")
if(DEFINED HEADING AND NOT HEADING STREQUAL "")
  string(FIND "\n${doc}" "\n${HEADING}" at)
  if(at LESS 0)
    message(FATAL_ERROR "doc example: no heading '${HEADING}' in ${DOC}")
  endif()
  string(SUBSTRING "${doc}" ${at} -1 doc)
  set(where "${DOC}, under '${HEADING}'")
endif()
# The first fenced block marked as C.
string(FIND "${doc}" "```c\n" start)
if(start LESS 0)
  message(FATAL_ERROR "doc example: no ```c block in ${where}")
endif()
math(EXPR start "${start} + 5")
string(SUBSTRING "${doc}" ${start} -1 rest)
string(FIND "${rest}" "\n```" end)
if(end LESS 0)
  message(FATAL_ERROR "doc example: the ```c block in ${where} does not end")
endif()
string(SUBSTRING "${rest}" 0 ${end} example)
string(FIND "${source}" "${example}" found)
if(found LESS 0)
  message(FATAL_ERROR "doc example: the C example in ${where} is not the same as "
                      "${SOURCE}; update one from the other.\nThe document has:\n${example}")
endif()
message(STATUS "doc example: ${where} matches ${SOURCE}")
