#!/usr/bin/env bash
# etk from C and etk inside ExecuTorch: etk-capi's tests (the Rust-side ABI and hostile calls,
# the C example and the hostile calls compiled with cc and run, the header's freshness), then,
# where ExecuTorch 1.5.1's wheel can be fetched, the integration built against it and every
# committed model with test vectors run through ExecuTorch's runtime on etk's kernels.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test -q -p etk-capi

# ExecuTorch's prebuilt runtime (pip download into ~/.cache); without it, a clear skip.
if ! command -v g++ >/dev/null || ! integrations/executorch/fetch_wheel.sh >/dev/null 2>&1; then
  echo "capi: skipped: no ExecuTorch wheel (pip download executorch==1.5.1 failed, or no g++)"
  exit 0
fi
RUNNER=$(ETK_CAPI_PROFILE=test integrations/executorch/build.sh | tail -n 1)
MODELS=testing/models

ran=0 skipped=0 failed=0
for io in "$MODELS"/*.io.safetensors; do
  name=$(basename "${io%.io.safetensors}")
  rc=0
  out=$("$RUNNER" "$MODELS/$name.pte" --io "$io" 2>&1) || rc=$?
  if [ "$rc" -eq 0 ]; then
    ran=$((ran + 1))
  elif [ "$rc" -eq 2 ] && ! "$RUNNER" "$MODELS/$name.pte" --io "$io" --kernels executorch >/dev/null 2>&1 &&
       grep -q "load_method failed" <<<"$out"; then
    # Not etk's doing: ExecuTorch's runtime refuses the file with its own kernels too.
    skipped=$((skipped + 1))
    echo "capi: SKIP $name: ExecuTorch's runtime cannot load it ($(grep -m1 -o 'relies on.*\|load_method failed.*' <<<"$out"))"
  else
    failed=$((failed + 1))
    echo "$out" >&2
    echo "capi: FAIL $name through ExecuTorch's runtime on etk's kernels (runner exit $rc)" >&2
  fi
done
# The checker itself: another model's test vector must be reported as a mismatch (exit 1).
rc=0
"$RUNNER" "$MODELS/mlp_matmul.pte" --io "$MODELS/mlp_linear.io.safetensors" >/dev/null 2>&1 || rc=$?
if [ "$rc" -ne 1 ]; then
  failed=$((failed + 1))
  echo "capi: FAIL the runner exits $rc, not 1, on another model's test vector" >&2
fi
# The global table: register_missing() adds etk's kernels once, never a duplicate.
"$RUNNER" "$MODELS/encoder.pte" --io "$MODELS/encoder.io.safetensors" --register >/dev/null ||
  { failed=$((failed + 1)); echo "capi: FAIL encoder with --register" >&2; }
echo "capi: $ran models matched through ExecuTorch's runtime on etk's kernels, $skipped skipped, $failed failed"
[ "$failed" -eq 0 ]
