#!/usr/bin/env bash
# Times `rooflab export` against a matplotlib script drawing the same default figure (same
# roofs, points and labels, read from RoofLab's own CSV), each as a cold process, for PNG and
# SVG, and prints the median times and their ratio.
#
#   scripts/bench-export.sh [ROOFLAB] [RUNS]
#
# ROOFLAB defaults to build/rooflab, RUNS to 10. Uses hyperfine when it is installed, else a
# timing loop. Needs Debian's python3-matplotlib (run with /usr/bin/python3, which sees
# Debian's modules even when another python3 comes first on PATH).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
rooflab=${1:-$here/build/rooflab}
runs=${2:-10}
python=${PYTHON:-/usr/bin/python3}
plot="$here/tests/bench/matplotlib_roofline.py"

if [[ ! -x $rooflab ]]; then
    echo "bench-export: no rooflab executable at $rooflab; build it or pass its path" >&2
    exit 2
fi
if ! "$python" -c 'import matplotlib' 2>/dev/null; then
    echo "bench-export: $python cannot import matplotlib; install python3-matplotlib" >&2
    exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The figure's data, exactly as RoofLab computes it.
"$rooflab" export -o "$work/data.csv"

# Prints the median wall time in milliseconds of `runs` runs of the command "$@".
median_ms() {
    if command -v hyperfine >/dev/null; then
        hyperfine --style none --warmup 1 --runs "$runs" --export-json "$work/h.json" \
            "$(printf '%q ' "$@")" >/dev/null
        "$python" -c 'import json,sys; print("%.1f" % (1000 * json.load(open(sys.argv[1]))["results"][0]["median"]))' "$work/h.json"
        return
    fi
    "$@" >/dev/null # warm-up: the files are in the page cache for every timed run
    local times=()
    for ((i = 0; i < runs; i++)); do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null
        end=$(date +%s%N)
        times+=($(((end - start) / 1000)))
    done
    printf '%s\n' "${times[@]}" | sort -n |
        awk '{ t[NR] = $1 } END { m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2; printf "%.1f\n", m / 1000 }'
}

echo "rooflab export vs matplotlib, the default figure at 1600 x 1000, median of $runs cold runs"
printf '%-6s %14s %17s %8s\n' format "rooflab (ms)" "matplotlib (ms)" ratio
status=0
for format in png svg; do
    ours=$(median_ms "$rooflab" export -o "$work/rooflab.$format")
    theirs=$(median_ms "$python" "$plot" "$work/data.csv" "$work/matplotlib.$format")
    ratio=$(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.1f", a / b }')
    printf '%-6s %14s %17s %7sx\n' "$format" "$ours" "$theirs" "$ratio"
    awk -v r="$ratio" 'BEGIN { exit !(r >= 10) }' || status=1
done
if ((status == 0)); then
    echo "target met: rooflab export is at least 10x faster for PNG and SVG"
else
    echo "target missed: rooflab export is less than 10x faster for some format"
fi
exit $status
