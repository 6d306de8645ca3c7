#!/usr/bin/env bash
# The JSON import benchmark: generates an AWS AmazonEC2 offer file in JSON form of AWS_GB
# gigabytes (default 1.2), Azure Retail Prices pages of AZURE_MB megabytes (default 70) and
# Cloud Billing Catalog SKU pages of GCP_MB megabytes (default 23.5); imports each with
# accelplan-cli into a fresh database (median of RUNS runs, default 3) and reads the same file
# with `wc -l`, Python's json module (Azure, GCP: the whole file, page by page) and, where
# installed, Python ijson (AWS: streamed, the products and terms walked as accelplan does).
# Prints wall time, MB/s and peak RSS of each. BASELINE=OTHER_BUILD_DIR also times that build's
# accelplan-cli on the same files (an earlier commit, for a before/after in one session).
#
# usage: tests/bench/json_import.sh [BUILD_DIR] [AWS_GB] [AZURE_MB] [GCP_MB]   (from the repository root)
set -euo pipefail
build=${1:-build}
aws_gb=${2:-1.2}
azure_mb=${3:-70}
gcp_mb=${4:-23.5}
runs=${RUNS:-3}
here=$(dirname "$0")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 "$here/gen_aws_json.py" "$aws_gb" "$dir/aws.json"
python3 "$here/gen_azure_json.py" "$azure_mb" "$dir/azure.json"
python3 "$here/gen_gcp_json.py" "$gcp_mb" "$dir/gcp.json"

# "seconds peak_kb" of a command, the median of $runs runs (by seconds).
measure() {
  for _ in $(seq "$runs"); do
    rm -f "$dir/db.sqlite"
    /usr/bin/time -o "$dir/t" -f "%e %M" "$@" > /dev/null 2>&1 || true
    cat "$dir/t"
  done | sort -n | sed -n "$(((runs + 1) / 2))p"
}

report() { # name file seconds kb
  local mb
  mb=$(du -m "$2" | cut -f1)
  awk -v n="$1" -v s="$3" -v k="$4" -v m="$mb" 'BEGIN {
    rate = s > 0 ? sprintf("%7.0f MB/s", m / s) : "  (< 10 ms)"
    printf "  %-28s %6.2f s %s  peak RSS %4d MB\n", n, s, rate, k / 1024 }'
}

python_pages='import json, sys
t = open(sys.argv[1]).read(); d = json.JSONDecoder(); i = 0; n = 0
while True:
    while i < len(t) and t[i].isspace(): i += 1
    if i >= len(t): break
    o, i = d.raw_decode(t, i); n += 1'
python_ijson='import ijson, sys
f = open(sys.argv[1], "rb"); n = 0
for prefix, event, value in ijson.parse(f):
    if event == "end_map" and prefix.count(".") in (1, 4): n += 1'

for form in aws azure gcp; do
  file="$dir/$form.json"
  cat "$file" > /dev/null # every run starts with the file in the page cache
  echo "$form: $(du -h "$file" | cut -f1)"
  format=$form; [ "$form" = aws ] && format=aws-json
  read -r s kb < <(measure "$build/bin/accelplan-cli" --db "$dir/db.sqlite" prices import --format "$format" --accept-outliers "$file")
  report "accelplan-cli" "$file" "$s" "$kb"
  if [ -n "${BASELINE:-}" ]; then
    read -r s kb < <(measure "$BASELINE/bin/accelplan-cli" --db "$dir/db.sqlite" prices import --format "$format" --accept-outliers "$file")
    report "baseline accelplan-cli" "$file" "$s" "$kb"
  fi
  read -r s kb < <(measure wc -l "$file")
  report "wc -l" "$file" "$s" "$kb"
  if [ "$form" = aws ]; then
    ijson=""
    for py in python3 /usr/bin/python3; do
      "$py" -c "import ijson" 2> /dev/null && { ijson=$py; break; }
    done
    if [ -n "$ijson" ]; then # Debian: python3-ijson, its C backend
      read -r s kb < <(measure "$ijson" -c "$python_ijson" "$file")
      report "python3 ijson (streamed)" "$file" "$s" "$kb"
    fi
  else
    read -r s kb < <(measure python3 -c "$python_pages" "$file")
    report "python3 json" "$file" "$s" "$kb"
  fi
done
