# cli_battle.cmake - `ttt battle`: the counts add up to the number of
# games, the percentages to 100, a seed repeats a run, and known match-ups
# give known results (perfect play never loses).
include("${CMAKE_CURRENT_LIST_DIR}/cli_test_lib.cmake")
set(CLI_TEST_NAME battle)

# cli_battle_counts(<prefix>): reads the four result rows of a run into
# <prefix>_x, <prefix>_draws, <prefix>_o, <prefix>_total.
function(cli_battle_counts prefix)
  set(text "${${prefix}_out}")
  foreach(row x draws o total)
    if(row STREQUAL "x")
      set(re "X \\([a-z-]+\\) wins +([0-9]+) +([0-9.]+)%")
    elseif(row STREQUAL "o")
      set(re "O \\([a-z-]+\\) wins +([0-9]+) +([0-9.]+)%")
    else()
      set(re "${row} +([0-9]+) +([0-9.]+)%")
    endif()
    if(NOT text MATCHES "${re}")
      cli_fail(${prefix} "no '${row}' row in the results")
    endif()
    set(${prefix}_${row} ${CMAKE_MATCH_1} PARENT_SCOPE)
    set(${prefix}_${row}_pct ${CMAKE_MATCH_2} PARENT_SCOPE)
  endforeach()
endfunction()

set(games 60)
cli_run(pr PROGRAM "${TTT}" ARGS battle --x perfect --o random --games ${games} --seed 42)
cli_expect_rc(pr 0)
cli_expect_empty(pr err)
cli_expect(pr out "X = perfect, O = random, ${games} games, X first, seed 42")
cli_battle_counts(pr)
math(EXPR sum "${pr_x} + ${pr_draws} + ${pr_o}")
cli_expect_equal(pr "${sum}" "${games}" "wins + draws + losses")
cli_expect_equal(pr "${pr_total}" "${games}" "total row")
cli_expect_equal(pr "${pr_total_pct}" "100.0" "total percentage")
cli_expect_equal(pr "${pr_o}" 0 "perfect play never loses")

# The same seed gives the same run.
cli_run(again PROGRAM "${TTT}" ARGS battle --x perfect --o random --games ${games} --seed 42)
cli_expect_equal(again "${again_out}" "${pr_out}" "--seed repeats the run")

# Perfect against perfect is always a draw, whoever starts.
cli_run(pp PROGRAM "${TTT}" ARGS battle --x unbeatable --o perfect --games 10 --alternate --seed 1)
cli_expect_rc(pp 0)
cli_expect(pp out "alternating first")
cli_battle_counts(pp)
cli_expect_equal(pp "${pp_draws}" 10 "perfect vs perfect draws")
cli_expect_equal(pp "${pp_draws_pct}" "100.0" "draw percentage")

# Pondering on the opponent's time (each side its own context): on a board
# the threat phase solves at once, perfect play still draws every game.
cli_run(pond PROGRAM "${TTT}" ARGS battle --x perfect --o perfect --size 6 --k 5 --games 2
  --time 20 --ponder --seed 3)
cli_expect_rc(pond 0)
cli_battle_counts(pond)
cli_expect_equal(pond "${pond_draws}" 2 "perfect vs perfect draws with --ponder")

# The deterministic agents, every preset, and O starting.
cli_run(mix PROGRAM "${TTT}" ARGS battle --x first-free --o rules --games 7 --o-starts --seed 9)
cli_expect_rc(mix 0)
cli_expect(mix out "O first")
cli_battle_counts(mix)
math(EXPR sum "${mix_x} + ${mix_draws} + ${mix_o}")
cli_expect_equal(mix "${sum}" 7 "wins + draws + losses")
foreach(level easy medium hard)
  cli_run(${level} PROGRAM "${TTT}" ARGS battle --x ${level} --o random --games 5 --seed 3)
  cli_expect_rc(${level} 0)
  cli_battle_counts(${level})
  cli_expect_equal(${level} "${${level}_total}" 5 "total for ${level}")
endforeach()
