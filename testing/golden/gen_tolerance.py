"""What the family generators share for tolerances: ulps per dtype, the rounding of a bound to
three digits, and the float64 self-check of a generator's cases (`checked`): every case's
expected value (torch's) is also compared with a float64 evaluation of the same call and must
lie within half the case's band of it, so an implementation that is as accurate as ATen (or
more) passes. gen.py prints what the self-check found (`SELF_CHECK_WARNINGS`).
"""

import torch

import gen
from gen import T, F16, BF16, F32, F64

ULP = {F16: 2.0 ** -10, BF16: 2.0 ** -7, F32: 2.0 ** -23, F64: 2.0 ** -52}
U_ACC = {F16: 2.0 ** -24, BF16: 2.0 ** -24, F32: 2.0 ** -24, F64: 2.0 ** -53}
FDT = [F16, BF16, F32, F64]
SELF_CHECK_WARNINGS = []


def fl(x):
    return float("%.3g" % x)


def dmax(t):
    return float(t.double().nan_to_num(0, 0, 0).abs().max()) if t is not None and t.numel() else 0.0


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
