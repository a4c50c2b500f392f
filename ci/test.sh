#!/usr/bin/env bash
# The project's test command: every crate's tests, then the committed PyTorch conformance suite
# against every library and every ISA level this machine has, then the coverage table's
# freshness. Runs in a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-targets
cargo test --workspace --doc
cargo build -p etk-core -p etk-portable --no-default-features
bash ci/conformance.sh
