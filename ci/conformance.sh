#!/usr/bin/env bash
# The conformance gate: the committed PyTorch suite (testing/golden/cases) through etk-conform
# against --lib portable, and against --lib default and --lib optimized at every ISA level this
# machine has (scalar always; avx2 with avx2+fma; avx512 with avx512f/bw/dq/vl). Any failed,
# wrongly accepted, wrongly rejected or panicking case fails the script. Then docs/coverage.md
# is regenerated (at ISA scalar, so it reads the same on every machine) and the script fails if
# the committed copy was stale (the fresh one is left in place to commit).
set -euo pipefail
cd "$(dirname "$0")/.."

SUITE=testing/golden/cases
if [ ! -d "$SUITE" ]; then
  echo "conformance: the committed suite $SUITE is missing" >&2
  exit 1
fi

# Build once, then run that binary: every run below sees the same kernels.
# The test profile (opt-level 1, overflow checks and debug assertions on), whose libraries the
# workspace tests have built already: a release build of the kernel crates took over 12 minutes
# of CI's 30, and the suite runs in seconds either way. Rust does not contract or reassociate
# floating point, so the values are those of a release build.
cargo build --profile test -q -p etk-testing --bin etk-conform
BIN="${CARGO_TARGET_DIR:-target}/debug/etk-conform"
conform() { "$BIN" "$@"; }

flags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
has() { [[ "$flags" == *" $1 "* ]]; }
levels=(scalar)
if has avx2 && has fma; then levels+=(avx2); fi
if has avx512f && has avx512bw && has avx512dq && has avx512vl; then levels+=(avx512); fi
echo "conformance: ISA levels on this machine: ${levels[*]}"

log=$(mktemp)
trap 'rm -f "$log" "${old:-}"' EXIT
failed=0
run() {
  echo "== etk-conform $*"
  if conform --verbose "$@" "$SUITE" >"$log" 2>&1; then
    tail -n 1 "$log"
  else
    cat "$log"
    failed=1
  fi
}

# The README's main job first, with its table.
echo "== etk-conform --lib default"
if conform --lib default "$SUITE"; then :; else failed=1; fi
run --lib portable
for isa in "${levels[@]}"; do
  run --lib default --isa "$isa"
  run --lib optimized --isa "$isa"
done

echo "== coverage: docs/coverage.md"
old=$(mktemp)
if [ -f docs/coverage.md ]; then cp docs/coverage.md "$old"; fi
mkdir -p docs
conform --coverage --out docs/coverage.md >/dev/null
if ! cmp -s "$old" docs/coverage.md; then
  diff -u "$old" docs/coverage.md | head -n 60 || true
  echo "conformance: docs/coverage.md was stale; the regenerated table is in place, commit it" >&2
  failed=1
fi

if [ "$failed" != 0 ]; then
  echo "conformance: FAILED" >&2
  exit 1
fi
echo "conformance: ok"
