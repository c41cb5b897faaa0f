# The split solver (engine/tools/solve.c, SOLVER) on (5,5,4), whose known
# value is a draw (and on (4,4,3), a first-player win): it proves that neither side ever wins, and the
# independent checker (CHECKER) accepts the combined proofs and every job's
# certificate; a run stopped after 3 jobs and resumed ends as the
# uninterrupted run does (the same proof), without running a settled job
# again; a changed or cut checkpoint is refused with a clear error. Node
# budgets only: the same on every machine. DIR is a scratch directory.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

function(solve out_var rc_var)
  execute_process(COMMAND ${SOLVER} ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "ttt_solve ${ARGN}: ${rc}\n${out}${err}")
  set(${out_var} "${out}${err}" PARENT_SCOPE)
  set(${rc_var} ${rc} PARENT_SCOPE)
endfunction()

function(check_proof file)
  execute_process(COMMAND ${CHECKER} ${file}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${file} does not hold: ${out}${err}")
  endif()
endfunction()

# 1. Each side never wins: the two proofs make the known draw.
foreach(side x o)
  solve(out rc 5 4 ${side} ${DIR}/full-${side} --nodes 20000 --workers 1)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${side} never wins: proven")
    message(FATAL_ERROR "(5,5,4): no proof that ${side} never wins")
  endif()
  check_proof(${DIR}/full-${side}/proof.txt)
  file(GLOB certs ${DIR}/full-${side}/job-*.proof)
  if(NOT certs)
    message(FATAL_ERROR "no job certificates")
  endif()
  foreach(cert IN LISTS certs)
    check_proof(${cert})
  endforeach()
endforeach()
solve(out rc 5 4 x ${DIR}/full-x --status)
if(NOT rc EQUAL 0 OR NOT out MATCHES "does X ever win\\? NO \\(proven\\)")
  message(FATAL_ERROR "--status does not show the proof")
endif()
file(READ ${DIR}/full-x/jobs.txt table)
string(REGEX MATCHALL " (held|won) " settled "${table}")
list(LENGTH settled full_settled)

# (4,4,3), a first-player win: every O reply to the centre falls.
solve(out rc 4 3 x ${DIR}/win --nodes 20000 --workers 1)
if(NOT rc EQUAL 0 OR NOT out MATCHES "x wins")
  message(FATAL_ERROR "(4,4,3): the win was not found")
endif()

# Two workers get there too.
solve(out rc 5 4 x ${DIR}/two --nodes 20000 --workers 2)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "two workers: ${rc}")
endif()
check_proof(${DIR}/two/proof.txt)

# 2. Stopped after 3 jobs, then resumed.
solve(out rc 5 4 x ${DIR}/part --nodes 20000 --workers 1 --max-jobs 3)
if(NOT rc EQUAL 3 OR NOT out MATCHES "3 job runs")
  message(FATAL_ERROR "a run stopped after 3 jobs should exit 3")
endif()
string(REGEX MATCHALL "job [0-9]+ \\([^)]*\\): (held|WON)" first_settled "${out}")
string(REGEX REPLACE "job ([0-9]+)[^;]*" "\\1" first_ids "${first_settled}")
file(COPY ${DIR}/part/ DESTINATION ${DIR}/corrupt)
solve(out rc 5 4 x ${DIR}/part --nodes 20000 --workers 1)
if(NOT rc EQUAL 0 OR NOT out MATCHES "resumed: [1-9][0-9]* settled jobs kept")
  message(FATAL_ERROR "the resumed run did not finish from the checkpoint")
endif()
foreach(id IN LISTS first_ids)
  if(out MATCHES "job ${id} \\(")
    message(FATAL_ERROR "job ${id} was settled before the stop and ran again")
  endif()
endforeach()
file(READ ${DIR}/part/proof.txt resumed_proof)
file(READ ${DIR}/full-x/proof.txt full_proof)
if(NOT resumed_proof STREQUAL full_proof)
  message(FATAL_ERROR "the resumed run's proof is not the uninterrupted run's")
endif()
file(READ ${DIR}/part/jobs.txt table)
string(REGEX MATCHALL " (held|won) " settled "${table}")
list(LENGTH settled part_settled)
if(NOT part_settled EQUAL full_settled)
  message(FATAL_ERROR "resumed: ${part_settled} jobs settled, uninterrupted: ${full_settled}")
endif()
check_proof(${DIR}/part/proof.txt)

# 3. A checkpoint changed by one character, or cut short, is refused.
file(READ ${DIR}/corrupt/jobs.txt table)
string(REGEX REPLACE " held " " open " changed "${table}")
if(changed STREQUAL table)
  message(FATAL_ERROR "no held job to change")
endif()
file(WRITE ${DIR}/corrupt/jobs.txt "${changed}")
solve(out rc 5 4 x ${DIR}/corrupt --nodes 20000 --workers 1)
if(NOT rc EQUAL 2 OR NOT out MATCHES "corrupt checkpoint")
  message(FATAL_ERROR "a changed checkpoint was not refused")
endif()
string(REGEX REPLACE "sum [0-9a-f]+\n$" "" cut "${table}")
file(WRITE ${DIR}/corrupt/jobs.txt "${cut}")
solve(out rc 5 4 x ${DIR}/corrupt --nodes 20000 --workers 1)
if(NOT rc EQUAL 2 OR NOT out MATCHES "corrupt checkpoint")
  message(FATAL_ERROR "a checkpoint cut short was not refused")
endif()
# Another board's checkpoint.
solve(out rc 5 5 x ${DIR}/part --nodes 20000 --workers 1)
if(NOT rc EQUAL 2 OR NOT out MATCHES "checkpoint of another run")
  message(FATAL_ERROR "another board's checkpoint was not refused")
endif()
# A bad argument.
solve(out rc 5 4 x ${DIR}/part --workers 0)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "a bad argument was not refused")
endif()
