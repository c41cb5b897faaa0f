# TttTesting.cmake - ctest labels, so a contributor can run the quick tests
# while working (`ctest --test-dir build -L unit -j2`) and the rest before a
# change is finished. Included from the top level.
#
# Every test carries exactly one *tier* label, saying what running it costs:
#   unit     seconds at most, no scratch builds: the loop while working
#   slow     whole games, exhaustive checks, soak runs: seconds to a minute
#   install  builds or installs projects in scratch directories (install,
#            ABI, C++ and subdirectory tests, cmake --install)
#   fuzz     the libFuzzer runs (build-fuzz only)
# and any number of *topic* labels saying what it touches:
#   gui      runs the desktop game's SDL code (dummy video driver)
#   threads  runs threads (the test command runs these under TSan)
#   docs     checks that the documentation matches the programs
#   i18n     translations: catalogues, translated output
#   faults   fault injection: failed allocations and I/O (tests/faults)
#
# Labelling is per directory: a directory that adds tests says once which
# tier its tests get unless they say otherwise,
#
#   ttt_test_directory(unit)
#
# and gives the exceptions their own labels with set_tests_properties(...
# PROPERTIES LABELS "slow;gui"). A test that names no tier gets the
# directory's at the end of the directory (cmake_language(DEFER)). The test
# `ctest_labels` fails when a test has no tier or more than one, so a new
# test cannot slip out of the quick loop unnoticed.
#
# Time limits: a test's TIMEOUT is what it may take in a plain build. At the
# same point every TIMEOUT is multiplied by TTT_TEST_TIMEOUT_SCALE, which
# defaults to 4 under ASan+UBSan and 10 under ThreadSanitizer (they run
# code several times slower, much more on a loaded machine), so a limit
# catches a hang and never a busy machine.

# Also as global properties: the functions below may run in a project that
# pulls this tree in (tests/engine/portable on its own), outside the scope
# where these variables are set.
set(TTT_TEST_TIERS unit slow install fuzz)
set(TTT_TEST_TOPICS gui threads docs i18n faults)
set_property(GLOBAL PROPERTY TTT_TEST_TIERS ${TTT_TEST_TIERS})
set_property(GLOBAL PROPERTY TTT_TEST_TOPICS ${TTT_TEST_TOPICS})
# (TTT_TEST_TIMEOUT_SCALE is declared in TttOptions.cmake.)

# ttt_test_directory(<tier>): the tier for this directory's unlabelled tests.
function(ttt_test_directory tier)
  get_property(tiers GLOBAL PROPERTY TTT_TEST_TIERS)
  if(NOT tier IN_LIST tiers)
    message(FATAL_ERROR "ttt_test_directory: '${tier}' is not a tier (${tiers})")
  endif()
  # DEFER evaluates its arguments when the call runs, where ${tier} is no
  # longer set: EVAL puts the value itself into the deferred call.
  cmake_language(EVAL CODE "cmake_language(DEFER CALL _ttt_label_directory_tests [[${tier}]])")
endfunction()

# Run at the end of a directory: gives its tests without a tier @p tier and
# checks that no test has two or an unknown label.
function(_ttt_label_directory_tests tier)
  get_property(TTT_TEST_TIERS GLOBAL PROPERTY TTT_TEST_TIERS)
  get_property(TTT_TEST_TOPICS GLOBAL PROPERTY TTT_TEST_TOPICS)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(test IN LISTS tests)
    get_test_property(${test} LABELS labels)
    if(NOT labels)
      set(labels "")
    endif()
    set(tiers "")
    foreach(label IN LISTS labels)
      if(label IN_LIST TTT_TEST_TIERS)
        list(APPEND tiers ${label})
      elseif(NOT label IN_LIST TTT_TEST_TOPICS)
        message(FATAL_ERROR "test ${test}: unknown label '${label}' "
                            "(tiers: ${TTT_TEST_TIERS}; topics: ${TTT_TEST_TOPICS})")
      endif()
    endforeach()
    list(LENGTH tiers n)
    if(n GREATER 1)
      message(FATAL_ERROR "test ${test}: more than one tier label (${tiers})")
    elseif(n EQUAL 0)
      list(PREPEND labels ${tier})
      set_tests_properties(${test} PROPERTIES LABELS "${labels}")
    endif()
    get_test_property(${test} TIMEOUT timeout)
    if(timeout AND NOT TTT_TEST_TIMEOUT_SCALE EQUAL 1)
      math(EXPR timeout "${timeout} * ${TTT_TEST_TIMEOUT_SCALE}")
      set_tests_properties(${test} PROPERTIES TIMEOUT ${timeout})
    endif()
  endforeach()
endfunction()
