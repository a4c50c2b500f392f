"""Golden cases for the NN family (softmax, normalization, convolution, ...): registered in
gen.py's OPS() by `ops += gen_nn.ops()`.

Tolerances are per dtype and measured: every case's expected value (torch's) is also checked
against a float64 evaluation of the same call (`self_check`), and must lie within half the
case's band of it, so an implementation that is as accurate as ATen (or more) passes.
  * softmax / log_softmax: Float rtol 1e-5 atol 1e-6 (exp, a sum of n terms, one division;
    log_softmax's atol scales with |max| + log(n) since it cancels), Double 1e-12, Half rtol 1e-3
    atol 1e-5 and BFloat16 rtol 8e-3 atol 1e-5 (Float computation rounded once: one ulp).
  * layer norm / batch norm: the statistics are sums over n elements, so atol grows with
    n * u * max|x| (u the unit roundoff of the accumulation type) on top of the output dtype's ulp.
  * convolution: as gen.py's GEMM, atol = 2 (K + 2) u S with S the largest sum of |x||w| over
    one output's window and K its length (Float accumulation for Half/BFloat16), rtol two ulps
    of the out dtype; transposed Half/BFloat16 add one out-dtype ulp of S per kernel tap (ATen
    sums the taps in the reduced type there, measured). Integer convolution is exact.
"""

import math

import torch

import gen
from gen import (T, C, Out, NAME, F16, BF16, F32, F64, I32, I64, U8, B_, ALL, CL, vals, rng_for)

A = torch.ops.aten
ULP = {F16: 2.0 ** -10, BF16: 2.0 ** -7, F32: 2.0 ** -23, F64: 2.0 ** -52}
U_ACC = {F16: 2.0 ** -24, BF16: 2.0 ** -24, F32: 2.0 ** -24, F64: 2.0 ** -53}
SELF_CHECK_WARNINGS = []


def fl(x):
    return float("%.3g" % x)


def self_check(op, note, fn, kw, expected, tol):
    """fn(**kw) evaluated in float64 must be within half of `tol` of torch's answer."""
    try:
        dk = {k: (v.t.double() if isinstance(v, T) and v.t.is_floating_point() else
                  (v.t if isinstance(v, T) else v)) for k, v in kw.items()}
        ref = fn(**dk)
        if isinstance(ref, (tuple, list)):
            ref = ref[0]
        e = expected.double()
        m = torch.isfinite(ref) & torch.isfinite(e)
        bad = ((e - ref).abs() > (tol["atol"] + tol["rtol"] * ref.abs()) / 2) & m
        if bad.any():
            SELF_CHECK_WARNINGS.append("%s [%s]: torch is %g from the f64 value (tol %s)" %
                                       (op, note, float((e - ref).abs()[m].max()), tol))
    except Exception as ex:  # pragma: no cover
        SELF_CHECK_WARNINGS.append("%s [%s]: self-check failed: %s" % (op, note, ex))


# ----------------------------------------------------------------------------------------------
# softmax

FDT = [F16, BF16, F32, F64]
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
# layer norm, batch norm

def dmax(t):
    return float(t.double().nan_to_num(0, 0, 0).abs().max()) if t is not None and t.numel() else 0.0


def layer_norm_tol(dt, x, k, w, b):
    n = math.prod(x.shape[x.dim() - k:]) if x.dim() >= k else 1
    xd = x.double()
    if n and x.numel():
        dims = list(range(x.dim() - k, x.dim()))
        std = xd.var(dims, unbiased=False).sqrt().clamp_min(1e-3)
        scale = dmax(xd / std.reshape(list(std.shape) + [1] * k)) + dmax(1 / std)
    else:
        scale = 1.0
    scale = scale * max(dmax(w), 1.0) + dmax(b) + dmax(x)
    atol = 4 * (n + 2) * U_ACC[dt] * scale
    rtol = 2 * ULP[dt] if dt != F64 else 1e-12
    return {"rtol": rtol, "atol": fl(max(atol, 1e-12 if dt == F64 else 1e-6))}


def stat_shape(shape, k):
    return list(shape[:len(shape) - k]) + [1] * k


def gen_layer_norm(op):
    r = rng_for(op)
    cs = []

    def case(note, x, ns, w=None, b=None, eps=1e-5, outs=None, xorder=None, tol=True):
        dt = x.dtype
        pt = w.dtype if w is not None else (b.dtype if b is not None else dt)
        if outs is None:
            st = stat_shape(list(x.shape), len(ns)) if len(ns) <= x.dim() else [1]
            outs = [Out(dt, list(x.shape)), Out(pt, st), Out(pt, st)]
        t = layer_norm_tol(dt, x, len(ns), w, b) if tol and dt in FDT else None
        cs.append(C(note, outs=outs, tol=t, input=T(x, xorder), normalized_shape=ns,
                    weight=None if w is None else T(w), bias=None if b is None else T(b), eps=eps))

    shapes = [([2, 3, 4], [4]), ([2, 3, 4], [3, 4]), ([5], [5]), ([3, 33], [33]), ([2, 2, 3], [2, 2, 3]),
              ([4, 1], [1])]
    for dt in FDT:
        for shape, ns in shapes:
            x = vals(r, dt, shape, "any")
            w, b = vals(r, dt, ns, "any"), vals(r, dt, ns, "any")
            case("%s %s over %s, weight and bias" % (NAME[dt], shape, ns), x, ns, w, b)
            case("%s %s over %s, no weight or bias" % (NAME[dt], shape, ns), x, ns)
        x = vals(r, dt, [2, 3, 4], "any")
        case("%s weight only" % NAME[dt], x, [4], w=vals(r, dt, [4]))
        case("%s bias only, eps 0.1" % NAME[dt], x, [4], b=vals(r, dt, [4]), eps=0.1)
        for order in (CL, [0, 3, 1, 2], [3, 1, 0, 2]):
            x = vals(r, dt, [2, 3, 4, 5], "any")
            for ns in ([5], [4, 5], [3, 4, 5]):
                case("%s dim order %s over %s" % (NAME[dt], order, ns), x, ns, vals(r, dt, ns), vals(r, dt, ns),
                     xorder=order)
        x = (r.randn([3, 8]) * 0.01 + 100).to(dt)
        case("%s large mean, small variance" % NAME[dt], x, [8])
    for dt in (F16, BF16):
        x = vals(r, dt, [2, 3, 4], "any")
        case("%s input, Float weight and bias (mixed)" % NAME[dt], x, [4], vals(r, F32, [4]), vals(r, F32, [4]))
        case("%s input, Float weight (mixed)" % NAME[dt], x, [4], w=vals(r, F32, [4]))
    x = vals(r, F32, [0, 4])
    case("empty batch [0,4]", x, [4], vals(r, F32, [4]), vals(r, F32, [4]))
    x = vals(r, F32, [3, 0])
    case("zero-size normalized dim [3,0] (mean 0, rstd nan)", x, [0])
    x = vals(r, F32, [2, 3, 4])
    case("resize outs from other shapes", x, [4], outs=[Out(F32, [4]), Out(F32, [0]), Out(F32, [2, 3])])
    case("channels-last-like outs", x, [4], outs=[Out(F32, [2, 3, 4], [0, 2, 1]), Out(F32, [2, 3, 1], [2, 1, 0]),
                                                  Out(F32, [2, 3, 1], [1, 0, 2])])
    # errors
    case("normalized_shape []", x, [], tol=False, outs=[Out(F32, [2, 3, 4])] * 3)
    case("normalized_shape [5] does not match", x, [5], tol=False, outs=[Out(F32, [2, 3, 4])] * 3)
    case("normalized_shape longer than input", x, [1, 2, 3, 4], tol=False, outs=[Out(F32, [2, 3, 4])] * 3)
    case("weight of wrong shape", x, [4], w=vals(r, F32, [3]), tol=False)
    case("weight [1,4] for normalized_shape [4]", x, [4], w=vals(r, F32, [1, 4]), tol=False)
    case("bias of wrong shape", x, [4], b=vals(r, F32, [5]), tol=False)
    for dt in (I32, I64):
        case("%s input" % NAME[dt], vals(r, dt, [2, 4]), [4], tol=False)
    case("Float input, Double weight", x, [4], w=vals(r, F64, [4]), tol=False)
    case("Double input, Float weight", vals(r, F64, [2, 4]), [4], w=vals(r, F32, [4]), tol=False)
    case("Float input, Half weight", x, [4], w=vals(r, F16, [4]), tol=False)
    case("Half input, Float weight, Double bias", vals(r, F16, [2, 4]), [4], w=vals(r, F32, [4]),
         b=vals(r, F64, [4]), tol=False)
    case("out0 Double for Float input", x, [4], outs=[Out(F64, [2, 3, 4]), Out(F32, [2, 3, 1]), Out(F32, [2, 3, 1])])
    case("out1 Half for Float input", x, [4], outs=[Out(F32, [2, 3, 4]), Out(F16, [2, 3, 1]), Out(F32, [2, 3, 1])])
    case("mixed: out1 Half for Float weight", vals(r, F16, [2, 4]), [4], w=vals(r, F32, [4]),
         outs=[Out(F16, [2, 4]), Out(F16, [2, 1]), Out(F16, [2, 1])])
    fn = lambda input, normalized_shape, weight, bias, eps: torch.layer_norm(input, normalized_shape, weight, bias,
                                                                             eps)
    return cs, fn


def gen_batch_norm(op):
    r = rng_for(op)
    cs = []

    def case(note, x, w, b, rm, rv, eps=1e-5, momentum=0.1, outs=None, xorder=None, tol=True):
        dt = x.dtype
        pt = rm.dtype
        if outs is None:
            outs = [Out(dt, list(x.shape)), Out(pt, [0]), Out(pt, [0])]
        t = None
        if tol and dt in FDT and x.dim() >= 2 and rm.numel() == x.shape[1]:
            alpha = (w.double() if w is not None else 1) / (rv.double() + eps).sqrt()
            beta = (b.double() if b is not None else 0) - rm.double() * alpha
            sh = [1, -1] + [1] * (x.dim() - 2)
            S = dmax(x.double() * alpha.reshape(sh)) + dmax(beta) + dmax(rm.double() * alpha)
            t = {"rtol": 2 * ULP[dt] if dt != F64 else 1e-12, "atol": fl(max(8 * U_ACC[dt] * S, 1e-12))}
        cs.append(C(note, outs=outs, tol=t, input=T(x, xorder), weight=None if w is None else T(w),
                    bias=None if b is None else T(b), running_mean=T(rm), running_var=T(rv),
                    momentum=momentum, eps=eps))

    def params(dt, c):
        return (vals(r, dt, [c]), vals(r, dt, [c]), vals(r, dt, [c]), vals(r, dt, [c], "pos"))

    for dt in FDT:
        for shape, order in (([2, 3, 4, 5], None), ([2, 3, 4, 5], CL), ([4, 3], None), ([2, 3, 5], None),
                             ([2, 3, 5], [0, 2, 1]), ([2, 3, 2, 2, 2], None), ([2, 3, 2, 2, 2], [0, 2, 3, 4, 1]),
                             ([1, 16, 3, 3], [0, 3, 1, 2])):
            if dt in (F16, BF16) and order not in (None, CL, [0, 2, 3, 4, 1]):
                # ATen's generic-layout path rounds alpha and beta to Half/BFloat16 (up to 0.8
                # off in BFloat16 under cancellation): its answer depends on the memory layout
                continue
            x = vals(r, dt, shape)
            w, b, rm, rv = params(dt, shape[1])
            case("%s %s order %s" % (NAME[dt], shape, order), x, w, b, rm, rv, xorder=order)
        x = vals(r, dt, [2, 3, 4])
        w, b, rm, rv = params(dt, 3)
        case("%s no weight" % NAME[dt], x, None, b, rm, rv)
        case("%s no bias, eps 0.1, momentum 0.9" % NAME[dt], x, w, None, rm, rv, eps=0.1, momentum=0.9)
        case("%s no weight or bias" % NAME[dt], x, None, None, rm, rv)
    for dt in (F16, BF16):
        x = vals(r, dt, [2, 3, 4, 5])
        w, b, rm, rv = params(F32, 3)
        case("%s input, Float parameters (mixed)" % NAME[dt], x, w, b, rm, rv, xorder=CL)
        case("%s input, Float stats, no weight or bias (mixed)" % NAME[dt], x, None, None, rm, rv)
    w, b, rm, rv = params(F32, 3)
    case("empty batch [0,3,2]", vals(r, F32, [0, 3, 2]), w, b, rm, rv)
    case("zero channels [2,0,2]", vals(r, F32, [2, 0, 2]), *params(F32, 0))
    x = vals(r, F32, [2, 3, 4])
    case("resize outs", x, w, b, rm, rv, outs=[Out(F32, [3]), Out(F32, [5]), Out(F32, [2, 2])])
    case("channels-last out", vals(r, F32, [2, 3, 4, 5]), w, b, rm, rv,
         outs=[Out(F32, [2, 3, 4, 5], CL), Out(F32, [0]), Out(F32, [0])])
    # errors
    case("1-D input", vals(r, F32, [3]), w, b, rm, rv, tol=False, outs=[Out(F32, [3]), Out(F32, [0]), Out(F32, [0])])
    case("zero-dim input", vals(r, F32, []), w, b, rm, rv, tol=False, outs=[Out(F32, []), Out(F32, [0]), Out(F32, [0])])
    for dt in (I32, I64):
        xi = vals(r, dt, [2, 3])
        case("%s input" % NAME[dt], xi, None, None, rm, rv, tol=False, outs=[Out(dt, [2, 3]), Out(F32, [0]), Out(F32, [0])])
    case("Float input, Double stats", x, None, None, rm.double(), rv.double(), tol=False)
    case("Double input, Float stats", x.double(), None, None, rm, rv, tol=False)
    case("Float input, Half weight", x, w.half(), None, rm, rv, tol=False)
    case("out0 Double", x, w, b, rm, rv, outs=[Out(F64, [2, 3, 4]), Out(F32, [0]), Out(F32, [0])])
    case("out1 Double", x, w, b, rm, rv, outs=[Out(F32, [2, 3, 4]), Out(F64, [0]), Out(F32, [0])])
    fn = lambda input, weight, bias, running_mean, running_var, momentum, eps: \
        torch.nn.functional.batch_norm(input, running_mean, running_var, weight, bias, False, momentum, eps)
    return cs, fn


# ----------------------------------------------------------------------------------------------
# convolution

CONV_DTS = [U8, gen.I8, gen.I16, I32, I64, F16, BF16, F32, F64]


def conv_ref(x, w, b, stride, padding, dilation, transposed, output_padding, groups):
    k = x.dim() - 2
    F = torch.nn.functional
    if transposed:
        f = [F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d][k - 1]
        return f(x, w, b, stride, padding, output_padding, groups, dilation)
    f = [F.conv1d, F.conv2d, F.conv3d][k - 1]
    return f(x, w, b, stride, padding, dilation, groups)


def conv_tol(dt, x, w, b, stride, padding, dilation, transposed, output_padding, groups):
    if dt not in FDT:
        return "exact"
    S = conv_ref(x.double().abs(), w.double().abs(), None, stride, padding, dilation, transposed, output_padding,
                 groups)
    S = float(S.max()) if S.numel() else 0.0
    K = (x.shape[1] // groups) * math.prod(w.shape[2:])
    bnd = (K + 2) * U_ACC[dt] * S + (2 * U_ACC[dt] * dmax(b) if b is not None else 0)
    if transposed and dt in (F16, BF16):
        # measured: ATen's Half/BFloat16 transposed path sums the overlapping taps' products
        # (col2im) in the reduced type, up to one rounding per tap
        bnd += math.prod(w.shape[2:]) * ULP[dt] * S
    return {"rtol": ULP[dt] * 2, "atol": fl(max(2 * bnd * 1.01, 1e-12))}


def gen_convolution(op):
    r = rng_for(op)
    cs = []

    def cv(dt, shape):
        return vals(r, dt, shape, "gemm") if dt in FDT else vals(r, dt, shape, "small").abs() if dt == U8 else \
            vals(r, dt, shape, "small")

    def case(note, x, w, b, stride=(1,), padding=(0,), dilation=(1,), transposed=False, output_padding=(0,),
             groups=1, xo=None, wo=None, outs=None, tol=True):
        st, pd, dl, op_ = list(stride), list(padding), list(dilation), list(output_padding)
        t = None
        if tol:
            try:
                t = conv_tol(x.dtype, x, w, b, st if len(st) > 1 else st * (x.dim() - 2),
                             pd if len(pd) > 1 else pd * (x.dim() - 2), dl if len(dl) > 1 else dl * (x.dim() - 2),
                             transposed, op_ if len(op_) > 1 else op_ * (x.dim() - 2), groups)
            except Exception:
                t = None
        cs.append(C(note, outs=outs if outs is not None else [Out()], tol=t, input=T(x, xo), weight=T(w, wo),
                    bias=None if b is None else T(b), stride=st, padding=pd, dilation=dl, transposed=transposed,
                    output_padding=op_, groups=groups))

    cfgs2 = [  # (N, C_in, H, W, C_out, kh, kw, stride, padding, dilation, groups, bias)
        (1, 3, 6, 7, 4, 3, 3, [1, 1], [0, 0], [1, 1], 1, True),
        (2, 4, 7, 6, 6, 3, 2, [2, 1], [1, 2], [1, 1], 2, True),
        (1, 2, 9, 9, 3, 3, 3, [1, 2], [2, 1], [2, 3], 1, False),
        (2, 4, 5, 5, 4, 3, 3, [1, 1], [1, 1], [1, 1], 4, True),    # depthwise
        (1, 6, 5, 4, 3, 1, 1, [1, 1], [0, 0], [1, 1], 3, True),
        (1, 16, 6, 6, 8, 3, 3, [1, 1], [1, 1], [1, 1], 1, True),   # K = 144
    ]
    for dt in CONV_DTS:
        for (N, Ci, H, W, Co, kh, kw, st, pd, dl, g, hb) in cfgs2:
            x, w = cv(dt, [N, Ci, H, W]), cv(dt, [Co, Ci // g, kh, kw])
            b = cv(dt, [Co]) if hb else None
            case("%s 2-D %s w %s stride %s pad %s dil %s groups %d%s" % (NAME[dt], list(x.shape), list(w.shape), st, pd,
                                                                       dl, g, "" if hb else " no bias"),
                 x, w, b, st, pd, dl, groups=g)
    for dt in (F32, F16, BF16, F64, I64):
        x, w, b = cv(dt, [2, 4, 6, 5]), cv(dt, [6, 2, 3, 3]), cv(dt, [6])
        for xo, wo, oo in ((CL, None, None), (None, CL, None), (CL, CL, CL), (None, None, CL), ([0, 3, 1, 2], [1, 0, 2, 3], None)):
            case("%s dim orders input %s weight %s out %s" % (NAME[dt], xo, wo, oo), x, w, b, [1, 2], [1, 0], [1, 1],
                 groups=2, xo=xo, wo=wo, outs=[Out(dim_order=oo)])
    for dt in (F32, F16, F64, I32):
        x, w, b = cv(dt, [2, 4, 11]), cv(dt, [6, 2, 3]), cv(dt, [6])
        case("%s 1-D stride 2 pad 1 dil 2 groups 2" % NAME[dt], x, w, b, [2], [1], [2], groups=2)
        case("%s 1-D, channels last [0,2,1]" % NAME[dt], x, w, b, [1], [0], [1], groups=2, xo=[0, 2, 1])
        x, w, b = cv(dt, [1, 2, 4, 5, 4]), cv(dt, [4, 2, 2, 3, 2]), cv(dt, [4])
        case("%s 3-D" % NAME[dt], x, w, b, [1, 2, 1], [1, 0, 1], [1, 1, 2])
        case("%s 3-D channels last [0,2,3,4,1]" % NAME[dt], x, w, b, [1], [1], [1], xo=[0, 2, 3, 4, 1],
             wo=[0, 2, 3, 4, 1], outs=[Out(dim_order=[0, 2, 3, 4, 1])])
    # transposed
    for dt in (F32, F16, BF16, F64, I64, U8):
        x, w, b = cv(dt, [2, 4, 4, 5]), cv(dt, [4, 3, 3, 2]), cv(dt, [6])
        case("%s transposed 2-D stride 2 pad 1 output_padding 1 groups 2" % NAME[dt], x, w, b, [2, 2], [1, 0], [1, 1],
             True, [1, 0], groups=2)
        case("%s transposed 2-D dilation 2, output_padding < dilation" % NAME[dt], x, w, None, [1, 1], [0, 1], [2, 2],
             True, [1, 0], groups=2)
        case("%s transposed 2-D channels last" % NAME[dt], x, w, b, [2, 1], [0, 0], [1, 1], True, [0, 0], groups=2,
             xo=CL, wo=CL)
    for dt in (F32, F64):
        x, w = cv(dt, [1, 3, 5]), cv(dt, [3, 2, 3])
        case("%s transposed 1-D stride 3 output_padding 2" % NAME[dt], x, w, cv(dt, [2]), [3], [1], [1], True, [2])
        x, w = cv(dt, [1, 2, 3, 3, 2]), cv(dt, [2, 2, 2, 2, 2])
        case("%s transposed 3-D" % NAME[dt], x, w, None, [2, 1, 2], [0, 1, 0], [1, 1, 1], True, [1, 0, 0])
    x, w, b = cv(F32, [1, 4, 6, 6]), cv(F32, [6, 2, 3, 3]), cv(F32, [6])
    case("single-value lists (stride [2], padding [1])", x, w, b, [2], [1], [1], groups=2)
    case("empty batch", cv(F32, [0, 4, 6, 6]), w, b, [1, 1], [0, 0], [1, 1], groups=2)
    case("output_padding ignored when not transposed", x, w, b, [1, 1], [0, 0], [1, 1], False, [1, 1], groups=2)
    for sh in ([0], [6], [1, 6, 4, 4, 1]):
        case("resize out from %s" % sh, x, w, b, [1, 1], [0, 0], [1, 1], groups=2, outs=[Out(shape=sh)])
    case("K = 288 Half (Float accumulation required)", cv(F16, [1, 32, 5, 5]), cv(F16, [2, 32, 3, 3]), None, [1, 1],
         [1, 1], [1, 1])
    # errors
    E = dict(tol=False)
    case("stride 0", x, w, b, [0, 1], [0, 0], [1, 1], groups=2, **E)
    case("stride -1", x, w, b, [-1], [0], [1], groups=2, **E)
    case("dilation 0", x, w, b, [1, 1], [0, 0], [0, 1], groups=2, **E)
    case("negative padding", x, w, b, [1, 1], [-1, 0], [1, 1], groups=2, **E)
    case("groups 0", x, w, b, [1, 1], [0, 0], [1, 1], groups=0, **E)
    case("groups -2", x, w, b, [1, 1], [0, 0], [1, 1], groups=-2, **E)
    case("groups 3 do not divide", x, w, b, [1, 1], [0, 0], [1, 1], groups=3, **E)
    case("channel mismatch", x, cv(F32, [6, 3, 3, 3]), b, [1, 1], [0, 0], [1, 1], groups=1, **E)
    case("kernel larger than padded input", x, cv(F32, [6, 2, 7, 7]), b, [1, 1], [0, 0], [1, 1], groups=2, **E)
    case("dilated kernel larger than input", x, w, b, [1, 1], [0, 0], [3, 3], groups=2, **E)
    case("bias of wrong size", x, w, cv(F32, [5]), [1, 1], [0, 0], [1, 1], groups=2, **E)
    case("weight Double, input Float", x, w.double(), b, [1, 1], [0, 0], [1, 1], groups=2, **E)
    case("bias Double", x, w, b.double(), [1, 1], [0, 0], [1, 1], groups=2, **E)
    case("Bool", x.bool(), w.bool(), None, [1, 1], [0, 0], [1, 1], groups=2, outs=[Out(B_, [1, 6, 4, 4])], **E)
    case("out Double", x, w, b, [1, 1], [0, 0], [1, 1], groups=2, outs=[Out(F64, [1, 6, 4, 4])], **E)
    case("3-D input for 4-D weight", x[0], w, b, [1, 1], [0, 0], [1, 1], groups=2, outs=[Out(F32, [1, 6, 4, 4])], **E)
    case("stride of 3 values for 2-D", x, w, b, [1, 1, 1], [0, 0], [1, 1], groups=2, **E)
    case("transposed output_padding >= stride and dilation", x, cv(F32, [4, 3, 3, 3]), None, [2, 2], [0, 0], [1, 1],
         True, [2, 0], **E)
    case("2-D weight", cv(F32, [2, 3]), cv(F32, [4, 3]), None, [1], [0], [1], outs=[Out(F32, [2, 4])], **E)
    fn = lambda input, weight, bias, stride, padding, dilation, transposed, output_padding, groups: conv_ref(
        input, weight, bias, stride, padding, dilation, transposed, output_padding, groups)
    return cs, fn


# ----------------------------------------------------------------------------------------------

NN_OPS = []


def checked(name, gen_fn):
    """Runs gen_fn (-> (cases, reference fn)) and self-checks every case that torch accepts:
    the reference fn evaluated on the case's inputs in their dtype (torch's answer) and in
    float64 must agree within half the case's tolerance."""
    def g():
        cs, fn = gen_fn()
        for c in cs:
            if not isinstance(c["tol"], dict):
                continue
            kw = {k: (gen.materialize(v) if isinstance(v, T) else v) for k, v in c["kw"].items()}
            try:
                got = fn(**kw)
            except Exception:
                continue
            if isinstance(got, (tuple, list)):
                got = got[0]
            self_check(name, c["note"], fn, c["kw"], got, c["tol"])
        return cs
    return g


def ops():
    full = ["aten::_softmax.out", "aten::_log_softmax.out", "aten::native_layer_norm.out",
            "aten::_native_batch_norm_legit_no_training.out", "aten::convolution.out"]
    gen.NOT_ELEMENTWISE.update(full)
    return [
        ("_softmax.out", "trans", checked("_softmax.out", lambda: gen_softmax("_softmax.out", False)), False),
        ("_log_softmax.out", "trans", checked("_log_softmax.out", lambda: gen_softmax("_log_softmax.out", True)),
         False),
        ("native_layer_norm.out", "trans", checked("native_layer_norm.out", lambda: gen_layer_norm(
            "native_layer_norm.out")), False),
        ("_native_batch_norm_legit_no_training.out", "trans", checked(
            "_native_batch_norm_legit_no_training.out",
            lambda: gen_batch_norm("_native_batch_norm_legit_no_training.out")), False),
        ("convolution.out", "trans", checked("convolution.out", lambda: gen_convolution("convolution.out")), False),
    ]
