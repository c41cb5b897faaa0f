# catalogues.cmake - run by ctest with `cmake -P` (test dist_catalogues):
# for each text domain, the messages are extracted afresh from the current
# sources, and every catalogue po/DOMAIN/CODE.po of LINGUAS must translate
# each of them (no missing, untranslated or fuzzy entry: msgcmp) and compile
# with every check (msgfmt --check: format strings that match the original,
# a valid header). Run `cmake --build build --target update-po` and translate
# what it adds when this fails.
#
# Inputs (-D): XGETTEXT, XGETTEXT_ARGS, MSGCMP, MSGFMT, PO_DIR, WORK_DIR,
# DOMAINS, and for each domain D: D_SOURCES, D_LINGUAS.
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/dist_util.cmake")
dist_require(XGETTEXT XGETTEXT_ARGS MSGCMP MSGFMT PO_DIR WORK_DIR DOMAINS)
# The lists arrive with '|' between items (add_test would split at ';').
string(REPLACE "|" ";" XGETTEXT_ARGS "${XGETTEXT_ARGS}")
string(REPLACE "|" ";" DOMAINS "${DOMAINS}")
foreach(domain IN LISTS DOMAINS)
  string(REPLACE "|" ";" ${domain}_SOURCES "${${domain}_SOURCES}")
  string(REPLACE "|" ";" ${domain}_LINGUAS "${${domain}_LINGUAS}")
  if(NOT ${domain}_SOURCES)
    dist_fail("no sources given for the domain ${domain}")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(summary "")
foreach(domain IN LISTS DOMAINS)
  set(pot "${WORK_DIR}/${domain}.pot")
  dist_run("xgettext (${domain})" "${XGETTEXT}" ${XGETTEXT_ARGS} --default-domain=${domain}
    -o "${pot}" ${${domain}_SOURCES})
  # Messages in the template: every msgid but the header's empty one.
  file(STRINGS "${pot}" msgids REGEX "^msgid \"")
  list(LENGTH msgids count)
  math(EXPR count "${count} - 1")
  if(NOT ${domain}_LINGUAS)
    dist_fail("po/${domain}/LINGUAS names no language")
  endif()
  foreach(lang IN LISTS ${domain}_LINGUAS)
    set(po "${PO_DIR}/${domain}/${lang}.po")
    execute_process(COMMAND "${MSGCMP}" "${po}" "${pot}"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
      dist_fail("po/${domain}/${lang}.po lacks translations of the current sources "
                "(run the update-po target and translate):\n${out}")
    endif()
    execute_process(COMMAND "${MSGFMT}" --check --statistics -o "${WORK_DIR}/${domain}-${lang}.mo"
                            "${po}"
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0 OR out MATCHES "fuzzy|untranslated")
      dist_fail("po/${domain}/${lang}.po does not compile cleanly (${rc}):\n${out}")
    endif()
  endforeach()
  list(APPEND summary "${domain}: ${count} messages in ${${domain}_LINGUAS}")
endforeach()
message(STATUS "catalogues complete: ${summary}")
