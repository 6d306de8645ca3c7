#!/usr/bin/env bash
# Runs every libFuzzer target built in BUILD_DIR/bin for SECONDS each, JOBS at a time (default:
# the number of processors), starting from its seeds (tests/fuzz/seeds.txt) and regressions.
#
#   tests/fuzz/run.sh BUILD_DIR SECONDS [JOBS]
#
# BUILD_DIR is a build configured with -DACCELPLAN_FUZZ=ON (and, for ASan + UBSan,
# -DACCELPLAN_SANITIZE=ON). The growing corpus and the logs go to a scratch directory outside
# the source tree ($ACCELPLAN_FUZZ_WORK, or a new one under ${TMPDIR:-/tmp}). A crashing input is
# copied into tests/fuzz/regressions/<target>/, where the replay test of every build runs it from
# then on; the script then exits 1 naming it. Prints one summary line per target: executions,
# coverage (cov: edges, ft: features) and corpus size.
set -u -o pipefail

usage() { echo "usage: $0 BUILD_DIR SECONDS [JOBS]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
build=$1
seconds=$2
jobs=${3:-$(nproc)}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || usage
[[ $jobs =~ ^[1-9][0-9]*$ ]] || usage

fuzz_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$fuzz_dir/../.." && pwd)
bin=$(cd "$build" 2>/dev/null && pwd)/bin
[ -d "$bin" ] || { echo "$0: $build/bin: no such directory" >&2; exit 2; }
work=${ACCELPLAN_FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/accelplan-fuzz.XXXXXX")}
mkdir -p "$work"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$source_dir/tests/lsan.supp:print_suppressions=0}

# The targets and their seed patterns, from seeds.txt; only the targets built here are run.
declare -A seed_patterns=()
targets=()
while read -r target patterns; do
    [[ $target == fuzz_* ]] || continue
    if [ -x "$bin/$target" ]; then
        targets+=("$target")
        seed_patterns[$target]=$patterns
    fi
done < "$fuzz_dir/seeds.txt"
if [ ${#targets[@]} -eq 0 ]; then
    echo "$0: no fuzz target in $bin (configure with -DACCELPLAN_FUZZ=ON and build them)" >&2
    exit 2
fi
echo "fuzzing ${#targets[@]} targets for $seconds s each, $jobs at a time; work directory $work"

# Fuzzes one target; its exit status is the fuzzer's.
fuzz_one() {
    local target=$1 dir=$work/$1
    rm -rf "$dir/seeds" "$dir/artifacts"
    mkdir -p "$dir/corpus" "$dir/seeds" "$dir/artifacts"
    # libFuzzer takes corpus directories: the seeds are copied into one, named by their path.
    local patterns pattern file
    read -ra patterns <<< "${seed_patterns[$target]}" # split only: globbed below, in $source_dir
    shopt -s nullglob
    for pattern in "${patterns[@]}"; do
        for file in "$source_dir"/$pattern; do
            [ -f "$file" ] && cp "$file" "$dir/seeds/$(echo "${file#"$source_dir"/}" | tr / _)"
        done
    done
    for file in "$fuzz_dir/regressions/$target"/*; do
        cp "$file" "$dir/seeds/regression_$(basename "$file")"
    done
    shopt -u nullglob
    "$bin/$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "$dir/corpus" "$dir/seeds" \
        > "$dir/log" 2>&1
}

# The summary line of one finished target, from libFuzzer's last status line and final stats.
summarize() {
    local target=$1 status=$2 log=$work/$1/log
    local execs last cov ft corp
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
    [ -n "$execs" ] || execs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<< "$last")
    cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<< "$last")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<< "$last")
    corp=$(sed -nE 's/.* corp: ([0-9]+\/[0-9]+[a-zA-Z]*).*/\1/p' <<< "$last")
    printf '%-18s %s: %s execs (%s/s), cov %s, ft %s, corpus %s\n' "$target" \
        "$([ "$status" -eq 0 ] && echo ok || echo FAILED)" "${execs:-?}" \
        "$([ -n "$execs" ] && echo $((execs / seconds)) || echo ?)" "${cov:-?}" "${ft:-?}" "${corp:-?}"
}

declare -A pids=()
failed=()
finish() { # target status
    local target=$1 status=$2 dir=$work/$1 artifact saved
    summarize "$target" "$status"
    [ "$status" -eq 0 ] && return
    artifact=$(find "$dir/artifacts" -type f | head -n 1)
    if [ -n "$artifact" ]; then
        mkdir -p "$fuzz_dir/regressions/$target"
        saved=tests/fuzz/regressions/$target/$(basename "$artifact")
        cp "$artifact" "$source_dir/$saved"
        failed+=("$target: $saved")
    else
        failed+=("$target: exit status $status, no crashing input written (log: $dir/log)")
    fi
    echo "---- $target: the end of $dir/log"
    tail -n 40 "$dir/log"
    echo "----"
}

for target in "${targets[@]}"; do
    while [ ${#pids[@]} -ge "$jobs" ]; do
        wait -n -p done_pid
        status=$?
        for t in "${!pids[@]}"; do
            [ "${pids[$t]}" = "$done_pid" ] && { unset "pids[$t]"; finish "$t" "$status"; }
        done
    done
    fuzz_one "$target" &
    pids[$target]=$!
done
for target in "${!pids[@]}"; do
    wait "${pids[$target]}"
    finish "$target" $?
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing failed; crashing inputs (replayed by the 'fuzz replay' tests from now on):" >&2
    printf '  %s\n' "${failed[@]}" >&2
    exit 1
fi
echo "all ${#targets[@]} fuzz targets ran $seconds s without a crash"
