# cli_docs_examples.cmake - the documentation's transcripts of `ttt` and of
# the getting-started example (README.md, docs/cli.md, docs/engine.md) still
# run as shown: every "$ ..." command with its exit status, and its output
# where the page shows it. tests/doc_commands.sh does the work; this script
# gives it the programs, so that scripts/valgrind.sh, which runs every cli_*
# script with `ttt` and the example under Valgrind, covers these too.
# Inputs (-D): TTT, GETTING_STARTED, WORK_DIR.
cmake_minimum_required(VERSION 3.20)

get_filename_component(root "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
set(ENV{TTT} "${TTT}")
set(ENV{GETTING_STARTED} "${GETTING_STARTED}")
set(ENV{TICTACTOE} "")
execute_process(
  COMMAND bash "${root}/tests/doc_commands.sh" "${WORK_DIR}/docs-examples"
          "${root}/README.md" "${root}/docs/cli.md" "${root}/docs/engine.md"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cli_docs_examples: a documented command does not run as shown (exit status ${rc})")
endif()
