"""Golden cases for the pooling family: max_pool{2,3}d_with_indices, avg_pool{2,3}d,
_adaptive_avg_pool{2,3}d and max_pool2d_with_indices_backward (registered in gen.py's OPS()).

Tolerances: max pooling and its indices are exact; average pooling and its gradient use gen.py's
"arith" band (ATen sums a window in the accumulation type, Float for Half/BFloat16, in scan
order, and divides once; adaptive pooling divides by each window length in turn); Long averages
truncate and are exact.
"""

import torch

import gen
from gen import ALL, B_, BF16, C, CL, F16, F32, F64, I16, I32, I64, I8, NAME, Out, T, U8, rng_for, vals

A = torch.ops.aten
CL3 = [0, 2, 3, 4, 1]
NAN, INF = float("nan"), float("inf")


def sp(k, v2, v3):
    """A shape or parameter list for k spatial dims."""
    return list(v2 if k == 2 else v3)


def mx(note, k, x, order=None, outs=None, **kw):
    """A max-pool case; both outs default to the functional's shape (indices Long)."""
    kw.setdefault("kernel_size", [2])
    return C(note, outs=outs or [Out(), Out(I64)], self=T(x, order), **kw)


# ----------------------------------------------------------------------------------------------
# shared parameter sweeps: (shape, kernel, stride, padding, dilation, ceil_mode)

def sweeps(k):
    if k == 2:
        return [
            ([2, 3, 7, 6], [2], [], [0], [1], False),
            ([2, 3, 7, 6], [3, 2], [2, 1], [1, 1], [1], False),
            ([2, 3, 7, 6], [3], [2], [1], [1], True),
            ([1, 2, 5, 5], [2], [2], [0], [1], True),
            ([1, 2, 5, 5], [3], [2], [1], [1], True),
            ([1, 2, 9, 8], [2, 3], [3, 2], [1, 1], [2, 1], False),
            ([1, 2, 9, 8], [3], [1], [1], [2], True),
            ([1, 2, 6, 6], [2], [4], [1], [2], True),
            ([1, 1, 1, 4], [1, 3], [1, 3], [0, 1], [1], True),
            ([2, 2, 4, 4], [4], [1], [2], [1], False),
            ([2, 2, 4, 4], [4], [3], [2], [1], True),
            ([1, 3, 5, 4], [1], [1], [0], [1], False),
            ([1, 3, 8, 3], [5, 1], [2, 1], [2, 0], [1], True),
            ([1, 2, 10, 7], [3, 3], [3, 2], [1, 0], [3, 2], False),
        ]
    return [
        ([2, 2, 5, 4, 6], [2], [], [0], [1], False),
        ([1, 2, 5, 4, 6], [3, 2, 2], [2, 1, 2], [1, 1, 0], [1], False),
        ([1, 2, 5, 5, 5], [3], [2], [1], [1], True),
        ([1, 1, 4, 6, 5], [2], [2], [1], [1], True),
        ([1, 2, 7, 6, 6], [2, 2, 3], [2, 3, 1], [1, 0, 1], [2, 1, 2], True),
        ([1, 1, 3, 3, 3], [1], [1], [0], [1], False),
        ([1, 1, 4, 4, 4], [4], [3], [2], [1], True),
    ]


def bad_params(k):
    """(note, kwargs) ATen rejects, for every window op (dilation only where it exists)."""
    n = [1] * k
    return [
        ("kernel 0", dict(kernel_size=[0])),
        ("negative kernel", dict(kernel_size=[2] * (k - 1) + [-2])),
        ("kernel list too long", dict(kernel_size=[2] * (k + 1))),
        ("empty kernel", dict(kernel_size=[])),
        ("stride 0", dict(kernel_size=[2], stride=[0])),
        ("negative stride", dict(kernel_size=[2], stride=[1] * (k - 1) + [-1])),
        ("stride list too long", dict(kernel_size=[2], stride=[1] * (k + 1))),
        ("padding above half the kernel", dict(kernel_size=[3], stride=[1], padding=[2])),
        ("padding above half in one dim", dict(kernel_size=[2] * (k - 1) + [3], stride=[1], padding=[1] * (k - 1) + [2])),
        ("negative padding", dict(kernel_size=[3], stride=[1], padding=[-1])),
        ("empty padding", dict(kernel_size=[3], stride=[1], padding=[])),
        ("padding list too long", dict(kernel_size=[3], stride=[1], padding=n + [0])),
        ("kernel larger than the input", dict(kernel_size=[9])),
        ("huge kernel", dict(kernel_size=[2 ** 62])),
        ("huge stride", dict(kernel_size=[2], stride=[2 ** 62])),
    ]


def input_cases(r, k, mk):
    """Rank, emptiness and dim-order cases shared by the pools; `mk(note, x, order)`."""
    cs = []
    bshape = sp(k, [2, 3, 6, 5], [2, 3, 4, 5, 4])
    ushape = bshape[1:]
    cs.append(mk("unbatched", vals(r, F32, ushape), None))
    cs.append(mk("unbatched Double", vals(r, F64, ushape), None))
    cs.append(mk("empty batch", vals(r, F32, [0] + bshape[1:]), None))
    z = list(bshape)
    z[1] = 0
    cs.append(mk("zero channels", vals(r, F32, z), None))
    cs.append(mk("unbatched zero channels", vals(r, F32, z[1:]), None))
    z = list(bshape)
    z[-1] = 0
    cs.append(mk("zero width", vals(r, F32, z), None))
    cs.append(mk("rank too small", vals(r, F32, ushape[1:]), None))
    cs.append(mk("rank too large", vals(r, F32, [1] + bshape), None))
    cl = CL if k == 2 else CL3
    others = [[0, 1, 3, 2], [0, 3, 2, 1], [1, 0, 2, 3]] if k == 2 else [[0, 1, 4, 3, 2], [0, 4, 3, 2, 1]]
    for o in [cl] + others:
        cs.append(mk("dim order %s" % o, vals(r, F32, bshape), o))
    cs.append(mk("unbatched dim order", vals(r, F32, ushape), [1, 2, 0] if k == 2 else [1, 2, 3, 0]))
    return cs


# ----------------------------------------------------------------------------------------------
# max pooling

def gen_max(op, k):
    r = rng_for(op)
    cs = []
    shape = sp(k, [2, 3, 6, 7], [1, 2, 4, 5, 6])
    for dt in ALL:
        kw = dict(kernel_size=sp(k, [3, 2], [3, 2, 2]), stride=sp(k, [2, 1], [2, 1, 2]),
                  padding=[1], dilation=sp(k, [1, 2], [1, 2, 1]))
        cs.append(mx("%s" % NAME[dt], k, vals(r, dt, shape), **kw))
        if dt in (U8, I8, I64, F16, BF16, F32):
            cs.append(mx("%s ceil_mode, ties" % NAME[dt], k, vals(r, dt, shape, "cmp"),
                         kernel_size=[3], stride=[2], padding=[1], ceil_mode=True))
    for (s, kk, st, p, d, ceil) in sweeps(k):
        cs.append(mx("shape %s kernel %s stride %s padding %s dilation %s ceil %s" % (s, kk, st, p, d, ceil), k,
                     vals(r, F32, s), kernel_size=kk, stride=st, padding=p, dilation=d, ceil_mode=ceil))
    cs.append(mx("defaults (stride, padding, dilation omitted)", k, vals(r, F32, shape), kernel_size=[2]))
    # NaN and infinities: NaN wins, the last NaN of a window gives the index
    x = vals(r, F32, shape)
    flat = x.view(-1)
    flat[::5] = NAN
    flat[1::7] = INF
    flat[2::11] = -INF
    for dt in (F32, F64, F16, BF16):
        cs.append(mx("NaN and inf %s" % NAME[dt], k, x.to(dt), kernel_size=[3], stride=[1], padding=[1]))
    cs.append(mx("all -inf", k, torch.full(shape, -INF), kernel_size=[2], stride=[1], padding=[1]))
    cs.append(mx("NaN, channels-last", k, x, CL if k == 2 else CL3, kernel_size=[3], stride=[2], padding=[1]))
    # integer extremes
    cs.append(mx("Char extremes", k, torch.full(shape, -128, dtype=I8), kernel_size=[2], stride=[1], padding=[1]))
    cs.append(mx("Long extremes", k, torch.full(shape, -2 ** 63, dtype=I64), kernel_size=[2], stride=[1], padding=[1]))
    cs.append(mx("Byte zeros", k, torch.zeros(shape, dtype=U8), kernel_size=[3], stride=[2], padding=[1]))
    cs += input_cases(r, k, lambda note, x, o: mx(note, k, x, o, kernel_size=[2], stride=[1], padding=[1]))
    # dim orders of the outs
    cl = CL if k == 2 else CL3
    bshape = sp(k, [2, 3, 6, 5], [2, 3, 4, 5, 4])
    for din, dout in ((cl, cl), (None, cl), (cl, None)):
        for dt in (F32, I32):
            cs.append(mx("dim order in %s outs %s %s" % (din, dout, NAME[dt]), k, vals(r, dt, bshape), din,
                         outs=[Out(dim_order=dout), Out(I64, dim_order=dout)],
                         kernel_size=[3], stride=[2], padding=[1], ceil_mode=True))
    cs.append(mx("out channels-last, indices contiguous", k, vals(r, F32, bshape), None,
                 outs=[Out(dim_order=cl), Out(I64)], kernel_size=[2]))
    for note, kw in bad_params(k) + [("dilation 0", dict(kernel_size=[2], dilation=[0])),
                                     ("negative dilation", dict(kernel_size=[2], dilation=[-1])),
                                     ("dilation list too long", dict(kernel_size=[2], dilation=[1] * (k + 1))),
                                     ("empty dilation", dict(kernel_size=[2], dilation=[])),
                                     ("dilated kernel larger than the input", dict(kernel_size=[3], dilation=[4]))]:
        cs.append(mx(note, k, vals(r, F32, shape), **kw))
    # outs: dtype, resize
    x = vals(r, F32, shape)
    for odt in (F64, I64):
        cs.append(mx("out %s" % NAME[odt], k, x, outs=[Out(odt), Out(I64)]))
    for idt in (I32, F32):
        cs.append(mx("indices %s" % NAME[idt], k, x, outs=[Out(), Out(idt)]))
    for s in ([0], [3], [1] * (k + 2)):
        cs.append(mx("resize outs from %s" % s, k, x, outs=[Out(shape=s), Out(I64, shape=s)]))
    return cs


# ----------------------------------------------------------------------------------------------
# average pooling

def av(note, x, order=None, outs=None, **kw):
    kw.setdefault("kernel_size", [2])
    return C(note, outs=outs, self=T(x, order), **kw)


def gen_avg(op, k):
    r = rng_for(op)
    cs = []
    shape = sp(k, [2, 3, 6, 7], [1, 2, 4, 5, 6])
    for dt in ALL:
        cs.append(av("%s" % NAME[dt], vals(r, dt, shape), kernel_size=sp(k, [3, 2], [3, 2, 2]),
                     stride=sp(k, [2, 1], [2, 1, 2]), padding=[1]))
    for dt in (I64, F16, BF16, F64):
        for cip in (True, False):
            cs.append(av("%s ceil_mode count_include_pad %s" % (NAME[dt], cip), vals(r, dt, shape, "wide"),
                         kernel_size=[3], stride=[2], padding=[1], ceil_mode=True, count_include_pad=cip))
    for (s, kk, st, p, d, ceil) in sweeps(k):
        if d != [1] and any(v != 1 for v in d):
            continue
        for cip in (True, False):
            cs.append(av("shape %s kernel %s stride %s padding %s ceil %s count_include_pad %s" % (s, kk, st, p, ceil, cip),
                         vals(r, F32, s), kernel_size=kk, stride=st, padding=p, ceil_mode=ceil,
                         count_include_pad=cip))
    for dv in (3, -2, 1, 7, 2 ** 40):
        for cip in (True, False):
            cs.append(av("divisor_override %d count_include_pad %s" % (dv, cip), vals(r, F32, shape),
                         kernel_size=[3], stride=[2], padding=[1], ceil_mode=True, count_include_pad=cip,
                         divisor_override=dv))
    cs.append(av("Long divisor_override -3 (truncates)", vals(r, I64, shape, "wide"), kernel_size=[3], stride=[2],
                 padding=[1], divisor_override=-3))
    cs.append(av("divisor_override 0", vals(r, F32, shape), kernel_size=[2], divisor_override=0))
    cs.append(av("defaults (stride, padding omitted)", vals(r, F32, shape), kernel_size=[2]))
    x = vals(r, F32, shape)
    x.view(-1)[::7] = NAN
    x.view(-1)[3::11] = INF
    cs.append(av("NaN and inf", x, kernel_size=[2], stride=[1], padding=[1]))
    cs += input_cases(r, k, lambda note, x, o: av(note, x, o, kernel_size=[3], stride=[2], padding=[1],
                                                  ceil_mode=True, count_include_pad=False))
    cl = CL if k == 2 else CL3
    bshape = sp(k, [2, 3, 6, 5], [2, 3, 4, 5, 4])
    dts = (F32, I64, F16) if k == 2 else (F32, I64)
    # ATen's avg_pool3d.out writes a channels-last out as if it were contiguous (its
    # avg_pool3d_out_frame ignores the out's strides; the functional op returns a contiguous
    # tensor), so 3-D cases keep contiguous outs; tests/pool.rs checks channels-last outs.
    pairs = ((cl, cl), (None, cl), (cl, None)) if k == 2 else ((cl, None),)
    for din, dout in pairs:
        for dt in dts:
            cs.append(av("dim order in %s out %s %s" % (din, dout, NAME[dt]), vals(r, dt, bshape), din,
                         outs=[Out(dim_order=dout)], kernel_size=[3], stride=[2], padding=[1], ceil_mode=True))
    for note, kw in bad_params(k):
        cs.append(av(note, vals(r, F32, shape), **kw))
    x = vals(r, F32, shape)
    for odt in (F64, F16):
        cs.append(av("out %s" % NAME[odt], x, outs=[Out(odt)]))
    for s in ([0], [3], [1] * (k + 2)):
        cs.append(av("resize out from %s" % s, x, outs=[Out(shape=s)]))
    return cs


# ----------------------------------------------------------------------------------------------
# adaptive average pooling

def ad(note, x, output_size, order=None, outs=None):
    return C(note, outs=outs, self=T(x, order), output_size=output_size)


def gen_adaptive(op, k):
    r = rng_for(op)
    cs = []
    shape = sp(k, [2, 3, 7, 6], [1, 2, 5, 4, 6])
    osz = sp(k, [3, 4], [3, 2, 4])
    for dt in ALL:
        cs.append(ad("%s" % NAME[dt], vals(r, dt, shape), osz))
    sizes = [sp(k, [7, 6], [5, 4, 6]), sp(k, [1, 1], [1, 1, 1]), sp(k, [2, 3], [2, 3, 3]), sp(k, [5, 4], [4, 3, 5]),
             sp(k, [9, 11], [7, 5, 8]), sp(k, [14, 6], [10, 4, 1]), sp(k, [4, 5], [3, 3, 3]),
             sp(k, [0, 3], [2, 0, 3]), sp(k, [0, 0], [0, 0, 0])]
    for s in sizes:
        cs.append(ad("output_size %s" % s, vals(r, F32, shape), s))
    for dt in (F16, BF16, F64):
        cs.append(ad("%s output_size %s" % (NAME[dt], sizes[3]), vals(r, dt, shape), sizes[3]))
        cs.append(ad("%s output_size %s" % (NAME[dt], sizes[4]), vals(r, dt, shape), sizes[4]))
    big = sp(k, [1, 2, 24, 23], [1, 2, 12, 11, 13])
    cs.append(ad("larger input to %s" % osz, vals(r, F32, big), osz))
    cs.append(ad("Half larger input", vals(r, F16, big), osz))
    x = vals(r, F32, shape)
    x.view(-1)[::7] = NAN
    x.view(-1)[3::11] = INF
    cs.append(ad("NaN and inf", x, osz))
    cs += input_cases(r, k, lambda note, x, o: ad(note, x, osz, o))
    cl = CL if k == 2 else CL3
    bshape = sp(k, [2, 3, 6, 5], [2, 3, 4, 5, 4])
    for din, dout in ((cl, cl), (None, cl), (cl, None)):
        for dt in (F32, BF16):
            cs.append(ad("dim order in %s out %s %s" % (din, dout, NAME[dt]), vals(r, dt, bshape), osz, din,
                         outs=[Out(dim_order=dout)]))
    for s in (osz[:-1], osz + [2], sp(k, [-1, 2], [2, -1, 2]), [], sp(k, [2 ** 62, 2], [1, 2 ** 62, 2])):
        cs.append(ad("output_size %s" % s, vals(r, F32, shape), s))
    x = vals(r, F32, shape)
    for odt in (F64, F16):
        cs.append(ad("out %s" % NAME[odt], x, osz, outs=[Out(odt)]))
    for s in ([0], [3], [1] * (k + 2)):
        cs.append(ad("resize out from %s" % s, x, osz, outs=[Out(shape=s)]))
    return cs


# ----------------------------------------------------------------------------------------------
# max_pool2d_with_indices_backward

def gen_backward(op):
    r = rng_for(op)
    cs = []

    def case(note, x, dt=F32, order=None, gdt=None, idx_fn=None, gshape_fn=None, outs=None,
             kernel_size=(2,), stride=(), padding=(0,), dilation=(1,), ceil_mode=False):
        kernel_size, stride, padding, dilation = list(kernel_size), list(stride), list(padding), list(dilation)
        try:
            _, idx = A.max_pool2d_with_indices(x.double(), kernel_size, stride, padding, dilation, ceil_mode)
        except Exception:
            idx = torch.zeros([1], dtype=I64)
        g = vals(r, gdt or dt, list(idx.shape))
        if gshape_fn:
            g = vals(r, gdt or dt, gshape_fn(list(idx.shape)))
        if idx_fn:
            idx = idx_fn(idx)
        cs.append(C(note, outs=outs, grad_output=T(g, order), self=T(x.to(dt), order), kernel_size=kernel_size,
                    stride=stride, padding=padding, dilation=dilation, ceil_mode=ceil_mode, indices=T(idx, order)))

    shape = [2, 3, 6, 7]
    for dt in ALL:
        case("%s" % NAME[dt], vals(r, F64, shape), dt, kernel_size=[3, 2], stride=[2, 1], padding=[1],
             dilation=[1, 2])
    for dt in (F16, BF16, F64):
        case("%s overlapping windows" % NAME[dt], vals(r, F64, shape, "cmp"), dt, kernel_size=[3], stride=[1],
             padding=[1])
    for (s, kk, st, p, d, ceil) in sweeps(2):
        case("shape %s kernel %s stride %s padding %s dilation %s ceil %s" % (s, kk, st, p, d, ceil),
             vals(r, F64, s, "cmp"), kernel_size=kk, stride=st, padding=p, dilation=d, ceil_mode=ceil)
    case("unbatched", vals(r, F64, [3, 6, 5]), kernel_size=[3], stride=[2], padding=[1])
    case("empty batch", vals(r, F64, [0, 3, 6, 5]), kernel_size=[2])
    for o in (CL, [0, 1, 3, 2], [0, 3, 2, 1]):
        case("dim order %s" % o, vals(r, F64, [2, 3, 6, 5], "cmp"), order=o, kernel_size=[3], stride=[1],
             padding=[1])
    for dout in (CL, None):
        case("dim order in %s grad_input %s" % (CL, dout), vals(r, F64, [2, 3, 6, 5]), order=CL,
             outs=[Out(dim_order=dout)], kernel_size=[3], stride=[2], padding=[1], ceil_mode=True)
    case("contiguous in, channels-last grad_input", vals(r, F64, [2, 3, 6, 5]), outs=[Out(dim_order=CL)],
         kernel_size=[2])
    case("indices -1 are skipped", vals(r, F64, shape), idx_fn=lambda i: torch.where(i % 3 == 0, -1, i),
         kernel_size=[2])
    case("all indices at one place", vals(r, F64, shape), idx_fn=lambda i: i * 0 + 4, kernel_size=[2])
    case("indices Int", vals(r, F64, shape), idx_fn=lambda i: i.int(), kernel_size=[2])
    case("grad_output Double for Float", vals(r, F64, shape), gdt=F64, kernel_size=[2])
    case("grad_output of the wrong shape", vals(r, F64, shape), gshape_fn=lambda s: s[:-1] + [s[-1] + 1],
         kernel_size=[2])
    case("indices of the wrong shape", vals(r, F64, shape), idx_fn=lambda i: i[..., :1], kernel_size=[2])
    case("padding above half the kernel", vals(r, F64, shape), kernel_size=[3], stride=[1], padding=[2])
    case("stride 0", vals(r, F64, shape), kernel_size=[2], stride=[0])
    case("rank too small", vals(r, F64, [6, 7]), kernel_size=[2])
    for odt in (F64, F16):
        case("grad_input %s" % NAME[odt], vals(r, F64, shape), outs=[Out(odt)], kernel_size=[2])
    for s in ([0], [3], [1, 1, 1, 1]):
        case("resize grad_input from %s" % s, vals(r, F64, shape), outs=[Out(shape=s)], kernel_size=[2])
    return cs


def ops():
    names = ["max_pool2d_with_indices.out", "max_pool3d_with_indices.out", "avg_pool2d.out", "avg_pool3d.out",
             "_adaptive_avg_pool2d.out", "_adaptive_avg_pool3d.out",
             "max_pool2d_with_indices_backward.grad_input"]
    gen.NOT_ELEMENTWISE.update("aten::" + n for n in names)
    return [
        ("max_pool2d_with_indices.out", "exact", lambda: gen_max("max_pool2d_with_indices.out", 2), False),
        ("max_pool3d_with_indices.out", "exact", lambda: gen_max("max_pool3d_with_indices.out", 3), False),
        ("avg_pool2d.out", "arith", lambda: gen_avg("avg_pool2d.out", 2), False),
        ("avg_pool3d.out", "arith", lambda: gen_avg("avg_pool3d.out", 3), False),
        ("_adaptive_avg_pool2d.out", "arith", lambda: gen_adaptive("_adaptive_avg_pool2d.out", 2), False),
        ("_adaptive_avg_pool3d.out", "arith", lambda: gen_adaptive("_adaptive_avg_pool3d.out", 3), False),
        ("max_pool2d_with_indices_backward.grad_input", "arith", lambda: gen_backward(
            "max_pool2d_with_indices_backward.grad_input"), False),
    ]
