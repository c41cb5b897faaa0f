# abi_policy.cmake - the engine_abi_policy test: holds the ABI check
# (cmake/abi_check.cmake) to the promise it keeps. It copies what the
# engine builds from into a scratch tree, makes one change at a time there
# (never in the source tree) and runs the check on the copy, expecting it
# to pass for what keeps 1.x programs working (a function, an enumerator, a
# field at the end of a growable struct added) and to fail for what breaks
# them (a function removed, a field's type changed, a fixed struct grown, an
# enumerator's value changed).
#
# Inputs (-D): TTT_SOURCE_DIR, WORK_DIR, C_COMPILER, GENERATOR, BASELINE,
# SUPPRESSIONS. Prints "ABI check skipped" (a ctest skip) where the check
# itself would be skipped.
cmake_minimum_required(VERSION 3.20)

find_program(ABIDIFF abidiff)
cmake_host_system_information(RESULT arch QUERY OS_PLATFORM)
if(NOT ABIDIFF OR NOT arch STREQUAL "x86_64")
  message("ABI check skipped: abigail-tools missing or not x86_64")
  return()
endif()

set(tree "${WORK_DIR}/tree")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${tree}/game" "${tree}/docs")
file(COPY "${TTT_SOURCE_DIR}/CMakeLists.txt" "${TTT_SOURCE_DIR}/README.md"
          "${TTT_SOURCE_DIR}/CHANGELOG.md" "${TTT_SOURCE_DIR}/LICENSE"
          "${TTT_SOURCE_DIR}/cmake" "${TTT_SOURCE_DIR}/engine" "${TTT_SOURCE_DIR}/abi"
  DESTINATION "${tree}")
file(COPY "${TTT_SOURCE_DIR}/game/CMakeLists.txt" DESTINATION "${tree}/game")

# change(<name> <expect PASS|FAIL> <file> <old> <new> [<file> <old> <new>]...):
# replaces each old text by the new one in the copy, runs the check, puts
# the files back. A semicolon in a text is written <sc> (CMake would split
# the arguments there), and an empty one <nothing> (CMake drops empty
# list elements).
set(failures 0)
function(change name expect)
  set(edits ${ARGN})
  set(saved "")
  while(edits)
    list(POP_FRONT edits file old new)
    string(REPLACE "<sc>" ";" old "${old}")
    string(REPLACE "<sc>" ";" new "${new}")
    string(REPLACE "<nothing>" "" new "${new}")
    file(READ "${tree}/${file}" text)
    string(FIND "${text}" "${old}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "abi policy: '${old}' is not in ${file}: update this test")
    endif()
    list(APPEND saved "${file}")
    if(NOT EXISTS "${tree}/${file}.orig")
      file(COPY_FILE "${tree}/${file}" "${tree}/${file}.orig")
    endif()
    string(REPLACE "${old}" "${new}" text "${text}")
    file(WRITE "${tree}/${file}" "${text}")
  endwhile()
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -DMODE=check "-DTTT_SOURCE_DIR=${tree}"
      "-DWORK_DIR=${WORK_DIR}/check" "-DC_COMPILER=${C_COMPILER}" "-DGENERATOR=${GENERATOR}"
      "-DBASELINE=${BASELINE}" "-DSUPPRESSIONS=${SUPPRESSIONS}"
      -P "${TTT_SOURCE_DIR}/cmake/abi_check.cmake"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc EQUAL 0)
    set(got PASS)
  else()
    set(got FAIL)
  endif()
  if(NOT out MATCHES "changed INCOMPATIBLY|grew compatibly|matches|major version moved")
    set(got "ERROR")
  endif()
  foreach(file IN LISTS saved)
    file(RENAME "${tree}/${file}.orig" "${tree}/${file}")
  endforeach()
  if(got STREQUAL expect)
    message(STATUS "abi policy: ${name}: ${got}, as it should")
  else()
    message(STATUS "abi policy: ${name}: ${got}, expected ${expect}:\n${out}")
    math(EXPR n "${failures} + 1")
    set(failures ${n} PARENT_SCOPE)
  endif()
endfunction()

set(ai engine/include/ttt/ai.h)
set(common engine/include/ttt/common.h)
set(game engine/include/ttt/game.h)
set(names engine/src/names.c)

# The anchors are short on purpose, so reformatting the headers does not
# break the test; a text that is no longer there fails it loudly.
change("no change" PASS ${names} "/* What a name function" "/* What a name function")
change("a function added" PASS
  ${common} "TTT_API ttt_player ttt_player_other(ttt_player player)<sc>"
  "TTT_API ttt_player ttt_player_other(ttt_player player)<sc>\nTTT_API int ttt_added(void)<sc>"
  ${names} "long ttt_version_num(void)" "int ttt_added(void)\n{\n    return 1<sc>\n}\n\nlong ttt_version_num(void)")
change("a field at the end of a growable struct" PASS
  ${ai} "} ttt_ai_result<sc>" "    int added<sc> /**< New. */\n} ttt_ai_result<sc>")
change("an enumerator added" PASS
  ${common} "TTT_ERR_ALLOCATOR = 18" "TTT_ERR_ALLOCATOR = 18,\n    TTT_ERR_ADDED = 19 /**< New. */")
change("a field's type changed" FAIL ${ai} "    int depth<sc>" "    long depth<sc>")
change("a field in the middle of a growable struct" FAIL
  ${ai} "    bool stopped<sc>" "    int added<sc> /**< New. */\n    bool stopped<sc>")
change("a fixed struct grown" FAIL
  ${common} "    int col<sc>" "    int col<sc>\n    int added<sc> /**< New. */")
change("a function removed" FAIL
  ${game} "TTT_API const char *ttt_state_name(ttt_state state)<sc>" "<nothing>"
  ${names} "const char *ttt_state_name(ttt_state state)" "const char *state_name(ttt_state state)<sc>\nconst char *state_name(ttt_state state)")
change("an enumerator's value changed" FAIL ${common} "TTT_ERR_ALLOCATOR = 18" "TTT_ERR_ALLOCATOR = 20")
change("a parameter's type changed" FAIL
  ${game} "int ttt_victory_set_count(int size, int k)<sc>" "int ttt_victory_set_count(long size, int k)<sc>"
  engine/src/game.c "int ttt_victory_set_count(int size, int k)" "int ttt_victory_set_count(long size, int k)")

if(failures GREATER 0)
  message(FATAL_ERROR "abi policy: the ABI check got ${failures} case(s) wrong")
endif()
message(STATUS "abi policy: the ABI check keeps the promise in every case")
