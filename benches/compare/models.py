"""Whole programs: every committed `testing/models/NAME.pte` (with its test vectors) run in
ExecuTorch 1.5.1's runtime and in etk-run, one thread each, on the same inputs; prints the
median latency per model and the ratio. Never run in CI.

    ~/torchenv/bin/python benches/compare/models.py [--filter SUBSTRING] [--iters N] [--lib LIB]

- **etk**: `etk-run NAME.pte --io NAME.io.safetensors --iters N --threads 1 --lib default`
  (release build): the test vectors are checked first, then N calls are timed one by one on
  the last call's inputs; its median is taken.
- **ExecuTorch 1.5.1**: the `executorch` python package's runtime (`executorch.runtime`, whose
  pybindings link `libexecutorch_kernels_optimized.so`: ExecuTorch's optimized kernels and its
  portable ones for the rest, as shipped in the wheel), its threadpool reset to one thread.
  The same inputs are set (`set_inputs`, untimed) before each of N calls of the method's
  `execute()`, timed one by one with `time.perf_counter` and the median taken: no tensor conversion in the
  timed call, only pybind's call overhead (well under a microsecond).

A model that one runtime cannot run is listed with its error. The ratio is ExecuTorch's
median over etk's (above 1: etk is faster)."""
import argparse
import json
import os
import re
import statistics
import struct
import subprocess
import sys
import time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS = os.path.join(ROOT, "testing", "models")
DTYPES = {"F32": torch.float32, "F64": torch.float64, "I64": torch.int64, "I32": torch.int32,
          "BOOL": torch.bool, "U8": torch.uint8, "I8": torch.int8, "F16": torch.float16,
          "BF16": torch.bfloat16, "I16": torch.int16}


def read_io(path):
    """The last call's inputs of a test-vector file (FORMAT.md), in the program's dim order."""
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    meta = header.pop("__metadata__")
    body = data[8 + n:]
    steps = int(meta.get("n_steps", "1"))
    prefix = f"s{steps - 1}." if "n_steps" in meta else ""
    inputs = []
    for i in range(int(meta["n_inputs"])):
        h = header[f"{prefix}input_{i}"]
        a, b = h["data_offsets"]
        dt = DTYPES[h["dtype"]]
        t = torch.frombuffer(bytearray(body[a:b]), dtype=dt).reshape(h["shape"]).clone()
        order = meta.get(f"input_{i}_dim_order")
        if order:
            perm = [int(x) for x in order.split(",")]
            t = t.permute(perm).contiguous().permute(sorted(range(len(perm)), key=perm.__getitem__))
        kind = meta.get(f"input_{i}_kind")
        if kind:
            t = {"int": int, "float": float, "bool": bool}[kind](t.item())
        inputs.append(t)
    return inputs


def executorch_us(pte, inputs, iters, warmup):
    from executorch.runtime import Runtime
    # quantized_decomposed's kernels (convnet_q) live in a library of their own, registered
    # with the runtime when imported.
    import executorch.kernels.quantized  # noqa: F401

    method = Runtime.get().load_program(pte).load_method("forward")._method
    # Inputs are set again (untimed) before every call: ExecuTorch copies them into planned
    # memory that the plan may reuse once they are consumed, so a second execute() without
    # set_inputs can read garbage (llama's embedding then fails on its token index).
    for _ in range(warmup):
        method.set_inputs(inputs)
        method.execute()
    ts = []
    for _ in range(iters):
        method.set_inputs(inputs)
        t = time.perf_counter()
        method.execute()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts) * 1e6


MEDIAN = re.compile(r"median ([0-9.]+) us")


def etk_us(etk_run, pte, io, iters, warmup, lib):
    r = subprocess.run([etk_run, pte, "--io", io, "--iters", str(iters), "--warmup", str(warmup),
                        "--threads", "1", "--lib", lib], capture_output=True, text=True)
    out = (r.stdout + r.stderr).strip().splitlines()
    m = MEDIAN.search(r.stdout)
    if r.returncode != 0 or not m:
        return None, out[-1:] or ["no output"]
    return float(m.group(1)), [line for line in out if "latency" in line or "match" in line]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--filter", default="")
    ap.add_argument("--iters", type=int, default=2000)
    ap.add_argument("--warmup", type=int, default=200)
    ap.add_argument("--lib", default="default")
    ap.add_argument("--etk-run", default="",
                    help="an etk-run binary to time instead of building this checkout's "
                         "(before/after comparisons alternate two builds)")
    args = ap.parse_args()
    if args.etk_run:
        etk_run = args.etk_run
    else:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "etk-run"], cwd=ROOT, check=True)
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
        etk_run = os.path.join(target, "release", "etk-run")
    import executorch.extension.pybindings.portable_lib as et

    et._unsafe_reset_threadpool(1)
    rows, raw = [], [f"ExecuTorch threadpool: {et._threadpool_get_thread_count()} thread(s)"]
    names = sorted(f[:-len(".io.safetensors")] for f in os.listdir(MODELS)
                   if f.endswith(".io.safetensors"))
    for name in names:
        if args.filter not in name:
            continue
        pte, io = os.path.join(MODELS, name + ".pte"), os.path.join(MODELS, name + ".io.safetensors")
        e, lines = etk_us(etk_run, pte, io, args.iters, args.warmup, args.lib)
        raw += [f"{name}: etk {line}" for line in lines]
        try:
            x = executorch_us(pte, read_io(io), args.iters, args.warmup)
        except Exception as err:  # a model ExecuTorch cannot load or run
            x = None
            raw.append(f"{name}: executorch error {str(err).splitlines()[0] if str(err) else type(err)}")
        rows.append((name, e, x))
        print(f"{name:<16} etk {e} executorch {x}", file=sys.stderr)

    def fmt(v):
        return "—" if v is None else f"{v:.2f}"

    print(f"| model | etk-run µs (median, --lib {args.lib}) | ExecuTorch µs (median) | ExecuTorch / etk |")
    print("| --- | --: | --: | --: |")
    for name, e, x in rows:
        print(f"| `{name}` | {fmt(e)} | {fmt(x)} | {fmt(x / e if e and x else None)} |")
    print(f"\n{len(rows)} models, {args.iters} timed calls each after {args.warmup} warm-up calls\n")
    print("```")
    print("\n".join(raw))
    print("```")


if __name__ == "__main__":
    main()
