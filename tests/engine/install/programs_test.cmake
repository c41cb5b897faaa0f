# programs_test.cmake - run by ctest with `cmake -P` (test install_programs):
# installs the whole build tree into a scratch prefix and checks that the
# programs, the game's data, its menu entry, icons and metainfo, the manual
# pages, the bash completion and the translations land where a Linux
# desktop, man, bash-completion, gettext and the game itself look for them,
# each in its install component; validates the installed menu entry and
# metainfo; then runs the installed programs from there: ttt in German from
# the installed catalogues, its completion loaded the way bash-completion
# loads it, the game on its own fonts or the system's.
#
# Inputs (-D): BUILD_DIR (a configured and built tree), WORK_DIR, VERSION,
# APP_ID, MAN (ON when the manual pages are built), NLS (ON with
# translations), COMPLETION_DIR (relative to the prefix), and the tools
# (empty when missing): DESKTOP_FILE_VALIDATE, APPSTREAMCLI, BASH,
# BASH_COMPLETION (bash-completion's bash_completion script).
cmake_minimum_required(VERSION 3.20)

foreach(var BUILD_DIR WORK_DIR VERSION APP_ID COMPLETION_DIR)
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

set(programs_files
  bin/tictactoe bin/ttt
  share/applications/${APP_ID}.desktop
  share/metainfo/${APP_ID}.metainfo.xml
  share/icons/hicolor/scalable/apps/${APP_ID}.svg
  share/icons/hicolor/48x48/apps/${APP_ID}.png
  share/icons/hicolor/128x128/apps/${APP_ID}.png
  share/icons/hicolor/256x256/apps/${APP_ID}.png
  ${COMPLETION_DIR}/ttt ${COMPLETION_DIR}/tictactoe)
set(development_files include/ttt/ttt.h)
if(MAN)
  list(APPEND programs_files share/man/man1/ttt.1 share/man/man6/tictactoe.6)
  list(APPEND development_files share/man/man3/ttt.3)
endif()
if(NLS)
  foreach(lang de es fr)
    list(APPEND programs_files share/locale/${lang}/LC_MESSAGES/ttt.mo
                               share/locale/${lang}/LC_MESSAGES/tictactoe.mo)
  endforeach()
endif()
foreach(f ${programs_files} ${development_files})
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "install programs: ${f} is not installed")
  endif()
endforeach()
# The fonts: the game's own copies unless they were left out for the system's.
file(STRINGS "${BUILD_DIR}/CMakeCache.txt" bundled REGEX "^TTT_INSTALL_BUNDLED_FONTS:BOOL=ON")
if(bundled AND NOT EXISTS "${prefix}/share/tictactoe/fonts/DejaVuSans.ttf")
  message(FATAL_ERROR "install programs: the game's fonts are not installed")
endif()

# Each file in its component: the programs' package and the library's
# development package, installed on their own, hold their files and not
# the other's.
foreach(component programs development)
  set(cprefix "${WORK_DIR}/component-${component}")
  run("cmake --install --component ${component}" "${CMAKE_COMMAND}" --install "${BUILD_DIR}"
    --prefix "${cprefix}" --component ${component})
  if(component STREQUAL "programs")
    set(mine ${programs_files})
    set(theirs ${development_files})
  else()
    set(mine ${development_files})
    set(theirs ${programs_files})
  endif()
  foreach(f ${mine})
    if(NOT EXISTS "${cprefix}/${f}")
      message(FATAL_ERROR "install programs: ${f} is not in the ${component} component")
    endif()
  endforeach()
  foreach(f ${theirs})
    if(EXISTS "${cprefix}/${f}")
      message(FATAL_ERROR "install programs: ${f} is in the ${component} component")
    endif()
  endforeach()
endforeach()

# The menu entry must name the installed executable and icon.
set(desktop "${prefix}/share/applications/${APP_ID}.desktop")
file(STRINGS "${desktop}" exec_line REGEX "^Exec=")
file(STRINGS "${desktop}" icon_line REGEX "^Icon=")
if(NOT exec_line MATCHES "^Exec=tictactoe( |$)" OR NOT icon_line STREQUAL "Icon=${APP_ID}")
  message(FATAL_ERROR "install programs: the .desktop file names '${exec_line}' and '${icon_line}'")
endif()
if(DESKTOP_FILE_VALIDATE)
  run("desktop-file-validate" "${DESKTOP_FILE_VALIDATE}" "${desktop}")
else()
  message(STATUS "install programs: desktop-file-validate not found, .desktop file not validated")
endif()
if(APPSTREAMCLI)
  run("appstreamcli validate" "${APPSTREAMCLI}" validate --no-net
    "${prefix}/share/metainfo/${APP_ID}.metainfo.xml")
else()
  message(STATUS "install programs: appstreamcli not found, metainfo not validated")
endif()

# bash-completion finds the completion on its own: its loader looks in
# share/bash-completion/completions of every XDG data directory.
if(BASH AND BASH_COMPLETION AND COMPLETION_DIR STREQUAL "share/bash-completion/completions")
  run("bash-completion loading the installed completion" "${CMAKE_COMMAND}" -E env
    "XDG_DATA_DIRS=${prefix}/share" "BASH_COMPLETION_USER_DIR=${WORK_DIR}/no-user-dir"
    "${BASH}" --norc --noprofile -c
    "source '${BASH_COMPLETION}' && __load_completion ttt && __load_completion tictactoe && complete -p ttt tictactoe")
  if(NOT LAST_OUTPUT MATCHES "-F _ttt ttt" OR NOT LAST_OUTPUT MATCHES "-F _tictactoe tictactoe")
    message(FATAL_ERROR "install programs: bash-completion did not load the completion:\n${LAST_OUTPUT}")
  endif()
endif()

run("installed ttt --version" "${prefix}/bin/ttt" --version)
if(NOT LAST_OUTPUT MATCHES "${VERSION}")
  message(FATAL_ERROR "install programs: ttt --version printed:\n${LAST_OUTPUT}")
endif()
# The installed ttt finds its catalogues through bin/../share/locale, so the
# prefix can move (no TTT_LOCALEDIR).
if(NLS)
  run("installed ttt in German" "${CMAKE_COMMAND}" -E env --unset=TTT_LOCALEDIR
    LC_ALL=C.UTF-8 LANGUAGE=de "${prefix}/bin/ttt" --help)
  if(NOT LAST_OUTPUT MATCHES "Befehle:")
    message(FATAL_ERROR "install programs: LANGUAGE=de ttt --help printed:\n${LAST_OUTPUT}")
  endif()
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
