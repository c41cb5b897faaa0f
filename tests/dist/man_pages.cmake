# man_pages.cmake - run by ctest with `cmake -P` (test dist_man_pages): each
# built manual page renders without a warning (groff -man -ww); every option
# that `ttt ... --help` and `tictactoe --help` list is described in ttt(1)
# and tictactoe(6); every function the public headers export (TTT_API) is
# named in ttt(3); and ttt(3)'s example compiles and runs.
#
# Inputs (-D): PAGES (built pages), MAN_SOURCE_DIR (docs/man), GROFF (or
# empty), TTT and TICTACTOE (the programs, or empty), HEADERS (the public
# headers), and for the example C_COMPILER, INCLUDE_DIRS, LIBRARY (static
# engine; empty to skip the example), WORK_DIR.
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/dist_util.cmake")
dist_require(PAGES MAN_SOURCE_DIR HEADERS WORK_DIR)

if(NOT GROFF)
  message("skipped: groff not found (Debian: groff-base)")
  return()
endif()

# 1. Rendering: -k reads UTF-8 input, -ww turns every warning on, -z drops
# the output.
foreach(page IN LISTS PAGES)
  execute_process(COMMAND "${GROFF}" -k -man -Tutf8 -ww -z "${page}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
    dist_fail("${page} does not render cleanly (${rc}):\n${err}")
  endif()
endforeach()

# The page's source as plain text: scdoc's escaped underscores unescaped.
function(page_text name out)
  file(READ "${MAN_SOURCE_DIR}/${name}.scd.in" text)
  string(REPLACE "\\_" "_" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# 2. Options: each option in a program's --help (in English) appears in
# bold (*--option*) in its page.
function(check_options page program)
  page_text(${page} text)
  foreach(args IN LISTS ARGN)
    string(REPLACE " " ";" args "${args}")
    execute_process(COMMAND ${CMAKE_COMMAND} -E env LC_ALL=C LANGUAGE= "${program}" ${args}
      RESULT_VARIABLE rc OUTPUT_VARIABLE help ERROR_VARIABLE err INPUT_FILE /dev/null)
    if(NOT rc EQUAL 0)
      dist_fail("${program} ${args} failed (${rc}): ${err}")
    endif()
    string(REGEX MATCHALL "(^|[ ,(])--?[a-zA-Z][a-z-]*" options "${help}")
    set(count 0)
    foreach(option IN LISTS options)
      string(REGEX REPLACE "^[ ,(]" "" option "${option}")
      if(NOT text MATCHES "\\*${option}\\*")
        dist_fail("'${option}' (from ${program} ${args}) is not described in ${page}")
      endif()
      math(EXPR count "${count} + 1")
    endforeach()
    if(count EQUAL 0)
      dist_fail("found no option in '${program} ${args}'")
    endif()
  endforeach()
endfunction()
if(TTT)
  check_options(ttt.1 "${TTT}" "--help" "play --help" "battle --help" "analyze --help")
endif()
if(TICTACTOE)
  check_options(tictactoe.6 "${TICTACTOE}" "--help")
endif()

# 3. The library's page names every exported function.
page_text(ttt.3 text)
set(functions 0)
foreach(header IN LISTS HEADERS)
  file(READ "${header}" code)
  string(REGEX MATCHALL "TTT_API [^;(]*[ *](ttt_[a-z0-9_]+)\\(" decls "${code}")
  foreach(decl IN LISTS decls)
    string(REGEX REPLACE "^.*[ *](ttt_[a-z0-9_]+)\\($" "\\1" fn "${decl}")
    if(NOT text MATCHES "\\*${fn}\\*\\(\\)")
      dist_fail("ttt(3) does not name ${fn}() (from ${header})")
    endif()
    math(EXPR functions "${functions} + 1")
  endforeach()
endforeach()
if(functions LESS 20)
  dist_fail("found only ${functions} TTT_API functions in the headers")
endif()

# 4. ttt(3)'s example: the block after "# EXAMPLE" builds and runs.
if(C_COMPILER AND LIBRARY)
  string(REGEX MATCH "# EXAMPLE\n\n```\n(.*)\n```\n\n# FILES" found "${text}")
  if(NOT found)
    dist_fail("ttt(3) has no example block")
  endif()
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  file(WRITE "${WORK_DIR}/example.c" "${CMAKE_MATCH_1}\n")
  set(includes "")
  foreach(dir IN LISTS INCLUDE_DIRS)
    list(APPEND includes "-I${dir}")
  endforeach()
  dist_run("compiling ttt(3)'s example" "${C_COMPILER}" -std=c11 -Wall -Wextra -Werror
    ${includes} "${WORK_DIR}/example.c" "${LIBRARY}" -lm -o "${WORK_DIR}/example")
  dist_run("running ttt(3)'s example" "${WORK_DIR}/example")
  if(NOT DIST_OUTPUT MATCHES "\\| X \\|")
    dist_fail("ttt(3)'s example printed:\n${DIST_OUTPUT}")
  endif()
endif()
list(LENGTH PAGES n)
message(STATUS "man pages: ${n} render cleanly; options and ${functions} functions described")
