# cli_verbose.cmake - `ttt play --verbose`: the computer's search is shown
# as a tree, one line per position, indented two spaces per ply, no deeper
# than --verbose-depth.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test_lib.cmake")
set(CLI_TEST_NAME verbose)

cli_run(v PROGRAM "${TTT}" ARGS play --first computer --verbose-depth 2 --seed 5
        --difficulty unbeatable INPUT "")
cli_expect_rc(v 0)
cli_expect(v out "The computer's search, 2 moves deep")
# From the empty board all nine root moves draw under perfect play (the
# default level, medium, skips branches: they show as unknown).
cli_count(roots "${v_out}" "\n  X [1-3] [1-3]: draw\n")
cli_expect_equal(v "${roots}" 9 "root moves reported")
# Replies at depth 2 are indented further; nothing deeper is shown.
cli_expect(v out "\n    O [1-3] [1-3]: (win|loss) in [0-9]+ moves|\n    O [1-3] [1-3]: draw")
cli_expect_not(v out "\n      [XO] ")
cli_expect(v out "Positions visited: [1-9][0-9]*")
cli_expect(v out "X \\(computer\\) plays row")

cli_run(plain PROGRAM "${TTT}" ARGS play --first computer --seed 5 INPUT "")
cli_expect_not(plain out "The computer's search")
