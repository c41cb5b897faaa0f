# cli_analyze.cmake - `ttt analyze`: text and JSON for known positions.
# The JSON is read back with CMake's own parser (string(JSON)), so the
# output must be one well-formed object with the documented fields.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test_lib.cmake")
set(CLI_TEST_NAME analyze)

# cli_json(<prefix> <out-var> <path...>): a member of the run's JSON output.
function(cli_json prefix out_var)
  string(JSON value ERROR_VARIABLE error GET "${${prefix}_out}" ${ARGN})
  if(error)
    cli_fail(${prefix} "JSON member ${ARGN}: ${error}")
  endif()
  set(${out_var} "${value}" PARENT_SCOPE)
endfunction()

# --- The corner opening: the centre is O's only move that does not lose. ---
cli_run(corner PROGRAM "${TTT}" ARGS analyze x........ --json)
cli_expect_rc(corner 0)
cli_expect_empty(corner err)
# Exactly one object on one line.
cli_expect(corner out "^{[^\n]*}\n$")
string(JSON type ERROR_VARIABLE error TYPE "${corner_out}")
cli_expect_equal(corner "${type}" "OBJECT" "top-level JSON type")
cli_json(corner size size)
cli_json(corner k k)
cli_json(corner to_move to_move)
cli_json(corner state state)
cli_json(corner value value)
cli_expect_equal(corner "${size}/${k}/${to_move}/${state}/${value}" "3/3/O/playing/draw"
                 "size/k/to_move/state/value")
string(JSON best_count LENGTH "${corner_out}" best)
cli_expect_equal(corner "${best_count}" 1 "number of best moves")
cli_json(corner best_row best 0 row)
cli_json(corner best_col best 0 col)
cli_expect_equal(corner "${best_row},${best_col}" "1,1" "best move (0-based)")
string(JSON move_count LENGTH "${corner_out}" moves)
cli_expect_equal(corner "${move_count}" 8 "one entry per free square")
math(EXPR last "${move_count} - 1")
foreach(i RANGE ${last})
  cli_json(corner row moves ${i} row)
  cli_json(corner col moves ${i} col)
  cli_json(corner outcome moves ${i} outcome)
  cli_json(corner plies moves ${i} plies)
  if(row EQUAL 1 AND col EQUAL 1)
    cli_expect_equal(corner "${outcome}/${plies}" "draw/8" "the centre")
  else()
    cli_expect_equal(corner "${outcome}" "loss" "move ${row},${col}")
    # O loses on X's move: an even number of plies, at least X's 3rd mark.
    if(plies LESS 4 OR plies GREATER 8)
      cli_fail(corner "move ${row},${col}: ${plies} plies to a loss is impossible")
    endif()
  endif()
endforeach()
# Squares are listed row by row: the first free square is (0,1).
cli_json(corner first_row moves 0 row)
cli_json(corner first_col moves 0 col)
cli_expect_equal(corner "${first_row},${first_col}" "0,1" "order of moves")

# The same position as text, with 1-based coordinates.
cli_run(corner_text PROGRAM "${TTT}" ARGS analyze x........)
cli_expect_rc(corner_text 0)
cli_expect(corner_text out " 1 \\| X \\|   \\|   \\|\n")
cli_expect(corner_text out "O to move; 3 in a row wins.\nFrom the empty board, perfect play ends in a draw.\nValue for O: draw.\n")
# The table is sorted by value: the drawing centre first, then the losses.
cli_expect(corner_text out "outcome for O\n +5 +2 +2 +draw +best\n")
cli_count(losses "${corner_text_out}" "loss in [0-9] moves")
cli_expect_equal(corner_text "${losses}" 7 "losing moves listed")
cli_count(bests "${corner_text_out}" "best")
cli_expect_equal(corner_text "${bests}" 1 "moves marked best")

# --- The board's own value (ttt_board_value), text and JSON, on every
# kind of board: a first-player win, a proven draw, and (8,8,5), which
# this engine has not proven. ---
foreach(case "4;3;win;the first player wins with perfect play \\(in 5 moves\\)"
             "7;5;draw;perfect play ends in a draw"
             "8;5;unknown;This program has not solved this board")
  list(GET case 0 n)
  list(GET case 1 k)
  list(GET case 2 value)
  list(GET case 3 words)
  string(REPEAT "." ${n} row)
  string(REPEAT "${row} " ${n} board)
  string(STRIP "${board}" board)
  # x in the top left corner: O to move, a quick analysis.
  string(SUBSTRING "${board}" 1 -1 board)
  set(board "x${board}")
  cli_run(board_${n}_${k} PROGRAM "${TTT}" ARGS analyze "${board}" --k ${k} --time 50 --json)
  cli_expect_rc(board_${n}_${k} 0)
  cli_json(board_${n}_${k} got board_value)
  cli_expect_equal(board_${n}_${k} "${got}" "${value}" "board_value of (${n},${n},${k})")
  cli_run(board_text_${n}_${k} PROGRAM "${TTT}" ARGS analyze "${board}" --k ${k} --time 50)
  cli_expect(board_text_${n}_${k} out "${words}")
endforeach()

# --- The empty board: every move draws, so every move is best. ---
cli_run(empty PROGRAM "${TTT}" ARGS analyze "... ... ..." --json)
cli_expect_rc(empty 0)
cli_json(empty value value)
cli_expect_equal(empty "${value}" draw "value of the empty board")
string(JSON n LENGTH "${empty_out}" best)
cli_expect_equal(empty "${n}" 9 "best moves of the empty board")
cli_json(empty plies moves 4 plies)
cli_expect_equal(empty "${plies}" 9 "a drawn game lasts 9 plies")

# --- A win in one: the fastest win is the only best move. ---
# X: (0,0) (0,1); O: (1,0) (1,1); X to move wins at (0,2), or blocks...
cli_run(win PROGRAM "${TTT}" ARGS analyze "xx_ oo_ ___" --json)
cli_expect_rc(win 0)
cli_json(win value value)
cli_json(win to_move to_move)
cli_expect_equal(win "${to_move}/${value}" "X/win" "to_move/value")
string(JSON n LENGTH "${win_out}" best)
cli_expect_equal(win "${n}" 1 "best moves")
cli_json(win r best 0 row)
cli_json(win c best 0 col)
cli_expect_equal(win "${r},${c}" "0,2" "the winning square")
cli_json(win plies moves 0 plies)
cli_json(win outcome moves 0 outcome)
cli_expect_equal(win "${outcome}/${plies}" "win/1" "winning at once")
cli_run(win_text PROGRAM "${TTT}" ARGS analyze "xx_ oo_ ___")
cli_expect(win_text out "Value for X: win in 1 move\\.")
cli_expect(win_text out " +3 +1 +3 +win in 1 move +best\n")

# --- --turn decides when the counts are equal. ---
cli_run(turn PROGRAM "${TTT}" ARGS analyze "xo. ... ..." --turn o --json)
cli_expect_rc(turn 0)
cli_json(turn to_move to_move)
cli_expect_equal(turn "${to_move}" O "--turn o")

# --- Finished boards: no value, no moves. ---
cli_run(won PROGRAM "${TTT}" ARGS analyze "xxx oo. ..." --json)
cli_expect_rc(won 0)
cli_json(won state state)
cli_expect_equal(won "${state}" x_won "state")
string(JSON n LENGTH "${won_out}" moves)
cli_expect_equal(won "${n}" 0 "moves of a finished game")
string(JSON value ERROR_VARIABLE missing GET "${won_out}" value)
if(NOT missing)
  cli_fail(won "a finished game has no value, got '${value}'")
endif()
cli_run(won_text PROGRAM "${TTT}" ARGS analyze "xxx oo. ...")
cli_expect_rc(won_text 0)
cli_expect(won_text out "\\[X\\]\\|\\[X\\]\\|\\[X\\]")
cli_expect(won_text out "The game is over: X has won")
cli_run(full PROGRAM "${TTT}" ARGS analyze "xox xoo oxx" --json)
cli_expect_rc(full 0)
cli_json(full state state)
cli_expect_equal(full "${state}" draw "state of a full board")

# --- Other sizes: the size follows from the squares, k from the size. ---
cli_run(four PROGRAM "${TTT}" ARGS analyze "x... .o.. .... ...." --k 3 --json)
cli_expect_rc(four 0)
cli_json(four size size)
cli_json(four k k)
cli_expect_equal(four "${size}/${k}" "4/3" "size and k")
string(JSON n LENGTH "${four_out}" moves)
cli_expect_equal(four "${n}" 14 "free squares of the 4x4 board")

# A board of dashes (empty squares) is an argument, not an option.
cli_run(dashes PROGRAM "${TTT}" ARGS analyze --json ---------)
cli_expect_rc(dashes 0)
cli_json(dashes state state)
cli_expect_equal(dashes "${state}" playing "state of the empty board")

# --- Proven and estimated squares (issue 11). ---
# Every square of a solved board is proven, with its estimate at the ends
# of the scale or 0.
cli_json(corner proven proven)
cli_json(corner estimate estimate)
cli_expect_equal(corner "${proven}/${estimate}" "ON/0" "a proven draw")
cli_json(corner p0 moves 0 proven)
cli_json(corner e0 moves 0 estimate)
cli_expect_equal(corner "${p0}/${e0}" "ON/-1000" "a proven loss")
# On 8x8 with k = 5, X wins in 5 plies at row 6, column 2 (0-based). The
# win is proven, and so is the value, even where other squares are not.
cli_run(big PROGRAM "${TTT}" ARGS analyze
        "...o.x......oo..o..x.o....xoxoo...xoxo.x...xox.....xx..........." --k 5 --turn x
        --json --time 1000)
cli_expect_rc(big 0)
cli_json(big value value)
cli_json(big proven proven)
cli_expect_equal(big "${value}/${proven}" "win/ON" "value of the 8x8 position")
cli_json(big best_row best 0 row)
cli_json(big best_col best 0 col)
cli_expect_equal(big "${best_row},${best_col}" "6,2" "the winning move")
string(JSON n LENGTH "${big_out}" best)
cli_expect_equal(big "${n}" 1 "the fastest win is the only best move")
string(JSON n LENGTH "${big_out}" moves)
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
  cli_json(big row moves ${i} row)
  cli_json(big col moves ${i} col)
  if(row EQUAL 6 AND col EQUAL 2)
    cli_json(big outcome moves ${i} outcome)
    cli_json(big plies moves ${i} plies)
    cli_json(big p moves ${i} proven)
    cli_expect_equal(big "${outcome}/${plies}/${p}" "win/5/ON" "row 6, column 2")
  endif()
endforeach()
cli_run(big_text PROGRAM "${TTT}" ARGS analyze
        "...o.x......oo..o..x.o....xoxoo...xoxo.x...xox.....xx..........." --k 5 --turn x
        --time 1000)
cli_expect(big_text out "Value for X: win in 5 moves\\.\n")
cli_expect(big_text out "\n +51 +7 +3 +win in 5 moves +best\n")
