#!/usr/bin/env bash
# Instructions per operation of every strata-bench case, counted by callgrind: a machine-
# independent figure that does not move with the load, to compare code before and after.
#
#   Scripts/callgrind-per-op.sh [CASE...]      # default: every case `strata-bench --list` names
#
# Each case runs under `valgrind --tool=callgrind` twice, with `--iterations N` and
# `--iterations 2N` (N = 10000). Start-up, set-up, checks and the report cost the same in
# both runs, so the difference of the two totals, divided by N, is what one operation costs.
# `--iterations` runs each loop once per side, so an operation here is one of Strata's and
# one of its baseline's (for position-spread, the three comparisons'): compare a case's
# per_op between two versions of the code, not with the table's ratios.
#
# Prints a TSV to standard output: case, I10k, I20k, per_op, note. A case whose run at N
# takes over 90 s (its run at 2N would take over 3 minutes) is measured again at a smaller
# N and 2N; its note then says which N, and I10k and I20k hold the counts at N and 2N.
# Cases run one at a time: callgrind is single-threaded and slow, and a second heavy
# process would only slow it down. Out files and logs stay in .build/callgrind/.
#
# Swift seeds its hashing at random in every process, which moved end-growth's count by 10%
# between two runs of the same binary: the runs here hash deterministically.
#
# CALLGRIND_N sets N; CALLGRIND_SLOW_SECONDS the time at N above which a case gets a smaller
# N. Exits non-zero if a case failed.
set -euo pipefail
cd "$(dirname "$0")/.."

base_n=${CALLGRIND_N:-10000}
slow_seconds=${CALLGRIND_SLOW_SECONDS:-90}
out_dir=.build/callgrind
started=$SECONDS

swift build -c release --product strata-bench >&2
bench="$(swift build -c release --show-bin-path)/strata-bench"
mkdir -p "$out_dir"

if (($# > 0)); then
    cases=("$@")
else
    mapfile -t cases < <("$bench" --list | cut -f1)
fi

# Runs case $1 at $2 operations per loop under callgrind; sets `instructions` to the run's
# total and `seconds` to how long it took. Returns the bench's exit status.
count() {
    local name=$1 n=$2 out="$out_dir/$1.$2.out" log="$out_dir/$1.$2.log" start=$SECONDS
    rm -f "$out"
    local status=0
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
        "$bench" --filter "$name" --iterations "$n" >"$log" 2>&1 || status=$?
    seconds=$((SECONDS - start))
    instructions=$(awk '/^totals:/ { print $2; exit }' "$out" 2>/dev/null || true)
    if ((status == 0)) && grep -q '^  skipped:' "$log"; then status=3; fi
    return "$status"
}

failed=0
printf 'case\tI10k\tI20k\tper_op\tnote\n'
for name in "${cases[@]}"; do
    n=$base_n
    note=""
    echo "callgrind: $name at $n and $((2 * n))" >&2
    status=0
    count "$name" "$n" || status=$?
    if ((status == 0 && seconds > slow_seconds)); then
        # Small enough that the run at 2N takes about 2 × slow_seconds; a multiple of 100.
        n=$((base_n * slow_seconds / seconds / 100 * 100))
        ((n >= 100)) || n=100
        note="N=$n: $base_n took ${seconds} s"
        echo "callgrind: $name took $seconds s at $base_n; again at $n and $((2 * n))" >&2
        count "$name" "$n" || status=$?
    fi
    first=$instructions
    if ((status == 0)); then count "$name" $((2 * n)) || status=$?; fi
    second=$instructions
    case $status in
    0)
        per_op=$(awk -v a="$first" -v b="$second" -v n="$n" 'BEGIN { printf "%.1f", (b - a) / n }')
        printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$first" "$second" "$per_op" "$note"
        ;;
    3)
        printf '%s\t\t\t\t%s\n' "$name" "skipped: see $out_dir/$name.$n.log"
        ;;
    *)
        failed=1
        printf '%s\t\t\t\t%s\n' "$name" "FAILED (exit $status): see $out_dir/$name.*.log"
        ;;
    esac
done
echo "callgrind-per-op: ${#cases[@]} case(s) in $((SECONDS - started)) s" >&2
exit "$failed"
