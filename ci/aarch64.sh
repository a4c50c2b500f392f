#!/usr/bin/env bash
# The aarch64 check (phones and boards are where etk runs): clippy for aarch64-unknown-linux-gnu,
# then, built for aarch64 and run under qemu-user, at both levels an aarch64 CPU has (neon, the
# baseline, and scalar): the vector layer's and core's tests, a sample of the optimized
# library's tests, the optimized-against-portable harness, the committed PyTorch suite and the
# committed models. Needs the Rust target, a cross linker and qemu-aarch64 (.ci/run installs
# them); without them it says so and checks nothing.
#
# Sized to stay within about four minutes on 2 cores:
# - one compilation: the workspace's crates are built for aarch64 by clippy-driver (cargo's
#   `RUSTC_WORKSPACE_WRAPPER`, as `cargo clippy` does, but with code generation), every
#   warning and clippy lint an error, so the lint pass costs no second build; it covers the
#   libraries (where every `cfg(target_arch)` is), the binaries and the tests run here;
# - the tests that iterate every level do so in-process (scalar and neon in one run);
# - the harness runs 8 random calls per kernel and level instead of 64 (its every-dtype,
#   every-layout pass is whole); the math ULP test 2^16 random inputs per function instead of
#   2^20 (its edge sweeps whole); of the optimized crate's tests only the GEMM's (its NEON
#   register tiles at every edge, with every epilogue; convolution, quantized and pointwise are
#   the harness's), without its slowest property tests (blocks and random shapes: minutes under
#   qemu), which x86 runs on the same Rust;
# - the suite runs through portable, and through the default registry (optimized over
#   portable, plus quantized and prim ops) at neon and at scalar; these and the models run
#   side by side.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=aarch64-unknown-linux-gnu
SYSROOT=/usr/aarch64-linux-gnu
missing=()
rustup target list --installed 2>/dev/null | grep -x "$TARGET" >/dev/null || missing+=("rust target $TARGET")
command -v aarch64-linux-gnu-gcc >/dev/null || missing+=(aarch64-linux-gnu-gcc)
command -v qemu-aarch64 >/dev/null || missing+=(qemu-aarch64)
if [ ${#missing[@]} != 0 ]; then
  echo "aarch64: not checked, missing: ${missing[*]}" >&2
  exit 0
fi

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L $SYSROOT"
QEMU=(qemu-aarch64 -L "$SYSROOT")

step() {
  local start=$SECONDS
  "$@"
  echo "aarch64: $((SECONDS - start)) s for: $*" >&2
}

# clippy's lints with the build (see above); -D warnings on the aarch64 units only (cargo
# applies a target's RUSTFLAGS to that target's artifacts, not to build scripts).
RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
export RUSTC_WORKSPACE_WRAPPER
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-D warnings"

echo "== aarch64: tests under qemu (every level in-process: scalar and neon)"
# The test profile (opt-level 1, overflow checks and debug assertions on): a release build for
# a second target cost CI about 8 minutes, and under qemu the runs take seconds either way.
# Rust does not contract or reassociate floating point, so the values are those of a release
# build.
step env ETK_ULP_INPUTS=65536 cargo test -q --target "$TARGET" -p etk-simd -p etk-core
step cargo test -q --target "$TARGET" -p etk-optimized --test gemm -- --skip several_blocks \
  --skip gemm_matches_reference --skip few_rows_against_a_transposed_b
step env ETK_HARNESS_CASES=8 cargo test -q --target "$TARGET" -p etk-testing \
  --test optimized_vs_portable

echo "== aarch64: the conformance suite and the committed models under qemu"
step cargo build --profile test -q --target "$TARGET" -p etk-testing -p etk-run -p etk-benches \
  --bin etk-conform --bin etk-run --bin opbench
DIR="${CARGO_TARGET_DIR:-target}/$TARGET/debug"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The committed models (every program with test vectors, every bundled program) through
# `etk-run --lib default` at each ISA level named; a model needing operators etk does not have
# yet (exit 2) is ci/models.sh's to report.
models() {
  local isa ran=0 rc file args
  for isa in "$@"; do
    for file in testing/models/*.io.safetensors testing/models/*.bpte; do
      [ -e "$file" ] || continue
      if [[ "$file" == *.bpte ]]; then
        args=(--io "$file")
      else
        args=("${file%.io.safetensors}.pte" --io "$file")
      fi
      rc=0
      ETK_ISA=$isa "${QEMU[@]}" "$DIR/etk-run" "${args[@]}" --lib default >"$logs/model" 2>&1 || rc=$?
      case $rc in
        0) ran=$((ran + 1)) ;;
        2) ;;
        *)
          cat "$logs/model"
          echo "aarch64: FAIL $(basename "$file") at $isa (etk-run exit $rc)"
          return 1
          ;;
      esac
    done
  done
  echo "$ran model runs matched their test vectors (at $*)"
}

start=$SECONDS
runs=("--lib portable" "--lib default --isa neon" "--lib default --isa scalar")
pids=()
for i in "${!runs[@]}"; do
  # shellcheck disable=SC2086
  "${QEMU[@]}" "$DIR/etk-conform" --verbose ${runs[$i]} testing/golden/cases >"$logs/suite$i" 2>&1 &
  pids+=($!)
done
models neon scalar >"$logs/models" 2>&1 &
pids+=($!)
failed=0
for i in "${!pids[@]}"; do
  if [ "$i" -lt "${#runs[@]}" ]; then
    name="etk-conform ${runs[$i]}"
    log="$logs/suite$i"
  else
    name="the models"
    log="$logs/models"
  fi
  if wait "${pids[$i]}"; then
    echo "aarch64: $name: $(tail -n 1 "$log")"
  else
    cat "$log"
    echo "aarch64: FAILED: $name" >&2
    failed=1
  fi
done
echo "aarch64: $((SECONDS - start)) s for: the suite and the models" >&2

if [ "$failed" != 0 ]; then
  echo "aarch64: FAILED" >&2
  exit 1
fi
echo "aarch64: ok"
