#!/usr/bin/env bash
# Screenshots of the RoofLab window for the README: the app runs under a virtual X server
# (Xvfb) at 1600x1000 showing the 8B LLM operators of presets/operators/llm-common.json on
# H100 SXM5 and H200 SXM, once at batch 1 and once at batch 1024, then Llama 3.1 70B's
# decode step on H100, H200 and MI300X (also at 1280x800, at 1920x1080 dark with 100 % and
# 225 % text, and in the presenter view), then the Compare devices dock for Llama 3.1 70B on
# six devices with TP auto, and ImageMagick's `import` captures the screen. Last, step 4 of
# the lesson "The roofline in ten steps" in the presenter view on a 1920x1080 screen and in
# the window at 1600x1000.
# Usage: scripts/screenshot.sh [BUILD_DIR] [OUT_DIR]
#   BUILD_DIR  a build folder holding `rooflab` (default: build-release, built if missing)
#   OUT_DIR    where window-batch-1.png, window-batch-1024.png, window-model.png,
#              window-1280x800.png, window-1920x1080-dark.png,
#              window-1920x1080-dark-large.png, window-presenter.png, window-compare.png,
#              presenter-lesson.png and window-lesson.png go
#              (default: docs/images)
# Needs the Debian packages xvfb, xauth, imagemagick, xdotool and python3; installs the ones
# missing with scripts/deps.sh bench.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:-build-release}
out=${2:-docs/images}
wait_seconds=${ROOFLAB_SCREENSHOT_WAIT:-4}

for tool in xvfb-run xauth import xdotool python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        scripts/deps.sh bench
        break
    fi
done
for tool in xvfb-run xauth import xdotool python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "screenshot.sh: '$tool' not found; install xvfb, xauth, imagemagick, xdotool and python3" >&2
        exit 1
    fi
done

if [[ ! -x "$build/rooflab" ]]; then
    scripts/deps.sh build
    echo "RoofLab: building (Release) in $build/"
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
    cmake --build "$build" --target rooflab
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# A scenario file (docs/scenario-files.md) with every operator of llm-common.json.
write_scenario() {
    python3 - "$1" presets/operators/llm-common.json <<'PYTHON'
import json, sys
batch, operators_file = float(sys.argv[1]), sys.argv[2]
with open(operators_file, encoding="utf-8") as f:
    operators = json.load(f)["operators"]
scenario = {
    "schema": "rooflab-scenario",
    "version": 1,
    "scenario": {
        "devices": ["h100-sxm5", "h200-sxm"],
        "operators": operators,
        "batch": batch,
        "scheme": {"weights": "bf16", "act": "bf16", "kv": "bf16"},
    },
    "view": {"selected_device": "h100-sxm5", "selected_operator": "decode-mlp-up-8b"},
}
json.dump(scenario, sys.stdout, indent=2)
PYTHON
}

# A model scenario: Llama 3.1 70B decoding at batch 16 on three devices, the MLP selected.
write_model_scenario() {
    cat <<'JSON'
{
  "schema": "rooflab-scenario",
  "version": 1,
  "scenario": {
    "devices": ["h100-sxm5", "h200-sxm", "mi300x"],
    "operators": [],
    "model": "llama-3.1-70b",
    "phase": "decode",
    "batch": 16,
    "seq": 4096
  },
  "view": {"selected_device": "h100-sxm5", "selected_operator": "mlp"}
}
JSON
}

# Shows `scenario` in the window and captures it as `png`.
# capture SCREEN THEME TEXT_SCALE OUT ARGS...: starts `rooflab ARGS` on a fresh virtual
# screen of SCREEN (WxH) with the window's theme and text scale preset in its settings, as a
# user who chose them on an earlier run, and captures the whole screen to OUT.
capture() {
    local screen=$1 theme=$2 text_scale=$3 shot=$4
    shift 4
    local config
    config=$(mktemp -d -p "$work")
    mkdir -p "$config/rooflab"
    printf '[view]\ntheme=%s\ntextScale=%s\n' "$theme" "$text_scale" >"$config/rooflab/rooflab.conf"
    XDG_CONFIG_HOME="$config" XDG_DATA_HOME="$work/data" \
        xvfb-run -a -s "-screen 0 ${screen}x24 -dpi 96" \
        bash -c 'wait_s=$1 shot=$2; shift 2; "$@" & app=$!; sleep "$wait_s"
                 import -window root "$shot"; kill "$app"; wait "$app" || true' \
        _ "$wait_seconds" "$shot" "$build/rooflab" "$@"
    echo "RoofLab: wrote $shot"
}

write_compare_scenario() {
    cat <<'JSON'
{
  "schema": "rooflab-scenario",
  "version": 1,
  "scenario": {
    "devices": ["h100-sxm5", "h200-sxm", "b200", "mi300x", "gaudi3", "l40s"],
    "operators": [],
    "model": "llama-3.1-70b",
    "phase": "decode",
    "batch": 64,
    "seq": 4096,
    "deployment": {"tp": "auto"}
  },
  "view": {"selected_device": "h100-sxm5", "selected_operator": "communication"}
}
JSON
}

# As capture(), but first closes the Time share dock (its close button) and raises the
# Compare devices tab, by clicking where the default 1600 x 1000 layout puts them.
capture_compare() {
    XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
        xvfb-run -a -s "-screen 0 1600x1000x24 -dpi 96" \
        bash -c '"$1" "$2" & app=$!; sleep "$3"; xdotool mousemove 1103 587 click 1; sleep 1
                 xdotool mousemove 440 863 click 1; sleep 1.5
                 import -window root "$4"; kill "$app"; wait "$app" || true' \
        _ "$build/rooflab" "$1" "$wait_seconds" "$2"
    echo "RoofLab: wrote $2"
}

for batch in 1 1024; do
    scenario="$work/batch-$batch.rooflab.json"
    write_scenario "$batch" >"$scenario"
    capture 1600x1000 light 1 "$out/window-batch-$batch.png" "$scenario"
done
write_model_scenario >"$work/model.rooflab.json"
capture 1600x1000 light 1 "$out/window-model.png" "$work/model.rooflab.json"
# The same model on the screens a user meets: a laptop, a desktop in the dark theme, the
# same at the largest text, and the presenter view a lecturer puts on a projector.
# A scenario file's view sets the theme and text scale it opens with.
with_view() {
    python3 - "$1" "$2" "$3" <<'PYTHON'
import json, sys
path, theme, text_scale = sys.argv[1], sys.argv[2], float(sys.argv[3])
with open(path, encoding="utf-8") as f:
    scenario = json.load(f)
scenario["view"].update({"theme": theme, "text_scale": text_scale})
json.dump(scenario, sys.stdout, indent=2)
PYTHON
}
with_view "$work/model.rooflab.json" dark 1 >"$work/model-dark.rooflab.json"
with_view "$work/model.rooflab.json" dark 2.25 >"$work/model-dark-large.rooflab.json"
capture 1280x800 light 1 "$out/window-1280x800.png" "$work/model.rooflab.json"
capture 1920x1080 dark 1 "$out/window-1920x1080-dark.png" "$work/model-dark.rooflab.json"
capture 1920x1080 dark 2.25 "$out/window-1920x1080-dark-large.png" \
    "$work/model-dark-large.rooflab.json"
capture 1920x1080 light 1 "$out/window-presenter.png" --presenter "$work/model.rooflab.json"
write_compare_scenario >"$work/compare.rooflab.json"
capture_compare "$work/compare.rooflab.json" "$out/window-compare.png"

# The lesson "The roofline in ten steps" opened from the Lessons menu with the keyboard:
# Alt+L highlights the first lesson, and the built-in ones are listed by file name
# (hardware-for-70b, llm-inference, roofline-in-ten-steps), so Down twice. PageDown three
# times goes to step 4; F11 opens the presenter view; the capture waits until the strip
# of keys has hidden itself again.
# capture_lesson SCREEN LAST_KEYS OUT: step 4 of the lesson, then LAST_KEYS ("F11" for the
# presenter view, "" for the window), then the capture.
capture_lesson() {
    XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
        xvfb-run -a -s "-screen 0 ${1}x24 -dpi 96" \
        bash -c '"$1" & app=$!; sleep "$2"
                 xdotool windowfocus --sync "$(xdotool search --onlyvisible --name RoofLab | head -1)"
                 xdotool key alt+l; sleep 0.5
                 xdotool key Down Down Return; sleep 1
                 xdotool key Next Next Next; sleep 1
                 if [[ -n "$4" ]]; then xdotool key "$4"; fi; sleep 5
                 import -window root "$3"; kill "$app"; wait "$app" || true' \
        _ "$build/rooflab" "$wait_seconds" "$3" "$2"
    echo "RoofLab: wrote $3"
}

capture_lesson 1920x1080 F11 "$out/presenter-lesson.png"
capture_lesson 1600x1000 "" "$out/window-lesson.png"
