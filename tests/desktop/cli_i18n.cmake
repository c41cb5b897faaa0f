# cli_i18n.cmake - the desktop game's command line in each language it has
# (German, French and Spanish), run by ctest with `cmake -P` (test
# desktop_cli_i18n): with LANGUAGE set and a UTF-8 locale, --help,
# --version and the usage errors come out translated from the build tree's
# catalogues beside the executable, with the exit statuses of English (0
# and 2), the arguments they quote escaped, and every line of the help
# within 80 columns with its descriptions in column 26; LC_ALL=C gives the
# English text whatever LANGUAGE says.
#   cmake -DTICTACTOE=<exe> -DWORK_DIR=<dir> -P cli_i18n.cmake
# None of these runs opens a window: the game exits while parsing.
include("${CMAKE_CURRENT_LIST_DIR}/../cli/cli_test_lib.cmake")
set(CLI_TEST_NAME game_i18n)
file(MAKE_DIRECTORY "${WORK_DIR}")

# One translated line per language and message (fixed strings of
# po/tictactoe/). French puts a no-break space (written here as "~")
# before ':' and inside « ».
set(de_help "\nSpiel:\n  --mode MODUS           human-vs-computer \\(hvc\\)")
set(de_help_end "  --help                 diesen Text ausgeben und beenden\n$")
set(de_usage "^tictactoe: unbekannte Option „--bogus“\n\nAufruf: ")
set(de_escaped "^tictactoe: --first: ungültiger Wert „\\\\x1b\\[2J“: x, o, human oder computer")
set(de_version "^tictactoe [0-9.]+ \\(Engine [0-9.]+\\)\n$")
set(fr_help "\nJeu~:\n  --mode MODE            human-vs-computer \\(hvc\\)")
set(fr_help_end "  --help                 afficher ce texte et quitter\n$")
set(fr_usage "^tictactoe: option inconnue «~--bogus~»\n\nUsage~: ")
set(fr_escaped "^tictactoe: --first~: valeur «~\\\\x1b\\[2J~» invalide~: utilisez x, o, human")
set(fr_version "^tictactoe [0-9.]+ \\(moteur [0-9.]+\\)\n$")
set(es_help "\nJuego:\n  --mode MODO            human-vs-computer \\(hvc\\)")
set(es_help_end "  --help                 mostrar este texto y salir\n$")
set(es_usage "^tictactoe: opción desconocida «--bogus»\n\nUso: ")
set(es_escaped "^tictactoe: --first: valor «\\\\x1b\\[2J» no válido: use x, o, human o computer")
set(es_version "^tictactoe [0-9.]+ \\(motor [0-9.]+\\)\n$")

string(ASCII 194 160 nbsp)
string(ASCII 27 esc)
# A continuation byte of UTF-8 (0x80 to 0xBF): dropped, a line's length in
# bytes is its width in columns (the catalogues have no wide characters).
string(ASCII 128 utf8_first_continuation)
string(ASCII 191 utf8_last_continuation)

# The help's layout in any language: after the "Usage:" line (which holds
# the program's path), no line is wider than 80 columns; an option line's
# description starts in column 26; a continuation line is indented to it.
function(expect_help_layout prefix)
  string(REPLACE ";" "\\;" text "${${prefix}_out}")
  string(REGEX REPLACE "[${utf8_first_continuation}-${utf8_last_continuation}]" "" text
         "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  list(REMOVE_AT lines 0)
  foreach(line IN LISTS lines)
    string(LENGTH "${line}" width)
    if(width GREATER 80)
      cli_fail(${prefix} "help line wider than 80 columns (${width}): '${line}'")
    endif()
    if(line MATCHES "^(  --[^ ]+( [^ ]+)*)(  +)[^ ]")
      string(LENGTH "${CMAKE_MATCH_1}${CMAKE_MATCH_3}" column)
      if(NOT column EQUAL 25)
        cli_fail(${prefix} "help description not in column 26: '${line}'")
      endif()
    elseif(line MATCHES "^   " AND NOT line MATCHES "^                         [^ ]")
      cli_fail(${prefix} "help continuation not indented to column 26: '${line}'")
    endif()
  endforeach()
endfunction()

# English first, for comparison: the C locale.
set(ENV{LC_ALL} C)
unset(ENV{LANGUAGE})
unset(ENV{TTT_LOCALEDIR})
cli_run(en_help PROGRAM "${TICTACTOE}" ARGS --help)
cli_expect_rc(en_help 0)
cli_expect(en_help out "\nGame:\n  --mode MODE            human-vs-computer \\(hvc\\)")
expect_help_layout(en_help)
cli_run(en_usage PROGRAM "${TICTACTOE}" ARGS --bogus)
cli_expect_usage_error(en_usage "^tictactoe: unknown option '--bogus'\n\nUsage: ")

foreach(lang de fr es)
  set(ENV{LC_ALL} C.UTF-8)
  set(ENV{LANGUAGE} ${lang})
  foreach(var help help_end usage escaped version)
    string(REPLACE "~" "${nbsp}" ${lang}_${var} "${${lang}_${var}}")
  endforeach()

  cli_run(${lang}_help PROGRAM "${TICTACTOE}" ARGS --help)
  cli_expect_rc(${lang}_help 0)
  cli_expect_empty(${lang}_help err)
  cli_expect(${lang}_help out "${${lang}_help}")
  cli_expect(${lang}_help out "${${lang}_help_end}")
  expect_help_layout(${lang}_help)
  # Option names and their values are the same in every language: the man
  # page and the completion are checked against the English ones.
  foreach(option --mode --difficulty --size --k --side --first --speed --think-delay-ms
                 --seed --theme --mute --settings TICTACTOE_SETTINGS --width --height
                 --fullscreen --frame-budget-ms --overlay --stats --quit-after-frames
                 --quit-after-games --screenshot --version --help "easy, medium, hard, unbeatable"
                 "x\\|o\\|random" "light, dark")
    cli_expect(${lang}_help out "${option}")
  endforeach()

  # A usage error: the message, then the whole help, on stderr; status 2.
  cli_run(${lang}_usage PROGRAM "${TICTACTOE}" ARGS --bogus)
  cli_expect_usage_error(${lang}_usage "${${lang}_usage}")
  cli_expect(${lang}_usage err "${${lang}_help_end}")

  # The argument a translated message quotes is still escaped.
  cli_run(${lang}_escaped PROGRAM "${TICTACTOE}" ARGS --first "${esc}[2J")
  cli_expect_usage_error(${lang}_escaped "${${lang}_escaped}")
  cli_expect_not(${lang}_escaped err "${esc}")

  cli_run(${lang}_version PROGRAM "${TICTACTOE}" ARGS --version)
  cli_expect_rc(${lang}_version 0)
  cli_expect(${lang}_version out "${${lang}_version}")
endforeach()

# The C locale is English whatever LANGUAGE says (GNU gettext's rule).
set(ENV{LC_ALL} C)
set(ENV{LANGUAGE} de)
cli_run(c_help PROGRAM "${TICTACTOE}" ARGS --help)
cli_expect_rc(c_help 0)
cli_expect_equal(c_help "${c_help_out}" "${en_help_out}" "LC_ALL=C gives the English help")
cli_run(c_usage PROGRAM "${TICTACTOE}" ARGS --bogus)
cli_expect_rc(c_usage 2)
cli_expect_equal(c_usage "${c_usage_err}" "${en_usage_err}" "LC_ALL=C gives English errors")
message(STATUS "desktop_cli_i18n: passed")
