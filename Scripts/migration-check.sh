#!/usr/bin/env bash
# How well the compiler guides an upgrade from 0.9 (#50): Strata's own 0.9 test target,
# Tests/StrataTests as it was at commit ece90be, is built against today's library, and of its
# distinct errors (unique `path:line:col: error:` lines in that target) this counts the ones
# that carry a hint: "'x' is unavailable: <what to write>" or "'x' has been renamed to 'y'".
# An "is unavailable" with no message does not count.
#
# The build runs in a copy of the package under .build/migration-check (its build kept aside,
# so a second run compiles only what changed), with the test target replaced by the 0.9 one.
# Only the StrataTests target and what it depends on are built; the errors are expected.
#
#   Scripts/migration-check.sh           # prints "hinted N / M (P%)"
#   Scripts/migration-check.sh --list    # also the unhinted errors: counted by cause (scope
#                                        # without type argument, old closure shape, ...) and
#                                        # by message; the list is in .build/migration-check
set -euo pipefail
cd "$(dirname "$0")/.."

list=0
while (($# > 0)); do
    case "$1" in
    --list) list=1 ;;
    *) echo "usage: $0 [--list]" >&2; exit 2 ;;
    esac
    shift
done

old=ece90be
work=.build/migration-check
package="$work/package"
# The package as it is in the work tree, uncommitted changes included, copied afresh with its
# files' mtimes (tar), so that the scratch build, kept aside in $work/build, recompiles
# only what changed since the last run. The 0.9 tests come from git with the commit's time.
rm -rf "$package" && mkdir -p "$package"
tar -c --exclude ./.build --exclude ./.git --exclude ./Tests/StrataTests . | tar -x -C "$package"
git archive "$old" Tests/StrataTests | tar -x -C "$package"

log="$work/build.log"
# -continue-building-after-errors: a file's errors must not stop the driver from type-checking
# the target's other files, so that every error is counted. (Swift 6.3's SwiftPM compiles every
# file without it too, and swiftc has no error limit that would cut the list short.)
swift build --package-path "$package" --scratch-path "$work/build" --target StrataTests \
    -Xswiftc -continue-building-after-errors >"$log" 2>&1 || true

errors="$work/errors.txt"
root="$(cd "$package" && pwd)/Tests/StrataTests/"
grep -E "^${root}[^:]+:[0-9]+:[0-9]+: error: " "$log" | sed "s|^${root}||" | sort -u >"$errors" ||
    true
total=$(wc -l <"$errors")
[ "$total" -gt 0 ] || {
    echo "no error in the 0.9 test target: did the build run? see $log" >&2
    tail -n 20 "$log" >&2
    exit 1
}
hinted_pattern="is unavailable: [^ ]|has been renamed to "
hinted=$(grep -cE "$hinted_pattern" "$errors" || true)
awk -v n="$hinted" -v m="$total" 'BEGIN { printf "hinted %d / %d (%.1f%%)\n", n, m, 100 * n / m }'

if [ "$list" -eq 1 ]; then
    unhinted="$work/unhinted.txt"
    grep -vE "$hinted_pattern" "$errors" >"$unhinted" || true
    echo
    echo "unhinted, by cause (the first rule that matches; a heuristic, read the errors to check):"
    awk '{
        # Tests of package types (ScopeState and its kin), which are no user API.
        if (/^ScopeState[A-Za-z]*Tests\.swift:/) cause = "package internals (ScopeState* tests)"
        # `let scope: SessionScope` with no type argument, and what follows from it: the class
        # is no Container, so its lookups through ancestors and its scope init fail.
        else if (/requires arguments in <\.\.\.>/ || /does not conform to protocol .Container./ ||
                 /has no dynamic member/ || /subscript\(dynamicMember:\). on .Container. requires/ ||
                 /no exact matches in call to initializer/)
            cause = "scope without type argument, and its cascade"
        # A 0.9 closure given where 1.0 passes the container (onEnd, handle, contribute, ...).
        else if (/contextual type for closure argument list expects/ ||
                 /contextual closure type .* expects [0-9]+ arguments?, but [0-9]+ (was|were) used/)
            cause = "old closure shape"
        # The synchronous withOverride of 0.9: the async one is chosen, and it needs an await.
        else if (/call in a function that does not support concurrency/ ||
                 /expression is .async. but is not marked with .await./)
            cause = "sync withOverride (an async call in sync code)"
        else if (/specialized with too few type parameters/) cause = "Scope<Tier> with one argument"
        else cause = "other"
        count[cause]++
        if (cause == "other") other[++n] = $0
    }
    END {
        for (c in count) printf "%5d  %s\n", count[c], c | "sort -rn"
        close("sort -rn")
        for (i = 1; i <= n; i++) print "       " other[i]
    }' "$unhinted"
    echo
    echo "unhinted, by message (quoted names and types replaced by '_'):"
    sed 's/^[^ ]* error: //' "$unhinted" |
        sed -E "s/'[^']*'/'_'/g; s/[0-9]+ arguments?/N arguments/g" | sort | uniq -c | sort -rn
fi
