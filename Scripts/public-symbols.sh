#!/usr/bin/env bash
# The public surface of Strata and StrataTesting, counted as the 1.0 issue counts it: every
# symbol of their symbol graphs whose access level is public or open, less the synthesized
# ones (identifiers containing `::SYNTHESIZED::`). Symbols declared in extensions of other
# modules' types (`StrataTesting@Testing`) count too.
#
#   Scripts/public-symbols.sh            # the total, then the count per source folder
#   Scripts/public-symbols.sh --list     # also every symbol, by folder
#   Scripts/public-symbols.sh --max N    # exits non-zero when the total is over N
set -euo pipefail
cd "$(dirname "$0")/.."

list=0
max=""
while (($# > 0)); do
    case "$1" in
    --list) list=1 ;;
    --max) max="$2"; shift ;;
    *) echo "usage: $0 [--list] [--max N]" >&2; exit 2 ;;
    esac
    shift
done

swift package dump-symbol-graph --minimum-access-level public >/dev/null
dir="$(swift build --show-bin-path 2>/dev/null)/../symbolgraph"
LIST=$list MAX="$max" python3 - "$dir" <<'PY'
import collections, glob, json, os, sys

folder_symbols = collections.defaultdict(list)
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.symbols.json"))):
    module = os.path.basename(path).split(".")[0].split("@")[0]
    if module not in ("Strata", "StrataTesting"):
        continue
    for symbol in json.load(open(path))["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        uri = symbol.get("location", {}).get("uri", "")
        parts = uri.split("/Sources/", 1)[-1].split("/")
        folder = "/".join(parts[:2])
        folder_symbols[folder].append(".".join(symbol["pathComponents"]))

total = sum(len(names) for names in folder_symbols.values())
print(f"public symbols: {total}")
for folder, names in sorted(folder_symbols.items(), key=lambda item: -len(item[1])):
    print(f"{len(names):5}  {folder}")
    if os.environ["LIST"] == "1":
        for name in sorted(names):
            print(f"         {name}")
limit = os.environ["MAX"]
if limit and total > int(limit):
    print(f"over the limit of {limit}", file=sys.stderr)
    sys.exit(1)
PY
