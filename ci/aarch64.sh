#!/usr/bin/env bash
# The aarch64 check (phones and boards are where etk runs): clippy for aarch64-unknown-linux-gnu,
# then the committed PyTorch suite through every library built for aarch64 and run under
# qemu-user, and the simd and core crates' tests there. Needs the Rust target, a cross linker and
# qemu-aarch64 (.ci/run installs them); without them it says so and checks nothing.
#
# Not the whole workspace's tests: under qemu the GEMM property tests alone take three minutes,
# and the tests that re-run themselves at each ISA level would need binfmt_misc to start an
# aarch64 child. The code they cover is the same Rust as the scalar level, which ci/test.sh runs
# with ETK_ISA=scalar; what differs on aarch64 is behind `cfg`, and clippy and the suite see it.
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

echo "== aarch64: cargo clippy"
cargo clippy --workspace --all-targets --target "$TARGET" -- -D warnings

echo "== aarch64: tests of etk-simd and etk-core under qemu"
cargo test -q --target "$TARGET" -p etk-simd -p etk-core

echo "== aarch64: the conformance suite under qemu"
# The test profile (opt-level 1, overflow checks and debug assertions on): a release build for
# a second target cost CI about 8 minutes, and under qemu the suite runs in seconds either way.
# Rust does not contract or reassociate floating point, so the values are those of a release
# build.
cargo build --profile test -q --target "$TARGET" -p etk-testing --bin etk-conform
BIN="${CARGO_TARGET_DIR:-target}/$TARGET/debug/etk-conform"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
for args in "--lib portable" "--lib default" "--lib optimized" "--lib optimized --isa scalar"; do
  echo "== aarch64: etk-conform $args"
  # shellcheck disable=SC2086
  if qemu-aarch64 -L "$SYSROOT" "$BIN" --verbose $args testing/golden/cases >"$log" 2>&1; then
    tail -n 1 "$log"
  else
    cat "$log"
    failed=1
  fi
done
if [ "$failed" != 0 ]; then
  echo "aarch64: FAILED" >&2
  exit 1
fi
echo "aarch64: ok"
