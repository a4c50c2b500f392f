"""Golden cases for the activations that are not elementwise: (log_)softmax and glu (the
family of `portable/src/table/activation.rs`; the elementwise ones are gen.py's). Registered
in gen.py's OPS() by `ops += gen_activation.ops()`.

Tolerances are per dtype and measured; softmax's cases are also self-checked against a float64
evaluation (`gen_tolerance.checked`):
  * softmax / log_softmax: Float rtol 1e-5 atol 1e-6 (exp, a sum of n terms, one division;
    log_softmax's atol scales with |max| + log(n) since it cancels), Double 1e-12, Half rtol 1e-3
    atol 1e-5 and BFloat16 rtol 8e-3 atol 1e-5 (Float computation rounded once: one ulp).
  * glu: a / (1 + exp(-b)) is one exp, one add and one division: Float rtol 1e-5 atol 1e-6,
    Double 1e-12, Half / BFloat16 one ulp of the out dtype (computed in Float and rounded once;
    ATen's vectorized exp and libm's may round the Float value to different neighbours).
"""

import math

import torch

import gen
from gen import (T, C, Out, NAME, F16, BF16, F32, F64, I32, I64, U8, B_, ALL, CL, vals, rng_for)
from gen_tolerance import ULP, U_ACC, FDT, fl, dmax, checked

A = torch.ops.aten


# ----------------------------------------------------------------------------------------------
# softmax

TRANS = {BF16: (8e-3, 1e-5), F16: (1e-3, 1e-5), F32: (1e-5, 1e-6), F64: (1e-12, 1e-12)}


def softmax_tol(dt, x, log):
    rtol, atol = TRANS[dt]
    if log and x.numel():
        # x - (max + log(sum)): the shift is computed in the accumulation type
        m = float(x.double().nan_to_num(0, 0, 0).abs().max()) + math.log(max(x.numel(), 1)) + 1
        atol = max(atol, 4 * m * U_ACC[dt] * (1 if dt == F64 else 2))
        if dt in (F16, BF16):
            atol = max(atol, 2 * ULP[dt] * m)
    if dt in (F16, BF16):
        # measured: ATen's Half/BFloat16 paths are up to ~1 ulp of the out dtype from the exact
        # value (they round an intermediate, exp or the shift, to the reduced type), so a
        # correctly rounded answer and ATen's are up to 2 ulps apart.
        rtol = 2 * ULP[dt]
        atol = max(atol, 2e-5)
    return {"rtol": rtol, "atol": fl(atol)}


def gen_softmax(op, log):
    r = rng_for(op)
    cs = []
    shapes = [([5], 0), ([3, 7], 1), ([3, 7], 0), ([2, 3, 4], -1), ([2, 3, 4], 1), ([4, 1, 3], 1),
              ([2, 70], 1), ([130, 2], 0)]
    for dt in FDT:
        for shape, dim in shapes:
            x = vals(r, dt, shape, "any")
            cs.append(C("%s %s dim %d" % (NAME[dt], shape, dim), tol=softmax_tol(dt, x, log),
                        self=T(x), dim=dim, half_to_float=False))
        for order in (CL, [0, 3, 1, 2], [3, 2, 1, 0]):
            for dim in (1, 3, 0):
                x = vals(r, dt, [2, 3, 4, 5], "any")
                cs.append(C("%s dim order %s dim %d" % (NAME[dt], order, dim), tol=softmax_tol(dt, x, log),
                            self=T(x, order), dim=dim, half_to_float=False))
                # No case with a channels-last out: ATen 2.13's _softmax.out/_log_softmax.out
                # write such an out as if it were contiguous (permuted values); etk writes the
                # right values into any out dim order (portable/tests/nn.rs checks it).
        x = vals(r, dt, [], "any")
        for dim in (0, -1):
            cs.append(C("%s zero-dim dim %d" % (NAME[dt], dim), tol=softmax_tol(dt, x, log),
                        self=T(x), dim=dim, half_to_float=False))
        x = (vals(r, F64, [3, 6], "wide") * 3).to(dt)
        cs.append(C("%s wide values" % NAME[dt], tol=softmax_tol(dt, x, log), self=T(x), dim=1,
                    half_to_float=False))
        sp = torch.tensor([[0.0, 1.0, -math.inf, 2.0], [math.inf, 1.0, 0.0, -1.0], [math.nan, 0.0, 1.0, 2.0],
                           [-math.inf, -math.inf, -math.inf, -math.inf], [1e4, -1e4, 0.0, 1e4]],
                          dtype=F64).to(dt)
        cs.append(C("%s inf/nan lanes" % NAME[dt], tol=softmax_tol(dt, sp.nan_to_num(0, 0, 0).clamp(-100, 100), log),
                    self=T(sp), dim=1, half_to_float=False))
    x = vals(r, F32, [0, 3], "any")
    cs.append(C("empty [0,3] dim 1", tol=softmax_tol(F32, x, log), self=T(x), dim=1, half_to_float=False))
    cs.append(C("empty [0,3] dim 0", tol=softmax_tol(F32, x, log), self=T(x), dim=0, half_to_float=False))
    x = vals(r, F32, [2, 5], "any")
    for s in ([0], [10], [5, 2], [2, 5, 1]):
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], tol=softmax_tol(F32, x, log),
                    self=T(x), dim=1, half_to_float=False))
    # errors
    for dt in (F16, F32):
        cs.append(C("%s half_to_float (CPU rejects)" % NAME[dt], self=T(vals(r, dt, [2, 3])), dim=1,
                    half_to_float=True))
    for dt in (B_, U8, I32, I64):
        cs.append(C("%s input" % NAME[dt], outs=[Out(dt, [2, 3])], self=T(vals(r, dt, [2, 3])), dim=1,
                    half_to_float=False))
    for dim in (2, -3, 5):
        cs.append(C("dim %d out of range" % dim, self=T(vals(r, F32, [2, 3])), dim=dim, half_to_float=False))
    cs.append(C("zero-dim dim 1", self=T(vals(r, F32, [])), dim=1, half_to_float=False))
    for odt in (F64, F16, I32):
        cs.append(C("Float input, %s out" % NAME[odt], outs=[Out(odt, [2, 3])], self=T(vals(r, F32, [2, 3])),
                    dim=1, half_to_float=False))
    fn = (lambda self, dim, half_to_float: torch.log_softmax(self, dim)) if log else \
        (lambda self, dim, half_to_float: torch.softmax(self, dim))
    return cs, fn


# ----------------------------------------------------------------------------------------------
# glu

GLU_TOL = {F16: (ULP[F16], 1e-5), BF16: (ULP[BF16], 1e-5), F32: (1e-5, 1e-6), F64: (1e-12, 1e-12)}


def glu_tol(in_dt, out_dt):
    rt, at = GLU_TOL[in_dt]
    if out_dt in (F16, BF16):
        rt = max(rt, ULP[out_dt])
    return {"rtol": rt, "atol": at}


def gen_glu(op):
    r = rng_for(op)
    cs = []

    def case(note, x, dim=None, outs=None, order=None, tol=True):
        kw = {} if dim is None else {"dim": dim}
        t = None
        if tol:
            od = outs[0].dtype if outs else x.dtype
            t = glu_tol(x.dtype, od)
        cs.append(C(note, outs=outs, tol=t, self=T(x, order), **kw))

    for dt in FDT:
        for shape, dim in (([4, 6], None), ([4, 6], 0), ([6], 0), ([2, 4, 3], 1), ([3, 2, 2], -3),
                           ([2, 8, 3, 3], 1), ([1, 2], -1)):
            case("%s %s dim %s" % (NAME[dt], shape, dim), vals(r, dt, shape), dim)
        for order, dim in ((CL, 1), (CL, 3), ([0, 3, 1, 2], 2), ([3, 2, 1, 0], 0)):
            case("%s [2,4,2,6] dim order %s, dim %d" % (NAME[dt], order, dim), vals(r, dt, [2, 4, 2, 6]), dim,
                 order=order)
        case("%s channels-last in and out, dim 1" % NAME[dt], vals(r, dt, [2, 4, 3, 3]), 1, order=CL,
             outs=[Out(dt, [2, 2, 3, 3], CL)])
        case("%s wide values (sigmoid saturates)" % NAME[dt], (r.randn([3, 8]) * 40).to(dt), 1)
        inf, nan = float("inf"), float("nan")
        case("%s specials" % NAME[dt],
             torch.tensor([[1.0, -2.0, inf, nan, 0.0, 3.0], [inf, -inf, -inf, nan, 5.0, 1.0]], dtype=dt), 1)
    for idt, odt in ((F32, F64), (F32, F16), (F16, F32), (BF16, F64), (F64, F32), (F64, BF16)):
        case("%s in, %s out" % (NAME[idt], NAME[odt]), vals(r, idt, [3, 4]), 1, outs=[Out(odt, [3, 2])])
    case("empty [0,4] dim 1", vals(r, F32, [0, 4]), 1)
    case("empty [0,4] dim 0 (size 0 is even)", vals(r, F32, [0, 4]), 0)
    case("resize out from [5]", vals(r, F32, [3, 4]), 1, outs=[Out(F32, [5])])
    case("resize out from [4,4]", vals(r, F32, [4, 4]), 0, outs=[Out(F32, [4, 4])])
    # errors
    case("odd size", vals(r, F32, [3, 4]), 0, outs=[Out(F32, [1, 4])], tol=False)
    case("odd last dim", vals(r, F32, [4, 5]), outs=[Out(F32, [4, 2])], tol=False)
    case("zero-dim", torch.tensor(1.5), 0, outs=[Out(F32, [])], tol=False)
    case("dim out of range", vals(r, F32, [4, 4]), 2, outs=[Out(F32, [4, 2])], tol=False)
    case("dim -3 out of range", vals(r, F32, [4, 4]), -3, outs=[Out(F32, [4, 2])], tol=False)
    for dt in (B_, U8, I32, I64):
        case("%s input" % NAME[dt], vals(r, dt, [2, 4]), 1, outs=[Out(dt, [2, 2])], tol=False)
    for odt in (I32, I64, B_):
        case("Float in, %s out" % NAME[odt], vals(r, F32, [2, 4]), 1, outs=[Out(odt, [2, 2])], tol=False)
    return cs


# ----------------------------------------------------------------------------------------------

def ops():
    full = ["aten::_softmax.out", "aten::_log_softmax.out", "aten::glu.out"]
    gen.NOT_ELEMENTWISE.update(full)
    return [
        ("_softmax.out", "trans", checked("_softmax.out", lambda: gen_softmax("_softmax.out", False)), False),
        ("_log_softmax.out", "trans", checked("_log_softmax.out", lambda: gen_softmax("_log_softmax.out", True)),
         False),
        ("glu.out", "trans", lambda: gen_glu("glu.out"), False),
    ]
