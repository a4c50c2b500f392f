"""Golden cases for complex tensors: the byte-moving ops on complex dtypes, `_conj_physical`,
`view_as_real_copy` and the real FFTs (`_fft_r2c`, `_fft_c2r`).

A complex tensor is stored as FORMAT.md says (its real dtype with a trailing dim of 2, the
argument marked `"complex": true`; an out says so by its dtype): gen.py's `stored` helper.
The complex cases of ops whose real cases other modules write (clone, cat, ...) go to their own
files, `aten__<op>.complex.safetensors` (the `@complex` suffix of the names below).

FFT tolerances: ATen's CPU transform (MKL) works in the input's precision, etk's in f64; per
case the tolerance is measured from the expected values' largest modulus `M`:
rtol = atol/M = 2e-6 (Float; measured torch error <= 4e-7 of M up to length 1000) and 1e-12
(Double), Half outs 1e-3. Every case is checked here against an f64 reference (numpy's FFT on
the same call) within half its tolerance, so that the bound reflects the transform and not the
reference. Integer and Bool outs use inputs whose transforms are exact small integers.
"""

import importlib
import sys

import numpy as np
import torch

_main = sys.modules.get("__main__")
G = _main if hasattr(_main, "write_op") else importlib.import_module("gen")
import gen_shape  # noqa: E402  (Tensor[] arguments, int[] encoding, list outs)

T, C, Out, NAME, CL = G.T, G.C, G.Out, G.NAME, G.CL
F16, BF16, F32, F64, I32, I64, U8, B_ = G.F16, G.BF16, G.F32, G.F64, G.I32, G.I64, G.U8, G.B_
C32, C64, C128 = G.C32, G.C64, G.C128
TL = gen_shape.TL
rng_for = G.rng_for
CPLX = [C64, C128, C32]


def cvals(r, dt, shape):
    """Complex values: independent normal real and imaginary parts."""
    z = torch.complex(r.randn(list(shape)), r.randn(list(shape)))
    return z.to(dt)


def cspecials(dt):
    inf, nan = float("inf"), float("nan")
    parts = [0.0, -0.0, 1.5, -2.0, inf, -inf, nan]
    re = torch.tensor([a for a in parts for _ in parts], dtype=F64)
    im = torch.tensor([b for _ in parts for b in parts], dtype=F64)
    return torch.complex(re, im).to(dt)


# ----------------------------------------------------------------------------------------------
# byte-moving ops on complex tensors

def copies(op, mk, shape=(2, 3, 4), half=True, orders=True):
    """Every complex dtype, dim orders in and out, a wrong out dtype."""
    r = rng_for(op, "complex")
    cs = []
    for dt in CPLX:
        cs.append(C("%s %s" % (NAME[dt], list(shape)), **mk(T(cvals(r, dt, shape)))))
    if not half:
        cs[-1]["note"] += " (ATen has no ComplexHalf kernel)"
    if orders:
        x = cvals(r, C64, [2, 3, 4, 5])
        for din, dout in ((CL, None), (None, CL), (CL, CL)):
            cs.append(C("ComplexFloat, input %s, out %s" % (din, dout), outs=[Out(dim_order=dout)], **mk(T(x, din))))
    x = cvals(r, C64, shape)
    for odt in (C128, F32):
        cs.append(C("ComplexFloat self, %s out" % NAME[odt], outs=[Out(odt)], **mk(T(x))))
    return cs


def gen_conj(op):
    r = rng_for(op, "complex")
    cs = copies(op, lambda x: dict(self=x))
    for dt in CPLX:
        cs.append(C("special parts %s" % NAME[dt], self=T(cspecials(dt))))
        cs.append(C("zero-dim %s" % NAME[dt], self=T(cvals(r, dt, []))))
        cs.append(C("empty %s" % NAME[dt], self=T(cvals(r, dt, [0, 3]))))
    cs.append(C("resize out", outs=[Out(shape=[5])], self=T(cvals(r, C128, [2, 3]))))
    cs.append(C("Float self, ComplexFloat out", outs=[Out(C64)], self=T(G.vals(r, F32, [3]))))
    return cs


def cat_like(op):
    """gen_shape's Tensor[] encoding keeps an element's flags only with a dim order: every
    complex element here carries one (the contiguous one at least)."""
    r = rng_for(op, "complex")

    def t(x, order=None):
        return T(x, order if order is not None else list(range(x.dim())))

    cs = []
    for dt in CPLX:
        cs.append(C(NAME[dt], tensors=TL([t(cvals(r, dt, [2, 3])), t(cvals(r, dt, [2, 3]))]), dim=1 if "cat" in op else 0))
    x = [cvals(r, C64, [2, 3, 2, 2]) for _ in range(2)]
    cs.append(C("channels-last inputs", tensors=TL([t(x[0], CL), t(x[1], CL)]), dim=1))
    cs.append(C("ComplexFloat and ComplexDouble", outs=[Out(C128)],
                tensors=TL([t(cvals(r, C64, [2])), t(cvals(r, C128, [2]))]), dim=0))
    cs.append(C("Float and ComplexFloat", tensors=TL([t(G.vals(r, F32, [2])), t(cvals(r, C64, [2]))]), dim=0))
    cs.append(C("ComplexHalf and Double", tensors=TL([t(cvals(r, C32, [2])), t(G.vals(r, F64, [2]))]), dim=0))
    cs.append(C("ComplexFloat into Float out", outs=[Out(F32)], tensors=TL([t(cvals(r, C64, [2]))]), dim=0))
    return cs


def gen_flip_half(op):
    """ComplexHalf: ATen flips every dim but the innermost one in memory."""
    r = rng_for(op, "half")
    x = cvals(r, C32, [2, 3, 4])
    return [C("ComplexHalf dims %s, self %s" % (d, o), self=T(x, o), dims=d)
            for d, o in (([0], None), ([1], None), ([0, 1], None), ([1], [0, 2, 1]), ([2], [0, 2, 1]), ([], None))] + \
        [C("ComplexHalf size-1 innermost", self=T(cvals(r, C32, [3, 1])), dims=[-1]),
         C("ComplexHalf [3, 1] dims [0]", self=T(cvals(r, C32, [3, 1])), dims=[0]),
         C("ComplexHalf empty", self=T(cvals(r, C32, [0, 3])), dims=[1])]


def gen_unbind(op):
    r = rng_for(op, "complex")
    cs = []
    for dt in CPLX:
        cs.append(C(NAME[dt], outs=[Out(), Out(), Out()], self=T(cvals(r, dt, [3, 2])), dim=0))
    return cs


def gen_index_select(op):
    r = rng_for(op, "complex")
    cs = []
    for dt in CPLX:
        cs.append(C(NAME[dt], self=T(cvals(r, dt, [3, 4])), dim=1, index=T(torch.tensor([3, 0, 0]))))
    return cs


def gen_gather(op):
    r = rng_for(op, "complex")
    idx = torch.tensor([[0, 2], [1, 1], [2, 0]])
    return [C(NAME[dt], self=T(cvals(r, dt, [3, 3])), dim=1, index=T(idx)) for dt in CPLX]


def cints(r, dt, shape):
    """Complex values with small integer parts: sums are exact in every complex dtype."""
    re, im = r.randint(list(shape), -4, 4), r.randint(list(shape), -4, 4)
    return torch.complex(re.double(), im.double()).to(dt)


def gen_index_put(op):
    import gen_index
    OptTs, L = gen_index.OptTs, gen_index.L
    r = rng_for(op, "complex")
    cs = []
    for dt in CPLX:
        x = cints(r, dt, [4, 3])
        cs.append(C("%s accumulate, repeated indices" % NAME[dt], self=T(x), indices=OptTs([T(L(0, 2, 0, 0))]),
                    values=T(cints(r, dt, [4, 3])), accumulate=True))
        cs.append(C("%s accumulate, two indices" % NAME[dt], self=T(x), indices=OptTs([T(L(1, 1)), T(L(2, 2))]),
                    values=T(cints(r, dt, [2])), accumulate=True))
        cs.append(C("%s put" % NAME[dt], self=T(x), indices=OptTs([None, T(L(2, 0))]),
                    values=T(cints(r, dt, [4, 2])), accumulate=False))
    x = cints(r, C64, [2, 3, 2, 2])
    cs.append(C("channels-last self, accumulate", self=T(x, CL), indices=OptTs([T(L(1, 1, 0))]),
                values=T(cints(r, C64, [3, 3, 2, 2])), accumulate=True))
    cs.append(C("Float values into ComplexFloat self", self=T(cints(r, C64, [3])),
                indices=OptTs([T(L(0))]), values=T(G.vals(r, F32, [1])), accumulate=False))
    cs.append(C("ComplexFloat values into Float self", self=T(G.vals(r, F32, [3])),
                indices=OptTs([T(L(0))]), values=T(cvals(r, C64, [1])), accumulate=False))
    cs.append(C("ComplexDouble values into ComplexFloat self", self=T(cints(r, C64, [3])),
                indices=OptTs([T(L(0))]), values=T(cints(r, C128, [1])), accumulate=True))
    return cs


# ----------------------------------------------------------------------------------------------
# view_as_real_copy

def gen_view_as_real(op):
    r = rng_for(op)
    cs = []
    for dt in CPLX:
        for shape in ([2, 3], [4], [], [0, 3], [1, 2, 1]):
            cs.append(C("%s %s" % (NAME[dt], shape), self=T(cvals(r, dt, shape))))
        cs.append(C("special parts %s" % NAME[dt], self=T(cspecials(dt))))
    x = cvals(r, C64, [2, 3, 4, 5])
    cs.append(C("channels-last self", self=T(x, CL)))
    cs.append(C("self [1,0,3,2]", self=T(x, [1, 0, 3, 2])))
    cs.append(C("out in a permuted order", outs=[Out(dim_order=[4, 0, 2, 1, 3])], self=T(x)))
    for s in ([0], [7], [2, 3]):
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(cvals(r, C128, [2, 3]))))
    for dt, odt in ((C64, F64), (C64, C64), (C128, F32), (C32, F32), (C64, F16)):
        cs.append(C("%s self, %s out" % (NAME[dt], NAME[odt]), outs=[Out(odt, [2, 3, 2])], self=T(cvals(r, dt, [2, 3]))))
    for dt in (F32, F64, I64, B_):
        cs.append(C("real %s self" % NAME[dt], outs=[Out(F32, [3, 2])], self=T(G.vals(r, dt, [3]))))
    return cs


# ----------------------------------------------------------------------------------------------
# FFTs

def _modulus(t):
    t = t.to(C128) if t.is_complex() else t.double()
    m = t.abs()
    m = m[torch.isfinite(m)]
    return float(m.max()) if m.numel() else 0.0


def fft_tol(in_dt, out_dt, want):
    """rtol and atol (relative to the largest modulus) per precision, see the docstring."""
    if out_dt in (B_, U8, I32, I64):
        return "exact"
    if out_dt in (F16, C32):
        rel = 1e-3
    elif out_dt == BF16:
        rel = 8e-3
    elif in_dt in (F32, C64) or out_dt in (F32, C64):
        rel = 2e-6
    else:
        rel = 1e-12
    m = max(_modulus(want), 1e-30)
    return {"rtol": rel, "atol": float("%.3g" % (rel * m))}


def np_ref(kw, op):
    """numpy's f64 FFT of the same call, to check torch's answer against."""
    x = kw["self"].t.to(C128 if kw["self"].t.is_complex() else F64).numpy()
    dims, norm = kw["dim"], kw["normalization"]
    scale = None
    if op == "r2c":
        y = np.fft.fftn(x, axes=dims)
        n = int(np.prod([x.shape[d] for d in dims]))
        if kw["onesided"]:
            last = dims[-1]
            y = np.take(y, range(x.shape[last] // 2 + 1), axis=last)
    else:
        last = dims[-1]
        lds = kw["last_dim_size"]
        y = x
        if len(dims) > 1:
            y = np.fft.ifftn(y, axes=dims[:-1]) * int(np.prod([x.shape[d] for d in dims[:-1]]))
        y = np.take(y, range(lds // 2 + 1), axis=last)
        y = np.fft.irfft(y, n=lds, axis=last) * lds
        n = int(np.prod([x.shape[d] for d in dims[:-1]])) * lds
    scale = 1.0 if norm == 0 else (1.0 / np.sqrt(n) if norm == 1 else 1.0 / n)
    return torch.from_numpy(np.ascontiguousarray(y * scale))


def fft_case(op, note, outs=None, **kw):
    """A value case with its tolerance measured from torch's answer; the answer checked against
    numpy's f64 transform."""
    info = G.OpInfo(("_fft_r2c.out" if op == "r2c" else "_fft_c2r.out"))
    o = (outs or [Out()])[0]
    x = kw["self"].t
    pos, kws = G.build_call(info.in_args, G.full_kw(info, kw))
    try:
        func = info.packet.default(*pos, **kws)
    except Exception:
        return C(note, outs=outs, **kw)   # an error case: gen records ATen's rejection
    out_dt = o.dtype if o.dtype is not None else func.dtype
    tol = fft_tol(x.dtype, out_dt, func)
    ref = np_ref(kw, op)
    if tol != "exact":
        got = func.to(C128) if func.is_complex() else func.double()
        d = (got - ref.to(got.dtype)).abs()
        lim = tol["atol"] + tol["rtol"] * ref.abs()
        assert bool((d <= lim / 2).all()), (op, note, float(d.max()), tol)
    return C(note, outs=outs, tol=tol, **kw)


def gen_r2c(op):
    r = rng_for(op)
    cs = []
    lengths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 16, 17, 30, 31, 64, 97, 100, 127, 210, 1000]
    for dt in (F32, F64):
        for n in lengths:
            cs.append(fft_case("r2c", "%s length %d" % (NAME[dt], n), self=T(G.vals(r, dt, [2, n])),
                               dim=[1], normalization=0, onesided=True))
        for n in (5, 8, 13):
            cs.append(fft_case("r2c", "%s length %d two-sided" % (NAME[dt], n), self=T(G.vals(r, dt, [2, n])),
                               dim=[1], normalization=0, onesided=False))
    x = G.vals(r, F32, [3, 4, 5])
    for norm in (0, 1, 2, 3, -1):
        for onesided in (True, False):
            cs.append(fft_case("r2c", "normalization %d onesided %s" % (norm, onesided), self=T(x),
                               dim=[2], normalization=norm, onesided=onesided))
    for dims in ([0], [1], [0, 1], [1, 0], [0, 2], [2, 0], [0, 1, 2], [2, 1, 0], [1, 2, 0]):
        for onesided in (True, False):
            cs.append(fft_case("r2c", "dims %s onesided %s" % (dims, onesided), self=T(G.vals(r, F64, [3, 4, 5])),
                               dim=dims, normalization=2, onesided=onesided))
    # dim orders in and out
    x = G.vals(r, F32, [2, 3, 4, 5])
    for din, dout in ((CL, None), (None, CL), (CL, CL), ([3, 1, 0, 2], [2, 0, 3, 1])):
        cs.append(fft_case("r2c", "input %s, out %s" % (din, dout), outs=[Out(dim_order=dout)], self=T(x, din),
                           dim=[1, 3], normalization=1, onesided=True))
    # out dtypes: copied as copy_ does
    xi = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0], [3.0, 1.0, 3.0, 1.0]])
    for dt in (F32, F64):
        for odt in (C64, C128, C32, F32, F64, F16, BF16, I32, I64, U8, B_):
            cs.append(fft_case("r2c", "%s self, %s out" % (NAME[dt], NAME[odt]), outs=[Out(odt)],
                               self=T(xi.to(dt)), dim=[1], normalization=0, onesided=True))
    # resize
    for s in ([0], [2, 3], [7, 7]):
        cs.append(fft_case("r2c", "resize out from %s" % s, outs=[Out(C64, s)], self=T(G.vals(r, F32, [2, 6])),
                           dim=[1], normalization=0, onesided=True))
    # rejected
    for dt in (F16, BF16, I32, B_):
        cs.append(C("%s self" % NAME[dt], outs=[Out(C64, [2, 3])], self=T(G.vals(r, dt, [2, 4])), dim=[1],
                    normalization=0, onesided=True))
    cs.append(C("ComplexFloat self", outs=[Out(C64, [2, 3])], self=T(cvals(r, C64, [2, 4])), dim=[1],
                normalization=0, onesided=True))
    for dims in ([], [-1], [2], [-3]):
        cs.append(C("dim %s" % dims, outs=[Out(C64, [2, 3])], self=T(G.vals(r, F32, [2, 4])), dim=dims,
                    normalization=0, onesided=True))
    for shape in ([0, 4], [2, 0], []):
        cs.append(C("empty or zero-dim self %s" % shape, outs=[Out(C64, [1])], self=T(G.vals(r, F32, shape)),
                    dim=[0], normalization=0, onesided=True))
    return cs


def gen_c2r(op):
    r = rng_for(op)
    cs = []

    def case(note, x, lds, dim=(1,), norm=0, outs=None):
        cs.append(fft_case("c2r", note, outs=outs, self=x, dim=list(dim), normalization=norm, last_dim_size=lds))

    for dt in (C64, C128):
        for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 16, 17, 30, 31, 64, 97, 100, 127, 210, 1000):
            case("%s length %d" % (NAME[dt], n), T(cvals(r, dt, [2, n // 2 + 1])), n)
        for n in (3, 4, 7):
            case("%s length %d, self of the full length" % (NAME[dt], n), T(cvals(r, dt, [2, n])), n)
    x = cvals(r, C64, [3, 4, 5])
    for norm in (0, 1, 2, 3, -1):
        case("normalization %d" % norm, T(x), 8, dim=[2], norm=norm)
    for dims, lds in (([0], 4), ([0, 1], 6), ([1, 0], 5), ([0, 2], 8), ([2, 0], 4), ([0, 1, 2], 9),
                      ([2, 1, 0], 5), ([1, 2, 0], 4)):
        case("dims %s last_dim_size %d" % (dims, lds), T(cvals(r, C128, [3, 4, 5])), lds, dim=dims, norm=2)
    x = cvals(r, C64, [2, 3, 4, 5])
    for din, dout in ((CL, None), (None, CL), (CL, CL), ([3, 1, 0, 2], [2, 0, 3, 1])):
        case("input %s, out %s" % (din, dout), T(x, din), 8, dim=[1, 3], norm=1, outs=[Out(dim_order=dout)])
    # out dtypes; integer-valued spectra of length 4 (exact results)
    xi = torch.tensor([[4.0 + 0j, 0.0, 0.0], [0.0, 2.0, 0.0], [1.0, 1.0j, 3.0]])
    for dt in (C64, C128):
        for odt in (F32, F64, F16, BF16, C64, C128, C32, I32, I64, U8, B_):
            case("%s self, %s out" % (NAME[dt], NAME[odt]), T(xi.to(dt)), 4, outs=[Out(odt)])
    for s in ([0], [2, 3], [7, 7]):
        case("resize out from %s" % s, T(cvals(r, C64, [2, 4])), 6, outs=[Out(F32, s)])
    # rejected
    for dt, x in ((C32, cvals(r, C32, [2, 3])), (F32, G.vals(r, F32, [2, 3])), (F64, G.vals(r, F64, [2, 3]))):
        cs.append(C("%s self" % NAME[dt], outs=[Out(F32, [2, 4])], self=T(x), dim=[1], normalization=0,
                    last_dim_size=4))
    for lds in (0, -1, 1, 2, 6, 10):
        cs.append(C("last_dim_size %d for 3 inputs" % lds, outs=[Out(F32, [2, 4])], self=T(cvals(r, C64, [2, 3])),
                    dim=[1], normalization=0, last_dim_size=lds) if lds != 2 else None)
    # (a dim past the rank is undefined behaviour in ATen's c2r: it writes out of bounds)
    cs.append(C("no dims", outs=[Out(F32, [2, 4])], self=T(cvals(r, C64, [2, 3])), dim=[],
                normalization=0, last_dim_size=4))
    for shape in ([0, 3], [2, 0]):
        cs.append(C("empty self %s" % shape, outs=[Out(F32, [1])], self=T(cvals(r, C64, shape)), dim=[1],
                    normalization=0, last_dim_size=4))
    return [c for c in cs if c is not None]


# ----------------------------------------------------------------------------------------------
# scatter family, copies between complex and real, reductions, and the other ops of issue 15
# on complex tensors (torch accepts or rejects; both are recorded)

CTOL = {C64: {"rtol": 1.3e-6, "atol": 1e-5}, C128: {"rtol": 1e-12, "atol": 1e-12},
        C32: {"rtol": 1e-3, "atol": 1e-5}, F32: {"rtol": 1.3e-6, "atol": 1e-5},
        F64: {"rtol": 1e-12, "atol": 1e-12}, F16: {"rtol": 1e-3, "atol": 1e-5}}


def gen_scatter(op, kind):
    """scatter.src_out / scatter.value_out / scatter_add.out / scatter_reduce.two_out; values
    are small integers (sums and products exact), ComplexHalf is rejected by ATen."""
    import gen_index
    L = gen_index.L
    r = rng_for(op, "complex")
    cs = []
    idx_rep = torch.tensor([[0, 2, 0, 1], [2, 2, 0, 0]])
    idx_perm = torch.tensor([[0, 2, 1, 1], [2, 1, 0, 0]])

    def extra(dt, **kw):
        if kind == "value":
            return dict(value=kw.get("value", 2.5))
        return dict(src=T(cints(r, dt, [2, 4])))

    reds = [("sum", True), ("sum", False), ("prod", True), ("prod", False), ("mean", True), ("mean", False),
            ("amax", True), ("amin", False)] if kind == "reduce" else [(None, None)]
    for dt in CPLX:
        for red, inc in reds:
            kw = dict(self=T(cints(r, dt, [3, 4])), dim=0, index=T(idx_perm if kind in ("src", "value") else idx_rep),
                      **extra(dt))
            note = NAME[dt]
            tol = None
            if red is not None:
                kw.update(reduce=red, include_self=inc)
                note += " reduce=%s include_self=%s" % (red, inc)
                tol = CTOL[dt] if red == "mean" else None
            cs.append(C(note, tol=tol, **kw))
    x = cints(r, C64, [2, 3, 2, 2])
    idx = r.randint([2, 3, 2, 1], 0, 1) if kind not in ("src", "value") else torch.zeros(1, 3, 2, 1, dtype=I64)
    red = dict(reduce="sum", include_self=True) if kind == "reduce" else {}
    src = dict(value=-1.5) if kind == "value" else dict(src=T(cints(r, C64, list(idx.shape)), CL))
    cs.append(C("ComplexFloat channels-last self and src", self=T(x, CL), dim=1, index=T(idx), **src, **red))
    if kind == "value":
        for v in (3, True, float("nan"), -0.0):
            cs.append(C("ComplexDouble value %r" % v, self=T(cints(r, C128, [2, 3])), dim=1, index=T(L(0, 2).view(1, 2)),
                        value=v))
    else:
        cs.append(C("ComplexFloat self, ComplexDouble src", self=T(cints(r, C64, [3])), dim=0, index=T(L(0, 0)),
                    src=T(cints(r, C128, [2])), **red))
        cs.append(C("ComplexFloat self, Float src", self=T(cints(r, C64, [3])), dim=0, index=T(L(0, 0)),
                    src=T(G.vals(r, F32, [2])), **red))
    cs.append(C("ComplexFloat self, ComplexDouble out", outs=[Out(C128)], self=T(cints(r, C64, [3])), dim=0,
                index=T(L(1)), **(dict(value=1.0) if kind == "value" else dict(src=T(cints(r, C64, [1])))), **red))
    cs.append(C("ComplexDouble empty index", self=T(cints(r, C128, [3])), dim=0, index=T(torch.zeros(0, dtype=I64)),
                **(dict(value=1.0) if kind == "value" else dict(src=T(cints(r, C128, [1])))), **red))
    return cs


def gen_copy_cx(op, inplace):
    """copy.out / copy_: complex into real (the real part; Bool: either part non-zero),
    real into complex, complex into complex of another precision, broadcast sources."""
    r = rng_for(op, "complex")
    cs = []
    reals = [F32, F64, F16, BF16, I64, I32, G.I16, G.I8, U8, B_]
    for s in CPLX:
        for d in CPLX + reals:
            if d == s:
                continue
            src = cints(r, s, [2, 3]) if d in (I64, I32, G.I16, G.I8, U8) else cvals(r, s, [2, 3])
            if d == U8:
                src = torch.complex(src.real.abs(), src.imag).to(s)
            cs.append(C("%s into %s" % (NAME[s], NAME[d]), self=T(torch.zeros(2, 3, dtype=d)), src=T(src)))
        for d in (F32, I64, B_, F16, F64):
            cs.append(C("%s into %s" % (NAME[d], NAME[s]), self=T(cvals(r, s, [2, 3])),
                        src=T(G.vals(r, d, [2, 3]) if d != I64 else r.randint([2, 3], -9, 9))))
    z = torch.complex(torch.tensor([0.0, 0.0, -0.0, 1.5]), torch.tensor([0.0, 2.0, 0.0, -0.0]))
    cs.append(C("ComplexFloat zeros into Bool", self=T(torch.zeros(4, dtype=B_)), src=T(z)))
    cs.append(C("ComplexDouble special parts into Float", self=T(torch.zeros(49)), src=T(cspecials(C128))))
    cs.append(C("ComplexFloat [3] broadcast into Float [2,3]", self=T(torch.zeros(2, 3)), src=T(cvals(r, C64, [3]))))
    x = cvals(r, C64, [2, 3, 2, 2])
    cs.append(C("ComplexFloat channels-last into Double", self=T(torch.zeros(2, 3, 2, 2, dtype=F64)), src=T(x, CL)))
    cs.append(C("ComplexFloat into ComplexDouble channels-last", self=T(torch.zeros(2, 3, 2, 2, dtype=C128), CL),
                src=T(x)))
    if not inplace:
        cs.append(C("out dtype differs from self", outs=[Out(C64)], self=T(torch.zeros(3)), src=T(cvals(r, C64, [3]))))
    return cs


def gen_to_copy_cx(op, dim_order):
    """_to_copy.out / _to_dim_order_copy.out / _clone_dim_order.out with complex ins or outs."""
    r = rng_for(op, "complex")
    cs = []
    clone = "clone" in op
    reals = [F32, F64, F16, BF16, I64, I32, U8, B_]
    for s in CPLX:
        cs.append(C("%s" % NAME[s], self=T(cvals(r, s, [2, 3]))))
        if clone:
            continue
        for d in CPLX + reals:
            if d == s:
                continue
            x = cints(r, s, [2, 3]) if d in (I64, I32, U8) else cvals(r, s, [2, 3])
            if d == U8:
                x = torch.complex(x.real.abs(), x.imag).to(s)
            cs.append(C("%s to %s" % (NAME[s], NAME[d]), outs=[Out(d)], self=T(x)))
        for d in (F32, I64, B_, F64):
            cs.append(C("%s to %s" % (NAME[d], NAME[s]), outs=[Out(s)],
                        self=T(G.vals(r, d, [2, 3]) if d != I64 else r.randint([2, 3], -9, 9))))
    x = cvals(r, C64, [2, 3, 2, 2])
    if dim_order:
        cs.append(C("ComplexFloat contiguous to channels-last", outs=[Out(dim_order=CL)], self=T(x), dim_order=CL))
        cs.append(C("ComplexFloat channels-last to contiguous", self=T(x, CL), dim_order=[0, 1, 2, 3]))
        cs.append(C("ComplexFloat channels-last preserved", outs=[Out(dim_order=CL)], self=T(x, CL)))
        if not clone:
            cs.append(C("ComplexFloat channels-last to Float contiguous", outs=[Out(F32)], self=T(x, CL),
                        dim_order=[0, 1, 2, 3]))
            cs.append(C("Float channels-last to ComplexDouble channels-last", outs=[Out(C128, dim_order=CL)],
                        self=T(G.vals(r, F32, [2, 3, 2, 2]), CL), dim_order=CL))
        else:
            cs.append(C("ComplexFloat into ComplexDouble out", outs=[Out(C128)], self=T(cvals(r, C64, [3]))))
    else:
        cs.append(C("ComplexFloat channels-last, memory_format preserve", self=T(x, CL), memory_format=G.MF("preserve")))
        cs.append(C("ComplexFloat to ComplexHalf channels-last", outs=[Out(C32, dim_order=CL)], self=T(x),
                    memory_format=G.MF("channels_last")))
    return cs


def gen_reduce_cx(op):
    """The reductions of issue 15 on complex inputs: integer-valued parts (sums and products
    exact), tolerances for mean and var."""
    r = rng_for(op, "complex")
    cs = []
    x4 = lambda dt: cints(r, dt, [3, 4])
    name = op.split(".")[0]
    realout = {C32: F16, C64: F32, C128: F64}

    def case(note, dt, tol=None, outs=None, **kw):
        cs.append(C("%s %s" % (NAME[dt], note), tol=tol, outs=outs, **kw))

    for dt in CPLX:
        tol = CTOL[dt]
        if op == "sum.IntList_out":
            case("dim [1]", dt, self=T(x4(dt)), dim=[1])
            case("dim None keepdim", dt, self=T(x4(dt)), dim=None, keepdim=True)
            case("dim [] [0,1]", dt, self=T(x4(dt)), dim=[])
            case("dtype ComplexDouble", dt, self=T(x4(dt)), dim=[0], dtype=C128)
        elif op in ("mean.out", "mean.dtype_out"):
            if op == "mean.out":
                case("dim [1]", dt, tol, self=T(x4(dt)), dim=[1])
                case("dim [0] keepdim", dt, tol, self=T(x4(dt)), dim=[0], keepdim=True)
                case("dim None", dt, tol, self=T(x4(dt)), dim=None)
            else:
                case("all", dt, tol, self=T(x4(dt)))
                case("dtype ComplexDouble", dt, CTOL[C128] if dt != C32 else tol, self=T(x4(dt)), dtype=C128)
        elif op == "prod.int_out":
            case("dim 1", dt, self=T(x4(dt)), dim=1)
            case("dim 0 keepdim", dt, self=T(x4(dt)), dim=0, keepdim=True)
        elif op == "prod.out":
            case("all", dt, self=T(cints(r, dt, [2, 3])))
        elif op == "cumsum.out":
            case("dim 1", dt, self=T(x4(dt)), dim=1)
            case("dim 0", dt, self=T(x4(dt)), dim=0)
            case("dim -1 dtype ComplexDouble", dt, self=T(x4(dt)), dim=-1, dtype=C128)
        elif name in ("var", "var_mean"):
            tr = CTOL[realout[dt]]
            vt = tr
            o = [Out(realout[dt])] if name == "var" else [Out(realout[dt]), Out(dt)]
            if op == "var.out":
                case("dim [1]", dt, vt, outs=o, self=T(cvals(r, dt, [3, 4])), dim=[1], unbiased=True)
                case("dim None unbiased=False", dt, vt, outs=o, self=T(cvals(r, dt, [3, 4])), dim=None, unbiased=False)
            else:
                case("dim [1]", dt, vt, outs=o, self=T(cvals(r, dt, [3, 4])), dim=[1])
                case("dim None correction 0 keepdim", dt, vt, outs=o, self=T(cvals(r, dt, [3, 4])), dim=None,
                     correction=0, keepdim=True)
                case("dim [0] correction 3", dt, vt, outs=o, self=T(cvals(r, dt, [3, 4])), dim=[0], correction=3)
        elif name == "any":
            x = torch.complex(r.randint([3, 4], 0, 1).double(), r.randint([3, 4], 0, 1).double()).to(dt)
            z = torch.complex(torch.tensor([0.0, -0.0, 0.0]), torch.tensor([-0.0, 0.0, 2.0])).to(dt)
            if op == "any.all_out":
                case("random 0/1 parts", dt, self=T(x))
                case("imaginary part only", dt, self=T(z))
            elif op == "any.dims_out":
                case("dim [1]", dt, self=T(x), dim=[1])
                case("dim None", dt, self=T(z), dim=None)
            else:
                case("dim 0", dt, self=T(x), dim=0)
                case("dim 0 imaginary only", dt, self=T(z), dim=0)
        else:  # ops ATen rejects on complex
            kw = dict(self=T(x4(dt)))
            outs = None
            if name in ("amax", "amin"):
                kw.update(dim=[1])
            elif name in ("argmax", "argmin"):
                kw.update(dim=1)
            elif op in ("max.dim_max", "min.dim_min"):
                kw.update(dim=1)
            elif name == "topk":
                kw.update(k=2)
            elif name == "sort":
                kw.update(dim=-1, descending=False)
                if op == "sort.values_stable":
                    kw.update(stable=True)
            if name in ("argmax", "argmin"):
                outs = [Out(I64)]   # the out the op takes: rejected for the input's dtype alone
            if op in ("max.dim_max", "min.dim_min", "topk.values", "sort.values_stable", "sort.values"):
                outs = [Out(dt), Out(I64)]   # (values, indices): rejected for the dtype alone
            case("rejected", dt, outs=outs, **kw)
    # complex inputs into real outs (ATen casts the input first: its real part; Bool: either part)
    outs_of = {"sum.IntList_out": (I64, B_, F16, I32, F32), "prod.int_out": (I64, B_, F16),
               "cumsum.out": (I64, B_, F16), "mean.out": (I64, F16, F64), "var.correction_out": (I64, B_, F16)}
    for odt in outs_of.get(op, ()):
        x = cints(r, C64, [3, 4])
        kw = dict(dim=1) if op in ("prod.int_out", "cumsum.out") else dict(dim=[1])
        tol = CTOL[odt] if odt in (F16, F64) and name in ("mean", "var") else None
        cs.append(C("ComplexFloat into %s out" % NAME[odt], outs=[Out(odt)], tol=tol, self=T(x), **kw))
    for key, dt2 in (("dtype", C64), ("out", C64), ("out", F32)):
        if op in ("sum.IntList_out", "prod.int_out", "cumsum.out"):
            kw = dict(dim=0) if op != "sum.IntList_out" else dict(dim=[0])
            if key == "dtype":
                kw["dtype"] = dt2
            cs.append(C("ComplexHalf self, %s %s" % (key, NAME[dt2]), outs=[Out(dt2)], self=T(cints(r, C32, [3, 2])),
                        **kw))
    if op == "sum.IntList_out":
        cs.append(C("Float self, dtype ComplexFloat", self=T(G.vals(r, F32, [3, 4])), dim=[1], dtype=C64,
                    tol=CTOL[C64]))
        cs.append(C("ComplexFloat self into Float out", outs=[Out(F32)], self=T(cints(r, C64, [3, 4])), dim=[1]))
        cs.append(C("ComplexFloat self into ComplexDouble out", outs=[Out(C128)], self=T(cints(r, C64, [3, 4])),
                    dim=[1]))
        x = cints(r, C64, [2, 3, 4, 5])
        cs.append(C("ComplexFloat channels-last dims [1]", self=T(x, CL), dim=[1]))
        cs.append(C("ComplexFloat channels-last dims [2,3] keepdim", self=T(x, CL), dim=[2, 3], keepdim=True))
        cs.append(C("ComplexDouble empty dim", self=T(cints(r, C128, [0, 3])), dim=[0]))
        cs.append(C("ComplexFloat zero-dim", self=T(cints(r, C64, [])), dim=[]))
        cs.append(C("ComplexFloat long row (cascade)", tol=CTOL[C64], self=T(cvals(r, C64, [2, 300])), dim=[1]))
        cs.append(C("ComplexFloat special parts", self=T(cspecials(C64)), dim=[0]))
    if op == "mean.out":
        x = cints(r, C64, [2, 3, 4, 5])
        cs.append(C("ComplexFloat channels-last dims [2,3] keepdim", tol=CTOL[C64], self=T(x, CL), dim=[2, 3],
                    keepdim=True))
        cs.append(C("ComplexFloat into Float out", outs=[Out(F32)], tol=CTOL[F32], self=T(x), dim=[1]))
        cs.append(C("Float self, dtype ComplexFloat", tol=CTOL[C64], self=T(G.vals(r, F32, [3, 4])), dim=[1],
                    dtype=C64))
        cs.append(C("ComplexDouble empty dim (NaN)", self=T(cints(r, C128, [0, 3])), dim=[0]))
    if op == "prod.int_out":
        cs.append(C("ComplexFloat into Float out", outs=[Out(F32)], self=T(cints(r, C64, [3])), dim=0))
        cs.append(C("ComplexDouble empty dim", self=T(cints(r, C128, [0, 3])), dim=0))
        cs.append(C("ComplexFloat channels-last", self=T(cints(r, C64, [2, 3, 2, 2]), CL), dim=1))
    if op == "cumsum.out":
        x = cints(r, C64, [2, 3, 4, 5])
        cs.append(C("ComplexFloat channels-last dim 1", self=T(x, CL), dim=1))
        cs.append(C("ComplexFloat into Float out", outs=[Out(F32)], self=T(cints(r, C64, [3])), dim=0))
        cs.append(C("Float self, dtype ComplexDouble", self=T(G.vals(r, F32, [3, 4])), dim=1, dtype=C128,
                    tol=CTOL[C128]))
        cs.append(C("ComplexFloat zero-dim", self=T(cints(r, C64, [])), dim=0))
    if op == "var.correction_out":
        cs.append(C("ComplexFloat into ComplexFloat out", outs=[Out(C64)], self=T(cvals(r, C64, [3, 4])), dim=[1]))
        cs.append(C("ComplexFloat channels-last", outs=[Out(F32)], tol=CTOL[F32],
                    self=T(cvals(r, C64, [2, 3, 2, 2]), CL), dim=[1]))
        cs.append(C("ComplexDouble default out", tol=CTOL[F64], self=T(cvals(r, C128, [5])), dim=[0]))
        cs.append(C("ComplexFloat into Double out", outs=[Out(F64)], tol=CTOL[F64], self=T(cvals(r, C64, [3, 4])),
                    dim=[1]))
    if name in ("var", "var_mean") and op != "var.out":
        o = [Out(F32)] if name == "var" else [Out(F32), Out(C64)]
        cs.append(C("ComplexFloat empty lane (NaN)", outs=o, self=T(cvals(r, C64, [0, 3])), dim=[0]))
        cs.append(C("ComplexFloat zero-dim", outs=o, self=T(cvals(r, C64, [])), dim=None, correction=0))
        cs.append(C("ComplexDouble correction >= N", outs=[Out(F64)] if name == "var" else [Out(F64), Out(C128)],
                    tol=CTOL[F64], self=T(cvals(r, C128, [2, 3])), dim=[1], correction=3))
    if op == "cumsum.out":
        cs.append(C("ComplexDouble empty", self=T(cints(r, C128, [0, 3])), dim=0))
    if op == "var_mean.correction_out":
        cs.append(C("ComplexFloat, mean into Float out", outs=[Out(F32), Out(F32)], self=T(cvals(r, C64, [3, 4])),
                    dim=[1]))
    if op == "any.all_out":
        cs.append(C("ComplexFloat into ComplexFloat out", outs=[Out(C64)], self=T(cvals(r, C64, [3]))))
        cs.append(C("ComplexFloat into Byte out", outs=[Out(U8)], self=T(cvals(r, C64, [3]))))
        cs.append(C("ComplexFloat special parts", self=T(cspecials(C64))))
        cs.append(C("ComplexFloat empty", self=T(cvals(r, C64, [0]))))
    if op == "any.dims_out":
        cs.append(C("ComplexFloat channels-last", self=T(cvals(r, C64, [2, 3, 2, 2]) * 0, CL), dim=[1, 2]))
    return [c for c in cs if c is not None]


def gen_misc_cx(op):
    """Creation, fill, masked and shape ops of issue 15 on complex tensors."""
    import gen_index
    L = gen_index.L
    r = rng_for(op, "complex")
    cs = []
    name = op.split(".")[0]
    m = torch.tensor([[True, False, True, True], [False, False, True, False], [True, True, False, False]])
    for dt in CPLX:
        x = cvals(r, dt, [3, 4])
        n = NAME[dt]
        if op == "full.out":
            for v in (1.5, -2, True, float("nan")):
                cs.append(C("%s value %r" % (n, v), outs=[Out(dt)], size=[2, 3], fill_value=v))
        elif op == "full_like.out":
            cs.append(C("%s value 2.5" % n, self=T(x), fill_value=2.5))
            cs.append(C("%s value -3 channels-last" % n, outs=[Out(dim_order=CL)], self=T(cvals(r, dt, [2, 3, 2, 2]), CL),
                        fill_value=-3))
        elif op in ("_empty_dim_order.out",):
            cs.append(C(n, outs=[Out(dt, [2, 3])], size=[2, 3]))
            cs.append(C("%s channels-last" % n, outs=[Out(dt, [2, 3, 1, 2], CL)], size=[2, 3, 1, 2], dim_order=CL))
        elif op in ("_h2d_copy.out", "_d2h_copy.out"):
            cs.append(C(n, outs=[Out(dt, [3, 4])], self=T(x)))
            cs.append(C("%s channels-last in, contiguous out" % n, outs=[Out(dt, [2, 3, 2, 2])],
                        self=T(cvals(r, dt, [2, 3, 2, 2]), CL)))
            cs.append(C("Float into %s" % n, outs=[Out(dt, [3])], self=T(G.vals(r, F32, [3]))))
            cs.append(C("%s into Double" % n, outs=[Out(F64, [3, 4])], self=T(x)))
        elif op in ("zeros.out", "ones.out", "empty.out"):
            cs.append(C(n, outs=[Out(dt)], size=[2, 3]))
        elif op == "fill.Scalar_out":
            cs.append(C("%s value 1.25" % n, self=T(x), value=1.25))
            cs.append(C("%s value -7" % n, self=T(x), value=-7))
        elif op == "fill.Tensor_out":
            cs.append(C("%s value complex zero-dim" % n, self=T(x), value=T(cvals(r, dt, []))))
            cs.append(C("%s value Float zero-dim" % n, self=T(x), value=T(G.vals(r, F32, []))))
            cs.append(C("Float self, %s value" % n, self=T(G.vals(r, F32, [3])), value=T(cvals(r, dt, []))))
        elif op == "masked_fill.Scalar_out":
            cs.append(C(n, self=T(x), mask=T(m), value=-0.5))
            cs.append(C("%s broadcast mask, value 3" % n, self=T(x), mask=T(m[1]), value=3))
            cs.append(C("%s value True, channels-last" % n, outs=[Out(dim_order=CL)],
                        self=T(cvals(r, dt, [2, 3, 2, 2]), CL), mask=T(r.randint([3, 1, 2], 0, 1).bool()), value=True))
            cs.append(C("%s value out of range" % n, self=T(x), mask=T(m), value=1e300))
        elif op == "masked_select.out":
            cs.append(C(n, self=T(x), mask=T(m)))
            cs.append(C("%s broadcast mask" % n, self=T(x), mask=T(m[0])))
        elif op == "masked_scatter.out":
            cs.append(C(n, self=T(x), mask=T(m), source=T(cvals(r, dt, [12]))))
        elif op == "nonzero.out":
            z = torch.complex(torch.tensor([0.0, 1.0, 0.0, -0.0, 0.0]), torch.tensor([0.0, 0.0, -2.0, 0.0, -0.0]))
            cs.append(C("%s parts zero and non-zero" % n, self=T(z.to(dt))))
            cs.append(C("%s special parts" % n, self=T(cspecials(dt))))
        elif op == "tril.out":
            cs.append(C("%s diagonal 0" % n, self=T(x)))
            cs.append(C("%s diagonal -1" % n, self=T(x), diagonal=-1))
        elif op == "unfold_copy.out":
            cs.append(C(n, self=T(x), dimension=1, size=2, step=1))
        elif op == "where.self_out":
            cs.append(C(n, condition=T(m), self=T(x), other=T(cvals(r, dt, [4]))))
        elif op == "select_scatter.out":
            cs.append(C(n, self=T(x), src=T(cvals(r, dt, [4])), dim=0, index=1))
        elif op == "slice_scatter.out":
            cs.append(C(n, self=T(x), src=T(cvals(r, dt, [3, 2])), dim=1, start=0, end=None, step=2))
            cs.append(C("Double self, %s src" % n, self=T(G.vals(r, F64, [3, 4])), src=T(cvals(r, dt, [3, 2])), dim=1,
                        start=1, end=None, step=2))
        elif op == "index.Tensor_out":
            import gen_index as gi
            cs.append(C(n, self=T(x), indices=gi.OptTs([T(L(2, 0, -1))])))
            cs.append(C("%s bool mask" % n, self=T(x), indices=gi.OptTs([T(m)])))
        elif op == "as_strided_copy.out":
            cs.append(C(n, self=T(x), size=[2, 2], stride=[1, 4], storage_offset=1))
        elif op == "diagonal_copy.out":
            cs.append(C(n, self=T(x), offset=1, dim1=0, dim2=1))
        elif op == "narrow_copy.out":
            cs.append(C(n, self=T(x), dim=1, start=1, length=2))
        elif op == "squeeze_copy.dim_out":
            cs.append(C(n, self=T(cvals(r, dt, [3, 1])), dim=1))
        elif op == "squeeze_copy.dims_out":
            cs.append(C(n, self=T(cvals(r, dt, [1, 3, 1])), dim=[0, 2]))
        elif op == "t_copy.out":
            cs.append(C(n, self=T(x)))
        elif op == "split_copy.Tensor_out":
            cs.append(C(n, outs=[Out(shape=[3, 2]), Out(shape=[3, 2])], self=T(x), split_size=2, dim=1))
        elif op == "split_with_sizes_copy.out":
            cs.append(C(n, outs=[Out(), Out()], self=T(x), split_sizes=[1, 3], dim=1))
        elif op in ("arange.out",):
            cs.append(C("%s out" % n, outs=[Out(dt, [0])], end=5))
        elif op == "arange.start_out":
            cs.append(C("%s out" % n, outs=[Out(dt, [0])], start=0, end=5, step=2))
        elif op in ("bucketize.Tensor_out",):
            cs.append(C(n, outs=[Out(I64)], self=T(x), boundaries=T(cvals(r, dt, [3]))))
        elif op == "searchsorted.Tensor_out":
            cs.append(C(n, outs=[Out(I64)], sorted_sequence=T(cvals(r, dt, [3])), self=T(x)))
    x = cvals(r, C64, [2, 3, 2, 2])
    mc = r.randint([2, 3, 2, 2], 0, 1).bool()
    if op == "masked_select.out":
        cs.append(C("ComplexFloat channels-last", self=T(x, CL), mask=T(mc, CL)))
    if op == "masked_scatter.out":
        cs.append(C("Float self, ComplexFloat source", self=T(G.vals(r, F32, [3, 4])), mask=T(m),
                    source=T(cvals(r, C64, [12]))))
        cs.append(C("ComplexFloat self, Float source", self=T(cvals(r, C64, [3, 4])), mask=T(m),
                    source=T(G.vals(r, F32, [12]))))
        cs.append(C("ComplexFloat channels-last", self=T(x, CL), mask=T(mc), source=T(cvals(r, C64, [30]))))
    if op == "nonzero.out":
        cs.append(C("ComplexFloat channels-last", self=T(x * mc, CL)))
    if op == "tril.out":
        cs.append(C("ComplexFloat channels-last", self=T(x, CL), diagonal=1))
    if op == "where.self_out":
        cs.append(C("ComplexHalf and ComplexDouble", condition=T(m), self=T(cvals(r, C32, [3, 4])),
                    other=T(cvals(r, C128, [3, 4]))))
        cs.append(C("Long and ComplexHalf zero-dim", condition=T(m), self=T(r.randint([3, 4], -5, 5)),
                    other=T(cvals(r, C32, []))))
        cs.append(C("Byte condition", condition=T(m.to(U8)), self=T(cvals(r, C64, [4])), other=T(cvals(r, C64, [3, 1]))))
        cs.append(C("ComplexFloat into ComplexDouble out", outs=[Out(C128)], condition=T(m), self=T(x[0, 0]),
                    other=T(cvals(r, C64, [4]))))
        cs.append(C("ComplexFloat into Float out", outs=[Out(F32)], condition=T(m), self=T(cvals(r, C64, [4])),
                    other=T(cvals(r, C64, [4]))))
        cs.append(C("Float and ComplexFloat", condition=T(m), self=T(G.vals(r, F32, [3, 4])), other=T(cvals(r, C64, [4]))))
        cs.append(C("ComplexFloat channels-last", condition=T(mc, CL), self=T(x, CL), other=T(x)))
    if op == "full.out":
        cs.append(C("ComplexFloat channels-last out", outs=[Out(C64, dim_order=CL)], size=[2, 3, 2, 2], fill_value=0.5))
    if op == "select_scatter.out":
        cs.append(C("Float self, ComplexFloat src (its real part)", self=T(G.vals(r, F32, [3, 4])),
                    src=T(cvals(r, C64, [4])), dim=0, index=2))
        cs.append(C("ComplexFloat self, Float src", self=T(cvals(r, C64, [3, 4])), src=T(G.vals(r, F32, [4])), dim=0,
                    index=1))
    return cs


def ops():
    for n in ("aten::view_as_real_copy.out", "aten::_fft_r2c.out", "aten::_fft_c2r.out"):
        G.NOT_ELEMENTWISE.add(n)
    cx = "@complex"
    return [
        ("view_as_real_copy.out", "exact", lambda: gen_view_as_real("view_as_real_copy.out"), False),
        ("_fft_r2c.out", "exact", lambda: gen_r2c("_fft_r2c.out"), False),
        ("_fft_c2r.out", "exact", lambda: gen_c2r("_fft_c2r.out"), False),
        ("_conj_physical.out" + cx, "exact", lambda: gen_conj("_conj_physical.out"), False),
        ("clone.out" + cx, "exact", lambda: copies("clone.out", lambda x: dict(self=x)), False),
        ("alias_copy.out" + cx, "exact", lambda: copies("alias_copy.out", lambda x: dict(self=x)), False),
        ("permute_copy.out" + cx, "exact",
         lambda: copies("permute_copy.out", lambda x: dict(self=x, dims=list(range(x.t.dim()))[::-1])), False),
        ("transpose_copy.int_out" + cx, "exact",
         lambda: copies("transpose_copy.int_out", lambda x: dict(self=x, dim0=0, dim1=-1)), False),
        ("view_copy.out" + cx, "exact",
         lambda: copies("view_copy.out", lambda x: dict(self=x, size=[-1]), orders=False), False),
        ("select_copy.int_out" + cx, "exact",
         lambda: copies("select_copy.int_out", lambda x: dict(self=x, dim=1, index=-1), orders=False), False),
        ("slice_copy.Tensor_out" + cx, "exact",
         lambda: copies("slice_copy.Tensor_out", lambda x: dict(self=x, dim=2, start=1, end=None, step=2)), False),
        ("flip.out" + cx, "exact", lambda: copies("flip.out", lambda x: dict(self=x, dims=[0, -1]), half=False)
         + gen_flip_half("flip.out"), False),
        ("roll.out" + cx, "exact", lambda: copies("roll.out", lambda x: dict(self=x, shifts=[1, -2], dims=[0, 2])), False),
        ("repeat.out" + cx, "exact",
         lambda: copies("repeat.out", lambda x: dict(self=x, repeats=[1, 2, 1, 1][:x.t.dim()] + [1] * max(0, x.t.dim() - 4)),
                        orders=False), False),
        ("unsqueeze_copy.out" + cx, "exact",
         lambda: copies("unsqueeze_copy.out", lambda x: dict(self=x, dim=1), orders=False), False),
        ("expand_copy.out" + cx, "exact",
         lambda: copies("expand_copy.out", lambda x: dict(self=x, size=[2] + list(x.t.shape)), orders=False), False),
        ("cat.out" + cx, "exact", lambda: cat_like("cat.out"), False),
        ("stack.out" + cx, "exact", lambda: cat_like("stack.out"), False),
        ("unbind_copy.int_out" + cx, "exact", lambda: gen_unbind("unbind_copy.int_out"), "self"),
        ("index_select.out" + cx, "exact", lambda: gen_index_select("index_select.out"), False),
        ("gather.out" + cx, "exact", lambda: gen_gather("gather.out"), False),
        ("index_put.out" + cx, "exact", lambda: gen_index_put("index_put.out"), False),
        ("index_put_" + cx, "exact", lambda: gen_index_put("index_put_"), False),
        ("scatter.src_out" + cx, "exact", lambda: gen_scatter("scatter.src_out", "src"), False),
        ("scatter.value_out" + cx, "exact", lambda: gen_scatter("scatter.value_out", "value"), False),
        ("scatter_add.out" + cx, "exact", lambda: gen_scatter("scatter_add.out", "add"), False),
        ("scatter_reduce.two_out" + cx, "exact", lambda: gen_scatter("scatter_reduce.two_out", "reduce"), False),
        ("copy.out" + cx, "exact", lambda: gen_copy_cx("copy.out", False), "src"),
        ("copy_" + cx, "exact", lambda: gen_copy_cx("copy_", True), "src"),
        ("_to_copy.out" + cx, "exact", lambda: gen_to_copy_cx("_to_copy.out", False), "self"),
        ("dim_order_ops::_to_dim_order_copy.out" + cx, "exact",
         lambda: gen_to_copy_cx("_to_dim_order_copy.out", True), "self"),
        ("dim_order_ops::_clone_dim_order.out" + cx, "exact",
         lambda: gen_to_copy_cx("_clone_dim_order.out", True), None),
    ] + [(op + cx, "exact", lambda op=op: gen_reduce_cx(op), False) for op in REDUCE_OPS] \
      + [(op + cx, "exact", lambda op=op: gen_misc_cx(op), "self" if "split" in op else False) for op in MISC_OPS] \
      + [(ns + op + cx, "exact", lambda op=op: gen_misc_cx(op), False) for ns, op in (
          ("dim_order_ops::", "_empty_dim_order.out"), ("et_copy::", "_h2d_copy.out"), ("et_copy::", "_d2h_copy.out"))]


REDUCE_OPS = ["sum.IntList_out", "mean.out", "mean.dtype_out", "prod.int_out", "prod.out", "cumsum.out",
              "var.correction_out", "var.out", "var_mean.correction_out", "any.all_out", "any.dims_out", "any.out",
              "amax.out", "amin.out", "argmax.out", "argmin.out", "max.dim_max", "min.dim_min", "max.unary_out",
              "min.unary_out", "topk.values", "sort.values_stable", "sort.values"]
MISC_OPS = ["full.out", "full_like.out", "zeros.out", "ones.out", "empty.out", "fill.Scalar_out", "fill.Tensor_out",
            "masked_fill.Scalar_out", "masked_select.out", "masked_scatter.out", "nonzero.out", "tril.out",
            "unfold_copy.out", "where.self_out", "select_scatter.out", "slice_scatter.out", "index.Tensor_out",
            "as_strided_copy.out", "diagonal_copy.out", "narrow_copy.out", "squeeze_copy.dim_out",
            "squeeze_copy.dims_out", "t_copy.out", "split_copy.Tensor_out", "split_with_sizes_copy.out",
            "arange.out", "arange.start_out", "bucketize.Tensor_out", "searchsorted.Tensor_out"]
