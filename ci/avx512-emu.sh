#!/usr/bin/env bash
# The AVX-512 paths on a host without AVX-512, every optimized kernel call run by an emulated
# AVX-512 CPU (bochscpu, see testing/emu/run.py): the optimized-against-portable harness of
# tests/optimized_vs_portable.rs, mm / linear / addmm / bmm across the GEMM's tiles and
# blocks, one call past the last-level cache (streaming stores), and the committed suite
# through --lib optimized and --lib default. On a host
# with AVX-512, ci/conformance.sh runs those paths natively and this does nothing. Needs
# python3 (3.9+) with venv, gcc, and PyPI once for bochscpu-python; without them it says so.
set -euo pipefail
cd "$(dirname "$0")/.."

flags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
if [[ "$flags" == *" avx512f "* ]]; then
  echo "avx512-emu: this CPU has AVX-512 (ci/conformance.sh runs it natively); skipped"
  exit 0
fi
if [ "$(uname -m)" != x86_64 ]; then
  echo "avx512-emu: not an x86-64 host; skipped"
  exit 0
fi

VENV="${ETK_EMU_VENV:-$HOME/.cache/etk-emu/venv}"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import bochscpu' 2>/dev/null; then
  if ! { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q bochscpu-python==0.4.0; } >/dev/null 2>&1; then
    echo "avx512-emu: bochscpu-python could not be installed; the AVX-512 paths are not checked" >&2
    exit 0
  fi
fi

OUT="${CARGO_TARGET_DIR:-target}/release"
cargo build --release -q -p etk-emu
gcc -shared -fPIC -O2 -o "$OUT/etk-emu-shim.so" testing/emu/shim.c
failed=0
echo "== avx512 (emulated): optimized against portable (etk_testing::harness)"
LD_PRELOAD="$PWD/$OUT/etk-emu-shim.so" "$VENV/bin/python" testing/emu/run.py \
  "$OUT/libetk_emu.so" --harness || failed=1
for lib in optimized default; do
  echo "== avx512 (emulated): --lib $lib"
  LD_PRELOAD="$PWD/$OUT/etk-emu-shim.so" "$VENV/bin/python" testing/emu/run.py \
    "$OUT/libetk_emu.so" testing/golden/cases "$lib" || failed=1
done
if [ "$failed" != 0 ]; then
  echo "avx512-emu: FAILED" >&2
  exit 1
fi
echo "avx512-emu: ok"
