# Warnings for our own code only; third-party headers come in as SYSTEM
# through their imported targets.
function(shuimo_set_warnings target)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # -Wrestrict: GCC 12 false positives inside libstdc++'s std::string (GCC bug 105329).
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-restrict)
  elseif(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W4)
  endif()
endfunction()
