#!/usr/bin/env bash
# Undefined behaviour check under Miri (`cargo +nightly miri`): core's tests, the runtime on its
# small committed models, and a sample of every kernel family's PyTorch cases on the portable
# registry and on the default one (the optimized kernels at the scalar level: under Miri
# `etk_simd::level()` is always scalar, so no cpuid, inline assembly or intrinsics run, and
# libm runs its soft floats: `--features etk/soft-floats`, libm's `force-soft-floats`, without
# which its x86 sqrt is inline assembly Miri cannot run). Needs the nightly toolchain with the miri component
# (`rustup toolchain install nightly --component miri`); without it, says so and checks nothing.
#
# Usage: `ci/miri.sh [core|portable|default]...` (all three when none is named): one library a
# run, so that each fits in about five minutes on an idle pair of cores.
#
# A chosen subset, not everything: Miri interprets every instruction (thousands of times
# slower than native code), so the runtime runs its smallest programs and each kernel family
# contributes its smallest case file that holds calls ATen accepts (most of the tagged
# `.outdtype`, `.complex`, `.lowp` files hold 2-20 small calls). Measured (2 cores shared with
# other builds): core's tests 36 s at load ~2 (116 s earlier with their build). Per program
# and library, the first run paying Miri's build of every crate (151 s at load ~2, 1,239 s at
# load ~14): mlp_linear 46 s (default), cond 10 / 10 (portable / default), cat_index 10 / 61,
# where_const 62 / 54, view_alias 56 / 54; counter 16 / 188 (its prepare on default alone
# 72 s) and llama (6 min on portable at load ~2, over 18 at load ~14) are left out. The earlier
# sample (each family's main file, 30-420 KB) did not finish on portable in 20 min. The case
# files, one file a run on portable at load 15: 31-70 s each (add, exp, ge, mean,
# permute_copy, cat, index_put; about 25 s of each is the start-up a single run pays once);
# a convolution file of 16 calls took 6 min and is left out. The families whose smallest file
# is large (convolution, pooling, softmax, sort, layer norm: 30-200 KB) are not sampled. Run by
# hand (README, "Commands").
# `ci/miri.sh default` end to end (2026-12-07, load ~1.5, Miri's build already cached): 3 min
# 54 s — the five programs 34 s, the eleven case files 200 s (127 calls, all passed).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo +nightly miri --version >/dev/null 2>&1; then
  echo "miri: not checked, missing: cargo +nightly miri (rustup toolchain install nightly --component miri)" >&2
  exit 0
fi

# Its own target dir: Miri's artifacts are built for its interpreter and do not mix with the
# others'. File reads need the host: isolation off (the runs read the committed files only).
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/miri"
export MIRIFLAGS="${MIRIFLAGS:--Zmiri-disable-isolation}"

step() {
  local start=$SECONDS
  "$@"
  echo "miri: $((SECONDS - start)) s for: $*" >&2
}

step cargo +nightly miri setup -q

# The programs: the small ones (llama, which runs softmax, the norms and the GEMM, took 6 min
# on portable at load ~2 and over 18 at load ~14; counter on default 188 s, most of it its
# prepare: left out).
MODELS=(mlp_linear cond cat_index where_const view_alias)
C=testing/golden/cases
CASES=(
  "$C/aten__add.out.outdtype.safetensors"
  "$C/aten__exp.out.outdtype.safetensors"
  "$C/aten__ge.Scalar_out.complex.safetensors"
  "$C/aten__mean.dtype_out.complex.safetensors"
  "$C/aten__permute_copy.out.complex.safetensors"
  "$C/aten__cat.out.complex.safetensors"
  "$C/aten__index_put.out.lowp.safetensors"
  "$C/quantized_decomposed__mixed_mm.out.safetensors"
  "$C/aten___fft_r2c.out.twosided.safetensors"
  "$C/aten___native_batch_norm_legit.no_stats_out.moments.safetensors"
  "$C/quantized_decomposed__quantize_per_channel_group.out.uint16.safetensors"
)

run_one() {
  local WHAT=$1
  case "$WHAT" in
  core)
    echo "== miri: core's tests"
    step cargo +nightly miri test -q -p etk-core --lib --tests
    ;;
  portable | default)
    echo "== miri: the runtime on small programs, --lib $WHAT"
    for m in "${MODELS[@]}"; do
      step cargo +nightly miri run -q -p etk-run --features etk/soft-floats --bin etk-run -- \
        "testing/models/$m.pte" --io "testing/models/$m.io.safetensors" --lib "$WHAT"
    done
    if [ "$WHAT" = portable ]; then
      step cargo +nightly miri run -q -p etk-run --features etk/soft-floats --bin etk-run -- \
        --io testing/models/mlp_bundled.bpte --lib portable
    fi
    echo "== miri: a sample of each kernel family's cases, --lib $WHAT"
    step cargo +nightly miri run -q -p etk-testing --features etk/soft-floats --bin etk-conform -- \
      --lib "$WHAT" "${CASES[@]}"
    ;;
  *)
    echo "usage: ci/miri.sh [core|portable|default]..." >&2
    exit 2
    ;;
  esac
}

if [ $# -eq 0 ]; then
  set -- core portable default
fi
for what in "$@"; do
  run_one "$what"
done
echo "miri: ok"
