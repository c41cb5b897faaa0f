# mingw-w64.cmake - CMake toolchain file for Windows x86-64 with Debian's
# MinGW-w64 cross compiler (package gcc-mingw-w64-x86-64), with Wine as the
# emulator so ctest runs the .exe files on the build machine:
#
#   cmake -S tests/engine/portable -B build-mingw \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake
#
# Wine needs no display for console programs; scripts/test.sh gives it a
# throw-away WINEPREFIX and WINEDEBUG=-all.
#
# SDL2 and SDL2_ttf for Windows come from scripts/thirdparty.sh windows
# (docs/thirdparty.md); find_package(SDL2) and find_package(SDL2_ttf) find
# them when their prefix is given as -DTTT_THIRDPARTY_PREFIX=DIR or in the
# environment variable TTT_THIRDPARTY_PREFIX:
#
#   cmake ... -DTTT_THIRDPARTY_PREFIX="$(bash scripts/thirdparty.sh windows | tail -n1)"
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(TTT_MINGW_TRIPLE x86_64-w64-mingw32 CACHE STRING "MinGW-w64 target triple")
find_program(CMAKE_C_COMPILER NAMES ${TTT_MINGW_TRIPLE}-gcc ${TTT_MINGW_TRIPLE}-gcc-posix REQUIRED)
# C++ (g++-mingw-w64-x86-64) only for projects that enable it, as SDL2's
# build does without compiling any C++ for Windows.
find_program(CMAKE_CXX_COMPILER NAMES ${TTT_MINGW_TRIPLE}-g++ ${TTT_MINGW_TRIPLE}-g++-posix)
find_program(CMAKE_RC_COMPILER NAMES ${TTT_MINGW_TRIPLE}-windres)

# Libraries and headers come from the MinGW sysroot only; programs (Wine,
# CMake's helpers) from the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/${TTT_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# The third-party prefix: a root path, since only those are searched, and a
# prefix, so that its lib/cmake/ is searched without a system prefix in front.
if(NOT DEFINED TTT_THIRDPARTY_PREFIX AND DEFINED ENV{TTT_THIRDPARTY_PREFIX})
  set(TTT_THIRDPARTY_PREFIX "$ENV{TTT_THIRDPARTY_PREFIX}")
endif()
if(TTT_THIRDPARTY_PREFIX)
  list(APPEND CMAKE_FIND_ROOT_PATH "${TTT_THIRDPARTY_PREFIX}")
  list(APPEND CMAKE_PREFIX_PATH "${TTT_THIRDPARTY_PREFIX}")
  list(REMOVE_DUPLICATES CMAKE_PREFIX_PATH)
endif()
# pkg-config (FindPkgConfig) sees only the prefix's .pc files, never the
# build machine's (/usr/lib/x86_64-linux-gnu/pkgconfig: Linux libraries).
if(TTT_THIRDPARTY_PREFIX)
  set(ENV{PKG_CONFIG_LIBDIR} "${TTT_THIRDPARTY_PREFIX}/lib/pkgconfig")
else()
  set(ENV{PKG_CONFIG_LIBDIR} "/usr/${TTT_MINGW_TRIPLE}/lib/pkgconfig")
endif()
set(ENV{PKG_CONFIG_PATH} "")
# try_compile() projects read this file again; hand the prefix on to them.
# (No IN_LIST here or below: projects that ask for CMake 3.0, as SDL2 does,
# do not have it.)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TTT_THIRDPARTY_PREFIX)
list(REMOVE_DUPLICATES CMAKE_TRY_COMPILE_PLATFORM_VARIABLES)

# wine64 is the 64-bit loader; Debian's `wine` package adds /usr/bin/wine.
find_program(TTT_WINE NAMES wine wine64 PATHS /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(TTT_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${TTT_WINE}")
endif()
