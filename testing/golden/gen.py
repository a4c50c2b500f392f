#!/usr/bin/env python3
"""Generate etk's golden conformance suite from PyTorch (ATen, CPU, eager).

Usage (torch must not be installed into the repo; use a venv outside it):

    python3 -m venv ~/torchenv && ~/torchenv/bin/pip install torch==2.13.0 safetensors numpy
    ~/torchenv/bin/python testing/golden/gen.py            # writes testing/golden/cases/
    ~/torchenv/bin/python testing/golden/gen.py --only add.out,mm.out   # a subset

Case format: ../shared/conformance/FORMAT.md (version 1). One safetensors file per operator
overload, `cases/aten__<name>.<overload>.safetensors` (`aten__copy_.safetensors` for the in-place
`aten::copy_`).  Every case is one call of the real out overload (`torch.ops.aten.<name>.<overload>`)
with `out=` tensors as the case describes them, so out-dtype rules, resizing, rejected calls
(`"expected": "error"`) and edge values are PyTorch's own.

How a case is made
  * Arguments are listed in schema order, taken from `<overload>._schema.arguments` with the out
    arguments (`is_out`) skipped; keyword-only arguments (alpha, rounding_mode, approximate, ...) are
    included, defaults written out explicitly.
  * Inputs carrying a `dim_order` are handed to torch with exactly that memory layout
    (`t.permute(order).contiguous().permute(inverse)`, i.e. `.contiguous(memory_format=
    torch.channels_last)` for [0,2,3,1]); outs with a `dim_order` are allocated that way too.
  * Outs are allocated with zeros (never torch.empty), called, and the result stored contiguous.
  * "natural" out dtype/shape = what the functional overload (same arguments, no out) returns.
  * Cases whose result would go through an ill-defined C++ conversion (a float value that is
    NaN, infinite or out of range converted to an integer type, e.g. `_to_copy` of nan to Int,
    `copy_` of -1.5 into Byte) are not written: ATen's answer there is undefined behaviour.
  * Integer `INT_MIN / -1` (and `%`) traps on x86 and is never generated.
  * Every elementwise case is re-evaluated element by element, alone (ATen's scalar loop) and
    replicated 130 times (its SIMD loop), from contiguous inputs (`check_paths`).  Where ATen
    disagrees with itself (Float cosh(-89): inf on one path, 2.2e38 on the other; gelu(inf);
    fmod of FLT_MAX by 0.5; BFloat16 trunc division) the offending special values are removed
    from the case (the note says which) or, if that is not possible, the case is not written;
    this also drops the cases that hit ATen's gelu.out bug (contiguous input into a channels-last
    out writes permuted values).  Copies and fill are compared with their functional overload,
    GEMM with an f64 product.  The summary lists every removal.
  * Deterministic: per-op seed (crc32 of the op name) for a torch.Generator, single-threaded
    torch, JSON with sorted keys; re-running gives byte-identical files.

Tolerance policy (see `tol_for`; the dtype used is the less precise of the op's computation
dtype, i.e. the functional result dtype, and the out dtype):
  * integer / bool outs: "exact" (FORMAT compares them exactly anyway).
  * ops that are exact in floating point (neg, abs, copies, fill, where, masked_fill,
    comparisons, logical ops, isnan/isinf, scalar_tensor, _to_copy): "exact" with signed zeros
    significant.  floor/ceil/trunc/round, sign, relu, clamp, hardtanh, maximum/minimum: "exact"
    with "signed_zero": false (the sign of a zero result is an implementation detail there, e.g.
    max(-0.0, 0.0) depends on operand order in vector max instructions).  The case-level key
    `"signed_zero": false` (next to "tol") is how FORMAT.md's "where the case says" is written.
  * basic arithmetic (add/sub/mul/div/rsub/fmod/remainder/floor_divide, leaky_relu):
    Float rtol 1.3e-6 atol 1e-5 (torch.testing's float32 default; covers FMA vs separate
    multiply-add with alpha != 1, whose difference is one f32 ulp of alpha*other), Double rtol
    1e-12 atol 1e-12, Half rtol 1e-3 atol 1e-5 (one Half ulp is at most 2^-10 = 9.8e-4 relative;
    ATen computes in f32 and rounds once, an implementation rounding a Scalar operand to Half
    first may differ by one ulp), BFloat16 rtol 8e-3 atol 1e-5 (one ulp = 2^-7 = 7.8e-3).
  * transcendental ops (exp, log*, trig, hyperbolic, erf, sigmoid, gelu, elu, logit, pow, atan2,
    reciprocal, rsqrt, sqrt): Float rtol 1e-5 atol 1e-6 (about 80 ulp: a libm-quality
    (<= few ulp) f32 implementation passes, including tan near pi/2 and exp/pow with large
    results, where both sides are within a few ulp of the exact value); Double rtol 1e-12 atol
    1e-12; Half rtol 1e-3 atol 1e-5 and BFloat16 rtol 8e-3 atol 1e-5 (f32 result rounded once:
    at most one ulp apart).  atol 1e-6 on Float also absorbs the cancellation in gelu/elu
    (0.5*x*(1+erf) vs erfc formulations) for moderate |x|.
  * GEMM (mm, bmm, addmm, linear): per case.  With S = max_ij sum_k |a_ik||b_kj| (from the stored,
    already rounded inputs), K the contraction length and u the unit roundoff of the accumulator
    (f32 for Half/BFloat16/Float: ATen accumulates reduced types in f32; f64 for Double), any
    summation order is within B = K*u*S*|alpha| (+ 2u|beta*bias|) of the exact product, so two
    correct implementations are within atol = 2B; rtol = one ulp of the out dtype covers the final
    rounding (Half 2^-10, BFloat16 2^-7, Float 2^-22, Double 2^-51).  An implementation that
    accumulates in Half fails the K=256 cases.  Integer GEMM is exact (wrapping).
  * measured exceptions (TOL_OVERRIDE): logit Half atol 2e-3 / BFloat16 atol 1.2e-2 (ATen rounds
    x/(1-x) to the reduced type), gelu Float atol 4e-6 (cancellation in ATen's formula);
    Half/BFloat16 add/sub/rsub with alpha != 1 get atol = ulp * |alpha * other| (one ATen path
    rounds alpha*other to the reduced type first).
  Inputs where two correct implementations could legitimately disagree by more than that
  (sin/cos/tan of |x| > 1e4) are not generated.

`check.py` re-runs a suite against torch reading it only as FORMAT.md describes (a reference
runner); it must report 0 failures for the committed suite.
"""

import argparse
import json
import math
import os
import sys
import warnings
import zlib

import torch
from safetensors.torch import save_file

warnings.simplefilter("ignore")
torch.set_num_threads(1)
torch.set_default_dtype(torch.float32)
torch.manual_seed(0)

A = torch.ops.aten
# family generator modules (gen_<family>.py) `import gen`: make that this very module when run as a script
sys.modules.setdefault("gen", sys.modules[__name__])
HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------------------------
# dtypes

B_, U8, I8, I16, I32, I64 = torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64
F16, BF16, F32, F64 = torch.float16, torch.bfloat16, torch.float32, torch.float64
ALL = [B_, U8, I8, I16, I32, I64, F16, BF16, F32, F64]
INTS = [U8, I8, I16, I32, I64]
FLOATS = [F16, BF16, F32, F64]
NAME = {B_: "Bool", U8: "Byte", I8: "Char", I16: "Short", I32: "Int", I64: "Long",
        F16: "Half", BF16: "BFloat16", F32: "Float", F64: "Double"}
BITS = {U8: 8, I8: 8, I16: 16, I32: 32, I64: 64}
C32, C64, C128 = torch.complex32, torch.complex64, torch.complex128
NAME.update({C32: "ComplexHalf", C64: "ComplexFloat", C128: "ComplexDouble"})
CL = [0, 2, 3, 1]


def is_int(dt):
    return dt in INTS


def is_float(dt):
    return dt in FLOATS


# ----------------------------------------------------------------------------------------------
# argument / out descriptions

class T:
    """A tensor argument: logical (contiguous) values plus an optional dim order."""

    def __init__(self, t, dim_order=None):
        self.t = t.contiguous().clone()
        self.dim_order = list(dim_order) if dim_order is not None else None


class MF:
    """A MemoryFormat? argument."""
    TORCH = {"contiguous": torch.contiguous_format, "channels_last": torch.channels_last,
             "preserve": torch.preserve_format}

    def __init__(self, name):
        assert name in self.TORCH
        self.name = name


class Out:
    """An out tensor: dtype/shape None mean "what the functional overload returns"."""

    def __init__(self, dtype=None, shape=None, dim_order=None):
        self.dtype, self.shape, self.dim_order = dtype, shape, dim_order


def C(note, outs=None, tol=None, **kw):
    return dict(kw=kw, outs=outs if outs is not None else [Out()], note=note, tol=tol)


def with_dim_order(t, order):
    if order is None:
        return t.clone()
    inv = [order.index(i) for i in range(len(order))]
    return t.permute(order).contiguous().permute(inv)


def alloc(dtype, shape, order):
    if order is None:
        return torch.zeros(shape, dtype=dtype)
    inv = [order.index(i) for i in range(len(order))]
    return torch.zeros([shape[d] for d in order], dtype=dtype).permute(inv)


# ----------------------------------------------------------------------------------------------
# random values

class Rng:
    def __init__(self, seed):
        self.g = torch.Generator().manual_seed(seed)

    def randn(self, shape):
        return torch.randn(shape, generator=self.g, dtype=F64)

    def uniform(self, shape, lo, hi):
        return torch.rand(shape, generator=self.g, dtype=F64) * (hi - lo) + lo

    def randint(self, shape, lo, hi):  # inclusive
        return torch.randint(lo, hi + 1, shape, generator=self.g, dtype=I64)

    def choice(self, shape, values):
        idx = self.randint(shape, 0, len(values) - 1)
        return torch.tensor(values, dtype=F64)[idx]

    def sign(self, shape):
        return self.randint(shape, 0, 1) * 2 - 1

    def pick(self, values):
        return values[int(self.randint([], 0, len(values) - 1))]


# domain name -> (float generator, int range, bool mode)
DOMAINS = {
    "any": (lambda r, s: r.randn(s) * 3, (-10, 10), "rand"),
    "wide": (lambda r, s: r.randn(s) * 100, (-100, 100), "rand"),
    "cmp": (lambda r, s: r.choice(s, [-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.0]), (-2, 3), "rand"),
    "pos": (lambda r, s: r.uniform(s, 0.05, 8), (1, 10), "true"),
    "nonzero": (lambda r, s: r.sign(s) * r.uniform(s, 0.25, 5), None, "true"),
    "unit": (lambda r, s: r.uniform(s, -0.95, 0.95), (-1, 1), "rand"),
    "ge1": (lambda r, s: r.uniform(s, 1, 8), (1, 10), "true"),
    "small": (lambda r, s: r.uniform(s, -4, 4), (-4, 4), "rand"),
    "trig": (lambda r, s: r.uniform(s, -7, 7), (-7, 7), "rand"),
    "prob": (lambda r, s: r.uniform(s, 0.02, 0.98), (0, 1), "rand"),
    "log1p": (lambda r, s: r.uniform(s, -0.9, 6), (0, 10), "rand"),
    "base": (lambda r, s: r.uniform(s, -3, 3), (-3, 3), "rand"),
    "expo": (lambda r, s: r.uniform(s, -3, 3), (0, 5), "rand"),
    "shift": (lambda r, s: r.uniform(s, 0, 6), None, "rand"),
    "round": (lambda r, s: torch.where(r.randint(s, 0, 1).bool(),
                                       r.choice(s, [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5]),
                                       r.randn(s) * 4), (-10, 10), "rand"),
    "conv": (lambda r, s: r.uniform(s, 0, 100), (0, 100), "rand"),   # safe for every dtype
    "gemm": (lambda r, s: r.uniform(s, -2, 2), (-5, 5), "rand"),
}


def vals(r, dt, shape, dom="any"):
    shape = list(shape)
    fgen, irange, bmode = DOMAINS[dom]
    if dt == B_:
        if bmode == "true":
            return torch.ones(shape, dtype=B_)
        return r.randint(shape, 0, 1).bool()
    if is_int(dt):
        ii = torch.iinfo(dt)
        if dom == "nonzero":
            mag = r.randint(shape, 1, 9)
            v = mag if dt == U8 else mag * r.sign(shape)
            return v.to(dt)
        if dom == "shift":
            return r.randint(shape, 0, BITS[dt] - 1).to(dt)
        lo, hi = irange
        lo, hi = max(lo, ii.min), min(hi, ii.max)
        if dt == U8 and hi - lo < 2:
            hi = lo + 10
        return r.randint(shape, lo, hi).to(dt)
    return fgen(r, shape).to(dt)


def fspecials(dt, extra=(), filt=None, grid=False):
    fi = torch.finfo(dt)
    inf, nan = math.inf, math.nan
    sub = fi.tiny / 8  # a subnormal of this dtype
    if grid:
        base = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 0.5, 3.0, inf, -inf, nan, fi.max, -fi.max, sub]
    else:
        base = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, 1e-3, 100.0, -100.0,
                inf, -inf, nan, fi.max, -fi.max, fi.tiny, -fi.tiny, sub, -sub, 1.0 + fi.eps]
    v = base + list(extra)
    if filt is not None:
        v = [x for x in v if filt(x)]
    return torch.tensor(v, dtype=F64).to(dt)


def ispecials_list(dt, grid=False):
    if dt == B_:
        return [False, True]
    ii = torch.iinfo(dt)
    if dt == U8:
        return [0, 1, 2, 7, 100, 127, 128, 254, 255]
    v = [0, 1, -1, 2, -7, 5, ii.max, ii.min, ii.max - 1, ii.min + 1]
    if not grid:
        v += [3, -2, 100 if ii.max >= 100 else 99]
    return v


def ispecials(dt, filt=None, grid=False):
    v = ispecials_list(dt, grid)
    if filt is not None:
        v = [x for x in v if filt(x)]
    return torch.tensor(v, dtype=dt if dt != B_ else B_)


def neighbours(x):
    """The next representable values below and above a positive finite zero-dim float tensor."""
    ity = {F16: I16, BF16: I16, F32: I32, F64: I64}[x.dtype]
    bits = x.reshape(1).view(ity)
    return torch.cat([(bits - 1).view(x.dtype), (bits + 1).view(x.dtype)])


def specials(dt, extra=(), filt=None, grid=False):
    if is_float(dt):
        return fspecials(dt, extra, filt, grid)
    return ispecials(dt, filt, grid)


# ----------------------------------------------------------------------------------------------
# tolerances

PREC_ORDER = [BF16, F16, F32, F64]  # loosest first
TOLS = {
    "arith": {BF16: (8e-3, 1e-5), F16: (1e-3, 1e-5), F32: (1.3e-6, 1e-5), F64: (1e-12, 1e-12)},
    "trans": {BF16: (8e-3, 1e-5), F16: (1e-3, 1e-5), F32: (1e-5, 1e-6), F64: (1e-12, 1e-12)},
}
EXACT_CATS = ("exact", "exact_z")
# Per-op overrides, measured (ATen vs the exact value over 20000 random inputs per dtype):
#  * logit: ATen's Half/BFloat16 path rounds x/(1-x) to the reduced type before the log, so
#    near x = 0.5 its absolute error reaches 6.8e-4 (Half) / 5.3e-3 (BFloat16).
#  * gelu: 0.5*x*(1+erf(x/sqrt2)) cancels for x << 0; ATen's Float error reaches 8.5e-7 absolute
#    (an erfc-based implementation is more accurate; both must pass).
TOL_OVERRIDE = {
    ("aten::logit.out", F16): (1e-3, 2e-3),
    ("aten::logit.out", BF16): (8e-3, 1.2e-2),
    ("aten::gelu.out", F32): (1e-5, 4e-6),
}
ALPHA_OPS = {"aten::add.out": "other", "aten::sub.out": "other", "aten::add.Scalar_out": "other",
             "aten::sub.Scalar_out": "other", "aten::rsub.Scalar_out": "self"}


def tol_for(cat, compute_dt, out_dt, info=None, kw=None):
    """Returns (tol, signed_zero) for a successful case."""
    tol, sz = _tol_for(cat, compute_dt, out_dt)
    if isinstance(tol, dict) and info is not None:
        dt = min([out_dt, compute_dt], key=PREC_ORDER.index)
        if (info.full, dt) in TOL_OVERRIDE:
            rtol, atol = TOL_OVERRIDE[(info.full, dt)]
            tol = {"rtol": rtol, "atol": atol}
        # Half/BFloat16 a + alpha*b: one of ATen's paths rounds alpha*b to the reduced type first
        # (double rounding), which under cancellation is off by up to half an ulp of |alpha*b|.
        if info.full in ALPHA_OPS and dt in (F16, BF16) and kw.get("alpha", 1) not in (1, True):
            b = kw[ALPHA_OPS[info.full]]
            bmax = float(b.t.double().abs().nan_to_num(0.0, 0.0, 0.0).max()) if isinstance(b, T) \
                else abs(float(b))
            extra = abs(float(kw["alpha"])) * bmax * (2.0 ** -10 if dt == F16 else 2.0 ** -7)
            tol = {"rtol": tol["rtol"], "atol": float("%.3g" % max(tol["atol"], extra))}
    return tol, sz


def _tol_for(cat, compute_dt, out_dt):
    if not is_float(out_dt):
        return "exact", None
    if cat == "exact":
        return "exact", None
    if cat == "exact_z":
        return "exact", False
    if compute_dt is None or not is_float(compute_dt):
        # integer/bool computation converted to a float out: exact conversion
        return "exact", None
    dt = min([out_dt, compute_dt], key=PREC_ORDER.index)
    rtol, atol = TOLS[cat][dt]
    return {"rtol": rtol, "atol": atol}, None


# ----------------------------------------------------------------------------------------------
# running cases

def _types_equal(a, b):
    return str(a.type) == str(b.type)


class OpInfo:
    def __init__(self, opname):
        if opname.endswith("_") and "." not in opname:
            base, ov = opname, "default"
        else:
            base, ov = opname.split(".", 1)
        self.packet = getattr(A, base)
        self.ovl = getattr(self.packet, ov)
        self.schema = self.ovl._schema
        self.inplace = ov == "default"
        self.full = "aten::" + base + ("" if ov == "default" else "." + ov)
        self.fname = "aten__" + base + ("" if ov == "default" else "." + ov)
        self.in_args = [a for a in self.schema.arguments if not a.is_out]
        self.out_args = [a for a in self.schema.arguments if a.is_out]
        self.functional = None if self.inplace else self._find_functional()

    def _find_functional(self):
        mine = {a.name: a for a in self.in_args}
        best = None
        for ovn in self.packet.overloads():
            ov = getattr(self.packet, ovn)
            s = ov._schema
            if any(a.is_out or (a.alias_info is not None and a.alias_info.is_write)
                   for a in s.arguments):
                continue
            names = {a.name: a for a in s.arguments}
            if not all(n in names and _types_equal(names[n], mine[n]) for n in mine):
                continue
            extra = [a for a in s.arguments if a.name not in mine]
            if not all(a.has_default_value() for a in extra):
                continue
            if best is None or len(extra) < best[0]:
                best = (len(extra), ov)
        return best[1] if best else None


def materialize(v):
    if isinstance(v, T):
        return with_dim_order(v.t, v.dim_order)
    if isinstance(v, MF):
        return MF.TORCH[v.name]
    return v


def build_call(args, vals_by_name):
    pos, kws = [], {}
    for a in args:
        v = materialize(vals_by_name[a.name])
        if a.kwarg_only:
            kws[a.name] = v
        else:
            pos.append(v)
    return pos, kws


def full_kw(info, kw):
    out = {}
    for a in info.in_args:
        if a.name in kw:
            out[a.name] = kw[a.name]
        elif a.has_default_value():
            out[a.name] = a.default_value
        else:
            raise ValueError("%s: no value for argument %s" % (info.full, a.name))
    extra = set(kw) - {a.name for a in info.in_args}
    if extra:
        raise ValueError("%s: unknown arguments %s" % (info.full, extra))
    return out


def conversion_is_ill_defined(values, out_dt):
    """float -> integer conversion of NaN/inf/out-of-range values is UB in C++."""
    if values is None or not is_float(values.dtype) or not is_int(out_dt):
        return False
    v = values.double()
    if v.numel() == 0:
        return False
    if not torch.isfinite(v).all():
        return True
    ii = torch.iinfo(out_dt)
    tv = torch.trunc(v)
    # float(ii.max) + 1 is exact for 8..32-bit types and rounds to 2^63 for Long: both are the
    # first value past the range.
    return bool(((tv < float(ii.min)) | (tv >= float(ii.max) + 1.0)).any())


# Ops checked element by element (see check_paths); the others are checked against their
# functional overload on contiguous inputs (copies, fill) or against an f64 product (GEMM).
NOT_ELEMENTWISE = {"aten::clone.out", "aten::_to_copy.out", "aten::detach_copy.out", "aten::lift_fresh_copy.out",
                   "aten::alias_copy.out", "aten::copy.out", "aten::copy_", "aten::fill.Scalar_out",
                   "aten::fill.Tensor_out", "aten::scalar_tensor.out", "aten::mm.out", "aten::bmm.out",
                   "aten::addmm.out", "aten::linear.out"}
DROP_LOG = []      # (op, note, reason) of cases not written
PRUNE_LOG = []     # (op, note, removed) of cases written with some inputs removed


def values_bad(got, want, tol):
    """Flattened bool mask: got differs from want under tol (NaN == NaN; sign of zero ignored)."""
    if got.is_complex() and want.is_complex():  # either component
        return values_bad(stored(got), stored(want), tol).reshape(-1, 2).any(1)
    g, w = got.reshape(-1), want.reshape(-1)
    if not (g.is_floating_point() or w.is_floating_point()):
        return g.to(torch.int64) != w.to(torch.int64) if g.dtype != torch.bool else g != w
    g, w = g.double(), w.double()
    gn, wn = torch.isnan(g), torch.isnan(w)
    bad = gn != wn
    both = ~gn & ~wn
    if tol == "exact":
        return bad | (both & (g != w))
    inf = torch.isinf(g) | torch.isinf(w)
    bad |= both & inf & (g != w)
    fin = both & ~inf
    return bad | (fin & ((g - w).abs() > tol["atol"] + tol["rtol"] * w.abs()))


def call_out(info, kwv, out_dt, out_shape):
    out = torch.zeros(out_shape, dtype=out_dt)
    pos, kws = build_call(info.in_args, kwv)
    kws[info.out_args[0].name] = out
    info.ovl(*pos, **kws)
    return out


def check_paths(info, kw, out_dt, want, tol):
    """ATen evaluates an element in a SIMD lane or in a scalar tail loop, and for some special
    inputs the two disagree (Float cosh(-89): inf vs 2.2e38; gelu(inf); fmod by a subnormal; Half
    a + alpha*b), and a few kernels mishandle layouts (gelu.out into a channels-last out from a
    contiguous input writes permuted values).  Re-evaluate every output element alone (scalar path)
    and replicated 130 times (vector path, first and last lane), with contiguous inputs; returns the
    flat indices where any of these disagree with the case's expected value under its tolerance."""
    shape = list(want.shape)
    n = want.numel()
    flat = {}
    for name, v in kw.items():
        if isinstance(v, T) and v.t.dim() > 0:
            flat[name] = v.t.expand(shape).reshape(-1)
    if n == 0 or not flat:
        return []
    wf = want.reshape(-1)
    bad = []
    for k in range(n):
        for rep in (1, 130):
            kv = dict(kw)
            for name, f in flat.items():
                kv[name] = T(f[k:k + 1].repeat(rep))
            g = call_out(info, kv, out_dt, [rep]).reshape(-1)
            lanes = g[[0, rep - 1]] if rep > 1 else g
            if values_bad(lanes, wf[k:k + 1].expand(lanes.numel()), tol).any():
                bad.append(k)
                break
    return bad


def prune(kw, bad, shape):
    """Remove the inputs behind the bad output elements, for 1-D cases and [n,1] x [1,m] grids.
    Returns (new kw, description) or None."""
    tens = {n_: v for n_, v in kw.items() if isinstance(v, T) and v.t.dim() > 0}
    if any(v.dim_order is not None for v in tens.values()):
        return None
    if len(shape) == 1:
        n = shape[0]
        if all(v.t.dim() == 1 and v.t.shape[0] in (1, n) for v in tens.values()):
            keep = [k for k in range(n) if k not in set(bad)]
            if not keep:
                return None
            new = dict(kw)
            desc = []
            for name, v in tens.items():
                if v.t.shape[0] == n and n > 1:
                    new[name] = T(v.t[keep])
                    desc.append("%s=%s" % (name, [fmt_val(v.t[k]) for k in bad]))
            return new, ", ".join(desc)
    if len(shape) == 2 and len(tens) == 2:
        (na, a), (nb, b) = tens.items()
        if list(a.t.shape) == [shape[0], 1] and list(b.t.shape) == [1, shape[1]]:
            rows = sorted({k // shape[1] for k in bad})
            cols = sorted({k % shape[1] for k in bad})
            new = dict(kw)
            if len(cols) <= len(rows):
                keep = [j for j in range(shape[1]) if j not in cols]
                if not keep:
                    return None
                new[nb] = T(b.t[:, keep])
                return new, "%s=%s" % (nb, [fmt_val(b.t[0, j]) for j in cols])
            keep = [i for i in range(shape[0]) if i not in rows]
            if not keep:
                return None
            new[na] = T(a.t[keep, :])
            return new, "%s=%s" % (na, [fmt_val(a.t[i, 0]) for i in rows])
    return None


def fmt_val(x):
    v = x.item()
    return v if not isinstance(v, float) else float("%.6g" % v)


def functional_consistent(info, kw, outs, expected):
    """Non-elementwise ops: the out variant must agree with the functional overload (or with
    copy_ on contiguous tensors) computed from contiguous inputs."""
    ckw = {n_: (T(v.t) if isinstance(v, T) else v) for n_, v in kw.items()}
    if info.inplace:
        s_ = ckw["self"].t.clone()
        s_.copy_(ckw["src"].t, kw["non_blocking"])
        ref = s_
    else:
        if info.functional is None:
            return True
        fargs = [a for a in info.functional._schema.arguments if a.name in ckw]
        pos, kws = build_call(fargs, ckw)
        ref = info.functional(*pos, **kws).to(outs[0].dtype)
    if list(ref.shape) != list(expected[0].shape):
        return False
    return not bool(values_bad(expected[0], ref, "exact").any())


def run_case(info, c, cat, conv_src, depth=0):
    kw = full_kw(info, c["kw"])
    tensor_inputs = [v.t for v in kw.values() if isinstance(v, T)]
    # natural dtype / shape from the functional overload
    func_res = None
    if info.functional is not None:
        fkw = {a.name: kw[a.name] for a in info.in_args}
        try:
            fargs = [a for a in info.functional._schema.arguments if a.name in fkw]
            pos, kws = build_call(fargs, fkw)
            # the functional may order/kind args differently: pass by name where keyword-only
            func_res = info.functional(*pos, **kws)
            if isinstance(func_res, (tuple, list)):
                func_res = func_res[0]
        except Exception:
            func_res = None
    if info.inplace:
        self_v = kw["self"]
        outs = [Out(self_v.t.dtype, list(self_v.t.shape), self_v.dim_order)]
    else:
        outs = []
        for o in c["outs"]:
            dt = o.dtype
            shape = o.shape
            if dt is None:
                if func_res is not None:
                    dt = func_res.dtype
                else:
                    dts = [t.dtype for t in tensor_inputs]
                    dt = dts[0]
                    for d in dts[1:]:
                        dt = torch.promote_types(dt, d)
            if shape is None:
                if func_res is not None:
                    shape = list(func_res.shape)
                else:
                    try:
                        shape = list(torch.broadcast_shapes(*[t.shape for t in tensor_inputs]))
                    except Exception:
                        shape = list(tensor_inputs[0].shape)
            outs.append(Out(dt, list(shape), o.dim_order))
    # the real call
    error = False
    err_msg = None
    expected = None
    try:
        if info.inplace:
            s = materialize(kw["self"])
            pos, kws = build_call([a for a in info.in_args if a.name != "self"], kw)
            info.ovl(s, *pos, **kws)
            expected = [s.contiguous().clone()]
        else:
            out_ts = [alloc(o.dtype, o.shape, o.dim_order) for o in outs]
            pos, kws = build_call(info.in_args, kw)
            for a, t in zip(info.out_args, out_ts):
                kws[a.name] = t
            info.ovl(*pos, **kws)
            expected = [t.contiguous().clone() for t in out_ts]
    except TypeError as ex:
        # a Python-binding argument error means the generator built a call the schema does not
        # allow: that is a bug here, not an ATen rejection
        raise RuntimeError("%s: bad call from the generator (%s): %s" % (info.full, c["note"], ex))
    except Exception as ex:
        error = True
        err_msg = "%s: %s" % (type(ex).__name__, str(ex).strip().split("\n")[0][:160])
    # compute dtype (for tolerances) and conversion source (for the UB filter)
    if conv_src is False:
        conv_vals = None
        compute_dt = func_res.dtype if func_res is not None else None
    elif conv_src is not None:
        src = kw[conv_src]
        conv_vals = src.t if isinstance(src, T) else None
        compute_dt = func_res.dtype if func_res is not None else None
    else:
        conv_vals = func_res
        compute_dt = func_res.dtype if func_res is not None else None
    if info.inplace:
        compute_dt = kw["self"].t.dtype
    if not error:
        for o in outs:
            if conversion_is_ill_defined(conv_vals, o.dtype):
                return None
    tol, sz = ("exact", None)
    if not error:
        if c["tol"] is not None:
            tol, sz = c["tol"], c.get("signed_zero")
        elif cat == "gemm":
            tol, ok = gemm_auto_tol(info, kw, outs[0].dtype, expected[0])
            if not ok:
                DROP_LOG.append((info.full, c["note"], "torch outside its own GEMM error bound"))
                return None
        else:
            tol, sz = tol_for(cat, compute_dt, outs[0].dtype, info, kw)
        if info.full in NOT_ELEMENTWISE:
            if cat != "gemm" and conv_src is not False and not functional_consistent(info, kw, outs, expected):
                DROP_LOG.append((info.full, c["note"], "out variant disagrees with the functional op"))
                return None
        else:
            bad = check_paths(info, kw, outs[0].dtype, expected[0], tol)
            if bad:
                pr = prune(kw, bad, list(expected[0].shape)) if depth < 4 and \
                    all(o.shape is None for o in c["outs"]) else None
                if pr is None:
                    DROP_LOG.append((info.full, c["note"], "path-dependent result at %d element(s)" % len(bad)))
                    return None
                new_kw, desc = pr
                PRUNE_LOG.append((info.full, c["note"], desc))
                c2 = dict(c, kw=new_kw, note=c["note"] + " (removed inputs on which ATen's vector and "
                          "scalar paths disagree: %s)" % desc)
                return run_case(info, c2, cat, conv_src, depth + 1)
    note = c["note"] if not error else "%s -> torch: %s" % (c["note"], err_msg)
    return dict(kw=kw, outs=outs, expected=None if error else expected, tol=tol,
                signed_zero=sz, note=note)


def jfloat(x):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def stored(t):
    """A tensor as a case file holds it: a complex one as real pairs in a trailing dim of 2
    (FORMAT.md; its argument then carries "complex": true, an out says so by its dtype)."""
    return torch.view_as_real(t.resolve_conj()).clone() if t.is_complex() else t


def encode_value(v, name, tensors):
    if v is None:
        return None
    if isinstance(v, T):
        tensors[name] = stored(v.t)
        d = {"tensor": name}
        if v.dim_order is not None:
            d["dim_order"] = v.dim_order
        if v.t.is_complex():
            d["complex"] = True
        return d
    if isinstance(v, MF):
        return {"memory_format": v.name}
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, int):
        return {"int": v}
    if isinstance(v, float):
        return {"float": jfloat(v)}
    if isinstance(v, str):
        return {"str": v}
    if isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return {"ints": v}
    if isinstance(v, list) and all(isinstance(x, float) for x in v):  # float[] (scale_factors)
        return {"floats": [jfloat(x) for x in v]}
    raise TypeError(repr(v))


def write_op(opname, cat, cases, outdir, conv_src=None):
    if cat == "quant":  # quantized_decomposed:: ops: gen_quant.py writes them
        return __import__("gen_quant").write_op(opname, cases, outdir)
    opname, _, tag = opname.partition("@")   # "clone.out@complex": aten__clone.out.complex.safetensors
    if cat == "convbwd":  # convolution_backward.out: masked-off outs (gen_conv_backward.py)
        return __import__("gen_conv_backward").write_op(opname, cases, outdir)
    if cat == "mutating":  # ops that write some inputs: gen_norm.py adds their values after the call
        return __import__("gen_norm").write_op_mutating(opname, cases, outdir, conv_src)
    info = OpInfo(opname)
    tensors = {}
    jcases = []
    n_err = n_drop = 0
    for c in cases:
        r = run_case(info, c, cat, conv_src)
        if r is None:
            n_drop += 1
            continue
        k = len(jcases)
        args = [encode_value(r["kw"][a.name], "%d.%s" % (k, a.name), tensors) for a in info.in_args]
        outs = []
        for o in r["outs"]:
            d = {"dtype": NAME[o.dtype], "shape": list(o.shape)}
            if o.dim_order is not None:
                d["dim_order"] = o.dim_order
            outs.append(d)
        if r["expected"] is None:
            expected = "error"
            n_err += 1
        else:
            expected = []
            for i, t in enumerate(r["expected"]):
                nm = "%d.expected.%d" % (k, i)
                tensors[nm] = stored(t)
                expected.append(nm)
        jc = {"op": info.full, "args": args, "outs": outs, "expected": expected,
              "tol": r["tol"], "note": r["note"]}
        if r["signed_zero"] is not None:
            jc["signed_zero"] = r["signed_zero"]
        jcases.append(jc)
    meta = json.dumps(jcases, sort_keys=True, separators=(",", ":"), allow_nan=False)
    path = os.path.join(outdir, info.fname + ("." + tag if tag else "") + ".safetensors")
    save_file({k: v.contiguous() for k, v in sorted(tensors.items())}, path,
              metadata={"cases": meta})
    return info.full, len(jcases), n_err, n_drop, os.path.getsize(path)


# ----------------------------------------------------------------------------------------------
# generic generators

SHAPES1 = [[7], [2, 3], [3, 4], [2, 2, 3], [11], [5], [4, 3], [13], [1, 6], [3, 1, 2]]
PAIR_SHAPES = [([2, 3], [2, 3]), ([2, 3], [3]), ([4], [4]), ([3, 1], [1, 4]), ([5], [1]),
               ([1, 3], [2, 1]), ([2, 2, 2], [2, 2]), ([6], [6]), ([3], [2, 3]), ([1], [5])]
RESIZE_SHAPES = [[0], [3], [4, 4], [3, 2]]   # for an expected [2,3]


def rng_for(opname, salt=""):
    return Rng(zlib.crc32((opname + salt).encode()))


def layout_cases(r, mk, dts=(F32, F16, F64, I32), dom="any", shape=(2, 3, 2, 2)):
    """Channels-last variants: mk(dt, tensor_dim_order) -> kw dict of the case."""
    out = []
    for i, dt in enumerate(dts):
        combos = [(CL, None), (None, CL), (CL, CL)] if i < 2 else [(CL, None), (CL, CL)]
        for din, dout in combos:
            kw = mk(dt, din, shape)
            out.append(C("channels-last: input %s, out %s, %s" % (
                "cl" if din else "contig", "cl" if dout else "contig", NAME[dt]),
                outs=[Out(dim_order=dout)], **kw))
    return out


def g_unary(op, dom="any", extra=(), filt=None, out_dts_for=(F32, I32, F16)):
    r = rng_for(op)
    cs = []
    for i, dt in enumerate(ALL):
        cs.append(C("random %s" % NAME[dt], self=T(vals(r, dt, SHAPES1[i], dom))))
    for dt in ALL:
        cs.append(C("special values %s" % NAME[dt], self=T(specials(dt, extra, filt))))
    for in_dt in out_dts_for:
        x = vals(r, in_dt, [2, 3], dom)
        for odt in ALL:
            cs.append(C("%s input, out dtype %s" % (NAME[in_dt], NAME[odt]), outs=[Out(odt)],
                        self=T(x)))
    for dt, shape in [(F32, []), (I32, []), (F32, [0]), (F16, [2, 0, 3]), (F64, [2, 1, 3, 1, 2]),
                      (BF16, [1, 1, 1])]:
        cs.append(C("shape %s %s" % (shape, NAME[dt]), self=T(vals(r, dt, shape, dom))))
    cs += layout_cases(r, lambda dt, d, s: dict(self=T(vals(r, dt, s, dom), d)))
    x = vals(r, F32, [2, 3], dom)
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s to [2,3]" % s, outs=[Out(shape=s)], self=T(x)))
    cs.append(C("resize Half out from [0]", outs=[Out(shape=[0])], self=T(vals(r, F16, [5], dom))))
    return cs


def g_binary(op, dom_a="any", dom_b="any", extra_kw=None, int_div=False, filt_b=None,
             extra_a=(), extra_b=(), grid_b=None, names=("self", "other")):
    """Tensor-tensor binary op. int_div: integer divisor must be non-zero and never -1 with
    INT_MIN (x86 traps); filt_b filters the special values used as the second operand."""
    ek = dict(extra_kw or {})
    na, nb = names
    r = rng_for(op)
    cs = []
    k = 0
    for a in ALL:
        for b in ALL:
            sa, sb = PAIR_SHAPES[k % len(PAIR_SHAPES)]
            k += 1
            kw = dict(ek)
            kw[na] = T(vals(r, a, sa, dom_a))
            kw[nb] = T(vals(r, b, sb, dom_b))
            cs.append(C("dtypes %s x %s, shapes %s %s" % (NAME[a], NAME[b], sa, sb), **kw))
    # special values: all pairs via broadcasting [n,1] x [1,m]
    for dt in ALL:
        sa = specials(dt, extra_a, grid=True)
        if (is_int(dt) or dt == B_) and int_div:
            fb = lambda v: v not in (0, -1)
        else:
            fb = filt_b
        if grid_b is not None and dt != B_ and is_int(dt):
            sb = torch.tensor([v for v in grid_b if torch.iinfo(dt).min <= v <= torch.iinfo(dt).max],
                              dtype=dt)
        elif is_float(dt):
            sb = fspecials(dt, extra_b, fb, grid=True)
        else:
            sb = ispecials(dt, fb, grid=True)
        kw = dict(ek)
        kw[na] = T(sa.reshape(-1, 1))
        kw[nb] = T(sb.reshape(1, -1))
        cs.append(C("special values %s, all pairs" % NAME[dt], **kw))
    if int_div:
        for dt in INTS:
            ii = torch.iinfo(dt)
            if dt != U8:
                xs = torch.tensor([v for v in ispecials_list(dt) if v != ii.min], dtype=dt)
                kw = dict(ek)
                kw[na], kw[nb] = T(xs), T(torch.tensor(-1, dtype=dt))
                cs.append(C("%s divided by -1 (INT_MIN excluded: traps)" % NAME[dt], **kw))
            kw = dict(ek)
            kw[na] = T(vals(r, dt, [4], "any"))
            kw[nb] = T(torch.tensor([1, 0, 2, 3], dtype=dt))
            cs.append(C("%s integer division by zero" % NAME[dt], **kw))
    # out dtypes
    for a in (F32, I32, B_):
        xa = vals(r, a, [2, 3], dom_a)
        xb = vals(r, a, [2, 3], dom_b)
        for odt in ALL:
            kw = dict(ek)
            kw[na], kw[nb] = T(xa), T(xb)
            cs.append(C("%s inputs, out dtype %s" % (NAME[a], NAME[odt]), outs=[Out(odt)], **kw))
    # broadcasting
    for sa, sb in [([2, 3], [3]), ([3], [2, 3]), ([2, 1, 3], [4, 1]), ([], [2, 3]), ([2, 3], []),
                   ([], []), ([0], [1]), ([0], []), ([2, 0, 3], [3]), ([1, 1, 1], [5]),
                   ([2, 3], [4]), ([2, 3], [3, 2]), ([0], [2])]:
        kw = dict(ek)
        kw[na], kw[nb] = T(vals(r, F32, sa, dom_a)), T(vals(r, F32, sb, dom_b))
        cs.append(C("broadcast %s with %s" % (sa, sb), **kw))
    # zero-dim tensors in type promotion
    for a, sa, b, sb in [(I8, [3], I64, []), (I32, [3], F64, []), (F16, [3], F64, []),
                         (F32, [], I32, [3]), (B_, [3], I32, []), (U8, [3], I8, []),
                         (F32, [], F64, []), (I64, [], F16, [2]), (BF16, [2, 2], F32, []),
                         (I16, [], U8, [3])]:
        kw = dict(ek)
        kw[na], kw[nb] = T(vals(r, a, sa, dom_a)), T(vals(r, b, sb, dom_b))
        cs.append(C("zero-dim promotion: %s%s with %s%s" % (NAME[a], sa, NAME[b], sb), **kw))
    # channels last
    for dt in (F32, F16, I32):
        x = vals(r, dt, [2, 3, 2, 2], dom_a)
        y = vals(r, dt, [2, 3, 2, 2], dom_b)
        yb = vals(r, dt, [1, 3, 1, 1], dom_b)
        for (da, db, do, yy, what) in [(CL, CL, None, y, "both cl"), (CL, None, None, y, "self cl"),
                                       (None, CL, CL, y, "other cl, out cl"),
                                       (CL, CL, CL, y, "all cl"),
                                       (CL, None, CL, yb, "self cl + broadcast [1,3,1,1], out cl")]:
            kw = dict(ek)
            kw[na], kw[nb] = T(x, da), T(yy, db)
            cs.append(C("channels-last %s, %s" % (what, NAME[dt]), outs=[Out(dim_order=do)], **kw))
    # resize
    xa, xb = vals(r, F32, [2, 3], dom_a), vals(r, F32, [3], dom_b)
    for s in RESIZE_SHAPES:
        kw = dict(ek)
        kw[na], kw[nb] = T(xa), T(xb)
        cs.append(C("resize out from %s to [2,3]" % s, outs=[Out(shape=s)], **kw))
    return cs


def g_scalar(op, dom="any", sname="other", ints=(3, -2, 0, 1, 7, -5), floats=(2.5, -0.75, 0.1, 1.0, -3.25, 0.5),
             bools=(True, False), extra_kw=None, sp_scalars=None, int_sp_scalars=None, filt=None):
    """Tensor-Scalar op (self tensor, Scalar `sname`)."""
    ek = dict(extra_kw or {})
    r = rng_for(op)
    cs = []
    k = 0
    for dt in ALL:
        for kind, lst in (("int", ints), ("float", floats), ("bool", bools)):
            s = lst[k % len(lst)]
            k += 1
            kw = dict(ek, self=T(vals(r, dt, SHAPES1[k % len(SHAPES1)], dom)))
            kw[sname] = s
            cs.append(C("%s tensor, %s scalar %r" % (NAME[dt], kind, s), **kw))
    # special tensor values x scalars
    if sp_scalars is None:
        sp_scalars = [math.nan, math.inf, -math.inf, -0.0, 0.0, 1e30, 1e-30, 2.5]
    for dt in FLOATS:
        for s in (sp_scalars if dt in (F32, F16) else sp_scalars[:3] + sp_scalars[-1:]):
            kw = dict(ek, self=T(fspecials(dt, filt=filt)))
            kw[sname] = s
            cs.append(C("special values %s, scalar %r" % (NAME[dt], s), **kw))
    if int_sp_scalars is None:
        int_sp_scalars = [0, -1, 2 ** 31, 2 ** 63 - 1, -2 ** 63, 0.5, math.nan, True]
    for dt in INTS + [B_]:
        for s in int_sp_scalars:
            kw = dict(ek, self=T(ispecials(dt)))
            kw[sname] = s
            cs.append(C("special values %s, scalar %r" % (NAME[dt], s), **kw))
    # how the Scalar is converted: a tensor holding the scalar rounded to its dtype (and the
    # neighbours), against the unrounded double scalar
    for dt in FLOATS:
        for sv in (0.1, 1.0 / 3):
            r_ = torch.tensor(sv, dtype=F64).to(dt)
            nb = torch.cat([r_.reshape(1), neighbours(r_), torch.tensor([2.5], dtype=dt)])
            kw = dict(ek, self=T(nb))
            kw[sname] = sv
            cs.append(C("%s tensor holding the scalar %r rounded to %s, scalar %r" % (NAME[dt], sv, NAME[dt], sv),
                        **kw))
    # out dtypes
    for dt, s in ((F32, floats[0]), (I32, ints[0]), (I32, floats[0]), (B_, bools[0])):
        x = vals(r, dt, [2, 3], dom)
        for odt in ALL:
            kw = dict(ek, self=T(x))
            kw[sname] = s
            cs.append(C("%s tensor, scalar %r, out dtype %s" % (NAME[dt], s, NAME[odt]),
                        outs=[Out(odt)], **kw))
    # shapes
    for dt, shape in [(F32, []), (I64, []), (F32, [0]), (F16, [2, 0]), (F64, [1, 1, 3])]:
        kw = dict(ek, self=T(vals(r, dt, shape, dom)))
        kw[sname] = floats[0] if is_float(dt) else ints[0]
        cs.append(C("shape %s %s" % (shape, NAME[dt]), **kw))
    # channels last
    def mk(dt, d, shape):
        kw = dict(ek, self=T(vals(r, dt, shape, dom), d))
        kw[sname] = floats[1] if is_float(dt) else ints[1]
        return kw
    cs += layout_cases(r, mk, dts=(F32, F16, I32))
    x = vals(r, F32, [2, 3], dom)
    for s in RESIZE_SHAPES:
        kw = dict(ek, self=T(x))
        kw[sname] = floats[0]
        cs.append(C("resize out from %s to [2,3]" % s, outs=[Out(shape=s)], **kw))
    return cs


def alpha_cases(op, tensor_scalar=False, names=("self", "other")):
    """alpha variants (int/float/bool alpha over a few dtypes)."""
    r = rng_for(op, "alpha")
    cs = []
    for dt in (F32, F16, BF16, F64, I32, I64, U8, B_):
        for alpha in (2, -3, 0.5, 2.5, True, False):
            kw = dict(self=T(vals(r, dt, [2, 3])), alpha=alpha)
            if tensor_scalar:
                kw["other"] = 3 if not is_float(dt) else 1.25
            else:
                kw["other"] = T(vals(r, dt, [3]))
            cs.append(C("%s, alpha %r" % (NAME[dt], alpha), **kw))
    # mixed: int tensors with float alpha is rejected; float tensor + int tensor with float alpha
    kw = dict(self=T(vals(r, F32, [4])), alpha=1.5)
    kw["other"] = T(vals(r, I32, [4])) if not tensor_scalar else 2
    cs.append(C("Float self, int other, float alpha", **kw))
    return cs


# ----------------------------------------------------------------------------------------------
# per-op generators

def not_huge(x):
    return not (math.isfinite(x) and abs(x) > 1e4)


HALF_PI = [math.pi / 2, -math.pi / 2, math.pi, 3 * math.pi / 2, 1000.5]

UNARY_FLOAT = {
    # op: (domain, extra special values, filter)
    "acos": ("unit", [1.001, -1.001, 2.0, -2.0, 0.999], None),
    "asin": ("unit", [1.001, -1.001, 2.0, -2.0, 0.999], None),
    "atanh": ("unit", [1.001, -1.001, 2.0, 0.999, -0.999], None),
    "acosh": ("ge1", [0.999, 1.001, 1e10], None),
    "asinh": ("any", [1e10, -1e10, 1e-10], None),
    "atan": ("any", [1e10, -1e10, 1e-10], None),
    "cos": ("trig", HALF_PI, not_huge),
    "sin": ("trig", HALF_PI, not_huge),
    "tan": ("trig", HALF_PI + [1.5707963, 1.5708], not_huge),
    "cosh": ("small", [88.0, -89.0, 11.0, -12.0, 709.0, 711.0, 1e-8], None),
    "sinh": ("small", [88.0, -89.0, 11.0, -12.0, 709.0, 711.0, 1e-8], None),
    "exp": ("small", [88.0, 89.0, -88.0, -104.0, -110.0, 11.0, 12.0, 709.0, 710.0, -745.5, 1e-8], None),
    "expm1": ("small", [88.0, 89.0, -88.0, 11.0, 12.0, 1e-8, -1e-8, 709.0, 710.0, -50.0], None),
    "erf": ("any", [3.0, -3.0, 5.0, 1e-5, 10.0, -10.0], None),
    "log": ("pos", [2.0, 10.0, 1024.0, 1e-30, 0.999], None),
    "log10": ("pos", [2.0, 10.0, 1000.0, 1e-30, 0.999], None),
    "log2": ("pos", [2.0, 10.0, 1024.0, 1e-30, 0.999], None),
    "log1p": ("log1p", [-0.999, -1e-8, 1e-8, -2.0, 1e10], None),
    "reciprocal": ("nonzero", [4.0, 1e-20, 1e30], None),
    "rsqrt": ("pos", [4.0, 0.25, 1e-30, 1e30], None),
    "sqrt": ("pos", [4.0, 0.25, 1e-30, 1e30, 2.0], None),
    "sigmoid": ("any", [20.0, -20.0, 89.0, -89.0, 100.0, -100.0, 1e-8], None),
    "tanh": ("any", [10.0, -10.0, 1e-5, 20.0, -0.25], None),
}

# integer specials for sin/cos/tan: extreme ints are huge arguments (see not_huge)
UNARY_EXACT = {
    # op: (domain, extra, category)
    "abs": ("any", [], "exact"),
    "neg": ("any", [], "exact"),
    "ceil": ("round", [0.49999997, 4503599627370497.0, 8388609.0, -0.2, 1e20], "exact_z"),
    "floor": ("round", [0.49999997, 4503599627370497.0, 8388609.0, -0.2, 1e20], "exact_z"),
    "trunc": ("round", [0.49999997, 4503599627370497.0, 8388609.0, -0.2, 1e20], "exact_z"),
    "round": ("round", [0.49999997, 4503599627370497.0, 8388609.0, -0.2, 1e20, 3.5, 4.5, -3.5],
              "exact_z"),
    "sign": ("any", [], "exact_z"),
    "relu": ("any", [], "exact_z"),
    "bitwise_not": ("any", [], "exact"),
    "logical_not": ("cmp", [], "exact"),
    "isnan": ("any", [], "exact"),
    "isinf": ("any", [], "exact"),
}


def gen_unary_float(op):
    # (with a filter, integer specials are filtered too: INT_MAX would be a huge sin argument)
    dom, extra, filt = UNARY_FLOAT[op]
    return g_unary(op + ".out", dom, extra, filt)


def gen_unary_exact(op):
    dom, extra, _ = UNARY_EXACT[op]
    return g_unary(op + ".out", dom, extra)


SHIFT_GRID = [0, 1, 3, 7, 8, 15, 16, 31, 32, 63, 64, 100, -1, -8]


def gen_shift_tensor(op):
    cs = g_binary(op, dom_a="any", dom_b="shift", grid_b=SHIFT_GRID)
    return cs


def gen_shift_scalar(op):
    cs = g_scalar(op, dom="any", ints=(1, 3, 0, 5, 2, 7), floats=(1.0, 2.5), bools=(True, False),
                  sp_scalars=[1.0, math.nan],
                  int_sp_scalars=[0, 1, 7, 8, 15, 16, 31, 32, 63, 64, 100, -1, 2 ** 40])
    return cs


def gen_div_mode(op):
    cs = []
    for mode in (None, "trunc", "floor"):
        sub = g_binary(op, dom_b="nonzero", int_div=True, extra_kw={"rounding_mode": mode})
        for c in sub:
            c["note"] = "rounding_mode=%s: %s" % (mode, c["note"])
        if mode is None:
            # keep the dtype matrix and specials for None lighter: they repeat div.out
            sub = [c for i, c in enumerate(sub) if i % 3 == 0]
        cs += sub
    r = rng_for(op, "bogus")
    cs.append(C("bogus rounding mode", self=T(vals(r, F32, [3])), other=T(vals(r, F32, [3], "nonzero")),
                rounding_mode="bogus"))
    return cs


def gen_div_scalar_mode(op):
    cs = []
    for mode in (None, "trunc", "floor"):
        sub = g_scalar(op, ints=(3, -2, 7, -5, 1, 2), floats=(2.5, -0.75, 0.1, -3.25, 0.5),
                       bools=(True,), extra_kw={"rounding_mode": mode},
                       int_sp_scalars=[7, -3, 0, 0.5, -0.0, math.nan, True, False])
        for c in sub:
            c["note"] = "rounding_mode=%s: %s" % (mode, c["note"])
        cs += sub
    r = rng_for(op, "bogus")
    cs.append(C("bogus rounding mode", self=T(vals(r, F32, [3])), other=2.0, rounding_mode="bogus"))
    return cs


def gen_pow_scalar_self(op):
    """pow.Scalar_out(Scalar self, Tensor exponent)."""
    r = rng_for(op)
    cs = []
    bases_i = [2, -2, 0, 1, 3, -1]
    bases_f = [2.5, 0.5, -1.5, 0.0, math.e, 1.0]
    k = 0
    for dt in ALL:
        for kind, lst in (("int", bases_i), ("float", bases_f), ("bool", (True, False))):
            s = lst[k % len(lst)]
            k += 1
            cs.append(C("%s base %r, %s exponent" % (kind, s, NAME[dt]), self=s,
                        exponent=T(vals(r, dt, [2, 3], "expo"))))
    for dt in FLOATS:
        for s in (2.0, -2.0, 0.0, -0.0, 1.0, math.nan, math.inf, -math.inf, 0.5):
            cs.append(C("base %r, special exponents %s" % (s, NAME[dt]), self=s,
                        exponent=T(fspecials(dt))))
    for dt in INTS:
        for s in (2, -2, 0, 1, -1, 3, 2.0):
            e = torch.tensor([v for v in [0, 1, 2, 3, 7, 31, 62, 63, 64, 100] if v <= torch.iinfo(dt).max],
                             dtype=dt)
            cs.append(C("base %r, %s exponents" % (s, NAME[dt]), self=s, exponent=T(e)))
        cs.append(C("int base, negative %s exponents" % NAME[dt], self=2,
                    exponent=T(torch.tensor([0, 1, 2] if dt == U8 else [-1, 2, -3], dtype=dt))))
    for odt in ALL:
        cs.append(C("float base, Float exponent, out %s" % NAME[odt], outs=[Out(odt)], self=1.5,
                    exponent=T(vals(r, F32, [2, 3], "expo"))))
        cs.append(C("int base, Int exponent, out %s" % NAME[odt], outs=[Out(odt)], self=3,
                    exponent=T(vals(r, I32, [2, 3], "expo"))))
    for shape in ([], [0], [1, 2, 1]):
        cs.append(C("shape %s" % shape, self=2.0, exponent=T(vals(r, F32, shape, "expo"))))
    cs += layout_cases(r, lambda dt, d, s: dict(self=2, exponent=T(vals(r, dt, s, "expo"), d)),
                       dts=(F32, F16, I32))
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=1.5,
                    exponent=T(vals(r, F32, [2, 3], "expo"))))
    return cs


def gen_clamp(op):
    r = rng_for(op)
    cs = []
    bounds = [(-1, 2), (-1.5, 2.5), (None, 3), (0.5, None), (True, None), (-2, 1.5), (None, None)]
    k = 0
    for dt in ALL:
        for j in range(4):
            lo, hi = bounds[k % len(bounds)]
            k += 1
            cs.append(C("%s, min %r max %r" % (NAME[dt], lo, hi), self=T(vals(r, dt, SHAPES1[k % 10])),
                        min=lo, max=hi))
    for dt in ALL:
        for lo, hi in [(-1.5, 2.5), (2, 1), (math.nan, None), (None, math.nan), (-math.inf, math.inf),
                       (-0.0, 0.0)]:
            cs.append(C("special values %s, min %r max %r" % (NAME[dt], lo, hi),
                        self=T(specials(dt)), min=lo, max=hi))
    for dt, lo, hi in ((F32, -0.5, 0.5), (I32, -1, 2), (I32, -0.5, 2), (F16, 0, 1)):
        x = vals(r, dt, [2, 3])
        for odt in ALL:
            cs.append(C("%s, min %r max %r, out %s" % (NAME[dt], lo, hi, NAME[odt]), outs=[Out(odt)],
                        self=T(x), min=lo, max=hi))
    for shape in ([], [0], [2, 0], [1, 1, 4]):
        cs.append(C("shape %s" % shape, self=T(vals(r, F32, shape)), min=-1.0, max=1.0))
    cs += layout_cases(r, lambda dt, d, s: dict(self=T(vals(r, dt, s), d), min=-1, max=1))
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, [2, 3])),
                    min=-1.0, max=1.0))
    return cs


def gen_clamp_tensor(op):
    r = rng_for(op)
    cs = []
    k = 0
    for a in ALL:
        for b in ALL:
            sa, sb = PAIR_SHAPES[k % len(PAIR_SHAPES)]
            mode = k % 3
            k += 1
            lo = T(vals(r, b, sb, "small") if b != B_ else vals(r, b, sb))
            hi = T(vals(r, b, sb, "pos"))
            kw = dict(self=T(vals(r, a, sa)), min=lo if mode != 2 else None,
                      max=hi if mode != 1 else None)
            cs.append(C("%s self, %s bounds (%s), shapes %s %s" % (
                NAME[a], NAME[b], ["min,max", "min only", "max only"][mode], sa, sb), **kw))
    for dt in FLOATS:
        sp = fspecials(dt, grid=True)
        n = sp.numel()
        lo = torch.tensor([-1.0, math.nan, 0.0, -math.inf] * 4, dtype=F64)[:n].to(dt)
        hi = torch.tensor([1.0, 2.0, math.nan, math.inf] * 4, dtype=F64)[:n].to(dt)
        cs.append(C("special values %s with nan/inf bounds" % NAME[dt], self=T(sp), min=T(lo), max=T(hi)))
        cs.append(C("special values %s, min > max" % NAME[dt], self=T(sp),
                    min=T(torch.tensor(2.0, dtype=dt)), max=T(torch.tensor(-1.0, dtype=dt))))
    cs.append(C("both None", self=T(vals(r, F32, [3])), min=None, max=None))
    for odt in ALL:
        cs.append(C("Float, out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, F32, [2, 3])),
                    min=T(vals(r, F32, [3], "small")), max=T(vals(r, F32, [1], "pos"))))
        cs.append(C("Int, out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, I32, [2, 3])),
                    min=T(vals(r, I32, [3], "small")), max=T(vals(r, I32, [1], "pos"))))
    for sa, sl, sh in [([2, 3], [3], []), ([3], [2, 3], None), ([], [4], [1]), ([0], [1], [1]),
                       ([2, 3], [4], None), ([2, 1], [1, 3], [2, 3])]:
        cs.append(C("broadcast self %s min %s max %s" % (sa, sl, sh), self=T(vals(r, F32, sa)),
                    min=T(vals(r, F32, sl, "small")),
                    max=T(vals(r, F32, sh, "pos")) if sh is not None else None))
    cs += layout_cases(r, lambda dt, d, s: dict(self=T(vals(r, dt, s), d),
                                                min=T(vals(r, dt, [1, 3, 1, 1], "small")),
                                                max=T(vals(r, dt, s, "pos"), d)))
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, [2, 3])),
                    min=T(vals(r, F32, [3], "small")), max=None))
    return cs


def gen_scalar_params(op, params, dom="any", param_sets=(), sp_sets=(), out_dt_set=None):
    """Unary op with Scalar/float/str parameters (hardtanh, leaky_relu, elu, gelu, logit)."""
    r = rng_for(op)
    cs = []
    k = 0
    for dt in ALL:
        for ps in param_sets:
            k += 1
            cs.append(C("%s, %s" % (NAME[dt], ps), self=T(vals(r, dt, SHAPES1[k % 10], dom)), **ps))
    for dt in ALL:
        for ps in sp_sets:
            cs.append(C("special values %s, %s" % (NAME[dt], ps), self=T(specials(dt)), **ps))
    ps0 = param_sets[0]
    for in_dt in (out_dt_set or (F32, I32)):
        x = vals(r, in_dt, [2, 3], dom)
        for odt in ALL:
            cs.append(C("%s, out %s, %s" % (NAME[in_dt], NAME[odt], ps0), outs=[Out(odt)], self=T(x), **ps0))
    for shape in ([], [0], [2, 0, 1], [1, 1, 5]):
        cs.append(C("shape %s" % shape, self=T(vals(r, F32, shape, dom)), **ps0))
    cs += layout_cases(r, lambda dt, d, s: dict(self=T(vals(r, dt, s, dom), d), **ps0))
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, [2, 3], dom)), **ps0))
    return cs


def gen_where(op):
    r = rng_for(op)
    cs = []
    k = 0
    shapes3 = [([2, 3], [2, 3], [2, 3]), ([2, 3], [3], [2, 1]), ([4], [1], [4]), ([3, 1], [1, 4], []),
               ([1], [5], [5]), ([2, 2], [2, 2], [1])]
    for a in ALL:
        for b in ALL:
            sc, sa, sb = shapes3[k % len(shapes3)]
            k += 1
            cs.append(C("%s x %s, shapes cond %s self %s other %s" % (NAME[a], NAME[b], sc, sa, sb),
                        condition=T(vals(r, B_, sc)), self=T(vals(r, a, sa)), other=T(vals(r, b, sb))))
    for dt in ALL:
        sp = specials(dt)
        cs.append(C("special values %s pass through" % NAME[dt],
                    condition=T(vals(r, B_, list(sp.shape))), self=T(sp), other=T(sp.flip(0))))
    for cdt in (U8, F32, I32):
        cs.append(C("condition dtype %s%s" % (NAME[cdt], " (deprecated in ATen but still accepted)"
                                              if cdt == U8 else ""), condition=T(vals(r, cdt, [4], "cmp")),
                    self=T(vals(r, F32, [4])), other=T(vals(r, F32, [4]))))
    for odt in ALL:
        cs.append(C("Float/Float, out %s" % NAME[odt], outs=[Out(odt)], condition=T(vals(r, B_, [2, 3])),
                    self=T(vals(r, F32, [2, 3])), other=T(vals(r, F32, [2, 3]))))
        cs.append(C("Int/Long, out %s" % NAME[odt], outs=[Out(odt)], condition=T(vals(r, B_, [3])),
                    self=T(vals(r, I32, [3])), other=T(vals(r, I64, [3]))))
    for sc, sa, sb in [([], [2, 3], [3]), ([2, 3], [], []), ([], [], []), ([0], [1], []), ([2, 3], [4], [3]),
                       ([2, 1, 1], [3, 1], [4])]:
        cs.append(C("broadcast cond %s self %s other %s" % (sc, sa, sb), condition=T(vals(r, B_, sc)),
                    self=T(vals(r, F32, sa)), other=T(vals(r, F32, sb))))
    for (a, sa, b, sb) in [(F32, [3], F64, []), (I8, [3], I64, []), (F16, [], I32, [3]), (B_, [3], F32, [])]:
        cs.append(C("zero-dim promotion %s%s with %s%s" % (NAME[a], sa, NAME[b], sb),
                    condition=T(vals(r, B_, [3])), self=T(vals(r, a, sa)), other=T(vals(r, b, sb))))
    cs += layout_cases(r, lambda dt, d, s: dict(condition=T(vals(r, B_, s), d), self=T(vals(r, dt, s), d),
                                                other=T(vals(r, dt, [1, 3, 1, 1]))))
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], condition=T(vals(r, B_, [2, 3])),
                    self=T(vals(r, F32, [3])), other=T(vals(r, F32, [2, 1]))))
    return cs


def gen_masked_fill(op):
    r = rng_for(op)
    cs = []
    values = {"int": [3, -2, 0, 100], "float": [2.5, -0.75, 0.1, -1e3], "bool": [True, False]}
    k = 0
    for dt in ALL:
        for kind in ("int", "float", "bool"):
            v = values[kind][k % len(values[kind])]
            k += 1
            cs.append(C("%s self, %s value %r, mask [3] broadcast to [2,3]" % (NAME[dt], kind, v),
                        self=T(vals(r, dt, [2, 3])), mask=T(vals(r, B_, [3])), value=v))
    for dt in ALL:
        for v in (math.nan, math.inf, -0.0, 1e10, 300, -1, 2 ** 40, 0.5):
            sp = specials(dt)
            cs.append(C("special values %s, value %r" % (NAME[dt], v), self=T(sp),
                        mask=T(vals(r, B_, list(sp.shape))), value=v))
    for mdt in (U8, F32, I64):
        cs.append(C("mask dtype %s" % NAME[mdt], self=T(vals(r, F32, [4])), mask=T(vals(r, mdt, [4], "cmp")),
                    value=1.0))
    for odt in ALL:
        cs.append(C("Float self, out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, F32, [2, 3])),
                    mask=T(vals(r, B_, [2, 3])), value=1.5))
    for ss, sm in [([2, 3], []), ([], []), ([3], [2, 3]), ([2, 3], [2, 1]), ([0], [1]), ([2, 3], [4])]:
        cs.append(C("broadcast self %s mask %s" % (ss, sm), self=T(vals(r, F32, ss)), mask=T(vals(r, B_, sm)),
                    value=-1.0))
    cs += layout_cases(r, lambda dt, d, s: dict(self=T(vals(r, dt, s), d), mask=T(vals(r, B_, s), d), value=7))
    cs += [C("channels-last self, contiguous mask [1,3,1,1]", self=T(vals(r, F32, [2, 3, 2, 2]), CL),
             mask=T(vals(r, B_, [1, 3, 1, 1])), value=7)]
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, [2, 3])),
                    mask=T(vals(r, B_, [2, 3])), value=0.25))
    return cs


def gen_fill_scalar(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        for v in (3, -2, 2.5, -0.75, True, False):
            cs.append(C("%s self, value %r" % (NAME[dt], v), self=T(vals(r, dt, [2, 3])), value=v))
    for dt in ALL:
        for v in (math.nan, math.inf, -math.inf, -0.0, 1e10, 1e300, 300, -1, 2 ** 40, 2 ** 63 - 1, 65504.0,
                  65520.0, 0.1):
            cs.append(C("%s self, value %r" % (NAME[dt], v), self=T(vals(r, dt, [3])), value=v))
    for odt in ALL:
        cs.append(C("Float self, out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, F32, [2, 3])), value=1.5))
        cs.append(C("Int self, out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, I32, [3])), value=4))
    for shape in ([], [0], [2, 0], [1, 1, 1, 3]):
        cs.append(C("shape %s" % shape, self=T(vals(r, F32, shape)), value=-3))
    cs += layout_cases(r, lambda dt, d, s: dict(self=T(vals(r, dt, s), d), value=5))
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, [2, 3])), value=2))
    return cs


def gen_fill_tensor(op):
    r = rng_for(op)
    cs = []
    for a in ALL:
        for b in ALL:
            cs.append(C("%s self, %s zero-dim value" % (NAME[a], NAME[b]), self=T(vals(r, a, [2, 3])),
                        value=T(vals(r, b, [], "conv" if is_float(b) and is_int(a) else "any"))))
    for dt in ALL:
        for v in (math.nan, math.inf, -0.0, 1e10, 300.0, -1.0, 65520.0, 0.1):
            cs.append(C("%s self, Double value %r" % (NAME[dt], v), self=T(vals(r, dt, [3])),
                        value=T(torch.tensor(v, dtype=F64))))
        for v in (300, -1, 2 ** 40):
            cs.append(C("%s self, Long value %r" % (NAME[dt], v), self=T(vals(r, dt, [3])),
                        value=T(torch.tensor(v, dtype=I64))))
    for shape in ([1], [3], [1, 1]):
        cs.append(C("value with shape %s (must be zero-dim)" % shape, self=T(vals(r, F32, [3])),
                    value=T(vals(r, F32, shape))))
    for odt in ALL:
        cs.append(C("Float self, out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, F32, [2, 3])),
                    value=T(torch.tensor(1.5))))
    for shape in ([], [0], [2, 0]):
        cs.append(C("shape %s" % shape, self=T(vals(r, F32, shape)), value=T(torch.tensor(-3.0))))
    cs += layout_cases(r, lambda dt, d, s: dict(self=T(vals(r, dt, s), d), value=T(vals(r, dt, []))))
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, [2, 3])),
                    value=T(torch.tensor(2.0))))
    return cs


def gen_scalar_tensor(op):
    cs = []
    for odt in ALL:
        for s in (3, -2, 0, 2.5, -0.75, 0.1, True, False):
            cs.append(C("scalar %r into %s" % (s, NAME[odt]), outs=[Out(odt, [])], s=s))
    for odt in ALL:
        for s in (math.nan, math.inf, -math.inf, -0.0, 1e10, 1e300, 300, -1, 2 ** 40, 2 ** 62 + 1,
                  -2 ** 63, 16777217, 65520.0, 1e-40):
            cs.append(C("scalar %r into %s" % (s, NAME[odt]), outs=[Out(odt, [])], s=s))
    for shape in ([0], [3], [1], [2, 2]):
        cs.append(C("resize out from %s to []" % shape, outs=[Out(F32, shape)], s=1.5))
    return cs


def gen_copy_unary(op, memory_format_arg=False, to_copy=False):
    """clone.out / _to_copy.out / detach_copy.out / lift_fresh_copy.out / alias_copy.out."""
    r = rng_for(op)
    cs = []
    for i, dt in enumerate(ALL):
        cs.append(C("random %s" % NAME[dt], self=T(vals(r, dt, SHAPES1[i]))))
        cs.append(C("special values %s" % NAME[dt], self=T(specials(dt))))
    out_ins = ALL if to_copy else (F32, I32)
    for a in out_ins:
        x = vals(r, a, [2, 3], "conv")
        for odt in ALL:
            cs.append(C("%s to out %s" % (NAME[a], NAME[odt]), outs=[Out(odt)], self=T(x)))
    if to_copy:
        # conversions at the edges (all well-defined: in-range, finite)
        edge = {
            F64: [1.00390625 + 2 ** -40, 1 + 2 ** -11 + 2 ** -40, 1e300, -1e300, 1e-300, 65519.0, 65520.0,
                  -0.0, math.nan, math.inf, 3.4e38, 3.5e38, 2.5, -2.5, 0.7, -0.7, 255.9, -128.9],
            F32: [1.00390625 + 2 ** -20, 65519.0, 65520.0, -0.0, math.nan, -math.inf, 3.4e38, 1e-40, -0.7,
                  127.9, 0.5],
            F16: [65504.0, -0.0, math.nan, math.inf, 6e-8, -2.5, 0.999],
            BF16: [3.38e38, -0.0, math.nan, -math.inf, 1e-39, 2.5, 300.5],
        }
        for sdt, vs in edge.items():
            x = torch.tensor(vs, dtype=F64).to(sdt)
            for odt in ALL:
                if odt == sdt:
                    continue
                if is_int(odt):
                    ii = torch.iinfo(odt)
                    xv = x.double()
                    tv = torch.trunc(xv.nan_to_num(0.0, 0.0, 0.0))
                    keep = torch.isfinite(xv) & (tv >= float(ii.min)) & (tv < float(ii.max) + 1.0)
                    if keep.sum() == 0:
                        continue
                    xs = x[keep]
                else:
                    xs = x
                cs.append(C("edge conversion %s -> %s" % (NAME[sdt], NAME[odt]), outs=[Out(odt)],
                            self=T(xs)))
        for sdt in INTS + [B_]:
            x = specials(sdt)
            for odt in ALL:
                if odt != sdt:
                    cs.append(C("edge conversion %s -> %s" % (NAME[sdt], NAME[odt]), outs=[Out(odt)], self=T(x)))
        cs.append(C("Long 2^24+2^16+1 -> BFloat16 (via float: double rounding)", outs=[Out(BF16)],
                    self=T(torch.tensor([2 ** 24 + 2 ** 16 + 1, 2 ** 53 + 1, -(2 ** 31) + 1], dtype=I64))))
        cs.append(C("non_blocking=True", self=T(vals(r, F32, [3])), non_blocking=True))
    for shape in ([], [0], [2, 0, 3], [1, 1, 1, 1, 2]):
        cs.append(C("shape %s" % shape, self=T(vals(r, F32, shape))))
    cs += layout_cases(r, lambda dt, d, s: dict(self=T(vals(r, dt, s), d)))
    if memory_format_arg:
        for mf in ("contiguous", "channels_last", "preserve"):
            for din in (None, CL):
                for dt in (F32, I64):
                    cs.append(C("memory_format %s, input %s, %s" % (mf, "cl" if din else "contig", NAME[dt]),
                                self=T(vals(r, dt, [2, 3, 2, 2]), din), memory_format=MF(mf)))
            cs.append(C("memory_format %s on a 3-D tensor" % mf, self=T(vals(r, F32, [2, 3, 2])),
                        memory_format=MF(mf)))
            cs.append(C("memory_format %s, out cl" % mf, outs=[Out(dim_order=CL)],
                        self=T(vals(r, F32, [2, 3, 2, 2])), memory_format=MF(mf)))
    for s in RESIZE_SHAPES:
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, [2, 3]))))
    return cs


def gen_copy_binary(op, inplace=False):
    """copy.out(self, src, non_blocking, *, out) and copy_(self, src, non_blocking)."""
    r = rng_for(op)
    cs = []
    k = 0
    src_shapes = [[2, 3], [3], [1], [], [2, 1], [1, 3]]
    for a in ALL:
        for b in ALL:
            ss = src_shapes[k % len(src_shapes)]
            k += 1
            cs.append(C("self %s, src %s%s" % (NAME[a], NAME[b], ss), self=T(vals(r, a, [2, 3])),
                        src=T(vals(r, b, ss, "conv"))))
    for a in ALL:
        cs.append(C("special values %s into %s" % (NAME[a], NAME[a]), self=T(vals(r, a, [specials(a).numel()])),
                    src=T(specials(a))))
    for a, b in ((F64, F16), (F64, BF16), (F32, F16), (I64, I8), (I32, U8), (F16, F64), (I64, F32), (I64, BF16),
                 (B_, F32), (F32, B_), (I16, I8)):
        x = specials(a)
        if is_float(a) and is_int(b):
            continue
        cs.append(C("special values %s into %s" % (NAME[a], NAME[b]), self=T(vals(r, b, [x.numel()])), src=T(x)))
    # float -> int with in-range values (trunc toward zero; Byte non-negative)
    for a in (F32, F64, F16):
        for b in INTS:
            ii = torch.iinfo(b)
            vs = [0.7, -0.7, 2.5, -2.5, 99.9, -99.9, 127.5, -128.5, 255.5]
            vs = [v for v in vs if ii.min - 1 < v < ii.max + 1]
            cs.append(C("%s -> %s truncation" % (NAME[a], NAME[b]), self=T(torch.zeros(len(vs), dtype=b)),
                        src=T(torch.tensor(vs, dtype=F64).to(a))))
    if not inplace:
        for odt in ALL:
            cs.append(C("Float self, Int src, out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, F32, [2, 3])),
                        src=T(vals(r, I32, [3], "conv"))))
    for ss, sr in [([2, 3], [4]), ([3], [2, 3]), ([], []), ([0], [1]), ([2, 0], [0]), ([2, 3, 4], [3, 1])]:
        cs.append(C("broadcast self %s src %s" % (ss, sr), self=T(vals(r, F32, ss)), src=T(vals(r, F32, sr))))
    cs.append(C("non_blocking=True", self=T(vals(r, F32, [3])), src=T(vals(r, F64, [3])), non_blocking=True))
    for dt in (F32, F16, I32):
        for ds, dr in ((CL, None), (None, CL), (CL, CL)):
            cs.append(C("channels-last self %s src %s, %s" % (ds is not None, dr is not None, NAME[dt]),
                        self=T(vals(r, dt, [2, 3, 2, 2]), ds), src=T(vals(r, dt, [2, 3, 2, 2]), dr)))
        cs.append(C("channels-last self, src [1,3,1,1], %s" % NAME[dt], self=T(vals(r, dt, [2, 3, 2, 2]), CL),
                    src=T(vals(r, F64, [1, 3, 1, 1], "conv"))))
    if not inplace:
        for dt in (F32, I32):
            cs.append(C("out channels-last, %s" % NAME[dt], outs=[Out(dim_order=CL)], self=T(vals(r, dt, [2, 3, 2, 2])),
                        src=T(vals(r, dt, [2, 3, 2, 2]))))
        for s in RESIZE_SHAPES:
            cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, [2, 3])),
                        src=T(vals(r, F32, [3]))))
    return cs


# ----------------------------------------------------------------------------------------------
# GEMM

U_ACC = {F16: 2.0 ** -24, BF16: 2.0 ** -24, F32: 2.0 ** -24, F64: 2.0 ** -53}
ULP_OUT = {F16: 2.0 ** -10, BF16: 2.0 ** -7, F32: 2.0 ** -22, F64: 2.0 ** -51}
GEMM_WARNINGS = []
GEMM_CHECKS = []


def _d(v):
    return v.t.double() if isinstance(v, T) else None


def gemm_operands(info, kw):
    """(A, B, alpha, bias, beta) in float64 with A @ B the product the op computes."""
    if info.full in ("aten::mm.out", "aten::bmm.out"):
        return _d(kw["self"]), _d(kw["mat2"]), 1, None, 0
    if info.full == "aten::addmm.out":
        return _d(kw["mat1"]), _d(kw["mat2"]), kw["alpha"], _d(kw["self"]), kw["beta"]
    if info.full == "aten::linear.out":
        x, w = _d(kw["input"]), _d(kw["weight"])
        x2 = x.reshape(math.prod(x.shape[:-1]), x.shape[-1]) if x.dim() > 1 else x.reshape(1, -1)
        w2 = w.reshape(-1, 1) if w.dim() == 1 else w.t()
        return x2, w2, 1, _d(kw["bias"]), 1
    raise ValueError(info.full)


def gemm_auto_tol(info, kw, out_dt, expected):
    """See the module docstring: atol = 2B, rtol = one ulp of the out dtype."""
    if not is_float(out_dt):
        return "exact", True
    a, b, alpha, bias, beta = gemm_operands(info, kw)
    u = U_ACC[out_dt]
    K = a.shape[-1]
    fin = lambda t: t.nan_to_num(0.0, 0.0, 0.0).abs()
    S = float((fin(a) @ fin(b)).max()) if (a.numel() and b.numel() and K) else 0.0
    bnd = (K + 2) * u * S * abs(float(alpha))
    if bias is not None and float(beta) != 0 and bias.numel():
        bnd += 2 * u * abs(float(beta)) * float(fin(bias).max())
    atol = float("%.3g" % (2 * bnd * 1.01)) if bnd > 0 else 0.0
    tol = {"rtol": ULP_OUT[out_dt], "atol": atol}
    # self-check: PyTorch's own answer must be within half the band of the exact (f64) product,
    # otherwise the tolerance would reject a correct implementation.
    ok = True
    try:
        dk = {n: (T(v.t.double(), v.dim_order) if isinstance(v, T) else v) for n, v in kw.items()}
        fargs = [x for x in info.functional._schema.arguments if x.name in dk]
        pos, kws = build_call(fargs, dk)
        ref = info.functional(*pos, **kws)
        e = expected.double()
        fin_mask = torch.isfinite(ref) & torch.isfinite(e)
        bad = ((e - ref).abs() > atol / 2 + tol["rtol"] * ref.abs()) & fin_mask
        nonfinite_mismatch = (torch.isfinite(ref) != torch.isfinite(e)).sum()
        if bad.any() or nonfinite_mismatch:
            ok = False
            GEMM_WARNINGS.append("%s %s: torch differs from the f64 product by more than atol/2 "
                                 "(max diff %g, atol %g)" % (info.full, NAME[out_dt],
                                                             float((e - ref).abs()[fin_mask].max()), atol))
    except Exception as ex:  # pragma: no cover
        GEMM_WARNINGS.append("%s: self-check failed: %s" % (info.full, ex))
    GEMM_CHECKS.append(info.full)
    return tol, ok


def gemm_vals(r, dt, shape, dom="gemm"):
    return vals(r, dt, shape, dom)


def gen_mm(op):
    r = rng_for(op)
    cs = []
    shapes = [(1, 1, 1), (2, 3, 4), (3, 1, 5), (5, 7, 3), (4, 16, 4), (7, 17, 9), (1, 33, 1), (16, 8, 1),
              (3, 5, 17), (33, 17, 3)]
    for i, dt in enumerate(ALL):
        for j in range(3):
            M, K, N = shapes[(i * 3 + j) % len(shapes)]
            a, b = gemm_vals(r, dt, [M, K]), gemm_vals(r, dt, [K, N])
            cs.append(C("%s [%d,%d]@[%d,%d]" % (NAME[dt], M, K, K, N), self=T(a), mat2=T(b)))
    for dt in ALL:
        for da, db, do in (([1, 0], None, None), (None, [1, 0], None), ([1, 0], [1, 0], None),
                           (None, None, [1, 0]), ([1, 0], [1, 0], [1, 0])):
            M, K, N = 5, 6, 3
            a, b = gemm_vals(r, dt, [M, K]), gemm_vals(r, dt, [K, N])
            cs.append(C("%s dim orders self %s mat2 %s out %s" % (NAME[dt], da, db, do), outs=[Out(dim_order=do)],
                        self=T(a, da), mat2=T(b, db)))
    for dt in (F16, BF16, F32):
        a, b = gemm_vals(r, dt, [4, 256]), gemm_vals(r, dt, [256, 4])
        cs.append(C("%s K=256 (f32 accumulation required)" % NAME[dt], self=T(a), mat2=T(b)))
    a, b = vals(r, I8, [3, 16], "wide"), vals(r, I8, [16, 2], "wide")
    cs.append(C("Char overflow wraps", self=T(a), mat2=T(b)))
    a, b = vals(r, U8, [3, 16], "conv"), vals(r, U8, [16, 2], "conv")
    cs.append(C("Byte overflow wraps", self=T(a), mat2=T(b)))
    for dt in (F32, F64, F16):
        a = fspecials(dt, grid=True)[:6].reshape(2, 3)
        b = gemm_vals(r, dt, [3, 2])
        cs.append(C("%s nan/inf propagate" % NAME[dt], self=T(a), mat2=T(b)))
    for M, K, N in ((0, 3, 2), (2, 0, 3), (2, 3, 0), (0, 0, 0)):
        cs.append(C("empty [%d,%d]@[%d,%d]" % (M, K, K, N), self=T(gemm_vals(r, F32, [M, K])),
                    mat2=T(gemm_vals(r, F32, [K, N]))))
    for sa, sb in (([2, 3], [4, 2]), ([3], [3, 2]), ([2, 3], [3]), ([1, 2, 3], [3, 2])):
        cs.append(C("bad shapes %s @ %s" % (sa, sb), self=T(gemm_vals(r, F32, sa)), mat2=T(gemm_vals(r, F32, sb))))
    for a, b in ((F32, F64), (F16, F32), (I32, I64), (F32, I32)):
        cs.append(C("mixed dtypes %s @ %s" % (NAME[a], NAME[b]), self=T(gemm_vals(r, a, [2, 3])),
                    mat2=T(gemm_vals(r, b, [3, 2]))))
    for dt in (F32, F16, I32):
        x, y = gemm_vals(r, dt, [2, 3]), gemm_vals(r, dt, [3, 2])
        for odt in ALL:
            if odt == dt:
                continue
            cs.append(C("%s inputs, out %s" % (NAME[dt], NAME[odt]), outs=[Out(odt)], self=T(x), mat2=T(y)))
    x, y = gemm_vals(r, F32, [2, 3]), gemm_vals(r, F32, [3, 4])
    for s in ([0], [8], [4, 2], [3, 3]):
        cs.append(C("resize out from %s to [2,4]" % s, outs=[Out(shape=s)], self=T(x), mat2=T(y)))
    return cs


def gen_bmm(op):
    r = rng_for(op)
    cs = []
    shapes = [(1, 1, 1, 1), (2, 2, 3, 4), (3, 3, 1, 5), (2, 5, 7, 3), (1, 4, 16, 4), (2, 7, 17, 9), (4, 1, 9, 1)]
    for i, dt in enumerate(ALL):
        for j in range(3):
            Bt, M, K, N = shapes[(i * 3 + j) % len(shapes)]
            a, b = gemm_vals(r, dt, [Bt, M, K]), gemm_vals(r, dt, [Bt, K, N])
            cs.append(C("%s [%d,%d,%d]@[%d,%d,%d]" % (NAME[dt], Bt, M, K, Bt, K, N), self=T(a), mat2=T(b)))
    for dt in (F32, F16, BF16, F64, I32):
        for da, db, do in (([0, 2, 1], None, None), (None, [0, 2, 1], None), ([0, 2, 1], [0, 2, 1], [0, 2, 1]),
                           ([1, 0, 2], None, None), (None, None, [2, 1, 0])):
            a, b = gemm_vals(r, dt, [3, 4, 5]), gemm_vals(r, dt, [3, 5, 2])
            cs.append(C("%s dim orders self %s mat2 %s out %s" % (NAME[dt], da, db, do), outs=[Out(dim_order=do)],
                        self=T(a, da), mat2=T(b, db)))
    for dt in (F16, BF16):
        a, b = gemm_vals(r, dt, [2, 3, 256]), gemm_vals(r, dt, [2, 256, 2])
        cs.append(C("%s K=256 (f32 accumulation required)" % NAME[dt], self=T(a), mat2=T(b)))
    cs.append(C("Char overflow wraps", self=T(vals(r, I8, [2, 2, 16], "wide")), mat2=T(vals(r, I8, [2, 16, 2], "wide"))))
    for Bt, M, K, N in ((0, 2, 3, 2), (2, 0, 3, 2), (2, 2, 0, 2), (2, 2, 3, 0)):
        cs.append(C("empty [%d,%d,%d]@[%d,%d,%d]" % (Bt, M, K, Bt, K, N), self=T(gemm_vals(r, F32, [Bt, M, K])),
                    mat2=T(gemm_vals(r, F32, [Bt, K, N]))))
    for sa, sb in (([2, 2, 3], [3, 3, 2]), ([2, 2, 3], [2, 4, 2]), ([2, 3], [3, 2]), ([1, 2, 3], [2, 3, 2])):
        cs.append(C("bad shapes %s @ %s" % (sa, sb), self=T(gemm_vals(r, F32, sa)), mat2=T(gemm_vals(r, F32, sb))))
    for a, b in ((F32, F64), (BF16, F16)):
        cs.append(C("mixed dtypes %s @ %s" % (NAME[a], NAME[b]), self=T(gemm_vals(r, a, [2, 2, 3])),
                    mat2=T(gemm_vals(r, b, [2, 3, 2]))))
    x, y = gemm_vals(r, F32, [2, 2, 3]), gemm_vals(r, F32, [2, 3, 2])
    for odt in (F64, F16, I32):
        cs.append(C("Float inputs, out %s" % NAME[odt], outs=[Out(odt)], self=T(x), mat2=T(y)))
    for s in ([0], [8], [2, 4], [3, 3, 3]):
        cs.append(C("resize out from %s to [2,2,2]" % s, outs=[Out(shape=s)], self=T(x), mat2=T(y)))
    return cs


def gen_addmm(op):
    r = rng_for(op)
    cs = []
    shapes = [(2, 3, 4), (1, 1, 1), (5, 7, 3), (3, 16, 5), (7, 17, 9), (4, 1, 6), (1, 8, 33)]
    bias_shapes = lambda M, N: [[M, N], [N], [M, 1], [1, 1], [], [1, N]]
    coefs = [(1, 1), (0.5, 2.0), (2, -1), (0, 1), (1, 0), (True, True), (-1.5, 0.25)]
    k = 0
    for dt in ALL:
        for j in range(6):
            M, K, N = shapes[k % len(shapes)]
            bs = bias_shapes(M, N)[k % 6]
            beta, alpha = coefs[k % len(coefs)]
            k += 1
            a, b, c = gemm_vals(r, dt, [M, K]), gemm_vals(r, dt, [K, N]), gemm_vals(r, dt, bs)
            cs.append(C("%s [%d,%d]@[%d,%d] bias %s beta %r alpha %r" % (NAME[dt], M, K, K, N, bs, beta, alpha),
                        self=T(c), mat1=T(a), mat2=T(b), beta=beta, alpha=alpha))
    for dt in (F32, F16, BF16, F64, I64):
        for da, db, dc, do in (([1, 0], None, None, None), (None, [1, 0], None, None), (None, None, [1, 0], None),
                               ([1, 0], [1, 0], None, [1, 0]), (None, None, None, [1, 0])):
            a, b, c = gemm_vals(r, dt, [4, 5]), gemm_vals(r, dt, [5, 3]), gemm_vals(r, dt, [4, 3])
            cs.append(C("%s dim orders mat1 %s mat2 %s self %s out %s" % (NAME[dt], da, db, dc, do),
                        outs=[Out(dim_order=do)], self=T(c, dc), mat1=T(a, da), mat2=T(b, db)))
    for dt in (F32, F64, F16, BF16):
        a, b = gemm_vals(r, dt, [2, 3]), gemm_vals(r, dt, [3, 2])
        c = torch.tensor([[math.nan, math.inf], [-math.inf, 1.0]], dtype=F64).to(dt)
        for beta in (0, 0.0, 1, 0.5):
            cs.append(C("%s nan/inf bias, beta %r (beta=0 ignores self)" % (NAME[dt], beta), self=T(c), mat1=T(a),
                        mat2=T(b), beta=beta))
    for dt in (F16, BF16):
        a, b, c = gemm_vals(r, dt, [3, 256]), gemm_vals(r, dt, [256, 2]), gemm_vals(r, dt, [2])
        cs.append(C("%s K=256 (f32 accumulation required)" % NAME[dt], self=T(c), mat1=T(a), mat2=T(b)))
    for dt in (I32, I64, U8):
        for beta, alpha in ((0.5, 1), (1, 0.5), (2, 3), (True, 2)):
            cs.append(C("%s with beta %r alpha %r" % (NAME[dt], beta, alpha), self=T(gemm_vals(r, dt, [2, 2])),
                        mat1=T(gemm_vals(r, dt, [2, 3])), mat2=T(gemm_vals(r, dt, [3, 2])), beta=beta, alpha=alpha))
    cs.append(C("Char overflow wraps", self=T(vals(r, I8, [3, 2], "wide")), mat1=T(vals(r, I8, [3, 16], "wide")),
                mat2=T(vals(r, I8, [16, 2], "wide"))))
    for M, K, N in ((0, 3, 2), (2, 0, 3), (2, 3, 0)):
        cs.append(C("empty [%d,%d]@[%d,%d], bias [%d]" % (M, K, K, N, N), self=T(gemm_vals(r, F32, [N])),
                    mat1=T(gemm_vals(r, F32, [M, K])), mat2=T(gemm_vals(r, F32, [K, N])), beta=0.5))
    for sc, sa, sb in (([3], [2, 3], [4, 2]), ([3], [2, 3], [3, 2]), ([2, 3], [2, 3], [3, 2]), ([2, 1, 2], [2, 3], [3, 2]),
                       ([2], [3], [3, 2])):
        cs.append(C("bad shapes bias %s, %s @ %s" % (sc, sa, sb), self=T(gemm_vals(r, F32, sc)),
                    mat1=T(gemm_vals(r, F32, sa)), mat2=T(gemm_vals(r, F32, sb))))
    for c_, a_, b_ in ((F64, F32, F32), (F32, F32, F64), (F16, F32, F32), (I32, I32, I64)):
        cs.append(C("mixed dtypes bias %s mat1 %s mat2 %s" % (NAME[c_], NAME[a_], NAME[b_]),
                    self=T(gemm_vals(r, c_, [2])), mat1=T(gemm_vals(r, a_, [2, 3])), mat2=T(gemm_vals(r, b_, [3, 2]))))
    x, y, z = gemm_vals(r, F32, [2, 3]), gemm_vals(r, F32, [3, 4]), gemm_vals(r, F32, [4])
    for odt in (F64, F16, BF16, I32):
        cs.append(C("Float inputs, out %s" % NAME[odt], outs=[Out(odt)], self=T(z), mat1=T(x), mat2=T(y)))
    for s in ([0], [8], [4, 2], [3, 3]):
        cs.append(C("resize out from %s to [2,4]" % s, outs=[Out(shape=s)], self=T(z), mat1=T(x), mat2=T(y)))
    return cs


def gen_linear(op):
    r = rng_for(op)
    cs = []
    cfgs = [([2, 3], 4, True), ([3], 2, True), ([2, 2, 5], 3, True), ([1, 1], 1, False), ([4, 17], 9, True),
            ([7, 16], 1, False), ([2, 3, 1, 4], 5, True)]
    k = 0
    for dt in ALL:
        for j in range(4):
            ishape, N, has_bias = cfgs[k % len(cfgs)]
            k += 1
            Kd = ishape[-1]
            x, w = gemm_vals(r, dt, ishape), gemm_vals(r, dt, [N, Kd])
            b = gemm_vals(r, dt, [N]) if has_bias else None
            x2 = x.double().reshape(-1, Kd)
            cs.append(C("%s input %s weight [%d,%d] bias %s" % (NAME[dt], ishape, N, Kd, has_bias), input=T(x),
                        weight=T(w), bias=T(b) if b is not None else None))
    for dt in (F32, F16, BF16, F64, I32):
        for dx, dw, do in ((None, [1, 0], None), ([1, 0], None, None), ([1, 0], [1, 0], [1, 0]), (None, None, [1, 0])):
            x, w, b = gemm_vals(r, dt, [3, 5]), gemm_vals(r, dt, [4, 5]), gemm_vals(r, dt, [4])
            cs.append(C("%s dim orders input %s weight %s out %s" % (NAME[dt], dx, dw, do), outs=[Out(dim_order=do)],
                        input=T(x, dx), weight=T(w, dw), bias=T(b)))
    for dt in (F16, BF16):
        x, w, b = gemm_vals(r, dt, [2, 256]), gemm_vals(r, dt, [3, 256]), gemm_vals(r, dt, [3])
        cs.append(C("%s K=256 (f32 accumulation required)" % NAME[dt], input=T(x), weight=T(w), bias=T(b)))
    for bshape in ([], [1], [2, 3], [5]):
        x, w, b = gemm_vals(r, F32, [2, 4]), gemm_vals(r, F32, [3, 4]), gemm_vals(r, F32, bshape)
        cs.append(C("bias shape %s" % bshape, input=T(x), weight=T(w), bias=T(b)))
    x, w = gemm_vals(r, F32, [2, 4]), gemm_vals(r, F32, [4])
    cs.append(C("1-D weight", input=T(x), weight=T(w), bias=None))
    for xs, ws in (([2, 4], [3, 5]), ([4], [3, 4, 1]), ([], [3, 1])):
        cs.append(C("bad shapes input %s weight %s" % (xs, ws), input=T(gemm_vals(r, F32, xs)),
                    weight=T(gemm_vals(r, F32, ws)), bias=None))
    for xd, wd, bd in ((F32, F64, None), (F32, F32, F64), (F16, F32, None), (I32, I64, None)):
        cs.append(C("mixed dtypes %s %s %s" % (NAME[xd], NAME[wd], NAME[bd] if bd else None),
                    input=T(gemm_vals(r, xd, [2, 3])), weight=T(gemm_vals(r, wd, [2, 3])),
                    bias=T(gemm_vals(r, bd, [2])) if bd else None))
    for M, K, N in ((0, 3, 2), (2, 0, 3), (2, 3, 0)):
        cs.append(C("empty input [%d,%d] weight [%d,%d]" % (M, K, N, K), input=T(gemm_vals(r, F32, [M, K])),
                    weight=T(gemm_vals(r, F32, [N, K])), bias=T(gemm_vals(r, F32, [N]))))
    x, w, b = gemm_vals(r, F32, [2, 3]), gemm_vals(r, F32, [4, 3]), gemm_vals(r, F32, [4])
    for odt in (F64, F16, I32):
        cs.append(C("Float inputs, out %s" % NAME[odt], outs=[Out(odt)], input=T(x), weight=T(w), bias=T(b)))
    for s in ([0], [8], [4, 2], [3, 3]):
        cs.append(C("resize out from %s to [2,4]" % s, outs=[Out(shape=s)], input=T(x), weight=T(w), bias=T(b)))
    return cs


# ----------------------------------------------------------------------------------------------
# the operator table: (op name as torch spells the overload, category, generator, conv source)
# op string in the case = "aten::" + this name (".out" added to bare unary names); every name
# below exists in torch 2.13 (checked with torch.ops.aten.<name>.overloads()).

def OPS():
    import gen_index
    ops = []
    for op in UNARY_FLOAT:
        ops.append((op + ".out", "trans", lambda op=op: gen_unary_float(op), None))
    for op in UNARY_EXACT:
        ops.append((op + ".out", UNARY_EXACT[op][2], lambda op=op: gen_unary_exact(op), None))
    # binary, tensor-tensor
    ops += [
        ("add.out", "arith", lambda: g_binary("add.out") + alpha_cases("add.out"), None),
        ("sub.out", "arith", lambda: g_binary("sub.out") + alpha_cases("sub.out"), None),
        ("mul.out", "arith", lambda: g_binary("mul.out"), None),
        ("div.out", "arith", lambda: g_binary("div.out", dom_b="nonzero"), None),
        ("div.out_mode", "arith", lambda: gen_div_mode("div.out_mode"), None),
        ("atan2.out", "trans", lambda: g_binary("atan2.out"), None),
        ("floor_divide.out", "arith", lambda: g_binary("floor_divide.out", dom_b="nonzero", int_div=True), None),
        ("fmod.Tensor_out", "arith", lambda: g_binary("fmod.Tensor_out", dom_b="nonzero", int_div=True), None),
        ("remainder.Tensor_out", "arith",
         lambda: g_binary("remainder.Tensor_out", dom_b="nonzero", int_div=True), None),
        ("maximum.out", "exact_z", lambda: g_binary("maximum.out", "cmp", "cmp"), None),
        ("minimum.out", "exact_z", lambda: g_binary("minimum.out", "cmp", "cmp"), None),
        ("pow.Tensor_Tensor_out", "trans",
         lambda: g_binary("pow.Tensor_Tensor_out", "base", "expo", grid_b=[0, 1, 2, 3, -1, -2, 7, 31, 63, 64, 100],
                          names=("self", "exponent")),
         None),
    ]
    for op in ("bitwise_and", "bitwise_or", "bitwise_xor"):
        ops.append((op + ".Tensor_out", "exact", lambda op=op: g_binary(op + ".Tensor_out", "wide", "wide"), None))
        ops.append((op + ".Scalar_out", "exact",
                    lambda op=op: g_scalar(op + ".Scalar_out", "wide", ints=(3, -2, 0, 255, 7, -128),
                                           floats=(2.5, 1.0), sp_scalars=[1.0, math.nan]), None))
    for op in ("bitwise_left_shift", "bitwise_right_shift"):
        ops.append((op + ".Tensor_out", "exact", lambda op=op: gen_shift_tensor(op + ".Tensor_out"), None))
        ops.append((op + ".Tensor_Scalar_out", "exact",
                    lambda op=op: gen_shift_scalar(op + ".Tensor_Scalar_out"), None))
    for op in ("eq", "ne", "lt", "le", "gt", "ge"):
        ops.append((op + ".Tensor_out", "exact", lambda op=op: g_binary(op + ".Tensor_out", "cmp", "cmp"), None))
        ops.append((op + ".Scalar_out", "exact",
                    lambda op=op: g_scalar(op + ".Scalar_out", "cmp", ints=(1, -2, 0, 3, 2, -1),
                                           floats=(0.5, -1.0, 2.0, 0.1, -0.5, 1.0),
                                           int_sp_scalars=[0, -1, 255, 2 ** 31, 2 ** 63 - 1, -2 ** 63, 0.5,
                                                           math.nan, math.inf, True]), None))
    for op in ("logical_and", "logical_or", "logical_xor"):
        ops.append((op + ".out", "exact", lambda op=op: g_binary(op + ".out", "cmp", "cmp"), None))
    # binary, tensor-scalar
    ops += [
        ("add.Scalar_out", "arith", lambda: g_scalar("add.Scalar_out") + alpha_cases("add.Scalar_out", True), None),
        ("sub.Scalar_out", "arith", lambda: g_scalar("sub.Scalar_out") + alpha_cases("sub.Scalar_out", True), None),
        ("rsub.Scalar_out", "arith",
         lambda: g_scalar("rsub.Scalar_out") + alpha_cases("rsub.Scalar_out", True), None),
        ("mul.Scalar_out", "arith", lambda: g_scalar("mul.Scalar_out"), None),
        ("div.Scalar_out", "arith",
         lambda: g_scalar("div.Scalar_out", int_sp_scalars=[0, -1, 7, 2 ** 31, 0.5, -0.0, math.nan, True, False]),
         None),
        ("div.Scalar_mode_out", "arith", lambda: gen_div_scalar_mode("div.Scalar_mode_out"), None),
        ("fmod.Scalar_out", "arith",
         lambda: g_scalar("fmod.Scalar_out", ints=(3, -2, 7, -5, 1, 2), bools=(True,),
                          int_sp_scalars=[7, -3, 0, 0.5, -0.0, math.nan, math.inf, True, False]), None),
        ("remainder.Scalar_out", "arith",
         lambda: g_scalar("remainder.Scalar_out", ints=(3, -2, 7, -5, 1, 2), bools=(True,),
                          int_sp_scalars=[7, -3, 0, 0.5, -0.0, math.nan, math.inf, True, False]), None),
        ("pow.Tensor_Scalar_out", "trans",
         lambda: g_scalar("pow.Tensor_Scalar_out", "base", sname="exponent", ints=(2, 3, 0, 1, -1, -2, 5),
                          floats=(0.5, -0.5, 2.0, 3.0, 1.5, -1.0, 0.0, 1.0 / 3), bools=(True, False),
                          sp_scalars=[0.0, -0.0, 0.5, 2.0, -2.0, 1.0, math.nan, math.inf, -math.inf, -1.0, 3.0],
                          int_sp_scalars=[0, 1, 2, 3, 31, 63, 64, -1, 0.5, 2.0]), None),
        ("pow.Scalar_out", "trans", lambda: gen_pow_scalar_self("pow.Scalar_out"), None),
    ]
    # other elementwise
    ops += [
        ("clamp.out", "exact_z", lambda: gen_clamp("clamp.out"), None),
        ("clamp.Tensor_out", "exact_z", lambda: gen_clamp_tensor("clamp.Tensor_out"), None),
        ("hardtanh.out", "exact_z", lambda: gen_scalar_params(
            "hardtanh.out", None, "any",
            param_sets=[dict(), dict(min_val=-2, max_val=3), dict(min_val=-0.5, max_val=2.5), dict(min_val=2, max_val=1)],
            sp_sets=[dict(min_val=-1.5, max_val=2.5), dict(min_val=-0.0, max_val=0.0)]), None),
        ("leaky_relu.out", "arith", lambda: gen_scalar_params(
            "leaky_relu.out", None, "any",
            param_sets=[dict(), dict(negative_slope=2), dict(negative_slope=0.2), dict(negative_slope=True),
                        dict(negative_slope=-1.5)],
            sp_sets=[dict(), dict(negative_slope=0.0), dict(negative_slope=math.inf)]), None),
        ("elu.out", "trans", lambda: gen_scalar_params(
            "elu.out", None, "any",
            param_sets=[dict(), dict(alpha=0.5, scale=2.0, input_scale=1.5), dict(alpha=2, scale=1, input_scale=3),
                        dict(alpha=True, scale=0.5, input_scale=-1)],
            sp_sets=[dict(), dict(alpha=1.67, scale=1.05, input_scale=1.0)]), None),
        ("gelu.out", "trans", lambda: gen_scalar_params(
            "gelu.out", None, "any",
            param_sets=[dict(approximate="none"), dict(approximate="tanh")],
            sp_sets=[dict(approximate="none"), dict(approximate="tanh"), dict(approximate="bogus")]), None),
        ("logit.out", "trans", lambda: gen_scalar_params(
            "logit.out", None, "prob",
            param_sets=[dict(eps=None), dict(eps=0.1), dict(eps=0.0), dict(eps=0.6)],
            sp_sets=[dict(eps=None), dict(eps=1e-6)]), None),
        # round(x * 10^d) / 10^d, so results can differ from a correctly rounded decimal by an ulp.
        ("round.decimals_out", "arith", lambda: gen_scalar_params(
            "round.decimals_out", None, "any",
            param_sets=[dict(decimals=0), dict(decimals=2), dict(decimals=-1), dict(decimals=4)],
            sp_sets=[dict(decimals=1), dict(decimals=-2)]), None),
        ("where.self_out", "exact", lambda: gen_where("where.self_out"), None),
        ("masked_fill.Scalar_out", "exact", lambda: gen_masked_fill("masked_fill.Scalar_out"), None),
        ("fill.Scalar_out", "exact", lambda: gen_fill_scalar("fill.Scalar_out"), None),
        ("fill.Tensor_out", "exact", lambda: gen_fill_tensor("fill.Tensor_out"), "value"),
        ("scalar_tensor.out", "exact", lambda: gen_scalar_tensor("scalar_tensor.out"), False),
        ("clone.out", "exact", lambda: gen_copy_unary("clone.out", memory_format_arg=True), None),
        ("_to_copy.out", "exact", lambda: gen_copy_unary("_to_copy.out", memory_format_arg=True, to_copy=True), None),
        ("detach_copy.out", "exact", lambda: gen_copy_unary("detach_copy.out"), None),
        ("lift_fresh_copy.out", "exact", lambda: gen_copy_unary("lift_fresh_copy.out"), None),
        ("alias_copy.out", "exact", lambda: gen_copy_unary("alias_copy.out"), None),
        ("copy.out", "exact", lambda: gen_copy_binary("copy.out"), "src"),
        ("copy_", "exact", lambda: gen_copy_binary("copy_", inplace=True), "src"),
    ]
    # GEMM
    ops += [
        ("mm.out", "gemm", lambda: gen_mm("mm.out"), None),
        ("bmm.out", "gemm", lambda: gen_bmm("bmm.out"), None),
        ("addmm.out", "gemm", lambda: gen_addmm("addmm.out"), None),
        ("linear.out", "gemm", lambda: gen_linear("linear.out"), None),
    ]
    ops += gen_index.ops()
    import gen_shape
    ops += gen_shape.ops()
    ops += __import__("gen_quant").ops()
    import gen_activation
    ops += gen_activation.ops()
    import gen_norm
    ops += gen_norm.ops()
    import gen_convolution
    ops += gen_convolution.ops()
    import gen_padding
    ops += gen_padding.ops()
    import gen_reduce
    ops += gen_reduce.ops()
    import gen_pool
    ops += gen_pool.ops()
    import gen_random
    ops += gen_random.ops()
    import gen_complex
    ops += gen_complex.ops()
    import gen_complex_pointwise
    ops += gen_complex_pointwise.ops()
    import gen_embedding
    ops += gen_embedding.ops()
    import gen_distance
    ops += gen_distance.ops()
    import gen_resample
    ops += gen_resample.ops()
    import gen_conv_backward
    ops += gen_conv_backward.ops()
    import gen_embedding_bag
    ops += gen_embedding_bag.ops()
    import gen_conform
    ops += gen_conform.ops()
    import gen_moments
    ops += gen_moments.ops()
    import gen_reduce_dtypes
    ops += gen_reduce_dtypes.ops()
    return ops


def quiet_cpp_warnings():
    """ATen's C++ warnings (e.g. "An output with one or more elements was resized") go straight
    to fd 2; send fd 2 to /dev/null and keep Python's stderr on a copy of the original."""
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    sys.stderr = os.fdopen(saved, "w", buffering=1)


def main():
    quiet_cpp_warnings()
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "cases"))
    ap.add_argument("--only", default=None, help="comma-separated op overload names (e.g. add.out,copy_)")
    args = ap.parse_args()
    if torch.__version__.split("+")[0] != "2.13.0":
        print("warning: generated with torch %s, the committed suite uses 2.13.0" % torch.__version__,
              file=sys.stderr)
    os.makedirs(args.out, exist_ok=True)
    only = set(args.only.split(",")) if args.only else None
    total = errs = drops = size = 0
    rows = []
    for name, cat, gen, conv_src in OPS():
        if only and name not in only:
            continue
        cases = gen()
        before = len(DROP_LOG)
        full, n, ne, nd, sz = write_op(name, cat, cases, args.out, conv_src)
        nd -= len(DROP_LOG) - before   # count only the ill-defined conversions here
        rows.append((full, n, ne, nd, sz))
        total += n
        errs += ne
        drops += nd
        size += sz
    w = max(len(r[0]) for r in rows)
    print("%-*s %6s %6s %8s %9s" % (w, "operator", "cases", "errors", "ill-def", "bytes"))
    for full, n, ne, nd, sz in rows:
        print("%-*s %6d %6d %8d %9d" % (w, full, n, ne, nd, sz))
    for msg in GEMM_WARNINGS + sys.modules["gen_tolerance"].SELF_CHECK_WARNINGS:
        print("WARNING:", msg)
    print("GEMM cases checked against an f64 product: %d" % len(GEMM_CHECKS))
    print("cases written with inputs removed (ATen vector/scalar paths disagree): %d" % len(PRUNE_LOG))
    for op, note, desc in PRUNE_LOG:
        print("   %s [%s]: %s" % (op, note, desc))
    print("cases not written: %d" % len(DROP_LOG))
    for op, note, why in DROP_LOG:
        print("   %s [%s]: %s" % (op, note, why))
    print("%d operators, %d cases (%d error cases); not written: %d ill-defined conversions, "
          "%d inconsistent in ATen; %.2f MB" % (len(rows), total, errs, drops, len(DROP_LOG), size / 1e6))


if __name__ == "__main__":
    sys.modules.setdefault("gen", sys.modules[__name__])  # gen_<family>.py import this module
    main()
