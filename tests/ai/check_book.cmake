# Checks the committed opening book (engine/src/generated/book_data.c, compiled into
# GENERATOR): `ttt_gen_book --check DIR` plays each drawn board's book
# moves against every move of the other side and writes them as proof
# files, and checks every winning entry against the solver; the
# independent CHECKER then replays each proof file.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${GENERATOR} --check ${DIR} RESULT_VARIABLE status ERROR_VARIABLE log)
message(STATUS "${log}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the book does not hold (see above)")
endif()
file(GLOB proofs ${DIR}/book-*.txt)
if(NOT proofs)
  message(FATAL_ERROR "no proof file written")
endif()
foreach(file IN LISTS proofs)
  execute_process(COMMAND ${CHECKER} ${file}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${out}${err}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${file}: the book's strategy does not hold")
  endif()
endforeach()
