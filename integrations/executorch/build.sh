#!/usr/bin/env bash
# Builds etk's ExecuTorch integration and its runner against ExecuTorch 1.5.1's prebuilt
# runtime (the wheel, fetched by fetch_wheel.sh into ~/.cache if needed), and prints the
# runner's path on its last line:
#   RUNNER MODEL.pte --io FILE [--iters N] [--kernels etk|executorch]
# Two binaries: RUNNER links libexecutorch.so (loader, executor, prim ops: no operator
# kernels), etk-capi and etk_executorch.cpp; RUNNER-executorch links ExecuTorch's own kernel
# libraries instead of etk (RUNNER --kernels executorch runs it).
#   ETK_CAPI_PROFILE   the cargo profile of etk-capi: release (default) or test (CI's)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
profile="${ETK_CAPI_PROFILE:-release}"
et="$("$here/fetch_wheel.sh")"
lib="$et/lib"
inc="$et/include"

(cd "$root" && cargo build -q --profile "$profile" -p etk-capi >&2)
target="${CARGO_TARGET_DIR:-$root/target}"
case "$profile" in
  release) capi="$target/release" ;;
  test | dev) capi="$target/debug" ;;
  *) capi="$target/$profile" ;;
esac
out="$target/executorch-$profile"
mkdir -p "$out"

flags=(-std=c++17 -O2 -Wall -Wno-deprecated-declarations -DC10_USING_CUSTOM_GENERATED_MACROS -DET_EVENT_TRACER_ENABLED
  -I"$inc" -I"$inc/executorch/runtime/core/portable_type/c10" -I"$root/capi/include" -I"$here")
# One job each, in parallel: the trampoline table makes etk_executorch.cpp the slow one.
g++ "${flags[@]}" -c "$here/etk_executorch.cpp" -o "$out/etk_executorch.o" &
g++ "${flags[@]}" -c "$here/runner.cpp" -o "$out/runner.o" &
g++ "${flags[@]}" -DETK_RUNNER_EXECUTORCH_KERNELS -c "$here/runner.cpp" -o "$out/runner-executorch.o" &
wait %1 && wait %2 && wait %3
ar rcs "$out/libetk_executorch.a" "$out/etk_executorch.o"
g++ "$out/runner.o" "$out/libetk_executorch.a" -o "$out/runner" \
  -L"$capi" -letk_capi -L"$lib" -lexecutorch -Wl,-rpath,"$capi" -Wl,-rpath,"$lib"
g++ "$out/runner-executorch.o" -o "$out/runner-executorch" -L"$lib" -Wl,--no-as-needed \
  -lexecutorch_kernels_optimized -lexecutorch_kernels_quantized -lexecutorch_threadpool \
  -lexecutorch -Wl,-rpath,"$lib"
echo "$out/runner"
