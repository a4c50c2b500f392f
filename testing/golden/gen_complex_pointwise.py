"""Golden cases for complex tensors through the pointwise family (`aten__<op>.complex.safetensors`).

What ATen 2.13's CPU kernels do with complex operands (audited op by op with torch itself):
  * add / sub / mul / rsub (Tensor and Scalar overloads), neg, eq / ne, where: every complex
    dtype, ComplexHalf included (computed in ComplexFloat and rounded once; `alpha * other` is
    rounded to ComplexHalf before the sum).
  * div (true division), reciprocal (`1 / z`), logical_and / or / xor / not: ComplexFloat and
    ComplexDouble only.
  * exp, expm1, sqrt, rsqrt, sigmoid, log, log10, log2, log1p, sin, cos, sinh, cosh:
    ComplexFloat and ComplexDouble (glibc's cexp / csqrt / clog / csinh / ccosh, csin and ccos
    through them, c10's division, c10's own
    expm1 and log1p formulas, log10 and log2 as log over ln 10 / ln 2 per part); tolerance: the trans rtol of the part dtype, atol that rtol times the case's
    largest finite result modulus. pow (all three overloads): glibc's cpow, exp(y log x) with C's
    complex product (__muldc3's recovery of infinities), Tensor_Scalar's specializations (0.5
    sqrt, -0.5 rsqrt, -1 reciprocal, 2 / 3 / -2 products, 0 fill, 1 copy); the trans tolerance
    scaled by the case's largest result modulus (pow_tol).
    Division is c10's Smith algorithm with the multiply-adds fused (GCC contracts them in the
    x86-64 build): the cases are exact.
  * abs: the modulus, a real result of the part dtype (ComplexHalf -> Half); the out is a real
    dtype that casts from it or exactly the input's complex dtype.
  * isnan / isinf: either part.
  * rejected for complex: lt/le/gt/ge, maximum, minimum, fmod, remainder, floor_divide, div
    with a rounding mode, atan2, clamp, hardtanh, relu, ceil, floor, trunc, round, sign, erf,
    logit, bitwise ops; the floating unary ops, pow and the logical ops reject ComplexHalf only.
  * real operands into a complex out: the real result stored as (x, 0) wherever the out only
    has to be castable (cases in every file here).
A complex Scalar argument is not expressible in FORMAT.md: Scalars here are real.
"""

import importlib
import sys

import torch

_main = sys.modules.get("__main__")
G = _main if hasattr(_main, "write_op") else importlib.import_module("gen")
import gen_complex  # noqa: E402

T, C, Out, NAME, CL = G.T, G.C, G.Out, G.NAME, G.CL
F16, F32, F64, I32, I64, B_ = G.F16, G.F32, G.F64, G.I32, G.I64, G.B_
C32, C64, C128 = G.C32, G.C64, G.C128
rng_for = G.rng_for
cvals, cspecials = gen_complex.cvals, gen_complex.cspecials
CPLX = [C64, C128, C32]


# Ops whose complex results depend on ATen's path: its vectorized complex multiply does not
# fuse, its scalar path (and division, and `abs` of ComplexDouble) is compiled with fused
# multiply-adds. etk matches one of them; the cases take the arithmetic tolerance of the
# result's part dtype (gen.TOLS["arith"]: one or two ulps of the operands' products).
TOL_OPS = ("mul.out", "mul.Scalar_out", "div.out", "div.Scalar_out", "abs.out")
PART = {C32: F16, C64: F32, C128: F64, F16: F16, F32: F32, F64: F64}


def with_tol(op, cs):
    if op not in TOL_OPS:
        return cs
    for c in cs:
        if op == "abs.out" and c["kw"]["self"].t.dtype == C32:
            continue  # computed in f32, rounded to Half once: exact
        dts = [v.t.dtype for v in c["kw"].values() if isinstance(v, T)]
        dts += [o.dtype for o in c["outs"] if o.dtype is not None]
        parts = [PART[d] for d in dts if d in PART]
        if parts and c["tol"] is None:
            rtol, atol = G.TOLS["arith"][min(parts, key=G.PREC_ORDER.index)]
            c["tol"] = {"rtol": rtol, "atol": atol}
    return cs


def binary(op, half=True, alpha=False, outs_any=False):
    """Two tensors: every complex dtype, broadcasting, real operands mixed in, dim orders,
    zero-dim and empty tensors, special parts, out dtypes."""
    r = rng_for(op, "complex")
    cs = []
    for dt in CPLX:
        note = "%s [2,3,4]" % NAME[dt]
        if dt == C32 and not half:
            note += " (ATen has no ComplexHalf kernel)"
        cs.append(C(note, self=T(cvals(r, dt, [2, 3, 4])), other=T(cvals(r, dt, [2, 3, 4]))))
    if not half:
        cs.append(C("ComplexHalf with a Float: ComplexFloat", self=T(cvals(r, C32, [3])),
                    other=T(G.vals(r, F32, [3]))))
    cs.append(C("broadcast [2,3,1] x [4]", self=T(cvals(r, C64, [2, 3, 1])), other=T(cvals(r, C64, [4]))))
    cs.append(C("broadcast ComplexDouble [3,1] x [1,5]", self=T(cvals(r, C128, [3, 1])),
                other=T(cvals(r, C128, [1, 5]))))
    for a_dt, b_dt in ((F32, C64), (C64, F64), (C128, I64), (I32, C64), (B_, C128), (C64, C128)) + \
            (((C32, F16), (C32, F32), (I32, C32)) if half else ()):
        a = cvals(r, a_dt, [2, 3]) if a_dt.is_complex else G.vals(r, a_dt, [2, 3])
        b = cvals(r, b_dt, [2, 3]) if b_dt.is_complex else G.vals(r, b_dt, [2, 3])
        if not b_dt.is_complex and b_dt != B_ and op.startswith("div"):
            b = b.masked_fill(b == 0, 3)
        cs.append(C("%s with %s" % (NAME[a_dt], NAME[b_dt]), self=T(a), other=T(b)))
    cs.append(C("zero-dim ComplexFloat with a Double [3]", self=T(cvals(r, C64, [])),
                other=T(G.vals(r, F64, [3]))))
    cs.append(C("zero-dim ComplexDouble both", self=T(cvals(r, C128, [])), other=T(cvals(r, C128, []))))
    cs.append(C("zero-dim Int with ComplexFloat [2,2]", self=T(torch.tensor(3, dtype=I32)),
                other=T(cvals(r, C64, [2, 2]))))
    cs.append(C("empty", self=T(cvals(r, C64, [0, 3])), other=T(cvals(r, C64, [3]))))
    x, y = cvals(r, C64, [2, 3, 4, 5]), cvals(r, C64, [2, 3, 4, 5])
    cs.append(C("channels-last self", self=T(x, CL), other=T(y)))
    cs.append(C("channels-last both, channels-last out", outs=[Out(dim_order=CL)], self=T(x, CL), other=T(y, CL)))
    cs.append(C("permuted [2,0,1] self, contiguous out", self=T(cvals(r, C128, [3, 4, 2]), [2, 0, 1]),
                other=T(cvals(r, C128, [3, 4, 2]))))
    for dt in (C64, C128) + ((C32,) if half else ()):
        s = cspecials(dt)
        cs.append(C("special parts %s (every pair)" % NAME[dt], self=T(s.reshape(-1, 1)), other=T(s.reshape(1, -1))))
    cs.append(C("resize out", outs=[Out(shape=[7])], self=T(cvals(r, C64, [2, 3])), other=T(cvals(r, C64, [3]))))
    # real operands, complex out: the real result stored as (x, 0)
    for a_dt, odt in ((F32, C64), (I32, C128), (F16, C32), (B_, C64), (F64, C64)):
        cs.append(C("%s operands into a %s out" % (NAME[a_dt], NAME[odt]), outs=[Out(odt)],
                    self=T(G.vals(r, a_dt, [2, 3])), other=T(G.vals(r, a_dt, [3]).masked_fill(
                        G.vals(r, a_dt, [3]) == 0, 1) if a_dt != B_ else G.vals(r, a_dt, [3]))))
    a, b = cvals(r, C64, [3]), cvals(r, C64, [3])
    outs = (C128, F32, B_, C32) if not outs_any else (C128, F32, B_, I32, C32)
    for odt in outs:
        cs.append(C("ComplexFloat operands, %s out" % NAME[odt], outs=[Out(odt)], self=T(a), other=T(b)))
    if alpha:
        for al in (2, -3, 0.5, 2.5, True, 0):
            for dt in (C64, C32):
                cs.append(C("alpha=%r %s" % (al, NAME[dt]), self=T(cvals(r, dt, [4])), other=T(cvals(r, dt, [4])),
                            alpha=al))
        cs.append(C("alpha=1e5 ComplexHalf (overflows Half)", self=T(cvals(r, C32, [2])),
                    other=T(cvals(r, C32, [2])), alpha=100000))
    return with_tol(op, cs)


def scalar(op, half=True, alpha=False, sname="other", outs_any=False):
    """A tensor and a real Scalar."""
    r = rng_for(op, "complex")
    cs = []
    for dt in CPLX:
        for s in (3, -2, 0.1, 2.5, True, 0):
            note = "%s with %r" % (NAME[dt], s)
            if dt == C32 and not half:
                note += " (ATen has no ComplexHalf kernel)"
            cs.append(C(note, self=T(cvals(r, dt, [2, 3])), **{sname: s}))
    cs.append(C("special parts ComplexFloat", self=T(cspecials(C64)), **{sname: 1.5}))
    cs.append(C("special parts ComplexDouble", self=T(cspecials(C128)), **{sname: -0.0}))
    cs.append(C("zero-dim", self=T(cvals(r, C128, [])), **{sname: 2}))
    cs.append(C("empty", self=T(cvals(r, C64, [0, 2])), **{sname: 2}))
    cs.append(C("channels-last self and out", outs=[Out(dim_order=CL)], self=T(cvals(r, C64, [2, 3, 2, 2]), CL),
                **{sname: 2}))
    # (the generated out wrappers want the exact result dtype: an error; comparisons take any out)
    cs.append(C("Float self with a real Scalar into a ComplexFloat out", outs=[Out(C64)],
                self=T(G.vals(r, F32, [3])), **{sname: 2}))
    for odt in ((C128, F32, B_) if not outs_any else (C128, F32, B_, I32)):
        cs.append(C("ComplexFloat self, %s out" % NAME[odt], outs=[Out(odt)], self=T(cvals(r, C64, [3])),
                    **{sname: 2}))
    if alpha:
        for al in (2, 0.5, 2.5):
            for dt in (C64, C32):
                cs.append(C("alpha=%r %s" % (al, NAME[dt]), self=T(cvals(r, dt, [4])), alpha=al, **{sname: 0.3}))
    return with_tol(op, cs)


def unary(op, half=True, outs=(C128, F32)):
    r = rng_for(op, "complex")
    cs = []
    for dt in CPLX:
        note = "%s [2,3,4]" % NAME[dt]
        if dt == C32 and not half:
            note += " (ATen has no ComplexHalf kernel)"
        cs.append(C(note, self=T(cvals(r, dt, [2, 3, 4]))))
        cs.append(C("special parts %s" % NAME[dt], self=T(cspecials(dt))))
        cs.append(C("zero-dim %s" % NAME[dt], self=T(cvals(r, dt, []))))
    cs.append(C("empty", self=T(cvals(r, C64, [0, 3]))))
    x = cvals(r, C64, [2, 3, 4, 5])
    cs.append(C("channels-last self", self=T(x, CL)))
    cs.append(C("channels-last self and out", outs=[Out(dim_order=CL)], self=T(x, CL)))
    cs.append(C("resize out", outs=[Out(shape=[5])], self=T(cvals(r, C128, [2, 3]))))
    for odt in outs:
        cs.append(C("ComplexFloat self, %s out" % NAME[odt], outs=[Out(odt)], self=T(cvals(r, C64, [3]))))
    return cs


def sqrt_extra(op):
    """Huge and subnormal parts (glibc's scaling), negative reals, pure imaginaries."""
    cs = []
    for dt in (C64, C128):
        big = 3e38 if dt == C64 else 1.7e308
        tiny = 1e-45 if dt == C64 else 5e-324
        # one case per magnitude: the tolerance scales with the case's largest result
        for what, zs in (("huge", [complex(big, big), complex(-big, 1.0), complex(1.0, -big)]),
                         ("subnormal", [complex(tiny, tiny), complex(-tiny, 3 * tiny), complex(0.0, tiny)]),
                         ("negative real, pure imaginary", [complex(-4.0, 0.0), complex(-4.0, -0.0),
                                                            complex(0.0, -2.0), complex(1e-3, -1e2)])):
            z = torch.tensor(zs, dtype=C128).to(dt)
            cs.append(C("%s %s" % (what, NAME[dt]), self=T(z)))
    return cs


def log_extra(op):
    """|z| near 1 (glibc's log1p branches), huge and subnormal parts, one case per magnitude."""
    cs = []
    for dt in (C64, C128):
        big = 3e38 if dt == C64 else 1.7e308
        tiny = 1e-45 if dt == C64 else 5e-324
        for what, zs in (("|z| near 1", [1 + 1e-3j, 0.6 + 0.8j, 1.5 + 0.1j, 0.7 - 1e-9j, -0.99 + 0.2j, 1 - 0.5j,
                                          0.6 + 0.7j, 1.0 + 1e-20j]),
                         ("huge", [complex(big, big), complex(-big, 1.0)]),
                         ("subnormal", [complex(tiny, tiny), complex(-tiny, 0.0)])):
            cs.append(C("%s %s" % (what, NAME[dt]), self=T(torch.tensor(zs, dtype=C128).to(dt))))
    return cs


def swap_extra(op):
    """exp_extra's arguments times i: large imaginary parts."""
    return [dict(c, kw=dict(self=T(c["kw"]["self"].t * 1j))) for c in exp_extra(op)]


def small(op):
    """Small arguments, where the op is accurate and exp(z) - 1 / log(1 + z) are not."""
    cs = []
    for dt in (C64, C128):
        z = torch.tensor([1e-8 + 1e-8j, -1e-5 + 2e-6j, 3e-4 - 1e-7j, 0.2 + 0.3j, -0.4 + 0.1j, 1e-30 + 0j],
                         dtype=C128).to(dt)
        cs.append(C("small arguments %s" % NAME[dt], self=T(z)))
    return cs


def trans_tol(cs, f=torch.exp):
    """The tolerance of a transcendental (glibc's complex functions vs libm's real ones, a few
    ulps of each part): gen.TOLS["trans"]'s rtol of the part dtype, and an atol of that rtol
    times the largest finite modulus of the case's result (a part near zero is computed from
    factors as large as the modulus)."""
    for c in cs:
        x = c["kw"]["self"].t
        if not x.is_complex() or x.dtype == C32:
            continue
        part = PART[x.dtype]
        rtol = G.TOLS["trans"][part][0]
        with torch.no_grad():
            m = f(x.to(C128)).abs()
        m = m[torch.isfinite(m)]
        big = float(m.max()) if m.numel() else 1.0
        # (a case of tiny results gets no fixed atol floor: it would hide their errors)
        atol = rtol * big if big < 1 else max(G.TOLS["trans"][part][1], rtol * big)
        c["tol"] = {"rtol": rtol, "atol": float("%.3g" % atol)}
    return cs


def exp_extra(op):
    """Large real parts (glibc's scaling), tiny imaginary parts."""
    cs = []
    for dt in (C64, C128):
        z = torch.tensor([90 + 0.5j, 100 - 2j, 200 + 1j, 1000 + 1j, -200 + 1j, 1 + 1e-40j, 0.5 - 1e-310j,
                          3 + 1e30j], dtype=C128).to(dt)
        cs.append(C("large real parts, tiny and huge imaginary parts %s" % NAME[dt], self=T(z)))
    return cs


def inv_extra(op):
    """The inverse functions: branch cuts with signed zeros, near the branch points, huge and
    tiny parts (one case per magnitude: the tolerance scales with the largest result)."""
    cs = []
    for dt in (C64, C128):
        big = 3e38 if dt == C64 else 1.7e308
        tiny = 1e-40 if dt == C64 else 1e-310
        for what, zs in (("branch cuts, signed zeros", [complex(2.0, 0.0), complex(2.0, -0.0), complex(-3.0, 0.0),
                                                         complex(-3.0, -0.0), complex(0.0, 2.0), complex(-0.0, 2.0),
                                                         complex(0.0, -3.0), complex(-0.0, -3.0), complex(0.5, 0.0),
                                                         complex(0.0, 0.5), complex(1.0, 0.0), complex(-1.0, -0.0),
                                                         complex(0.0, 1.0)]),
                         ("near the branch points", [1 + 1e-3j, 1 - 1e-7j, -1 + 1e-20j, 0.999 + 1e-4j, 1e-6 + 1j,
                                                     1e-12 - 1j, 1.001 + 0j, 0.7 + 0.7j, -0.6 + 0.8j]),
                         ("huge", [complex(big, big), complex(-big, 1.0), complex(1.0, -big), complex(1e20, 1e-20)]),
                         ("tiny", [complex(tiny, tiny), complex(-tiny, 0.5), complex(1e-20, -1e-25),
                                   complex(1e-8, 1e-8), complex(-3e-4, 1e-5)])):
            cs.append(C("%s %s" % (what, NAME[dt]), self=T(torch.tensor(zs, dtype=C128).to(dt))))
    return cs


def abs_cases(op):
    r = rng_for(op, "complex")
    cs = unary(op, outs=(C64, C128, C32, F32, F64, F16, I32))
    big = torch.tensor([3e38 + 4e38j, 1e-30 + 1e-30j, -5e-45 + 0j, 65000 + 65000j], dtype=C64)
    cs.append(C("large and tiny parts (hypot, not sqrt(re^2+im^2))", self=T(big)))
    cs.append(C("ComplexHalf into a Float out", outs=[Out(F32)], self=T(cvals(r, C32, [4]))))
    cs.append(C("ComplexDouble into a Float out", outs=[Out(F32)], self=T(cvals(r, C128, [4]))))
    return with_tol(op, cs)


def rejects(op, kwf, dts=CPLX):
    """ATen rejects the complex dtypes `dts` for this op; real operands into a complex out are
    a real result stored as (x, 0) where the out casts from it (else an error)."""
    r = rng_for(op, "complex")
    cs = []
    for dt in dts:
        cs.append(C("%s (ATen has no complex kernel)" % NAME[dt], **kwf(lambda s: T(cvals(r, dt, s)))))
    real = I32 if "bitwise" in op else F32
    # a Float result of a transcendental: gen.TOLS["trans"] (libm vs ATen's vectorized paths)
    tr = op in REJECT_HALF or op in ("atan2.out", "erf.out", "logit.out")
    tol = dict(zip(("rtol", "atol"), G.TOLS["trans"][F32])) if tr else None
    for odt in (C64, C128):
        cs.append(C("%s operands into a %s out" % (NAME[real], NAME[odt]), outs=[Out(odt)], tol=tol,
                    **kwf(lambda s: T(G.vals(r, real, s).abs() + 0.25 if real == F32 else G.vals(r, real, s)))))
    return cs


def t1(mk):
    return dict(self=mk([3]))


def t2(mk):
    return dict(self=mk([3]), other=mk([3]))


REJECT_ALL = {
    "lt.Tensor_out": t2, "le.Tensor_out": t2, "gt.Tensor_out": t2, "ge.Tensor_out": t2,
    "lt.Scalar_out": lambda mk: dict(self=mk([3]), other=1), "le.Scalar_out": lambda mk: dict(self=mk([3]), other=1),
    "gt.Scalar_out": lambda mk: dict(self=mk([3]), other=1), "ge.Scalar_out": lambda mk: dict(self=mk([3]), other=1),
    "maximum.out": t2, "minimum.out": t2, "fmod.Tensor_out": t2, "remainder.Tensor_out": t2,
    "fmod.Scalar_out": lambda mk: dict(self=mk([3]), other=2),
    "remainder.Scalar_out": lambda mk: dict(self=mk([3]), other=2),
    "floor_divide.out": t2, "atan2.out": t2,
    "div.out_mode": lambda mk: dict(self=mk([3]), other=mk([3]), rounding_mode="trunc"),
    "div.Scalar_mode_out": lambda mk: dict(self=mk([3]), other=2, rounding_mode="floor"),
    "clamp.out": lambda mk: dict(self=mk([3]), min=0, max=1),
    "clamp.Tensor_out": lambda mk: dict(self=mk([3]), min=mk([3])),
    "hardtanh.out": t1, "relu.out": t1, "ceil.out": t1, "floor.out": t1, "trunc.out": t1, "round.out": t1,
    "round.decimals_out": lambda mk: dict(self=mk([3]), decimals=1), "sign.out": t1, "erf.out": t1,
    "logit.out": t1, "bitwise_not.out": t1, "bitwise_and.Tensor_out": t2, "bitwise_or.Tensor_out": t2,
    "bitwise_xor.Tensor_out": t2,
}
# ATen computes ComplexFloat / ComplexDouble for these but has no ComplexHalf kernel: only the
# ComplexHalf rejection is a case here (etk does not compute them for complex yet). None left.
REJECT_HALF = {}


def pow_tol(cs):
    """trans_tol for pow: the case's result computed by torch in ComplexDouble."""
    for c in cs:
        kw = c["kw"]
        ts = [v.t for v in kw.values() if isinstance(v, T)]
        if any(t.dtype == C32 for t in ts) or not any(t.is_complex() for t in ts):
            continue
        part = F32 if any(t.dtype == C64 for t in ts) else F64
        rtol = G.TOLS["trans"][part][0]
        args = [kw["self"].t.to(C128) if isinstance(kw["self"], T) else kw["self"],
                kw["exponent"].t.to(C128) if isinstance(kw["exponent"], T) else kw["exponent"]]
        m = torch.pow(*args).abs()
        m = m[torch.isfinite(m)]
        big = float(m.max()) if m.numel() else 1.0
        atol = rtol * big if big < 1 else max(G.TOLS["trans"][part][1], rtol * big)
        c["tol"] = {"rtol": rtol, "atol": float("%.3g" % atol)}
    return cs


def pow_cases(op):
    """pow with complex operands (ComplexHalf rejected): c10's exp(y log x); Tensor_Scalar's
    special exponents (0, 1, 2, 3, -1, -2, 0.5, -0.5); special parts; real operands mixed in."""
    r = rng_for(op, "complex")
    cs = []
    sp = lambda dt: T(cspecials(dt))
    if op == "pow.Tensor_Tensor_out":
        for dt in CPLX:
            note = "%s [2,3,4]" % NAME[dt] + (" (ATen has no ComplexHalf kernel)" if dt == C32 else "")
            cs.append(C(note, self=T(cvals(r, dt, [2, 3, 4])), exponent=T(cvals(r, dt, [2, 3, 4]))))
        for dt in (C64, C128):
            e = torch.tensor([2.5 - 1j], dtype=dt)
            cs.append(C("special parts of self %s" % NAME[dt], self=sp(dt), exponent=T(e)))
            x = torch.tensor([1.5 + 0.5j], dtype=dt)
            cs.append(C("special parts of exponent %s" % NAME[dt], self=T(x), exponent=sp(dt)))
            z = torch.tensor([0j, 0j, 0j, -2 + 0j, -2 - 0j], dtype=dt)
            cs.append(C("zero and negative bases %s" % NAME[dt], self=T(z),
                        exponent=T(torch.tensor([0j, 2 + 0j, -1 + 0j, 0.5 + 0j, 0.5 + 0j], dtype=dt))))
        cs.append(C("broadcast [3,1] ** [4]", self=T(cvals(r, C64, [3, 1])), exponent=T(cvals(r, C64, [4]))))
        cs.append(C("Float exponent", self=T(cvals(r, C64, [4])), exponent=T(G.vals(r, F32, [4]))))
        cs.append(C("Double self, ComplexFloat exponent", self=T(G.vals(r, F64, [4]).abs()),
                    exponent=T(cvals(r, C64, [4]))))
        x = cvals(r, C64, [2, 3, 4, 5])
        cs.append(C("channels-last", outs=[Out(dim_order=CL)], self=T(x, CL), exponent=T(cvals(r, C64, [2, 3, 4, 5]), CL)))
        cs.append(C("resize out", outs=[Out(shape=[5])], self=T(cvals(r, C128, [2, 3])), exponent=T(cvals(r, C128, [3]))))
        for odt in (C128, F32):
            cs.append(C("%s out" % NAME[odt], outs=[Out(odt)], self=T(cvals(r, C64, [3])), exponent=T(cvals(r, C64, [3]))))
    elif op == "pow.Tensor_Scalar_out":
        for dt in CPLX:
            note = "%s [2,3,4]" % NAME[dt] + (" (ATen has no ComplexHalf kernel)" if dt == C32 else "")
            cs.append(C(note, self=T(cvals(r, dt, [2, 3, 4])), exponent=2.5))
        for dt in (C64, C128):
            for e in (0, 1, 2, 3, -1, -2, 0.5, -0.5, 1.5, -3, 2.0, True, False):
                z = torch.cat([cspecials(dt), cvals(r, dt, [6])])
                cs.append(C("%s ** %r" % (NAME[dt], e), self=T(z), exponent=e))
        cs.append(C("zero-dim", self=T(cvals(r, C64, [])), exponent=-1.5))
        cs.append(C("empty", self=T(cvals(r, C64, [0, 3])), exponent=2))
        x = cvals(r, C64, [2, 3, 4, 5])
        cs.append(C("channels-last", outs=[Out(dim_order=CL)], self=T(x, CL), exponent=0.5))
        cs.append(C("resize out", outs=[Out(shape=[5])], self=T(cvals(r, C128, [2, 3])), exponent=3))
        for odt in (C128, F32):
            cs.append(C("%s out" % NAME[odt], outs=[Out(odt)], self=T(cvals(r, C64, [3])), exponent=-2))
        cs.append(C("Float self into a ComplexFloat out", outs=[Out(C64)], self=T(G.vals(r, F32, [3]).abs()), exponent=1.5))
    else:
        for dt in CPLX:
            note = "%s [2,3,4]" % NAME[dt] + (" (ATen has no ComplexHalf kernel)" if dt == C32 else "")
            cs.append(C(note, self=2, exponent=T(cvals(r, dt, [2, 3, 4]))))
        for dt in (C64, C128):
            for b in (0, 1, -1.5, 2.5, 0.0):
                cs.append(C("%r ** special parts %s" % (b, NAME[dt]), self=b, exponent=sp(dt)))
        cs.append(C("zero-dim", self=3, exponent=T(cvals(r, C128, []))))
        cs.append(C("empty", self=3, exponent=T(cvals(r, C64, [0, 3]))))
        cs.append(C("channels-last", outs=[Out(dim_order=CL)], self=1.5, exponent=T(cvals(r, C64, [2, 3, 4, 5]), CL)))
        cs.append(C("resize out", outs=[Out(shape=[5])], self=2, exponent=T(cvals(r, C128, [2, 3]))))
        for odt in (C128, F32):
            cs.append(C("%s out" % NAME[odt], outs=[Out(odt)], self=2, exponent=T(cvals(r, C64, [3]))))
    return pow_tol(cs)


def ops():
    cx = "@complex"
    out = [
        ("add.out" + cx, "exact", lambda: binary("add.out", alpha=True), None),
        ("sub.out" + cx, "exact", lambda: binary("sub.out", alpha=True), None),
        ("mul.out" + cx, "exact", lambda: binary("mul.out"), None),
        ("div.out" + cx, "exact", lambda: binary("div.out", half=False), None),
        ("eq.Tensor_out" + cx, "exact", lambda: binary("eq.Tensor_out", outs_any=True), None),
        ("ne.Tensor_out" + cx, "exact", lambda: binary("ne.Tensor_out", outs_any=True), None),
        ("logical_and.out" + cx, "exact", lambda: binary("logical_and.out", half=False, outs_any=True), None),
        ("logical_or.out" + cx, "exact", lambda: binary("logical_or.out", half=False, outs_any=True), None),
        ("logical_xor.out" + cx, "exact", lambda: binary("logical_xor.out", half=False, outs_any=True), None),
        ("add.Scalar_out" + cx, "exact", lambda: scalar("add.Scalar_out", alpha=True), None),
        ("sub.Scalar_out" + cx, "exact", lambda: scalar("sub.Scalar_out", alpha=True), None),
        ("mul.Scalar_out" + cx, "exact", lambda: scalar("mul.Scalar_out"), None),
        ("div.Scalar_out" + cx, "exact", lambda: scalar("div.Scalar_out", half=False), None),
        ("rsub.Scalar_out" + cx, "exact", lambda: scalar("rsub.Scalar_out", alpha=True), None),
        ("eq.Scalar_out" + cx, "exact", lambda: scalar("eq.Scalar_out", outs_any=True), None),
        ("ne.Scalar_out" + cx, "exact", lambda: scalar("ne.Scalar_out", outs_any=True), None),
        # signed zeros: ATen's vectorized complex neg is `0 - z` (neg(0j) == 0j), its scalar
        # tail c10's `-z` (-0 parts); etk computes `-z`.
        ("neg.out" + cx, "exact", lambda: [dict(c, tol="exact", signed_zero=False) for c in unary("neg.out")], None),
        ("abs.out" + cx, "exact", lambda: abs_cases("abs.out"), None),
        ("isnan.out" + cx, "exact", lambda: unary("isnan.out", outs=(F32,)), None),
        ("isinf.out" + cx, "exact", lambda: unary("isinf.out", outs=(F32,)), None),
        ("exp.out" + cx, "exact", lambda: trans_tol(unary("exp.out", half=False, outs=(C128, F32, C32))
                                                     + exp_extra("exp.out"), torch.exp), None),
        ("sqrt.out" + cx, "exact", lambda: trans_tol(unary("sqrt.out", half=False, outs=(C128, F32, C32))
                                                      + sqrt_extra("sqrt.out"), torch.sqrt), None),
        ("rsqrt.out" + cx, "exact", lambda: trans_tol(unary("rsqrt.out", half=False, outs=(C128, F32, C32)),
                                                       lambda z: 1 / torch.sqrt(z)), None),
        ("sigmoid.out" + cx, "exact", lambda: trans_tol([dict(c, signed_zero=False) for c in
                                                         unary("sigmoid.out", half=False, outs=(C128, F32, C32))],
                                                        torch.sigmoid), None),
        ("log.out" + cx, "exact", lambda: trans_tol(unary("log.out", half=False, outs=(C128, F32, C32))
                                                     + log_extra("log.out"), torch.log), None),
        ("log10.out" + cx, "exact", lambda: trans_tol(unary("log10.out", half=False, outs=(C128, F32, C32))
                                                       + log_extra("log10.out"), torch.log10), None),
        ("log2.out" + cx, "exact", lambda: trans_tol(unary("log2.out", half=False, outs=(C128, F32, C32))
                                                      + log_extra("log2.out"), torch.log2), None),
        ("expm1.out" + cx, "exact", lambda: trans_tol(unary("expm1.out", half=False, outs=(C128, F32, C32))
                                                       + small("expm1.out"), torch.expm1), None),
        ("log1p.out" + cx, "exact", lambda: trans_tol(unary("log1p.out", half=False, outs=(C128, F32, C32))
                                                       + small("log1p.out"), torch.log1p), None),
        ("sinh.out" + cx, "exact", lambda: trans_tol(unary("sinh.out", half=False, outs=(C128, F32, C32))
                                                      + exp_extra("sinh.out"), torch.sinh), None),
        ("cosh.out" + cx, "exact", lambda: trans_tol(unary("cosh.out", half=False, outs=(C128, F32, C32))
                                                      + exp_extra("cosh.out"), torch.cosh), None),
        ("sin.out" + cx, "exact", lambda: trans_tol(unary("sin.out", half=False, outs=(C128, F32, C32))
                                                     + swap_extra("sin.out"), torch.sin), None),
        ("cos.out" + cx, "exact", lambda: trans_tol(unary("cos.out", half=False, outs=(C128, F32, C32))
                                                     + swap_extra("cos.out"), torch.cos), None),
        ("tanh.out" + cx, "exact", lambda: trans_tol(unary("tanh.out", half=False, outs=(C128, F32, C32))
                                                      + exp_extra("tanh.out"), torch.tanh), None),
        ("tan.out" + cx, "exact", lambda: trans_tol(unary("tan.out", half=False, outs=(C128, F32, C32))
                                                     + swap_extra("tan.out"), torch.tan), None),
    ] + [
        (op + ".out" + cx, "exact", lambda op=op: trans_tol(unary(op + ".out", half=False, outs=(C128, F32, C32))
                                                            + inv_extra(op + ".out"), getattr(torch, op)), None)
        for op in ("asin", "acos", "atan", "asinh", "acosh", "atanh")
    ] + [
        ("pow.Tensor_Tensor_out" + cx, "exact", lambda: pow_cases("pow.Tensor_Tensor_out"), None),
        ("pow.Tensor_Scalar_out" + cx, "exact", lambda: pow_cases("pow.Tensor_Scalar_out"), None),
        ("pow.Scalar_out" + cx, "exact", lambda: pow_cases("pow.Scalar_out"), None),
        ("reciprocal.out" + cx, "exact", lambda: unary("reciprocal.out", half=False, outs=(C128, F32, C32)), None),
        ("logical_not.out" + cx, "exact", lambda: unary("logical_not.out", half=False, outs=(C128, F32, B_)), None),
    ]
    for op, kwf in REJECT_ALL.items():
        out.append((op + cx, "exact", lambda op=op, kwf=kwf: rejects(op, kwf), None))
    for op, kwf in REJECT_HALF.items():
        out.append((op + cx, "exact", lambda op=op, kwf=kwf: rejects(op, kwf, [C32]), None))
    return out
