# TttInstall.cmake - install rules for the engine and the desktop game's menu
# entry, included from the top level after engine/ and game/ when TTT_INSTALL
# is on. Installs:
#   include/ttt/*.h                      the public headers (version.h generated)
#   lib/libttt.a or libttt.so.1.0.0     static by default; -DBUILD_SHARED_LIBS=ON
#                                        for the shared library, SONAME libttt.so.1
#   lib/cmake/ttt/                       find_package(ttt) gives ttt::engine
#   lib/pkgconfig/ttt.pc                 pkg-config --cflags --libs ttt
#   share/applications/ID.desktop, share/icons/hicolor/*/apps/ID.{svg,png}
#   share/metainfo/ID.metainfo.xml       the game's menu entry, icons and AppStream
#                                        metainfo (with the game; ID is TTT_APP_ID)
#   share/man/man1/ttt.1, man6/tictactoe.6, man3/ttt.3
#                                        the manual pages (TTT_BUILD_MAN; docs/man)
#   share/bash-completion/completions/{ttt,tictactoe}
#                                        bash completion, where bash-completion's
#                                        pkg-config file says (TTT_INSTALL_BASH_COMPLETION_DIR)
#   share/locale/*/LC_MESSAGES/{ttt,tictactoe}.mo
#                                        the translations (TTT_NLS; installed by po/)
#   share/doc/ttt/                       README, CHANGELOG, licence
# Kept out of engine/CMakeLists.txt so the engine's own file stays about
# building the engine.
#
# Every rule names a component, so a packager can split the install the way
# a distribution splits packages (`cmake --install build --component NAME`):
#   runtime      the shared library itself (libttt.so.1.0.0 and its SONAME
#                link): a package like libttt1
#   development  headers, the static library or the shared library's plain
#                .so link, CMake package, pkg-config file and ttt(3), the
#                library's manual page: libttt-dev
#   programs     bin/ttt, bin/tictactoe and the game's data, menu entry,
#                icons, metainfo, their manual pages ttt(1) and tictactoe(6),
#                bash completion and translations: the game's package
#   server       bin/ttt-server, ttt-server(8) and its systemd unit
#                (server/; docs/server.md): a package like ttt-server
#   docs         README, CHANGELOG and licence under share/doc/ttt
# On Windows (cmake/TttWindows.cmake) the folder of the zip is components
# programs (the .exe files, their DLLs, fonts, translations) and docs
# (README.txt, CHANGELOG.md, the licences of everything bundled); no
# menu entry, manual pages or completion.
include(CMakePackageConfigHelpers)


# Inside the package the target is ttt::engine, the same name as the
# build-tree alias, so consumers write the same line either way.
set_target_properties(ttt_engine PROPERTIES EXPORT_NAME engine)

install(TARGETS ttt_engine
  EXPORT tttTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# The public headers: the source tree's ttt/*.h (not version.h.in) and the
# generated version.h.
install(DIRECTORY "${PROJECT_SOURCE_DIR}/engine/include/ttt"
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT development
  FILES_MATCHING PATTERN "*.h")
install(FILES "${PROJECT_BINARY_DIR}/engine/include/ttt/version.h"
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ttt COMPONENT development)

install(EXPORT tttTargets
  NAMESPACE ttt::
  DESTINATION ${TTT_INSTALL_CMAKEDIR} COMPONENT development)
configure_package_config_file("${CMAKE_CURRENT_LIST_DIR}/tttConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/tttConfig.cmake"
  INSTALL_DESTINATION ${TTT_INSTALL_CMAKEDIR})
# From 1.0 a request for 1.x accepts any 1.y with y >= x (semantic
# versioning, CHANGELOG.md); a 0.x version accepted its own minor only.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(TTT_VERSION_COMPATIBILITY SameMinorVersion)
else()
  set(TTT_VERSION_COMPATIBILITY SameMajorVersion)
endif()
write_basic_package_version_file("${PROJECT_BINARY_DIR}/tttConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY ${TTT_VERSION_COMPATIBILITY})
install(FILES "${PROJECT_BINARY_DIR}/tttConfig.cmake" "${PROJECT_BINARY_DIR}/tttConfigVersion.cmake"
  DESTINATION ${TTT_INSTALL_CMAKEDIR} COMPONENT development)

# ttt.pc finds its prefix from its own location (${pcfiledir}), so the tree
# can be installed with `cmake --install --prefix` anywhere or moved.
if(IS_ABSOLUTE "${TTT_INSTALL_PKGCONFIGDIR}")
  set(TTT_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH TTT_PC_UP "/prefix/${TTT_INSTALL_PKGCONFIGDIR}" "/prefix")
  string(REGEX REPLACE "/$" "" TTT_PC_UP "${TTT_PC_UP}")
  set(TTT_PC_PREFIX "\${pcfiledir}/${TTT_PC_UP}")
endif()
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(TTT_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(TTT_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
configure_file("${CMAKE_CURRENT_LIST_DIR}/ttt.pc.in" "${PROJECT_BINARY_DIR}/ttt.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/ttt.pc"
  DESTINATION ${TTT_INSTALL_PKGCONFIGDIR} COMPONENT development)

# ---------------------------------------------------------------------------
# The desktop game's menu entry, icons and AppStream metainfo, so an
# installed game shows up in a Linux desktop's menu and software centre, all
# named after its id (TTT_APP_ID). The executables and the fonts are
# installed by game/desktop and game/cli (bin/tictactoe, bin/ttt,
# share/tictactoe/); the game finds its fonts at bin/../share/tictactoe, so
# the prefix can move. Only when the game is part of this build; this file is
# included after game/.
# ---------------------------------------------------------------------------
if(TARGET tictactoe AND NOT WIN32)
  install(FILES "${PROJECT_SOURCE_DIR}/assets/${TTT_APP_ID}.desktop"
    DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT programs)
  # The hicolor theme is the one every desktop falls back to; the spec asks
  # for a 48x48 PNG at least, and the SVG serves every other size.
  install(FILES "${PROJECT_SOURCE_DIR}/assets/icons/${TTT_APP_ID}.svg"
    DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps COMPONENT programs)
  foreach(px 48 128 256)
    install(FILES "${PROJECT_SOURCE_DIR}/assets/icons/${TTT_APP_ID}-${px}.png"
      DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${px}x${px}/apps
      RENAME ${TTT_APP_ID}.png COMPONENT programs)
  endforeach()
  # The metainfo's URLs come from the cache (top-level CMakeLists.txt).
  configure_file("${PROJECT_SOURCE_DIR}/assets/${TTT_APP_ID}.metainfo.xml.in"
    "${PROJECT_BINARY_DIR}/assets/${TTT_APP_ID}.metainfo.xml" @ONLY)
  install(FILES "${PROJECT_BINARY_DIR}/assets/${TTT_APP_ID}.metainfo.xml"
    DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT programs)
endif()

# ---------------------------------------------------------------------------
# Manual pages (docs/man): the programs' with the programs, the library's
# with the headers.
# ---------------------------------------------------------------------------
# (Not on Windows, which has no man; the zip's README.txt points to the docs.)
if(WIN32)
  set(TTT_MAN_PAGES "")
endif()
foreach(page IN LISTS TTT_MAN_PAGES)
  get_filename_component(name "${page}" NAME)
  string(REGEX REPLACE "^.*\\.([0-9])$" "\\1" section "${name}")
  if(section STREQUAL "3")
    set(component development)
  elseif(name STREQUAL "ttt-server.8")
    set(component server)
  else()
    set(component programs)
  endif()
  install(FILES "${page}" DESTINATION ${CMAKE_INSTALL_MANDIR}/man${section} COMPONENT ${component})
endforeach()

# ---------------------------------------------------------------------------
# Bash completion, where bash-completion loads it on demand: its pkg-config
# file's completionsdir, taken relative to this install's prefix (so
# `cmake --install --prefix` anywhere keeps it inside the prefix), or
# share/bash-completion/completions when bash-completion is not installed.
# ---------------------------------------------------------------------------
if(TTT_INSTALL_BASH_COMPLETION_DIR)
  set(ttt_completion_dir "${TTT_INSTALL_BASH_COMPLETION_DIR}")
else()
  set(ttt_completion_dir "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    # Its .pc file spells datadir out, so both are redefined under a marker.
    set(marker "/TTT_PREFIX_MARKER")
    execute_process(
      COMMAND "${PKG_CONFIG_EXECUTABLE}" --define-variable=prefix=${marker}
              --define-variable=datadir=${marker}/${CMAKE_INSTALL_DATADIR}
              --variable=completionsdir bash-completion
      OUTPUT_VARIABLE pc_dir RESULT_VARIABLE pc_status ERROR_QUIET
      OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(pc_status EQUAL 0 AND pc_dir MATCHES "^${marker}/(.+)$")
      set(ttt_completion_dir "${CMAKE_MATCH_1}")
    elseif(pc_status EQUAL 0 AND IS_ABSOLUTE "${pc_dir}")
      set(ttt_completion_dir "${pc_dir}")
    endif()
  endif()
endif()
set(TTT_BASH_COMPLETION_DIR "${ttt_completion_dir}")
foreach(program ttt tictactoe)
  if(TARGET ${program} AND NOT WIN32)
    install(FILES "${PROJECT_SOURCE_DIR}/game/completion/${program}.bash"
      DESTINATION "${ttt_completion_dir}" RENAME ${program} COMPONENT programs)
  endif()
endforeach()

# ---------------------------------------------------------------------------
# Documents for people (the header documentation is in the headers).
# ---------------------------------------------------------------------------
if(WIN32)
  # The Windows folder: a short README.txt, the licences and the third-party
  # DLLs (cmake/TttWindows.cmake).
  include(TttWindows)
else()
  install(FILES "${PROJECT_SOURCE_DIR}/README.md" "${PROJECT_SOURCE_DIR}/CHANGELOG.md"
                "${PROJECT_SOURCE_DIR}/LICENSE"
    DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT docs)
endif()
