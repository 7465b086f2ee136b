#!/usr/bin/env bash
# Times `rooflab export` against a matplotlib script drawing the same default figure (same
# roofs, points and labels, read from RoofLab's own CSV), each as a cold process, for PNG and
# SVG at 1200 x 800 (the size issue 9's target names), and prints a `bench:` line (median and 90th percentile) for each, and their ratio
# against the targets: 20x for PNG, 30x for SVG.
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
width=1200
height=800

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

# Prints "MEDIAN P90" wall times in milliseconds of `runs` runs of the command "$@".
timings_ms() {
    if command -v hyperfine >/dev/null; then
        hyperfine --style none --warmup 1 --runs "$runs" --export-json "$work/h.json" \
            "$(printf '%q ' "$@")" >/dev/null
        "$python" - "$work/h.json" <<'PYTHON'
import json, sys
times = sorted(json.load(open(sys.argv[1]))["results"][0]["times"])
n = len(times)
median = times[n // 2] if n % 2 else (times[n // 2 - 1] + times[n // 2]) / 2
p90 = times[min(n - 1, int(0.9 * n))]
print("%.1f %.1f" % (1000 * median, 1000 * p90))
PYTHON
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
        awk '{ t[NR] = $1 } END { m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2;
              p = int(0.9 * NR) + 1; if (p > NR) p = NR;
              printf "%.1f %.1f\n", m / 1000, t[p] / 1000 }'
}

echo "rooflab export vs matplotlib, the default figure (7 operators on 2 devices) at $width x $height,"
echo "$runs cold runs each"
status=0
for format in png svg; do
    read -r ours ours90 < <(timings_ms "$rooflab" export -o "$work/rooflab.$format" \
        --width "$width" --height "$height")
    read -r theirs theirs90 < <(timings_ms "$python" "$plot" "$work/data.csv" \
        "$work/matplotlib.$format" "$width" "$height")
    ratio=$(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.1f", a / b }')
    echo "bench: export-$format-7ops-rooflab median_ms=$ours p90_ms=$ours90"
    echo "bench: export-$format-7ops-matplotlib median_ms=$theirs p90_ms=$theirs90"
    echo "$format: rooflab is ${ratio}x faster (median)"
    target=20
    [[ $format == svg ]] && target=30
    awk -v r="$ratio" -v t="$target" 'BEGIN { exit !(r >= t) }' || {
        echo "$format: target missed (at least ${target}x)"
        status=1
    }
done
exit $status
