#!/usr/bin/env bash
# The project's test command: every crate's tests (at the machine's ISA level and forced to
# scalar), then the committed PyTorch conformance suite
# against every library and every ISA level this machine has, then the coverage table's
# freshness, then the committed models through etk-run. Runs in a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-targets
# Every test must also hold with the vector paths off (the issue's `ETK_ISA=scalar` check).
ETK_ISA=scalar cargo test --workspace --all-targets -q
cargo test --workspace --doc
cargo build -p etk-core -p etk-portable --no-default-features
cargo build -p etk-runtime --no-default-features
# The `openblas` feature builds and links where the library is installed (.ci/run installs it).
# Not `grep -q`: it stops at the first match, ldconfig then dies of SIGPIPE, and pipefail
# reads that as "not installed" (it did in one CI run).
if ldconfig -p 2>/dev/null | grep 'libopenblas\.so ' >/dev/null; then
  cargo build -p etk-optimized --features openblas --examples
  cargo test -p etk-benches --features openblas --lib
else
  echo "test.sh: libopenblas not installed, the openblas feature is not built" >&2
fi
bash ci/conformance.sh
# After the conformance suite's release build, so etk-run's build reuses it.
bash ci/models.sh
