# TttWindows.cmake - what a Windows install adds beside the programs, so the
# folder runs on a Windows machine with nothing else installed and carries
# the licence of everything in it (docs/windows.md). Included by
# TttInstall.cmake when building for Windows; scripts/build-windows.sh zips
# the result as tictactoe-VERSION-windows-x86_64.zip.
#
#   SDL2.dll, SDL2_ttf.dll        the DLLs tictactoe.exe was linked against
#   libintl-8.dll                 GNU gettext's libintl (translations)
#   README.txt                    what the folder is and how to start
#   LICENSE.txt, CHANGELOG.md     the project's
#   licenses/                     the third-party prefix's licenses/ (SDL2,
#                                 SDL2_ttf, FreeType, libintl, cJSON: linked
#                                 into the .exe files for online play) and
#                                 the DejaVu fonts'
#
# The third-party files come from TTT_THIRDPARTY_PREFIX (scripts/thirdparty.sh
# windows); without it the programs still build, and the install says what
# it lacks.

# The DLLs: those of the imported targets the game links (SDL2, SDL2_ttf),
# and libintl's, which FindIntl knows only as an import library.
if(TARGET tictactoe)
  install(FILES $<TARGET_RUNTIME_DLLS:tictactoe> DESTINATION ${CMAKE_INSTALL_BINDIR}
    COMPONENT programs)
endif()
if(TTT_NLS_ENABLED)
  get_filename_component(ttt_intl_libdir "${Intl_LIBRARY}" DIRECTORY)
  find_file(TTT_LIBINTL_DLL NAMES libintl-8.dll
    HINTS "${ttt_intl_libdir}/../bin" "${TTT_THIRDPARTY_PREFIX}/bin" NO_CMAKE_FIND_ROOT_PATH
    NO_DEFAULT_PATH)
  if(NOT TTT_LIBINTL_DLL)
    message(FATAL_ERROR "libintl-8.dll not found beside ${Intl_LIBRARY}: configure with "
                        "-DTTT_THIRDPARTY_PREFIX=$(bash scripts/thirdparty.sh windows | tail -n1)")
  endif()
  install(FILES "${TTT_LIBINTL_DLL}" DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT programs)
endif()

configure_file("${PROJECT_SOURCE_DIR}/packaging/windows/README.txt.in"
  "${PROJECT_BINARY_DIR}/packaging/README.txt" @ONLY NEWLINE_STYLE CRLF)
install(FILES "${PROJECT_BINARY_DIR}/packaging/README.txt" DESTINATION ${CMAKE_INSTALL_DOCDIR}
  COMPONENT docs)
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION ${CMAKE_INSTALL_DOCDIR}
  RENAME LICENSE.txt COMPONENT docs)
install(FILES "${PROJECT_SOURCE_DIR}/CHANGELOG.md" DESTINATION ${CMAKE_INSTALL_DOCDIR}
  COMPONENT docs)

# Licences of what is bundled.
if(TTT_THIRDPARTY_PREFIX AND EXISTS "${TTT_THIRDPARTY_PREFIX}/licenses/README")
  install(DIRECTORY "${TTT_THIRDPARTY_PREFIX}/licenses/" DESTINATION licenses COMPONENT docs)
else()
  install(CODE "message(WARNING \"No TTT_THIRDPARTY_PREFIX: the third-party licences are not installed\")"
    COMPONENT docs)
endif()
if(TARGET tictactoe)
  install(FILES "${PROJECT_SOURCE_DIR}/assets/fonts/LICENSE-DejaVu.txt"
    DESTINATION licenses/DejaVu RENAME LICENSE.txt COMPONENT docs)
endif()
