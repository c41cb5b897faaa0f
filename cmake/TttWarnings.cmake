# ttt_set_warnings(target): the project's warning set on one target.
# -Werror only when TTT_WERROR is on (CI turns it on).
function(ttt_set_warnings target)
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE
      -Wall -Wextra -Wpedantic -Wshadow -Wconversion)
    if(TTT_WERROR)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W4 $<$<BOOL:${TTT_WERROR}>:/WX>)
  endif()
endfunction()
