#!/usr/bin/env python3
"""Re-run a conformance suite against PyTorch itself, reading the files only as FORMAT.md
describes them (a reference runner in Python).  Checks that every case is well-formed and that
torch reproduces every expected value within the case's tolerance (and exactly, for "exact").

    ~/torchenv/bin/python testing/golden/check.py [testing/golden/cases]
"""

import glob
import json
import math
import os
import sys
import warnings

import torch
from safetensors import safe_open

warnings.simplefilter("ignore")
torch.set_num_threads(1)

A = torch.ops.aten
DT = {"Bool": torch.bool, "Byte": torch.uint8, "Char": torch.int8, "Short": torch.int16, "Int": torch.int32,
      "Long": torch.int64, "Half": torch.float16, "BFloat16": torch.bfloat16, "Float": torch.float32,
      "Double": torch.float64, "UInt16": torch.uint16, "UInt32": torch.uint32, "UInt64": torch.uint64,
      "ComplexHalf": torch.complex32, "ComplexFloat": torch.complex64, "ComplexDouble": torch.complex128}
MF = {"contiguous": torch.contiguous_format, "channels_last": torch.channels_last,
      "preserve": torch.preserve_format}
CASE_KEYS = {"op", "args", "outs", "expected", "tol", "note", "signed_zero", "mutated"}


def with_dim_order(t, order):
    if order is None:
        return t.clone()
    assert sorted(order) == list(range(t.dim())), (order, t.shape)
    inv = [order.index(i) for i in range(len(order))]
    return t.permute(order).contiguous().permute(inv)


def alloc(dtype, shape, order):
    if order is None:
        return torch.zeros(shape, dtype=dtype)
    inv = [order.index(i) for i in range(len(order))]
    return torch.zeros([shape[d] for d in order], dtype=dtype).permute(inv)


def overload(op):
    assert op.startswith("aten::"), op
    name = op[len("aten::"):]
    if "." in name:
        base, ov = name.split(".", 1)
    else:
        base, ov = name, "default"
    return getattr(getattr(A, base), ov)


def decode(arg, v, tensors):
    if v is None:
        return None
    (kind, x), = v.items() if len(v) == 1 else [(k, v[k]) for k in ("tensor",)]
    if kind == "tensor":
        t = tensors[x]
        if v.get("complex"):  # stored as real pairs in a trailing dim of 2
            t = torch.view_as_complex(t.clone())
        return with_dim_order(t, v.get("dim_order"))
    if kind == "tensors":
        return [decode(None, n if isinstance(n, dict) else {"tensor": n}, tensors) for n in x]
    if kind == "float":
        return float(x) if not isinstance(x, str) else float(x)
    if kind in ("int", "bool", "str", "ints", "bools"):
        return x
    if kind == "memory_format":
        return MF[x]
    if kind == "opt_tensors":
        return [None if n is None else tensors[n] for n in x]
    if kind == "dtype":
        return DT[x]
    raise ValueError(v)


def close(got, want, tol, signed_zero):
    if got.is_complex():
        got = torch.view_as_real(got.resolve_conj())
        if tol != "exact":  # torch.isclose: the modulus of the difference
            g, w = got.double(), want.double()
            fin = torch.isfinite(w).all(-1)
            d = (g - w)[fin].pow(2).sum(-1).sqrt()
            lim = tol["atol"] + tol["rtol"] * w[fin].pow(2).sum(-1).sqrt()
            if (d > lim).any() or not torch.isnan(g[~fin]).eq(torch.isnan(w[~fin])).all():
                return "outside tolerance (max diff %g)" % float(d.max())
            return None
    if got.shape != want.shape:
        return "shape %s != %s" % (list(got.shape), list(want.shape))
    if got.dtype != want.dtype:
        return "dtype"
    if tol == "shape":   # random draws: only the dtype and shape are reproducible
        return None
    if tol == "multiset":   # a random order of fixed values (randperm)
        g, w = got.flatten().double().sort().values, want.flatten().double().sort().values
        return None if torch.equal(g, w) else "not a reordering of the expected values"
    if not got.is_floating_point():
        return None if torch.equal(got, want) else "values differ"
    g, w = got.double(), want.double()
    gn, wn = torch.isnan(g), torch.isnan(w)
    if not torch.equal(gn, wn):
        return "nan mismatch"
    m = ~wn
    g, w = g[m], w[m]
    if tol == "exact":
        if not torch.equal(g, w):
            return "values differ (exact)"
        if signed_zero is not False:
            if not torch.equal(torch.signbit(g), torch.signbit(w)):
                return "sign of zero differs"
        return None
    winf = torch.isinf(w)
    if not torch.equal(g[winf], w[winf]):
        return "inf mismatch"
    d = (g - w).abs()[~winf]
    lim = tol["atol"] + tol["rtol"] * w.abs()[~winf]
    if (d > lim).any():
        return "outside tolerance (max diff %g)" % float(d.max())
    return None


def run_file(path):
    fails = []
    with safe_open(path, "pt") as f:
        meta = f.metadata()
        assert set(meta) == {"cases"}, meta.keys()
        cases = json.loads(meta["cases"])
        tensors = {k: f.get_tensor(k) for k in f.keys()}
    used = set()
    for i, c in enumerate(cases):
        assert set(c) <= CASE_KEYS and {"op", "args", "outs", "expected", "tol", "note"} <= set(c), c.keys()
        if c["op"].startswith("executorch_prim::") or any("scalar" in o for o in c["outs"]):
            # prim ops (scalar results, ExecuTorch's own ops): gen_prim.py checks them against
            # Python's operators and its own rules, not through an ATen out overload
            used.update(k for k in tensors if k.startswith("%d." % i))
            continue
        ovl = overload(c["op"])
        schema_in = [a for a in ovl._schema.arguments if not a.is_out]
        schema_out = [a for a in ovl._schema.arguments if a.is_out]
        assert len(c["args"]) == len(schema_in), (c["op"], len(c["args"]))
        for a in c["args"]:
            if a and "tensor" in a:
                used.add(a["tensor"])
            if a and "tensors" in a:
                used.update(n if isinstance(n, str) else n["tensor"] for n in a["tensors"])
            if a and "opt_tensors" in a:
                used.update(n for n in a["opt_tensors"] if n is not None)
        vals = [decode(a, v, tensors) for a, v in zip(schema_in, c["args"])]
        inplace = not schema_out
        assert len(c["outs"]) == max(1, len(schema_out))
        outs = None
        try:
            if inplace:
                s = vals[0]
                o = c["outs"][0]
                assert DT[o["dtype"]] == s.dtype and o["shape"] == list(s.shape), (o, s.shape)
                ovl(*vals)
                outs = [s]
            else:
                outs = [alloc(DT[o["dtype"]], o["shape"], o.get("dim_order")) for o in c["outs"]]
                pos, kws = [], {}
                for a, v in zip(schema_in, vals):
                    if a.kwarg_only:
                        kws[a.name] = v
                    else:
                        pos.append(v)
                for a, t in zip(schema_out, outs):
                    kws[a.name] = t
                if c["op"] == "aten::convolution_backward.out" and not all(vals[-1]):
                    # ATen's out wrapper rejects any False entry in output_mask: the functional
                    # op's requested results go to their outs, the others stay untouched
                    # (../shared/conformance/NOTES.md)
                    for want, t, r in zip(vals[-1], outs, A.convolution_backward(*pos)):
                        if want:
                            t.resize_(r.shape).copy_(r)
                else:
                    ovl(*pos, **kws)
            err = False
        except TypeError:
            raise
        except Exception:
            err = True
        if c["expected"] == "error":
            if not err:
                fails.append((i, c["note"], "accepted an error case"))
            continue
        if err:
            fails.append((i, c["note"], "rejected"))
            continue
        for name, t in zip(c["expected"], outs):
            used.add(name)
            why = close(t.contiguous(), tensors[name], c["tol"], c.get("signed_zero"))
            if why:
                fails.append((i, c["note"], why))
        for m in c.get("mutated", []):  # inputs the op writes (running statistics), after the call
            used.add(m["expected"])
            why = close(vals[m["arg"]].contiguous(), tensors[m["expected"]], c["tol"], c.get("signed_zero"))
            if why:
                fails.append((i, c["note"], "written arg %d: %s" % (m["arg"], why)))
    unused = set(tensors) - used
    assert not unused, ("unreferenced tensors", sorted(unused)[:5])
    return len(cases), fails


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")
    total = bad = 0
    for path in sorted(glob.glob(os.path.join(root, "**", "*.safetensors"), recursive=True)):
        # quantized_decomposed:: cases have no ATen out overload to re-run (gen_quant.py
        # derives them from torch's reference ops and ExecuTorch's kernels)
        if not os.path.basename(path).startswith("aten__"):
            continue
        n, fails = run_file(path)
        total += n
        bad += len(fails)
        for i, note, why in fails[:10]:
            print("%s case %d (%s): %s" % (os.path.basename(path), i, note, why))
    print("%d cases checked, %d failed" % (total, bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
