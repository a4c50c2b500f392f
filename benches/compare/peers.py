"""What models.py and ops.py share: the four runtimes they time side by side, one thread each.

- **etk**: `etk-run PROGRAM.pte --io IO --iters N` (release build), its median parsed;
- **ExecuTorch 1.5.1** (`executorch` wheel, `executorch.runtime`): the same `.pte` without a
  delegate, on the kernels the wheel's runtime registers (`libexecutorch_kernels_optimized.so`:
  ExecuTorch's optimized kernels where it has them, its portable kernels for the rest);
- **XNNPACK**: the same PyTorch module exported again with `to_edge_transform_and_lower(...,
  partitioner=[XnnpackPartitioner()])` (cached outside the repository, see `cache_dir`) and run
  in that runtime, whose XNNPACK backend takes what the partitioner delegated;
- **torch eager**: the module called in-process, `torch.set_num_threads(1)`, `no_grad`.

ExecuTorch's inputs are set again before every call, untimed (its memory plan may reuse an
input's memory once it is read); only `execute()` is timed. Never run in CI."""
import argparse
import hashlib
import json
import math
import os
import re
import statistics
import struct
import subprocess
import sys
import time
from collections import Counter

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS = os.path.join(ROOT, "testing", "models")
sys.path.insert(0, MODELS)
import export as models_export  # noqa: E402  (testing/models/export.py)

DTYPES = {"F32": torch.float32, "F64": torch.float64, "I64": torch.int64, "I32": torch.int32,
          "BOOL": torch.bool, "U8": torch.uint8, "I8": torch.int8, "F16": torch.float16,
          "BF16": torch.bfloat16, "I16": torch.int16}


def release_binaries(*names):
    """Builds etk's release binaries (etk-run, opbench) and returns their paths."""
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "etk-run", "-p", "etk-benches"],
                   cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return [os.path.join(target, "release", n) for n in names]


def cache_dir(kind):
    """Where exported programs are kept between runs: `$ETK_COMPARE_CACHE` or
    `~/.cache/etk-compare`, never the repository."""
    base = os.environ.get("ETK_COMPARE_CACHE", os.path.expanduser("~/.cache/etk-compare"))
    d = os.path.join(base, kind)
    os.makedirs(d, exist_ok=True)
    return d


# Part of every cache key: raise it when what is exported, or what is recorded of it, changes.
EXPORT_VERSION = 2


def digest(*parts):
    h = hashlib.sha256(f"torch {torch.__version__}, export {EXPORT_VERSION}".encode())
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
    return h.hexdigest()[:16]


def read_io(path, step=None):
    """The inputs of one call of a test-vector file (`../shared/models/FORMAT.md`; default the
    last call), each in the dim order the program takes it in; non-tensor inputs as Python
    values."""
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    meta = header.pop("__metadata__")
    body = data[8 + n:]
    steps = int(meta.get("n_steps", "1"))
    k = steps - 1 if step is None else step
    prefix = f"s{k}." if "n_steps" in meta else ""
    inputs = []
    for i in range(int(meta["n_inputs"])):
        h = header[f"{prefix}input_{i}"]
        a, b = h["data_offsets"]
        t = torch.frombuffer(bytearray(body[a:b]), dtype=DTYPES[h["dtype"]]).reshape(h["shape"]).clone()
        order = meta.get(f"input_{i}_dim_order")
        if order:
            perm = [int(x) for x in order.split(",")]
            t = t.permute(perm).contiguous().permute(sorted(range(len(perm)), key=perm.__getitem__))
        kind = meta.get(f"input_{i}_kind")
        if kind:
            t = {"int": int, "float": float, "bool": bool}[kind](t.item())
        inputs.append(t)
    return inputs


def write_io(path, name, inputs, outputs):
    """One call's test vectors, as testing/models/export.py writes them."""
    tensors = {f"input_{i}": t for i, t in enumerate(inputs)}
    tensors.update({f"output_{j}": t for j, t in enumerate(outputs)})
    meta = {"model": name, "n_inputs": str(len(inputs)), "n_outputs": str(len(outputs)),
            "producer": "benches/compare"}
    # a channels-last input is fed to etk-run in that dim order, as export.py's test vectors say
    meta.update({f"input_{i}_dim_order": "0,2,3,1" for i, t in enumerate(inputs)
                 if t.dim() == 4 and not t.is_contiguous()
                 and t.is_contiguous(memory_format=torch.channels_last)})
    models_export.write_safetensors(path, tensors, meta)


def op_name(target):
    """`aten.add.Tensor` -> `add.Tensor`, `quantized_decomposed.quantize_per_tensor.default` ->
    `quantize_per_tensor`; a Python function (a symbolic int's arithmetic) by its name."""
    name = getattr(target, "__name__", str(target))
    parts = name.split(".")
    if len(parts) >= 3:
        parts = parts[1:]
    if parts[-1] == "default":
        parts = parts[:-1]
    return ".".join(parts)


def ops_of(graph_module):
    """The operators a graph calls, counted by name (getitem left out)."""
    return Counter(
        op_name(n.target) for n in graph_module.graph.nodes
        if n.op == "call_function" and getattr(n.target, "__name__", "") != "getitem"
    )


def lower_xnnpack(module, example, dynamic_shapes=None, init_buffers=()):
    """`module` exported with everything the XNNPACK partitioner takes delegated: the program's
    bytes, and what was delegated and what was left to ExecuTorch's kernels."""
    from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner
    from executorch.exir import ExecutorchBackendConfig, to_edge_transform_and_lower
    from executorch.exir.passes.init_mutable_pass import InitializedMutableBufferPass

    ep = torch.export.export(module, tuple(example), dynamic_shapes=dynamic_shapes)
    edge = to_edge_transform_and_lower(ep, partitioner=[XnnpackPartitioner()])
    gm = edge.exported_program().graph_module
    left = ops_of(gm)
    n_delegates = left.pop("executorch_call_delegate", 0)
    delegated = Counter()
    for _, sub in gm.named_children():
        original = getattr(sub, "original_module", None)
        if original is not None:
            delegated += ops_of(original.graph_module)
    config = ExecutorchBackendConfig(passes=[InitializedMutableBufferPass(list(init_buffers))])
    with torch.no_grad():
        buffer = edge.to_executorch(config).buffer
    return buffer, {"delegates": n_delegates, "delegated": dict(delegated), "left": dict(left)}


def cached_xnnpack(name, key, make, kind="xnnpack"):
    """`make()` -> (module, example, dynamic_shapes, init_buffers), lowered to XNNPACK once per
    `key` into `cache_dir(kind)`: (the program's path, the coverage summary of `lower_xnnpack`)."""
    d = cache_dir(kind)
    pte, js = os.path.join(d, f"{name}-{key}.pte"), os.path.join(d, f"{name}-{key}.json")
    if not (os.path.exists(pte) and os.path.exists(js)):
        buffer, summary = lower_xnnpack(*make())
        with open(pte, "wb") as f:
            f.write(buffer)
        with open(js, "w") as f:
            json.dump(summary, f)
    with open(js) as f:
        return pte, json.load(f)


def coverage_text(summary):
    """`XNNPACK took 41 of 44 ops; left: index_put x2, ...`."""
    took, left = sum(summary["delegated"].values()), summary["left"]
    if not summary["delegates"]:
        return "not lowered (XNNPACK column = ExecuTorch's kernels)"
    rest = ", ".join(f"{k} x{v}" if v > 1 else k for k, v in sorted(left.items()))
    return f"XNNPACK took {took} of {took + sum(left.values())} ops" + (f"; left: {rest}" if rest else "")


class Timed:
    """A runtime called on fixed inputs in this process: `call_us()` times one call."""

    error = None

    def timing(self, iters, warmup):
        """(median, min) µs of `iters` calls timed one by one, after `warmup` untimed ones."""
        for _ in range(warmup):
            self.call_us()
        ts = [self.call_us() for _ in range(iters)]
        return statistics.median(ts), min(ts)


class EtMethod(Timed):
    """A program's `forward` loaded in ExecuTorch's runtime, called on fixed inputs."""

    def __init__(self, pte, inputs):
        from executorch.runtime import Runtime
        # quantized_decomposed's kernels live in a library of their own, registered with the
        # runtime when imported.
        import executorch.kernels.quantized  # noqa: F401

        self.method = Runtime.get().load_program(pte).load_method("forward")._method
        self.inputs = inputs

    def call_us(self):
        self.method.set_inputs(self.inputs)
        t = time.perf_counter()
        self.method.execute()
        return (time.perf_counter() - t) * 1e6


class TorchCall(Timed):
    """The module called in torch eager on fixed inputs (one thread, no_grad)."""

    def __init__(self, module, inputs):
        self.module, self.inputs = module, inputs

    def call_us(self):
        with torch.no_grad():
            t = time.perf_counter()
            self.module(*self.inputs)
            return (time.perf_counter() - t) * 1e6


ETK_LATENCY = re.compile(r"min ([0-9.]+) us, median ([0-9.]+) us")


class EtkRun:
    """`etk-run` on a program and its test vectors; each measurement is one process: the test
    vectors are checked, then `iters` calls timed (etk-run prints their median)."""

    def __init__(self, binary, pte, io, lib="default", extra=()):
        self.cmd = [binary, pte, "--io", io, "--threads", "1", "--lib", lib, *extra]
        self.error = None

    def timing(self, iters, warmup):
        r = subprocess.run([*self.cmd, "--iters", str(iters), "--warmup", str(warmup)],
                           capture_output=True, text=True)
        m = ETK_LATENCY.search(r.stdout)
        if r.returncode != 0 or not m:
            lines = (r.stdout + r.stderr).strip().splitlines()
            self.error = f"etk-run exit {r.returncode}: {lines[-1] if lines else 'no output'}"
            return None
        return float(m.group(2)), float(m.group(1))

    def profile(self, iters):
        r = subprocess.run([*self.cmd, "--iters", str(iters), "--profile"], capture_output=True, text=True)
        return (r.stdout + r.stderr).strip()


def arguments():
    """The command-line options both scripts take."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--filter", default="", help="only rows whose name contains this")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=0.2, help="per measurement")
    ap.add_argument("--max-iters", type=int, default=2000)
    return ap


def one_thread():
    """torch and ExecuTorch's threadpool on one thread."""
    torch.set_num_threads(1)
    import executorch.extension.pybindings.portable_lib as et

    et._unsafe_reset_threadpool(1)


def iterations(us_per_call, seconds, lo, hi):
    """How many calls fill about `seconds`, within [lo, hi]."""
    return max(lo, min(hi, int(seconds * 1e6 / max(us_per_call, 0.1))))


def first_line(e):
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def measure_rounds(table, rounds, seconds, max_iters, min_iters=3):
    """Times `table` = {row: {runtime: runner, or the text of why it cannot run}} in `rounds`
    interleaved rounds: each round measures every row on every runtime once (the order of rows
    and of runtimes rotating from round to round), each measurement as many calls as fill
    `seconds` (one call, after a warm-up one, sets that number). Returns ({row: {runtime:
    [(median, min) µs per round]}}, {(row, runtime): error text})."""
    rows = list(table)
    times = {r: {rt: [] for rt in table[r]} for r in rows}
    errors, iters = {}, {}
    for row in rows:
        for rt, runner in table[row].items():
            if isinstance(runner, str):
                errors[(row, rt)] = runner
                continue
            try:
                once = runner.timing(1, 1)
            except Exception as e:  # a runtime failing on the call
                once, runner.error = None, f"{rt}: {first_line(e)}"
            if once is None:
                errors[(row, rt)] = runner.error or f"{rt} failed"
                continue
            iters[(row, rt)] = iterations(once[0], seconds, min_iters, max_iters)
    for k in range(rounds):
        for row in rows[k % len(rows):] + rows[:k % len(rows)]:
            rts = list(table[row])
            for rt in rts[k % len(rts):] + rts[:k % len(rts)]:
                if (row, rt) in iters:
                    n = iters[(row, rt)]
                    t = table[row][rt].timing(n, max(2, n // 10))
                    if t is not None:
                        times[row][rt].append(t)
        print(f"round {k + 1}/{rounds} done", file=sys.stderr)
    return times, errors


def summary(rounds, stat):
    """Over the rounds' (median, min) pairs: `median`, the median of the medians (the figure
    reported); `min`, the least call of all (what a loaded machine disturbs least)."""
    if not rounds:
        return None
    if stat == "median":
        return statistics.median(m for m, _ in rounds)
    return min(lo for _, lo in rounds)


def ratio(row_times, num, den, stat="median"):
    """`num`'s time over `den`'s for one row (None where either has none)."""
    a, b = summary(row_times.get(num, []), stat), summary(row_times.get(den, []), stat)
    return a / b if a and b else None


def bold_above_1(r):
    """A ratio of etk's time to a peer's, bold where etk is slower."""
    return f"**{fmt(r)}**" if r and r > 1 else fmt(r)


def print_rounds(times):
    """Every measurement: per row and runtime, each round's median, and the least call."""
    print("Every round's median, then the least call, µs:\n\n```")
    for row, by_rt in times.items():
        cols = [f"{rt} " + (" ".join(fmt(m) for m, _ in ts) + f" (min {fmt(summary(ts, 'min'))})" if ts else "—")
                for rt, ts in by_rt.items()]
        print(f"{row}: " + " | ".join(cols))
    print("```")


def geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def fmt(v, digits=2):
    return "—" if v is None else f"{v:.{digits}f}"


def machine():
    """`lscpu`'s model line and `uptime`'s load, for the results file."""
    model = next((ln.split(":", 1)[1].strip() for ln in subprocess.run(
        ["lscpu"], capture_output=True, text=True).stdout.splitlines() if ln.startswith("Model name")), "?")
    return f"{model}, {os.cpu_count()} CPUs; uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}"
