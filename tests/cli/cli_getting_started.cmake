# cli_getting_started.cmake - the example program of docs/engine.md: a
# scripted game runs to its end, bad moves are refused by the engine with a
# reason, and end of input ends it cleanly.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test_lib.cmake")
set(CLI_TEST_NAME getting_started)

# Offer every square in order after two bad lines; the taken ones are
# refused, so the game always reaches its end.
cli_run(game PROGRAM "${GETTING_STARTED}"
        INPUT "hello\n4 4\n1 1\n1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n3 1\n3 2\n3 3\n")
cli_expect_rc(game 0)
cli_expect_empty(game err)
cli_expect(game out "^\\+---\\+---\\+---\\+\n\\|   \\|   \\|   \\|\n")
cli_expect(game out "Please type two numbers, like: 2 3")
cli_expect(game out "Not allowed: square is outside the board")
cli_expect(game out "Not allowed: square is already marked")
cli_expect(game out "O plays [1-3] [1-3]\n")
cli_expect(game out "(You win!|The computer wins\\.|Draw\\.)\n$")

cli_run(eof PROGRAM "${GETTING_STARTED}" INPUT "2 2\n")
cli_expect_rc(eof 0)
cli_expect(eof out "End of input: bye!\n$")
