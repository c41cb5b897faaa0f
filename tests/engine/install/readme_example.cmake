# readme_example.cmake - run by ctest with `cmake -P`: the C example in the
# README must be the body of consumer/main.c, which the install tests build
# and run, so the README's example cannot drift from code that works.
# Inputs (-D): README, MAIN_C.
cmake_minimum_required(VERSION 3.20)

file(READ "${README}" readme)
file(READ "${MAIN_C}" main_c)
# The first fenced block marked as C.
string(FIND "${readme}" "```c\n" start)
if(start LESS 0)
  message(FATAL_ERROR "readme example: no ```c block in ${README}")
endif()
math(EXPR start "${start} + 5")
string(SUBSTRING "${readme}" ${start} -1 rest)
string(FIND "${rest}" "\n```" end)
string(SUBSTRING "${rest}" 0 ${end} example)
string(FIND "${main_c}" "${example}" found)
if(found LESS 0)
  message(FATAL_ERROR "readme example: the README's C example is not the same as ${MAIN_C}; "
                      "update one from the other.\nREADME has:\n${example}")
endif()
message(STATUS "readme example: matches ${MAIN_C}")
