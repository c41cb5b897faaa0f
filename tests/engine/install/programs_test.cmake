# programs_test.cmake - run by ctest with `cmake -P` (test install_programs):
# installs the whole build tree into a scratch prefix and checks that the
# programs, the game's data, its menu entry and its icons land where a Linux
# desktop and the game itself look for them, then runs the installed
# programs from there.
#
# Inputs (-D): BUILD_DIR (a configured and built tree), WORK_DIR, VERSION.
cmake_minimum_required(VERSION 3.20)

foreach(var BUILD_DIR WORK_DIR VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "programs_test.cmake: -D${var}=... is required")
  endif()
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out
    INPUT_FILE /dev/null)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install programs: ${what} failed (${rc}):\n${out}")
  endif()
  set(LAST_OUTPUT "${out}" PARENT_SCOPE)
endfunction()

set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")
run("cmake --install" "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")

set(expected
  bin/tictactoe bin/ttt
  share/tictactoe/fonts/DejaVuSans.ttf share/tictactoe/fonts/DejaVuSans-Bold.ttf
  share/applications/tictactoe.desktop
  share/icons/hicolor/scalable/apps/tictactoe.svg
  share/icons/hicolor/48x48/apps/tictactoe.png
  share/icons/hicolor/128x128/apps/tictactoe.png
  share/icons/hicolor/256x256/apps/tictactoe.png)
foreach(f ${expected})
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "install programs: ${f} is not installed")
  endif()
endforeach()

# The menu entry must name the installed executable and icon.
file(STRINGS "${prefix}/share/applications/tictactoe.desktop" exec_line REGEX "^Exec=")
file(STRINGS "${prefix}/share/applications/tictactoe.desktop" icon_line REGEX "^Icon=")
if(NOT exec_line MATCHES "^Exec=tictactoe( |$)" OR NOT icon_line STREQUAL "Icon=tictactoe")
  message(FATAL_ERROR "install programs: the .desktop file names '${exec_line}' and '${icon_line}'")
endif()
find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
if(DESKTOP_FILE_VALIDATE)
  run("desktop-file-validate" "${DESKTOP_FILE_VALIDATE}"
    "${prefix}/share/applications/tictactoe.desktop")
else()
  message(STATUS "install programs: desktop-file-validate not found, .desktop file not validated")
endif()

run("installed ttt --version" "${prefix}/bin/ttt" --version)
if(NOT LAST_OUTPUT MATCHES "${VERSION}")
  message(FATAL_ERROR "install programs: ttt --version printed:\n${LAST_OUTPUT}")
endif()
# The build tree's copy of assets/ is not next to the installed executable,
# so the game has to find its fonts through bin/../share/tictactoe.
# Three passes of the loop: the first draws, the others draw only if
# something changed (the rest are counted as idle wake-ups).
run("installed tictactoe runs headless"
  "${prefix}/bin/tictactoe" --quit-after-frames 3 --stats)
if(NOT LAST_OUTPUT MATCHES "(^|\n)frames: [1-3]\n" OR NOT LAST_OUTPUT MATCHES "\nidle_wakeups: [0-2]\n")
  message(FATAL_ERROR "install programs: tictactoe printed:\n${LAST_OUTPUT}")
endif()
message(STATUS "install programs: passed")
