# TttWeb.cmake - the desktop game built for a web browser (Emscripten,
# cmake/emscripten.cmake), included by game/desktop/CMakeLists.txt when
# EMSCRIPTEN. The same targets as on the desktop; here tictactoe links to
# tictactoe.js (+ .wasm, .worker.js for its threads, .data with the fonts and
# catalogues), and the install component "web" is the static site:
#
#   cmake --install build-web --component web --prefix SITE_DIR
#
# gives SITE_DIR/index.html, the game's files, the service worker that makes
# the page cross-origin isolated on hosts that send no headers and keeps the
# site for offline visits (ttt-sw.js), the web app manifest and its icons, and
# licenses/ (scripts/build-web.sh does all of this; docs/web.md says why).
# The page itself is web/; the game's browser-only code is
# game/desktop/platform/platform_web.c, platform_web_mirror.c, platform_web_page.c, web_json.c
# and persist/atomic_file_web.c with
# their .js halves.

if(NOT TTT_THIRDPARTY_PREFIX OR NOT EXISTS "${TTT_THIRDPARTY_PREFIX}/share/sdl2-emscripten")
  message(FATAL_ERROR "The browser build needs the prefix of scripts/thirdparty.sh web: "
                      "-DTTT_THIRDPARTY_PREFIX=\"$(bash scripts/thirdparty.sh web | tail -n1)\" "
                      "(scripts/build-web.sh passes it)")
endif()

# TTT_WEB_THREADS, TTT_WEB_INITIAL_MEMORY_MB and TTT_WEB_MAXIMUM_MEMORY_MB
# are declared, with the reasons for their values, in TttOptions.cmake.

target_sources(ttt_desktop PRIVATE platform/platform_web.c platform/platform_web_mirror.c
                                   platform/platform_web_page.c platform/web_json.c)
# The online game's client in the browser (TTT_NET: the browser's
# WebSocket, game/net/net_client_web.c; the game's online play is
# app/app_online.c, which joins the room of a "#join=CODE" link), and the
# page's own hold on a client for the tests (platform/online_web_hook.c).
set(ttt_web_net_exports "")
if(TARGET ttt_net)
  target_sources(ttt_desktop PRIVATE platform/online_web_hook.c)
  target_link_libraries(ttt_desktop PUBLIC ttt_net)
  set(ttt_web_net_exports
      ", \"_ttt_web_net_start\", \"_ttt_web_net_create\", \"_ttt_web_net_join\", "
      "\"_ttt_web_net_move\", \"_ttt_web_net_json\"")
  string(CONCAT ttt_web_net_exports ${ttt_web_net_exports})
endif()

# What the page's JavaScript calls (web/index.html) and what SDL2's own
# JavaScript needs that a link leaves out (the prefix's list, see
# docs/thirdparty.md). Lists go through files: a '$' in a link option
# reaches emcc as '$$' through CMake's Makefile generator.
set(ttt_web_dir "${CMAKE_CURRENT_BINARY_DIR}/web")
file(READ "${TTT_THIRDPARTY_PREFIX}/share/sdl2-emscripten/library-funcs.json" ttt_sdl_funcs)
file(WRITE "${ttt_web_dir}/library-funcs.json" "${ttt_sdl_funcs}")
file(WRITE "${ttt_web_dir}/exported-functions.json"
     "[\"_main\", \"_malloc\", \"_free\", \"_ttt_web_state_json\", \"_ttt_web_mirror_press\", \"_ttt_web_mirror_type\"${ttt_web_net_exports}]\n")
file(WRITE "${ttt_web_dir}/exported-runtime.json" "[\"UTF8ToString\", \"ccall\"]\n")

# The fonts, cut down to the characters the game can draw: the page's
# whole budget is 3 MB and DejaVu Sans and its bold are 1.4 MB together, of
# which the game uses some 300 glyphs (1.4 MB become 150 kB). Kept: printable
# ASCII, Latin-1 and Latin Extended-A (the catalogues' languages and any
# other Western name), general punctuation (dashes, quotes, ellipsis,
# narrow spaces), the euro sign, arrows, the minus sign, the replacement
# character, and every character of the game's sources (their string
# literals' escapes decoded) and catalogues (so a new message cannot miss
# its glyphs); outlines, hinting, kerning and
# the names and licence notice are as in the original. DejaVu's licence
# allows changed copies that keep it (assets/fonts/LICENSE-DejaVu.txt).
find_program(TTT_PYFTSUBSET pyftsubset NO_CMAKE_FIND_ROOT_PATH)
if(NOT TTT_PYFTSUBSET)
  message(FATAL_ERROR "The browser build needs pyftsubset (Debian: fonttools; "
                      "bash scripts/deps.sh web)")
endif()
set(ttt_web_font_chars "U+0020-007E,U+00A0-017F,U+2000-206F,U+20AC,U+2190-2193,U+2212,U+FFFD")
# The game's C sources (as po/CMakeLists.txt lists them for xgettext) and
# its catalogues.
set(ttt_web_text_files "")
foreach(target tictactoe ttt_desktop ttt_desktop_logic ttt_desktop_persist ttt_game_common)
  get_target_property(target_sources ${target} SOURCES)
  get_target_property(target_dir ${target} SOURCE_DIR)
  foreach(src IN LISTS target_sources)
    if(src MATCHES "\\.c$")
      if(NOT IS_ABSOLUTE "${src}")
        set(src "${target_dir}/${src}")
      endif()
      list(APPEND ttt_web_text_files "${src}")
    endif()
  endforeach()
endforeach()
file(STRINGS "${PROJECT_SOURCE_DIR}/po/tictactoe/LINGUAS" ttt_web_linguas REGEX "^[^#]")
string(REGEX REPLACE "[ \t]+" ";" ttt_web_linguas "${ttt_web_linguas}")
foreach(lang IN LISTS ttt_web_linguas)
  list(APPEND ttt_web_text_files "${PROJECT_SOURCE_DIR}/po/tictactoe/${lang}.po")
endforeach()
list(SORT ttt_web_text_files)
# The characters of those files, with the sources' C escapes decoded (a
# label written "\xE2\x97\x80" is U+25C0, which pyftsubset reading the
# source itself would not see): scripts/text_chars.py.
find_program(TTT_PYTHON3 python3 NO_CMAKE_FIND_ROOT_PATH)
if(NOT TTT_PYTHON3)
  message(FATAL_ERROR "The browser build needs python3 (bash scripts/deps.sh web)")
endif()
set(ttt_web_chars "${ttt_web_dir}/text-chars.txt")
add_custom_command(OUTPUT "${ttt_web_chars}"
  COMMAND "${TTT_PYTHON3}" "${PROJECT_SOURCE_DIR}/scripts/text_chars.py" "${ttt_web_chars}"
          ${ttt_web_text_files}
  DEPENDS "${PROJECT_SOURCE_DIR}/scripts/text_chars.py" ${ttt_web_text_files}
  COMMENT "Listing the characters the game can draw"
  VERBATIM)
set(ttt_web_fonts "")
foreach(name DejaVuSans.ttf DejaVuSans-Bold.ttf)
  set(font "${ttt_web_dir}/fonts/${name}")
  add_custom_command(OUTPUT "${font}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${ttt_web_dir}/fonts"
    COMMAND "${TTT_PYFTSUBSET}" "${PROJECT_SOURCE_DIR}/assets/fonts/${name}"
            "--unicodes=${ttt_web_font_chars}" "--text-file=${ttt_web_chars}" "--layout-features=*"
            "--name-IDs=*" --name-legacy "--name-languages=*" --notdef-glyph --notdef-outline
            --recommended-glyphs --glyph-names "--drop-tables+=FFTM" "--output-file=${font}"
    DEPENDS "${PROJECT_SOURCE_DIR}/assets/fonts/${name}" "${ttt_web_chars}"
    COMMENT "Cutting ${name} down to the game's characters for the web"
    VERBATIM)
  list(APPEND ttt_web_fonts "${font}")
endforeach()
add_custom_target(ttt_web_fonts DEPENDS ${ttt_web_fonts})
add_dependencies(tictactoe ttt_web_fonts)

# The files the game reads at run time, packed into tictactoe.data and
# unpacked into the in-memory file system before main(): the fonts where
# assets.c looks beside the "executable" (/), the catalogues where i18n.c
# looks (/locale, beside it too).
set(ttt_web_preload "")
foreach(font IN LISTS ttt_web_fonts)
  get_filename_component(name "${font}" NAME)
  list(APPEND ttt_web_preload "--preload-file=${font}@/assets/fonts/${name}")
endforeach()
set(ttt_web_link_depends ${ttt_web_fonts})
if(TTT_NLS_ENABLED)
  foreach(lang IN LISTS ttt_web_linguas)
    set(mo "${CMAKE_CURRENT_BINARY_DIR}/locale/${lang}/LC_MESSAGES/tictactoe.mo")
    list(APPEND ttt_web_preload "--preload-file=${mo}@/locale/${lang}/LC_MESSAGES/tictactoe.mo")
    list(APPEND ttt_web_link_depends "${mo}")
  endforeach()
endif()

set(ttt_web_js_libraries "${CMAKE_CURRENT_SOURCE_DIR}/persist/atomic_file_web.js"
                         "${CMAKE_CURRENT_SOURCE_DIR}/platform/platform_web.js")
list(APPEND ttt_web_link_depends ${ttt_web_js_libraries})
list(TRANSFORM ttt_web_js_libraries PREPEND "--js-library=")

math(EXPR ttt_web_initial_memory "${TTT_WEB_INITIAL_MEMORY_MB} * 1024 * 1024")
math(EXPR ttt_web_maximum_memory "${TTT_WEB_MAXIMUM_MEMORY_MB} * 1024 * 1024")
set_target_properties(tictactoe PROPERTIES SUFFIX ".js" LINK_DEPENDS "${ttt_web_link_depends}")
target_link_options(tictactoe PRIVATE
  # A page of our own loads tictactoe.js (web/index.html): Emscripten 3.1.6
  # cannot write an .html at -O2 and up.
  -sENVIRONMENT=web,worker
  -sPTHREAD_POOL_SIZE=${TTT_WEB_THREADS}
  -sALLOW_MEMORY_GROWTH=1
  -sINITIAL_MEMORY=${ttt_web_initial_memory}
  -sMAXIMUM_MEMORY=${ttt_web_maximum_memory}
  # Growth with threads makes JavaScript check the heap's size at each
  # access (Emscripten warns): here only SDL's glue and the page's few
  # calls touch it from JavaScript, never the game's work.
  -Wno-pthreads-mem-growth
  -sEXPORTED_FUNCTIONS=@${ttt_web_dir}/exported-functions.json
  -sEXPORTED_RUNTIME_METHODS=@${ttt_web_dir}/exported-runtime.json
  -sDEFAULT_LIBRARY_FUNCS_TO_INCLUDE=@${ttt_web_dir}/library-funcs.json
  ${ttt_web_js_libraries}
  ${ttt_web_preload})

# The site: the page, the game's files, the service worker and the
# licences of everything in it.
set(ttt_web_site_files
  "$<TARGET_FILE_DIR:tictactoe>/tictactoe.js"
  "$<TARGET_FILE_DIR:tictactoe>/tictactoe.wasm"
  "$<TARGET_FILE_DIR:tictactoe>/tictactoe.worker.js"
  "$<TARGET_FILE_DIR:tictactoe>/tictactoe.data")
install(FILES ${ttt_web_site_files} DESTINATION . COMPONENT web)
install(FILES "${PROJECT_SOURCE_DIR}/web/index.html" "${PROJECT_SOURCE_DIR}/web/ttt-page.js"
              "${PROJECT_SOURCE_DIR}/web/ttt-page.css" "${PROJECT_SOURCE_DIR}/web/ttt-mirror.js"
              "${PROJECT_SOURCE_DIR}/web/ttt-sw.js" "${PROJECT_SOURCE_DIR}/web/manifest.webmanifest"
        DESTINATION . COMPONENT web)
install(FILES "${PROJECT_SOURCE_DIR}/assets/icons/${TTT_APP_ID}.svg" DESTINATION .
        RENAME icon.svg COMPONENT web)
# The manifest's icons, for a phone's home screen.
foreach(px 128 256)
  install(FILES "${PROJECT_SOURCE_DIR}/assets/icons/${TTT_APP_ID}-${px}.png" DESTINATION .
          RENAME icon-${px}.png COMPONENT web)
endforeach()
install(FILES "${PROJECT_SOURCE_DIR}/web/licenses/README.txt" DESTINATION licenses COMPONENT web)
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION licenses/ttt COMPONENT web)
install(FILES "${PROJECT_SOURCE_DIR}/assets/fonts/LICENSE-DejaVu.txt"
        DESTINATION licenses/DejaVu COMPONENT web)
install(FILES "${PROJECT_SOURCE_DIR}/web/vendor/coi-serviceworker/LICENSE"
        DESTINATION licenses/coi-serviceworker COMPONENT web)
# Emscripten's runtime and C library, in every program it links.
find_file(TTT_EMSCRIPTEN_COPYRIGHT copyright PATHS /usr/share/doc/emscripten NO_DEFAULT_PATH
          NO_CMAKE_FIND_ROOT_PATH)
find_file(TTT_MUSL_COPYRIGHT COPYRIGHT PATHS "${TTT_EMSCRIPTEN_ROOT}/system/lib/libc/musl"
          NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
if(NOT TTT_EMSCRIPTEN_COPYRIGHT OR NOT TTT_MUSL_COPYRIGHT)
  message(FATAL_ERROR "Emscripten's licence files were not found "
                      "(/usr/share/doc/emscripten/copyright, "
                      "${TTT_EMSCRIPTEN_ROOT}/system/lib/libc/musl/COPYRIGHT)")
endif()
install(FILES "${TTT_EMSCRIPTEN_COPYRIGHT}" DESTINATION licenses/Emscripten
        RENAME debian-copyright COMPONENT web)
install(FILES "${TTT_MUSL_COPYRIGHT}" DESTINATION licenses/Emscripten RENAME musl-COPYRIGHT
        COMPONENT web)
install(DIRECTORY "${TTT_THIRDPARTY_PREFIX}/licenses/SDL2" "${TTT_THIRDPARTY_PREFIX}/licenses/SDL2_ttf"
                  "${TTT_THIRDPARTY_PREFIX}/licenses/FreeType"
        DESTINATION licenses COMPONENT web)
if(TARGET ttt_net)
  install(DIRECTORY "${TTT_THIRDPARTY_PREFIX}/licenses/cJSON" DESTINATION licenses COMPONENT web)
endif()
