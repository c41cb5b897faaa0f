# ttt_set_warnings(target): the project's warning set on one target.
# -Werror only when TTT_WERROR is on (CI turns it on).
#
# Beyond -Wall -Wextra: every function has a prototype or is static
# (-Wmissing-prototypes, -Wstrict-prototypes), format strings are literals
# or checked (-Wformat=2), an undefined macro in #if is a mistake (-Wundef),
# const is never cast away (-Wcast-qual, -Wwrite-strings: string literals
# are const char), and no variable-length arrays (-Wvla).
function(ttt_set_warnings target)
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE
      -Wall -Wextra -Wpedantic -Wshadow -Wconversion
      -Wformat=2 -Wundef -Wcast-qual -Wwrite-strings -Wvla
      $<$<COMPILE_LANGUAGE:C>:-Wmissing-prototypes -Wstrict-prototypes>)
    if(TTT_WERROR)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W4 $<$<BOOL:${TTT_WERROR}>:/WX>)
  endif()
endfunction()
