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
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers import (  # noqa: E402
    EtMethod, EtkRun, MODELS, TorchCall, arguments, bold_above_1, cached_xnnpack, coverage_text,
    digest, first_line, fmt, geomean, iterations, machine, measure_rounds, models_export,
    one_thread, print_rounds, ratio, read_io, release_binaries, summary,
)

RUNTIMES = ["etk", "executorch", "xnnpack", "torch"]


def contiguous_weights(module):
    """`module` with its weights contiguous: XNNPACK's partitioner refuses channels-last
    weights (its ChannelsLastTaggedReshapePass asserts NCHW) and lays them out itself, so a
    channels-last program is exported for it with contiguous weights, on the same channels-last
    inputs."""
    for t in list(module.parameters()) + list(module.buffers()):
        t.data = t.data.contiguous()
    return module


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
        return contiguous_weights(models_export.module(name)), example, program.dynamic_shapes, program.init_buffers

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
    ap = arguments()
    ap.add_argument("--lib", default="default")
    ap.add_argument("--profile", action="store_true", help="etk-run --profile of every program")
    ap.add_argument("--etk-run", default="", help="an etk-run binary instead of this checkout's")
    args = ap.parse_args()
    etk_run = args.etk_run or release_binaries("etk-run")[0]
    one_thread()
    names = sorted(f[:-len(".io.safetensors")] for f in os.listdir(MODELS)
                   if f.endswith(".io.safetensors") and args.filter in f)
    table, notes, is_model = {}, {}, {}
    for name in names:
        print(f"loading {name}", file=sys.stderr)
        table[name], notes[name], is_model[name] = runners(name, etk_run, args.lib)
    times, errors = measure_rounds(table, args.rounds, args.seconds, args.max_iters)

    def med(name, rt):
        return summary(times[name][rt], "median")

    print(f"Machine: {machine()}\n")
    print(f"etk-run --lib {args.lib}; {args.rounds} rounds; µs per call, the median of the rounds' "
          "medians; ratios below 1: etk is faster (bold: slower); (min): the same ratio of the "
          "least calls, which a loaded machine disturbs least.\n")
    for title, group in (("Models (issue 24's kinds)", [n for n in names if is_model[n]]),
                         ("Runtime feature tests", [n for n in names if not is_model[n]])):
        if not group:
            continue
        print(f"### {title}\n")
        print("| program | etk | ExecuTorch (kernels) | ExecuTorch + XNNPACK | torch eager "
              "| etk / XNNPACK | etk / torch | etk / ExecuTorch | etk / XNNPACK (min) | etk / torch (min) |")
        print("| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |")
        cols = [[], [], [], [], []]
        for n in group:
            rs = [ratio(times[n], "etk", "xnnpack"), ratio(times[n], "etk", "torch"),
                  ratio(times[n], "etk", "executorch"), ratio(times[n], "etk", "xnnpack", "min"),
                  ratio(times[n], "etk", "torch", "min")]
            for c, r in zip(cols, rs):
                c.append(r)
            print(f"| `{n}` | " + " | ".join(fmt(med(n, rt)) for rt in RUNTIMES) + " | "
                  + " | ".join([bold_above_1(rs[0]), bold_above_1(rs[1]), fmt(rs[2], 3),
                                fmt(rs[3]), fmt(rs[4])]) + " |")
        print("| geometric mean | | | | | " + " | ".join(
            fmt(geomean(c), 3 if i == 2 else 2) for i, c in enumerate(cols)) + " |")
        slower = sum(1 for r in cols[1] if r and r > 1)
        print(f"\n{len(group)} programs; etk slower than torch eager on {slower}.\n")
    print(f"All {len(names)} programs: geometric mean etk/XNNPACK "
          f"{fmt(geomean([ratio(times[n], 'etk', 'xnnpack') for n in names]))}, etk/torch "
          f"{fmt(geomean([ratio(times[n], 'etk', 'torch') for n in names]))}.\n")
    print("What XNNPACK took, and errors:\n\n```")
    for n in names:
        if n in notes and "xnnpack" in notes[n]:
            print(f"{n}: {notes[n]['xnnpack']}")
    for (n, rt), err in sorted(errors.items()):
        print(f"{n}: {rt} error: {err}")
    print("```\n")
    print_rounds(times)
    if args.profile:
        print("\n### Where etk's time goes (`etk-run --profile`)\n")
        for n in names:
            r = table[n]["etk"]
            e = med(n, "etk")
            prof = r.profile(iterations(e or 1000, 2 * args.seconds, 5, args.max_iters))
            lines = [ln for ln in prof.splitlines()
                     if not re.match(r"(s\d+\.)?output_\d+: |all outputs match", ln)]
            print(f"`{n}`:\n\n```\n" + "\n".join(lines) + "\n```\n")


if __name__ == "__main__":
    main()
