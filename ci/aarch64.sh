#!/usr/bin/env bash
# The aarch64 check (phones and boards are where etk runs): clippy for aarch64-unknown-linux-gnu,
# then, built for aarch64 and run under qemu-user, at both levels an aarch64 CPU has (neon, the
# baseline, and scalar): the vector layer's and core's tests, a sample of the optimized
# library's tests and of the optimized-against-portable harness, the committed PyTorch suite
# through every library, and the committed models. Needs the Rust target, a cross linker and
# qemu-aarch64 (.ci/run installs them); without them it says so and checks nothing.
#
# Sampled to stay within about three minutes: the tests that iterate every level do so
# in-process (scalar and neon in one run); the harness runs 8 random calls per kernel and
# level instead of 64; of the optimized crate's tests, the slowest property tests (GEMM blocks
# and random shapes, the roots' ULP sweep: minutes under qemu) are left to x86, where the same
# Rust runs them; the GEMM's NEON tiles are covered by its every-edge-tile test, the harness
# and the suite.
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

echo "== aarch64: cargo clippy"
step cargo clippy --workspace --all-targets --target "$TARGET" -- -D warnings

echo "== aarch64: tests under qemu (every level in-process: scalar and neon)"
# The test profile (opt-level 1, overflow checks and debug assertions on): a release build for
# a second target cost CI about 8 minutes, and under qemu the runs take seconds either way.
# Rust does not contract or reassociate floating point, so the values are those of a release
# build.
step cargo test -q --target "$TARGET" -p etk-simd -p etk-core
step cargo test -q --target "$TARGET" -p etk-optimized --test gemm --test gemm_ops \
  --test pointwise_simd --test quantized --test convolution -- --skip several_blocks \
  --skip gemm_matches_reference --skip few_rows_against_a_transposed_b --skip roots_within
step env ETK_HARNESS_CASES=8 cargo test -q --target "$TARGET" -p etk-testing \
  --test optimized_vs_portable

echo "== aarch64: the conformance suite under qemu"
cargo build --profile test -q --target "$TARGET" -p etk-testing -p etk-run --bin etk-conform --bin etk-run
DIR="${CARGO_TARGET_DIR:-target}/$TARGET/debug"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
for args in "--lib portable" "--lib default" "--lib optimized --isa neon" "--lib optimized --isa scalar"; do
  echo "== aarch64: etk-conform $args"
  # shellcheck disable=SC2086
  if "${QEMU[@]}" "$DIR/etk-conform" --verbose $args testing/golden/cases >"$log" 2>&1; then
    tail -n 1 "$log"
  else
    cat "$log"
    failed=1
  fi
done

echo "== aarch64: the committed models under qemu (--lib default, at neon and scalar)"
MODELS=testing/models
ran=0
for isa in neon scalar; do
  for file in "$MODELS"/*.io.safetensors "$MODELS"/*.bpte; do
    [ -e "$file" ] || continue
    if [[ "$file" == *.bpte ]]; then
      args=(--io "$file")
    else
      args=("$MODELS/$(basename "${file%.io.safetensors}").pte" --io "$file")
    fi
    rc=0
    ETK_ISA=$isa "${QEMU[@]}" "$DIR/etk-run" "${args[@]}" --lib default >"$log" 2>&1 || rc=$?
    case $rc in
      0) ran=$((ran + 1)) ;;
      # operators etk does not have yet: ci/models.sh reports them.
      2) ;;
      *)
        cat "$log"
        echo "aarch64: FAIL $(basename "$file") at $isa (etk-run exit $rc)" >&2
        failed=1
        ;;
    esac
  done
done
echo "aarch64: $ran model runs matched their test vectors"

if [ "$failed" != 0 ]; then
  echo "aarch64: FAILED" >&2
  exit 1
fi
echo "aarch64: ok"
