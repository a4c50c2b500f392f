#!/usr/bin/env bash
# The project's test command: every crate's tests (at the machine's ISA level and forced to
# scalar), then the committed PyTorch conformance suite
# against every library and every ISA level this machine has, then the coverage table's
# freshness, then the committed models through etk-run, then the C ABI and the committed
# models through ExecuTorch's runtime on etk's kernels. Runs in a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's wall time, so that CI's 30-minute budget can be read off the log.
step() {
  local start=$SECONDS
  "$@"
  echo "ci: $((SECONDS - start)) s for: $*" >&2
}

# No import circles between the files of a crate (issue #26's layout rule; a second).
# optimized's gemm/ circle (tiles.rs dispatches to asm, few_rows, gemv, kernel and pack, which
# take its `Gemm` trait) is still allowed.
step python3 ci/import_circles.py
step cargo test --workspace --all-targets
# Every test must also hold with the vector paths off (the issue's `ETK_ISA=scalar` check).
step env ETK_ISA=scalar cargo test --workspace --all-targets -q
step cargo test --workspace --doc
step cargo build -p etk-core -p etk-portable --no-default-features
step cargo build -p etk-runtime --no-default-features
# The `openblas` feature builds and links where the library is installed (.ci/run installs it).
# Not `grep -q`: it stops at the first match, ldconfig then dies of SIGPIPE, and pipefail
# reads that as "not installed" (it did in one CI run).
if ldconfig -p 2>/dev/null | grep 'libopenblas\.so ' >/dev/null; then
  step cargo build -p etk-optimized --features openblas --examples
  step cargo test -p etk-benches --features openblas --lib
else
  echo "test.sh: libopenblas not installed, the openblas feature is not built" >&2
fi
step bash ci/conformance.sh
step bash ci/models.sh
# etk from C, and inside ExecuTorch's own runtime (fetches its wheel into ~/.cache).
step bash ci/capi.sh
