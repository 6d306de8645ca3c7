#!/usr/bin/env bash
# `prices update`'s memory against the size of the list (issue 37's aim: a 2 GB AWS region file at
# <= 150 MB RSS): generates an AmazonEC2 CSV of SIZE_GB gigabytes (default 2), serves it over HTTP
# from 127.0.0.1 (python3 -m http.server), and runs `prices update --provider aws` on it into a fresh
# database; then `prices import` of the same file, the reference run of the same session. Prints
# wall time and peak RSS of each. The generator's illustrative prices include rows the importer
# quarantines as outliers, so both runs may end in "failed" having read the whole file: the figures
# are those of streaming and validating all of it (what the aim is about), not of writing it.
#
# usage: tests/bench/update_memory.sh [SIZE_GB] [BUILD_DIR]     (from the repository root)
set -euo pipefail
size=${1:-2}
build=$(realpath "${2:-build}")
dir=$(mktemp -d)
server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT

python3 "$(dirname "$0")/gen_aws_csv.py" "$size" "$dir/index.csv"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd "$dir" && exec python3 -m http.server --bind 127.0.0.1 "$port" > /dev/null 2>&1) &
server=$!
for _ in $(seq 50); do python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break; sleep 0.1; done

ACCELPLAN_UPDATE_CACHE="$dir/cache" /usr/bin/time -o "$dir/update.time" -f "%e %M" \
  "$build/bin/accelplan-cli" --db "$dir/update.db" prices update --provider aws \
  --endpoint "aws=http://127.0.0.1:$port/index.csv" > "$dir/update.out" 2> "$dir/update.err" || true
/usr/bin/time -o "$dir/import.time" -f "%e %M" \
  "$build/bin/accelplan-cli" --db "$dir/import.db" prices import --format aws "$dir/index.csv" \
  > "$dir/import.out" 2> "$dir/import.err" || true

read -r update_s update_kb < <(tail -1 "$dir/update.time")
read -r import_s import_kb < <(tail -1 "$dir/import.time")
cat "$dir/update.out"
echo "file:                  $(du -h "$dir/index.csv" | cut -f1)"
echo "prices update (HTTP):  ${update_s} s, peak RSS $((update_kb / 1024)) MB"
echo "prices import (file):  ${import_s} s, peak RSS $((import_kb / 1024)) MB"
