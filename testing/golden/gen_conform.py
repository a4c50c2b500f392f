"""Golden cases for the behaviours of issue 28 (items 3-7) and the classes behind them, each in
its own file next to the op's main one: `aten__<op>.<tag>.safetensors` (`scatter_add.out@lowp`
in gen.OPS() selects it, as `@complex` does for gen_complex.py). Registered in gen.py's OPS()
by `ops += gen_conform.ops()`.

- `@lowp` (item 3): Half / BFloat16 scatter accumulation. ATen 2.13's CPU scatter kernels
  (`scatter_add`, `scatter_reduce` sum / prod / mean) reduce in Float and round each element
  once; a mean divides the rounded sum. Values are chosen so that the Float reduction is exact
  in any order (few significant bits) while rounding after every step would differ: the cases
  are exact. `index_put` with accumulate adds in the tensor's own dtype, one rounding per
  addition (its CPU kernel is serial in index order), and `_embedding_bag` sums in Float and
  rounds once: both are covered here too, exact.
- `_pdist_forward.out@nd` (item 4): inputs of more than two dims, which ATen takes as
  `N = size(0)` rows of `M = size(1)` elements of the contiguous memory; a non-contiguous one
  and a 1-D one are rejections. (An empty input of 3+ dims with N >= 2 and M > 0 makes ATen
  read past the tensor: not generated.)
- `convolution.out@bias` (item 5): a bias of another real dtype than the input's (Double,
  Half, BFloat16, Long, Bool with a Float input; Float with Double, Half and integer inputs):
  ATen's native CPU kernels convert it to the input's dtype (the result keeps the input's).
  Only calls ATen sends to those kernels are generated: its oneDNN path, chosen by batch size,
  groups, kernel size, thread count and the CPU's BFloat16/Half support, rejects a mixed
  bias instead (a depthwise or batched Float call; BFloat16 on an AVX-512 machine); etk
  accepts those too. Tolerances are gen_convolution's bounds.
- `_fft_r2c.out@twosided` (item 7): the two-sided transform into every out dtype. ATen fills
  the second half by conjugate symmetry in the out itself, which it implements for
  ComplexFloat / ComplexDouble only: every other out dtype (real, Half, ComplexHalf, integer)
  is a rejection (one-sided into those is accepted, a copy: gen_complex.py). `_fft_c2r`'s out
  dtypes (all accepted, a copy) are gen_complex.py's.
- `<op>@outdtype` (item 6): pointwise ops, glu, softmax and copies into an out of another
  floating dtype than the one they compute in (Float into Double and Half, Half and BFloat16
  into Float and Double, Double into Float). ATen computes in the inputs' dtype and converts
  the result, so values that overflow or underflow in that dtype (exp(89) in Float is inf,
  exp(12) in Half is inf, a Double beyond Float's range converts to inf) must do so here too:
  the tolerance is the op's usual relative one for the less precise of the two dtypes with
  no absolute term, which an implementation computing in the out's dtype fails on those
  values (the remaining elements are random).
- `quantized_decomposed::<op>@uint16` (item 8): UInt16 as the quantized dtype, as torch's
  reference ops take it: quantize / dequantize per tensor (both overloads), quantize per
  channel, per token and per channel group, choose_qparams; the dequantize ops that subtract
  zero-point tensors first (per channel, per token, per channel group) take a UInt16 input
  with floating zero points or none, and reject integer ones as torch does (no promotion of
  UInt16 with an integer dtype). Exact, as gen_quant.py. `choose_qparams.Tensor_out@bounds`:
  bounds past the dtype's range, which torch's choose_qparams does not check.
- `quantized_decomposed::<op>@static_out` (item 8): every quantized op with a static out (an
  extension of FORMAT.md: `"static": true`) of the right element count but another shape
  (`[3, 2]` for `[2, 3]`): a shape error, as for every out. Built from the first accepted
  case of each op in gen_quant.py.
"""

import torch

import gen
from gen import T, C, Out, NAME, F16, BF16, F32, F64, I32, I64, CL, rng_for

A = torch.ops.aten
LOWP = [F16, BF16]


def lowp_vals(r, dt, shape, kind="sum"):
    """Values with few significant bits: sums of a dozen (sum) or products of four (prod) are
    exact in Float, and the partial sums / products need more bits than `dt` has."""
    if kind == "prod":
        # three significant bits (1, 1.25, 1.5, 1.75 times 1/2, 1 or 2): a product of seven is
        # exact in Float, one of four needs more bits than Half has (three than BFloat16)
        m = r.choice(list(shape), [1.0, 1.25, 1.5, 1.75]) * r.choice(list(shape), [0.5, 1.0, 2.0])
        return (m * r.sign(list(shape))).to(dt)
    # k / 64 in [-4, 4] (Half) or k / 16 (BFloat16): partial sums past 16 / 4 round
    den = 64.0 if dt == F16 else 16.0
    k = r.randint(list(shape), -256 if dt == F16 else -64, 256 if dt == F16 else 64).to(F64)
    return (k / den + (16.0 if dt == F16 else 4.0) * r.sign(list(shape)).clamp(min=0)).to(dt)


def gen_scatter_lowp(op, reduce_op):
    """scatter_add / scatter_reduce of Half and BFloat16 where many sources land on one element."""
    r = rng_for(op, "lowp")
    cs = []
    reds = [None] if not reduce_op else ["sum", "prod", "mean", "amax", "amin"]

    def add(note, x, dim, idx, src, red, inc, xorder=None, outs=None):
        kw = dict(self=T(x, xorder), dim=dim, index=T(idx), src=T(src))
        if red is not None:
            kw.update(reduce=red, include_self=inc)
            note = "%s, reduce=%s include_self=%s" % (note, red, inc)
        cs.append(C(note, outs=outs, tol="exact", **kw))

    for dt in LOWP:
        for red in reds:
            kind = "prod" if red == "prod" else "sum"
            for inc in ((True, False) if red else (True,)):
                # dim 0 with more index rows than self: 6 sources per element
                x = lowp_vals(r, dt, [2, 5], kind)
                idx = torch.tensor([[0, 1, 0, 1, 0], [1, 0, 1, 0, 1]] * 6)
                add("%s dim 0, 12 index rows into 2" % NAME[dt], x, 0, idx, lowp_vals(r, dt, [12, 5], kind),
                    red, inc)
                # dim 1 (last), repeats along the row
                x = lowp_vals(r, dt, [3, 2], kind)
                idx = gen_index_rows(r, [3, 8], 2)
                add("%s dim 1, 8 sources into 2 per row" % NAME[dt], x, 1, idx, lowp_vals(r, dt, [3, 8], kind),
                    red, inc)
                # channels-last self, dim 1 (channels), and a resized out
                x = lowp_vals(r, dt, [2, 2, 2, 3], kind)
                idx = gen_index_rows(r, [2, 6, 2, 3], 2, dim=1)
                src = lowp_vals(r, dt, [2, 6, 2, 3], kind)
                add("%s channels-last self, dim 1" % NAME[dt], x, 1, idx, src, red, inc, xorder=CL)
                add("%s resized out, dim 1" % NAME[dt], x, 1, idx, src, red, inc, outs=[Out(shape=[0])])
    return cs


def gen_index_rows(r, shape, hi, dim=-1):
    """Random indices in [0, hi) with every value present along `dim` (many repeats)."""
    t = r.randint(list(shape), 0, hi - 1).to(I64)
    t.select(dim, 0).fill_(0)
    t.select(dim, 1).fill_(hi - 1)
    return t


def gen_index_put_lowp(op):
    """index_put accumulate in Half / BFloat16: one rounding per addition, in index order."""
    r = rng_for(op, "lowp")
    cs = []
    for dt in LOWP:
        x = lowp_vals(r, dt, [3, 4])
        idx = torch.tensor([0, 2, 0, 0, 2, 1, 0, 2])
        cs.append(C("%s rows, repeated" % NAME[dt], tol="exact", self=T(x),
                    indices=gen_index.OptTs([T(idx)]), values=T(lowp_vals(r, dt, [8, 4])), accumulate=True))
        cs.append(C("%s elements, repeated" % NAME[dt], tol="exact", self=T(x),
                    indices=gen_index.OptTs([T(idx), T(torch.tensor([1, 3, 1, 1, 3, 0, 1, 3]))]),
                    values=T(lowp_vals(r, dt, [8])), accumulate=True))
        cs.append(C("%s broadcast value" % NAME[dt], tol="exact", self=T(x),
                    indices=gen_index.OptTs([T(idx)]), values=T(lowp_vals(r, dt, [4])), accumulate=True))
    return cs


def gen_embedding_bag_lowp(op):
    """_embedding_bag sum / mean of Half / BFloat16: Float sums rounded once."""
    r = rng_for(op, "lowp")
    cs = []
    for dt in LOWP:
        w = lowp_vals(r, dt, [4, 3])
        idx = torch.tensor([0, 1, 2, 3, 0, 1, 2, 3, 3, 3, 1, 0])
        for mode in (0, 1):
            for off in (torch.tensor([0, 5]), torch.tensor([0, 12])):
                try:
                    outs = [Out(t.dtype, list(t.shape)) for t in A._embedding_bag(w, idx, off, False, mode)]
                except Exception:
                    continue
                cs.append(C("%s mode %d, bags from %s" % (NAME[dt], mode, off.tolist()), outs=outs, tol="exact",
                            weight=T(w), indices=T(idx), offsets=T(off), scale_grad_by_freq=False, mode=mode,
                            sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=-1))
    return cs


def gen_pdist_nd(op):
    r = rng_for(op, "nd")
    cs = []
    for dt in (F32, F64):
        tol = {"rtol": 1e-5, "atol": 1e-6} if dt == F32 else {"rtol": 1e-12, "atol": 1e-12}
        for shape in ([2, 5, 4], [3, 2, 4], [2, 2, 2, 2], [4, 1, 3], [1, 5, 4], [3, 0, 2], [3, 2, 1, 2]):
            for p in (2.0, 1.0, 0.0, float("inf"), 3.0):
                x = r.randn(shape).to(dt)
                cs.append(C("%s %s p=%s" % (NAME[dt], shape, p), tol=tol, self=T(x), p=p))
        x = r.randn([2, 3, 2, 2]).to(dt)
        cs.append(C("%s channels-last [2, 3, 2, 2] (not contiguous)" % NAME[dt], self=T(x, CL), p=2.0))
        cs.append(C("%s 1-d" % NAME[dt], self=T(r.randn([5]).to(dt)), p=2.0))
    return cs


def gen_conv_bias(op):
    import gen_convolution
    r = rng_for(op, "bias")
    cs = []

    def case(note, x, w, b, stride=(1, 1), padding=(0, 0), dilation=(1, 1), transposed=False, op_=(0, 0)):
        k = x.dim() - 2
        st, pd, dl, opd = [list(v)[:1] * k if len(v) == 1 else list(v)[:k] for v in (stride, padding, dilation, op_)]
        tol = gen_convolution.conv_tol(x.dtype, x, w, b.to(x.dtype) if x.dtype.is_floating_point else b.double(),
                              st, pd, dl, transposed, opd, 1)
        cs.append(C(note, tol=tol, input=T(x), weight=T(w), bias=T(b), stride=st, padding=pd, dilation=dl,
                    transposed=transposed, output_padding=opd, groups=1))

    x = r.randn([1, 3, 6, 6]).to(F32)
    w = r.randn([4, 3, 3, 3]).to(F32)
    for bdt in (F64, F16, BF16, I64, gen.B_, I32):
        b = (r.randn([4]) * 3).to(bdt)
        case("Float input, %s bias" % NAME[bdt], x, w, b)
    b = r.randn([4]).to(F64) / 10 + 0.1
    case("Float input, Double bias, stride 2", x, w, b, stride=(2, 2))
    case("Float input, Double bias, dilation 2, padding 1", x, w, b, padding=(1, 1), dilation=(2, 2))
    case("Float 1-d input, Double bias", x[:, :, 0], w[:, :, 0], b, stride=(1,), padding=(0,), dilation=(1,),
         op_=(0,))
    case("Float 3-d input, Double bias", x[:, :, :3, :, None].expand(1, 3, 3, 6, 2).contiguous(),
         w[:, :, :2, :, None].expand(4, 3, 2, 3, 2).contiguous(), b, stride=(1,), padding=(0,), dilation=(1,),
         op_=(0,))
    case("Float transposed, Double bias", x, r.randn([3, 4, 3, 3]).to(F32), b, transposed=True)
    case("Double input, Float bias", x.to(F64), w.to(F64), b.to(F32))
    case("Half input, Float bias", x.to(F16), w.to(F16), b.to(F32))
    case("Half input, Double bias", x.to(F16), w.to(F16), b)
    xi, wi = (x * 3).round().to(I64), (w * 3).round().to(I64)
    case("Long input, Float bias (converted: 2.5 -> 2)", xi, wi, torch.tensor([2.5, -1.5, 3.0, 0.25]))
    case("Int input, Double bias", xi.to(I32), wi.to(I32), torch.tensor([2.5, -1.5, 3.0, 7.75], dtype=F64))
    return cs


def gen_r2c_twosided(op):
    import gen_complex
    r = rng_for(op, "twosided")
    cs = []
    x = torch.tensor([[1.0, 0.0, 0.0, 0.0, 2.0], [0.0, 2.0, 0.0, 0.0, 1.0], [3.0, 1.0, 3.0, 1.0, 0.0]])
    C32, C64, C128 = gen.C32, gen.C64, gen.C128
    for dt in (F32, F64):
        for odt in (C64, C128, C32, F32, F64, F16, BF16, I32, I64, gen.U8, gen.B_):
            for dims in ([1], [0, 1]):
                cs.append(gen_complex.fft_case("r2c", "%s self, %s out, two-sided over %s" % (NAME[dt], NAME[odt], dims),
                                               outs=[Out(odt)], self=T(x.to(dt)), dim=dims, normalization=0,
                                               onesided=False))
    cs.append(gen_complex.fft_case("r2c", "two-sided, random values, resized Float out", outs=[Out(F32, [0])],
                                   self=T(r.randn([2, 6]).to(F32)), dim=[1], normalization=2, onesided=False))
    return cs


OUT_PAIRS = ((F32, F64), (F32, F16), (F16, F32), (F16, F64), (BF16, F32), (F64, F32))
EXTREMES = {F32: [89.0, -89.0, 100.0, -100.0, 3e38, -3e38, 1e-38, -1e-38, 1e-45, 40.0],
            F16: [12.0, -12.0, 20.0, -20.0, 6e4, -6e4, 1e-7, -6e-8, 11.1, 4.0],
            BF16: [89.0, -89.0, 100.0, -100.0, 3e38, -3e38, 1e-38, -1e-38, 40.0, 2.0],
            F64: [1e39, -1e39, 1e-46, -1e-46, 710.0, -745.0, 89.0, -104.0, 4e38, 0.5]}


def out_vals(r, dt, dom, n=30, tiny=True):
    x = r.randn([n]) * 3
    if dom == "unit":
        x = (x / 4).clamp(-0.999, 0.999)
    elif dom in ("ge1", "pos"):
        x = x.abs() + (1.0 if dom == "ge1" else 0.01)
    elif dom == "prob":
        x = torch.sigmoid(x)
    ext = torch.tensor(EXTREMES[dt], dtype=F64)
    if dom in ("ge1", "pos"):
        ext = ext.abs()
    if dom == "prob":
        ext = ext[:0]
    if not tiny:
        ext = ext[ext.abs() >= 1e-3]
    return torch.cat([x, ext]).to(dt)


def out_tol(cat, idt, odt):
    if cat != "trans" and cat != "arith":
        return "exact"
    dt = min([idt, odt], key=gen.PREC_ORDER.index)
    return {"rtol": gen.TOLS[cat][dt][0], "atol": 0.0}


def gen_out_dtype(op, cat, make):
    """make(r, idt, dom) -> kwargs of one case; one case per (input, out) dtype pair."""
    r = rng_for(op, "outdtype")
    return [C("%s computed, %s out" % (NAME[a], NAME[b]), outs=[Out(b)], tol=out_tol(cat, a, b), **make(r, a))
            for a, b in OUT_PAIRS]


def out_dtype_ops():
    U = lambda dom, tiny=True, **kw: (lambda r, dt: dict(self=T(out_vals(r, dt, dom, tiny=tiny)), **kw))
    B = lambda dom_b="any", names=("self", "other"), **kw: (
        lambda r, dt: {names[0]: T(out_vals(r, dt, "any")), names[1]: T(out_vals(r, dt, dom_b).flip(0)), **kw})
    out = []
    for name, (dom, _, _) in gen.UNARY_FLOAT.items():
        dom = {"small": "any", "trig": "any"}.get(dom, dom)
        # ATen's vectorized erf and log1p flush tiny (subnormal) results to 0: not this class
        out.append((name + ".out", "trans", U(dom, tiny=name not in ("erf", "log1p"))))
    for name in ("abs", "neg", "ceil", "floor", "trunc", "round", "sign", "relu"):
        out.append((name + ".out", "exact", U("any")))
    for name in ("add.out", "sub.out", "mul.out", "div.out", "fmod.Tensor_out", "remainder.Tensor_out",
                 "floor_divide.out"):
        out.append((name, "arith", B("pos" if name[:3] in ("div", "fmo", "rem", "flo") else "any")))
    out += [("maximum.out", "exact", B()), ("minimum.out", "exact", B()), ("atan2.out", "trans", B()),
            ("pow.Tensor_Tensor_out", "trans", B("pos", names=("self", "exponent"))),
            ("add.Scalar_out", "arith", U("any", other=0.1, alpha=1)),
            ("mul.Scalar_out", "arith", U("any", other=3.5)),
            ("div.Scalar_out", "arith", U("any", other=0.3)),
            ("pow.Tensor_Scalar_out", "trans", U("pos", exponent=2.5)),
            ("clamp.out", "exact", U("any", min=-1.3, max=2.1)),
            ("hardtanh.out", "exact", U("any", min_val=-1.3, max_val=2.1)),
            ("leaky_relu.out", "arith", U("any", negative_slope=0.1)),
            ("elu.out", "trans", U("any", alpha=1.3, scale=1.1, input_scale=0.9)),
            ("gelu.out", "trans", U("any", approximate="none")),
            ("logit.out", "trans", U("prob", eps=None)),
            ("glu.out", "trans", U("any", dim=-1)),
            ("_to_copy.out", "exact", U("any")),
            # half_to_float: a Half input into a Float out, computed in Float (others rejected)
            ("_softmax.out", "trans", lambda r, dt: dict(self=T(out_vals(r, dt, "any").reshape(4, 10)), dim=1,
                                                         half_to_float=True)),
            ("_log_softmax.out", "trans", lambda r, dt: dict(self=T(out_vals(r, dt, "any").reshape(4, 10)), dim=0,
                                                             half_to_float=True)),
            ("where.self_out", "exact", lambda r, dt: dict(condition=T(r.randint([40], 0, 1).bool()),
                                                           self=T(out_vals(r, dt, "any")),
                                                           other=T(out_vals(r, dt, "any").flip(0))))]
    return [(n + "@outdtype", cat, (lambda n=n, cat=cat, mk=mk: gen_out_dtype(n, cat, mk)), None)
            for n, cat, mk in out]


def quant_uint16_ops():
    import gen_quant as GQ
    Case, Q, mat = GQ.Case, GQ.Q, GQ.mat
    U16 = torch.uint16
    gen.NAME[U16] = "UInt16"
    P = "quantized_decomposed::"

    def qpt(op, tensor_form):
        g = GQ.G(op + "uint16")
        cs = []

        def add(note, x, scale, zp, qmin, qmax, out=None):
            args = GQ._qpt_args(tensor_form, x, scale, zp, qmin, qmax, U16)
            xv = mat(x)
            fn = (lambda: Q.quantize_per_tensor.default(xv, scale, zp, qmin, qmax, U16))
            cs.append(Case(note, args, [out or (U16, None, None)], fn))

        for xdt in (F32, F16, BF16):
            for scale, zp in ((0.05, 0), (0.01, 32768), (0.3, 100), (1.7, 65535)):
                add("%s -> UInt16 scale %g zp %d" % (NAME[xdt], scale, zp), T((g.randn([3, 5], 300.0)).to(xdt)),
                    scale, zp, 0, 65535)
        add("ties to even", T(GQ.ties(0.25, 6).to(F32)), 0.25, 10, 0, 65535)
        add("saturating", T(g.randn([4, 6], 5000.0).to(F32)), 0.01, 30000, 0, 65535)
        add("narrow range [100, 40000]", T(g.randn([7], 300.0).to(F32)), 0.02, 20000, 100, 40000)
        add("channels-last input and out", T(g.randn([2, 3, 2, 2], 30.0).to(F32), CL), 0.03, 1000, 0, 65535,
            out=(U16, [2, 3, 2, 2], CL))
        add("quant_max past UInt16", T(g.randn([4]).to(F32)), 0.1, 0, 0, 65536)
        add("negative quant_min", T(g.randn([4]).to(F32)), 0.1, 0, -1, 65535)
        return cs

    def dqpt(op, tensor_form):
        g = GQ.G(op + "uint16")
        cs = []
        for odt in (None, F32, F16, BF16, F64):
            for scale, zp in ((0.05, 0), (0.0123, 32768), (3.3, 1)):
                q = T(g.ints([3, 5], 0, 65535).to(U16))
                args = GQ._qpt_args(tensor_form, q, scale, zp, 0, 65535, U16) + [("out_dtype", odt)]
                qv = mat(q)
                fn = (lambda qv=qv, scale=scale, zp=zp, odt=odt:
                      Q.dequantize_per_tensor.default(qv, scale, zp, 0, 65535, U16, out_dtype=odt))
                cs.append(Case("UInt16 -> %s scale %g zp %d" % (NAME[odt] if odt else "None", scale, zp), args,
                               [(odt or F32, None, None)], fn))
        return cs

    def qpc():
        g = GQ.G("qpc_uint16")
        cs = []
        for axis in (0, 1):
            x = T(g.randn([3, 4], 200.0).to(F32))
            n = 3 if axis == 0 else 4
            sc = (torch.rand(n, generator=g.g, dtype=F64) * 0.1 + 0.01).to(F32)
            zp = g.ints([n], 0, 60000)
            args = [("input", x), ("scales", T(sc)), ("zero_points", T(zp)), ("axis", axis), ("quant_min", 0),
                    ("quant_max", 65535), ("dtype", U16)]
            xv = mat(x)
            fn = (lambda xv=xv, sc=sc, zp=zp, axis=axis: Q.quantize_per_channel.default(xv, sc, zp, axis, 0, 65535, U16))
            cs.append(Case("axis %d" % axis, args, [(U16, None, None)], fn))
        return cs

    def dqpc():
        g = GQ.G("dqpc_uint16")
        cs = []
        q = T(g.ints([3, 4], 0, 65535).to(U16))
        sc = (torch.rand(3, generator=g.g, dtype=F64) * 0.1 + 0.01).to(F32)
        for note, zp in (("no zero points", None), ("Float zero points", torch.tensor([1.5, 300.0, -2.0])),
                         ("Long zero points (torch: no UInt16 promotion)", torch.tensor([1, 300, 2])),
                         ("Int zero points", torch.tensor([1, 300, 2], dtype=I32))):
            for odt in (None, F16):
                args = [("input", q), ("scales", T(sc)), ("zero_points", None if zp is None else T(zp)), ("axis", 0),
                        ("quant_min", 0), ("quant_max", 65535), ("dtype", U16), ("out_dtype", odt)]
                qv = mat(q)
                fn = (lambda zp=zp, odt=odt, qv=qv: Q.dequantize_per_channel.default(qv, sc, zp, 0, 0, 65535, U16,
                                                                                    out_dtype=odt))
                cs.append(Case("%s, out_dtype %s" % (note, NAME[odt] if odt else None), args,
                               [(odt or F32, None, None)], fn))
        return cs

    def qptok():
        g = GQ.G("qptok_uint16")
        x = T(g.randn([2, 3, 5], 300.0).to(F32))
        sc = (torch.rand([2, 3, 1], generator=g.g, dtype=F64) * 0.1 + 0.01)
        zp = g.ints([2, 3, 1], 0, 60000)
        args = [("input", x), ("scales", T(sc)), ("zero_points", T(zp)), ("quant_min", 0), ("quant_max", 65535),
                ("dtype", U16)]
        xv = mat(x)
        return [Case("UInt16 tokens", args, [(U16, None, None)],
                     lambda: Q.quantize_per_token.default(xv, sc, zp, 0, 65535, U16))]

    def dqptok():
        g = GQ.G("dqptok_uint16")
        cs = []
        q = T(g.ints([2, 5], 0, 65535).to(U16))
        sc = torch.rand([2, 1], generator=g.g, dtype=F64) * 0.1 + 0.01
        for note, zp in (("Float zero points", torch.tensor([[1.5], [300.0]])),
                         ("Long zero points (torch: no UInt16 promotion)", torch.tensor([[1], [300]]))):
            args = [("input", q), ("scales", T(sc)), ("zero_points", T(zp)), ("quant_min", 0), ("quant_max", 65535),
                    ("dtype", U16), ("output_dtype", F32)]
            qv = mat(q)
            cs.append(Case(note, args, [(F32, None, None)],
                           lambda zp=zp, qv=qv: Q.dequantize_per_token.default(qv, sc, zp, 0, 65535, U16, F32)))
        return cs

    def qpcg():
        g = GQ.G("qpcg_uint16")
        x = T(g.randn([2, 8], 300.0).to(F32))
        sc = (torch.rand([4], generator=g.g, dtype=F64) * 0.1 + 0.01).to(F32)
        zp = g.ints([4], 0, 60000)
        args = [("input", x), ("scales", T(sc)), ("zero_points", T(zp)), ("quant_min", 0), ("quant_max", 65535),
                ("dtype", U16), ("group_size", 4)]
        xv = mat(x)
        return [Case("UInt16 groups of 4", args, [(U16, None, None)],
                     lambda: Q.quantize_per_channel_group.default(xv, sc, zp, 0, 65535, U16, 4))]

    def dqpcg():
        g = GQ.G("dqpcg_uint16")
        cs = []
        q = T(g.ints([2, 8], 0, 65535).to(U16))
        sc = (torch.rand([4], generator=g.g, dtype=F64) * 0.1 + 0.01).to(F32)
        for note, zp in (("no zero points", None), ("Float zero points", torch.tensor([1.5, 3.0, -2.0, 0.5])),
                         ("Long zero points (torch: no UInt16 promotion)", torch.tensor([1, 3, 2, 0]))):
            args = [("input", q), ("scales", T(sc)), ("zero_points", None if zp is None else T(zp)),
                    ("quant_min", 0), ("quant_max", 65535), ("dtype", U16), ("group_size", 4), ("output_dtype", F32)]
            qv = mat(q)
            cs.append(Case(note, args, [(F32, None, None)],
                           lambda zp=zp, qv=qv: Q.dequantize_per_channel_group.default(qv, sc, zp, 0, 65535, U16, 4,
                                                                                        F32)))
        return cs

    def cq():
        g = GQ.G("cq_uint16")
        cs = []
        for qmin, qmax in ((0, 65535), (0, 1000), (7, 60000)):
            x = T(g.randn([3, 4], 5.0).to(F32))
            args = [("input", x), ("quant_min", qmin), ("quant_max", qmax), ("eps", 1e-5), ("dtype", U16)]
            xv = mat(x)
            cs.append(Case("UInt16 [%d, %d]" % (qmin, qmax), args, [(F64, [1], None), (I64, [1], None)],
                           lambda xv=xv, qmin=qmin, qmax=qmax: Q.choose_qparams.tensor(xv, qmin, qmax, 1e-5, U16)))
        return cs

    def cq_bounds():
        # torch checks only that the range holds 0 and is not empty, not against the dtype's
        # (neither does ExecuTorch); past int32 its clamp of the Int zero point fails
        g = GQ.G("cq_bounds")
        cs = []
        for dt, qmin, qmax in ((gen.I8, -200, 300), (gen.U8, -5, 1000), (U16, 0, 65536), (gen.I16, -40000, 10),
                               (I32, -2 ** 31, 2 ** 31 - 1), (gen.I8, -2 ** 40, 2 ** 40), (gen.I8, 3, 100)):
            x = T(g.randn([3, 4], 5.0).to(F32))
            args = [("input", x), ("quant_min", qmin), ("quant_max", qmax), ("eps", 1e-5), ("dtype", dt)]
            xv = mat(x)
            cs.append(Case("%s [%d, %d]" % (NAME[dt], qmin, qmax), args, [(F64, [1], None), (I64, [1], None)],
                           lambda xv=xv, qmin=qmin, qmax=qmax, dt=dt: Q.choose_qparams.tensor(xv, qmin, qmax, 1e-5,
                                                                                              dt)))
        return cs

    return [
        (P + "choose_qparams.Tensor_out@bounds", "quant", cq_bounds, None),
        (P + "quantize_per_tensor.out@uint16", "quant", lambda: qpt("qpt", False), None),
        (P + "quantize_per_tensor.Tensor_out@uint16", "quant", lambda: qpt("qptt", True), None),
        (P + "dequantize_per_tensor.out@uint16", "quant", lambda: dqpt("dqpt", False), None),
        (P + "dequantize_per_tensor.Tensor_out@uint16", "quant", lambda: dqpt("dqptt", True), None),
        (P + "quantize_per_channel.out@uint16", "quant", qpc, None),
        (P + "dequantize_per_channel.out@uint16", "quant", dqpc, None),
        (P + "quantize_per_token.out@uint16", "quant", qptok, None),
        (P + "dequantize_per_token.out@uint16", "quant", dqptok, None),
        (P + "quantize_per_channel_group.out@uint16", "quant", qpcg, None),
        (P + "dequantize_per_channel_group.out@uint16", "quant", dqpcg, None),
        (P + "choose_qparams.Tensor_out@uint16", "quant", cq, None),
    ]


def quant_static_out_ops():
    """Each quantized op's first accepted case, its outs static and reshaped (same count)."""
    import gen_quant as GQ
    rows = []
    for name, cat, g, conv in GQ.ops():
        def make(g=g, name=name):
            for c in g():
                if c.error:
                    continue
                try:
                    res = c.fn()
                except Exception:
                    continue
                res = res if isinstance(res, (tuple, list)) else (res,)
                outs = []
                for (dt, _, _), t in zip(c.outs, res):
                    shape = list(t.shape)
                    other = shape[::-1] if shape[::-1] != shape else shape + [1]
                    outs.append((dt, other, None))
                bad = GQ.Case(c.note + "; static outs of shapes %s" % [o[1] for o in outs], c.args, outs, c.fn,
                              error=True)
                bad.static_outs = True
                return [bad]
            return []
        rows.append((name + "@static_out", cat, make, conv))
    return rows


def ops():
    global gen_index
    import gen_index
    lowp = ["aten::scatter_add.out", "aten::scatter_reduce.two_out", "aten::index_put.out",
            "aten::_embedding_bag.out", "aten::_pdist_forward.out", "aten::convolution.out"]
    gen.NOT_ELEMENTWISE.update(lowp)
    return [
        ("scatter_add.out@lowp", "exact", lambda: gen_scatter_lowp("scatter_add.out", False), False),
        ("scatter_reduce.two_out@lowp", "exact", lambda: gen_scatter_lowp("scatter_reduce.two_out", True), False),
        ("index_put.out@lowp", "exact", lambda: gen_index_put_lowp("index_put.out"), False),
        ("_embedding_bag.out@lowp", "exact", lambda: gen_embedding_bag_lowp("_embedding_bag.out"), False),
        ("_pdist_forward.out@nd", "trans", lambda: gen_pdist_nd("_pdist_forward.out"), False),
        ("convolution.out@bias", "trans", lambda: gen_conv_bias("convolution.out"), False),
        ("_fft_r2c.out@twosided", "exact", lambda: gen_r2c_twosided("_fft_r2c.out"), False),
    ] + out_dtype_ops() + quant_uint16_ops() + quant_static_out_ops()
