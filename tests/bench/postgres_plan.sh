#!/usr/bin/env bash
# Benchmark: `accelplan-cli plan` on a team database on PostgreSQL against the same shipped prices
# in SQLite. Starts its own server (initdb + pg_ctl, Unix socket only, in a temporary folder; as
# the postgres user when run as root), seeds both databases, then times RUNS plans of each of the
# shipped examples on each engine and prints the medians and their ratio. See docs/benchmarks.md.
#   tests/bench/postgres_plan.sh [CLI] [RUNS]
set -euo pipefail
cli=${1:-build/bin/accelplan-cli}
runs=${2:-15}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "no PostgreSQL server binaries (install postgresql)" >&2; exit 1; }
dir=$(mktemp -d /tmp/accelplan-pgbench.XXXXXX)
as_server=()
if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; as_server=(runuser -u postgres --); fi
cleanup() { "${as_server[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
"${as_server[@]}" "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync >/dev/null
"${as_server[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-k $dir -c listen_addresses=''" start >/dev/null
"$bin/psql" -q -h "$dir" -U postgres -d postgres -c "CREATE DATABASE bench" >/dev/null
pg="postgresql://postgres@/bench?host=$dir"
sqlite="$dir/bench.sqlite"
"$cli" --db "$pg" db info >/dev/null
"$cli" --db "$sqlite" db info >/dev/null

median_ms() { # DB EXAMPLE
  local i start end times=()
  for ((i = 0; i < runs; i++)); do
    start=$(date +%s%N)
    "$cli" --db "$1" plan "$2" --format json >/dev/null
    end=$(date +%s%N)
    times+=($(((end - start) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

printf '%-32s %12s %12s %8s\n' example "sqlite ms" "postgres ms" ratio
for example in data/examples/*.accelplan; do
  s=$(median_ms "$sqlite" "$example")
  p=$(median_ms "$pg" "$example")
  awk -v e="$(basename "$example")" -v s="$s" -v p="$p" 'BEGIN { printf "%-32s %12s %12s %8.2f\n", e, s, p, p / s }'
done
