#!/usr/bin/env bash
# Golden outputs: `accelplan-cli plan --format json` and `--format csv` of every shipped example
# (data/examples/*.accelplan), planned on the fixed fixture database prices.sqlite here, must equal
# the files in this folder byte for byte, so a number cannot drift while the invariants still hold.
#
#   tests/golden/golden.sh build/bin/accelplan-cli            compare (a ctest runs this)
#   tests/golden/golden.sh build/bin/accelplan-cli --update   write the files anew after an
#                                                             intended change; review the diff
#
# prices.sqlite is a database seeded from the shipped sheets of 2026-11-23 and then left alone:
# price updates in data/prices do not move these outputs, changes to the planner do.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=$(realpath "${1:?usage: golden.sh ACCELPLAN-CLI [--update]}")
update=${2:-}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp "$here/prices.sqlite" "$scratch/prices.sqlite" # opening may write (WAL, migrations): not the fixture

failed=0 compared=0
for scenario in "$here"/../../data/examples/*.accelplan; do
  name=$(basename "$scenario" .accelplan)
  for format in json csv; do
    golden="$here/$name.$format"
    "$cli" --db "$scratch/prices.sqlite" plan "$scenario" --format "$format" >"$scratch/out" \
      || { echo "golden: plan $name --format $format failed" >&2; failed=1; continue; }
    if [ "$update" = --update ]; then
      cp "$scratch/out" "$golden"
      echo "golden: wrote $golden"
    elif ! cmp -s "$scratch/out" "$golden"; then
      echo "golden: $name.$format differs from $golden (first differences below; if the change is" \
           "intended, run tests/golden/golden.sh $1 --update and review the diff):" >&2
      diff "$golden" "$scratch/out" | head -n 20 >&2 || true
      failed=1
    fi
    compared=$((compared + 1))
  done
done
[ "$compared" -gt 0 ] || { echo "golden: no example scenario found" >&2; exit 1; }
[ "$update" = --update ] || echo "golden: $compared outputs compared, $([ "$failed" -eq 0 ] && echo all equal || echo some differ)"
exit "$failed"
