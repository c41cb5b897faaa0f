# Runs a generator of committed data and fails unless its output is byte
# for byte the committed file. Arguments: GENERATOR, COMMITTED, OUTPUT (a
# scratch file), and NAME (the committed file, for the message; default
# engine/src/generated/table3_data.c).
if(NOT NAME)
  set(NAME engine/src/generated/table3_data.c)
endif()
execute_process(COMMAND ${GENERATOR} OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${GENERATOR} failed: ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${COMMITTED}
                RESULT_VARIABLE differ)
if(NOT differ EQUAL 0)
  message(FATAL_ERROR "${NAME} differs from the generator's output; "
                      "regenerate it (see the file's header)")
endif()
