"""Golden cases for the forward convolution (`portable/src/table/convolution.rs`; the backward
one is gen_conv_backward.py's). Registered in gen.py's OPS() by `ops += gen_convolution.ops()`.

Tolerance: as gen.py's GEMM, atol = 2 (K + 2) u S with S the largest sum of |x||w| over one
output's window and K its length (Float accumulation for Half/BFloat16), rtol two ulps of the
out dtype; transposed Half/BFloat16 add one out-dtype ulp of S per kernel tap (ATen sums the
taps in the reduced type there, measured). Integer convolution is exact. Every case is also
self-checked against a float64 evaluation (`gen_tolerance.checked`).
"""

import math

import torch

import gen
from gen import (T, C, Out, NAME, F16, BF16, F32, F64, I32, I64, U8, B_, ALL, CL, vals, rng_for)
from gen_tolerance import ULP, U_ACC, FDT, fl, dmax, checked

A = torch.ops.aten


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

def ops():
    full = ["aten::convolution.out"]
    gen.NOT_ELEMENTWISE.update(full)
    return [
        ("convolution.out", "trans", checked("convolution.out", lambda: gen_convolution("convolution.out")), False),
    ]
