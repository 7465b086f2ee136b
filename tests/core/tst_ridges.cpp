// Ridge points I* = peak / bandwidth of the reference devices at every compute ceiling they
// list, datasheet and achievable, read both from the Device figures and from evaluate().
//
// Every peak (TFLOP/s, dense) and bandwidth (TB/s) below is typed from the reference table of
// verified dense peaks (devices.csv) that the presets cite as their source; each ridge is the
// quotient, in FLOP/byte (1e12 / 1e12 cancels).
#include "catalog.h"
#include "evaluate.h"
#include "testhelpers.h"

#include <QSet>
#include <QTest>

#include <iterator>

using namespace rooflab;

namespace {

struct RidgeRow
{
    const char *device;
    const char *unit;
    const char *math;
    double tflops; // dense datasheet peak, 1e12 FLOP/s
    double tbps;   // main-memory bandwidth, 1e12 byte/s
    double ridge;  // tflops / tbps, FLOP/byte
};

constexpr RidgeRow ridgeRows[] = {
    {"a100-sxm4-40gb", "vector", "fp64", 9.7, 1.555,
     6.237942122}, // 9.7e12 / 1.555e12 = 6.237942 FLOP/B
    {"a100-sxm4-40gb", "matrix", "fp64", 19.5, 1.555,
     12.54019293}, // 19.5e12 / 1.555e12 = 12.540193 FLOP/B
    {"a100-sxm4-40gb", "vector", "fp32", 19.5, 1.555,
     12.54019293}, // 19.5e12 / 1.555e12 = 12.540193 FLOP/B
    {"a100-sxm4-40gb", "matrix", "tf32", 156, 1.555,
     100.3215434}, // 156e12 / 1.555e12 = 100.321543 FLOP/B
    {"a100-sxm4-40gb", "matrix", "bf16", 312, 1.555,
     200.6430868}, // 312e12 / 1.555e12 = 200.643087 FLOP/B
    {"a100-sxm4-40gb", "matrix", "fp16", 312, 1.555,
     200.6430868}, // 312e12 / 1.555e12 = 200.643087 FLOP/B
    {"a100-sxm4-40gb", "matrix", "int8", 624, 1.555,
     401.2861736}, // 624e12 / 1.555e12 = 401.286174 FLOP/B
    {"a100-sxm4-40gb", "matrix", "int4", 1248, 1.555,
     802.5723473}, // 1248e12 / 1.555e12 = 802.572347 FLOP/B
    {"a100-sxm4-80gb", "vector", "fp64", 9.7, 2.039,
     4.757233938}, // 9.7e12 / 2.039e12 = 4.757234 FLOP/B
    {"a100-sxm4-80gb", "matrix", "fp64", 19.5, 2.039,
     9.563511525}, // 19.5e12 / 2.039e12 = 9.563512 FLOP/B
    {"a100-sxm4-80gb", "vector", "fp32", 19.5, 2.039,
     9.563511525}, // 19.5e12 / 2.039e12 = 9.563512 FLOP/B
    {"a100-sxm4-80gb", "matrix", "tf32", 156, 2.039,
     76.5080922}, // 156e12 / 2.039e12 = 76.508092 FLOP/B
    {"a100-sxm4-80gb", "matrix", "bf16", 312, 2.039,
     153.0161844}, // 312e12 / 2.039e12 = 153.016184 FLOP/B
    {"a100-sxm4-80gb", "matrix", "fp16", 312, 2.039,
     153.0161844}, // 312e12 / 2.039e12 = 153.016184 FLOP/B
    {"a100-sxm4-80gb", "matrix", "int8", 624, 2.039,
     306.0323688}, // 624e12 / 2.039e12 = 306.032369 FLOP/B
    {"a100-sxm4-80gb", "matrix", "int4", 1248, 2.039,
     612.0647376}, // 1248e12 / 2.039e12 = 612.064738 FLOP/B
    {"h100-sxm5", "vector", "fp64", 34, 3.35, 10.14925373}, // 34e12 / 3.35e12 = 10.149254 FLOP/B
    {"h100-sxm5", "matrix", "fp64", 67, 3.35, 20},          // 67e12 / 3.35e12 = 20.000000 FLOP/B
    {"h100-sxm5", "vector", "fp32", 67, 3.35, 20},          // 67e12 / 3.35e12 = 20.000000 FLOP/B
    {"h100-sxm5", "matrix", "tf32", 494.5, 3.35,
     147.6119403}, // 494.5e12 / 3.35e12 = 147.611940 FLOP/B
    {"h100-sxm5", "matrix", "bf16", 989.5, 3.35,
     295.3731343}, // 989.5e12 / 3.35e12 = 295.373134 FLOP/B
    {"h100-sxm5", "matrix", "fp16", 989.5, 3.35,
     295.3731343}, // 989.5e12 / 3.35e12 = 295.373134 FLOP/B
    {"h100-sxm5", "matrix", "fp8", 1979, 3.35,
     590.7462687}, // 1979e12 / 3.35e12 = 590.746269 FLOP/B
    {"h100-sxm5", "matrix", "int8", 1979, 3.35,
     590.7462687},                                        // 1979e12 / 3.35e12 = 590.746269 FLOP/B
    {"h100-pcie", "vector", "fp64", 26, 2, 13},           // 26e12 / 2e12 = 13.000000 FLOP/B
    {"h100-pcie", "matrix", "fp64", 51, 2, 25.5},         // 51e12 / 2e12 = 25.500000 FLOP/B
    {"h100-pcie", "vector", "fp32", 51, 2, 25.5},         // 51e12 / 2e12 = 25.500000 FLOP/B
    {"h100-pcie", "matrix", "tf32", 378, 2, 189},         // 378e12 / 2e12 = 189.000000 FLOP/B
    {"h100-pcie", "matrix", "bf16", 756.5, 2, 378.25},    // 756.5e12 / 2e12 = 378.250000 FLOP/B
    {"h100-pcie", "matrix", "fp16", 756.5, 2, 378.25},    // 756.5e12 / 2e12 = 378.250000 FLOP/B
    {"h100-pcie", "matrix", "fp8", 1513, 2, 756.5},       // 1513e12 / 2e12 = 756.500000 FLOP/B
    {"h100-pcie", "matrix", "int8", 1513, 2, 756.5},      // 1513e12 / 2e12 = 756.500000 FLOP/B
    {"h200-sxm", "vector", "fp64", 34, 4.8, 7.083333333}, // 34e12 / 4.8e12 = 7.083333 FLOP/B
    {"h200-sxm", "matrix", "fp64", 67, 4.8, 13.95833333}, // 67e12 / 4.8e12 = 13.958333 FLOP/B
    {"h200-sxm", "vector", "fp32", 67, 4.8, 13.95833333}, // 67e12 / 4.8e12 = 13.958333 FLOP/B
    {"h200-sxm", "matrix", "tf32", 494.5, 4.8,
     103.0208333}, // 494.5e12 / 4.8e12 = 103.020833 FLOP/B
    {"h200-sxm", "matrix", "bf16", 989.5, 4.8,
     206.1458333}, // 989.5e12 / 4.8e12 = 206.145833 FLOP/B
    {"h200-sxm", "matrix", "fp16", 989.5, 4.8,
     206.1458333},                                          // 989.5e12 / 4.8e12 = 206.145833 FLOP/B
    {"h200-sxm", "matrix", "fp8", 1979, 4.8, 412.2916667},  // 1979e12 / 4.8e12 = 412.291667 FLOP/B
    {"h200-sxm", "matrix", "int8", 1979, 4.8, 412.2916667}, // 1979e12 / 4.8e12 = 412.291667 FLOP/B
    {"b200", "vector", "fp64", 37, 7.7, 4.805194805},       // 37e12 / 7.7e12 = 4.805195 FLOP/B
    {"b200", "matrix", "fp64", 37, 7.7, 4.805194805},       // 37e12 / 7.7e12 = 4.805195 FLOP/B
    {"b200", "vector", "fp32", 75, 7.7, 9.74025974},        // 75e12 / 7.7e12 = 9.740260 FLOP/B
    {"b200", "matrix", "tf32", 1100, 7.7, 142.8571429},     // 1100e12 / 7.7e12 = 142.857143 FLOP/B
    {"b200", "matrix", "bf16", 2250, 7.7, 292.2077922},     // 2250e12 / 7.7e12 = 292.207792 FLOP/B
    {"b200", "matrix", "fp16", 2250, 7.7, 292.2077922},     // 2250e12 / 7.7e12 = 292.207792 FLOP/B
    {"b200", "matrix", "fp8", 4500, 7.7, 584.4155844},      // 4500e12 / 7.7e12 = 584.415584 FLOP/B
    {"b200", "matrix", "int8", 4500, 7.7, 584.4155844},     // 4500e12 / 7.7e12 = 584.415584 FLOP/B
    {"b200", "matrix", "fp4", 9000, 7.7, 1168.831169},      // 9000e12 / 7.7e12 = 1168.831169 FLOP/B
    {"gb200", "vector", "fp64", 40, 8, 5},                  // 40e12 / 8e12 = 5.000000 FLOP/B
    {"gb200", "matrix", "fp64", 40, 8, 5},                  // 40e12 / 8e12 = 5.000000 FLOP/B
    {"gb200", "vector", "fp32", 80, 8, 10},                 // 80e12 / 8e12 = 10.000000 FLOP/B
    {"gb200", "matrix", "tf32", 1250, 8, 156.25},           // 1250e12 / 8e12 = 156.250000 FLOP/B
    {"gb200", "matrix", "bf16", 2500, 8, 312.5},            // 2500e12 / 8e12 = 312.500000 FLOP/B
    {"gb200", "matrix", "fp16", 2500, 8, 312.5},            // 2500e12 / 8e12 = 312.500000 FLOP/B
    {"gb200", "matrix", "fp8", 5000, 8, 625},               // 5000e12 / 8e12 = 625.000000 FLOP/B
    {"gb200", "matrix", "int8", 5000, 8, 625},              // 5000e12 / 8e12 = 625.000000 FLOP/B
    {"gb200", "matrix", "fp4", 10000, 8, 1250},             // 10000e12 / 8e12 = 1250.000000 FLOP/B
    {"l4", "vector", "fp32", 30.3, 0.3, 101},               // 30.3e12 / 0.3e12 = 101.000000 FLOP/B
    {"l4", "matrix", "tf32", 60, 0.3, 200},                 // 60e12 / 0.3e12 = 200.000000 FLOP/B
    {"l4", "matrix", "bf16", 121, 0.3, 403.3333333},        // 121e12 / 0.3e12 = 403.333333 FLOP/B
    {"l4", "matrix", "fp16", 121, 0.3, 403.3333333},        // 121e12 / 0.3e12 = 403.333333 FLOP/B
    {"l4", "matrix", "fp8", 242.5, 0.3, 808.3333333},       // 242.5e12 / 0.3e12 = 808.333333 FLOP/B
    {"l4", "matrix", "int8", 242.5, 0.3, 808.3333333},      // 242.5e12 / 0.3e12 = 808.333333 FLOP/B
    {"l40s", "vector", "fp32", 91.6, 0.864, 106.0185185}, // 91.6e12 / 0.864e12 = 106.018519 FLOP/B
    {"l40s", "matrix", "tf32", 183, 0.864, 211.8055556},  // 183e12 / 0.864e12 = 211.805556 FLOP/B
    {"l40s", "matrix", "bf16", 362.05, 0.864,
     419.0393519}, // 362.05e12 / 0.864e12 = 419.039352 FLOP/B
    {"l40s", "matrix", "fp16", 362.05, 0.864,
     419.0393519},                                       // 362.05e12 / 0.864e12 = 419.039352 FLOP/B
    {"l40s", "matrix", "fp8", 733, 0.864, 848.3796296},  // 733e12 / 0.864e12 = 848.379630 FLOP/B
    {"l40s", "matrix", "int8", 733, 0.864, 848.3796296}, // 733e12 / 0.864e12 = 848.379630 FLOP/B
    {"l40s", "matrix", "int4", 733, 0.864, 848.3796296}, // 733e12 / 0.864e12 = 848.379630 FLOP/B
    {"rtx-4090", "vector", "fp32", 82.6, 1.008,
     81.94444444}, // 82.6e12 / 1.008e12 = 81.944444 FLOP/B
    {"rtx-4090", "matrix", "tf32", 82.6, 1.008,
     81.94444444}, // 82.6e12 / 1.008e12 = 81.944444 FLOP/B
    {"rtx-4090", "matrix", "bf16", 165.2, 1.008,
     163.8888889}, // 165.2e12 / 1.008e12 = 163.888889 FLOP/B
    {"rtx-4090", "matrix", "fp16", 165.2, 1.008,
     163.8888889}, // 165.2e12 / 1.008e12 = 163.888889 FLOP/B
    {"rtx-4090", "matrix", "fp8", 330.3, 1.008,
     327.6785714}, // 330.3e12 / 1.008e12 = 327.678571 FLOP/B
    {"rtx-4090", "matrix", "int8", 660.6, 1.008,
     655.3571429}, // 660.6e12 / 1.008e12 = 655.357143 FLOP/B
    {"rtx-4090", "matrix", "int4", 1321.2, 1.008,
     1310.714286}, // 1321.2e12 / 1.008e12 = 1310.714286 FLOP/B
    {"mi300x", "vector", "fp64", 81.7, 5.3, 15.41509434},  // 81.7e12 / 5.3e12 = 15.415094 FLOP/B
    {"mi300x", "matrix", "fp64", 163.4, 5.3, 30.83018868}, // 163.4e12 / 5.3e12 = 30.830189 FLOP/B
    {"mi300x", "vector", "fp32", 163.4, 5.3, 30.83018868}, // 163.4e12 / 5.3e12 = 30.830189 FLOP/B
    {"mi300x", "matrix", "tf32", 653.7, 5.3, 123.3396226}, // 653.7e12 / 5.3e12 = 123.339623 FLOP/B
    {"mi300x", "matrix", "bf16", 1307.4, 5.3,
     246.6792453}, // 1307.4e12 / 5.3e12 = 246.679245 FLOP/B
    {"mi300x", "matrix", "fp16", 1307.4, 5.3,
     246.6792453},                                         // 1307.4e12 / 5.3e12 = 246.679245 FLOP/B
    {"mi300x", "matrix", "fp8", 2614.9, 5.3, 493.3773585}, // 2614.9e12 / 5.3e12 = 493.377358 FLOP/B
    {"mi300x", "matrix", "int8", 2614.9, 5.3,
     493.3773585},                                        // 2614.9e12 / 5.3e12 = 493.377358 FLOP/B
    {"mi325x", "vector", "fp64", 81.7, 6, 13.61666667},   // 81.7e12 / 6e12 = 13.616667 FLOP/B
    {"mi325x", "matrix", "fp64", 163.4, 6, 27.23333333},  // 163.4e12 / 6e12 = 27.233333 FLOP/B
    {"mi325x", "vector", "fp32", 163.4, 6, 27.23333333},  // 163.4e12 / 6e12 = 27.233333 FLOP/B
    {"mi325x", "matrix", "tf32", 653.7, 6, 108.95},       // 653.7e12 / 6e12 = 108.950000 FLOP/B
    {"mi325x", "matrix", "bf16", 1307.4, 6, 217.9},       // 1307.4e12 / 6e12 = 217.900000 FLOP/B
    {"mi325x", "matrix", "fp16", 1307.4, 6, 217.9},       // 1307.4e12 / 6e12 = 217.900000 FLOP/B
    {"mi325x", "matrix", "fp8", 2614.9, 6, 435.8166667},  // 2614.9e12 / 6e12 = 435.816667 FLOP/B
    {"mi325x", "matrix", "int8", 2614.9, 6, 435.8166667}, // 2614.9e12 / 6e12 = 435.816667 FLOP/B
    {"gaudi3", "matrix", "bf16", 1835, 3.7, 495.9459459}, // 1835e12 / 3.7e12 = 495.945946 FLOP/B
    {"gaudi3", "matrix", "fp8", 1835, 3.7, 495.9459459},  // 1835e12 / 3.7e12 = 495.945946 FLOP/B
    {"gaudi3", "vector", "bf16", 28.7, 3.7, 7.756756757}, // 28.7e12 / 3.7e12 = 7.756757 FLOP/B
    {"tpu-v5e", "matrix", "bf16", 197, 0.819, 240.5372405}, // 197e12 / 0.819e12 = 240.537241 FLOP/B
    {"tpu-v5e", "matrix", "int8", 394, 0.819, 481.0744811}, // 394e12 / 0.819e12 = 481.074481 FLOP/B
    {"tpu-v5e", "matrix", "int4", 788, 0.819, 962.1489621}, // 788e12 / 0.819e12 = 962.148962 FLOP/B
    {"tpu-v6e", "matrix", "bf16", 918, 1.638, 560.4395604}, // 918e12 / 1.638e12 = 560.439560 FLOP/B
    {"tpu-v6e", "matrix", "int8", 1836, 1.638,
     1120.879121}, // 1836e12 / 1.638e12 = 1120.879121 FLOP/B
    {"tpu-v6e", "matrix", "int4", 3680, 1.638,
     2246.642247}, // 3680e12 / 1.638e12 = 2246.642247 FLOP/B
    {"xeon-8480", "vector", "fp64", 3.58, 0.3072,
     11.65364583}, // 3.58e12 / 0.3072e12 = 11.653646 FLOP/B
    {"xeon-8480", "vector", "fp32", 7.17, 0.3072,
     23.33984375}, // 7.17e12 / 0.3072e12 = 23.339844 FLOP/B
    {"xeon-8480", "matrix", "bf16", 114.7, 0.3072,
     373.3723958}, // 114.7e12 / 0.3072e12 = 373.372396 FLOP/B
    {"xeon-8480", "matrix", "int8", 229.4, 0.3072,
     746.7447917}, // 229.4e12 / 0.3072e12 = 746.744792 FLOP/B
    {"epyc-9654", "vector", "fp64", 3.69, 0.4608,
     8.0078125}, // 3.69e12 / 0.4608e12 = 8.007812 FLOP/B
    {"epyc-9654", "vector", "fp32", 7.37, 0.4608,
     15.99392361}, // 7.37e12 / 0.4608e12 = 15.993924 FLOP/B
    // Presets added from the reference table (devices.csv columns typed here again; TPUs
    // have BF16 but no FP16 matrix math, like the v5e and v6e presets).
    {"a100-pcie-80gb", "vector", "fp64", 9.7, 1.935,
     5.012919897}, // 9.7e12 / 1.935e12 = 5.012920 FLOP/B
    {"a100-pcie-80gb", "matrix", "fp64", 19.5, 1.935,
     10.07751938}, // 19.5e12 / 1.935e12 = 10.077519 FLOP/B
    {"a100-pcie-80gb", "vector", "fp32", 19.5, 1.935,
     10.07751938}, // 19.5e12 / 1.935e12 = 10.077519 FLOP/B
    {"a100-pcie-80gb", "matrix", "tf32", 156, 1.935,
     80.62015504}, // 156e12 / 1.935e12 = 80.620155 FLOP/B
    {"a100-pcie-80gb", "matrix", "bf16", 312, 1.935,
     161.2403101}, // 312e12 / 1.935e12 = 161.240310 FLOP/B
    {"a100-pcie-80gb", "matrix", "fp16", 312, 1.935,
     161.2403101}, // 312e12 / 1.935e12 = 161.240310 FLOP/B
    {"a100-pcie-80gb", "matrix", "int8", 624, 1.935,
     322.4806202}, // 624e12 / 1.935e12 = 322.480620 FLOP/B
    {"a100-pcie-80gb", "matrix", "int4", 1248, 1.935,
     644.9612403},                                        // 1248e12 / 1.935e12 = 644.961240 FLOP/B
    {"h100-nvl", "vector", "fp64", 30, 3.9, 7.692307692}, // 30e12 / 3.9e12 = 7.692308 FLOP/B
    {"h100-nvl", "matrix", "fp64", 60, 3.9, 15.38461538}, // 60e12 / 3.9e12 = 15.384615 FLOP/B
    {"h100-nvl", "vector", "fp32", 60, 3.9, 15.38461538}, // 60e12 / 3.9e12 = 15.384615 FLOP/B
    {"h100-nvl", "matrix", "tf32", 417.5, 3.9,
     107.0512821}, // 417.5e12 / 3.9e12 = 107.051282 FLOP/B
    {"h100-nvl", "matrix", "bf16", 835.5, 3.9,
     214.2307692}, // 835.5e12 / 3.9e12 = 214.230769 FLOP/B
    {"h100-nvl", "matrix", "fp16", 835.5, 3.9,
     214.2307692}, // 835.5e12 / 3.9e12 = 214.230769 FLOP/B
    {"h100-nvl", "matrix", "fp8", 1670.5, 3.9,
     428.3333333}, // 1670.5e12 / 3.9e12 = 428.333333 FLOP/B
    {"h100-nvl", "matrix", "int8", 1670.5, 3.9,
     428.3333333},                                     // 1670.5e12 / 3.9e12 = 428.333333 FLOP/B
    {"h20", "vector", "fp64", 1, 4, 0.25},             // 1e12 / 4e12 = 0.250000 FLOP/B
    {"h20", "vector", "fp32", 44, 4, 11},              // 44e12 / 4e12 = 11.000000 FLOP/B
    {"h20", "matrix", "tf32", 74, 4, 18.5},            // 74e12 / 4e12 = 18.500000 FLOP/B
    {"h20", "matrix", "bf16", 148, 4, 37},             // 148e12 / 4e12 = 37.000000 FLOP/B
    {"h20", "matrix", "fp16", 148, 4, 37},             // 148e12 / 4e12 = 37.000000 FLOP/B
    {"h20", "matrix", "fp8", 296, 4, 74},              // 296e12 / 4e12 = 74.000000 FLOP/B
    {"h20", "matrix", "int8", 296, 4, 74},             // 296e12 / 4e12 = 74.000000 FLOP/B
    {"a10", "vector", "fp32", 31.2, 0.6, 52},          // 31.2e12 / 0.6e12 = 52.000000 FLOP/B
    {"a10", "matrix", "tf32", 62.5, 0.6, 104.1666667}, // 62.5e12 / 0.6e12 = 104.166667 FLOP/B
    {"a10", "matrix", "bf16", 125, 0.6, 208.3333333},  // 125e12 / 0.6e12 = 208.333333 FLOP/B
    {"a10", "matrix", "fp16", 125, 0.6, 208.3333333},  // 125e12 / 0.6e12 = 208.333333 FLOP/B
    {"a10", "matrix", "int8", 250, 0.6, 416.6666667},  // 250e12 / 0.6e12 = 416.666667 FLOP/B
    {"a10", "matrix", "int4", 500, 0.6, 833.3333333},  // 500e12 / 0.6e12 = 833.333333 FLOP/B
    {"t4", "vector", "fp32", 8.1, 0.32, 25.3125},      // 8.1e12 / 0.32e12 = 25.312500 FLOP/B
    {"t4", "matrix", "fp16", 65, 0.32, 203.125},       // 65e12 / 0.32e12 = 203.125000 FLOP/B
    {"t4", "matrix", "int8", 130, 0.32, 406.25},       // 130e12 / 0.32e12 = 406.250000 FLOP/B
    {"t4", "matrix", "int4", 260, 0.32, 812.5},        // 260e12 / 0.32e12 = 812.500000 FLOP/B
    {"rtx-5090", "vector", "fp32", 104.8, 1.792,
     58.48214286}, // 104.8e12 / 1.792e12 = 58.482143 FLOP/B
    {"rtx-5090", "matrix", "tf32", 104.8, 1.792,
     58.48214286}, // 104.8e12 / 1.792e12 = 58.482143 FLOP/B
    {"rtx-5090", "matrix", "bf16", 209.5, 1.792,
     116.9084821}, // 209.5e12 / 1.792e12 = 116.908482 FLOP/B
    {"rtx-5090", "matrix", "fp16", 209.5, 1.792,
     116.9084821}, // 209.5e12 / 1.792e12 = 116.908482 FLOP/B
    {"rtx-5090", "matrix", "fp8", 419, 1.792, 233.8169643}, // 419e12 / 1.792e12 = 233.816964 FLOP/B
    {"rtx-5090", "matrix", "int8", 838, 1.792,
     467.6339286}, // 838e12 / 1.792e12 = 467.633929 FLOP/B
    {"rtx-5090", "matrix", "fp4", 1676, 1.792,
     935.2678571}, // 1676e12 / 1.792e12 = 935.267857 FLOP/B
    {"jetson-agx-orin-64gb", "vector", "fp32", 5.3, 0.2048,
     25.87890625}, // 5.3e12 / 0.2048e12 = 25.878906 FLOP/B
    {"jetson-agx-orin-64gb", "matrix", "bf16", 42.5, 0.2048,
     207.5195312}, // 42.5e12 / 0.2048e12 = 207.519531 FLOP/B
    {"jetson-agx-orin-64gb", "matrix", "fp16", 42.5, 0.2048,
     207.5195312}, // 42.5e12 / 0.2048e12 = 207.519531 FLOP/B
    {"jetson-agx-orin-64gb", "matrix", "int8", 85, 0.2048,
     415.0390625}, // 85e12 / 0.2048e12 = 415.039062 FLOP/B
    {"mi250x", "vector", "fp64", 47.9, 3.2768,
     14.61791992}, // 47.9e12 / 3.2768e12 = 14.617920 FLOP/B
    {"mi250x", "matrix", "fp64", 95.7, 3.2768,
     29.20532227}, // 95.7e12 / 3.2768e12 = 29.205322 FLOP/B
    {"mi250x", "vector", "fp32", 47.9, 3.2768,
     14.61791992}, // 47.9e12 / 3.2768e12 = 14.617920 FLOP/B
    {"mi250x", "matrix", "bf16", 383, 3.2768,
     116.8823242}, // 383e12 / 3.2768e12 = 116.882324 FLOP/B
    {"mi250x", "matrix", "fp16", 383, 3.2768,
     116.8823242}, // 383e12 / 3.2768e12 = 116.882324 FLOP/B
    {"mi250x", "matrix", "int8", 383, 3.2768,
     116.8823242}, // 383e12 / 3.2768e12 = 116.882324 FLOP/B
    {"mi250x", "matrix", "int4", 383, 3.2768,
     116.8823242},                                        // 383e12 / 3.2768e12 = 116.882324 FLOP/B
    {"mi355x", "vector", "fp64", 78.6, 8, 9.825},         // 78.6e12 / 8e12 = 9.825000 FLOP/B
    {"mi355x", "matrix", "fp64", 78.6, 8, 9.825},         // 78.6e12 / 8e12 = 9.825000 FLOP/B
    {"mi355x", "vector", "fp32", 157.3, 8, 19.6625},      // 157.3e12 / 8e12 = 19.662500 FLOP/B
    {"mi355x", "matrix", "bf16", 2516.6, 8, 314.575},     // 2516.6e12 / 8e12 = 314.575000 FLOP/B
    {"mi355x", "matrix", "fp16", 2516.6, 8, 314.575},     // 2516.6e12 / 8e12 = 314.575000 FLOP/B
    {"mi355x", "matrix", "fp8", 5033.2, 8, 629.15},       // 5033.2e12 / 8e12 = 629.150000 FLOP/B
    {"mi355x", "matrix", "int8", 5033.2, 8, 629.15},      // 5033.2e12 / 8e12 = 629.150000 FLOP/B
    {"mi355x", "matrix", "fp6", 10066.3, 8, 1258.2875},   // 10066.3e12 / 8e12 = 1258.287500 FLOP/B
    {"mi355x", "matrix", "fp4", 10066.3, 8, 1258.2875},   // 10066.3e12 / 8e12 = 1258.287500 FLOP/B
    {"gaudi2", "matrix", "bf16", 432, 2.46, 175.6097561}, // 432e12 / 2.46e12 = 175.609756 FLOP/B
    {"gaudi2", "matrix", "fp16", 432, 2.46, 175.6097561}, // 432e12 / 2.46e12 = 175.609756 FLOP/B
    {"gaudi2", "matrix", "fp8", 865, 2.46, 351.6260163},  // 865e12 / 2.46e12 = 351.626016 FLOP/B
    {"gaudi2", "vector", "bf16", 11, 2.46, 4.471544715},  // 11e12 / 2.46e12 = 4.471545 FLOP/B
    {"tpu-v4", "matrix", "bf16", 275, 1.2, 229.1666667},  // 275e12 / 1.2e12 = 229.166667 FLOP/B
    {"tpu-v4", "matrix", "int8", 275, 1.2, 229.1666667},  // 275e12 / 1.2e12 = 229.166667 FLOP/B
    {"tpu-v5p", "matrix", "bf16", 459, 2.765, 166.0036166}, // 459e12 / 2.765e12 = 166.003617 FLOP/B
    {"tpu-v5p", "matrix", "int8", 918, 2.765, 332.0072333}, // 918e12 / 2.765e12 = 332.007233 FLOP/B
    {"tpu-v5p", "matrix", "int4", 1840, 2.765,
     665.4611212},                                 // 1840e12 / 2.765e12 = 665.461121 FLOP/B
    {"m2-ultra", "vector", "fp32", 27.2, 0.8, 34}, // 27.2e12 / 0.8e12 = 34.000000 FLOP/B
};

const ComputeRoof *findRoof(const DeviceRoofs &roofs, UnitKind unit, const QString &math)
{
    for (const ComputeRoof &roof : roofs.compute) {
        if (roof.unit == unit && roof.math == math)
            return &roof;
    }
    return nullptr;
}

UnitKind unitOf(const QString &name)
{
    return name == QLatin1String("vector") ? UnitKind::Vector : UnitKind::Matrix;
}

// The roofs evaluate() reports for one device with no operators.
DeviceRoofs roofsOf(const Catalog &catalog, const QString &device, RoofMode mode,
                    const QString &level = QStringLiteral("main"))
{
    Scenario scenario;
    scenario.devices = {device};
    scenario.roof = mode;
    scenario.memoryLevel = level;
    const Analysis analysis = evaluate(catalog, scenario);
    return analysis.devices.value(0);
}

} // namespace

class TestRidges : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private Q_SLOTS:
    void initTestCase();
    void requiredDevicesPresent();
    void everyCeilingHasARow();
    void datasheetRidge_data();
    void datasheetRidge();
    void achievableRidge_data();
    void achievableRidge();
    void cacheLevelRidge_data();
    void cacheLevelRidge();
};

void TestRidges::initTestCase()
{
    m_catalog = Catalog::builtin();
    QVERIFY2(m_catalog.problems().isEmpty(),
             qPrintable(m_catalog.problems().join(QLatin1Char('\n'))));
}

void TestRidges::requiredDevicesPresent()
{
    const char *required[] = {"a100-sxm4-40gb", "a100-sxm4-80gb", "h100-sxm5", "h100-pcie",
                              "h200-sxm",       "b200",           "gb200",     "l4",
                              "l40s",           "rtx-4090",       "mi300x",    "mi325x",
                              "gaudi3",         "tpu-v5e",        "tpu-v6e"};
    for (const char *id : required)
        QVERIFY2(m_catalog.device(QString::fromLatin1(id)), id);
    // And at least one server CPU.
    QVERIFY(m_catalog.device(QStringLiteral("xeon-8480")) ||
            m_catalog.device(QStringLiteral("epyc-9654")));
}

void TestRidges::everyCeilingHasARow()
{
    // Each ceiling of each built-in device needs its hand-typed row above.
    QSet<QString> covered;
    for (const RidgeRow &row : ridgeRows)
        covered.insert(
            QStringLiteral("%1 %2 %3")
                .arg(QLatin1String(row.device), QLatin1String(row.unit), QLatin1String(row.math)));
    for (const Device &device : m_catalog.devices()) {
        for (const ComputeCeiling &c : device.compute) {
            const QString key =
                QStringLiteral("%1 %2 %3").arg(device.id, unitKindName(c.unit), c.math);
            QVERIFY2(covered.contains(key), qPrintable(key + QStringLiteral(" has no row")));
        }
    }
}

void TestRidges::datasheetRidge_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("math");
    QTest::addColumn<double>("tflops");
    QTest::addColumn<double>("tbps");
    QTest::addColumn<double>("ridge");
    for (const RidgeRow &row : ridgeRows) {
        const QByteArray name = QByteArray(row.device) + ' ' + row.unit + ' ' + row.math;
        QTest::newRow(name.constData())
            << QString::fromLatin1(row.device) << QString::fromLatin1(row.unit)
            << QString::fromLatin1(row.math) << row.tflops << row.tbps << row.ridge;
    }
}

void TestRidges::datasheetRidge()
{
    QFETCH(QString, device);
    QFETCH(QString, unit);
    QFETCH(QString, math);
    QFETCH(double, tflops);
    QFETCH(double, tbps);
    QFETCH(double, ridge);

    // The preset carries the reference figures, converted from TFLOP/s and TB/s (x 1e12).
    const Device *d = m_catalog.device(device);
    QVERIFY(d);
    const ComputeCeiling *ceiling = d->ceiling(unitOf(unit), math);
    QVERIFY2(ceiling, "the device lacks this ceiling");
    const MemoryLevel *main = d->memoryLevel(QStringLiteral("main"));
    QVERIFY(main);
    ROOFLAB_COMPARE_DOUBLE(ceiling->peakFlops, tflops * 1e12);
    ROOFLAB_COMPARE_DOUBLE(main->bandwidth, tbps * 1e12);
    ROOFLAB_COMPARE_NEAR(ceiling->peakFlops / main->bandwidth, ridge, 1e-8);

    // evaluate() reports the same ridge for the datasheet roof.
    const DeviceRoofs roofs = roofsOf(m_catalog, device, RoofMode::Datasheet);
    const ComputeRoof *roof = findRoof(roofs, unitOf(unit), math);
    QVERIFY(roof);
    ROOFLAB_COMPARE_DOUBLE(roof->peakFlops, tflops * 1e12);
    ROOFLAB_COMPARE_DOUBLE(roof->datasheetFlops, tflops * 1e12);
    ROOFLAB_COMPARE_NEAR(roof->ridge, ridge, 1e-8);
}

void TestRidges::achievableRidge_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("math");
    QTest::addColumn<double>("tflops");
    QTest::addColumn<double>("tbps");
    QTest::addColumn<double>("computeShare");
    QTest::addColumn<double>("bandwidthShare");
    QTest::addColumn<double>("ridge");
    // Achievable ridge = (peak x compute share) / (bandwidth x bandwidth share). The shares
    // are each preset's `achievable` block: 0.75 / 0.85 for the accelerators, 0.6 / 0.8 for
    // the CPUs.
    const auto row = [](const char *name, const char *device, const char *unit, const char *math,
                        double tflops, double tbps, double fc, double fb, double ridge) {
        QTest::newRow(name) << QString::fromLatin1(device) << QString::fromLatin1(unit)
                            << QString::fromLatin1(math) << tflops << tbps << fc << fb << ridge;
    };
    // 989.5 x 0.75 = 742.125; 3.35 x 0.85 = 2.8475; 742.125 / 2.8475 = 260.6233538
    row("h100 bf16", "h100-sxm5", "matrix", "bf16", 989.5, 3.35, 0.75, 0.85, 260.6233538);
    // 1979 x 0.75 = 1484.25; / 2.8475 = 521.2467076
    row("h100 fp8", "h100-sxm5", "matrix", "fp8", 1979, 3.35, 0.75, 0.85, 521.2467076);
    // 312 x 0.75 = 234; 2.039 x 0.85 = 1.73315; 234 / 1.73315 = 135.0142804
    row("a100-80 bf16", "a100-sxm4-80gb", "matrix", "bf16", 312, 2.039, 0.75, 0.85, 135.0142804);
    // 9000 x 0.75 = 6750; 7.7 x 0.85 = 6.545; 6750 / 6.545 = 1031.32162
    row("b200 fp4", "b200", "matrix", "fp4", 9000, 7.7, 0.75, 0.85, 1031.32162);
    // 1307.4 x 0.75 = 980.55; 5.3 x 0.85 = 4.505; 980.55 / 4.505 = 217.6581576
    row("mi300x bf16", "mi300x", "matrix", "bf16", 1307.4, 5.3, 0.75, 0.85, 217.6581576);
    // 1836 x 0.75 = 1377; 1.638 x 0.85 = 1.3923; 1377 / 1.3923 = 989.010989
    row("tpu-v6e int8", "tpu-v6e", "matrix", "int8", 1836, 1.638, 0.75, 0.85, 989.010989);
    // 242.5 x 0.75 = 181.875; 0.3 x 0.85 = 0.255; 181.875 / 0.255 = 713.2352941
    row("l4 fp8", "l4", "matrix", "fp8", 242.5, 0.3, 0.75, 0.85, 713.2352941);
    // 114.7 x 0.6 = 68.82; 0.3072 x 0.8 = 0.24576; 68.82 / 0.24576 = 280.0292969
    row("xeon bf16", "xeon-8480", "matrix", "bf16", 114.7, 0.3072, 0.6, 0.8, 280.0292969);
    // 7.37 x 0.6 = 4.422; 0.4608 x 0.8 = 0.36864; 4.422 / 0.36864 = 11.99544271
    row("epyc fp32", "epyc-9654", "vector", "fp32", 7.37, 0.4608, 0.6, 0.8, 11.99544271);
}

void TestRidges::achievableRidge()
{
    QFETCH(QString, device);
    QFETCH(QString, unit);
    QFETCH(QString, math);
    QFETCH(double, tflops);
    QFETCH(double, tbps);
    QFETCH(double, computeShare);
    QFETCH(double, bandwidthShare);
    QFETCH(double, ridge);

    const Device *d = m_catalog.device(device);
    QVERIFY(d);
    ROOFLAB_COMPARE_DOUBLE(d->achievable.compute, computeShare);
    ROOFLAB_COMPARE_DOUBLE(d->achievable.bandwidth, bandwidthShare);
    QVERIFY(!d->achievable.source.isEmpty());

    const DeviceRoofs roofs = roofsOf(m_catalog, device, RoofMode::Achievable);
    const ComputeRoof *roof = findRoof(roofs, unitOf(unit), math);
    QVERIFY(roof);
    ROOFLAB_COMPARE_DOUBLE(roof->peakFlops, tflops * computeShare * 1e12);
    ROOFLAB_COMPARE_DOUBLE(roof->datasheetFlops, tflops * 1e12);
    ROOFLAB_COMPARE_NEAR(roof->ridge, ridge, 1e-8);
    QVERIFY(!roofs.memory.isEmpty());
    QCOMPARE(roofs.memory.first().level, QStringLiteral("main"));
    ROOFLAB_COMPARE_DOUBLE(roofs.memory.first().bandwidth, tbps * bandwidthShare * 1e12);
    ROOFLAB_COMPARE_DOUBLE(roofs.memory.first().datasheetBandwidth, tbps * 1e12);
}

void TestRidges::cacheLevelRidge_data()
{
    QTest::addColumn<QString>("device");
    QTest::addColumn<double>("tflops");
    QTest::addColumn<double>("tbps");
    QTest::addColumn<double>("ridge");
    // Ridge against the L2/last-level cache bandwidth of the reference table, bf16 matrix.
    // 312 / 7.2 = 43.33333333
    QTest::newRow("a100-40 L2") << QStringLiteral("a100-sxm4-40gb") << 312.0 << 7.2 << 43.33333333;
    // 1307.4 / 17.2 = 76.01162791 (Infinity Cache)
    QTest::newRow("mi300x LLC") << QStringLiteral("mi300x") << 1307.4 << 17.2 << 76.01162791;
    // 1835 / 12.8 = 143.359375 (on-die SRAM)
    QTest::newRow("gaudi3 SRAM") << QStringLiteral("gaudi3") << 1835.0 << 12.8 << 143.359375;
}

void TestRidges::cacheLevelRidge()
{
    QFETCH(QString, device);
    QFETCH(double, tflops);
    QFETCH(double, tbps);
    QFETCH(double, ridge);
    const Device *d = m_catalog.device(device);
    QVERIFY(d);
    const MemoryLevel *l2 = d->memoryLevel(QStringLiteral("l2"));
    QVERIFY(l2);
    ROOFLAB_COMPARE_DOUBLE(l2->bandwidth, tbps * 1e12);

    const DeviceRoofs roofs = roofsOf(m_catalog, device, RoofMode::Datasheet, QStringLiteral("l2"));
    const ComputeRoof *roof = findRoof(roofs, UnitKind::Matrix, QStringLiteral("bf16"));
    QVERIFY(roof);
    ROOFLAB_COMPARE_DOUBLE(roof->peakFlops, tflops * 1e12);
    ROOFLAB_COMPARE_NEAR(roof->ridge, ridge, 1e-8);
}

QTEST_GUILESS_MAIN(TestRidges)
#include "tst_ridges.moc"
