"""Golden cases for the reductions: sum, mean, prod, var, var_mean, amax/amin, max/min (dim and
all), argmax/argmin, any (three overloads) and cumsum.  Registered in `gen.OPS()`.

Every case is a real call of the out overload, as in `gen.py`.  Reductions are not elementwise,
so they are not re-evaluated element by element (`gen.NOT_ELEMENTWISE`), and they are written
with `conv_src=False`: the generator itself never feeds a non-finite float into an integer out
(that conversion is undefined in C++).

Tolerances (per case, from the stored inputs; integer, bool and index outs are exact, and so are
amax/amin/max/min, which only select):
  * sum / mean / cumsum: ATen sums Float in f32 (cascade), Half/BFloat16 in f32 rounded once,
    Double in f64 (cumsum: f64 for Float).  Two correct summation orders of a lane of n
    elements with S = sum |x| differ by at most about 2*k*u*S with k = n/256 + log2(n) + 4
    (pairwise within chunks of 256, chunks in sequence, against ATen's cascade), u the unit
    roundoff of the accumulator (2^-24 for f32, 2^-53 for f64): that is atol (divided by n for
    mean), rtol is one ulp of the out dtype (the final rounding).  A Half accumulator fails the
    300-element lanes.
  * prod: ATen multiplies Float in f32, Double in f64 and Half/BFloat16 in their own type
    (every product rounded), so n roundings of unit u: rtol = ulp(out) + 2*n*u.
  * var / var_mean: ATen accumulates in f64 (Welford); rtol = ulp(out) (1e-12 for Double),
    atol = 64 * 2^-53 * max sum x^2 (the f64 error of the deviations).
"""

import math

import torch

import gen
from gen import (ALL, B_, BF16, C, CL, F16, F32, F64, FLOATS, I8, I16, I32, I64, INTS, NAME, U8, Out, T,
                 rng_for, vals)

# ----------------------------------------------------------------------------------------------
# the case format's int lists and dtypes (gen.encode_value knows scalars and tensors only)

_encode = gen.encode_value


def _encode_value(v, name, tensors):
    if isinstance(v, torch.dtype):
        return {"dtype": NAME[v]}
    if isinstance(v, (list, tuple)) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return {"ints": list(v)}
    return _encode(v, name, tensors)


gen.encode_value = _encode_value

OPNAMES = ["amax.out", "amin.out", "any.all_out", "any.dims_out", "any.out", "argmax.out", "argmin.out",
           "cumsum.out", "max.dim_max", "max.unary_out", "mean.out", "mean.dtype_out", "min.dim_min",
           "min.unary_out", "prod.int_out", "prod.out", "sum.IntList_out", "var.correction_out", "var.out",
           "var_mean.correction_out"]
gen.NOT_ELEMENTWISE.update("aten::" + n for n in OPNAMES)

# ----------------------------------------------------------------------------------------------
# tolerances

U = {F16: 2.0 ** -24, BF16: 2.0 ** -24, F32: 2.0 ** -24, F64: 2.0 ** -53}
ULP = {F16: 2.0 ** -10, BF16: 2.0 ** -7, F32: 2.0 ** -23, F64: 2.0 ** -52}


def _g(x):
    return float("%.3g" % x)


def _lanes(x, dims):
    """x (double) reshaped so that each row is one lane of the reduction over dims."""
    if x.dim() == 0:
        return x.reshape(1, 1)
    if dims is None or len(dims) == 0:
        dims = list(range(x.dim()))
    dims = sorted({d % x.dim() for d in dims})  # (bad dims: an error case, any lanes do)
    keep = [d for d in range(x.dim()) if d not in dims]
    p = x.permute(keep + dims)
    n = 1
    for d in dims:
        n *= x.shape[d]
    return p.reshape(-1, n) if p.numel() else torch.zeros(0, max(n, 1), dtype=x.dtype)


def sum_tol(x, dims, out_dt, per=1.0, acc=None):
    """x: the input as ATen casts it (to the out's dtype); per: divide the bound (mean)."""
    if out_dt not in FLOATS:
        return "exact"
    acc = acc or out_dt
    lanes = _lanes(x.double().nan_to_num(0.0, 0.0, 0.0).abs(), dims)
    n = lanes.shape[1]
    s = float(lanes.sum(1).max()) if lanes.numel() else 0.0
    k = n / 256 + math.log2(max(n, 2)) + 4
    return {"rtol": ULP[out_dt], "atol": _g(max(2 * k * U[acc] * s / per, 1e-30))}


def prod_tol(n, out_dt):
    if out_dt not in FLOATS:
        return "exact"
    # ATen multiplies Half/BFloat16 in their own type (each product rounded); f32 is tighter
    u = {F64: U[F64], F32: U[F32], F16: 2.0 ** -11, BF16: 2.0 ** -8}[out_dt]
    return {"rtol": _g(ULP[out_dt] + 2 * n * u), "atol": 1e-30}


def var_tol(x, dims, out_dt):
    lanes = _lanes(x.double().nan_to_num(0.0, 0.0, 0.0), dims)
    s = float((lanes * lanes).sum(1).max()) if lanes.numel() else 0.0
    rtol = 1e-12 if out_dt == F64 else ULP[out_dt]
    return {"rtol": rtol, "atol": _g(max(64 * 2.0 ** -53 * s, 1e-30))}


# ----------------------------------------------------------------------------------------------
# shared case lists

# (shape, dim, keepdim): every kind of dim list
LIST_DIMS = [
    ([2, 3, 4], [1], False), ([2, 3, 4], [0, 2], True), ([2, 3, 4], [-1], False), ([2, 3, 4], [-3, 1], False),
    ([2, 3, 4], None, False), ([2, 3, 4], None, True), ([2, 3, 4], [], False), ([2, 3, 4], [], True),
    ([2, 3, 4], [2, 0, 1], False), ([5], [0], True), ([], [0], False), ([], [-1], True), ([], None, False),
    ([], [], True), ([3, 0, 2], [1], False), ([3, 0, 2], [0], True), ([1, 7, 1], [1], False),
    ([300], [0], False), ([3, 300], [1], True), ([260, 3], [0], False),
]
BAD_LIST_DIMS = [([2, 3], [1, 1]), ([2, 3], [0, -2]), ([2, 3], [2]), ([2, 3], [-3]), ([], [1]), ([], [0, -1])]
# (shape, dim, keepdim) for int dims
INT_DIMS = [([2, 3, 4], 1, False), ([2, 3, 4], 0, True), ([2, 3, 4], -1, False), ([2, 3, 4], 2, True),
            ([5], 0, False), ([], 0, False), ([], -1, True), ([3, 0, 2], 1, False), ([3, 0, 2], 0, True),
            ([1, 7, 1], 1, False), ([300], 0, False), ([3, 300], 1, True), ([260, 3], 0, False)]
BAD_INT_DIMS = [([2, 3], 2), ([2, 3], -3), ([], 1), ([], -2)]
# dim orders: (shape, input order, dims, keepdim, out order)
LAYOUTS = [
    ([2, 3, 4, 5], CL, [1], True, CL), ([2, 3, 4, 5], CL, [1], True, None), ([2, 3, 4, 5], None, [1], True, CL),
    ([2, 3, 4, 5], CL, [2, 3], False, None), ([2, 3, 4, 5], CL, [0, 1], True, CL), ([2, 3, 4, 5], CL, None, False, None),
    ([3, 4, 5], [2, 0, 1], [1], False, [1, 0]), ([3, 4, 5], [1, 2, 0], [0, 2], True, [2, 1, 0]),
    ([4, 6], [1, 0], [0], False, None), ([4, 6], [1, 0], [1], True, [1, 0]),
]


def dom_for(dt):
    return "small" if dt in FLOATS else "any"


def fvals(r, dt, shape):
    """Finite values that sum without overflow in every dtype (ints small)."""
    return vals(r, dt, shape, dom_for(dt))


def nan_vals(dt):
    """A [3,4] tensor with NaN, inf and ties, for the selecting reductions."""
    nan, inf = math.nan, math.inf
    v = [[1.0, nan, 3.0, nan], [2.0, 5.0, 5.0, -1.0], [-inf, inf, 0.0, -0.0]]
    return torch.tensor(v, dtype=F64).to(dt)


def tie_vals(dt):
    v = [[1, 3, 3, 0], [2, 2, 2, 2], [0, 5, 1, 5]]
    return torch.tensor(v, dtype=F64).to(dt) if dt != B_ else torch.tensor(v) > 1


# ----------------------------------------------------------------------------------------------
# sum / mean / prod.int_out / cumsum: the out's dtype drives the computation


def cast_like_aten(x, out_dt):
    return x.to(out_dt)


def g_sum():
    op = "sum.IntList_out"
    r = rng_for(op)
    cs = []

    def case(note, x, dim, keepdim=False, dtype=None, out=None, order=None, out_order=None, shape=None):
        xt = T(x, order)
        kw = dict(self=xt, dim=dim, keepdim=keepdim, dtype=dtype)
        nat = dtype or (I64 if x.dtype in INTS + [B_] else x.dtype)
        odt = out or nat
        tol = sum_tol(x.to(odt) if odt != B_ else x.double(), dim, odt) if odt in FLOATS else "exact"
        cs.append(C(note, outs=[Out(out, shape, out_order)], tol=tol, **kw))

    for dt in ALL:
        case("%s [3,4] dim [1]" % NAME[dt], fvals(r, dt, [3, 4]), [1])
        case("%s [2,3,4] all dims" % NAME[dt], fvals(r, dt, [2, 3, 4]), None)
    for shape, dim, kd in LIST_DIMS:
        for dt in (F32, I32):
            case("%s %s dim %s keepdim %s" % (NAME[dt], shape, dim, kd), fvals(r, dt, shape), dim, kd)
    for shape, dim in BAD_LIST_DIMS:
        case("bad dims %s for %s" % (dim, shape), fvals(r, F32, shape), dim)
    for shape, order, dim, kd, oo in LAYOUTS:
        for dt in (F32, I64, F16):
            case("%s layout %s dims %s keepdim %s out order %s" % (NAME[dt], order, dim, kd, oo),
                 fvals(r, dt, shape), dim, kd, order=order, out_order=oo)
    for in_dt in (I32, F32, B_, F16, F64, U8):
        x = fvals(r, in_dt, [3, 5])
        for odt in ALL:
            case("%s input into %s out" % (NAME[in_dt], NAME[odt]), x, [1], out=odt)
    x = fvals(r, I32, [3, 5])
    for dt in (F64, F32, F16, I8, B_, I64):
        case("dtype=%s" % NAME[dt], x, [1], dtype=dt)
        case("dtype=%s, out Float" % NAME[dt], x, [1], dtype=dt, out=F32)
    case("Float input dtype=Double", fvals(r, F32, [3, 5]), [0], dtype=F64)
    case("int8 overflow wraps", vals(r, I8, [4, 40], "wide").clamp(-128, 127).to(I8).abs().clamp(90, 127), [1], out=I8)
    case("Long overflow wraps", torch.full([3], 2 ** 62, dtype=I64), [0])
    case("fractions into a Bool out (cast to Bool first)", torch.tensor([[0.5, 0.0], [0.0, -0.0], [math.nan, 0.0]]),
         [1], out=B_)
    case("Float input into Int out truncates first", torch.tensor([[0.7, 1.9, -2.5], [3.99, -0.2, 1.5]]), [1], out=I32)
    for dt in (F32, F64, F16, BF16):
        sp = torch.tensor([[1.0, math.nan, 2.0], [math.inf, 1.0, 2.0], [math.inf, -math.inf, 0.0],
                           [-0.0, -0.0, -0.0]], dtype=F64).to(dt)
        case("%s NaN/inf/-0" % NAME[dt], sp, [1])
    for dt in (F16, BF16):
        case("%s long lanes (f32 accumulation)" % NAME[dt], vals(r, dt, [2, 1000], "pos"), [1])
    case("Float 2000-element lane", vals(r, F32, [2000], "pos"), [0])
    x = fvals(r, F32, [2, 3, 4])
    for s in ([0], [5], [2, 4, 1], [24]):
        case("resize out from %s to [2,4]" % s, x, [1], shape=s)
    case("resize out from [3] to [] (all dims)", x, None, shape=[3])
    return cs


def g_mean(op):
    r = rng_for(op)
    cs = []
    dtype_only = op == "mean.dtype_out"

    def case(note, x, dim=None, keepdim=False, dtype=None, out=None, order=None, out_order=None, shape=None):
        kw = dict(self=T(x, order), dtype=dtype)
        if not dtype_only:
            kw.update(dim=dim, keepdim=keepdim)
        odt = out or dtype or x.dtype
        lanes_dims = None if dtype_only else dim
        n = _lanes(x.double(), lanes_dims).shape[1] if x.numel() else 1
        tol = sum_tol(x.to(odt), lanes_dims, odt, per=max(n, 1)) if odt in FLOATS else "exact"
        if odt in FLOATS:
            tol["rtol"] = 2 * tol["rtol"]   # the sum's and the quotient's roundings
        cs.append(C(note, outs=[Out(out, shape, out_order)], tol=tol, **kw))

    for dt in ALL:
        case("%s [3,4]" % NAME[dt], fvals(r, dt, [3, 4]), [1])
        case("%s [3,4] dtype=Float" % NAME[dt], fvals(r, dt, [3, 4]), [1], dtype=F32)
    if not dtype_only:
        for shape, dim, kd in LIST_DIMS:
            for dt in (F32, F64):
                case("%s %s dim %s keepdim %s" % (NAME[dt], shape, dim, kd), fvals(r, dt, shape), dim, kd)
        for shape, dim in BAD_LIST_DIMS:
            case("bad dims %s for %s" % (dim, shape), fvals(r, F32, shape), dim)
        for shape, order, dim, kd, oo in LAYOUTS:
            case("layout %s dims %s keepdim %s out order %s" % (order, dim, kd, oo),
                 fvals(r, F32, shape), dim, kd, order=order, out_order=oo)
    else:
        for shape in ([2, 3, 4], [], [0], [3, 0], [300]):
            case("Float %s" % shape, fvals(r, F32, shape))
        case("Float channels-last", fvals(r, F32, [2, 3, 4, 5]), order=CL)
    for in_dt in (F32, F16, F64, I32):
        x = fvals(r, in_dt, [3, 5])
        for odt in ALL:
            case("%s input into %s out" % (NAME[in_dt], NAME[odt]), x, [1], out=odt)
    x = fvals(r, I32, [3, 5])
    for dt in (F64, F16, BF16, I32, I64, B_):
        case("Int input dtype=%s" % NAME[dt], x, [1], dtype=dt)
    case("Float input dtype=Double into Float out", fvals(r, F32, [3, 5]), [1], dtype=F64, out=F32)
    for dt in (F16, BF16):
        case("%s long lanes (f32 accumulation)" % NAME[dt], vals(r, dt, [2, 1000], "pos"), [1])
    sp = torch.tensor([[1.0, math.nan, 2.0], [math.inf, 1.0, 2.0], [math.inf, -math.inf, 0.0]], dtype=F32)
    case("NaN/inf", sp, [1])
    x = fvals(r, F32, [2, 3, 4])
    for s in ([0], [5], [2, 4, 1]):
        case("resize out from %s" % s, x, [1], shape=s)
    return cs


def g_prod(op):
    r = rng_for(op)
    cs = []
    full = op == "prod.out"

    def case(note, x, dim=0, keepdim=False, dtype=None, out=None, order=None, out_order=None, shape=None):
        kw = dict(self=T(x, order), dtype=dtype)
        if not full:
            kw.update(dim=dim, keepdim=keepdim)
        nat = dtype or (I64 if x.dtype in INTS + [B_] else x.dtype)
        odt = out or nat
        n = x.numel() if full or x.dim() == 0 else (x.shape[dim] if -x.dim() <= dim < x.dim() else 1)
        cs.append(C(note, outs=[Out(out, shape, out_order)], tol=prod_tol(n, odt), **kw))

    for dt in ALL:
        case("%s [3,4]" % NAME[dt], vals(r, dt, [3, 4], "small"), 1)
        case("%s [2,3]" % NAME[dt], vals(r, dt, [2, 3], "small"), 0)
    if not full:
        for shape, dim, kd in INT_DIMS:
            dt = F32 if shape != [300] and shape != [3, 300] and shape != [260, 3] else F64
            x = vals(r, dt, shape, "nonzero") if dt == F64 else vals(r, dt, shape, "small")
            if shape in ([300], [3, 300], [260, 3]):
                x = (1 + 0.01 * vals(r, F64, shape, "small")).to(F64)
            case("%s %s dim %s keepdim %s" % (NAME[dt], shape, dim, kd), x, dim, kd)
            case("Int %s dim %s keepdim %s" % (shape, dim, kd), vals(r, I32, shape, "small"), dim, kd)
        for shape, dim in BAD_INT_DIMS:
            case("bad dim %s for %s" % (dim, shape), vals(r, F32, shape), dim)
        for shape, order, dims, kd, oo in LAYOUTS:
            if dims is None or len(dims) != 1:
                continue
            case("layout %s dim %s keepdim %s out order %s" % (order, dims[0], kd, oo),
                 vals(r, F32, shape, "small"), dims[0], kd, order=order, out_order=oo)
    else:
        for shape in ([], [0], [3, 0], [2, 3, 2]):
            case("Float %s" % shape, vals(r, F32, shape, "small"))
        case("Float channels-last", vals(r, F32, [2, 3, 2, 2], "small"), order=CL)
    for in_dt in (I32, F32, B_, I8):
        x = vals(r, in_dt, [3, 4], "small")
        for odt in ALL:
            case("%s input into %s out" % (NAME[in_dt], NAME[odt]), x, 1, out=odt)
    x = vals(r, I32, [3, 4], "small")
    for dt in (F64, F32, I16, B_):
        case("dtype=%s" % NAME[dt], x, 1, dtype=dt)
        case("dtype=%s, out Long" % NAME[dt], x, 1, dtype=dt, out=I64)
    case("Int overflow wraps (Long)", torch.full([2, 70], 3, dtype=I32), 1)
    if not full:
        case("fractions into a Bool out (cast to Bool first)",
             torch.tensor([[0.5, 0.25], [0.0, 2.0], [math.nan, 0.1]]), 1, out=B_)
    case("Int overflow wraps (Int out)", torch.full([2, 40], 3, dtype=I32), 1, out=I64 if full else I32)
    for dt in (F32, F16, BF16, F64):
        sp = torch.tensor([[1.0, math.nan, 2.0], [math.inf, 0.0, 2.0], [math.inf, -2.0, 3.0]], dtype=F64).to(dt)
        case("%s NaN/inf" % NAME[dt], sp, 1)
    for dt in (F16, BF16):
        case("%s 60-element lanes" % NAME[dt], (1 + 0.05 * vals(r, F64, [2, 60], "small")).to(dt), 1)
    x = vals(r, F32, [2, 3], "small")
    for s in ([0], [5], [2, 1]):
        case("resize out from %s" % s, x, 1, shape=s)
    return cs


def g_cumsum():
    op = "cumsum.out"
    r = rng_for(op)
    cs = []

    def case(note, x, dim, dtype=None, out=None, order=None, out_order=None, shape=None):
        nat = dtype or (I64 if x.dtype in INTS + [B_] else x.dtype)
        odt = out or nat
        tol = sum_tol(x.to(odt), [dim] if x.dim() else None, odt) if odt in FLOATS else "exact"
        cs.append(C(note, outs=[Out(out, shape, out_order)], tol=tol, self=T(x, order), dim=dim, dtype=dtype))

    for dt in ALL:
        case("%s [3,4] dim 1" % NAME[dt], fvals(r, dt, [3, 4]), 1)
        case("%s [3,4] dim 0" % NAME[dt], fvals(r, dt, [3, 4]), 0)
    for shape, dim, _ in INT_DIMS:
        for dt in (F32, I32):
            case("%s %s dim %s" % (NAME[dt], shape, dim), fvals(r, dt, shape), dim)
    for shape, dim in BAD_INT_DIMS:
        case("bad dim %s for %s" % (dim, shape), fvals(r, F32, shape), dim)
    for shape, order, dims, kd, oo in LAYOUTS:
        if dims is None or len(dims) != 1 or not kd and oo is not None:
            continue
        for dt in (F32, I64):
            case("%s layout %s dim %s out order %s" % (NAME[dt], order, dims[0], oo), fvals(r, dt, shape), dims[0],
                 order=order, out_order=oo if oo is None or len(oo) == len(shape) else None)
    for in_dt in (I32, F32, B_, F16):
        x = fvals(r, in_dt, [3, 4])
        for odt in ALL:
            case("%s input into %s out" % (NAME[in_dt], NAME[odt]), x, 1, out=odt)
    x = fvals(r, I32, [3, 4])
    for dt in (F64, F16, I8, B_):
        case("dtype=%s" % NAME[dt], x, 1, dtype=dt)
        case("dtype=%s, out Long" % NAME[dt], x, 1, dtype=dt, out=I64)
    case("Float input truncated into Int out", torch.tensor([[0.5, 1.5, 2.5], [-0.7, 3.9, 1.2]]), 1, out=I32)
    case("int8 wraps", torch.full([2, 10], 100, dtype=I8), 1, out=I8)
    sp = torch.tensor([[1.0, math.nan, 2.0], [math.inf, 1.0, -math.inf], [-0.0, -0.0, 1.0]], dtype=F32)
    case("NaN/inf/-0", sp, 1)
    for dt in (F16, BF16):
        case("%s long scan" % NAME[dt], vals(r, dt, [1000], "pos"), 0)
    x = fvals(r, F32, [2, 3])
    for s in ([0], [6], [3, 2], [2, 3, 1]):
        case("resize out from %s" % s, x, 1, shape=s)
    return cs


# ----------------------------------------------------------------------------------------------
# selecting reductions: amax/amin, max/min, argmax/argmin

def g_amax(op):
    r = rng_for(op)
    cs = []

    def case(note, x, dim=(), keepdim=False, out=None, order=None, out_order=None, shape=None, omit=False):
        kw = dict(self=T(x, order))
        if not omit:
            kw.update(dim=list(dim), keepdim=keepdim)
        cs.append(C(note, outs=[Out(out, shape, out_order)], tol="exact", **kw))

    for dt in ALL:
        case("%s [3,4] dim [1]" % NAME[dt], fvals(r, dt, [3, 4]), [1])
        case("%s ties dim [0]" % NAME[dt], tie_vals(dt), [0], True)
    for dt in FLOATS:
        case("%s NaN/inf/-0 dim [1]" % NAME[dt], nan_vals(dt), [1])
        case("%s NaN/inf all" % NAME[dt], nan_vals(dt), [])
    case("defaults (all dims)", fvals(r, F32, [3, 4]), omit=True)
    for shape, dim, kd in LIST_DIMS:
        if dim is None:
            continue
        for dt in (F32, I16):
            case("%s %s dim %s keepdim %s" % (NAME[dt], shape, dim, kd), fvals(r, dt, shape), dim, kd)
    case("empty input, dims []", fvals(r, F32, [0, 3]), [])
    for shape, dim in BAD_LIST_DIMS:
        case("bad dims %s for %s" % (dim, shape), fvals(r, F32, shape), dim)
    for shape, order, dim, kd, oo in LAYOUTS:
        case("layout %s dims %s keepdim %s out order %s" % (order, dim, kd, oo), fvals(r, F32, shape),
             dim if dim is not None else [], kd, order=order, out_order=oo)
    for odt in ALL:
        case("Int input into %s out" % NAME[odt], fvals(r, I32, [3, 4]), [1], out=odt)
    x = fvals(r, F32, [2, 3, 4])
    for s in ([0], [5], [2, 4, 1]):
        case("resize out from %s" % s, x, [1], shape=s)
    return cs


def g_minmax_dim(op):
    r = rng_for(op)
    cs = []

    def case(note, x, dim, keepdim=False, vdt=None, idt=I64, order=None, oorders=(None, None), shape=None):
        outs = [Out(vdt, shape, oorders[0]), Out(idt, shape, oorders[1])]
        cs.append(C(note, outs=outs, tol="exact", self=T(x, order), dim=dim, keepdim=keepdim))

    for dt in ALL:
        case("%s [3,4] dim 1" % NAME[dt], fvals(r, dt, [3, 4]), 1)
        case("%s ties dim 1" % NAME[dt], tie_vals(dt), 1, True)
        case("%s ties dim 0" % NAME[dt], tie_vals(dt), 0)
    for dt in FLOATS:
        case("%s NaN/inf/-0 dim 1" % NAME[dt], nan_vals(dt), 1)
        case("%s NaN/inf dim 0" % NAME[dt], nan_vals(dt), 0)
    for shape, dim, kd in INT_DIMS:
        case("%s dim %s keepdim %s" % (shape, dim, kd), fvals(r, F32, shape), dim, kd)
    for shape, dim in BAD_INT_DIMS:
        case("bad dim %s for %s" % (dim, shape), fvals(r, F32, shape), dim)
    for shape, order, dims, kd, oo in LAYOUTS:
        if dims is None or len(dims) != 1:
            continue
        case("layout %s dim %s keepdim %s out orders %s" % (order, dims[0], kd, oo), fvals(r, I32, shape),
             dims[0], kd, order=order, oorders=(oo, None))
        case("layout %s dim %s keepdim %s index out order %s" % (order, dims[0], kd, oo), fvals(r, F32, shape),
             dims[0], kd, order=order, oorders=(None, oo))
    x = fvals(r, F32, [3, 4])
    for vdt, idt in ((F64, I64), (F32, I32), (I32, I64), (F16, I64), (F32, F32)):
        case("values %s indices %s" % (NAME[vdt], NAME[idt]), x, 1, vdt=vdt, idt=idt)
    x = fvals(r, F32, [2, 3, 4])
    for s in ([0], [5], [2, 4, 1]):
        case("resize outs from %s" % s, x, 1, shape=s)
    return cs


def g_minmax_all(op):
    r = rng_for(op)
    cs = []

    def case(note, x, out=None, order=None, shape=None):
        cs.append(C(note, outs=[Out(out, shape)], tol="exact", self=T(x, order)))

    for dt in ALL:
        case("%s [3,4]" % NAME[dt], fvals(r, dt, [3, 4]))
        case("%s empty" % NAME[dt], fvals(r, dt, [0]))
    for dt in FLOATS:
        case("%s NaN/inf/-0" % NAME[dt], nan_vals(dt))
    for shape in ([], [1], [300], [2, 0, 3], [3, 300]):
        case("Float %s" % shape, fvals(r, F32, shape))
    case("channels-last", fvals(r, F32, [2, 3, 4, 5]), order=CL)
    case("permuted", fvals(r, I32, [3, 4, 5]), order=[2, 0, 1])
    for in_dt in (I32, F32, B_):
        for odt in ALL:
            case("%s input into %s out" % (NAME[in_dt], NAME[odt]), fvals(r, in_dt, [3, 4]), out=odt)
    for s in ([0], [5], [1, 1]):
        case("resize out from %s" % s, fvals(r, F32, [2, 3]), shape=s)
    return cs


def g_argmax(op):
    r = rng_for(op)
    cs = []

    def case(note, x, dim=None, keepdim=False, out=None, order=None, out_order=None, shape=None):
        cs.append(C(note, outs=[Out(out, shape, out_order)], tol="exact", self=T(x, order), dim=dim,
                    keepdim=keepdim))

    for dt in ALL:
        case("%s [3,4] dim 1" % NAME[dt], fvals(r, dt, [3, 4]), 1)
        case("%s [3,4] flattened" % NAME[dt], fvals(r, dt, [3, 4]))
        if dt != B_:
            case("%s ties dim 1" % NAME[dt], tie_vals(dt), 1)
            case("%s ties flattened, keepdim" % NAME[dt], tie_vals(dt), None, True)
    for dt in FLOATS:
        case("%s NaN/inf/-0 dim 1" % NAME[dt], nan_vals(dt), 1)
        case("%s NaN/inf dim 0" % NAME[dt], nan_vals(dt), 0)
        case("%s NaN/inf flattened" % NAME[dt], nan_vals(dt))
    for shape, dim, kd in INT_DIMS:
        case("%s dim %s keepdim %s" % (shape, dim, kd), fvals(r, F32, shape), dim, kd)
    for shape, kd in (([2, 3, 4], True), ([], False), ([], True), ([0], False), ([2, 0], False), ([300], False)):
        case("%s flattened keepdim %s" % (shape, kd), fvals(r, I32, shape), None, kd)
    for shape, dim in BAD_INT_DIMS:
        case("bad dim %s for %s" % (dim, shape), fvals(r, F32, shape), dim)
    for shape, order, dims, kd, oo in LAYOUTS:
        if dims is None:
            case("layout %s flattened" % (order,), fvals(r, F32, shape), None, kd, order=order)
            case("layout %s flattened, ties" % (order,), vals(r, I32, shape, "cmp"), None, kd, order=order)
            continue
        if len(dims) != 1:
            continue
        case("layout %s dim %s keepdim %s out order %s" % (order, dims[0], kd, oo), fvals(r, F32, shape),
             dims[0], kd, order=order, out_order=oo)
        case("layout %s dim %s ties" % (order, dims[0]), vals(r, I16, shape, "cmp"), dims[0], kd, order=order)
    for odt in ALL:
        case("out %s" % NAME[odt], fvals(r, F32, [3, 4]), 1, out=odt)
    x = fvals(r, F32, [2, 3, 4])
    for s in ([0], [5], [2, 4, 1]):
        case("resize out from %s" % s, x, 1, shape=s)
    return cs


# ----------------------------------------------------------------------------------------------
# any

def g_any(op):
    r = rng_for(op)
    cs = []
    kind = op.split(".")[1]   # all_out, dims_out, out

    def case(note, x, dim=None, keepdim=False, out=None, order=None, out_order=None, shape=None):
        kw = dict(self=T(x, order))
        if kind == "dims_out":
            kw.update(dim=dim, keepdim=keepdim)
        elif kind == "out":
            kw.update(dim=dim, keepdim=keepdim)
        cs.append(C(note, outs=[Out(out, shape, out_order)], tol="exact", **kw))

    d1 = [1] if kind == "dims_out" else 1
    for dt in ALL:
        x = vals(r, dt, [4, 5], "cmp")
        x[0] = 0
        case("%s [4,5]" % NAME[dt], x, d1)
    for dt in FLOATS:
        sp = torch.tensor([[0.0, math.nan], [-0.0, 0.0], [0.0, -math.inf], [1e-30, 0.0]], dtype=F64).to(dt)
        case("%s NaN/-0/inf/tiny" % NAME[dt], sp, d1)
    if kind == "all_out":
        for shape in ([], [0], [2, 0, 3], [300], [3, 4, 5]):
            x = vals(r, F32, shape, "cmp") * (torch.rand(shape, generator=r.g) < 0.05).double()
            case("Float %s" % list(shape), x)
        case("channels-last", vals(r, I32, [2, 3, 4, 5], "cmp"), order=CL)
        case("all zeros", torch.zeros(3, 4))
    elif kind == "dims_out":
        for shape, dim, kd in LIST_DIMS:
            x = (vals(r, I32, shape, "cmp") * (torch.rand(shape, generator=r.g) < 0.2).long()).to(I32)
            case("%s dim %s keepdim %s" % (shape, dim, kd), x, dim, kd)
        for shape, dim in BAD_LIST_DIMS:
            case("bad dims %s for %s" % (dim, shape), fvals(r, F32, shape), dim)
        for shape, order, dim, kd, oo in LAYOUTS:
            x = (vals(r, F32, shape, "cmp") * (torch.rand(shape, generator=r.g) < 0.1).double()).to(F32)
            case("layout %s dims %s keepdim %s out order %s" % (order, dim, kd, oo), x, dim, kd, order=order,
                 out_order=oo)
    else:
        for shape, dim, kd in INT_DIMS:
            x = (vals(r, I32, shape, "cmp") * (torch.rand(shape, generator=r.g) < 0.2).long()).to(I32)
            case("%s dim %s keepdim %s" % (shape, dim, kd), x, dim, kd)
        for shape, dim in BAD_INT_DIMS:
            case("bad dim %s for %s" % (dim, shape), fvals(r, F32, shape), dim)
        for shape, order, dims, kd, oo in LAYOUTS:
            if dims is None or len(dims) != 1:
                continue
            x = (vals(r, F32, shape, "cmp") * (torch.rand(shape, generator=r.g) < 0.1).double()).to(F32)
            case("layout %s dim %s keepdim %s out order %s" % (order, dims[0], kd, oo), x, dims[0], kd,
                 order=order, out_order=oo)
    for in_dt in (F32, U8, I64):
        for odt in ALL:
            case("%s input into %s out" % (NAME[in_dt], NAME[odt]), vals(r, in_dt, [3, 4], "cmp"), d1, out=odt)
    x = vals(r, F32, [2, 3, 4], "cmp")
    for s in ([0], [7], [1, 1, 1]):
        case("resize out from %s" % s, x, d1, shape=s)
    return cs


# ----------------------------------------------------------------------------------------------
# var, var_mean

def g_var(op):
    r = rng_for(op)
    cs = []
    unbiased_ovl = op == "var.out"
    two = op.startswith("var_mean")

    def case(note, x, dim=None, correction=None, keepdim=False, out=None, order=None, out_order=None, shape=None,
             unbiased=True, outs2=None):
        kw = dict(self=T(x, order), dim=dim, keepdim=keepdim)
        if unbiased_ovl:
            kw["unbiased"] = unbiased
        else:
            kw["correction"] = correction
        odt = out or x.dtype
        tol = var_tol(x, dim, odt) if odt in FLOATS else "exact"
        if two:
            outs = outs2 or [Out(out, shape, out_order), Out(out, shape)]
            if isinstance(tol, dict):
                mt = sum_tol(x, dim, odt, per=max(_lanes(x.double(), dim).shape[1], 1))
                tol = {"rtol": max(tol["rtol"], 2 * mt["rtol"]), "atol": max(tol["atol"], mt["atol"])}
        else:
            outs = [Out(out, shape, out_order)]
        cs.append(C(note, outs=outs, tol=tol, **kw))

    for dt in ALL:
        case("%s [3,4] dim [1]" % NAME[dt], fvals(r, dt, [3, 4]), [1])
    for dt in FLOATS:
        case("%s [2,3,4] all" % NAME[dt], fvals(r, dt, [2, 3, 4]))
        case("%s long lanes" % NAME[dt], vals(r, dt, [2, 500], "any") + 10, [1])
    for shape, dim, kd in LIST_DIMS:
        case("%s dim %s keepdim %s" % (shape, dim, kd), fvals(r, F32, shape), dim, keepdim=kd)
    for shape, dim in BAD_LIST_DIMS:
        case("bad dims %s for %s" % (dim, shape), fvals(r, F32, shape), dim)
    for shape, order, dim, kd, oo in LAYOUTS:
        case("layout %s dims %s keepdim %s out order %s" % (order, dim, kd, oo), fvals(r, F64, shape), dim,
             keepdim=kd, order=order, out_order=oo)
    x = fvals(r, F32, [3, 4])
    c = torch.full([2, 3], 1.5)
    if unbiased_ovl:
        case("unbiased=False", x, [1], unbiased=False)
        case("unbiased=False, one element", x, [0, 1], unbiased=False)
        case("one element per lane (n=1, unbiased)", x[:1], [0])
    else:
        for corr in (0, 1, 2, 3, 4, 5, 2.5, -1, True, False, 0.5, math.nan, math.inf):
            case("correction %s (N=4)" % corr, x, [1], correction=corr)
            if corr in (3, 4, 5):
                case("correction %s constant lanes" % corr, c, [1], correction=corr)
    case("constant lanes", c, [1])
    # inf: var is NaN whatever the order, but Welford's running mean (var_mean's out1) is inf or NaN
    # depending on where the inf comes in the lane, which is ATen's iteration order: var only.
    if not two:
        case("NaN/inf", torch.tensor([[1.0, math.nan, 2.0], [math.inf, 1.0, 2.0], [3.0, 1.0, 2.0]]), [1])
    case("NaN", torch.tensor([[1.0, math.nan, 2.0], [3.0, 1.0, 2.0]]), [1])
    case("keepdim, correction 0", x, [1], correction=None if unbiased_ovl else 0, keepdim=True, unbiased=False)
    case("large offset (cancellation)", (vals(r, F64, [2, 50], "unit") + 1e4).to(F32), [1])
    if two:
        for d0, d1 in ((F32, F64), (F64, F32), (F16, F16), (F32, F16), (I32, I32)):
            case("outs %s %s" % (NAME[d0], NAME[d1]), x, [1], outs2=[Out(d0), Out(d1)])
        case("outs in channels-last", fvals(r, F32, [2, 3, 4, 5]), [1], keepdim=True, order=CL,
             outs2=[Out(dim_order=CL), Out(dim_order=CL)])
        case("var out channels-last only", fvals(r, F32, [2, 3, 4, 5]), [1], keepdim=True,
             outs2=[Out(dim_order=CL), Out()])
    else:
        for odt in ALL:
            case("Float input into %s out" % NAME[odt], x, [1], out=odt)
        case("Double input into Float out", fvals(r, F64, [3, 4]), [1], out=F32)
        case("Half input into Float out", fvals(r, F16, [3, 4]), [1], out=F32)
    for s in ([0], [5], [3, 1]):
        case("resize out from %s" % s, x, [1], shape=s)
    return cs


def ops():
    return [
        ("sum.IntList_out", "arith", g_sum, False),
        ("mean.out", "arith", lambda: g_mean("mean.out"), False),
        ("mean.dtype_out", "arith", lambda: g_mean("mean.dtype_out"), False),
        ("prod.int_out", "arith", lambda: g_prod("prod.int_out"), False),
        ("prod.out", "arith", lambda: g_prod("prod.out"), False),
        ("cumsum.out", "arith", g_cumsum, False),
        ("amax.out", "exact", lambda: g_amax("amax.out"), False),
        ("amin.out", "exact", lambda: g_amax("amin.out"), False),
        ("max.dim_max", "exact", lambda: g_minmax_dim("max.dim_max"), False),
        ("min.dim_min", "exact", lambda: g_minmax_dim("min.dim_min"), False),
        ("max.unary_out", "exact", lambda: g_minmax_all("max.unary_out"), False),
        ("min.unary_out", "exact", lambda: g_minmax_all("min.unary_out"), False),
        ("argmax.out", "exact", lambda: g_argmax("argmax.out"), False),
        ("argmin.out", "exact", lambda: g_argmax("argmin.out"), False),
        ("any.all_out", "exact", lambda: g_any("any.all_out"), False),
        ("any.dims_out", "exact", lambda: g_any("any.dims_out"), False),
        ("any.out", "exact", lambda: g_any("any.out"), False),
        ("var.correction_out", "arith", lambda: g_var("var.correction_out"), False),
        ("var.out", "arith", lambda: g_var("var.out"), False),
        ("var_mean.correction_out", "arith", lambda: g_var("var_mean.correction_out"), False),
    ]
