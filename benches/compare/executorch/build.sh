#!/usr/bin/env bash
# Builds etbench (bench.cpp) against ExecuTorch 1.5.1's prebuilt kernels, taken from the PyPI
# wheel into a cache outside the repository (nothing of ExecuTorch is committed). Needs pip (any
# Python 3.11 environment can download the wheel; it is not installed) and g++.
#   benches/compare/executorch/build.sh        -> prints the path of the etbench binary
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The wheel's lib/ and include/, fetched once into the cache (shared with the integration).
et="$("$here/../../../integrations/executorch/fetch_wheel.sh")"
cache="$(dirname "$et")"
lib="$et/lib"
inc="$et/include"
g++ -std=c++17 -O2 -DC10_USING_CUSTOM_GENERATED_MACROS -DET_EVENT_TRACER_ENABLED \
  -I"$inc" -I"$inc/executorch/runtime/core/portable_type/c10" \
  "$here/bench.cpp" -o "$cache/etbench" \
  -L"$lib" -Wl,--no-as-needed -lexecutorch_kernels_optimized -lexecutorch_threadpool -lexecutorch \
  -Wl,-rpath,"$lib"
echo "$cache/etbench"
