#!/usr/bin/env bash
# The AWS import benchmark: generates an AmazonEC2 offer file of SIZE_GB gigabytes (default 3),
# imports it with accelplan-cli into a fresh database, and loads the same file with
# `sqlite3 .import` for comparison; prints wall time and peak RSS of each.
#
# usage: tests/bench/aws_import.sh [SIZE_GB] [BUILD_DIR]     (from the repository root)
set -euo pipefail
size=${1:-3}
build=${2:-build}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 "$(dirname "$0")/gen_aws_csv.py" "$size" "$dir/index.csv"
cat "$dir/index.csv" > /dev/null # both runs start with the file in the page cache

/usr/bin/time -o "$dir/cli.time" -f "%e %M" \
  "$build/bin/accelplan-cli" --db "$dir/accelplan.db" prices import --format aws "$dir/index.csv" \
  > "$dir/cli.out" 2> "$dir/cli.err"
/usr/bin/time -o "$dir/sqlite.time" -f "%e %M" \
  sqlite3 "$dir/sqlite.db" ".mode csv" ".import --skip 5 '$dir/index.csv' ec2"

read -r cli_s cli_kb < "$dir/cli.time"
read -r sql_s sql_kb < "$dir/sqlite.time"
cat "$dir/cli.out"
grep -E "skipped|not in the mapping" "$dir/cli.err" || true
echo "file:            $(du -h "$dir/index.csv" | cut -f1)"
echo "accelplan-cli:   ${cli_s} s, peak RSS $((cli_kb / 1024)) MB"
echo "sqlite3 .import: ${sql_s} s, peak RSS $((sql_kb / 1024)) MB"
awk -v a="$cli_s" -v b="$sql_s" 'BEGIN { printf "speed-up:        %.1fx\n", b / a }'
