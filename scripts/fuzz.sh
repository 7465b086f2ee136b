#!/usr/bin/env bash
# Builds the libFuzzer harnesses of the JSON loaders (presets, lessons) with clang and runs it for a bounded
# time over the seed corpus in tests/fuzz/corpus. Usage: scripts/fuzz.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: seconds must be a whole number, got '$seconds'" >&2; exit 2; }

CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DROOFLAB_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build build-fuzz --target fuzz_presets fuzz_lessons

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp tests/fuzz/corpus/* "$work"/
echo "RoofLab: fuzzing for ${seconds}s"
build-fuzz/tests/fuzz/fuzz_presets -max_total_time="$seconds" -max_len=65536 \
    -dict=tests/fuzz/json.dict "$work"
echo "RoofLab: preset fuzzing found no crash in ${seconds}s"

# The lesson parser, seeded with lesson files (docs/lessons.md).
lessons=$(mktemp -d)
trap 'rm -rf "$work" "$lessons"' EXIT
cp tests/fuzz/lesson-corpus/* "$lessons"/
echo "RoofLab: fuzzing lessons for ${seconds}s"
build-fuzz/tests/fuzz/fuzz_lessons -max_total_time="$seconds" -max_len=65536 \
    -dict=tests/fuzz/json.dict "$lessons"
echo "RoofLab: lesson fuzzing found no crash in ${seconds}s"
