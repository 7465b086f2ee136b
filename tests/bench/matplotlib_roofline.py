#!/usr/bin/python3
"""Draws RoofLab's default roofline figure with matplotlib, for the export benchmark.

Reads the roofs and points from a CSV written by `rooflab export -o data.csv`, so both
programs draw the same numbers, and draws what RoofLab draws: per device the memory slope
and the compute roofs its points answer to, with the same roof, slope and ridge labels,
every point with its operator name, a device legend and the axis titles.

    /usr/bin/python3 matplotlib_roofline.py DATA.csv OUT.png|OUT.svg [WIDTH HEIGHT]

Needs Debian's python3-matplotlib (run it with /usr/bin/python3).
"""

import csv
import math
import sys

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["svg.fonttype"] = "none"  # keep text as <text>, as RoofLab does
matplotlib.rcParams["svg.hashsalt"] = "rooflab-bench"  # stable ids, as RoofLab's are
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

PREFIXES = [(1e18, "E"), (1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"), (1, "")]
COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"]
MARKERS = {"decode-gemm": "o", "prefill-gemm": "s", "gemm": "s", "matmul": "D",
           "attention-decode": "^", "attention-prefill": "v"}


def format_number(value, significant=4):
    """RoofLab's plain number: `significant` digits, trailing zeros dropped."""
    if value == 0:
        return "0"
    magnitude = abs(value)
    if 1e-3 <= magnitude < 1e6:
        before = math.floor(math.log10(magnitude)) + 1
        text = f"{value:.{max(0, significant - before)}f}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return text
    return f"{value:.{significant}g}"


def format_si(value, unit):
    for factor, symbol in PREFIXES:
        if abs(value) >= factor:
            return f"{format_number(value / factor)} {symbol}{unit}"
    return f"{format_number(value)} {unit}"


def read_table(path):
    devices, points = {}, []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            device = devices.setdefault(row["device"], {"name": row["device_name"],
                                                        "memory": None, "roofs": []})
            if row["record"] == "point":
                points.append(row)
            elif row["roof_kind"] == "memory" and row["memory_level"] == "main":
                device["memory"] = (row["memory_name"], float(row["value"]))
            elif row["roof_kind"] == "compute" and row["used_by_points"] == "true":
                device["roofs"].append(row)
    return devices, points


def draw(devices, points, out, width, height):
    fig, ax = plt.subplots(figsize=(width / 100, height / 100), dpi=100)
    ax.set_xscale("log")
    ax.set_yscale("log")
    intensities = [float(p["intensity_flop_per_byte"]) for p in points]
    x_lo = min(intensities + [1.0]) / 3
    x_hi = max(intensities + [1e4]) * 3
    for index, (device_id, device) in enumerate(devices.items()):
        colour = COLOURS[index % len(COLOURS)]
        name, bandwidth = device["memory"]
        peaks = [float(r["value"]) for r in device["roofs"]]
        top_ridge = max(peaks) / bandwidth
        ax.plot([x_lo, top_ridge], [bandwidth * x_lo, bandwidth * top_ridge], color=colour,
                linewidth=2, label=device["name"])
        ax.annotate(f"{name} {format_si(bandwidth, 'B/s')}", (x_lo * 2, bandwidth * x_lo * 2),
                    rotation=30, color=colour, fontsize=10)
        for roof in device["roofs"]:
            peak = float(roof["value"])
            ridge = peak / bandwidth
            unit = "OP/s" if roof["math"].startswith("int") else "FLOP/s"
            ax.plot([ridge, x_hi], [peak, peak], color=colour, linewidth=2)
            ax.plot([ridge], [peak], marker="o", color=colour)
            ax.annotate(f"{roof['math'].upper()} {roof['unit']} {format_si(peak, unit)}",
                        (x_hi / 2, peak), ha="right", va="bottom", color=colour, fontsize=10)
            ax.annotate(f"ridge {format_number(ridge, 3)} FLOP/B", (ridge, peak),
                        xytext=(4, -14), textcoords="offset points", fontsize=9, color=colour)
        for p in points:
            if p["device"] != device_id:
                continue
            x = float(p["intensity_flop_per_byte"])
            y = float(p["attainable_flop_per_s"])
            ax.plot([x], [y], marker=MARKERS.get(p["operator_kind"], "P"), color=colour,
                    markersize=8, linestyle="none")
            ax.annotate(p["operator"], (x, y), xytext=(5, 5), textcoords="offset points",
                        fontsize=9)
    ax.set_xlim(x_lo, x_hi)
    ax.set_xlabel("Arithmetic intensity (FLOP/byte)")
    ax.set_ylabel("Attainable performance (FLOP/s)")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out, metadata={"Date": None} if out.endswith(".svg") else None)


def main(argv):
    if len(argv) not in (3, 5):
        sys.exit(__doc__)
    width, height = (int(argv[3]), int(argv[4])) if len(argv) == 5 else (1600, 1000)
    devices, points = read_table(argv[1])
    draw(devices, points, argv[2], width, height)


if __name__ == "__main__":
    main(sys.argv)
