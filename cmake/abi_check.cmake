# abi_check.cmake - the ABI check, run with `cmake -P` by the engine_abi test
# (MODE=check) and by the abi-update target (MODE=update). Builds the engine
# on its own as a shared library with debug information, installs it into a
# scratch prefix, writes its ABI with abidw (only types from the installed
# public headers count), then either compares it with the committed baseline
# (abidiff: the ABI of the last release; an incompatible change fails unless
# the major version moved, an addition passes and is listed) or replaces the
# baseline.
#
# Inputs (-D): MODE (check|update), TTT_SOURCE_DIR, WORK_DIR, C_COMPILER,
# GENERATOR, BASELINE (abi/libttt.abi), SUPPRESSIONS (abi/libttt.suppr).
# Prints "ABI check skipped: ..." and succeeds when abigail-tools is missing
# or the machine is not the one the baseline describes; the test turns that
# message into a ctest skip.
cmake_minimum_required(VERSION 3.20)

foreach(var MODE TTT_SOURCE_DIR WORK_DIR C_COMPILER GENERATOR BASELINE SUPPRESSIONS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "abi_check.cmake: -D${var}=... is required")
  endif()
endforeach()

# The baseline is x86_64 ELF from GCC's DWARF: another architecture has other
# type sizes, so there it would only report the difference.
set(TTT_ABI_ARCH x86_64)

function(skip why)
  if(MODE STREQUAL "update")
    message(FATAL_ERROR "abi-update: ${why}")
  endif()
  message("ABI check skipped: ${why}")
endfunction()

find_program(ABIDW abidw)
find_program(ABIDIFF abidiff)
if(NOT ABIDW OR NOT ABIDIFF)
  skip("abidw/abidiff not found (Debian: apt-get install abigail-tools)")
  return()
endif()
cmake_host_system_information(RESULT arch QUERY OS_PLATFORM)
if(NOT arch STREQUAL TTT_ABI_ARCH)
  skip("the baseline describes ${TTT_ABI_ARCH}, this machine is ${arch}")
  return()
endif()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "abi check: ${what} failed (${rc}):\n${out}")
  endif()
endfunction()

set(build "${WORK_DIR}/engine-build")
set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")
# Debug: -g without optimisation, so the DWARF describes every parameter.
# Warnings are not this test's business (the other builds check them).
run("configure the shared engine"
  "${CMAKE_COMMAND}" -S "${TTT_SOURCE_DIR}" -B "${build}" -G "${GENERATOR}"
  "-DCMAKE_C_COMPILER=${C_COMPILER}" -DCMAKE_BUILD_TYPE=Debug -DBUILD_SHARED_LIBS=ON
  "-DCMAKE_INSTALL_PREFIX=${prefix}" -DCMAKE_INSTALL_LIBDIR=lib
  -DTTT_BUILD_GAME=OFF -DTTT_BUILD_CLI=OFF -DTTT_BUILD_TESTS=OFF
  -DTTT_BUILD_BENCH=OFF -DTTT_BUILD_DOCS=OFF -DTTT_BUILD_MAN=OFF -DTTT_NLS=OFF
  -DTTT_INSTALL=ON)
run("build the shared engine" "${CMAKE_COMMAND}" --build "${build}" --parallel)
run("install the shared engine" "${CMAKE_COMMAND}" --install "${build}")

file(GLOB libs "${prefix}/lib/libttt.so.*.*.*")
list(LENGTH libs n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "abi check: expected one libttt.so.X.Y.Z in ${prefix}/lib, found: ${libs}")
endif()

# Paths and source locations are left out: the file is the same from any
# checkout, and changes only when the ABI does, not when code moves.
set(current "${WORK_DIR}/libttt.abi")
run("abidw"
  "${ABIDW}" --headers-dir "${prefix}/include/ttt" --drop-private-types
  --no-corpus-path --no-comp-dir-path --no-show-locs
  --out-file "${current}" "${libs}")
# abidw still names each translation unit by its absolute path: made
# relative to the source tree, so the baseline holds no path of the
# machine that wrote it.
file(READ "${current}" abi_text)
string(REPLACE "path='${TTT_SOURCE_DIR}/" "path='" abi_text "${abi_text}")
file(WRITE "${current}" "${abi_text}")

if(MODE STREQUAL "update")
  run("copy the new baseline" "${CMAKE_COMMAND}" -E copy "${current}" "${BASELINE}")
  message(STATUS "abi-update: wrote ${BASELINE}; commit it, with a CHANGELOG entry "
                 "(and a new major version if the change is incompatible)")
  return()
endif()

if(NOT EXISTS "${BASELINE}")
  message(FATAL_ERROR "abi check: no baseline at ${BASELINE}; write one with the abi-update target")
endif()
# The promise (CHANGELOG.md, "Versioning"): the baseline is the ABI of the
# last release, and within its major version (its SONAME, libttt.so.1) the
# ABI may only grow. An incompatible change fails the check unless the
# major version has moved (a new SONAME), which is where such a change
# belongs; the release that moves it writes a new baseline.
function(soname_of file result)
  file(STRINGS "${file}" corpus LIMIT_COUNT 1 REGEX "<abi-corpus ")
  string(REGEX MATCH "soname='([^']*)'" match "${corpus}")
  set(${result} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()
soname_of("${BASELINE}" baseline_soname)
soname_of("${current}" current_soname)
if(NOT baseline_soname STREQUAL current_soname)
  message(STATUS "abi check: the major version moved (${baseline_soname} -> ${current_soname}): "
                 "incompatible changes are allowed; write the new baseline at the release "
                 "with the abi-update target")
  return()
endif()

# abidiff's status is a bit mask: 4 = the ABI changed, 8 = incompatibly,
# 1/2 = the tool itself failed. Status 4 covers growth and breakage alike
# (a field appended to a struct, or a field's type changed), so its report
# is read line by line: only what keeps every program of this major version
# working is let through. That is a function or variable added, an
# enumerator added, and a growable struct (one that starts with its size,
# see TTT_INIT in ttt/common.h) grown at its end; anything else (a removal,
# a changed type, a moved or deleted field, a non-growable struct that grew)
# fails.
set(TTT_GROWABLE_STRUCTS ttt_ai_options ttt_ai_result ttt_analysis ttt_trace_step)
execute_process(
  COMMAND "${ABIDIFF}" --suppressions "${SUPPRESSIONS}" "${BASELINE}" "${current}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)

# Lines of the report that are allowed, as regular expressions; the struct
# ones only inside a growable struct.
set(allowed_anywhere
  "^$"
  "^(Functions|Variables) changes summary: 0 Removed, [0-9]+ Changed( \\([0-9]+ filtered out\\))?, [0-9]+ Added (function|variable)s?$"
  "^[0-9]+ (Added|Changed) (function|variable)s?:?$"
  "^[0-9]+ functions? with some indirect sub-type changes?:$"
  "^\\[[AC]\\] '(function|variable) "
  "^parameter [0-9]+ of type '.*' has sub-type changes:$"
  "^return type changed:$"
  "^in (pointed to|referenced|unqualified underlying) type '.*':$"
  "^(underlying )?type '(struct|enum|typedef) [a-z_0-9]+' changed:$"
  "^type size hasn't changed$"
  "^[0-9]+ enumerator insertions?:$"
  "^'ttt_[a-z_]+::TTT_[A-Z_0-9]+' value '[0-9]+'$")
set(allowed_in_growable
  "^type size changed from [0-9]+ to [0-9]+ \\(in bits\\)$"
  "^[0-9]+ data member insertions?:$"
  "^'[^']+', at offset [0-9]+ \\(in bits\\)$")
set(breaking "")
set(in_struct "")
string(REPLACE "\n" ";" report_lines "${out}")
foreach(line IN LISTS report_lines)
  string(STRIP "${line}" line)
  if(line MATCHES "type 'struct ([a-z_0-9]+)' changed:$")
    set(in_struct "${CMAKE_MATCH_1}")
  endif()
  set(ok FALSE)
  foreach(re IN LISTS allowed_anywhere)
    if(line MATCHES "${re}")
      set(ok TRUE)
    endif()
  endforeach()
  if(NOT ok AND in_struct IN_LIST TTT_GROWABLE_STRUCTS)
    foreach(re IN LISTS allowed_in_growable)
      if(line MATCHES "${re}")
        set(ok TRUE)
      endif()
    endforeach()
  endif()
  if(NOT ok)
    string(APPEND breaking "  ${line}\n")
  endif()
endforeach()

if(rc EQUAL 0)
  message(STATUS "abi check: libttt's ABI matches ${BASELINE}")
elseif(rc EQUAL 4 AND breaking STREQUAL "")
  # Additions keep every 1.x program working; the next release's baseline
  # takes them in.
  message(STATUS "abi check: libttt's ABI grew compatibly since ${BASELINE} "
                 "(${current_soname}):\n${out}")
else()
  if(rc EQUAL 4 OR rc GREATER_EQUAL 8)
    set(kind "changed INCOMPATIBLY")
  else()
    set(kind "could not be compared (abidiff status ${rc})")
  endif()
  message(FATAL_ERROR
    "abi check: libttt's ABI ${kind} against ${BASELINE} (${current_soname}).\n"
    "What breaks programs built against this major version:\n${breaking}\n"
    "abidiff's report:\n${out}\n"
    "Keep the old symbols and struct layouts (add, do not change; a growable "
    "struct may only grow at its end), or raise the major version in "
    "CMakeLists.txt, say so in CHANGELOG.md and write a new baseline with "
    "`cmake --build <build dir> --target abi-update`.")
endif()
