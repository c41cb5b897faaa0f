# TttOptions.cmake - every option and cache variable of the build, in one
# place (docs/hacking.md lists them), included first by the top-level
# CMakeLists.txt. The files that use them only read them.
#
# Built on its own, everything is on. Pulled into another project with
# add_subdirectory(), only the engine is built (no SDL, cmocka or Doxygen
# needed, no target names to clash with) and the parent's build type is
# left alone; each part can still be switched on.
if(CMAKE_SOURCE_DIR STREQUAL PROJECT_SOURCE_DIR)
  set(TTT_TOP_LEVEL ON)
else()
  set(TTT_TOP_LEVEL OFF)
endif()
if(TTT_TOP_LEVEL AND NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type" FORCE)
endif()
# On Windows an install is a folder people unpack anywhere (the zip,
# docs/windows.md): the programs and their DLLs at its top, the
# translations in locale/ and the fonts in assets/fonts/ beside them, where
# the programs look first, as in the build tree.
if(WIN32)
  set(CMAKE_INSTALL_BINDIR "." CACHE PATH "Programs and DLLs (Windows: the folder's top)")
  set(CMAKE_INSTALL_LOCALEDIR "locale" CACHE PATH "Translations (Windows: beside the programs)")
  set(CMAKE_INSTALL_DOCDIR "." CACHE PATH "README and licence (Windows: the folder's top)")
endif()
include(GNUInstallDirs)

# What is built.
option(TTT_BUILD_GAME "Build the SDL2 desktop game (needs SDL2 and SDL2_ttf)" ${TTT_TOP_LEVEL})
option(TTT_BUILD_CLI "Build the terminal program ttt" ${TTT_TOP_LEVEL})
option(TTT_BUILD_TESTS "Build the tests (needs cmocka)" ${TTT_TOP_LEVEL})
option(TTT_BUILD_BENCH "Build the benchmarks" ${TTT_TOP_LEVEL})
option(TTT_BUILD_DOCS "Add a 'docs' target that runs Doxygen" ${TTT_TOP_LEVEL})
# The example and the table generator are for this project's own build and
# tests; a project that pulls the engine in gets only the library, so these
# target names cannot clash with its own.
option(TTT_BUILD_EXAMPLES "Build the getting-started example and the table generator"
       ${TTT_TOP_LEVEL})
# Features that need a tool beyond the compiler: ON, OFF or AUTO (on when
# the tool is found, and said so); see TttFeatures.cmake.
if(TTT_TOP_LEVEL)
  set(ttt_feature_default AUTO)
else()
  set(ttt_feature_default OFF)
endif()
set(TTT_NLS ${ttt_feature_default} CACHE STRING
    "Translated messages in ttt and tictactoe (gettext): ON, OFF or AUTO")
set(TTT_BUILD_MAN ${ttt_feature_default} CACHE STRING
    "Manual pages ttt(1), tictactoe(6), ttt(3) (scdoc): ON, OFF or AUTO")
# The online game (docs/server.md): the server ttt-server (libwebsockets,
# SQLite, cJSON) and the client library behind `ttt online` (libwebsockets,
# cJSON). Neither is built for Windows, which has no libwebsockets package;
# the browser has the client library on its own WebSocket (TTT_NET with
# cJSON from scripts/thirdparty.sh web), not the server.
set(TTT_BUILD_SERVER ${ttt_feature_default} CACHE STRING
    "The game server ttt-server (libwebsockets, sqlite3, cJSON): ON, OFF or AUTO")
set(TTT_NET ${ttt_feature_default} CACHE STRING
    "The online client library and `ttt online` (libwebsockets, cJSON): ON, OFF or AUTO")
set_property(CACHE TTT_BUILD_SERVER PROPERTY STRINGS ON OFF AUTO)
set_property(CACHE TTT_NET PROPERTY STRINGS ON OFF AUTO)
set_property(CACHE TTT_NLS PROPERTY STRINGS ON OFF AUTO)
set_property(CACHE TTT_BUILD_MAN PROPERTY STRINGS ON OFF AUTO)

# How it is built.
option(TTT_WERROR "Treat warnings as errors" OFF)
option(TTT_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(TTT_TSAN "Build with ThreadSanitizer (not together with TTT_SANITIZE)" OFF)
option(TTT_FUZZ "Build the libFuzzer targets in tests/fuzz (needs clang)" OFF)
if(TTT_TSAN AND TTT_SANITIZE)
  message(FATAL_ERROR "TTT_TSAN and TTT_SANITIZE cannot be combined: build them separately")
endif()

# The game's fonts: the system's DejaVu (Debian's fonts-dejavu-core) when it
# is installed, else the game's own copies (see game/desktop). A
# distribution that depends on the font package can leave the copies out.
if(WIN32)
  set(ttt_system_font_dir_default "")
else()
  set(ttt_system_font_dir_default "/usr/share/fonts/truetype/dejavu")
endif()
set(TTT_SYSTEM_FONT_DIR "${ttt_system_font_dir_default}" CACHE PATH
    "The system's DejaVu fonts, tried before the game's own copies (empty: none)")
option(TTT_INSTALL_BUNDLED_FONTS "Install the game's own copies of the DejaVu fonts" ON)

# Where the project lives, for the AppStream metainfo's links and
# screenshots (docs/screenshots/ of this version's tag v<version>, by
# default as raw files on GitHub).
set(TTT_PROJECT_URL "https://github.com/tttgame/ttt" CACHE STRING
    "The project's home page (the AppStream metainfo's links)")
set(TTT_SCREENSHOT_BASE_URL "" CACHE STRING
    "URL of docs/screenshots/ at this version (empty: raw GitHub files at tag v<version>)")

# Installing (cmake/TttInstall.cmake).
option(TTT_INSTALL "Install rules for the engine: headers, library, CMake and pkg-config files"
       ${TTT_TOP_LEVEL})
set(TTT_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/ttt"
    CACHE STRING "Where the CMake package files go, relative to the prefix")
set(TTT_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig"
    CACHE STRING "Where ttt.pc goes, relative to the prefix")
set(TTT_INSTALL_SYSTEMD_UNIT_DIR "lib/systemd/system" CACHE STRING
    "Where ttt-server's systemd unit goes (relative to the prefix, or absolute)")
set(TTT_INSTALL_BASH_COMPLETION_DIR "" CACHE STRING
    "Where the bash completion goes (empty: from bash-completion's pkg-config file)")
# Windows: the prefix of scripts/thirdparty.sh windows, whose DLLs and
# licences the install puts beside the programs (cmake/TttWindows.cmake);
# cmake/mingw-w64.cmake reads it too.
set(TTT_THIRDPARTY_PREFIX "${TTT_THIRDPARTY_PREFIX}" CACHE PATH
    "Third-party prefix from scripts/thirdparty.sh (cross builds)")

# Testing (cmake/TttTesting.cmake, tests/fuzz): the sanitizers run code
# several times slower, much more on a loaded machine, so their time limits
# scale, and a limit catches a hang and never a busy machine.
if(TTT_TSAN)
  set(ttt_default_timeout_scale 10)
elseif(TTT_SANITIZE)
  set(ttt_default_timeout_scale 4)
else()
  set(ttt_default_timeout_scale 1)
endif()
set(TTT_TEST_TIMEOUT_SCALE ${ttt_default_timeout_scale} CACHE STRING
    "Every test's TIMEOUT is multiplied by this whole number (default 4 with TTT_SANITIZE, 10 with TTT_TSAN)")
set(TTT_FUZZ_SEED 1 CACHE STRING "libFuzzer's -seed for the fuzz tests (a fixed one: the same run every time)")
set(TTT_FUZZ_RUNS "" CACHE STRING
    "Runs of every fuzz test, if set; empty: each target's own (tests/fuzz/CMakeLists.txt)")
set(TTT_FUZZ_INPUT_TIMEOUT_S 10 CACHE STRING
    "Seconds one fuzz input may take before it counts as a hang")

# The browser build (Emscripten; cmake/TttWeb.cmake, docs/web.md).
# Web Workers started with the page: the threads the game starts before its
# first frame (the AI worker, the settings saver, the sound output's
# thread) and a spare. A browser starts a worker only once the page's main
# thread returns to its event loop, so every thread the game may wait for
# must exist beforehand.
set(TTT_WEB_THREADS 4 CACHE STRING "Browser build: Web Workers started with the page (PTHREAD_POOL_SIZE)")
# The memory the page starts with, and the most it may grow to. 32 MB held
# a whole 8x8 game against Unbeatable (the memory never grew); growing stays
# allowed should a search want more. With threads the maximum is reserved
# up front (shared memory), so it is kept modest for phones rather than
# Emscripten's 2 GB.
set(TTT_WEB_INITIAL_MEMORY_MB 32 CACHE STRING "Browser build: the wasm memory the page starts with, in MB")
set(TTT_WEB_MAXIMUM_MEMORY_MB 256 CACHE STRING "Browser build: the most wasm memory the page may grow to, in MB")
