# Runs a Qt Test program without some of its test functions (they run in a
# ctest entry of their own, e.g. serially under the label "responsiveness").
#   cmake -DTEST_PROGRAM=path -DEXCLUDE="fnA;fnB" -P run_qtest_except.cmake
# New test functions run here without any change; an excluded name that the
# program does not have is an error, so a renamed function is noticed.

cmake_minimum_required(VERSION 3.25)

execute_process(COMMAND "${TEST_PROGRAM}" -functions OUTPUT_VARIABLE listing RESULT_VARIABLE listed)
if(NOT listed EQUAL 0)
  message(FATAL_ERROR "${TEST_PROGRAM} -functions failed (${listed})")
endif()
string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*\\(\\)" entries "${listing}")
set(functions "")
foreach(entry IN LISTS entries)
  string(REPLACE "()" "" name "${entry}")
  list(APPEND functions "${name}")
endforeach()
foreach(name IN LISTS EXCLUDE)
  if(NOT name IN_LIST functions)
    message(FATAL_ERROR "${TEST_PROGRAM} has no test function ${name} (renamed? update tests/CMakeLists.txt)")
  endif()
  list(REMOVE_ITEM functions "${name}")
endforeach()
if(functions STREQUAL "")
  message(FATAL_ERROR "${TEST_PROGRAM}: no test functions left to run")
endif()
execute_process(COMMAND "${TEST_PROGRAM}" ${functions} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${TEST_PROGRAM} failed (exit ${result})")
endif()
