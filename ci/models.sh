#!/usr/bin/env bash
# The committed models end to end: every program with test vectors (NAME.pte with
# NAME.io.safetensors) and every bundled program (.bpte) through `etk-run --io`, on --lib
# portable and --lib default, and on --lib default again with constant folding, prepared
# kernels and fusion switched off, and with the inexact fusions on (the int8 quantized chains,
# within the test vectors' tolerance) (test-profile build). A mismatch or any error fails the script. A model
# needing operators etk does not have yet (etk-run exits 2 and names them) is skipped with a
# line naming them, so it starts running here as soon as they land. Takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

# The test profile, as ci/conformance.sh (its libraries are built already).
cargo build --profile test -q -p etk-run
BIN="${CARGO_TARGET_DIR:-target}/debug/etk-run"
MODELS=testing/models

ran=0 skipped=0 failed=0
for run in portable default "default --no-fold --no-prepack --no-fuse" "default --fuse-inexact"; do
  read -r -a lib_args <<<"--lib $run"
  lib=$run
  for file in "$MODELS"/*.io.safetensors "$MODELS"/*.bpte; do
    [ -e "$file" ] || continue
    if [[ "$file" == *.bpte ]]; then
      name=$(basename "$file")
      args=(--io "$file")
    else
      name=$(basename "${file%.io.safetensors}")
      args=("$MODELS/$name.pte" --io "$file")
    fi
    rc=0
    out=$("$BIN" "${args[@]}" "${lib_args[@]}" 2>&1) || rc=$?
    case $rc in
      0) ran=$((ran + 1)) ;;
      2)
        skipped=$((skipped + 1))
        echo "models: SKIP $name on $lib: $(grep -m1 'etk-run: ' <<<"$out" | sed 's/^etk-run: //')"
        ;;
      *)
        failed=$((failed + 1))
        echo "$out" >&2
        echo "models: FAIL $name on $lib (etk-run exit $rc)" >&2
        ;;
    esac
  done
done
echo "models: $ran runs matched, $skipped skipped for missing operators, $failed failed"
[ "$failed" -eq 0 ]
