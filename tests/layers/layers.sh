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
echo "layers: an upward include is refused, the real core/ passes"
