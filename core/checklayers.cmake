# The core's layering rule: a file of a layer may include only its own layer and those below it
# (`#include "core/LAYER/..."`). An upward include stops configuring with the file and the layers.
# The same rule holds for the folders inside a layer (core/planning's, `"core/planning/FOLDER/..."`):
# the include prefix is the checked folder's path from `core` on.
#
#   accelplan_check_layers(CORE_DIR LAYER...)       from a CMakeLists.txt (core/ calls it)
#   cmake -DCORE_DIR=DIR "-DLAYERS=a;b;c" -P core/checklayers.cmake    (tests/layers uses this)
if(CMAKE_SCRIPT_MODE_FILE)
  cmake_minimum_required(VERSION 3.25) # the policies a project build has (IN_LIST)
endif()

function(accelplan_check_layers core_dir)
  # A project build configures again when a file comes or goes; a script has no build to redo.
  set(depends CONFIGURE_DEPENDS)
  if(CMAKE_SCRIPT_MODE_FILE)
    set(depends "")
  endif()
  string(REGEX MATCH "core(/[a-z]+)*$" prefix "${core_dir}")
  set(allowed "")
  foreach(layer IN LISTS ARGN)
    list(APPEND allowed ${layer})
    file(GLOB_RECURSE layer_files ${depends} ${core_dir}/${layer}/*.h ${core_dir}/${layer}/*.cpp)
    foreach(source IN LISTS layer_files)
      file(STRINGS ${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"${prefix}/")
      foreach(line IN LISTS includes)
        string(REGEX REPLACE ".*\"${prefix}/([a-z]+)[/\"].*" "\\1" included "${line}")
        if(NOT included IN_LIST allowed)
          message(FATAL_ERROR "${source}: the ${layer} layer includes ${prefix}/${included}/, a layer above it "
                              "(order: ${ARGN})")
        endif()
      endforeach()
    endforeach()
  endforeach()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND DEFINED CORE_DIR)
  accelplan_check_layers(${CORE_DIR} ${LAYERS})
endif()
