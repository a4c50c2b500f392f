"""Golden cases for the resample family: constant padding, pixel (un)shuffle, upsampling, grid
sampling.
Registered in gen.py's OPS() by `ops += gen_resample.ops()`.

Padding and pixel shuffles only move values: "exact". Upsampling computes in the dtype's
opmath type (Float for Half/BFloat16) and rounds once: the tolerances are in `UP_TOL`.
"""

import math

import torch

import gen
from gen import (ALL, B_, BF16, C, C64, C128, CL, F16, F32, F64, I16, I32, I64, I8, NAME, Out, T, U8,
                 rng_for, vals)


# ----------------------------------------------------------------------------------------------
# constant_pad_nd

def gen_constant_pad(op):
    r = rng_for(op)
    cs = []
    base = [2, 3, 4, 5]
    for dt in ALL:
        v = {B_: True, U8: 7, I8: -3, I16: 300, I32: -70000, I64: 2 ** 40}.get(dt, 2.5)
        cs.append(C("%s, value %s" % (NAME[dt], v), self=T(vals(r, dt, base)), pad=[1, 2, 0, 1], value=v))
        cs.append(C("%s, crop and pad" % NAME[dt], self=T(vals(r, dt, base)), pad=[-1, 2, 1, -2], value=1))
    # value kinds and conversions
    for dt, v in ((I32, 2.7), (I32, -2.7), (U8, -1), (U8, 300), (I8, 300), (I8, -129), (B_, 2), (B_, 0.5),
                  (B_, 0), (F16, 1e6), (F16, "nan"), (F16, "inf"), (BF16, 1e39), (F32, 1e39), (F32, "-inf"),
                  (I64, True), (F64, False), (I32, "nan"), (U8, 255.5), (I16, -32768.9), (F16, 65504.0),
                  (U8, -255), (U8, -256)):
        fv = float(v) if isinstance(v, str) else v
        cs.append(C("%s value %r" % (NAME[dt], v), self=T(vals(r, dt, [3, 4])), pad=[1, 1], value=fv))
    cs.append(C("crop only never converts value", self=T(vals(r, U8, [3, 4])), pad=[-1, 0], value=300))
    cs.append(C("one-element Half takes an overflowing value", self=T(vals(r, F16, [0])), pad=[1, 0], value=1e6))
    cs.append(C("empty Byte out still checks value", self=T(vals(r, U8, [0, 3])), pad=[1, 0], value=300))
    # pad lists: lengths, signs, crops
    x = [2, 3]
    for p in ([], [0, 0], [1, 1], [1, 1, 1, 1], [2, 0, 0, 3], [-3, 0], [-2, -1], [-1, -2], [-3, 3], [3, -3],
              [-2, -2], [-4, 0], [0, -4], [5, -6], [-6, 5], [-1, -1, -1, -1], [-2, 0, 0, 0], [0, 0, -2, 0],
              [-1, 4, 2, -1], [1], [1, 1, 1], [1, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0], [2 ** 62, 0],
              [2 ** 62, 2 ** 62, 0, 0], [-(2 ** 63), 0], [-(2 ** 62), 2 ** 62], [0, -(2 ** 63)]):
        cs.append(C("pad %s" % p, self=T(vals(r, F32, x)), pad=p, value=-1.5))
    cs.append(C("zero-dim, empty pad", self=T(vals(r, F32, [])), pad=[], value=1))
    cs.append(C("zero-dim, pad [1, 1]", self=T(vals(r, F32, [])), pad=[1, 1], value=1))
    cs.append(C("1-D", self=T(vals(r, I64, [5])), pad=[3, 2], value=9))
    cs.append(C("5-D, 3 dims padded", self=T(vals(r, F64, [2, 1, 2, 3, 2])), pad=[1, 0, 0, 2, 1, 1], value=0.5))
    cs.append(C("empty rows padded", self=T(vals(r, F32, [0, 3])), pad=[1, 1], value=2))
    cs.append(C("empty rows padded in both dims", self=T(vals(r, F32, [0, 3])), pad=[1, 1, 1, 1], value=2))
    cs.append(C("zero-size padded dim", self=T(vals(r, F32, [2, 0])), pad=[0, 0, 1, 1], value=2))
    cs.append(C("zero-size dim grown", self=T(vals(r, F32, [2, 0])), pad=[2, 1], value=2))
    # out dtype / resize
    for odt in (F64, I32, F16):
        cs.append(C("out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, F32, base)), pad=[1, 1], value=0))
    for s in ([0], [7], [2, 3, 4, 7], [3, 3, 3, 3, 3]):
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, base)), pad=[1, 1], value=0))
    cs.append(C("crop-only, resize out", outs=[Out(shape=[1])], self=T(vals(r, I32, base)), pad=[-1, -1, -1, 0]))
    # dim orders: channels-last in/out, other permutations, crops in every dim
    for dt in (F32, F16, I64, U8, B_):
        for din, dout in ((CL, CL), (CL, None), (None, CL)):
            for p in ([1, 2], [2, -1, 0, 1, 1, 1], [-1, 0, -1, 0], [0, 0, 0, 0, 1, -1, 1, 0]):
                cs.append(C("dim order in %s out %s %s pad %s" % (din, dout, NAME[dt], p), outs=[Out(dim_order=dout)],
                            self=T(vals(r, dt, base), din), pad=p, value=3))
    for o in ([0, 2, 1, 3], [3, 2, 1, 0], [1, 0, 3, 2]):
        cs.append(C("dim order %s" % o, outs=[Out(dim_order=o)], self=T(vals(r, F32, base), o),
                    pad=[1, 0, -1, 2, 0, 1], value=4))
    cs.append(C("transposed 2-D", self=T(vals(r, I16, [3, 5]), [1, 0]), pad=[4, -1], value=-2))
    return cs


# ----------------------------------------------------------------------------------------------
# pixel_shuffle / pixel_unshuffle

SHUF_DTS = ALL  # every dtype with an element type (UInt16/32/64 are rejected by ATen)


def gen_shuffle(op, up):
    r = rng_for(op)
    arg = "upscale_factor" if up else "downscale_factor"
    cs = []
    def shp(f, c=1, h=2, w=3, lead=(2,)):
        return list(lead) + ([c * f * f, h, w] if up else [c, h * f, w * f])
    for dt in SHUF_DTS:
        cs.append(C("%s factor 2" % NAME[dt], self=T(vals(r, dt, shp(2, c=2))), **{arg: 2}))
    for f in (1, 3):
        cs.append(C("factor %d" % f, self=T(vals(r, F32, shp(f, c=2))), **{arg: f}))
    cs.append(C("rank 3", self=T(vals(r, I32, shp(2, lead=()))), **{arg: 2}))
    cs.append(C("rank 6", self=T(vals(r, F64, shp(2, lead=(2, 1, 2)))), **{arg: 2}))
    cs.append(C("rank 2", self=T(vals(r, F32, [4, 6])), **{arg: 2}))
    for f in (0, -2, 2 ** 62, 2 ** 32):
        cs.append(C("factor %d" % f, self=T(vals(r, F32, shp(2))), **{arg: f}))
    if up:
        cs.append(C("channels not divisible", self=T(vals(r, F32, [2, 6, 2, 3])), **{arg: 2}))
        cs.append(C("zero channels", self=T(vals(r, F32, [2, 0, 2, 3])), **{arg: 2}))
        cs.append(C("zero channels, huge factor", self=T(vals(r, F32, [1, 0, 1, 1])), **{arg: 2 ** 20}))
    else:
        cs.append(C("height not divisible", self=T(vals(r, F32, [2, 1, 3, 4])), **{arg: 2}))
        cs.append(C("width not divisible", self=T(vals(r, F32, [2, 1, 4, 5])), **{arg: 2}))
        cs.append(C("factor larger than the image", self=T(vals(r, F32, [2, 1, 2, 2])), **{arg: 4}))
        cs.append(C("zero channels", self=T(vals(r, F32, [2, 0, 4, 6])), **{arg: 2}))
        cs.append(C("zero height and width", self=T(vals(r, F32, [2, 1, 0, 0])), **{arg: 2 ** 20}))
    cs.append(C("empty batch", self=T(vals(r, F32, shp(2, lead=(0,)))), **{arg: 2}))
    cs.append(C("zero height", self=T(vals(r, F32, shp(2, h=0))), **{arg: 2}))
    for odt in (F64, I64):
        cs.append(C("out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, F32, shp(2))), **{arg: 2}))
    for s in ([0], [5], [1, 1, 1, 1]):
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, shp(2))), **{arg: 2}))
    for dt in (F32, F16, I64, U8, B_):
        for din, dout in ((CL, CL), (CL, None), (None, CL)):
            cs.append(C("dim order in %s out %s %s" % (din, dout, NAME[dt]), outs=[Out(dim_order=dout)],
                        self=T(vals(r, dt, shp(2, c=3, lead=(2,))), din), **{arg: 2}))
    for o in ([0, 2, 1, 3], [3, 2, 1, 0], [1, 0, 3, 2]):
        cs.append(C("dim order %s" % o, outs=[Out(dim_order=o)], self=T(vals(r, F32, shp(2, c=2)), o), **{arg: 2}))
    cs.append(C("rank 3 transposed", self=T(vals(r, I16, shp(3, lead=())), [2, 1, 0]), **{arg: 3}))
    return cs


# ----------------------------------------------------------------------------------------------
# upsampling

UP_DTS = [U8, F16, BF16, F32, F64]
ULP = {F16: 2.0 ** -10, BF16: 2.0 ** -7, F32: 2.0 ** -23, F64: 2.0 ** -52}


def up_tol(dt, x, linear):
    """Nearest only moves values: exact. Linear: ATen's kernels (NCHW generic, channels-last,
    separable) differ in operation order and, for Half/BFloat16, in whether the weights are
    rounded to the dtype; measured differences reach one ulp of the out dtype at max|x|. The
    band allows two (and a few f32 ulps of max|x| for Float, whose weights are f32)."""
    if not linear or dt not in ULP:
        return "exact"
    m = float(x.double().abs().max()) if x.numel() else 1.0
    m = max(m, 1.0)
    if dt == F64:
        return {"rtol": 1e-12, "atol": float("%.3g" % (1e-12 * m))}
    if dt == F32:
        return {"rtol": 1e-5, "atol": float("%.3g" % (8 * ULP[F32] * m))}
    return {"rtol": 2 * ULP[dt], "atol": float("%.3g" % (2 * ULP[dt] * m))}


def gen_upsample(op, linear):
    r = rng_for(op)
    cs = []
    acs = (False, True) if linear else (None,)

    def case(note, x, osz, sf, ac=False, outs=None, din=None):
        kw = dict(input=T(x, din), output_size=osz, scale_factors=sf)
        if linear:
            kw["align_corners"] = ac
        cs.append(C(note, outs=outs, tol=up_tol(x.dtype, x, linear), **kw))

    for ac in acs:
        sfx = "" if ac is None else (" align_corners" if ac else "")
        for dt in UP_DTS:
            x = vals(r, dt, [2, 3, 4, 5], "conv" if dt == U8 else "any")
            case("%s up to [7, 9]%s" % (NAME[dt], sfx), x, [7, 9], None, ac)
            case("%s down to [3, 2]%s" % (NAME[dt], sfx), x, [3, 2], None, ac)
        x = vals(r, F32, [1, 2, 4, 5])
        for osz in ([4, 5], [8, 10], [1, 1], [2, 11], [13, 3], [9, 4]):
            case("size %s%s" % (osz, sfx), x, osz, None, ac)
        for sf in ([2.0, 2.0], [1.5, 0.5], [0.75, 1.3], [3.0, 1.0], [1.0, 1.0], [0.6, 2.5], [2.4, 0.26]):
            case("scales %s%s" % (sf, sfx), x, None, sf, ac)
        x = vals(r, F64, [2, 1, 5, 3])
        for sf in ([1.7, 2.9], [0.4, 0.9]):
            case("Double scales %s%s" % (sf, sfx), x, None, sf, ac)
        for dt in (F32, F16):
            for din, dout in ((CL, CL), (CL, None), (None, CL)):
                x = vals(r, dt, [2, 3, 4, 5])
                case("dim order in %s out %s %s%s" % (din, dout, NAME[dt], sfx), x, [6, 7], None, ac,
                     outs=[Out(dim_order=dout)], din=din)
        x = vals(r, F32, [2, 3, 4, 5])
        for o in ([0, 2, 1, 3], [3, 2, 1, 0]):
            case("dim order %s%s" % (o, sfx), x, [5, 8], None, ac, outs=[Out(dim_order=o)], din=o)
        case("channels-last, one channel%s" % sfx, vals(r, F32, [2, 1, 4, 5]), [7, 3], None, ac, din=CL)
    ac = False if linear else None
    x = vals(r, F32, [2, 3, 4, 5])
    # errors and edges
    case("both output_size and scales", x, [6, 8], [2.0, 2.0], ac)
    case("neither output_size nor scales", x, None, None, ac)
    case("output_size of length 1", x, [6], None, ac)
    case("output_size of length 3", x, [6, 6, 6], None, ac)
    case("scale_factors of length 1", x, None, [2.0], ac)
    for osz in ([0, 3], [-1, 3], [3, 0]):
        case("output_size %s" % osz, x, osz, None, ac)
    for sf in ([0.1, 1.0], [-1.0, 2.0], [0.0, 2.0], [float("nan"), 2.0], [float("inf"), 2.0], [1e30, 2.0]):
        case("scale_factors %s" % sf, x, None, sf, ac)
    case("rank 3", vals(r, F32, [3, 4, 5]), [6, 8], None, ac)
    case("rank 5", vals(r, F32, [1, 2, 3, 4, 5]), [6, 8], None, ac)
    case("empty batch", vals(r, F32, [0, 2, 3, 4]), [6, 8], None, ac)
    case("zero channels", vals(r, F32, [1, 0, 3, 4]), [6, 8], None, ac)
    case("zero height", vals(r, F32, [1, 2, 0, 4]), [6, 8], None, ac)
    for dt in (B_, I8, I32, I64):
        case("%s is rejected" % NAME[dt], vals(r, dt, [1, 2, 3, 4]), [6, 8], None, ac)
    for odt in (F64, F16):
        case("out %s" % NAME[odt], x, [6, 8], None, ac, outs=[Out(odt)])
    for s in ([0], [7], [1, 1, 1, 1]):
        case("resize out from %s" % s, x, [6, 8], None, ac, outs=[Out(shape=s)])
    # Byte: ATen's separable fixed-point kernel (exact); nearest moves bytes
    for ac in acs:
        sfx = "" if ac is None else (" align_corners" if ac else "")
        for ch in (1, 3, 4, 5, 16):
            x = r.randint([2, ch, 6, 7], 0, 255).to(U8)
            for din in (None, CL):
                lay = " channels-last" if din else ""
                case("Byte C=%d%s up to [11, 16]%s" % (ch, lay, sfx), x, [11, 16], None, ac, din=din)
                case("Byte C=%d%s down to [4, 3]%s" % (ch, lay, sfx), x, [4, 3], None, ac, din=din)
            case("Byte C=%d scales [1.5, 0.6]%s" % (ch, sfx), x, None, [1.5, 0.6], ac)
            case("Byte C=%d scales [0.4, 2.3]%s, channels-last out" % (ch, sfx), x, None, [0.4, 2.3], ac,
                 outs=[Out(dim_order=CL)], din=CL)
        x = r.randint([1, 3, 9, 12], 0, 255).to(U8)
        for osz in ([9, 5], [4, 12], [1, 1], [2, 30], [9, 12]):
            case("Byte size %s%s" % (osz, sfx), x, osz, None, ac)
        for sf in ([1.0, 1.0], [2.0, 2.0], [0.5, 0.25], [3.3, 0.7]):
            case("Byte scales %s%s" % (sf, sfx), x, None, sf, ac)
        case("Byte extremes (0 / 255 steps)", torch.tensor([0, 255, 0, 255, 255, 0] * 4, dtype=U8).reshape(1, 1, 4, 6),
             [7, 10], None, ac)
        case("Byte one row / column", r.randint([1, 2, 1, 5], 0, 255).to(U8), [3, 9], None, ac)
        if linear:
            x3 = r.randint([2, 3, 5, 6], 0, 255).to(U8)
            case("Byte C=3 channels-last to [1, 1]%s" % sfx, x3, [1, 1], None, ac, din=CL)
            case("Byte C=3 dim order [0,1,3,2] to [1, 1]%s" % sfx, x3, [1, 1], None, ac, din=[0, 1, 3, 2])
            case("Byte C=3 to [1, 1] by scales%s" % sfx, x3, None, [0.2, 0.1], ac)
            case("Byte C=3 NCHW to [4, 3], channels-last out%s" % sfx, x3, [4, 3], None, ac, outs=[Out(dim_order=CL)])
            # the separable kernel (more than 4 channels) gives every row row 0's taps when the
            # height is its out's inner dim (an NCHW out, kept for an NCHW input, of width 1)
            x5 = r.randint([2, 5, 9, 11], 0, 255).to(U8)
            case("Byte C=5 to [4, 1]%s" % sfx, x5, [4, 1], None, ac)
            case("Byte C=5 to [4, 1], channels-last out%s" % sfx, x5, [4, 1], None, ac, outs=[Out(dim_order=CL)])
            case("Byte C=5 channels-last to [4, 1]%s" % sfx, x5, [4, 1], None, ac, din=CL)
            case("Byte C=5 dim order [0,1,3,2] to [6, 1] by scales%s" % sfx, x5, None, [0.7, 0.1], ac,
                 din=[0, 1, 3, 2])
    case("Byte out for a Float input", x.float(), [6, 8], None, ac, outs=[Out(U8)])
    case("Float out for a Byte input", x, [6, 8], None, ac, outs=[Out(F32)])
    return cs


def aa_tol(dt, x, k):
    """Separable sums of up to `k` taps per pass in the dtype (Float: f32, as ATen)."""
    if dt not in ULP:
        return "exact"
    m = max(float(x.double().abs().max()) if x.numel() else 1.0, 1.0)
    if dt == F64:
        return {"rtol": 1e-12, "atol": float("%.3g" % (1e-12 * m * k))}
    return {"rtol": 1e-5, "atol": float("%.3g" % (4 * ULP[F32] * m * k))}


def gen_upsample_aa(op):
    r = rng_for(op)
    cs = []

    def case(note, x, osz, ac, sh=None, sw=None, outs=None, din=None):
        k = max(x.shape[-1], x.shape[-2]) if x.dim() == 4 else 4
        cs.append(C(note, outs=outs, tol=aa_tol(x.dtype, x, k), self=T(x, din), output_size=osz,
                    align_corners=ac, scales_h=sh, scales_w=sw))

    for ac in (False, True):
        for dt in (F32, F64):
            x = vals(r, dt, [2, 3, 9, 11])
            for osz in ([4, 5], [13, 17], [9, 3], [2, 11], [1, 1], [9, 11], [3, 22]):
                case("%s size %s align %s" % (NAME[dt], osz, ac), x, osz, ac)
        x = vals(r, F32, [1, 2, 10, 7])
        for sh, sw, osz in ((0.4, 0.5, [4, 3]), (2.5, 1.5, [25, 10]), (0.33, 3.0, [3, 21]), (-1.0, 0.0, [4, 3])):
            case("scales %s %s align %s" % (sh, sw, ac), x, osz, ac, sh, sw)
        for din, dout in ((CL, CL), (CL, None), (None, CL)):
            case("dim order in %s out %s align %s" % (din, dout, ac), vals(r, F32, [2, 3, 8, 6]), [3, 4], ac,
                 outs=[Out(dim_order=dout)], din=din)
    # Byte: ATen's separable fixed-point kernel (exact)
    for ac in (False, True):
        for ch in (1, 3, 4, 5, 16):
            x = r.randint([2 if ch < 16 else 1, ch, 9, 11], 0, 255).to(U8)
            for din in (None, CL):
                lay = " channels-last" if din else ""
                for osz in ([4, 5], [13, 17], [9, 3]) if ch in (3, 4) else ([4, 5], [13, 17]):
                    case("Byte C=%d%s size %s align %s" % (ch, lay, osz, ac), x, osz, ac, din=din)
            case("Byte C=%d scales 0.4 0.5 align %s, channels-last out" % (ch, ac), x, [4, 5], ac, 0.4, 0.5,
                 outs=[Out(dim_order=CL)], din=CL)
        x = r.randint([1, 3, 48, 41], 0, 255).to(U8)
        case("Byte large downscale [48, 41] -> [5, 3] align %s" % ac, x, [5, 3], ac)
        case("Byte large downscale, channels-last, align %s" % ac, x, [7, 4], ac, din=CL)
        case("Byte downscale with scales 0.1 0.2 align %s" % ac, x, [6, 11], ac, 0.1, 0.2)
        case("Byte upscale with scales 2.5 1.5 align %s" % ac, r.randint([1, 2, 5, 6], 0, 255).to(U8), [12, 9], ac,
             2.5, 1.5)
        case("Byte unchanged size align %s" % ac, r.randint([1, 2, 5, 6], 0, 255).to(U8), [5, 6], ac)
        case("Byte one axis unchanged align %s" % ac, r.randint([1, 2, 5, 6], 0, 255).to(U8), [5, 2], ac)
        case("Byte to [1, 1] align %s" % ac, r.randint([1, 2, 5, 6], 0, 255).to(U8), [1, 1], ac)
    case("Byte extremes (0 / 255 steps)", torch.tensor([0, 255, 0, 255, 255, 0] * 4, dtype=U8).reshape(1, 1, 4, 6),
         [3, 2], False)
    # ATen's AVX uint8 kernel asserts on 3 NCHW channels resized to 1 x 1 (height changing)
    x = r.randint([2, 3, 5, 6], 0, 255).to(U8)
    case("Byte C=3 to [1, 1]", x, [1, 1], False)
    case("Byte C=3 channels-last to [1, 1]", x, [1, 1], False, din=CL)
    case("Byte C=3 dim order [0,1,3,2] to [1, 1]", x, [1, 1], False, din=[0, 1, 3, 2])
    case("Byte C=3 one row to [1, 1]", r.randint([2, 3, 1, 6], 0, 255).to(U8), [1, 1], False)
    case("Byte C=4 to [1, 1]", r.randint([2, 4, 5, 6], 0, 255).to(U8), [1, 1], True)
    case("Byte C=3 empty batch to [1, 1]", r.randint([0, 3, 5, 6], 0, 255).to(U8), [1, 1], False)
    # ... and on 3 NCHW channels written to a channels-last out when the height changes (when only the
    # width changes it writes four channels into three: garbage, no case)
    x = r.randint([2, 3, 5, 6], 0, 255).to(U8)
    for osz in ([4, 3], [4, 6]):
        case("Byte C=3 NCHW to %s, channels-last out" % osz, x, osz, False, outs=[Out(dim_order=CL)])
        case("Byte C=3 channels-last to %s, channels-last out" % osz, x, osz, False, outs=[Out(dim_order=CL)],
             din=CL)
        case("Byte C=3 channels-last to %s, NCHW out" % osz, x, osz, False, din=CL)
        case("Byte C=4 NCHW to %s, channels-last out" % osz, r.randint([2, 4, 5, 6], 0, 255).to(U8), osz, True,
             outs=[Out(dim_order=CL)])
    case("Byte C=3 NCHW unchanged size, channels-last out", x, [5, 6], False, outs=[Out(dim_order=CL)])
    case("Float out for a Byte input", r.randint([1, 2, 5, 6], 0, 255).to(U8), [3, 2], False, outs=[Out(F32)])
    # ATen's separable kernel reads the vertical taps of a run at its first row: with the height the
    # out's inner dim (NCHW of width 1, or one channel) every row takes row 0's taps
    for dt in (F32, F64):
        x = vals(r, dt, [2, 3, 9, 11])
        case("%s to [4, 1]: every row takes row 0's taps" % NAME[dt], x, [4, 1], False)
        case("%s to [4, 1], channels-last out" % NAME[dt], x, [4, 1], True, outs=[Out(dim_order=CL)])
        case("%s one channel, channels-last out, to [5, 1]" % NAME[dt], vals(r, dt, [2, 1, 9, 11]), [5, 1], False,
             outs=[Out(dim_order=CL)])
        case("%s size kept along H with scales_h 0.5 (axis skipped)" % NAME[dt], x, [9, 4], False, 0.5, None)
        case("%s size kept along W with scales_w 3.0 (axis skipped)" % NAME[dt], x, [4, 11], True, None, 3.0)
    for ch in (5, 3):
        x = r.randint([2, ch, 9, 11], 0, 255).to(U8)
        case("Byte C=%d to [4, 1]" % ch, x, [4, 1], False)
        case("Byte C=%d channels-last to [4, 1], channels-last out" % ch, x, [4, 1], False, din=CL,
             outs=[Out(dim_order=CL)])
        case("Byte C=%d channels-last to [4, 1], NCHW out" % ch, x, [4, 1], True, din=CL)
        case("Byte C=%d width 1 to [6, 1]" % ch, r.randint([1, ch, 9, 1], 0, 255).to(U8), [6, 1], False, din=CL)
    case("Byte C=5 size kept along H with scales_h 0.5", r.randint([1, 5, 6, 7], 0, 255).to(U8), [6, 3], False,
         0.5, None)
    x = vals(r, F32, [2, 3, 9, 11])
    case("far downscale", vals(r, F64, [1, 1, 40, 33]), [3, 2], False)
    case("empty batch", vals(r, F32, [0, 3, 9, 11]), [4, 5], False)
    case("zero channels", vals(r, F32, [1, 0, 9, 11]), [4, 5], False)
    case("zero height", vals(r, F32, [1, 2, 0, 11]), [4, 5], False)
    for osz in ([0, 3], [-1, 3], [3], [3, 3, 3]):
        case("output_size %s" % osz, x, osz, False)
    case("rank 3", vals(r, F32, [3, 9, 11]), [4, 5], False)
    for dt in (F16, BF16, I32, B_):
        case("%s is rejected" % NAME[dt], vals(r, dt, [1, 2, 9, 11]), [4, 5], False)
    for odt in (F64, F16):
        case("out %s" % NAME[odt], x, [4, 5], False, outs=[Out(odt)])
    for sh in ([0], [7], [1, 1, 1, 1]):
        case("resize out from %s" % sh, x, [4, 5], True, outs=[Out(shape=sh)])
    return cs


# ----------------------------------------------------------------------------------------------
# grid_sampler_2d

GS_DTS = [F16, BF16, F32, F64]


def gs_tol(dt, x, mode):
    """ATen's CPU kernel computes Float/Double in their own precision and Half/BFloat16 one
    operation at a time, rounding each result to the dtype (as etk does). Differences come from
    the order of the products (and, for bicubic, 16 taps): a few ulps of the out dtype at
    max|x|. Nearest only moves values."""
    if mode == 1 or dt not in ULP:
        return "exact"
    m = max(float(x.double().abs().max()) if x.numel() else 1.0, 1.0)
    k = 16 if mode == 2 else 4
    if dt == F64:
        return {"rtol": 1e-12, "atol": float("%.3g" % (1e-12 * m))}
    if dt == F32:
        return {"rtol": 1e-5, "atol": float("%.3g" % (k * 4 * ULP[F32] * m))}
    return {"rtol": 2 * ULP[dt], "atol": float("%.3g" % (k * ULP[dt] * m))}


def gen_grid_sampler(op):
    r = rng_for(op)
    cs = []

    def grid(dt, n, oh, ow, lo=-1.3, hi=1.3):
        g = r.uniform([n, oh, ow, 2], lo, hi)
        return g.to(dt)

    def case(note, x, g, mode, pad, ac, outs=None, din=None, gdin=None):
        cs.append(C(note, outs=outs, tol=gs_tol(x.dtype, x, mode), input=T(x, din), grid=T(g, gdin),
                    interpolation_mode=mode, padding_mode=pad, align_corners=ac))

    for mode in (0, 1, 2):
        for pad in (0, 1, 2):
            for ac in (False, True):
                for dt in GS_DTS:
                    x = vals(r, dt, [2, 3, 4, 5])
                    case("%s mode %d padding %d align %s" % (NAME[dt], mode, pad, ac), x, grid(dt, 2, 3, 4),
                         mode, pad, ac)
                # far outside the input (reflection folds many times)
                x = vals(r, F32, [1, 2, 3, 4])
                case("far coordinates mode %d padding %d align %s" % (mode, pad, ac), x,
                     grid(F32, 1, 3, 5, -5.0, 5.0), mode, pad, ac)
    # exact corners and centers
    x = vals(r, F64, [1, 1, 3, 4])
    pts = torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0], dtype=F64)
    gg = torch.stack(torch.meshgrid(pts, pts, indexing="xy"), -1).reshape(1, 5, 5, 2)
    for mode in (0, 1, 2):
        for ac in (False, True):
            case("lattice points mode %d align %s" % (mode, ac), x, gg.clone(), mode, 0, ac)
    # non-finite and far coordinates: ATen's clip sends NaN to 0, reflection folds inf to NaN
    nf = torch.tensor([[[[math.nan, 0.0], [0.0, math.nan], [math.inf, 0.0], [-math.inf, 0.5],
                         [1e30, 0.0], [0.3, -1e30]]]], dtype=F32)
    xs = torch.tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
    for mode in (0, 1, 2):
        for pad in (0, 1, 2):
            case("non-finite grid mode %d padding %d" % (mode, pad), xs.clone(), nf.clone(), mode, pad, False)
    # size-1 spatial dims
    for mode in (0, 1, 2):
        for pad in (0, 1, 2):
            case("1x1 input mode %d padding %d" % (mode, pad), vals(r, F32, [1, 2, 1, 1]), grid(F32, 1, 2, 3),
                 mode, pad, False)
            case("1x1 input mode %d padding %d align" % (mode, pad), vals(r, F32, [1, 2, 1, 1]),
                 grid(F32, 1, 2, 3), mode, pad, True)
    # dim orders
    for din, dout in ((CL, CL), (CL, None), (None, CL)):
        for mode in (0, 2):
            x = vals(r, F32, [2, 3, 4, 5])
            case("dim order in %s out %s mode %d" % (din, dout, mode), x, grid(F32, 2, 3, 4), mode, 1, False,
                 outs=[Out(dim_order=dout)], din=din)
    case("grid in [0,3,1,2] order", vals(r, F32, [2, 3, 4, 5]), grid(F32, 2, 3, 4), 0, 0, True,
         gdin=[0, 3, 1, 2])
    # empties and errors
    x = vals(r, F32, [2, 3, 4, 5])
    case("empty batch", vals(r, F32, [0, 3, 4, 5]), grid(F32, 0, 3, 4), 0, 0, False)
    case("zero channels", vals(r, F32, [2, 0, 4, 5]), grid(F32, 2, 3, 4), 0, 0, False)
    case("empty grid", x, grid(F32, 2, 0, 4), 0, 0, False)
    case("zero height", vals(r, F32, [2, 3, 0, 5]), grid(F32, 2, 3, 4), 0, 0, False)
    case("batch mismatch", x, grid(F32, 1, 3, 4), 0, 0, False)
    case("grid last dim 3", x, r.uniform([2, 3, 4, 3], -1, 1).float(), 0, 0, False)
    case("grid Double for Float input", x, grid(F64, 2, 3, 4), 0, 0, False)
    case("rank 3", vals(r, F32, [3, 4, 5]), grid(F32, 3, 4, 2)[0], 0, 0, False)
    for dt in (U8, I32, I64):
        case("%s is rejected" % NAME[dt], vals(r, dt, [2, 3, 4, 5]), grid(F32, 2, 3, 4).to(dt), 0, 0, False)
    for odt in (F64, F16):
        case("out %s" % NAME[odt], x, grid(F32, 2, 3, 4), 0, 0, False, outs=[Out(odt)])
    for s in ([0], [7], [1, 1, 1, 1]):
        case("resize out from %s" % s, x, grid(F32, 2, 3, 4), 1, 0, False, outs=[Out(shape=s)])
    return cs


# ----------------------------------------------------------------------------------------------
# col2im

def col2im_tol(dt, x, k):
    """ATen sums in the dtype in a fixed order (kernel offsets outer, blocks inner), which etk
    follows; Float/Double may still differ by the last bits if a compiler contracts, and
    Half/BFloat16 are rounded after each addition on both sides: a band of one ulp of the out
    dtype per addend at max|x|."""
    if dt not in ULP:
        return "exact"
    m = max(float(x.double().abs().max()) if x.numel() else 1.0, 1.0)
    if dt == F64:
        return {"rtol": 1e-12, "atol": float("%.3g" % (1e-12 * m * k))}
    if dt == F32:
        return {"rtol": 1e-6, "atol": float("%.3g" % (2 * ULP[F32] * m * k))}
    return {"rtol": ULP[dt], "atol": float("%.3g" % (ULP[dt] * m))}


def blocks(o, k, d, p, s):
    return (o + 2 * p - d * (k - 1) - 1) // s + 1


def gen_col2im(op):
    r = rng_for(op)
    cs = []

    def case(note, shape, osz, k, d, p, s, dt=F32, outs=None, din=None, raw=None):
        x = raw if raw is not None else vals(r, dt, shape)
        cs.append(C(note, outs=outs, tol=col2im_tol(x.dtype, x, k[0] * k[1]), self=T(x, din), output_size=osz,
                    kernel_size=k, dilation=d, padding=p, stride=s))

    def good(note, n, c, osz, k, d, p, s, dt=F32, **kw):
        L = blocks(osz[0], k[0], d[0], p[0], s[0]) * blocks(osz[1], k[1], d[1], p[1], s[1])
        shape = ([n] if n is not None else []) + [c * k[0] * k[1], L]
        case(note, shape, osz, k, d, p, s, dt, **kw)

    for dt in (F16, BF16, F32, F64):
        good("%s 3x3 kernel, stride 1" % NAME[dt], 2, 2, [4, 5], [3, 3], [1, 1], [1, 1], [1, 1], dt)
        good("%s 2x3 kernel, stride 2, dilation 2" % NAME[dt], 2, 3, [7, 6], [2, 3], [2, 1], [1, 0], [2, 2], dt)
    for geo in (([5, 5], [2, 2], [1, 1], [0, 0], [1, 1]), ([6, 7], [3, 2], [1, 2], [2, 1], [3, 2]),
                ([4, 4], [4, 4], [1, 1], [0, 0], [4, 4]), ([3, 8], [1, 1], [1, 1], [0, 0], [1, 1]),
                ([5, 3], [2, 1], [3, 1], [0, 1], [1, 2]), ([1, 1], [3, 3], [1, 1], [1, 1], [1, 1]),
                ([7, 7], [3, 3], [2, 2], [3, 3], [3, 3]), ([2, 9], [1, 4], [1, 2], [0, 2], [1, 1])):
        good("geometry %s" % (geo,), 2, 2, *geo)
    good("unbatched", None, 3, [4, 5], [2, 2], [1, 1], [0, 0], [1, 1])
    good("unbatched Double", None, 1, [6, 6], [3, 3], [1, 1], [1, 1], [2, 2], F64)
    good("empty batch", 0, 2, [4, 5], [2, 2], [1, 1], [0, 0], [1, 1])
    good("input in [0,2,1] order", 2, 2, [4, 5], [2, 2], [1, 1], [0, 0], [1, 1], din=[0, 2, 1])
    good("input in [2,1,0] order", 2, 2, [4, 5], [2, 2], [1, 1], [0, 0], [1, 1], din=[2, 1, 0])
    # No channels-last out: ATen's col2im.out writes the contiguous result's memory into a
    # channels-last out unpermuted (wrong values, unlike the functional op); etk writes the
    # right values into any dim order (portable/tests/resample.rs checks it).
    for odt in (F64, F16):
        good("out %s" % NAME[odt], 2, 2, [4, 5], [2, 2], [1, 1], [0, 0], [1, 1], outs=[Out(odt)])
    for sh in ([0], [7], [1, 1, 1, 1]):
        good("resize out from %s" % sh, 2, 2, [4, 5], [2, 2], [1, 1], [0, 0], [1, 1], outs=[Out(shape=sh)])
    for dt in (I32, I64, U8):
        good("%s is rejected" % NAME[dt], 1, 2, [4, 5], [2, 2], [1, 1], [0, 0], [1, 1], dt)
    # Bool (`bool += bool`: an OR of the overlapping entries) and complex (parts summed apart)
    for geo in (([4, 5], [2, 2], [1, 1], [0, 0], [1, 1]), ([6, 7], [3, 2], [1, 2], [2, 1], [3, 2])):
        L = blocks(geo[0][0], geo[1][0], geo[2][0], geo[3][0], geo[4][0]) * \
            blocks(geo[0][1], geo[1][1], geo[2][1], geo[3][1], geo[4][1])
        shape = [2, 2 * geo[1][0] * geo[1][1], L]
        case("Bool %s" % (geo,), shape, *geo, raw=r.randint(shape, 0, 3) == 0)
        for dt in (C64, C128):
            z = torch.complex(r.randn(shape), r.randn(shape)).to(dt)
            case("%s %s" % (NAME[dt], geo,), shape, *geo, raw=z)
            case("%s %s, input in [0,2,1] order" % (NAME[dt], geo,), shape, *geo, raw=z, din=[0, 2, 1])
    case("ComplexFloat unbatched", [4, 12], [4, 5], [2, 2], [1, 1], [0, 0], [1, 1],
         raw=torch.complex(r.randn([4, 12]), r.randn([4, 12])))
    # errors
    ok = dict(osz=[4, 5], k=[2, 2], d=[1, 1], p=[0, 0], s=[1, 1])
    L = blocks(4, 2, 1, 0, 1) * blocks(5, 2, 1, 0, 1)
    for name, val in (("k", [0, 2]), ("k", [2, -1]), ("d", [0, 1]), ("d", [1, -2]), ("p", [-1, 0]),
                      ("s", [0, 1]), ("s", [1, -1])):
        g = dict(ok, **{name: val})
        case("%s %s" % (name, val), [2, 8, L], g["osz"], g["k"], g["d"], g["p"], g["s"])
    case("channels not divisible by the kernel", [2, 7, L], **ok)
    case("wrong block count", [2, 8, L + 1], **ok)
    case("kernel larger than the image", [2, 8, 1], [1, 1], [2, 2], [1, 1], [0, 0], [1, 1])
    case("negative output size", [2, 8, 1], [-1, 5], [2, 2], [1, 1], [0, 0], [1, 1])
    case("zero output size", [2, 8, 0], [0, 5], [2, 2], [1, 1], [0, 0], [1, 1])
    case("zero channels", [2, 0, L], **ok)
    case("zero length", [2, 8, 0], **ok)
    case("rank 4", [1, 2, 8, L], **ok)
    case("rank 1", [L], **ok)
    case("huge kernel", [2, 8, L], [4, 5], [2 ** 40, 2 ** 40], [1, 1], [0, 0], [1, 1])
    case("huge stride and padding", [2, 8, 1], [4, 5], [2, 2], [1, 1], [2 ** 61, 2 ** 61], [2 ** 62, 2 ** 62])
    return cs


def ops():
    res = []
    for name, g in (("constant_pad_nd.out", gen_constant_pad),
                    ("pixel_shuffle.out", lambda op: gen_shuffle(op, True)),
                    ("pixel_unshuffle.out", lambda op: gen_shuffle(op, False))):
        gen.NOT_ELEMENTWISE.add("aten::" + name)
        res.append((name, "exact", lambda name=name, g=g: g(name), None))
    gen.NOT_ELEMENTWISE.add("aten::_upsample_bilinear2d_aa.out")
    res.append(("_upsample_bilinear2d_aa.out", "exact", lambda: gen_upsample_aa("_upsample_bilinear2d_aa.out"), False))
    gen.NOT_ELEMENTWISE.add("aten::col2im.out")
    res.append(("col2im.out", "exact", lambda: gen_col2im("col2im.out"), False))
    gen.NOT_ELEMENTWISE.add("aten::grid_sampler_2d.out")
    res.append(("grid_sampler_2d.out", "exact", lambda: gen_grid_sampler("grid_sampler_2d.out"), False))
    for name, linear in (("upsample_nearest2d.vec_out", False), ("upsample_bilinear2d.vec_out", True)):
        gen.NOT_ELEMENTWISE.add("aten::" + name)
        res.append((name, "exact", lambda name=name, linear=linear: gen_upsample(name, linear), False))
    return res
