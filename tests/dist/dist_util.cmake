# dist_util.cmake - helpers of the tests in tests/dist (included, not run).

# dist_require(<var>...): fails unless each -D<var>=... was given.
macro(dist_require)
  foreach(var ${ARGN})
    if(NOT DEFINED ${var})
      message(FATAL_ERROR "${CMAKE_SCRIPT_MODE_FILE}: -D${var}=... is required")
    endif()
  endforeach()
endmacro()

# dist_fail(<message>): the test fails with the message.
function(dist_fail msg)
  get_filename_component(name "${CMAKE_SCRIPT_MODE_FILE}" NAME_WE)
  message(FATAL_ERROR "${name}: ${msg}")
endfunction()

# dist_run(<what> <command>...): runs it with stdin from /dev/null; fails
# unless it exits with 0. DIST_OUTPUT receives stdout and stderr together.
function(dist_run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out
    INPUT_FILE /dev/null)
  if(NOT rc EQUAL 0)
    dist_fail("${what} failed (${rc}):\n${out}")
  endif()
  set(DIST_OUTPUT "${out}" PARENT_SCOPE)
endfunction()

# dist_png_size(<file> <width var> <height var>): a PNG's size from its
# IHDR chunk (bytes 16 to 23, big-endian).
function(dist_png_size file wvar hvar)
  if(NOT EXISTS "${file}")
    dist_fail("${file} does not exist")
  endif()
  file(READ "${file}" hex OFFSET 0 LIMIT 24 HEX)
  if(NOT hex MATCHES "^89504e470d0a1a0a")
    dist_fail("${file} is not a PNG")
  endif()
  string(SUBSTRING "${hex}" 32 8 w)
  string(SUBSTRING "${hex}" 40 8 h)
  math(EXPR w "0x${w}")
  math(EXPR h "0x${h}")
  set(${wvar} ${w} PARENT_SCOPE)
  set(${hvar} ${h} PARENT_SCOPE)
endfunction()
