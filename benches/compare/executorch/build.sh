#!/usr/bin/env bash
# Builds etbench (bench.cpp) against ExecuTorch 1.5.1's prebuilt kernels, taken from the PyPI
# wheel into a cache outside the repository (nothing of ExecuTorch is committed). Needs pip (any
# Python 3.11 environment can download the wheel; it is not installed) and g++.
#   benches/compare/executorch/build.sh        -> prints the path of the etbench binary
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="${ETK_EXECUTORCH_CACHE:-$HOME/.cache/etk-executorch}"
version=1.5.1
mkdir -p "$cache"
if [ ! -f "$cache/executorch/lib/libexecutorch_kernels_optimized.so" ]; then
  pip="${PIP:-pip}"
  "$pip" download --no-deps --only-binary=:all: --python-version 3.11 \
    --platform manylinux_2_28_x86_64 -d "$cache/wheel" "executorch==$version" >&2
  python3 - "$cache" <<'PY'
import sys, zipfile, glob
cache = sys.argv[1]
whl = glob.glob(cache + "/wheel/executorch-*.whl")[0]
with zipfile.ZipFile(whl) as z:
    for n in z.namelist():
        if n.startswith(("executorch/lib/", "executorch/include/")):
            z.extract(n, cache)
PY
fi
lib="$cache/executorch/lib"
inc="$cache/executorch/include"
g++ -std=c++17 -O2 -DC10_USING_CUSTOM_GENERATED_MACROS -DET_EVENT_TRACER_ENABLED \
  -I"$inc" -I"$inc/executorch/runtime/core/portable_type/c10" \
  "$here/bench.cpp" -o "$cache/etbench" \
  -L"$lib" -Wl,--no-as-needed -lexecutorch_kernels_optimized -lexecutorch_threadpool -lexecutorch \
  -Wl,-rpath,"$lib"
echo "$cache/etbench"
