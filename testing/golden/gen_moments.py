"""Golden cases for NaN and infinities through the moment kernels (issue 28 item 2): var,
var_mean, native_layer_norm, native_group_norm and batch norm in training, each fed rows that
hold NaN, +inf, -inf and mixes at every kind of position.  Registered in `gen.OPS()`; written
to `aten__<op>.moments.safetensors`.

ATen's kernels use different algorithms, and the algorithm decides the special values:
  * var / var_mean over dims: Welford's update in f64, element by element in memory order
    (`[1, inf]` has mean inf, `[inf, 1]` mean NaN, the variance is NaN);
  * var of every element of a Float / Double tensor (`std_var_all`): the mean in the input's
    dtype (a Float sum can overflow to inf), then the squared deviations in f64 (`[3e38, 3e38]`
    has variance inf); a Half input into a Float out is an error there;
  * native_layer_norm and native_group_norm on contiguous input: `RowwiseMoments` (Welford in
    8 (Float) or 4 (Double) interleaved columns, 16-vector chunks in a cascade, a scalar tail):
    the mean of a row with an infinity is NaN unless the infinity sits where the column merge
    leaves it last; rstd is NaN;
  * native_group_norm on channels-last input, batch norm in training: sums (mean inf, rstd
    NaN; NaN with both infinities).
The layouts vary so that memory order differs from logical order where that moves an infinity.

Tolerances: those of the family's generator for the finite values (computed from the inputs
with their non-finite elements zeroed); NaN and infinities are compared exactly (FORMAT.md).
"""

import math

import torch

import gen
from gen import C, CL, F16, BF16, F32, F64, NAME, Out, T, rng_for, vals

A = torch.ops.aten
FDT = [F32, F64, F16, BF16]
INF, NAN = math.inf, math.nan
OPNAMES = ["var.correction_out", "var.out", "var_mean.correction_out", "native_layer_norm.out",
           "native_group_norm.out", "_native_batch_norm_legit.no_stats_out"]
gen.NOT_ELEMENTWISE.update("aten::" + n for n in OPNAMES)


def finite(x):
    return x.double().nan_to_num(0.0, 0.0, 0.0)


def safe(tol):
    """A tolerance whose bound overflowed (values near the dtype's range) kept finite: such
    cases test where infinities and NaN come out, which are compared exactly anyway."""
    return {k: (v if math.isfinite(v) else 1e300) for k, v in tol.items()}


def special_rows(n):
    """Rows of length n with special values at telling positions: first, last, the last slot
    of a column (index 7 / 15 of a Float vector, 3 of a Double one), the middle, pairs."""
    rows = []
    pos = sorted({0, n - 1, n // 2, min(7, n - 1), min(3, n - 1), min(15, n - 1), max(n - 9, 0)})
    for p in pos:
        for v in (INF, -INF, NAN):
            r = [1.0 + 0.25 * (i % 5) for i in range(n)]
            r[p] = v
            rows.append(r)
    if n >= 2:
        for a, b in ((INF, INF), (INF, -INF), (INF, NAN), (-INF, -INF)):
            r = [0.5 + 0.125 * (i % 7) for i in range(n)]
            r[0], r[-1] = a, b
            rows.append(r)
    return rows


# ----------------------------------------------------------------------------------------------
# var, var_mean

def g_var(op):
    import gen_reduce
    cs = []
    two = op.startswith("var_mean")
    unbiased_ovl = op == "var.out"

    def case(note, x, dim, keepdim=False, out=None, order=None, correction=None):
        kw = dict(self=T(x, order), dim=dim, keepdim=keepdim)
        if unbiased_ovl:
            kw["unbiased"] = correction is None
        else:
            kw["correction"] = correction
        odt = out or x.dtype
        tol = safe(gen_reduce.var_tol(finite(x), dim, odt))
        outs = [Out(out), Out(out)] if two else [Out(out)]
        cs.append(C(note, outs=outs, tol=tol, **kw))

    for dt in FDT:
        for n in (1, 2, 3, 9):
            x = torch.tensor(special_rows(n), dtype=F64).to(dt)
            case("%s rows of %d with NaN/inf, dim [1]" % (NAME[dt], n), x, [1])
            case("%s rows of %d with NaN/inf, dim [0] (transposed walk)" % (NAME[dt], n), x.t().contiguous(), [0])
        for row in ([INF, INF], [1.0, INF], [INF, 1.0], [1.0, 2.0, INF], [INF, -INF], [1.0, NAN], [-INF, 1.0, 2.0],
                    [NAN, INF], [2.0, -INF]):
            x = torch.tensor(row, dtype=F64).to(dt)
            case("%s %s, every dim" % (NAME[dt], row), x, None)
            case("%s %s as [1, n], dim [1]" % (NAME[dt], row), x.reshape(1, -1), [1], keepdim=True)
        # a channels-last input reduced over H and W: memory order is W fastest, as logical order,
        # but over C and W the walk visits W before C
        x = vals(rng_for(op, NAME[dt]), dt, [2, 3, 2, 2], "any")
        x[0, 0, 0, 0] = INF
        x[1, 2, 1, 1] = -INF
        x[1, 0, 1, 0] = NAN
        case("%s channels-last, inf/NaN, dims [1, 3]" % NAME[dt], x, [1, 3], order=CL)
        case("%s channels-last, inf/NaN, dims [2, 3]" % NAME[dt], x, [2, 3], order=CL)
        case("%s [3, 2] with inf first in memory but last logically, dim [0]" % NAME[dt],
             torch.tensor([[1.0, 2.0], [3.0, 4.0], [INF, 5.0]], dtype=F64).to(dt), [0], order=[1, 0])
    big = torch.tensor([3e38, 3e38, -3e38, 1e38])
    case("Float values whose Float sum overflows, every dim (std_var_all: mean in Float)", big, None)
    case("Float values whose Float sum overflows, over dim 1 of [2, 2]", big.reshape(2, 2), [1])
    if not two:
        case("Float into a Double out, every dim", big, None, out=F64)
        case("Double into a Float out, every dim", torch.tensor([1e300, -1e300, 3.0], dtype=F64), None, out=F32)
        case("Double into a Float out over dims (cast to Float first: inf)", torch.tensor(
            [[1e300, 1.0], [2.0, 3.0]], dtype=F64), [1], out=F32)
        case("Half input into a Float out, every dim (ATen: std_var_all has no Half)",
             torch.tensor([1.0, 2.0, 4.0], dtype=F16), None, out=F32)
        case("Half input into a Float out over a dim", torch.tensor([[1.0, 2.0], [4.0, 8.0]], dtype=F16), [1], out=F32)
        case("Float input into a Half out, every dim (Welford on Half values)", torch.tensor([1.0, 2.0, 4.0, 70000.0]),
             None, out=F16)
        case("BFloat16 input, every dim", torch.tensor([1.0, INF, 2.0], dtype=BF16), None)
        case("Float input, correction 2, every dim, 2 elements", torch.tensor([1.0, 3.0]), None, correction=2)
    return cs


# ----------------------------------------------------------------------------------------------
# layer norm, group norm, batch norm

def g_layer_norm(op):
    import gen_norm
    r = rng_for(op)
    cs = []

    def case(note, x, k, w=None, b=None, order=None):
        dt = x.dtype
        pt = w.dtype if w is not None else (b.dtype if b is not None else dt)
        st = list(x.shape[:x.dim() - k]) + [1] * k
        outs = [Out(dt, list(x.shape)), Out(pt, st), Out(pt, st)]
        tol = safe(gen_norm.layer_norm_tol(dt, finite(x), k, w, b))
        cs.append(C(note, outs=outs, tol=tol, input=T(x, order), normalized_shape=list(x.shape[x.dim() - k:]),
                    weight=None if w is None else T(w), bias=None if b is None else T(b), eps=1e-5))

    for dt in FDT:
        for n in (1, 2, 3, 7, 8, 9, 16, 17, 24, 33, 128, 129, 136, 257):
            x = torch.tensor(special_rows(n), dtype=F64).to(dt)
            case("%s rows of %d with NaN/inf at telling positions" % (NAME[dt], n), x, 1)
        x = vals(r, dt, [2, 3, 4, 5], "any")
        x[0, 1, 2, 3] = INF
        x[1, 0, 0, 0] = -INF
        x[1, 2, 3, 4] = INF
        w, b = vals(r, dt, [4, 5]), vals(r, dt, [4, 5])
        case("%s [2,3,4,5] over [4,5], weight and bias, infinities" % NAME[dt], x, 2, w, b)
        case("%s channels-last [2,3,4,5] over [3,4,5], infinities" % NAME[dt], x, 3, order=CL)
        case("%s dim order [3,1,0,2] over [4,5], infinities" % NAME[dt], x, 2, w, b, order=[3, 1, 0, 2])
    for dt in (F16, BF16):
        x = torch.tensor(special_rows(40), dtype=F64).to(dt)
        case("%s rows of 40 with NaN/inf, Float weight and bias (mixed)" % NAME[dt], x, 1,
             vals(r, F32, [40]), vals(r, F32, [40]))
    return cs


def g_group_norm(op):
    import gen_norm
    r = rng_for(op)
    cs = []

    def case(note, x, g, w=None, b=None, order=None):
        dt = x.dtype
        pt = w.dtype if w is not None else (b.dtype if b is not None else dt)
        N, Cc = x.shape[0], x.shape[1]
        HxW = x.numel() // (N * Cc)
        outs = [Out(dt, list(x.shape)), Out(pt, [N, g]), Out(pt, [N, g])]
        tol = safe(gen_norm.layer_norm_tol(dt, finite(x).reshape(N, g, -1), 1, w, b))
        cs.append(C(note, outs=outs, tol=tol, input=T(x, order), weight=None if w is None else T(w),
                    bias=None if b is None else T(b), N=N, C=Cc, HxW=HxW, group=g, eps=1e-5))

    for dt in FDT:
        for shape, g in (([2, 4, 3, 3], 2), ([1, 4, 2, 2], 1), ([1, 2, 4, 4], 1), ([2, 8, 5, 5], 4),
                         ([1, 6, 16], 3)):
            for order in ((None, CL) if len(shape) == 4 else (None,)):
                n = math.prod(shape)
                for p, v in ((0, INF), (n - 1, INF), (n // 2, -INF), (7, INF), (15, NAN), (3, INF)):
                    x = vals(r, dt, shape, "any")
                    x.view(-1)[min(p, n - 1)] = v
                    case("%s %s group %d %s, %s at flat %d" % (NAME[dt], shape, g, "channels-last" if order else
                                                              "contiguous", v, p), x, g, order=order)
        x = vals(r, dt, [2, 4, 3, 3], "any")
        x[0, 0, 0, 0], x[0, 1, 2, 2] = INF, -INF
        x[1, 3, 1, 1] = NAN
        c = 4
        case("%s weight and bias, mixed specials" % NAME[dt], x, 2, vals(r, dt, [c]), vals(r, dt, [c]))
        case("%s channels-last, weight and bias, mixed specials" % NAME[dt], x, 2, vals(r, dt, [c]),
             vals(r, dt, [c]), order=CL)
    return cs


def g_batch_norm(op):
    import gen_norm
    r = rng_for(op)
    cs = []

    def case(note, x, w=None, b=None, order=None):
        dt = x.dtype
        pt = w.dtype if w is not None else (b.dtype if b is not None else dt)
        c = x.shape[1]
        outs = [Out(dt, list(x.shape)), Out(pt, [c]), Out(pt, [c])]
        tol = safe(gen_norm.layer_norm_tol(dt, finite(x).transpose(0, 1).reshape(c, -1), 1, w, b))
        cs.append(C(note, outs=outs, tol=tol, input=T(x, order), weight=None if w is None else T(w),
                    bias=None if b is None else T(b), training=True, momentum=0.1, eps=1e-5))

    for dt in FDT:
        for order in (None, CL):
            x = vals(r, dt, [2, 4, 3, 3], "any")
            x[0, 0, 0, 0] = INF
            x[1, 1, 2, 2] = INF
            x[0, 1, 1, 1] = 2.0
            x[0, 2, 0, 0], x[1, 2, 1, 0] = INF, -INF
            x[1, 3, 0, 1] = NAN
            case("%s %s, channels with inf, both infinities, NaN" % (NAME[dt], "channels-last" if order else
                                                                      "contiguous"), x, order=order)
            case("%s %s, same with weight and bias" % (NAME[dt], "channels-last" if order else "contiguous"), x,
                 vals(r, dt, [4]), vals(r, dt, [4]), order=order)
        x = torch.tensor([[INF, 1.0], [2.0, 3.0], [-INF, NAN]], dtype=F64).to(dt)
        case("%s [3, 2]" % NAME[dt], x)
    return cs


def ops():
    return [
        ("var.correction_out@moments", "arith", lambda: g_var("var.correction_out"), False),
        ("var.out@moments", "arith", lambda: g_var("var.out"), False),
        ("var_mean.correction_out@moments", "arith", lambda: g_var("var_mean.correction_out"), False),
        ("native_layer_norm.out@moments", "trans", lambda: g_layer_norm("native_layer_norm.out"), False),
        ("native_group_norm.out@moments", "trans", lambda: g_group_norm("native_group_norm.out"), False),
        ("_native_batch_norm_legit.no_stats_out@moments", "trans",
         lambda: g_batch_norm("_native_batch_norm_legit.no_stats_out"), False),
    ]
