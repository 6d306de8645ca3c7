#!/usr/bin/env bash
# Growth in the offers: plans the shipped llama-70b example (training and serving) on databases
# of the shipped offers and of copies of them (each copy a new SKU), and prints each `plan --top 20`
# with its wall time, peak RSS and growth over the previous size. Ratios, not absolute times, are
# what to compare across machines; BASELINE=OTHER_BUILD_DIR also times that build on the same
# databases, for a before/after in one session. Needs python3 (the copies).
#
# usage: tests/bench/growth.sh [BUILD_DIR] [COPIES...]    (default: build 1 10 100 300)
set -euo pipefail
build=${1:-build}
shift || true
copies=("$@")
[ ${#copies[@]} -gt 0 ] || copies=(1 10 100 300)
here=$(cd "$(dirname "$0")" && pwd)
example="$here/../../data/examples/llama-70b.accelplan"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cli() { "$1/bin/accelplan-cli" "${@:2}"; }
cli "$build" --db "$dir/shipped.sqlite" prices export -o "$dir/shipped.csv" > /dev/null

# "seconds peak_kb" of one command (the median of RUNS runs, default 3).
measure() {
  for _ in $(seq "${RUNS:-3}"); do
    /usr/bin/time -o "$dir/t" -f "%e %M" "$@" > /dev/null
    cat "$dir/t"
  done | sort -n | sed -n "$(((${RUNS:-3} + 1) / 2))p"
}

declare -A previous
for n in "${copies[@]}"; do
  db="$dir/copies$n.sqlite"
  python3 - "$dir/shipped.csv" "$n" "$dir/copies.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
sku = rows[0].index("sku")
with open(sys.argv[3], "w", newline="") as out:
    w = csv.writer(out)
    w.writerow(rows[0])
    for copy in range(1, int(sys.argv[2])):
        for row in rows[1:]:
            row = list(row)
            row[sku] += "-copy%d" % copy
            w.writerow(row)
PY
  [ "$n" -gt 1 ] && cli "$build" --db "$db" prices import --accept-outliers "$dir/copies.csv" > /dev/null
  [ "$n" -gt 1 ] || cp "$dir/shipped.sqlite" "$db"
  offers=$(cli "$build" --db "$db" prices list --format csv | tail -n +2 | wc -l)
  for which in build ${BASELINE:+baseline}; do
    bin=$build; [ "$which" = baseline ] && bin=$BASELINE
    read -r s kb < <(measure "$bin/bin/accelplan-cli" --db "$db" plan "$example" --format json --top 20)
    growth=""
    if [ -n "${previous[$which]:-}" ]; then
      read -r ps po <<< "${previous[$which]}"
      growth=$(awk -v s="$s" -v ps="$ps" -v o="$offers" -v po="$po" \
        'BEGIN { printf "  %.1fx the time for %.1fx the offers", (ps > 0 ? s / ps : 0), o / po }')
    fi
    printf "%-8s %7d offers  plan --top 20: %6.2f s  peak RSS %4d MB%s\n" "$which" "$offers" "$s" $((kb / 1024)) "$growth"
    previous[$which]="$s $offers"
  done
done
