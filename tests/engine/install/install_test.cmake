# install_test.cmake - run by ctest with `cmake -P`. With MODE=install:
# builds the engine on its own (static or shared), installs it into a
# scratch prefix, then builds and runs the consumer project against the
# installed tree twice: through find_package(ttt) and through pkg-config.
# With MODE=subdirectory: builds the consumer with the engine's source tree
# pulled in by add_subdirectory(). Any failing step fails the test.
#
# Inputs (-D): MODE, TTT_SOURCE_DIR, WORK_DIR, SHARED (ON/OFF), C_COMPILER,
# GENERATOR, PKG_CONFIG_EXECUTABLE, CONSUMER_DIR, and MAN (ON when the
# manual pages are built: the engine then installs ttt(3) too).
cmake_minimum_required(VERSION 3.20)

foreach(var MODE TTT_SOURCE_DIR WORK_DIR SHARED C_COMPILER GENERATOR PKG_CONFIG_EXECUTABLE CONSUMER_DIR
            MAN)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "install_test.cmake: -D${var}=... is required")
  endif()
endforeach()

# run(<description> COMMAND...): runs a command, echoing its output, and
# stops the test with the description if it fails.
function(run what)
  message(STATUS "install test: ${what}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install test: ${what} failed (${rc}):\n${out}")
  endif()
  set(LAST_OUTPUT "${out}" PARENT_SCOPE)
endfunction()

# The consumer prints this when the engine behaved; see consumer/main.c.
set(expected_output "X wins: strike from \\(0,0\\) to \\(2,2\\)")

file(REMOVE_RECURSE "${WORK_DIR}")

if(MODE STREQUAL "subdirectory")
  # Only the engine's own defaults: a subproject must build without SDL,
  # cmocka or Doxygen and without extra options.
  run("configure the consumer (add_subdirectory)"
    "${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${WORK_DIR}/consumer-build" -G "${GENERATOR}"
    "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DTTT_SOURCE_DIR=${TTT_SOURCE_DIR}")
  run("build the consumer (add_subdirectory)"
    "${CMAKE_COMMAND}" --build "${WORK_DIR}/consumer-build" --parallel)
  run("run the consumer (add_subdirectory)" "${WORK_DIR}/consumer-build/consumer")
  if(NOT LAST_OUTPUT MATCHES "${expected_output}")
    message(FATAL_ERROR "install test: unexpected consumer output:\n${LAST_OUTPUT}")
  endif()
  message(STATUS "install test: passed (add_subdirectory)")
  return()
endif()
set(build "${WORK_DIR}/engine-build")
set(prefix "${WORK_DIR}/prefix")

# 1. The engine alone, as a packager would build it.
run("configure the engine (BUILD_SHARED_LIBS=${SHARED})"
  "${CMAKE_COMMAND}" -S "${TTT_SOURCE_DIR}" -B "${build}" -G "${GENERATOR}"
  "-DCMAKE_C_COMPILER=${C_COMPILER}" -DCMAKE_BUILD_TYPE=Release
  "-DBUILD_SHARED_LIBS=${SHARED}" "-DCMAKE_INSTALL_PREFIX=${prefix}"
  -DTTT_BUILD_GAME=OFF -DTTT_BUILD_CLI=OFF -DTTT_BUILD_TESTS=OFF
  -DTTT_BUILD_BENCH=OFF -DTTT_BUILD_DOCS=OFF -DTTT_INSTALL=ON -DTTT_WERROR=ON
  -DTTT_BUILD_MAN=${MAN})
run("build the engine" "${CMAKE_COMMAND}" --build "${build}" --parallel)
run("install the engine" "${CMAKE_COMMAND}" --install "${build}")

# 2. The installed tree has what docs/engine.md ("Installing") promises.
# CMAKE_INSTALL_LIBDIR as the engine's build chose it (lib, lib64, ...).
file(STRINGS "${build}/CMakeCache.txt" libdir_line REGEX "^CMAKE_INSTALL_LIBDIR:")
string(REGEX REPLACE "^[^=]*=" "" libdir "${libdir_line}")
set(expected
  include/ttt/ttt.h include/ttt/common.h include/ttt/game.h include/ttt/ai.h
  include/ttt/export.h include/ttt/version.h
  ${libdir}/cmake/ttt/tttConfig.cmake ${libdir}/cmake/ttt/tttConfigVersion.cmake
  ${libdir}/cmake/ttt/tttTargets.cmake ${libdir}/pkgconfig/ttt.pc)
if(MAN)
  list(APPEND expected share/man/man3/ttt.3) # the library's manual page
endif()
if(SHARED)
  # The real file, the SONAME link and the development link. The SONAME is
  # libttt.so.MAJOR, or libttt.so.0.MINOR while the major version is 0.
  file(STRINGS "${build}/CMakeCache.txt" version_line REGEX "^CMAKE_PROJECT_VERSION:")
  string(REGEX REPLACE "^[^=]*=" "" version "${version_line}")
  string(REGEX MATCH "^[0-9]+" major "${version}")
  string(REGEX MATCH "^[0-9]+\\.[0-9]+" major_minor "${version}")
  if(major EQUAL 0)
    set(soname "libttt.so.${major_minor}")
  else()
    set(soname "libttt.so.${major}")
  endif()
  list(APPEND expected ${libdir}/libttt.so ${libdir}/${soname} ${libdir}/libttt.so.${version})
else()
  list(APPEND expected ${libdir}/libttt.a)
endif()
foreach(f ${expected})
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "install test: ${f} is not installed")
  endif()
endforeach()
if(EXISTS "${prefix}/include/ttt/version.h.in")
  message(FATAL_ERROR "install test: the version.h template was installed")
endif()
if(SHARED)
  find_program(OBJDUMP objdump)
  if(OBJDUMP)
    run("read the SONAME" "${OBJDUMP}" -p "${prefix}/${libdir}/libttt.so.${version}")
    if(NOT LAST_OUTPUT MATCHES "SONAME +${soname}\n")
      message(FATAL_ERROR "install test: the SONAME is not ${soname}:\n${LAST_OUTPUT}")
    endif()
  endif()
endif()

# 2b. The components split the install the way a distribution splits
# packages: the runtime library alone, and the development files alone.
foreach(component runtime development)
  set(part "${WORK_DIR}/component-${component}")
  file(REMOVE_RECURSE "${part}")
  run("install the ${component} component"
    "${CMAKE_COMMAND}" --install "${build}" --component ${component} --prefix "${part}")
  file(GLOB_RECURSE part_files RELATIVE "${part}" "${part}/*")
  if(component STREQUAL "runtime")
    if(SHARED)
      set(want ${libdir}/${soname} ${libdir}/libttt.so.${version})
    else()
      set(want "") # a static library has no runtime part
    endif()
  else()
    set(want "")
    foreach(f ${expected})
      if(NOT f MATCHES "libttt\\.so\\.")
        list(APPEND want ${f})
      endif()
    endforeach()
  endif()
  # The per-configuration targets file (tttTargets-release.cmake) is named
  # after the build type; it belongs with the development files.
  list(FILTER part_files EXCLUDE REGEX "/tttTargets-[a-z]+\\.cmake$")
  list(SORT want)
  list(SORT part_files)
  if(NOT "${part_files}" STREQUAL "${want}")
    message(FATAL_ERROR "install test: component ${component} installs\n  ${part_files}\n"
                        "instead of\n  ${want}")
  endif()
endforeach()

set(run_env "LD_LIBRARY_PATH=${prefix}/${libdir}")

# 3. find_package(ttt) in a separate project.
run("configure the consumer (find_package)"
  "${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${WORK_DIR}/consumer-build" -G "${GENERATOR}"
  "-DCMAKE_C_COMPILER=${C_COMPILER}" "-DCMAKE_PREFIX_PATH=${prefix}")
run("build the consumer (find_package)" "${CMAKE_COMMAND}" --build "${WORK_DIR}/consumer-build")
run("run the consumer (find_package)"
  "${CMAKE_COMMAND}" -E env "${run_env}" "${WORK_DIR}/consumer-build/consumer")
if(NOT LAST_OUTPUT MATCHES "${expected_output}")
  message(FATAL_ERROR "install test: unexpected consumer output:\n${LAST_OUTPUT}")
endif()

# 4. pkg-config, with the compiler called directly.
run("pkg-config --cflags --libs ttt"
  "${CMAKE_COMMAND}" -E env "PKG_CONFIG_PATH=${prefix}/${libdir}/pkgconfig"
  "${PKG_CONFIG_EXECUTABLE}" --cflags --libs ttt)
separate_arguments(pc_flags UNIX_COMMAND "${LAST_OUTPUT}")
run("compile the consumer (pkg-config)"
  "${C_COMPILER}" -std=c11 -Wall -Wextra -Wpedantic -Werror
  "${CONSUMER_DIR}/main.c" ${pc_flags} -o "${WORK_DIR}/consumer-pc")
run("run the consumer (pkg-config)" "${CMAKE_COMMAND}" -E env "${run_env}" "${WORK_DIR}/consumer-pc")
if(NOT LAST_OUTPUT MATCHES "${expected_output}")
  message(FATAL_ERROR "install test: unexpected consumer output:\n${LAST_OUTPUT}")
endif()
message(STATUS "install test: passed (BUILD_SHARED_LIBS=${SHARED})")
