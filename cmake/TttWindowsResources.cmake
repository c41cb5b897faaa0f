# TttWindowsResources.cmake - ttt_windows_resources(TARGET DESCRIPTION): on
# Windows, gives a program its resources (packaging/windows/program.rc.in):
# the game's icon, version information and the application manifest
# (packaging/windows/ttt.manifest: UTF-8 as the process's code page,
# per-monitor DPI awareness). Does nothing elsewhere. The top-level
# CMakeLists.txt enables the RC language for Windows.
function(ttt_windows_resources target description)
  if(NOT WIN32)
    return()
  endif()
  set(TTT_RC_NAME ${target})
  set(TTT_RC_DESCRIPTION "${description}")
  set(TTT_RC_VERSION "${PROJECT_VERSION}.0")
  set(TTT_RC_ICON "${PROJECT_SOURCE_DIR}/packaging/windows/tictactoe.ico")
  set(TTT_RC_MANIFEST "${PROJECT_BINARY_DIR}/packaging/${target}.manifest")
  configure_file("${PROJECT_SOURCE_DIR}/packaging/windows/ttt.manifest" "${TTT_RC_MANIFEST}" @ONLY)
  configure_file("${PROJECT_SOURCE_DIR}/packaging/windows/program.rc.in"
    "${PROJECT_BINARY_DIR}/packaging/${target}.rc" @ONLY)
  target_sources(${target} PRIVATE "${PROJECT_BINARY_DIR}/packaging/${target}.rc")
  # windres reads the icon and the manifest: rebuild when they change.
  set_property(SOURCE "${PROJECT_BINARY_DIR}/packaging/${target}.rc" APPEND PROPERTY
    OBJECT_DEPENDS "${TTT_RC_ICON}" "${TTT_RC_MANIFEST}")
endfunction()
