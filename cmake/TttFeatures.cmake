# TttFeatures.cmake - the features that need a tool beyond the compiler:
# translations (TTT_NLS: gettext's libintl, msgfmt, msgmerge, xgettext,
# msgcmp) and manual pages (TTT_BUILD_MAN: scdoc). Each option is ON, OFF or
# AUTO; AUTO, the default of a top-level build, turns the feature on when
# its tools are found and says so, so building the engine or the game needs
# neither; ON without the tools is an error that names the package. The
# outcome is TTT_NLS_ENABLED and TTT_MAN_ENABLED. Included from the top
# level before engine/ and game/.

# (The options themselves are declared in TttOptions.cmake.)

# ttt_feature(<option> <found> <package hint> <result var>)
function(ttt_feature option found hint result)
  string(TOUPPER "${${option}}" value)
  if(value STREQUAL "AUTO")
    set(on ${found})
    if(found)
      message(STATUS "${option}=AUTO: on")
    else()
      message(STATUS "${option}=AUTO: off (${hint} not found)")
    endif()
  elseif(${option})
    if(NOT found)
      message(FATAL_ERROR "${option}=ON needs ${hint}: install it or configure with -D${option}=OFF")
    endif()
    set(on ON)
  else()
    set(on OFF)
  endif()
  set(${result} ${on} PARENT_SCOPE)
endfunction()

# A value other than a false constant (OFF, NO, ...) is ON or AUTO: look.
set(ttt_found OFF)
if(TTT_NLS)
  find_package(Intl QUIET)
  find_package(Gettext QUIET)
  find_program(TTT_XGETTEXT xgettext)
  find_program(TTT_MSGCMP msgcmp)
  if(Intl_FOUND AND GETTEXT_MSGFMT_EXECUTABLE AND GETTEXT_MSGMERGE_EXECUTABLE AND TTT_XGETTEXT
     AND TTT_MSGCMP)
    set(ttt_found ON)
  endif()
endif()
ttt_feature(TTT_NLS ${ttt_found} "gettext (libintl, msgfmt, msgmerge, xgettext, msgcmp; Debian: gettext)"
            TTT_NLS_ENABLED)

set(ttt_found OFF)
if(TTT_BUILD_MAN)
  find_program(TTT_SCDOC scdoc)
  if(TTT_SCDOC)
    set(ttt_found ON)
  endif()
endif()
ttt_feature(TTT_BUILD_MAN ${ttt_found} "scdoc (Debian: scdoc)" TTT_MAN_ENABLED)

# The online game: libwebsockets, cJSON and SQLite through pkg-config, on
# native builds only (a cross build could find the build machine's .pc
# files; Windows and the browser have no libwebsockets package).
set(ttt_found_net OFF)
set(ttt_found_server OFF)
# A trimmed copy of the tree (the ABI check's) may have neither folder.
if((TTT_BUILD_SERVER OR TTT_NET) AND NOT CMAKE_CROSSCOMPILING AND NOT WIN32 AND NOT EMSCRIPTEN
   AND EXISTS "${PROJECT_SOURCE_DIR}/game/net/CMakeLists.txt")
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(TTT_LWS QUIET IMPORTED_TARGET libwebsockets)
    pkg_check_modules(TTT_CJSON QUIET IMPORTED_TARGET libcjson)
    pkg_check_modules(TTT_SQLITE QUIET IMPORTED_TARGET sqlite3)
    if(TTT_LWS_FOUND AND TTT_CJSON_FOUND)
      set(ttt_found_net ON)
      if(TTT_SQLITE_FOUND AND EXISTS "${PROJECT_SOURCE_DIR}/server/CMakeLists.txt")
        set(ttt_found_server ON)
      endif()
    endif()
  endif()
endif()
# The browser: the client library on the browser's WebSocket
# (net_client_web.c) and cJSON from the prefix of scripts/thirdparty.sh web
# (its .pc file; the toolchain points pkg-config there). No server.
if(TTT_NET AND EMSCRIPTEN AND EXISTS "${PROJECT_SOURCE_DIR}/game/net/CMakeLists.txt")
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(TTT_CJSON QUIET IMPORTED_TARGET libcjson)
    if(TTT_CJSON_FOUND)
      set(ttt_found_net ON)
    endif()
  endif()
endif()
# Windows (MinGW-w64): the client library on WinHTTP, the system's own
# WebSocket client (net_client_win.c), and cJSON from the prefix of
# scripts/thirdparty.sh windows. No server.
if(TTT_NET AND WIN32 AND NOT EMSCRIPTEN AND EXISTS "${PROJECT_SOURCE_DIR}/game/net/CMakeLists.txt")
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(TTT_CJSON QUIET IMPORTED_TARGET libcjson)
    if(TTT_CJSON_FOUND)
      set(ttt_found_net ON)
    endif()
  endif()
endif()
if(EMSCRIPTEN)
  set(ttt_hint_server "a server for the browser (ttt-server is not built there)")
  set(ttt_hint_net "cJSON in the prefix of scripts/thirdparty.sh web (bash scripts/thirdparty.sh web)")
elseif(WIN32)
  set(ttt_hint_server "a server for Windows (ttt-server is not built there)")
  set(ttt_hint_net "cJSON in the prefix of scripts/thirdparty.sh windows (bash scripts/thirdparty.sh windows)")
elseif(CMAKE_CROSSCOMPILING)
  set(ttt_hint_server "libwebsockets for the target (none in cross, Windows or browser builds)")
  set(ttt_hint_net "${ttt_hint_server}")
else()
  set(ttt_hint_server
      "libwebsockets, cJSON and SQLite (Debian: libwebsockets-dev libcjson-dev libsqlite3-dev)")
  set(ttt_hint_net "libwebsockets and cJSON (Debian: libwebsockets-dev libcjson-dev)")
endif()
ttt_feature(TTT_BUILD_SERVER ${ttt_found_server} "${ttt_hint_server}" TTT_SERVER_ENABLED)
ttt_feature(TTT_NET ${ttt_found_net} "${ttt_hint_net}" TTT_NET_ENABLED)
