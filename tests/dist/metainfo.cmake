# metainfo.cmake - run by ctest with `cmake -P` (test dist_metainfo): the
# game's AppStream metainfo as configured by the build passes
# `appstreamcli validate --no-net`; its id and launchable are the game's id
# and menu entry; its releases are CHANGELOG.md's released versions with
# their dates, newest first; and each screenshot is a file of
# docs/screenshots/ at the size the metainfo gives, under the configured URL.
#
# Inputs (-D): SOURCE_DIR, METAINFO (the configured file), APP_ID,
# SCREENSHOT_URL, APPSTREAMCLI (or empty).
cmake_minimum_required(VERSION 3.20)
include("${CMAKE_CURRENT_LIST_DIR}/dist_util.cmake")
dist_require(SOURCE_DIR METAINFO APP_ID SCREENSHOT_URL)

if(NOT APPSTREAMCLI)
  message("skipped: appstreamcli not found (Debian: appstream)")
  return()
endif()
dist_run("appstreamcli validate --no-net" "${APPSTREAMCLI}" validate --no-net "${METAINFO}")
file(READ "${METAINFO}" xml)

if(NOT xml MATCHES "<id>${APP_ID}</id>")
  dist_fail("the metainfo's <id> is not ${APP_ID}")
endif()
if(NOT xml MATCHES "<launchable type=\"desktop-id\">${APP_ID}.desktop</launchable>"
   OR NOT EXISTS "${SOURCE_DIR}/assets/${APP_ID}.desktop")
  dist_fail("the metainfo does not launch assets/${APP_ID}.desktop")
endif()
if(NOT xml MATCHES "<content_rating type=\"oars-1.1\"")
  dist_fail("the metainfo has no OARS content rating")
endif()

# Releases against the CHANGELOG's "## [x.y.z] - YYYY-MM-DD" headings.
string(REGEX MATCHALL "<release version=\"[^\"]+\" date=\"[^\"]+\"" releases "${xml}")
set(from_metainfo "")
foreach(r IN LISTS releases)
  string(REGEX REPLACE "<release version=\"([^\"]+)\" date=\"([^\"]+)\"" "\\1 \\2" r "${r}")
  list(APPEND from_metainfo "${r}")
endforeach()
file(STRINGS "${SOURCE_DIR}/CHANGELOG.md" headings REGEX "^## \\[[0-9]+\\.[0-9]+\\.[0-9]+\\] - ")
set(from_changelog "")
foreach(h IN LISTS headings)
  string(REGEX REPLACE "^## \\[([^]]+)\\] - ([0-9-]+).*$" "\\1 \\2" h "${h}")
  list(APPEND from_changelog "${h}")
endforeach()
if(NOT from_changelog)
  dist_fail("no released version in CHANGELOG.md")
endif()
if(NOT from_metainfo STREQUAL from_changelog)
  dist_fail("the metainfo's releases (${from_metainfo}) are not CHANGELOG.md's "
            "(${from_changelog}): add a <release> for each version, newest first")
endif()

# Screenshots: each a file of docs/screenshots/ of the size given.
string(REGEX MATCHALL "<image type=\"source\" width=\"[0-9]+\" height=\"[0-9]+\">[^<]+</image>"
       images "${xml}")
if(NOT images)
  dist_fail("the metainfo has no screenshot")
endif()
foreach(image IN LISTS images)
  string(REGEX REPLACE "^.*width=\"([0-9]+)\" height=\"([0-9]+)\">([^<]+)<.*$" "\\1;\\2;\\3"
         fields "${image}")
  list(GET fields 0 width)
  list(GET fields 1 height)
  list(GET fields 2 url)
  string(LENGTH "${SCREENSHOT_URL}/" base_len)
  string(SUBSTRING "${url}" 0 ${base_len} base)
  if(NOT base STREQUAL "${SCREENSHOT_URL}/")
    dist_fail("screenshot ${url} is not under ${SCREENSHOT_URL}/")
  endif()
  string(SUBSTRING "${url}" ${base_len} -1 name)
  dist_png_size("${SOURCE_DIR}/docs/screenshots/${name}" w h)
  if(NOT w EQUAL width OR NOT h EQUAL height)
    dist_fail("docs/screenshots/${name} is ${w}x${h}; the metainfo says ${width}x${height}")
  endif()
endforeach()
list(LENGTH images n)
message(STATUS "metainfo: valid; releases ${from_metainfo}; ${n} screenshots")
