#!/usr/bin/env bash
# The layer check (core/checklayers.cmake) refuses an upward include, accepts the same tree
# without it, and accepts the real core/. Usage: layers.sh SOURCE_DIR CORE_LAYERS PLANNING_LAYERS,
# the two lists (lowest first, separated by commas) as core/CMakeLists.txt declares them.
set -uo pipefail
usage="usage: layers.sh SOURCE_DIR CORE_LAYERS PLANNING_LAYERS"
source=${1:?$usage}
layers=${2:?$usage}
planning=${3:?$usage}
layers=${layers//,/;} planning=${planning//,/;}
check=$source/core/checklayers.cmake
# The lowest and the highest of a list: the synthetic trees include from one to the other.
low() { echo "${1%%;*}"; }
high() { echo "${1##*;}"; }
lo=$(low "$layers") hi=$(high "$layers") plo=$(low "$planning") phi=$(high "$planning")
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
fail() { echo "layers: $*" >&2; exit 1; }

mkdir -p "$tree/core/$lo/sub" "$tree/core/$hi"
printf '#include "core/%s/b.h"\n' "$lo" >"$tree/core/$lo/a.h"
printf '#pragma once\n' >"$tree/core/$lo/b.h"
printf '#include "core/%s/a.h"\n' "$lo" >"$tree/core/$hi/plan.h"
cmake -DCORE_DIR="$tree/core" "-DLAYERS=$layers" -P "$check" || fail "a tree with no upward include was refused"

# An upward include, in a subfolder of the lowest layer, must stop it and be named.
printf '#include "core/%s/plan.h"\n' "$hi" >"$tree/core/$lo/sub/c.cpp"
if out=$(cmake -DCORE_DIR="$tree/core" "-DLAYERS=$layers" -P "$check" 2>&1); then
  fail "an upward include from $lo to $hi was accepted"
fi
# CMake wraps its messages: compare with the lines joined.
tr -s ' \n' ' ' <<<"$out" | grep -q "core/$lo/sub/c.cpp: the $lo layer includes core/$hi/" \
  || fail "the refusal does not name the file and the layers: $out"

cmake -DCORE_DIR="$source/core" "-DLAYERS=$layers" -P "$check" || fail "the real core/ was refused"

# The folders inside planning are layers of their own (PLANNING_LAYERS).
inner=$tree/core/planning
rm -rf "$inner" && mkdir -p "$inner/$plo" "$inner/$phi"
printf '#pragma once\n' >"$inner/$plo/shape.h"
printf '#include "core/planning/%s/shape.h"\n' "$plo" >"$inner/$phi/plan.h"
cmake -DCORE_DIR="$inner" "-DLAYERS=$planning" -P "$check" || fail "planning folders with no upward include were refused"
printf '#include "core/planning/%s/plan.h"\n' "$phi" >>"$inner/$plo/shape.h"
if out=$(cmake -DCORE_DIR="$inner" "-DLAYERS=$planning" -P "$check" 2>&1); then
  fail "an include from planning/$plo up to planning/$phi was accepted"
fi
tr -s ' \n' ' ' <<<"$out" | grep -q "core/planning/$plo/shape.h: the $plo layer includes core/planning/$phi/" \
  || fail "the refusal inside planning does not name the file and the folders: $out"
cmake -DCORE_DIR="$source/core/planning" "-DLAYERS=$planning" -P "$check" || fail "the real core/planning was refused"
echo "layers: an upward include is refused, between layers ($layers) and between planning's folders ($planning); the real core/ passes"
