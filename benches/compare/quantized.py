"""etk's quantized kernels against ExecuTorch 1.5.1's quantized kernels, one thread, on the same
calls (opbench's quantized calls, benches/src/quantized.rs: same shapes, values, parameters):

- **etk**: `opbench --lib optimized` (the default registry: the vector paths) and `--lib
  portable` (etk-quantized's reference kernels), each run `--rounds` times, alternating;
- **ExecuTorch**: quantize / dequantize per tensor and per channel are ExecuTorch's own kernels
  (`kernels/quantized/cpu/op_*.cpp`), as the executorch wheel's `libquantized_ops_aot_lib.so`
  registers them for torch (`import executorch.kernels.quantized`: the `.out` overloads'
  CPU kernels are ExecuTorch's C++ kernels behind ATen tensors), called in-process with out=
  tensors. The wheel registers no CPU kernel for `embedding_byte.out` / `embedding_4bit.out`
  (Meta only), so the embeddings' peer is **torch's reference** instead (the Python
  decomposition ExecuTorch's exporter defines, `quantized_decomposed.embedding_*.default`,
  which allocates its result), labelled so.

Every peer call goes through the Python dispatcher (a few µs per call): the shapes are large
enough for that to be small, and the per-call overhead of an empty op is printed. Timing: median
of 9 batches (opbench's), each case measured `--rounds` times alternating etk and the peer; the
medians of the rounds are reported. Never run in CI.

    ~/torchenv/bin/python benches/compare/quantized.py [--rounds 3] [--filter SUBSTRING] [--opbench PATH]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import DTYPES, ROOT, filled, median_us, parse, run_line  # noqa: E402

import executorch.exir.passes._quant_patterns_and_replacements  # noqa: E402,F401
import executorch.kernels.quantized  # noqa: E402,F401

N = 1 << 20
CASES = [
    f"quantize_per_tensor f32 {N} --to u8",
    f"quantize_per_tensor f32 {N} --to i8",
    f"quantize_per_tensor bf16 {N} --to i8",
    f"quantize_per_tensor f16 {N} --to u8",
    f"quantize_per_tensor f32 {N} --to i32",
    f"dequantize_per_tensor u8 {N}",
    f"dequantize_per_tensor i8 {N}",
    f"dequantize_per_tensor i8 {N} --to bf16",
    f"dequantize_per_tensor i16 {N} --to f16",
    f"quantize_per_channel f32 256x4096 --to i8",
    f"quantize_per_channel f32 4096x256 --to u8",
    f"dequantize_per_channel i8 256x4096",
    f"dequantize_per_channel u8 4096x256",
    f"quantize_per_tensor f32 16384 --to u8",
    f"dequantize_per_tensor u8 16384",
    "embedding_byte f32 32000x4096 --other 64",
    "embedding_byte bf16 32000x4096 --other 64",
    "embedding_4bit f32 32000x4096 --other 64",
    "embedding_4bit f16 32000x4096 --other 64",
    "embedding_byte f32 32000x4096 --other 1",
]

QPARAMS = {"u8": (0, 255, 128), "i8": (-128, 127, 0), "i16": (-32768, 32767, 0),
           "i32": (-(2**31), 2**31 - 1, 0)}
SCALE = 0.025  # benches/src/quantized.rs
ns = torch.ops.quantized_decomposed


def peer_call(op, dt, shapes, to):
    """(label, closure): ExecuTorch's kernel where the wheel registers one and it takes the
    call (Float inputs and outs, uint8 / int8), else torch's reference (allocates its out)."""
    shape = shapes[0]
    if op in ("quantize_per_tensor", "quantize_per_channel"):
        q = to or "u8"
        lo, hi, zp = QPARAMS[q]
        x = filled(shape, dt, -3.0, 3.0)
        o = torch.empty(shape, dtype=DTYPES[q])
        if dt != "f32" or q not in ("u8", "i8"):
            # ExecuTorch's kernels abort on Half / BFloat16 inputs; i16 / i32 untried
            if op == "quantize_per_tensor":
                return "torch reference", lambda: ns.quantize_per_tensor.default(
                    x, SCALE, zp, lo, hi, DTYPES[q])
        if op == "quantize_per_tensor":
            return "executorch", lambda: ns.quantize_per_tensor.out(
                x, SCALE, zp, lo, hi, DTYPES[q], out=o)
        s, z = filled([shape[0]], "f32", 0.01, 0.05), filled([shape[0]], "i64", -4.0, 4.0)
        # ExecuTorch's kernel takes Double scales only (etk's call passes Float ones)
        s = s.to(torch.float64)
        return "executorch (f64 scales)", lambda: ns.quantize_per_channel.out(
            x, s, z, 0, lo, hi, DTYPES[q], out=o)
    if op in ("dequantize_per_tensor", "dequantize_per_channel"):
        lo, hi, zp = QPARAMS[dt]
        span = min(hi - lo, 1 << 20)
        x = filled(shape, dt, float(lo), float(lo + span))
        out_dtype = DTYPES[to] if to else None
        o = torch.empty(shape, dtype=out_dtype or torch.float32)
        if dt not in ("u8", "i8") or to:
            if op == "dequantize_per_tensor":
                return "torch reference", lambda: ns.dequantize_per_tensor.default(
                    x, SCALE, zp, lo, hi, DTYPES[dt], out_dtype=out_dtype)
        if op == "dequantize_per_tensor":
            return "executorch", lambda: ns.dequantize_per_tensor.out(
                x, SCALE, zp, lo, hi, DTYPES[dt], out_dtype=out_dtype, out=o)
        s, z = filled([shape[0]], "f32", 0.01, 0.05), filled([shape[0]], "i64", -4.0, 4.0)
        # not tried through ExecuTorch's kernel (its checks abort the process)
        return "torch reference", lambda: ns.dequantize_per_channel.default(
            x, s, z, 0, lo, hi, DTYPES[dt], out_dtype=out_dtype)
    rows, cols = shape
    n = shapes[1][0] if len(shapes) > 1 else 64
    idx = filled([n], "i64", 0.0, float(rows))
    if op == "embedding_byte":
        w = filled([rows, cols], "u8", 0.0, 256.0)
        s = filled([rows], dt, 0.01, 0.05)
        return "torch reference", lambda: ns.embedding_byte.default(w, s, None, 0, 255, idx)
    w = filled([rows, cols // 2], "u8", 0.0, 256.0)
    s = filled([rows, (cols + 31) // 32], dt, 0.01, 0.05)
    return "torch reference", lambda: ns.embedding_4bit.default(w, s, None, -8, 7, idx)


GBS = re.compile(r"us\s+([0-9.]+) GB/s\s+([0-9.]+)% of (.*)$")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--filter", default="")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--opbench", help="an opbench binary to use instead of building the release one")
    args = ap.parse_args()
    torch.set_num_threads(1)
    opbench = args.opbench
    if not opbench:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "etk-benches", "--bin",
                        "opbench"], cwd=ROOT, check=True)
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
        opbench = os.path.join(target, "release", "opbench")
    empty = torch.empty(0)
    overhead = median_us(lambda: torch.ops.aten.neg.out(empty, out=empty))
    rows, raw = [], []
    for case in CASES:
        if args.filter not in case:
            continue
        op, dt, shapes, to = parse(case)
        label, f = peer_call(op, dt, shapes, to)
        etk, ref, peer, lines = [], [], [], []
        for _ in range(args.rounds):
            us, line = run_line([opbench, *case.split(), "--lib", "optimized"])
            etk.append(us)
            lines.append(line)
            peer.append(median_us(f))
            us, line = run_line([opbench, *case.split(), "--lib", "portable"])
            ref.append(us)
            lines.append(line)
        m = GBS.search(lines[0] or "")
        e, r, p = (statistics.median(v) for v in (etk, ref, peer))
        rows.append((case, e, m.group(1) if m else "?", m.group(2) if m else "?", r, label, p))
        raw.extend(lines)
        print(f"{case}: etk {e:.1f} us, reference {r:.1f} us, {label} {p:.1f} us", file=sys.stderr)
    print(f"Python dispatch of an empty `aten::neg.out`: {overhead:.2f} us per call (in the "
          "peer's times).\n")
    print("| call | etk (µs) | GB/s | % of limit | etk reference (µs) | peer | peer (µs) | "
          "peer / etk | reference / etk |")
    print("| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    for case, e, gbs, pct, r, label, p in rows:
        print(f"| `{case}` | {e:.1f} | {gbs} | {pct}% | {r:.1f} | {label} | {p:.1f} | "
              f"{p / e:.2f} | {r / e:.2f} |")
    print("\nRaw opbench lines (first round: optimized, then portable):\n")
    print("```")
    for line in raw:
        print(line)
    print("```")


if __name__ == "__main__":
    main()
