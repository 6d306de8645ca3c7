#!/usr/bin/env bash
# The layer check (core/checklayers.cmake) refuses an upward include, accepts the same tree
# without it, and accepts the real core/. Usage: layers.sh SOURCE_DIR
set -uo pipefail
source=${1:?usage: layers.sh SOURCE_DIR}
check=$source/core/checklayers.cmake
layers="common;catalog;pricing;scenario;planning"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
fail() { echo "layers: $*" >&2; exit 1; }

mkdir -p "$tree/core/common/sub" "$tree/core/planning"
printf '#include "core/common/b.h"\n' >"$tree/core/common/a.h"
printf '#pragma once\n' >"$tree/core/common/b.h"
printf '#include "core/common/a.h"\n' >"$tree/core/planning/plan.h"
cmake -DCORE_DIR="$tree/core" "-DLAYERS=$layers" -P "$check" || fail "a tree with no upward include was refused"

# An upward include, in a subfolder of the lower layer, must stop it and be named.
printf '#include "core/planning/plan.h"\n' >"$tree/core/common/sub/c.cpp"
if out=$(cmake -DCORE_DIR="$tree/core" "-DLAYERS=$layers" -P "$check" 2>&1); then
  fail "an upward include from common to planning was accepted"
fi
# CMake wraps its messages: compare with the lines joined.
tr -s ' \n' ' ' <<<"$out" | grep -q 'core/common/sub/c.cpp: the common layer includes core/planning/' \
  || fail "the refusal does not name the file and the layers: $out"

cmake -DCORE_DIR="$source/core" "-DLAYERS=$layers" -P "$check" || fail "the real core/ was refused"

# The folders inside planning are layers of their own: model < cost < options < plan.
planning="model;cost;options;plan"
mkdir -p "$tree/core/planning/model" "$tree/core/planning/plan"
rm -f "$tree/core/common/sub/c.cpp" "$tree/core/planning/plan.h"
printf '#pragma once\n' >"$tree/core/planning/model/shape.h"
printf '#include "core/planning/model/shape.h"\n' >"$tree/core/planning/plan/plan.h"
cmake -DCORE_DIR="$tree/core/planning" "-DLAYERS=$planning" -P "$check" || fail "planning folders with no upward include were refused"
printf '#include "core/planning/plan/plan.h"\n' >>"$tree/core/planning/model/shape.h"
if out=$(cmake -DCORE_DIR="$tree/core/planning" "-DLAYERS=$planning" -P "$check" 2>&1); then
  fail "an include from planning/model up to planning/plan was accepted"
fi
tr -s ' \n' ' ' <<<"$out" | grep -q 'core/planning/model/shape.h: the model layer includes core/planning/plan/' \
  || fail "the refusal inside planning does not name the file and the folders: $out"
cmake -DCORE_DIR="$source/core/planning" "-DLAYERS=$planning" -P "$check" || fail "the real core/planning was refused"
echo "layers: an upward include is refused, between layers and between planning's folders; the real core/ passes"
