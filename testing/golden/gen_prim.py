#!/usr/bin/env python3
"""Python's answers for etk's scalar prim ops (`executorch_prim::*.Scalar`, `floordiv.int`,
`mod.int`), committed as data.

    ~/torchenv/bin/python testing/golden/gen_prim.py

writes `prim_ops/tests/data/python_answers.rs` (a Rust table the prim ops' tests run) and
`testing/golden/cases/executorch_prim__<op>.safetensors` (a sixth of the binary calls and every
unary one, as conformance cases with scalar outs, `{"scalar": "int"|"float"|"bool"}`; see
testing/golden/README.md).

Each op is the Python expression the exporter traced (executorch's
exir/passes/executorch_prim_ops_registry.py), applied to Python ints, floats and bools. A call
is an error where Python raises (division by zero, NaN or infinity to int), where the int
result does not fit in int64 (Python's int is exact, an int64 would be wrong), and where the
kinds are ones ExecuTorch's runtime rejects and etk rejects too (Bool operands of arithmetic,
Doubles for `mod` and the `.int` overloads, a non-Bool for `sym_not` and `sym_ite`'s condition).
"""

import json
import math
import os
import struct

import torch
from safetensors.torch import save_file

I64 = (-(2 ** 63), 2 ** 63 - 1)
INTS = [0, 1, -1, 2, -2, 3, -3, 7, -7, 10, -10, 2 ** 53, 2 ** 53 + 1, -(2 ** 53) - 1,
        2 ** 62, 2 ** 63 - 1, -(2 ** 63), 123456789123456789]
FLOATS = [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, -7.25, 0.1, 1e-300, 1e300,
          2.0 ** 53, 2.0 ** 53 + 2, -(2.0 ** 63), 2.0 ** 63, 4.5e15 + 0.5, 0.49999999999999994,
          math.inf, -math.inf, math.nan]
BOOLS = [False, True]


def kind(v):
    return "bool" if isinstance(v, bool) else "int" if isinstance(v, int) else "float"


NUM = ("int", "float")
# op -> (python function, allowed kinds per argument)
BINARY = {
    "add.Scalar": (lambda a, b: a + b, NUM),
    "sub.Scalar": (lambda a, b: a - b, NUM),
    "mul.Scalar": (lambda a, b: a * b, NUM),
    "truediv.Scalar": (lambda a, b: a / b, NUM),
    "floordiv.Scalar": (lambda a, b: a // b, NUM),
    "floordiv.int": (lambda a, b: a // b, ("int",)),
    "mod.Scalar": (lambda a, b: a % b, ("int",)),
    "mod.int": (lambda a, b: a % b, ("int",)),
    "eq.Scalar": (lambda a, b: a == b, NUM),
    "gt.Scalar": (lambda a, b: a > b, NUM),
    "ge.Scalar": (lambda a, b: a >= b, NUM),
    "lt.Scalar": (lambda a, b: a < b, NUM),
    "le.Scalar": (lambda a, b: a <= b, NUM),
    "sym_max.Scalar": (lambda a, b: max(a, b), NUM),
    "sym_min.Scalar": (lambda a, b: min(a, b), NUM),
}
COMPARISONS = {"eq.Scalar", "gt.Scalar", "ge.Scalar", "lt.Scalar", "le.Scalar"}
UNARY = {
    "neg.Scalar": (lambda a: -a, NUM),
    "ceil.Scalar": (math.ceil, NUM),
    "round.Scalar": (round, NUM),
    "trunc.Scalar": (math.trunc, NUM),
    "sym_float.Scalar": (float, ("int", "float", "bool")),
    "sym_int.Scalar": (int, ("int", "float", "bool")),
    "sym_not.Scalar": (lambda a: not a, ("bool",)),
}


def answer(fn, args, allowed, both_bool_ok=False):
    kinds = [kind(a) for a in args]
    if not (all(k in allowed for k in kinds) or (both_bool_ok and kinds == ["bool", "bool"])):
        return None
    try:
        r = fn(*args)
    except (ZeroDivisionError, ValueError, OverflowError):
        return None
    if isinstance(r, int) and not isinstance(r, bool) and not I64[0] <= r <= I64[1]:
        return None
    return r


def pairs():
    # every int with a few, every float with a few, mixed kinds and bools
    few_i = [0, 1, -1, 3, -7, 2 ** 53 + 1, 2 ** 63 - 1, -(2 ** 63)]
    few_f = [0.0, -0.0, 2.5, -1.5, 2.0 ** 53, math.inf, math.nan, 0.1]
    out = []
    out += [(a, b) for a in INTS for b in few_i]
    out += [(a, b) for a in FLOATS for b in few_f]
    out += [(a, b) for a in INTS[:12] + [2 ** 53 + 1, 2 ** 63 - 1] for b in few_f]
    out += [(a, b) for a in FLOATS[:10] + [2.0 ** 53, 2.0 ** 63, math.nan] for b in few_i]
    out += [(a, b) for a in BOOLS for b in BOOLS + [1, 0.0]]
    out += [(1, True), (2.5, False)]
    return out


def calls():
    for name, (fn, allowed) in BINARY.items():
        for a, b in pairs():
            yield name, [a, b], answer(fn, [a, b], allowed, both_bool_ok=name in COMPARISONS)
    for name, (fn, allowed) in UNARY.items():
        for a in INTS + FLOATS + BOOLS:
            yield name, [a], answer(fn, [a], allowed)
    for b in BOOLS + [1, 0.0]:
        for t, f in [(3, 4.5), (True, -2), (2.5, False)]:
            ok = isinstance(b, bool)
            yield "sym_ite.Scalar", [b, t, f], ((t if b else f) if ok else None)


def rust(v):
    k = kind(v)
    if k == "bool":
        return f"V::B({'true' if v else 'false'})"
    if k == "int":
        return f"V::I({v})" if v != I64[0] else "V::I(i64::MIN)"
    return f"V::D(0x{struct.unpack('<Q', struct.pack('<d', v))[0]:016x})"


def jarg(v):
    k = kind(v)
    if k == "float":
        v = "nan" if math.isnan(v) else ("inf" if v == math.inf else "-inf" if v == -math.inf else v)
    return {k: v}


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    rows, files, seen = [], {}, {}
    for name, args, r in calls():
        op = "executorch_prim::" + name
        want = "None" if r is None else f"Some({rust(r)})"
        rows.append(f'    ("{op}", &[{", ".join(rust(a) for a in args)}], {want}),')
        seen[name] = seen.get(name, 0) + 1
        if name in BINARY and seen[name] % 6 != 1:
            continue
        cases, tensors = files.setdefault(name, ([], {}))
        i = len(cases)
        out_kind = {"bool": "bool", "int": "int", "float": "float"}[kind(r)] if r is not None else (
            "bool" if name in COMPARISONS or name == "sym_not.Scalar" else "int")
        c = {"op": op, "args": [jarg(a) for a in args], "outs": [{"scalar": out_kind}],
             "tol": "exact", "note": "python: " + repr(args)}
        if r is None:
            c["expected"] = "error"
        else:
            dt = {"bool": torch.bool, "int": torch.int64, "float": torch.float64}[kind(r)]
            tensors[f"{i}.expected.0"] = torch.tensor(r, dtype=dt)
            c["expected"] = [f"{i}.expected.0"]
        cases.append(c)
    with open(os.path.join(root, "prim_ops/tests/data/python_answers.rs"), "w") as f:
        f.write("// Generated by testing/golden/gen_prim.py from Python's own operators; do not edit.\n")
        f.write("// (op, arguments, Python's answer or None where etk must return an error)\n")
        f.write("#[rustfmt::skip]\npub const CASES: &[(&str, &[V], Option<V>)] = &[\n")
        f.write("\n".join(rows) + "\n];\n")
    n = 0
    for name, (cases, tensors) in sorted(files.items()):
        meta = {"cases": json.dumps(cases, sort_keys=True)}
        path = os.path.join(root, f"testing/golden/cases/executorch_prim__{name}.safetensors")
        save_file(tensors, path, metadata=meta)
        n += len(cases)
    print(f"{len(rows)} calls in the Rust table, {n} golden cases in {len(files)} files")


if __name__ == "__main__":
    main()
