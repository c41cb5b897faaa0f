# Runs the 3x3 table generator and fails unless its output is byte for byte
# the committed engine/src/table3_data.c. Arguments: GENERATOR, COMMITTED,
# OUTPUT (a scratch file).
execute_process(COMMAND ${GENERATOR} OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ttt_gen_table3 failed: ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${COMMITTED}
                RESULT_VARIABLE differ)
if(NOT differ EQUAL 0)
  message(FATAL_ERROR "engine/src/table3_data.c differs from the generator's output; "
                      "regenerate it (see the file's header)")
endif()
