"""Whole programs against the peers: every committed `testing/models/NAME.pte` with test vectors,
timed in one run, one thread, rounds interleaved, in etk-run (release), ExecuTorch 1.5.1 on its
kernels (no delegate), ExecuTorch 1.5.1 with what the XNNPACK partitioner takes, and torch eager
(see peers.py for each). Never run in CI.

    ~/torchenv/bin/python benches/compare/models.py [--filter SUBSTRING] [--rounds 5]
        [--seconds 0.2] [--profile] [--etk-run PATH]

Every runtime gets the same inputs: the test vectors' last call. The PyTorch module of each
program comes from `testing/models/export.py` (`module(NAME)`), exported again for XNNPACK into
`~/.cache/etk-compare/xnnpack` (re-exported when export.py or the program changes). Each round
times every program on every runtime (the order rotating from round to round), each measurement
the median of as many calls as fill `--seconds`; the figure reported is the median of the
rounds' medians. Prints, per program, the medians and etk/XNNPACK and etk/torch (below 1: etk is
faster), their geometric means over the model programs (issue 24's kinds) and over all, what
XNNPACK took of each program, and with `--profile` etk-run's per-operator breakdown of each."""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers import (  # noqa: E402
    MODELS, EtkRun, EtMethod, TorchCall, cached_xnnpack, coverage_text, digest, first_line, fmt,
    geomean, iterations, machine, measure_rounds, median_or_none, models_export, read_io,
    release_binaries,
)

RUNTIMES = ["etk", "executorch", "xnnpack", "torch"]


def runners(name, etk_run, lib):
    """The four runtimes' callables for program NAME (a runtime that cannot run it: its
    error text instead)."""
    pte, io = os.path.join(MODELS, name + ".pte"), os.path.join(MODELS, name + ".io.safetensors")
    inputs = read_io(io)
    out, notes = {"etk": EtkRun(etk_run, pte, io, lib)}, {}
    try:
        out["executorch"] = EtMethod(pte, inputs)
    except Exception as e:  # a program ExecuTorch cannot load
        out["executorch"] = f"ExecuTorch: {first_line(e)}"
    program = models_export.programs()[models_export.DERIVED.get(name, name)]

    def make():
        example = program.example() if program.example else read_io(io, step=0)
        return models_export.module(name), example, program.dynamic_shapes, program.init_buffers

    try:
        with open(pte, "rb") as f, open(models_export.__file__, "rb") as g:
            key = digest(name, f.read(), g.read())
        xpte, summary = cached_xnnpack(name, key, make)
        notes["xnnpack"] = coverage_text(summary)
        out["xnnpack"] = EtMethod(xpte, inputs)
    except Exception as e:  # the partitioner or the export failed
        out["xnnpack"] = f"XNNPACK: {first_line(e)}"
    try:
        out["torch"] = TorchCall(models_export.module(name), inputs)
    except Exception as e:
        out["torch"] = f"torch: {first_line(e)}"
    return out, notes, program.model


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--filter", default="")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=0.2, help="per measurement")
    ap.add_argument("--max-iters", type=int, default=2000)
    ap.add_argument("--lib", default="default")
    ap.add_argument("--profile", action="store_true", help="etk-run --profile of every program")
    ap.add_argument("--etk-run", default="", help="an etk-run binary instead of this checkout's")
    args = ap.parse_args()
    etk_run = args.etk_run or release_binaries("etk-run")[0]
    torch.set_num_threads(1)
    import executorch.extension.pybindings.portable_lib as et

    et._unsafe_reset_threadpool(1)
    names = sorted(f[:-len(".io.safetensors")] for f in os.listdir(MODELS)
                   if f.endswith(".io.safetensors") and args.filter in f)
    table, notes, is_model = {}, {}, {}
    for name in names:
        print(f"loading {name}", file=sys.stderr)
        table[name], notes[name], is_model[name] = runners(name, etk_run, args.lib)
    times, errors = measure_rounds(table, args.rounds, args.seconds, args.max_iters)

    def med(name, rt):
        return median_or_none(times[name][rt])

    print(f"Machine: {machine()}\n")
    print(f"etk-run --lib {args.lib}; {args.rounds} rounds; µs per call, median of the rounds' medians;"
          " ratios below 1: etk is faster.\n")
    for title, group in (("Models (issue 24's kinds)", [n for n in names if is_model[n]]),
                         ("Runtime feature tests", [n for n in names if not is_model[n]])):
        if not group:
            continue
        print(f"### {title}\n")
        print("| program | etk | ExecuTorch (kernels) | ExecuTorch + XNNPACK | torch eager "
              "| etk / XNNPACK | etk / torch | etk / ExecuTorch |")
        print("| --- | --: | --: | --: | --: | --: | --: | --: |")
        rx, rt_, re_ = [], [], []
        for n in group:
            e, x, p, t = (med(n, rt) for rt in ("etk", "executorch", "xnnpack", "torch"))
            a = e / p if e and p else None
            b = e / t if e and t else None
            c = e / x if e and x else None
            rx.append(a), rt_.append(b), re_.append(c)
            print(f"| `{n}` | {fmt(e)} | {fmt(x)} | {fmt(p)} | {fmt(t)} | {fmt(a)} | "
                  f"{'**' if b and b > 1 else ''}{fmt(b)}{'**' if b and b > 1 else ''} | {fmt(c, 3)} |")
        slower = sum(1 for b in rt_ if b and b > 1)
        print(f"| geometric mean | | | | | {fmt(geomean(rx))} | {fmt(geomean(rt_))} | {fmt(geomean(re_), 3)} |")
        print(f"\n{len(group)} programs; etk slower than torch eager (bold) on {slower}.\n")
    every = [(med(n, "etk"), med(n, "xnnpack"), med(n, "torch")) for n in names]
    print(f"All {len(names)} programs: geometric mean etk/XNNPACK "
          f"{fmt(geomean([e / p for e, p, _ in every if e and p]))}, etk/torch "
          f"{fmt(geomean([e / t for e, _, t in every if e and t]))}.\n")
    print("What XNNPACK took, and errors:\n\n```")
    for n in names:
        if n in notes and "xnnpack" in notes[n]:
            print(f"{n}: {notes[n]['xnnpack']}")
    for (n, rt), err in sorted(errors.items()):
        print(f"{n}: {rt} error: {err}")
    print("```\n\nEvery round's medians (µs): etk, ExecuTorch, XNNPACK, torch\n\n```")
    for n in names:
        cols = [" ".join(fmt(t) for t in times[n][rt]) or "—" for rt in RUNTIMES]
        print(f"{n}: " + " | ".join(cols))
    print("```")
    if args.profile:
        print("\n### Where etk's time goes (`etk-run --profile`)\n")
        for n in names:
            r = table[n]["etk"]
            e = med(n, "etk")
            prof = r.profile(iterations(e or 1000, 2 * args.seconds, 5, args.max_iters))
            lines = [ln for ln in prof.splitlines() if not ln.startswith(("output_", "all outputs"))]
            print(f"`{n}`:\n\n```\n" + "\n".join(lines) + "\n```\n")


if __name__ == "__main__":
    main()
