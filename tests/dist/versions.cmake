# versions.cmake - one version everywhere a release states it (run with
# cmake -P; -DSOURCE_DIR, -DVERSION = the top-level project's version,
# -DAPP_ID = the game's id, the metainfo's name):
#   CHANGELOG.md        has a "## [VERSION] - YYYY-MM-DD" entry
#   debian/changelog    its newest entry is VERSION (the upstream part, before
#                       a Debian revision "-N")
#   assets/APP_ID.metainfo.xml.in
#                       its newest <release> is VERSION, dated as the
#                       CHANGELOG's entry
# docs/release.md says where to change each when cutting a release.
cmake_minimum_required(VERSION 3.20)
set(failures "")

file(READ "${SOURCE_DIR}/CHANGELOG.md" changelog)
string(REPLACE "." "\\." version_re "${VERSION}")
if(changelog MATCHES "\n## \\[${version_re}\\] - ([0-9]+-[0-9]+-[0-9]+)")
  set(changelog_date "${CMAKE_MATCH_1}")
else()
  list(APPEND failures "CHANGELOG.md has no '## [${VERSION}] - DATE' entry")
endif()

file(STRINGS "${SOURCE_DIR}/debian/changelog" debian_first LIMIT_COUNT 1)
if(debian_first MATCHES "^ttt \\(([0-9.]+)(-[^)]*)?\\) ")
  if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
    list(APPEND failures "debian/changelog's newest entry is ${CMAKE_MATCH_1}, CMake's version ${VERSION}")
  endif()
else()
  list(APPEND failures "debian/changelog's first line is not 'ttt (VERSION) ...': ${debian_first}")
endif()

file(READ "${SOURCE_DIR}/assets/${APP_ID}.metainfo.xml.in" xml)
if(xml MATCHES "<release version=\"([^\"]+)\" date=\"([^\"]+)\"")
  if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
    list(APPEND failures "the metainfo's newest <release> is ${CMAKE_MATCH_1}, CMake's version ${VERSION}")
  elseif(changelog_date AND NOT CMAKE_MATCH_2 STREQUAL changelog_date)
    list(APPEND failures "the metainfo dates ${VERSION} ${CMAKE_MATCH_2}, CHANGELOG.md ${changelog_date}")
  endif()
else()
  list(APPEND failures "the metainfo has no <release version=... date=...>")
endif()

if(failures)
  list(JOIN failures "\n  " text)
  message(FATAL_ERROR "versions disagree:\n  ${text}")
endif()
message("version ${VERSION} in CMakeLists.txt, CHANGELOG.md (${changelog_date}), debian/changelog and the metainfo")
