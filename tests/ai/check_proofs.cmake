# Writes, for each board of BOARDS ("N K" each) and each side, the engine's
# proof that the side never wins from the empty board (GENERATOR, into
# DIR), and replays it with the independent checker (CHECKER). Fails on
# the first proof that is not written or does not hold.
file(MAKE_DIRECTORY ${DIR})
foreach(board IN LISTS BOARDS)
  string(REPLACE " " ";" nk "${board}")
  list(GET nk 0 n)
  list(GET nk 1 k)
  foreach(side x o)
    set(file ${DIR}/proof-${n}-${n}-${k}-${side}.txt)
    execute_process(COMMAND ${GENERATOR} ${n} ${k} ${side} ${file}
      RESULT_VARIABLE status ERROR_VARIABLE log)
    message(STATUS "${log}")
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "(${n},${n},${k}): no proof that ${side} never wins")
    endif()
    execute_process(COMMAND ${CHECKER} ${file}
      RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
    message(STATUS "${out}${err}")
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "(${n},${n},${k}): the proof that ${side} never wins does not hold")
    endif()
  endforeach()
endforeach()
