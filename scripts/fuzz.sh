#!/usr/bin/env bash
# Builds the libFuzzer harnesses (one per loader) with clang and AddressSanitizer,
# UndefinedBehaviorSanitizer and float-cast-overflow, then runs each for a bounded time
# over its seed corpus from tests/data. Usage: scripts/fuzz.sh [seconds per harness]
# (default 60; scripts/test.sh gives each 50 s: six harnesses, about five minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: seconds must be a whole number, got '$seconds'" >&2; exit 2; }

harnesses=(fuzz_presets fuzz_scenario fuzz_metadata fuzz_cli fuzz_lessons fuzz_measured)
# Without precompiled headers: they are built and checked with gcc only (docs/architecture.md
# "Build").
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DROOFLAB_FUZZ=ON -DROOFLAB_PCH=OFF -DBUILD_TESTING=OFF >/dev/null
cmake --build build-fuzz --target "${harnesses[@]}" -j "$(nproc)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The seed corpus of each harness: copies, so what the fuzzer adds stays out of the tree.
seed() {
    local name=$1
    shift
    mkdir -p "$work/$name"
    find "$@" -type f -exec cp -t "$work/$name" {} +
}
seed fuzz_presets tests/fuzz/corpus tests/data/presets-good tests/data/presets-bad
seed fuzz_scenario tests/data/scenarios
seed fuzz_metadata tests/data/embedded
seed fuzz_cli tests/data/cli
seed fuzz_lessons tests/fuzz/lesson-corpus
seed fuzz_measured tests/data/measured

export QT_QPA_PLATFORM=offscreen
root=$PWD
mkdir -p build-fuzz/artifacts
for harness in "${harnesses[@]}"; do
    options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048
        -artifact_prefix="$root/build-fuzz/artifacts/$harness-")
    case "$harness" in
    fuzz_presets | fuzz_scenario | fuzz_lessons) options+=(-dict=tests/fuzz/json.dict -max_len=65536) ;;
    fuzz_metadata) options+=(-max_len=131072) ;;
    fuzz_measured) options+=(-max_len=65536) ;;
    fuzz_cli) options+=(-close_fd_mask=3 -max_len=1024) ;; # its messages are not findings
    esac
    echo "RoofLab: fuzzing $harness for ${seconds}s"
    if ! "build-fuzz/tests/fuzz/$harness" "${options[@]}" "$work/$harness" >"$work/log" 2>&1; then
        tail -n 80 "$work/log" >&2
        echo "RoofLab: $harness found a problem; the input is in build-fuzz/artifacts/" >&2
        exit 1
    fi
    tail -n 1 "$work/log"
done
echo "RoofLab: fuzzing found nothing in ${seconds}s per harness"
