"""etk's optimized kernels against ExecuTorch 1.5.1's kernels and PyTorch 2.13 eager, one
thread, on the same calls: for every kernel etk-optimized registers, representative shapes and
dtypes; the same input values (opbench's fill formula), the same argument values, out= tensors
everywhere. Prints one markdown table and the raw lines. Never run in CI.

    ~/torchenv/bin/python benches/compare/compare.py [--filter SUBSTRING] [--no-executorch]
        [--movement]

It builds opbench (cargo, release) and etbench (benches/compare/executorch/build.sh, which
fetches the executorch wheel into ~/.cache/etk-executorch), and imports torch in-process
(torch.set_num_threads(1)). The goal of the issue: etk >= 2x ExecuTorch and >= torch."""
import argparse
import os
import re
import subprocess
import sys
import time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BINARY = ["add", "sub", "mul", "div", "maximum", "minimum"]
COMPARE = ["eq", "ne", "lt", "le", "gt", "ge"]
UNARY = [
    "exp", "log", "tanh", "sigmoid", "gelu", "erf", "sqrt", "rsqrt", "neg", "abs", "relu", "elu"
]
N = "65536"

# The data-movement kernels (benches/src/movement.rs explains their `--args`).
MOVEMENT = [
    "permute_copy f32 64x128x32 --args 2,0,1",
    "permute_copy f32 1x128x8x64 --args 0,2,1,3",
    "permute_copy f32 768x3072 --args 1,0",
    "permute_copy bf16 768x3072 --args 1,0",
    "permute_copy f32 1x4x16x8 --args 0,1,3,2",
    "transpose_copy f32 64x128x32 --args 0,2",
    "t_copy f32 256x1024",
    "expand_copy f32 1x8x1x64 --other 1x8x128x64",
    "view_copy f32 64x1024 --other 1024x64",
    "unsqueeze_copy f32 64x1024 --args 1",
    "squeeze_copy f32 64x1x1024 --args 1",
    "clone f32 1x64x56x56 --args 0,2,3,1",
    "clone_dim_order f32 1x64x56x56 --args 0,2,3,1",
    "to_dim_order_copy f32 1x64x56x56 --args 0,2,3,1",
    "to_dim_order_copy f32 1x64x56x56 --args 0,1,2,3 --to bf16",
    "cat f32 1x32x56x56 1x32x56x56 --args 1",
    "cat f32 1x1x4x4x1 1x1x4x4x1 --args -1",
    "stack f32 64x256 64x256 --args 1",
    "slice_copy f32 1x128x8x64 --args 1,0,64,1",
    "slice_copy f32 64x1024 --args 1,0,1024,2",
    "select_copy f32 8x128x64 --args 1,5",
    "split_copy f32 128x2304 --args 768,1",
    "split_with_sizes_copy f32 128x2304 --args 1,768,768,768",
    "constant_pad_nd f32 1x64x56x56 --args 1,1,1,1",
    "pixel_shuffle f32 1x64x56x56 --args 2",
    "pixel_unshuffle f32 1x16x112x112 --args 2",
    "upsample_nearest2d f32 1x32x64x64 --args 128,128",
    "upsample_nearest2d f32 1x32x64x64 --args 96,96",
    "index_select f32 4096x256 --other 1024",
    "index_select f32 256x4096 --other 1024 --args 1",
    "embedding f32 32000x256 --other 512",
    "index f32 4096x256 --other 1024",
    "index_put f32 1x4x16x8 --other 1 --args 0,2",
    "index_put f32 4096x256 --other 1024",
]

# (op, dtype, shapes...) in opbench's syntax; `--other S` and `--to D` as opbench takes them.
CASES = (
    [f"{op} f32 {N}" for op in BINARY + COMPARE]
    + [f"{op}.Scalar_out f32 {N}" for op in ["add", "sub", "mul", "div"] + COMPARE]
    + [f"{op} f32 {N}" for op in UNARY]
    + [f"{op} f32 {N}" for op in ["clamp", "hardtanh", "where", "clamp.Tensor_out"]]
    + [f"{op} f32 {N}" for op in ["div.out_mode", "div.Scalar_mode_out"]]
    + [
        f"to_copy f32 {N} --to bf16",
        f"to_copy bf16 {N} --to f32",
        f"to_copy f32 {N} --to f16",
        f"to_copy f32 {N} --to i32",
        "add f32 16777216",
        "mul f32 16777216",
        "add f32 64x1024 --other 1024",
        "add f32 64x1024 --other 64x1",
        "mul f32 64x16x64 --other 64x1x64",
        f"add bf16 {N}",
        f"mul bf16 {N}",
        f"add f16 {N}",
        f"exp bf16 {N}",
        f"gelu bf16 {N}",
        f"sigmoid f16 {N}",
        f"add i32 {N}",
        f"mul i64 {N}",
        f"lt i32 {N}",
        f"add u8 {N}",
        f"mul i8 {N}",
        f"maximum i16 {N}",
        f"relu u8 {N}",
        f"elu bf16 {N}",
        "mm f32 64x64 64x64",
        "mm f32 128x128 128x128",
        "mm f32 256x256 256x256",
        "mm f32 1024x1024 1024x1024",
        "mm bf16 256x256 256x256",
        "linear f32 196x576 64x576",
        "linear f32 128x768 768x768",
        "linear f32 128x768 3072x768",
        "linear f32 1x4096 4096x4096",
        "linear f32 8x4096 4096x4096",
        "addmm f32 128x768 768x768",
        "bmm f32 8x128x128 8x128x128",
    ]
    # convolutions (opbench's syntax: INPUT WEIGHT SxPxDxG[xOP], --cl for channels-last)
    + [
        "convolution f32 1x64x56x56 64x64x3x3 1x1x1x1",
        "convolution f32 1x64x56x56 64x64x3x3 1x1x1x1 --cl",
        "convolution f32 1x64x56x56 64x64x1x1 1x0x1x1",
        "convolution f32 1x64x56x56 64x64x1x1 1x0x1x1 --cl",
        "convolution f32 1x3x224x224 32x3x3x3 2x1x1x1",
        "convolution f32 1x3x224x224 32x3x3x3 2x1x1x1 --cl",
        "convolution f32 1x64x56x56 64x64x3x3 1x2x2x1",
        "convolution f32 1x64x56x56 64x16x3x3 1x1x1x4",
        "convolution f32 1x96x56x56 96x1x3x3 1x1x1x96",
        "convolution f32 1x96x56x56 96x1x3x3 1x1x1x96 --cl",
        "convolution f32 1x64x4096 64x64x3 1x1x1x1",
        "convolution bf16 1x64x56x56 64x64x3x3 1x1x1x1",
        "convolution f16 1x64x56x56 64x64x3x3 1x1x1x1",
        "conv_transpose f32 1x128x28x28 128x64x2x2 2x0x1x1",
        "conv_transpose f32 1x128x28x28 128x64x2x2 2x0x1x1 --cl",
        "conv_transpose f32 1x64x28x28 64x32x3x3 2x1x1x1x1",
        "conv_transpose f32 1x64x1024 64x32x4 2x1x1x1",
        "conv_transpose bf16 1x128x28x28 128x64x2x2 2x0x1x1",
    ]
    + MOVEMENT
)

DTYPES = {
    "f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "f64": torch.float64,
    "i32": torch.int32, "i64": torch.int64, "i8": torch.int8, "u8": torch.uint8, "i16": torch.int16,
    "bool": torch.bool,
}
SCALAR_OTHER, CLAMP_MIN, CLAMP_MAX = 1.25, 0.75, 1.5  # benches/src/cli.rs


def parse(case):
    words = case.split()
    other = to = None
    if "--args" in words:
        i = words.index("--args")
        del words[i:i + 2]
    if "--other" in words:
        i = words.index("--other")
        other = words[i + 1]
        del words[i:i + 2]
    if "--to" in words:
        i = words.index("--to")
        to = words[i + 1]
        del words[i:i + 2]
    cl = "--cl" in words  # a convolution's tensors channels-last: op ":cl"
    if cl:
        words.remove("--cl")
    op, dt, *shapes = words
    if cl:
        op += ":cl"
    if other:
        shapes.append(other)
    return op, dt, [[int(d) for d in s.split("x")] for s in shapes], to


def filled(shape, dt, lo, hi):
    """opbench's values: lo + (hi - lo) * ((i * 7919) % 1000) / 1000, rounded to the dtype."""
    n = 1
    for d in shape:
        n *= d
    i = torch.arange(n, dtype=torch.int64)
    v = lo + (hi - lo) * ((i * 7919) % 1000).to(torch.float64) / 1000.0
    return v.to(DTYPES[dt]).reshape(shape)


def index_list(d, idx):
    """`[None] * d + [idx]`: advanced indexing of dim `d`."""
    return [None] * d + [idx]


def movement_call(case):
    """The torch call of a MOVEMENT case (the same arguments as benches/src/movement.rs)."""
    aten = torch.ops.aten
    words = case.split()
    args = []
    if "--args" in words:
        args = [int(v) for v in words[words.index("--args") + 1].split(",")]
    op, dt, shapes, to = parse(case)
    shape = shapes[0]
    a = filled(shape, dt, -4.0, 4.0)
    empty = lambda s: torch.empty(s, dtype=DTYPES[dt])
    if op == "permute_copy":
        o = empty([shape[d] for d in args])
        return lambda: aten.permute_copy.out(a, args, out=o)
    if op in ("transpose_copy", "t_copy"):
        d0, d1 = args if op == "transpose_copy" else (-2, -1)
        o = empty(a.transpose(d0, d1).shape)
        if op == "t_copy":
            return lambda: aten.t_copy.out(a, out=o)
        return lambda: aten.transpose_copy.int_out(a, d0, d1, out=o)
    if op == "expand_copy":
        o = empty(shapes[1])
        return lambda: aten.expand_copy.out(a, shapes[1], out=o)
    if op == "view_copy":
        o = empty(shapes[1])
        return lambda: aten.view_copy.out(a, shapes[1], out=o)
    if op == "unsqueeze_copy":
        o = empty(a.unsqueeze(args[0]).shape)
        return lambda: aten.unsqueeze_copy.out(a, args[0], out=o)
    if op == "squeeze_copy":
        o = empty(a.squeeze(args[0]).shape)
        return lambda: aten.squeeze_copy.dim_out(a, args[0], out=o)
    if op in ("clone", "clone_dim_order", "to_dim_order_copy"):
        o = empty([shape[d] for d in args]).permute(*[args.index(d) for d in range(len(args))])
        o = o.to(DTYPES[to]) if to else o
        if op == "clone":
            return lambda: aten.clone.out(a, out=o)
        return lambda: o.copy_(a)  # torch has no dim_order ops: the same copy
    if op in ("cat", "stack"):
        ts = [filled(s, dt, -4.0, 4.0) for s in shapes]
        d = args[0] if args else 0
        f = torch.cat if op == "cat" else torch.stack
        o = empty(f(ts, d).shape)
        return lambda: f(ts, d, out=o)
    if op == "slice_copy":
        d, start, end, step = args
        o = empty(aten.slice_copy.Tensor(a, d, start, end, step).shape)
        return lambda: aten.slice_copy.Tensor_out(a, d, start, end, step, out=o)
    if op == "select_copy":
        o = empty(a.select(args[0], args[1]).shape)
        return lambda: aten.select_copy.int_out(a, args[0], args[1], out=o)
    if op in ("split_copy", "split_with_sizes_copy"):
        if op == "split_copy":
            parts = torch.split(a, args[0], args[1])
            os_ = [empty(p.shape) for p in parts]
            return lambda: aten.split_copy.Tensor_out(a, args[0], args[1], out=os_)
        parts = torch.split(a, args[1:], args[0])
        os_ = [empty(p.shape) for p in parts]
        return lambda: aten.split_with_sizes_copy.out(a, args[1:], args[0], out=os_)
    if op == "constant_pad_nd":
        o = empty(torch.nn.functional.pad(a, args).shape)
        return lambda: aten.constant_pad_nd.out(a, args, 0, out=o)
    if op in ("pixel_shuffle", "pixel_unshuffle"):
        f = getattr(aten, op)
        o = empty(f(a, args[0]).shape)
        return lambda: f.out(a, args[0], out=o)
    if op == "upsample_nearest2d":
        o = empty(shape[:2] + args)
        return lambda: aten.upsample_nearest2d.vec_out(a, args, None, out=o)
    if op in ("index_select", "embedding", "index", "index_put"):
        n = shapes[1]
        if op == "index_put":
            d = args[1] if len(args) > 1 else 0
        else:
            d = args[0] if args else 0
        idx = filled(n, "i64", 0.0, float(shape[d])).clamp(0, shape[d] - 1)
        if op == "index_select":
            o = empty(torch.index_select(a, d, idx).shape)
            return lambda: torch.index_select(a, d, idx, out=o)
        if op == "embedding":
            o = empty(n + [shape[1]])
            return lambda: aten.embedding.out(a, idx, out=o)
        picked = a[tuple([slice(None)] * d + [idx])]
        if op == "index":
            o = empty(picked.shape)
            return lambda: aten.index.Tensor_out(a, index_list(d, idx), out=o)
        v = filled(list(picked.shape), dt, -1.0, 1.0)
        o = empty(shape)
        acc = bool(args[0]) if args else False
        return lambda: aten.index_put.out(a, index_list(d, idx), v, acc, out=o)
    raise ValueError(f"no torch call for {op}")


def torch_call(op, dt, shapes, to, case=""):
    """A closure making the same out= call in eager PyTorch."""
    aten = torch.ops.aten
    if case in MOVEMENT:
        return movement_call(case)
    base, _, overload = op.partition(".")
    shape = shapes[0]
    if base == "div" and overload in ("out_mode", "Scalar_mode_out"):
        a = filled(shape, dt, 0.5, 2.0)
        b = filled(shape, dt, 0.5, 2.0) if overload == "out_mode" else SCALAR_OTHER
        o = torch.empty(shape, dtype=DTYPES[dt])
        return lambda: torch.div(a, b, rounding_mode="trunc", out=o)
    if base == "clamp" and overload == "Tensor_out":
        a = filled(shape, dt, 0.5, 2.0)
        lo = filled(shape, dt, CLAMP_MIN - 0.25, CLAMP_MIN + 0.25)
        hi = filled(shape, dt, CLAMP_MAX - 0.25, CLAMP_MAX + 0.25)
        o = torch.empty(shape, dtype=DTYPES[dt])
        return lambda: torch.clamp(a, lo, hi, out=o)
    if base in BINARY + COMPARE and overload != "Scalar_out":
        a, b = filled(shape, dt, 0.5, 2.0), filled(shapes[1] if len(shapes) > 1 else shape, dt, 0.5, 2.0)
        o = torch.empty(torch.broadcast_shapes(a.shape, b.shape),
                        dtype=torch.bool if base in COMPARE else DTYPES[dt])
        f = getattr(torch, base)
        if base in ("add", "sub"):
            return lambda: f(a, b, alpha=1, out=o)
        return lambda: f(a, b, out=o)
    if overload == "Scalar_out":
        a = filled(shape, dt, 0.5, 2.0)
        o = torch.empty(shape, dtype=torch.bool if base in COMPARE else DTYPES[dt])
        f = getattr(torch, base)
        if base in ("add", "sub"):
            return lambda: f(a, SCALAR_OTHER, alpha=1, out=o)
        return lambda: f(a, SCALAR_OTHER, out=o)
    if base in UNARY:
        lo, hi = (-3.0, 3.0) if base in ("gelu", "tanh", "elu") else (0.25, 3.0)
        a, o = filled(shape, dt, lo, hi), torch.empty(shape, dtype=DTYPES[dt])
        if base == "gelu":
            return lambda: torch._C._nn.gelu(a, approximate="none", out=o)
        if base == "relu":
            return lambda: aten.relu.out(a, out=o)
        if base == "elu":
            return lambda: torch._C._nn.elu(a, 1, 1, 1, out=o)
        f = getattr(torch, base)
        return lambda: f(a, out=o)
    if base in ("clamp", "hardtanh"):
        a, o = filled(shape, dt, 0.5, 2.0), torch.empty(shape, dtype=DTYPES[dt])
        if base == "clamp":
            return lambda: torch.clamp(a, CLAMP_MIN, CLAMP_MAX, out=o)
        return lambda: torch._C._nn.hardtanh(a, CLAMP_MIN, CLAMP_MAX, out=o)
    if base == "where":
        c = (torch.arange(int(torch.tensor(shape).prod())) % 3 == 0).reshape(shape)
        a = filled(shape, dt, 0.5, 2.0)
        b = filled(shapes[1] if len(shapes) > 1 else shape, dt, 0.5, 2.0)
        o = torch.empty(shape, dtype=DTYPES[dt])
        return lambda: torch.where(c, a, b, out=o)
    if base == "to_copy":
        a, o = filled(shape, dt, -100.0, 100.0), torch.empty(shape, dtype=DTYPES[to])
        return lambda: aten._to_copy.out(a, out=o)
    if base in ("mm", "linear", "addmm"):
        a, w = filled(shapes[0], dt, -1.0, 1.0), filled(shapes[1], dt, -1.0, 1.0)
        n = w.shape[0] if base == "linear" else w.shape[1]
        o = torch.empty(a.shape[0], n, dtype=DTYPES[dt])
        if base == "mm":
            return lambda: torch.mm(a, w, out=o)
        if base == "linear":
            return lambda: aten.linear.out(a, w, None, out=o)
        bias = filled([n], dt, -1.0, 1.0)
        return lambda: torch.addmm(bias, a, w, beta=1, alpha=1, out=o)
    if base == "bmm":
        a, b = filled(shapes[0], dt, -1.0, 1.0), filled(shapes[1], dt, -1.0, 1.0)
        o = torch.empty(a.shape[0], a.shape[1], b.shape[2], dtype=DTYPES[dt])
        return lambda: torch.bmm(a, b, out=o)
    if base.startswith("conv"):
        return conv_call(op, dt, shapes)
    raise ValueError(f"no torch call for {op}")


def conv_call(op, dt, shapes):
    """torch's own convolution on opbench's tensors (`aten.convolution`, what F.conv2d and
    friends call: the out= overload only adds a copy)."""
    base, _, cl = op.partition(":")
    transposed = base == "conv_transpose"
    st, pad, dil, g, *opad = shapes[2] if len(shapes) > 2 else [1, 0, 1, 1]
    k = len(shapes[0]) - 2
    x, w = filled(shapes[0], dt, -1.0, 1.0), filled(shapes[1], dt, -1.0, 1.0)
    if cl:
        # channels-last in any rank: channels densest
        x = x.movedim(1, -1).contiguous().movedim(-1, 1)
        w = w.movedim(1, -1).contiguous().movedim(-1, 1)
    f = torch.ops.aten.convolution.default
    args = (None, [st] * k, [pad] * k, [dil] * k, transposed, [opad[0] if opad else 0] * k, g)
    return lambda: f(x, w, *args)


def median_us(f, min_s=0.05, samples=9):
    """The timing of opbench (benches/src/timing.rs) and etbench: median of batches."""
    f()
    reps = 1
    while True:
        t = time.perf_counter()
        for _ in range(reps):
            f()
        if time.perf_counter() - t > min_s / 4:
            break
        reps *= 2
    ts = []
    for _ in range(samples):
        t = time.perf_counter()
        for _ in range(reps):
            f()
        ts.append((time.perf_counter() - t) / reps)
    ts.sort()
    return ts[len(ts) // 2] * 1e6


US = re.compile(r"\s([0-9.]+) us")


def run_line(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, (r.stderr or r.stdout).strip().splitlines()[-1:]
    line = r.stdout.strip().splitlines()[-1]
    return float(US.search(line).group(1)), line


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--filter", default="")
    ap.add_argument("--no-executorch", action="store_true")
    ap.add_argument("--movement", action="store_true", help="only the data-movement rows")
    args = ap.parse_args()
    torch.set_num_threads(1)
    torch.set_grad_enabled(False)
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "etk-benches", "--bin", "opbench"],
                   cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    opbench = os.path.join(target, "release", "opbench")
    etbench = None
    if not args.no_executorch:
        etbench = subprocess.run([os.path.join(ROOT, "benches/compare/executorch/build.sh")],
                                 capture_output=True, text=True, check=True,
                                 env=dict(os.environ, PIP=os.path.join(os.path.dirname(sys.executable), "pip"))
                                 ).stdout.strip().splitlines()[-1]
    rows, raw = [], []
    for case in MOVEMENT if args.movement else CASES:
        if args.filter not in case:
            continue
        op, dt, shapes, to = parse(case)
        etk_us, line = run_line([opbench, *case.split(), "--threads", "1"])
        raw.append(line if etk_us else f"{case}: etk error {line}")
        et_us = None
        if etbench and not op.startswith("conv"):  # etbench has no convolution
            et_us, line = run_line([etbench, *case.split()])
            raw.append(line if et_us else f"{case}: executorch error {line}")
        try:
            torch_us = median_us(torch_call(op, dt, shapes, to, case))
        except Exception as e:  # an op torch has no out= form for
            torch_us = None
            raw.append(f"{case}: torch error {e}")
        rows.append((case, etk_us, torch_us, et_us))
        print(f"{case:<40} etk {etk_us} torch {torch_us} executorch {et_us}", file=sys.stderr)

    def fmt(v):
        return "—" if v is None else f"{v:.2f}"

    print("| call | etk µs | torch µs | ExecuTorch µs | vs ExecuTorch (goal ≥ 2) | vs torch (goal ≥ 1) |")
    print("| --- | --: | --: | --: | --: | --: |")
    misses = 0
    for case, e, t, x in rows:
        vs_et = x / e if e and x else None
        vs_t = t / e if e and t else None
        miss_et = vs_et is not None and vs_et < 2
        miss_t = vs_t is not None and vs_t < 1
        misses += miss_et or miss_t
        print(f"| `{case}` | {fmt(e)} | {fmt(t)} | {fmt(x)} | "
              f"{'**' if miss_et else ''}{fmt(vs_et)}{'**' if miss_et else ''} | "
              f"{'**' if miss_t else ''}{fmt(vs_t)}{'**' if miss_t else ''} |")
    print(f"\n{len(rows)} calls, {misses} below a goal (bold)\n")
    print("```")
    print("\n".join(raw))
    print("```")


if __name__ == "__main__":
    main()
