# cli_i18n.cmake - `ttt` in each language it has (German, French, Spanish):
# with LANGUAGE set and a UTF-8 locale, the help, a battle's results, an
# analysis, a game's messages and a usage error come out translated, from
# the build tree's catalogues beside the executable; what is meant for
# programs (JSON, numbers, exit statuses) is the same in every language; and
# LC_ALL=C or an empty TTT_LOCALEDIR give English.
include("${CMAKE_CURRENT_LIST_DIR}/cli_test_lib.cmake")
set(CLI_TEST_NAME i18n)

# One translated line per language and message (fixed strings of po/ttt/).
set(de_help "Befehle:")
set(de_battle "20 Partien, X beginnt, Startwert 42")
set(de_row "X \\(perfect\\) gewinnt +20 +100\\.0%")
set(de_analyze "Ausgang für O")
set(de_outcome "Niederlage in 6 Zügen")
set(de_play "Sie sind X; der Computer ist O")
set(de_usage "ttt play: --size 12: die Brettgröße muss zwischen 3 und 8 liegen\n\\(siehe „ttt play --help“\\)")
set(fr_help "Commandes :")
set(fr_battle "20 parties, X commence, graine 42")
set(fr_row "victoires de X \\(perfect\\) +20 +100\\.0%")
set(fr_analyze "issue pour O")
set(fr_outcome "défaite en 6 coups")
set(fr_play "Vous êtes X ; l'ordinateur est O")
set(fr_usage "ttt play: --size 12: la taille du plateau doit être entre 3 et 8")
set(es_help "Órdenes:")
set(es_battle "20 partidas, empieza X, semilla 42")
set(es_row "gana X \\(perfect\\) +20 +100\\.0%")
set(es_analyze "resultado para O")
set(es_outcome "derrota en 6 jugadas")
set(es_play "Usted es X; el ordenador es O")
set(es_usage "ttt play: --size 12: el tamaño del tablero debe estar entre 3 y 8")

# Few games: the test also runs under Valgrind (scripts/valgrind.sh).
set(battle_args battle --x perfect --o random --games 20 --seed 42)
set(board "x.. ... ...")

# English first, for comparison: the C locale.
set(ENV{LC_ALL} C)
unset(ENV{LANGUAGE})
unset(ENV{TTT_LOCALEDIR})
cli_run(en_json PROGRAM "${TTT}" ARGS analyze "${board}" --json)
cli_expect_rc(en_json 0)
cli_run(en_battle PROGRAM "${TTT}" ARGS ${battle_args})
cli_expect(en_battle out "X \\(perfect\\) wins +20 +100\\.0%")

# French typography puts a no-break space (U+00A0) before ':' and ';'.
string(ASCII 194 160 nbsp_raw)
foreach(lang de fr es)
  set(ENV{LC_ALL} C.UTF-8)
  set(ENV{LANGUAGE} ${lang})
  foreach(var help battle row analyze outcome play usage)
    string(REPLACE " :" "${nbsp_raw}:" ${lang}_${var} "${${lang}_${var}}")
    string(REPLACE " ;" "${nbsp_raw};" ${lang}_${var} "${${lang}_${var}}")
  endforeach()

  cli_run(${lang}_help PROGRAM "${TTT}" ARGS --help)
  cli_expect_rc(${lang}_help 0)
  cli_expect(${lang}_help out "${${lang}_help}")

  cli_run(${lang}_battle PROGRAM "${TTT}" ARGS ${battle_args})
  cli_expect_rc(${lang}_battle 0)
  cli_expect(${lang}_battle out "${${lang}_battle}")
  cli_expect(${lang}_battle out "${${lang}_row}")

  cli_run(${lang}_analyze PROGRAM "${TTT}" ARGS analyze "${board}")
  cli_expect_rc(${lang}_analyze 0)
  cli_expect(${lang}_analyze out "${${lang}_analyze}")
  cli_expect(${lang}_analyze out "${${lang}_outcome}")

  cli_run(${lang}_play PROGRAM "${TTT}" ARGS play --seed 1 --difficulty easy INPUT "q\n")
  cli_expect_rc(${lang}_play 0)
  cli_expect(${lang}_play out "${${lang}_play}")

  cli_run(${lang}_usage PROGRAM "${TTT}" ARGS play --size 12)
  cli_expect_usage_error(${lang}_usage "${${lang}_usage}")

  # For programs nothing changes: JSON byte for byte.
  cli_run(${lang}_json PROGRAM "${TTT}" ARGS analyze "${board}" --json)
  cli_expect_rc(${lang}_json 0)
  cli_expect_equal(${lang}_json "${${lang}_json_out}" "${en_json_out}"
                   "the JSON output is the same in every language")
endforeach()

# The C locale is English whatever LANGUAGE says (GNU gettext's rule).
set(ENV{LC_ALL} C)
set(ENV{LANGUAGE} de)
cli_run(c_locale PROGRAM "${TTT}" ARGS ${battle_args})
cli_expect_equal(c_locale "${c_locale_out}" "${en_battle_out}" "LC_ALL=C gives English")

# TTT_LOCALEDIR overrides where the catalogues are: an empty directory has none.
set(ENV{LC_ALL} C.UTF-8)
set(empty "${WORK_DIR}/i18n-empty-localedir")
file(MAKE_DIRECTORY "${empty}")
set(ENV{TTT_LOCALEDIR} "${empty}")
cli_run(no_catalogue PROGRAM "${TTT}" ARGS ${battle_args})
cli_expect_equal(no_catalogue "${no_catalogue_out}" "${en_battle_out}"
                 "no catalogue in TTT_LOCALEDIR gives English")
message(STATUS "cli_i18n: passed")
