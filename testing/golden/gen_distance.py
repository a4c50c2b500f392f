"""Golden cases for the distances, `_cdist_forward` and `_pdist_forward`
(`portable/src/table/distance.rs`). Registered in gen.py's OPS() by `ops += gen_distance.ops()`.
Tolerances: `dist_tol`.
"""

import torch

import gen
from gen import (T, C, Out, NAME, F16, BF16, F32, F64, I32, I64, U8, B_, ALL, CL, vals, rng_for)
from gen_tolerance import ULP, U_ACC, FDT, fl, dmax, checked

A = torch.ops.aten


# ----------------------------------------------------------------------------------------------
# cdist / pdist

U = {F32: 2.0 ** -24, F64: 2.0 ** -53}


def dist_tol(dt, x1, x2, p, mm):
    """A sum of M terms in the accumulation type (rtol ~ (M + 2) u, loosened for a fractional
    p's pow); the matrix-product form cancels |x1|² + |x2|² - 2 x1.x2, so its error is absolute
    in the squared distance: atol = sqrt(8 (M + 2) u max(|x1|² + |x2|²))."""
    m = x1.shape[-1]
    u = U[dt]
    rtol = 4 * (m + 2) * u * (8 if p not in (0.0, 1.0, 2.0, float("inf")) else 1)
    atol = 1e-12 if dt == F64 else 1e-6
    if mm and x1.numel() and x2.numel():
        n = float((x1.double() ** 2).sum(-1).max()) + float((x2.double() ** 2).sum(-1).max())
        atol = max(atol, (8 * (m + 2) * u * n) ** 0.5)
    return {"rtol": fl(rtol), "atol": fl(atol)}


def gen_cdist(op):
    r = rng_for(op)
    cs = []

    def case(note, x1, x2, p, mode=None, outs=None, o1=None, o2=None, tol=True):
        t = None
        if tol:
            mm = p == 2.0 and (mode == 1 or (mode in (None, 0) and (x1.shape[-2] > 25 or x2.shape[-2] > 25)))
            t = dist_tol(x1.dtype, x1, x2, p, mm)
        cs.append(C(note, outs=outs, tol=t, x1=T(x1, o1), x2=T(x2, o2), p=p, compute_mode=mode))

    for dt in (F32, F64):
        for p in (0.0, 1.0, 2.0, float("inf"), 0.5, 1.5, 3.0):
            case("%s [4,3] x [5,3] p %s" % (NAME[dt], p), vals(r, dt, [4, 3]), vals(r, dt, [5, 3]), p)
        x1, x2 = vals(r, dt, [30, 4]), vals(r, dt, [6, 4])
        for mode in (None, 0, 1, 2):
            case("%s [30,4] x [6,4] p 2 compute_mode %s" % (NAME[dt], mode), x1, x2, 2.0, mode)
        case("%s [3,4] x [5,4] p 2 compute_mode 1 (matrix form)" % NAME[dt], vals(r, dt, [3, 4]),
             vals(r, dt, [5, 4]), 2.0, 1)
        case("%s [3,4] x [27,4] p 1 compute_mode 1 (direct: only p 2 uses the matrix form)" % NAME[dt],
             vals(r, dt, [3, 4]), vals(r, dt, [27, 4]), 1.0, 1)
        case("%s batch [2,3,4] x [2,5,4]" % NAME[dt], vals(r, dt, [2, 3, 4]), vals(r, dt, [2, 5, 4]), 2.0)
        case("%s broadcast batch [2,1,3,4] x [3,5,4]" % NAME[dt], vals(r, dt, [2, 1, 3, 4]),
             vals(r, dt, [3, 5, 4]), 1.0)
        case("%s transposed x1 (dim order [1,0])" % NAME[dt], vals(r, dt, [4, 3]), vals(r, dt, [5, 3]), 2.0,
             o1=[1, 0])
        case("%s x2 in dim order [0,2,1], channels-last-like batch" % NAME[dt], vals(r, dt, [2, 3, 4]),
             vals(r, dt, [2, 5, 4]), 3.0, o2=[0, 2, 1])
        case("%s equal rows (zero distances), matrix form" % NAME[dt],
             torch.tensor([[1.0, 2.0], [3.0, -1.0]], dtype=dt), torch.tensor([[1.0, 2.0], [3.0, -1.0]], dtype=dt),
             2.0, 1)
    x1, x2 = vals(r, F32, [3, 4]), vals(r, F32, [5, 4])
    case("empty x1 rows", vals(r, F32, [0, 4]), x2, 2.0)
    case("zero columns", vals(r, F32, [3, 0]), vals(r, F32, [5, 0]), 2.0)
    case("p 0 with repeated coordinates", torch.tensor([[1.0, 0.0, 2.0]]), torch.tensor([[1.0, 3.0, 2.0]]), 0.0)
    case("resize out from [2]", x1, x2, 2.0, outs=[Out(F32, [2])])
    case("out in dim order [1,0]", x1, x2, 1.0, outs=[Out(F32, [3, 5], [1, 0])])
    # errors
    case("negative p", x1, x2, -1.0, tol=False, outs=[Out(F32, [3, 5])])
    case("NaN p", x1, x2, float("nan"), tol=False, outs=[Out(F32, [3, 5])])
    case("compute_mode 3", x1, x2, 2.0, 3, tol=False, outs=[Out(F32, [3, 5])])
    case("columns differ", x1, vals(r, F32, [5, 3]), 2.0, tol=False, outs=[Out(F32, [3, 5])])
    case("1-D x1", vals(r, F32, [4]), x2, 2.0, tol=False, outs=[Out(F32, [1, 5])])
    case("batch dims do not broadcast", vals(r, F32, [2, 3, 4]), vals(r, F32, [3, 5, 4]), 2.0, tol=False,
         outs=[Out(F32, [3, 3, 5])])
    case("Float x1, Double x2", x1, x2.double(), 2.0, tol=False, outs=[Out(F32, [3, 5])])
    for dt in (F16, BF16, I32):
        case("%s inputs" % NAME[dt], x1.to(dt), x2.to(dt), 2.0, tol=False, outs=[Out(dt, [3, 5])])
    case("Double out for Float inputs", x1, x2, 2.0, tol=False, outs=[Out(F64, [3, 5])])
    return cs


def gen_pdist(op):
    r = rng_for(op)
    cs = []

    def case(note, x, p=None, outs=None, order=None, tol=True):
        kw = {} if p is None else {"p": p}
        t = dist_tol(x.dtype, x, x, 2.0 if p is None else p, False) if tol else None
        cs.append(C(note, outs=outs, tol=t, self=T(x, order), **kw))

    for dt in (F32, F64):
        for p in (None, 0.0, 1.0, 2.0, float("inf"), 0.5, 3.0):
            case("%s [5,3] p %s" % (NAME[dt], p), vals(r, dt, [5, 3]), p)
        case("%s [30,4] (no matrix form in pdist)" % NAME[dt], vals(r, dt, [30, 4]))
        case("%s negative p (ATen does not check)" % NAME[dt], vals(r, dt, [4, 3]), -1.5)
    case("one row: no pairs", vals(r, F32, [1, 4]))
    case("no rows", vals(r, F32, [0, 4]))
    case("zero columns", vals(r, F32, [3, 0]))
    case("equal rows", torch.tensor([[1.0, 2.0], [1.0, 2.0], [0.0, 1.0]]))
    case("resize out from [7]", vals(r, F32, [4, 3]), outs=[Out(F32, [7])])
    # errors
    case("transposed (non-contiguous) self", vals(r, F32, [4, 3]), order=[1, 0], tol=False, outs=[Out(F32, [6])])
    case("1-D self", vals(r, F32, [4]), tol=False, outs=[Out(F32, [0])])
    for dt in (F16, BF16, I32):
        case("%s self" % NAME[dt], vals(r, dt, [4, 3]), tol=False, outs=[Out(dt, [6])])
    case("Double out for Float self", vals(r, F32, [4, 3]), tol=False, outs=[Out(F64, [6])])
    return cs


# ----------------------------------------------------------------------------------------------

def ops():
    full = ["aten::_cdist_forward.out", "aten::_pdist_forward.out"]
    gen.NOT_ELEMENTWISE.update(full)
    return [
        ("_cdist_forward.out", "trans", lambda: gen_cdist("_cdist_forward.out"), False),
        ("_pdist_forward.out", "trans", lambda: gen_pdist("_pdist_forward.out"), False),
    ]
