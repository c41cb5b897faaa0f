# cli_help_version.cmake - `ttt --help`, each command's --help and
# `ttt --version`: status 0, the text on stdout, nothing on stderr.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test_lib.cmake")
set(CLI_TEST_NAME help_version)

cli_run(main PROGRAM "${TTT}" ARGS --help)
cli_expect_rc(main 0)
cli_expect_empty(main err)
cli_expect(main out "Usage: ttt COMMAND")
cli_expect(main out "play +play against the computer")
cli_expect(main out "battle")
cli_expect(main out "analyze")

cli_run(short PROGRAM "${TTT}" ARGS -h)
cli_expect_rc(short 0)
cli_expect_equal(short "${short_out}" "${main_out}" "-h prints the same help as --help")

foreach(command play battle analyze)
  cli_run(${command} PROGRAM "${TTT}" ARGS ${command} --help)
  cli_expect_rc(${command} 0)
  cli_expect_empty(${command} err)
  cli_expect(${command} out "Usage: ttt ${command}")
  cli_expect(${command} out "Exit status")
endforeach()
# The help says how coordinates are counted.
cli_expect(play out "counted from 1")
cli_expect(analyze out "JSON output counts them from 0")
cli_expect(battle out "first-free")

cli_run(version PROGRAM "${TTT}" ARGS --version)
cli_expect_rc(version 0)
cli_expect_empty(version err)
cli_expect(version out "^ttt [0-9]+\\.[0-9]+\\.[0-9]+ \\(engine [0-9]+\\.[0-9]+\\.[0-9]+\\)\n$")

# Output that cannot be written (a full disk) is a failure, status 1, with a
# message on stderr, not a silent success.
if(EXISTS /dev/full)
  execute_process(COMMAND "${TTT}" --help OUTPUT_FILE /dev/full ERROR_VARIABLE full_err
                  RESULT_VARIABLE full_rc TIMEOUT ${CLI_RUN_TIMEOUT_S})
  if(NOT full_rc EQUAL 1 OR NOT full_err MATCHES "cannot write the output")
    message(FATAL_ERROR "ttt --help > /dev/full: status ${full_rc}, stderr: ${full_err}")
  endif()
endif()
