# mingw-w64.cmake - CMake toolchain file for Windows x86-64 with Debian's
# MinGW-w64 cross compiler (package gcc-mingw-w64-x86-64), with Wine as the
# emulator so ctest runs the .exe files on the build machine:
#
#   cmake -S tests/engine/portable -B build-mingw \
#         -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake
#
# Wine needs no display for console programs; scripts/test.sh gives it a
# throw-away WINEPREFIX and WINEDEBUG=-all.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(TTT_MINGW_TRIPLE x86_64-w64-mingw32 CACHE STRING "MinGW-w64 target triple")
find_program(CMAKE_C_COMPILER NAMES ${TTT_MINGW_TRIPLE}-gcc ${TTT_MINGW_TRIPLE}-gcc-posix REQUIRED)
find_program(CMAKE_RC_COMPILER NAMES ${TTT_MINGW_TRIPLE}-windres)

# Libraries and headers come from the MinGW sysroot only; programs (Wine,
# CMake's helpers) from the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/${TTT_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# wine64 is the 64-bit loader; Debian's `wine` package adds /usr/bin/wine.
find_program(TTT_WINE NAMES wine wine64 PATHS /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(TTT_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${TTT_WINE}")
endif()
