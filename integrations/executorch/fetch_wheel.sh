#!/usr/bin/env bash
# Fetches ExecuTorch 1.5.1's wheel (its prebuilt runtime, kernel libraries and headers) with
# pip into a cache outside the repository, once, and unpacks its lib/ and include/. Prints the
# unpacked folder (holding lib/ and include/). Needs pip and python3; the wheel is not
# installed. Nothing of ExecuTorch is committed.
#   ETK_EXECUTORCH_CACHE   the cache folder (default ~/.cache/etk-executorch)
#   PIP                    the pip to use (default pip)
set -euo pipefail
cache="${ETK_EXECUTORCH_CACHE:-$HOME/.cache/etk-executorch}"
version=1.5.1
mkdir -p "$cache"
if [ ! -f "$cache/executorch/lib/libexecutorch_kernels_optimized.so" ] ||
   [ ! -f "$cache/executorch/include/executorch/runtime/kernel/operator_registry.h" ]; then
  if ! ls "$cache"/wheel/executorch-"$version"-*.whl >/dev/null 2>&1; then
    "${PIP:-pip}" download -q --no-deps --only-binary=:all: --python-version 3.11 \
      --platform manylinux_2_28_x86_64 -d "$cache/wheel" "executorch==$version" >&2
  fi
  python3 - "$cache" "$version" <<'PY'
import sys, zipfile, glob
cache, version = sys.argv[1], sys.argv[2]
whl = glob.glob(f"{cache}/wheel/executorch-{version}-*.whl")[0]
with zipfile.ZipFile(whl) as z:
    for n in z.namelist():
        if n.startswith(("executorch/lib/", "executorch/include/")):
            z.extract(n, cache)
PY
fi
echo "$cache/executorch"
