# ACCELPLAN_FUZZ: libFuzzer targets in tests/fuzz. Included from the top-level CMakeLists.txt
# before core/ is added, so that every library is compiled with libFuzzer's coverage
# instrumentation (-fsanitize=fuzzer-no-link); only the fuzz executables link libFuzzer itself.
# ASan and UBSan come from ACCELPLAN_SANITIZE, which CI turns on in the same build.
option(ACCELPLAN_FUZZ "Build the libFuzzer targets in tests/fuzz (clang only)" OFF)
if(ACCELPLAN_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ACCELPLAN_FUZZ=ON needs clang (libFuzzer is part of clang), but the C++ "
                        "compiler is ${CMAKE_CXX_COMPILER_ID} (${CMAKE_CXX_COMPILER}). Configure a "
                        "fresh build directory with -DCMAKE_CXX_COMPILER=clang++.")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
