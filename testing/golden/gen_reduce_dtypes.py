"""Golden cases for the dtype a reduction computes in (issue 28 item 1 and its class): every
(input dtype, out dtype, `dtype=` argument) combination of every reduction in portable's list,
on values that tell the compute dtype apart.  Registered in `gen.OPS()`; written to
`aten__<op>.dtypes.safetensors`.

Measured ATen rules (CPU, torch 2.13), which these cases pin down:
  * sum, prod, cumsum, var and any/all into a Byte out reduce the input *converted to the out's
    dtype* (`make_reduction_from_out_ty`): `any([0.3, 0.0, 0.7], out=uint8)` is 0, a Float
    input into an Int sum truncates every element first, 70000 into a Half var is inf;
  * any (every overload) of exactly one element copies `self != 0` (a Bool conversion), and of
    no element fills 0, whatever the out's dtype;
  * mean into Half / BFloat16 sums in Float and rounds once; cumsum accumulates Half/BFloat16
    in Float and Float in Double; a Bool cumsum out is accepted for a 0-dim or empty input only;
  * prod of Half / BFloat16 rounds every product to the reduced dtype (`[200, 100, 255, 0]`
    overflows to inf, then NaN); ATen's vector loop pairs the products of long contiguous lanes
    differently from etk's lane order, which only moves the last bits;
  * max/min of every element compute in the input's dtype, then fill the out with that value
    as a Scalar, with c10's overflow check (300 into Char and 1e300 into Float are errors; Half
    and BFloat16 take anything); amax/amin, max.dim/min.dim values and var_mean want the input's
    dtype, argmax/argmin a Long out.

Values: fractions and negatives within every integer range (so every float-to-integer
conversion is defined in C++), integers outside the narrow types' ranges and beyond Half's,
and Float values that Half or BFloat16 round; no NaN or infinity goes into an integer.
"""

import math

import torch

import gen
from gen import ALL, B_, BF16, C, F16, F32, F64, FLOATS, I8, I16, I32, I64, INTS, NAME, Out, T, U8

A = torch.ops.aten

OPNAMES = ["sum.IntList_out", "mean.out", "mean.dtype_out", "prod.int_out", "prod.out", "cumsum.out",
           "any.all_out", "any.dims_out", "any.out", "amax.out", "amin.out", "max.unary_out", "min.unary_out",
           "argmax.out", "argmin.out", "max.dim_max", "min.dim_min", "var.correction_out", "var.out",
           "var_mean.correction_out"]
gen.NOT_ELEMENTWISE.update("aten::" + n for n in OPNAMES)


def telling(dt, shape=(2, 4)):
    """Values of dt that tell compute dtypes apart, safe to convert to every integer dtype."""
    n = math.prod(shape)
    if dt == B_:
        v = [(i * 5) % 3 != 0 for i in range(n)]
        return torch.tensor(v).reshape(shape)
    if dt in FLOATS:
        base = [0.3, -1.5, 2.5, 0.7, 100.25, -100.75, 0.0, 3.0, -0.4, 64.5, 1.0, -2.0]
    elif dt == U8:
        base = [200, 100, 255, 0, 7, 129, 1, 64]
    elif dt == I8:
        base = [100, -100, 127, -128, 0, 7, -1, 64]
    else:
        base = [300, -129, 255, 256, -1, 0, 7, 100000 if dt != I16 else 20000]
        if dt == I64:
            base[6] = 2 ** 40 + 3
    return torch.tensor([base[i % len(base)] for i in range(n)], dtype=F64).to(dt).reshape(shape)


def wide_floats(dt, shape=(2, 4)):
    """Float values a narrower float out rounds or overflows (only into float outs)."""
    base = [70000.5, 1e-8, 16777217.0, 0.1, -3.3, 1.0 + 2 ** -20, 255.5, -60000.0]
    n = math.prod(shape)
    return torch.tensor([base[i % len(base)] for i in range(n)], dtype=F64).to(dt).reshape(shape)


def tol_for(out_dt, x, lanes):
    if out_dt not in FLOATS:
        return "exact"
    ulp = {F16: 2.0 ** -10, BF16: 2.0 ** -7, F32: 2.0 ** -22, F64: 2.0 ** -51}[out_dt]
    s = float(x.double().nan_to_num(0.0, 0.0, 0.0).abs().sum()) if x.numel() else 0.0
    return {"rtol": 4 * ulp, "atol": float("%.3g" % max(lanes * 2.0 ** -24 * s, 1e-30))}


def g_sum_like(op):
    """sum / mean / prod / cumsum / var: every (input, out) pair with dtype= None, and
    dtype= equal to the out (and one mismatch each)."""
    cs = []
    has_dtype = op in ("sum.IntList_out", "mean.out", "mean.dtype_out", "prod.int_out", "prod.out", "cumsum.out")

    def kw_for(x, dtype):
        kw = dict(self=T(x))
        if op in ("sum.IntList_out", "mean.out"):
            kw.update(dim=[1], keepdim=False)
        elif op in ("prod.int_out", "cumsum.out"):
            kw.update(dim=1)
            if op == "prod.int_out":
                kw.update(keepdim=False)
        elif op in ("var.correction_out",):
            kw.update(dim=[1], correction=None, keepdim=False)
        elif op == "var.out":
            kw.update(dim=[1], unbiased=True, keepdim=False)
        if has_dtype:
            kw.update(dtype=dtype)
        return kw

    for in_dt in ALL:
        for out_dt in ALL:
            srcs = [("telling values", telling(in_dt))]
            if in_dt in FLOATS and out_dt in FLOATS and in_dt != out_dt:
                srcs.append(("wide values", wide_floats(in_dt)))
            for what, x in srcs:
                note = "%s %s into %s out" % (NAME[in_dt], what, NAME[out_dt])
                cs.append(C(note, outs=[Out(out_dt)], tol=tol_for(out_dt, x.to(out_dt) if out_dt != B_ else x.double(),
                                                                   4), **kw_for(x, None)))
                if has_dtype and what == "telling values":
                    cs.append(C(note + ", dtype=" + NAME[out_dt], outs=[Out(out_dt)],
                                tol=tol_for(out_dt, x.to(out_dt) if out_dt != B_ else x.double(), 4),
                                **kw_for(x, out_dt)))
    if has_dtype:
        x = telling(I32)
        for dt, odt in ((F32, F64), (I64, I32), (F16, F32), (B_, I64)):
            cs.append(C("dtype=%s with a %s out" % (NAME[dt], NAME[odt]), outs=[Out(odt)], tol="exact",
                        **kw_for(x, dt)))
    if op == "cumsum.out":
        for x, note in ((torch.tensor(0.5), "0-dim Float"), (torch.tensor(3, dtype=I32), "0-dim Int"),
                        (torch.zeros(0), "empty Float"), (torch.zeros(2, 0), "empty [2, 0]")):
            cs.append(C("%s into a Bool out (filled, not scanned)" % note, outs=[Out(B_)], tol="exact",
                        self=T(x), dim=0, dtype=None))
        # Half / BFloat16 accumulate in Float, rounding each partial sum to the out
        for dt in (F16, BF16):
            x = (1.0 + torch.arange(600, dtype=F64) * 0.37 % 5).to(dt).reshape(2, 300)
            cs.append(C("%s long scans (Float accumulator)" % NAME[dt], outs=[Out(dt)], tol="exact",
                        self=T(x), dim=1, dtype=None))
    return cs


def g_any(op):
    cs = []
    kind = op.split(".")[1]

    def kw_for(x, dim):
        kw = dict(self=T(x))
        if kind == "dims_out":
            kw.update(dim=dim, keepdim=False)
        elif kind == "out":
            kw.update(dim=dim if isinstance(dim, int) else 1, keepdim=False)
        return kw

    d = [1] if kind == "dims_out" else 1
    for in_dt in ALL:
        for out_dt in ALL:
            x = telling(in_dt)
            cs.append(C("%s into %s out" % (NAME[in_dt], NAME[out_dt]), outs=[Out(out_dt)], tol="exact",
                        **kw_for(x, d)))
    frac = torch.tensor([[0.3, 0.0, 0.7], [0.0, 0.0, 2.5], [-0.5, 0.0, 0.0]])
    ints = torch.tensor([[256, 512, 0], [1, 0, 0], [-256, 0, 0]], dtype=I32)
    for x, what in ((frac, "fractions"), (ints, "multiples of 256")):
        for odt in (U8, B_):
            cs.append(C("%s into a %s out" % (what, NAME[odt]), outs=[Out(odt)], tol="exact", **kw_for(x, d)))
            if kind == "dims_out":
                cs.append(C("%s into a %s out, dim []" % (what, NAME[odt]), outs=[Out(odt)], tol="exact",
                            **kw_for(x, [])))
                cs.append(C("%s into a %s out, dim None" % (what, NAME[odt]), outs=[Out(odt)], tol="exact",
                            **kw_for(x, None)))
    # one element: a Bool conversion of self, whatever the out
    for x, what in ((torch.tensor([[0.3]]), "0.3"), (torch.tensor([[256]], dtype=I32), "256"),
                    (torch.tensor([[0.0]]), "0.0"), (torch.tensor(0.25), "0-dim 0.25")):
        dd = d if x.dim() else ([] if kind == "dims_out" else 0)
        if kind == "out" and x.dim() == 0:
            dd = 0
        cs.append(C("one element %s into a Byte out" % what, outs=[Out(U8)], tol="exact", **kw_for(x, dd)))
    cs.append(C("no element into a Byte out", outs=[Out(U8)], tol="exact", **kw_for(torch.zeros(2, 0), d)))
    return cs


def g_select(op):
    """amax/amin, max/min (all and dim), argmax/argmin: the out dtypes ATen takes."""
    cs = []
    for in_dt in ALL:
        x = telling(in_dt)
        for out_dt in ALL:
            note = "%s into %s out" % (NAME[in_dt], NAME[out_dt])
            if op in ("amax.out", "amin.out"):
                cs.append(C(note, outs=[Out(out_dt)], tol="exact", self=T(x), dim=[1], keepdim=False))
            elif op in ("max.unary_out", "min.unary_out"):
                cs.append(C(note, outs=[Out(out_dt)], tol="exact", self=T(x)))
                if in_dt == F64 and out_dt in FLOATS:
                    big = torch.tensor([1e300, -1e300, 2.0], dtype=F64)
                    cs.append(C("Double +-1e300 into %s out" % NAME[out_dt], outs=[Out(out_dt)], tol="exact",
                                self=T(big)))
            elif op in ("argmax.out", "argmin.out"):
                cs.append(C(note, outs=[Out(out_dt)], tol="exact", self=T(x), dim=1, keepdim=False))
            else:
                cs.append(C("values " + note, outs=[Out(out_dt), Out(I64)], tol="exact", self=T(x), dim=1,
                            keepdim=False))
                cs.append(C("indices %s for %s" % (NAME[out_dt], NAME[in_dt]), outs=[Out(in_dt), Out(out_dt)],
                            tol="exact", self=T(x), dim=1, keepdim=False))
    return cs


def g_var_mean(op):
    cs = []
    for in_dt in ALL:
        x = telling(in_dt)
        for d0, d1 in ((in_dt, in_dt), (F64, in_dt), (in_dt, F64), (F32, F32), (F16, F16)):
            cs.append(C("%s input, outs %s %s" % (NAME[in_dt], NAME[d0], NAME[d1]), outs=[Out(d0), Out(d1)],
                        tol=tol_for(F16 if F16 in (d0, d1, in_dt) else (BF16 if BF16 == in_dt else F32), x, 4),
                        self=T(x), dim=[1], correction=None, keepdim=False))
    return cs


def ops():
    out = []
    for op in ("sum.IntList_out", "mean.out", "mean.dtype_out", "prod.int_out", "prod.out", "cumsum.out",
               "var.correction_out", "var.out"):
        out.append((op + "@dtypes", "arith", lambda op=op: g_sum_like(op), False))
    for op in ("any.all_out", "any.dims_out", "any.out"):
        out.append((op + "@dtypes", "exact", lambda op=op: g_any(op), False))
    for op in ("amax.out", "amin.out", "max.unary_out", "min.unary_out", "argmax.out", "argmin.out", "max.dim_max",
               "min.dim_min"):
        out.append((op + "@dtypes", "exact", lambda op=op: g_select(op), False))
    out.append(("var_mean.correction_out@dtypes", "arith", lambda: g_var_mean("var_mean.correction_out"), False))
    return out
