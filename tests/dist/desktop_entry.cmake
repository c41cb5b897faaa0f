# desktop_entry.cmake - run by ctest with `cmake -P` (test dist_desktop_entry):
# the game's menu entry passes desktop-file-validate and, like its icons, is
# named after the game's id, and names the executable, the icon and the
# window class the game sets; each PNG icon is the size its name says.
#
# Inputs (-D): SOURCE_DIR, APP_ID, VALIDATE (desktop-file-validate, or empty).
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/dist_util.cmake")
dist_require(SOURCE_DIR APP_ID)

set(desktop "${SOURCE_DIR}/assets/${APP_ID}.desktop")
if(NOT EXISTS "${desktop}")
  dist_fail("no menu entry assets/${APP_ID}.desktop")
endif()
if(NOT VALIDATE)
  message("skipped: desktop-file-validate not found (Debian: desktop-file-utils)")
  return()
endif()
dist_run("desktop-file-validate" "${VALIDATE}" "${desktop}")
if(NOT DIST_OUTPUT STREQUAL "")
  dist_fail("desktop-file-validate reports:\n${DIST_OUTPUT}")
endif()

foreach(expect "Exec=tictactoe" "TryExec=tictactoe" "Icon=${APP_ID}" "StartupWMClass=${APP_ID}")
  file(STRINGS "${desktop}" line REGEX "^${expect}$")
  if(NOT line)
    dist_fail("${APP_ID}.desktop has no line '${expect}'")
  endif()
endforeach()

if(NOT EXISTS "${SOURCE_DIR}/assets/icons/${APP_ID}.svg")
  dist_fail("no icon assets/icons/${APP_ID}.svg")
endif()
foreach(px 48 128 256)
  dist_png_size("${SOURCE_DIR}/assets/icons/${APP_ID}-${px}.png" width height)
  if(NOT width EQUAL px OR NOT height EQUAL px)
    dist_fail("assets/icons/${APP_ID}-${px}.png is ${width}x${height}, not ${px}x${px}")
  endif()
endforeach()
message(STATUS "desktop entry and icons: passed")
