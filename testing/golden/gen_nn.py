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
    one output's window and K its length (Float accumulation for Half/BFloat16).
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
            "aten::_native_batch_norm_legit_no_training.out"]
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
    ]
