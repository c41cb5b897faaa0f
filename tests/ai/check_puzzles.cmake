# check_puzzles.cmake - the committed puzzle set is what the generator
# writes: for each board of BOARDS ("SIZE K" items), `ttt_gen_puzzles
# --board SIZE K` (a board's puzzles depend on nothing but the board: its
# own seed and fresh tables) must print exactly the committed file's lines
# of that board. Arguments: GENERATOR, COMMITTED, BOARDS.
foreach(board IN LISTS BOARDS)
  string(REPLACE " " ";" nk "${board}")
  list(GET nk 0 n)
  list(GET nk 1 k)
  execute_process(COMMAND ${GENERATOR} --board ${n} ${k}
                  OUTPUT_VARIABLE fresh ERROR_VARIABLE log RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${GENERATOR} --board ${n} ${k} failed (${rc}): ${log}")
  endif()
  file(STRINGS "${COMMITTED}" lines REGEX "^    \\{${n}, ${k}, ")
  string(REPLACE ";" "\n" committed "${lines}")
  string(STRIP "${fresh}" fresh)
  string(STRIP "${committed}" committed)
  if(NOT fresh STREQUAL committed)
    message(FATAL_ERROR "game/common/generated/puzzles_data.c: the puzzles of "
                        "(${n},${n},${k}) differ from the generator's; regenerate the file "
                        "(see its header)")
  endif()
  string(REGEX MATCHALL "\n" newlines "${fresh}\n")
  list(LENGTH newlines count)
  message(STATUS "(${n},${n},${k}): ${count} puzzles as committed")
endforeach()
