"""PyTorch eager, one thread, with out= tensors, on opbench's shapes: the reference etk's
optimized kernels are held against. Run where torch is installed (never in CI):
    ~/torchenv/bin/python benches/compare/torch_eager.py
Prints one line per measurement: op, lib=torch, shape, median µs."""
import time
import torch

torch.set_num_threads(1)


def median_us(f, min_s=0.05, samples=9):
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


def x(*s, dt=torch.float32, lo=0.5, hi=2.0):
    return torch.empty(*s, dtype=dt).uniform_(lo, hi)


cases = [
    ("add", "65536", lambda: (lambda a, b, o: lambda: torch.add(a, b, out=o))(x(65536), x(65536), x(65536))),
    ("add", "16777216", lambda: (lambda a, b, o: lambda: torch.add(a, b, out=o))(x(1 << 24), x(1 << 24), x(1 << 24))),
    ("add", "64x1024,1024", lambda: (lambda a, b, o: lambda: torch.add(a, b, out=o))(x(64, 1024), x(1024), x(64, 1024))),
    ("mul bf16", "65536", lambda: (lambda a, b, o: lambda: torch.mul(a, b, out=o))(
        x(65536, dt=torch.bfloat16), x(65536, dt=torch.bfloat16), x(65536, dt=torch.bfloat16))),
    ("exp", "65536", lambda: (lambda a, o: lambda: torch.exp(a, out=o))(x(65536), x(65536))),
    ("tanh", "65536", lambda: (lambda a, o: lambda: torch.tanh(a, out=o))(x(65536), x(65536))),
    ("gelu", "65536", lambda: (lambda a, o: lambda: torch._C._nn.gelu(a, out=o))(x(65536, lo=-3, hi=3), x(65536))),
    ("mm", "256x256,256x256", lambda: (lambda a, b, o: lambda: torch.mm(a, b, out=o))(x(256, 256), x(256, 256), x(256, 256))),
    ("mm", "1024x1024,1024x1024", lambda: (lambda a, b, o: lambda: torch.mm(a, b, out=o))(
        x(1024, 1024), x(1024, 1024), x(1024, 1024))),
    ("linear", "196x576,64x576", lambda: (lambda a, w: lambda: torch.nn.functional.linear(a, w))(x(196, 576), x(64, 576))),
    ("linear", "1x4096,4096x4096", lambda: (lambda a, w: lambda: torch.nn.functional.linear(a, w))(x(1, 4096), x(4096, 4096))),
]
for op, shape, make in cases:
    print("%-10s lib=torch     threads=1 shape=%-24s %10.2f us" % (op, shape, median_us(make())))
