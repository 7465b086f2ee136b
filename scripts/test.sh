#!/usr/bin/env bash
# Builds RoofLab and runs every test: the Qt Test suites through CTest, the same suites
# again under AddressSanitizer + UndefinedBehaviorSanitizer, and a bounded libFuzzer run of
# the preset loader. Installs the Debian packages it needs first.
# Usage: scripts/test.sh [--quick]   (--quick: the plain suites only)
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
for argument in "$@"; do
    case "$argument" in
    --quick) quick=1 ;;
    *)
        echo "test.sh: unknown argument '$argument' (expected --quick)" >&2
        exit 2
        ;;
    esac
done

scripts/deps.sh test
jobs=$(nproc)

echo "RoofLab: building and running the test suites (build-test/)"
cmake -S . -B build-test -G Ninja -DCMAKE_BUILD_TYPE=Debug -DROOFLAB_WERROR=ON >/dev/null
cmake --build build-test -j "$jobs"
ctest --test-dir build-test --output-on-failure -j "$jobs"

[[ $quick -eq 1 ]] && exit 0

echo "RoofLab: the same suites under ASan + UBSan (build-asan/)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DROOFLAB_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j "$jobs"

echo "RoofLab: fuzzing the preset and scenario loaders and the lesson parser"
scripts/fuzz.sh 60
