# cli_play.cmake - `ttt play` with scripted input: complete games between
# two people and against the computer, refused input with its reason,
# quitting, and end of input.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test_lib.cmake")
set(CLI_TEST_NAME play)

# Two people: X takes the top row, mixing both ways of typing a move.
cli_run(humans PROGRAM "${TTT}" ARGS play --opponent human
        INPUT "1 1\n2 1\n2\n2,2\n1 3\n")
cli_expect_rc(humans 0)
cli_expect_empty(humans err)
cli_expect(humans out "Two players")
cli_expect(humans out "X, your move \\(row column, 1-3, or square 1-9\\): 1 1\n")
cli_expect(humans out "O, your move")
# The final board shows the winning line in brackets.
cli_expect(humans out " 1 \\|\\[X\\]\\|\\[X\\]\\|\\[X\\]\\|\n")
cli_expect(humans out " 2 \\| O \\| O \\| 6 \\|\n")
cli_expect(humans out "X wins!\nScore: X 1, O 0, draws 0.\n\nPlay again\\? \\(y/n\\): \nGoodbye!\n$")

# O starts when asked to; a full board without a line is a draw.
cli_run(draw PROGRAM "${TTT}" ARGS play --opponent human --o-starts
        INPUT "1 1\n2 2\n3 3\n1 2\n3 2\n3 1\n1 3\n2 3\n2 1\n")
cli_expect_rc(draw 0)
cli_expect(draw out "O moves first")
cli_expect(draw out "Draw: the board is full and nobody has 3 in a row.\nScore: X 0, O 0, draws 1.\n")
# --first o is the same as --o-starts (the desktop game's spelling).
cli_run(first_o PROGRAM "${TTT}" ARGS play --opponent human --first o
        INPUT "1 1\n2 2\n3 3\n1 2\n3 2\n3 1\n1 3\n2 3\n2 1\n")
cli_expect_equal(first_o "${first_o_out}" "${draw_out}" "--first o plays as --o-starts")

# Refused input: each with its reason, then the move is asked again.
cli_run(bad PROGRAM "${TTT}" ARGS play --opponent human
        INPUT "abc\n0 1\n1 4\n10\n1 2 3\n\n2 2\n2 2\n5\nq\n")
cli_expect_rc(bad 0)
cli_expect(bad out "Not accepted: 'abc' is not a number. Try again.")
cli_expect(bad out "Not accepted: row 0 is outside the board \\(rows are 1 to 3\\)")
cli_expect(bad out "Not accepted: column 4 is outside the board \\(columns are 1 to 3\\)")
cli_expect(bad out "Not accepted: square 10 is outside the board \\(squares are 1 to 9\\)")
cli_expect(bad out "Not accepted: too many numbers")
cli_expect(bad out "Not accepted: nothing typed")
cli_expect(bad out "Not accepted: row 2, column 2 \\(square 5\\) is already taken by X")
# The refusals did not change the board: X is in the centre and O was asked again.
cli_expect(bad out " 2 \\| 4 \\| X \\| 6 \\|")
cli_count(o_prompts "${bad_out}" "O, your move")
cli_expect_equal(bad "${o_prompts}" 3 "O is asked three times (2 2, 5, q)")
cli_expect(bad out "O leaves the game. Goodbye!\n$")

# End of input in the middle of a game.
cli_run(eof PROGRAM "${TTT}" ARGS play --opponent human INPUT "2 2\n")
cli_expect_rc(eof 0)
cli_expect(eof out "End of input: the game is left unfinished. Goodbye!\n$")
cli_run(empty PROGRAM "${TTT}" ARGS play)
cli_expect_rc(empty 0)
cli_expect(empty out "End of input")

# Against the perfect computer: offer every square in turn (the taken ones
# are refused), so the game always reaches its end. X cannot win.
cli_run(computer PROGRAM "${TTT}" ARGS play --seed 7 --difficulty unbeatable
        INPUT "1\n2\n3\n4\n5\n6\n7\n8\n9\n")
cli_expect_rc(computer 0)
cli_expect(computer out "You are X; the computer is O \\(difficulty: unbeatable, seed 7\\)")
cli_expect(computer out "O \\(computer\\) plays row [1-3], column [1-3] \\(square [1-9]\\)\\.")
cli_expect(computer out "(Draw: the board is full|O wins: the computer wins this one)")
cli_expect_not(computer out "you win")
# The same seed and input replay the same game.
cli_run(again PROGRAM "${TTT}" ARGS play --seed 7 --difficulty unbeatable
        INPUT "1\n2\n3\n4\n5\n6\n7\n8\n9\n")
cli_expect_equal(again "${again_out}" "${computer_out}" "a --seed replays the game")

# The computer moves first as O; the human is X on a 4x4 board with k 3.
cli_run(first PROGRAM "${TTT}" ARGS play --first computer --o-starts --size 4 --k 3
        --difficulty 0.5 --seed 3 INPUT "")
cli_expect_rc(first 0)
cli_expect(first out "4x4 board: 3 in a row wins")
cli_expect(first out "You are X; the computer is O \\(difficulty: mistake probability 0.5, seed 3\\)")
cli_expect(first out "O moves first")
cli_expect(first out "O \\(computer\\) plays row [1-4], column [1-4]")
cli_expect(first out "X \\(you\\), your move \\(row column, 1-4, or square 1-16\\)")

# Issue 13: input with no line ends at all (/dev/zero) ends with status 1
# and a message instead of spinning; a NUL makes its own line a refused move
# without swallowing the next.
if(EXISTS /dev/zero)
  execute_process(COMMAND "${TTT}" play INPUT_FILE /dev/zero TIMEOUT 60
                  RESULT_VARIABLE zero_rc OUTPUT_VARIABLE zero_out ERROR_VARIABLE zero_err)
  cli_expect_equal(zero "${zero_rc}" 1 "ttt play < /dev/zero exits 1")
  if(NOT zero_err MATCHES "the input has no line end")
    cli_fail(zero "no message on stderr: ${zero_err}")
  endif()
endif()
set(nul_input "${WORK_DIR}/play-nul-input.txt")
# CMake strings cannot hold a NUL: write the bytes with printf where there is one.
find_program(PRINTF printf)
if(PRINTF)
  execute_process(COMMAND "${PRINTF}" "5\\0x\\n1\\n9\\n" OUTPUT_FILE "${nul_input}")
  execute_process(COMMAND "${TTT}" play --seed 1 --difficulty easy INPUT_FILE "${nul_input}"
                  TIMEOUT 60 RESULT_VARIABLE nul_rc OUTPUT_VARIABLE nul_out)
  cli_expect_equal(nul "${nul_rc}" 0 "exit status")
  if(NOT nul_out MATCHES "Not accepted: that line has a NUL byte in it")
    cli_fail(nul "the NUL line was not refused:\n${nul_out}")
  endif()
  if(NOT nul_out MATCHES "your move \\(row column, 1-3, or square 1-9\\): 1\n")
    cli_fail(nul "the line after the NUL was not read as a move:\n${nul_out}")
  endif()
endif()

# Typed text is shown back escaped: an escape sequence cannot reach the terminal.
string(ASCII 27 esc)
cli_run(escaped PROGRAM "${TTT}" ARGS play --opponent human INPUT "${esc}[2J\nq\n")
cli_expect_rc(escaped 0)
cli_expect(escaped out "Not accepted: '\\\\x1b\\[2J' is not a number")
cli_expect_not(escaped out "${esc}")

# A rematch: 'y' after a game plays another, the other player beginning,
# and the score runs on; anything else says goodbye.
cli_run(rematch PROGRAM "${TTT}" ARGS play --opponent human
        INPUT "1 1\n2 1\n1 2\n2 2\n1 3\ny\n1 1\n2 2\n1 2\n2 1\n1 3\nn\n")
cli_expect_rc(rematch 0)
cli_expect(rematch out "Score: X 1, O 0, draws 0.\n\nPlay again\\? \\(y/n\\): y\n")
cli_expect(rematch out "Game 2: O moves first.")
cli_expect(rematch out "O wins!\nScore: X 1, O 1, draws 0.\n\nPlay again\\? \\(y/n\\): n\nGoodbye!\n$")
# Against the computer the score is yours and its; the default level is
# medium, as in the desktop game.
cli_run(medium PROGRAM "${TTT}" ARGS play --seed 3 INPUT "1\n2\n3\n4\n5\n6\n7\n8\n9\n")
cli_expect(medium out "\\(difficulty: medium, seed 3\\)")
cli_expect(medium out "Score: you [01], the computer [01], draws [01]\\.\n")

# --save writes the game after every move; --resume goes on with it.
set(saved "${WORK_DIR}/play-saved.ttt")
file(REMOVE "${saved}")
cli_run(save PROGRAM "${TTT}" ARGS play --opponent human --save "${saved}" INPUT "2 2\n1 1\nq\n")
cli_expect_rc(save 0)
file(READ "${saved}" saved_text)
cli_expect_equal(save "${saved_text}" "# ttt game record (docs/cli.md, \"Game records\")
ttt-game 1
size 3
k 3
first x
mode two-players
result unfinished
moves
2 2
1 1
" "the saved record")
cli_run(resume PROGRAM "${TTT}" ARGS play --opponent human --resume "${saved}" --save "${saved}"
        INPUT "1 2\n3 3\n3 2\nn\n")
cli_expect_rc(resume 0)
cli_expect(resume out "Resumed from [^\n]*play-saved.ttt: 2 moves played; X to move.")
cli_expect(resume out " 1 \\| O \\| 2 \\| 3 \\|")
cli_expect(resume out "X wins!")
file(READ "${saved}" saved_text)
cli_expect(resume out "X, your move")
if(NOT saved_text MATCHES "result x-won\nmoves\n2 2\n1 1\n1 2\n3 3\n3 2\n$")
  cli_fail(resume "the record after resuming:\n${saved_text}")
endif()
# Resuming against the computer: the record says who is who.
file(WRITE "${saved}" "ttt-game 1\nsize 4\nk 3\nmode hvc\nhuman o\nmoves\n1 1\n")
cli_run(resume_hvc PROGRAM "${TTT}" ARGS play --resume "${saved}" --seed 2 INPUT "")
cli_expect(resume_hvc out "You are O; the computer is X")
cli_expect(resume_hvc out "O \\(you\\), your move \\(row column, 1-4, or square 1-16\\)")
# A record without sides: you take over the side to move.
file(WRITE "${saved}" "ttt-game 1\nsize 3\nmoves\n2 2\n")
cli_run(resume_any PROGRAM "${TTT}" ARGS play --resume "${saved}" --seed 2 INPUT "")
cli_expect(resume_any out "You are O; the computer is X")
# What --resume refuses: a finished game, a bad record (with its line), the
# board options, a missing file; nothing on stdout.
file(WRITE "${saved}" "ttt-game 1\nsize 3\nmoves\n1 1\n2 1\n1 2\n2 2\n1 3\n")
cli_run(over PROGRAM "${TTT}" ARGS play --resume "${saved}")
cli_expect_rc(over 2)
cli_expect(over err "the game is over; there is nothing to resume")
cli_expect_empty(over out)
file(WRITE "${saved}" "ttt-game 1\nsize 3\nmoves\n1 1\n1 1\n")
cli_run(bad_record PROGRAM "${TTT}" ARGS play --resume "${saved}")
cli_expect_rc(bad_record 2)
cli_expect(bad_record err "play-saved.ttt: line 5: move 2: row 1, column 1 is already taken by X")
cli_expect_empty(bad_record out)
cli_run(resume_size PROGRAM "${TTT}" ARGS play --resume "${saved}" --size 4)
cli_expect_rc(resume_size 2)
cli_expect(resume_size err "--resume takes the board and who begins from the record")
cli_run(resume_missing PROGRAM "${TTT}" ARGS play --resume "${WORK_DIR}/no-such-record.ttt")
cli_expect_rc(resume_missing 2)
cli_expect(resume_missing err "cannot read '[^']*no-such-record.ttt': No such file or directory")
cli_run(save_nowhere PROGRAM "${TTT}" ARGS play --opponent human
        --save "${WORK_DIR}/no-such-dir/g.ttt" INPUT "2 2\n")
cli_expect_rc(save_nowhere 1)
cli_expect(save_nowhere err "cannot write the game record")
