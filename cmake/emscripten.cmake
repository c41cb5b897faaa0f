# emscripten.cmake - CMake toolchain file for the browser (WebAssembly) with
# Debian's Emscripten (package emscripten, 3.1.6 on Debian 12): Emscripten's
# own Emscripten.cmake, plus what it lacks on this system:
#
#   cmake -S . -B build-web -DCMAKE_TOOLCHAIN_FILE=cmake/emscripten.cmake \
#         -DTTT_THIRDPARTY_PREFIX="$(bash scripts/thirdparty.sh web | tail -n1)"
#
# Pass it instead of `emcmake`, not through it: emcmake only adds
# Emscripten.cmake and an emulator. On top of Emscripten.cmake this file
#  - compiles and links everything with -pthread: the third-party prefix is
#    built with it and cannot be linked without it (SDL2 calls pthread_*),
#    and code compiled without it is not safe in a program with threads
#    (its thread-local variables are shared, its atomics are plain). The
#    link accepts such objects without a word. A CMAKE_C_FLAGS given on the
#    command line replaces the flags set here, so it must carry -pthread;
#  - looks for packages and libraries in TTT_THIRDPARTY_PREFIX (a -D option
#    or the environment variable of that name) before Emscripten's sysroot,
#    whose SDL2 package is only a stub for -sUSE_SDL=2, a port that the
#    frozen cache of Debian's package cannot build;
#  - lets pkg-config see only the prefix's and the sysroot's .pc files, not
#    the build machine's (whose inih, say, is a Linux library);
#  - runs links with NODE_PATH=/usr/share/nodejs when node cannot find the
#    acorn module on its own (a Node.js not from Debian does not look
#    there): optimised links (-O2 and up) run Emscripten's JavaScript
#    optimiser, which needs it. This uses CMAKE_C_LINKER_LAUNCHER (CMake
#    3.21 or newer); with an older CMake, set NODE_PATH for the build;
#  - runs programs (ctest, CMAKE_CROSSCOMPILING_EMULATOR) with
#    `node --no-experimental-fetch`: Node 20 refuses emcmake's
#    --experimental-wasm-threads, and its fetch() cannot load the .wasm
#    from a file path.
# Per-program link options (-sPTHREAD_POOL_SIZE, the font files, ...) are
# the project's to set; docs/thirdparty.md lists those that worked.

# Emscripten.cmake from the installed Emscripten (Debian's is in
# /usr/share/emscripten), found the way emcmake finds it.
find_program(TTT_EM_CONFIG NAMES em-config REQUIRED)
execute_process(
  COMMAND "${TTT_EM_CONFIG}" EMSCRIPTEN_ROOT
  OUTPUT_VARIABLE TTT_EMSCRIPTEN_ROOT
  OUTPUT_STRIP_TRAILING_WHITESPACE
  RESULT_VARIABLE _ttt_em_result)
if(NOT _ttt_em_result EQUAL 0 OR NOT EXISTS "${TTT_EMSCRIPTEN_ROOT}/cmake/Modules/Platform/Emscripten.cmake")
  message(FATAL_ERROR "emscripten.cmake: cannot find Emscripten.cmake through em-config "
                      "(EMSCRIPTEN_ROOT: '${TTT_EMSCRIPTEN_ROOT}'); install Emscripten: "
                      "bash scripts/deps.sh web")
endif()
include("${TTT_EMSCRIPTEN_ROOT}/cmake/Modules/Platform/Emscripten.cmake")

# CMake reads a toolchain file more than once; add the flag once.
foreach(_ttt_flags C_FLAGS CXX_FLAGS EXE_LINKER_FLAGS)
  if(NOT " ${CMAKE_${_ttt_flags}_INIT} " MATCHES " -pthread ")
    string(APPEND CMAKE_${_ttt_flags}_INIT " -pthread")
  endif()
endforeach()

if(NOT DEFINED TTT_THIRDPARTY_PREFIX AND DEFINED ENV{TTT_THIRDPARTY_PREFIX})
  set(TTT_THIRDPARTY_PREFIX "$ENV{TTT_THIRDPARTY_PREFIX}")
endif()
if(TTT_THIRDPARTY_PREFIX)
  # Both are needed: with CMAKE_FIND_ROOT_PATH_MODE_* ONLY (Emscripten.cmake
  # sets it) a prefix is searched only under a root path.
  foreach(_ttt_list CMAKE_FIND_ROOT_PATH CMAKE_PREFIX_PATH)
    list(PREPEND ${_ttt_list} "${TTT_THIRDPARTY_PREFIX}")
    list(REMOVE_DUPLICATES ${_ttt_list})
  endforeach()
endif()
# pkg-config (FindPkgConfig) sees only the prefix's .pc files and the
# sysroot's, as under emcmake, never the build machine's
# (/usr/lib/x86_64-linux-gnu/pkgconfig: Linux libraries).
set(_ttt_pc_dirs "${EMSCRIPTEN_SYSROOT}/local/lib/pkgconfig" "${EMSCRIPTEN_SYSROOT}/lib/pkgconfig")
if(TTT_THIRDPARTY_PREFIX)
  list(PREPEND _ttt_pc_dirs "${TTT_THIRDPARTY_PREFIX}/lib/pkgconfig")
endif()
string(REPLACE ";" ":" _ttt_pc_dirs "${_ttt_pc_dirs}")
set(ENV{PKG_CONFIG_LIBDIR} "${_ttt_pc_dirs}")
set(ENV{PKG_CONFIG_PATH} "")
# try_compile() projects read this file again; hand the prefix on to them.
# (No IN_LIST here: projects that ask for CMake 3.0, as SDL2 does, do not
# have it.)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TTT_THIRDPARTY_PREFIX)
list(REMOVE_DUPLICATES CMAKE_TRY_COMPILE_PLATFORM_VARIABLES)

find_program(TTT_NODE NAMES node nodejs NO_CMAKE_FIND_ROOT_PATH)
if(TTT_NODE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${TTT_NODE};--no-experimental-fetch")
  execute_process(
    COMMAND "${TTT_NODE}" -e "require.resolve('acorn')"
    RESULT_VARIABLE _ttt_acorn_result
    OUTPUT_QUIET ERROR_QUIET)
  if(NOT _ttt_acorn_result EQUAL 0 AND EXISTS /usr/share/nodejs/acorn)
    set(_ttt_node_path "/usr/share/nodejs")
    if(DEFINED ENV{NODE_PATH} AND NOT "$ENV{NODE_PATH}" STREQUAL "")
      string(APPEND _ttt_node_path ":$ENV{NODE_PATH}")
    endif()
    set(CMAKE_C_LINKER_LAUNCHER "${CMAKE_COMMAND};-E;env;NODE_PATH=${_ttt_node_path}")
    set(CMAKE_CXX_LINKER_LAUNCHER "${CMAKE_C_LINKER_LAUNCHER}")
  endif()
endif()
