"""Golden cases for `aten::convolution_backward.out`: registered in gen.py's OPS() by
`ops += gen_conv_backward.ops()`; gen.write_op hands the cases (category "convbwd") to this
module's write_op.

ATen's generated out wrapper rejects every call with a False entry in `output_mask` (the
functional op returns undefined tensors there, which it cannot copy); etk follows the
functional op (../shared/conformance/NOTES.md). So a case's expectations come from the
functional `convolution_backward` on the case's inputs (in their dim orders): each requested
gradient is its out's expected value, and the out of a False entry is given with zero elements
(shape [0]) and expected unchanged (an empty tensor of shape [0]). A call the functional op
rejects is an error case. Where every entry is True the real out overload is called too, with
the case's outs, and must agree (or reject the call: out dtypes, static outs of the wrong
shape).

Tolerance (one per case, the loosest of its requested gradients): each gradient element is a
sum of K products (grad_input: C_out/groups * kernel taps; grad_weight and grad_bias: N * output
positions), so atol = 2 (K + 2) u S, with S the largest sum of |products| over one element
(the same gradient of |grad_output|, |input|, |weight| in float64) and u the unit roundoff of
the accumulation type (Float for Half/BFloat16: Float accumulation is required), and rtol two
ulps of the out dtype. Every case's torch answer is also checked against a float64 evaluation
(within half its band; warnings printed). Integer gradients are exact.
"""

import json
import math
import os

import torch
from safetensors.torch import save_file

import gen
from gen import T, NAME, F16, BF16, F32, F64, I64, B_, U8, C32, C64, C128, CL, vals, rng_for

A = torch.ops.aten
U16, U32, U64 = torch.uint16, torch.uint32, torch.uint64
NAME.update({U16: "UInt16", U32: "UInt32", U64: "UInt64"})
OPNAME = "convolution_backward.out"
FULL = "aten::convolution_backward.out"
ARGS = ["grad_output", "input", "weight", "bias_sizes", "stride", "padding", "dilation", "transposed",
        "output_padding", "groups", "output_mask"]
ULP = {F16: 2.0 ** -10, BF16: 2.0 ** -7, F32: 2.0 ** -23, F64: 2.0 ** -52}
U_ACC = {F16: 2.0 ** -24, BF16: 2.0 ** -24, F32: 2.0 ** -24, F64: 2.0 ** -53}
FDT = [F16, BF16, F32, F64]
WARNINGS = []
ALL3 = [True, True, True]
MASKS = [[a, b, c] for a in (False, True) for b in (False, True) for c in (False, True)]


class Outs:
    """Out specs for the requested gradients: dtype / shape / dim order (None: natural)."""

    def __init__(self, dtype=None, shapes=(None, None, None), orders=(None, None, None)):
        self.dtype, self.shapes, self.orders = dtype, list(shapes), list(orders)


def fl(x):
    return float("%.3g" % x)


def expand(v, k):
    return list(v) if len(v) > 1 else list(v) * k


def fwd_out_shape(x, w, st, pd, dl, tr, op_, g):
    k = x.dim() - 2
    st, pd, dl, op_ = expand(st, k), expand(pd, k), expand(dl, k), expand(op_, k)
    sp = []
    for i in range(k):
        n, kk = x.shape[2 + i], w.shape[2 + i]
        if tr:
            sp.append((n - 1) * st[i] - 2 * pd[i] + dl[i] * (kk - 1) + op_[i] + 1)
        else:
            sp.append((n + 2 * pd[i] - dl[i] * (kk - 1) - 1) // st[i] + 1)
    return [x.shape[0], w.shape[1] * g if tr else w.shape[0]] + sp


def grads(go, x, w, c, mask):
    return A.convolution_backward(go, x, w, c["bias_sizes"], c["stride"], c["padding"], c["dilation"],
                                  c["transposed"], c["output_padding"], c["groups"], mask)


def tol_for(c, go, x, w, mask):
    dt = x.dtype
    if dt in (C64, C128):
        # the bias gradient only: a sum of N * positions terms per component
        rt = F32 if dt == C64 else F64
        S = float((go.real.abs() + go.imag.abs()).double().sum([0] + list(range(2, go.dim()))).max())
        K = go.shape[0] * math.prod(go.shape[2:])
        return {"rtol": ULP[rt] * 2, "atol": fl(max(2 * (K + 2) * U_ACC[rt] * S * 1.01, 1e-12))}
    if dt not in FDT:
        return "exact"
    S = grads(go.double().abs(), x.double().abs(), w.double().abs(), c, mask)
    taps = math.prod(w.shape[2:])
    ocg = (w.shape[1] if c["transposed"] else w.shape[0] // c["groups"])
    positions = go.shape[0] * math.prod(go.shape[2:])
    Ks = [ocg * taps, positions, positions]
    bnd = 0.0
    for i in range(3):
        if mask[i] and S[i] is not None and S[i].numel():
            b = (Ks[i] + 2) * U_ACC[dt] * float(S[i].max())
            if c["transposed"] and dt in (F16, BF16):
                # measured: ATen's slow transposed kernel (dilated transposed convolutions) adds
                # the per-sample and per-tap partial sums in the reduced type
                b += (go.shape[0] + taps) * ULP[dt] * float(S[i].max())
            bnd = max(bnd, b)
    return {"rtol": ULP[dt] * 2, "atol": fl(max(2 * bnd * 1.01, 1e-12))}


def expected_for(c, mask):
    """(expected tensors or None for an error, torch's message)."""
    go, x, w = (gen.materialize(c[n]) for n in ("grad_output", "input", "weight"))
    try:
        res = grads(go, x, w, c, mask)
    except Exception as ex:
        return None, "%s: %s" % (type(ex).__name__, str(ex).strip().split("\n")[0][:160])
    exp = []
    for i in range(3):
        if mask[i]:
            if res[i] is None:
                raise RuntimeError("functional op left a requested gradient undefined: %s" % c["note"])
            exp.append(res[i].contiguous().clone())
        else:
            exp.append(None)
    return exp, None


def run_case(c):
    mask = c["output_mask"]
    go, x, w = (c[n].t for n in ("grad_output", "input", "weight"))
    exp, msg = expected_for(c, mask) if len(mask) == 3 else (None, "the schema's bool[3] takes 3 values")
    outs = []
    spec = c["outs"]
    for i in range(3):
        if len(mask) == 3 and not mask[i]:
            outs.append((spec.dtype or x.dtype, [0], None))
            continue
        want = list(exp[i].shape) if exp is not None else [list(x.shape), list(w.shape), [0]][i]
        outs.append((spec.dtype or x.dtype, spec.shapes[i] if spec.shapes[i] is not None else want, spec.orders[i]))
    if exp is not None and spec.dtype is not None and spec.dtype != x.dtype:
        exp, msg = None, "out dtype %s for %s gradients" % (NAME[spec.dtype], NAME[x.dtype])
    if exp is not None and mask == ALL3:
        # ATen's own out overload, on the case's outs
        ots = [gen.alloc(d, s, o) for d, s, o in outs]
        try:
            A.convolution_backward.out(*[gen.materialize(c[n]) for n in ARGS], out0=ots[0], out1=ots[1],
                                       out2=ots[2])
            for i in range(3):
                if list(ots[i].shape) != list(exp[i].shape) or not torch.equal(ots[i].contiguous(), exp[i]):
                    if not torch.allclose(ots[i].double(), exp[i].double(), rtol=1e-2, atol=1e-2):
                        raise RuntimeError("out overload disagrees with the functional op: %s" % c["note"])
                    exp[i] = ots[i].contiguous().clone()
        except RuntimeError as ex:
            if "disagrees" in str(ex):
                raise
            exp, msg = None, "%s: %s" % (type(ex).__name__, str(ex).strip().split("\n")[0][:160])
    if c["err"] and exp is not None:
        raise RuntimeError("meant as an error case, but torch accepts it: %s" % c["note"])
    tol = "exact"
    if exp is not None:
        tol = tol_for(c, gen.materialize(c["grad_output"]),
                                                            gen.materialize(c["input"]),
                                                            gen.materialize(c["weight"]), mask)
        if isinstance(tol, dict) and not x.is_complex():
            ref = grads(go.double(), x.double(), w.double(), c, mask)
            for i in range(3):
                if exp[i] is None or not exp[i].numel():
                    continue
                e, r = exp[i].double(), ref[i]
                bad = (e - r).abs() > (tol["atol"] + tol["rtol"] * r.abs()) / 2
                if bad.any():
                    WARNINGS.append("%s [%s] out%d: torch is %g from the f64 value (tol %s)" %
                                    (FULL, c["note"], i, float((e - r).abs().max()), tol))
    note = c["note"] if exp is not None else "%s -> torch: %s" % (c["note"], msg)
    return outs, exp, tol, note


def encode(v, name, tensors):
    if isinstance(v, list) and v and all(isinstance(b, bool) for b in v):
        return {"bools": v}
    return gen.encode_value(v, name, tensors)


def write_op(opname, cases, outdir):
    assert opname == OPNAME
    tensors, jcases, n_err = {}, [], 0
    for c in cases:
        outs, exp, tol, note = run_case(c)
        k = len(jcases)
        args = [encode(c[a], "%d.%s" % (k, a), tensors) for a in ARGS]
        jouts = []
        for d, s, o in outs:
            jo = {"dtype": NAME[d], "shape": list(s)}
            if o is not None:
                jo["dim_order"] = o
            jouts.append(jo)
        if exp is None:
            expected = "error"
            n_err += 1
        else:
            expected = []
            for i, e in enumerate(exp):
                nm = "%d.expected.%d" % (k, i)
                tensors[nm] = gen.stored(e if e is not None else torch.empty([0], dtype=outs[i][0]))
                expected.append(nm)
        jcases.append({"op": FULL, "args": args, "outs": jouts, "expected": expected, "tol": tol, "note": note})
    meta = json.dumps(jcases, sort_keys=True, separators=(",", ":"), allow_nan=False)
    path = os.path.join(outdir, "aten__" + OPNAME + ".safetensors")
    save_file({k: v.contiguous() for k, v in sorted(tensors.items())}, path, metadata={"cases": meta})
    for w in WARNINGS:
        print("WARNING:", w)
    return FULL, len(jcases), n_err, 0, os.path.getsize(path)


# ----------------------------------------------------------------------------------------------

def gen_cases():
    r = rng_for(OPNAME)
    cs = []

    def cv(dt, shape):
        if dt in (C32, C64, C128):
            return torch.complex(vals(r, F64, shape, "gemm"), vals(r, F64, shape, "gemm")).to(dt)
        if dt in (U16, U32, U64):
            return vals(r, I64, shape, "small").abs().to(dt)
        if dt in FDT:
            return vals(r, dt, shape, "gemm")
        if dt == B_:
            return vals(r, dt, shape, "any")
        return vals(r, dt, shape, "small").abs() if dt == U8 else vals(r, dt, shape, "small")

    def case(note, x, w, stride=(1,), padding=(0,), dilation=(1,), transposed=False, output_padding=(0,),
             groups=1, mask=ALL3, bias_sizes="auto", go=None, xo=None, wo=None, goo=None, outs=None, err=False):
        st, pd, dl, op_ = list(stride), list(padding), list(dilation), list(output_padding)
        if go is None:
            try:
                shape = fwd_out_shape(x, w, st, pd, dl, transposed, op_, groups)
            except Exception:
                shape = [x.shape[0], w.shape[0]] + list(x.shape[2:])
            go = cv(x.dtype, [max(v, 0) for v in shape])
        if bias_sizes == "auto":
            bias_sizes = [w.shape[1] * groups if transposed else w.shape[0]]
        cs.append(dict(note=note, grad_output=T(go, goo), input=T(x, xo), weight=T(w, wo), bias_sizes=bias_sizes,
                       stride=st, padding=pd, dilation=dl, transposed=transposed, output_padding=op_,
                       groups=groups, output_mask=list(mask), outs=outs or Outs(), err=err))

    def mname(m):
        return "".join("T" if b else "F" for b in m)

    cfgs2 = [  # (N, C_in, H, W, C_out, kh, kw, stride, padding, dilation, groups)
        (1, 3, 6, 7, 4, 3, 3, [1, 1], [0, 0], [1, 1], 1),
        (2, 4, 7, 6, 6, 3, 2, [2, 1], [1, 2], [1, 1], 2),
        (1, 2, 9, 9, 3, 3, 3, [1, 2], [2, 1], [2, 3], 1),
        (2, 4, 5, 5, 4, 3, 3, [1, 1], [1, 1], [1, 1], 4),    # depthwise
        (1, 6, 5, 4, 3, 1, 1, [1, 1], [0, 0], [1, 1], 3),
        (1, 16, 3, 3, 8, 3, 3, [1, 1], [1, 1], [1, 1], 1),   # K = 72 terms
    ]
    for dt in FDT:
        for (N, Ci, H, W, Co, kh, kw, st, pd, dl, g) in (cfgs2 if dt != F64 else cfgs2[:-1]):
            x, w = cv(dt, [N, Ci, H, W]), cv(dt, [Co, Ci // g, kh, kw])
            case("%s 2-D %s w %s stride %s pad %s dil %s groups %d" % (NAME[dt], list(x.shape), list(w.shape), st,
                                                                      pd, dl, g), x, w, st, pd, dl, groups=g)
    # every mask
    for dt in (F32, F64, F16, BF16):
        x, w = cv(dt, [2, 4, 5, 4]), cv(dt, [6, 2, 3, 3])
        for m in (MASKS if dt == F32 else MASKS[1::2]):
            case("%s 2-D groups 2 stride [2,1] mask %s" % (NAME[dt], mname(m)), x, w, [2, 1], [1, 0], [1, 1],
                 groups=2, mask=m)
        if dt == F32:
            x, w = cv(dt, [2, 4, 3, 4]), cv(dt, [4, 3, 3, 2])
            for m in MASKS:
                case("%s transposed 2-D groups 2 mask %s" % (NAME[dt], mname(m)), x, w, [2, 2], [1, 0], [1, 1],
                     True, [1, 0], groups=2, mask=m)
        if dt == F64:
            x, w = cv(dt, [1, 2, 3, 4, 3]), cv(dt, [4, 2, 2, 3, 2])
            for m in MASKS[2::2]:
                case("%s 3-D mask %s" % (NAME[dt], mname(m)), x, w, [1, 2, 1], [1, 0, 1], [1, 1, 2], mask=m)
    # 1-D, 3-D, transposed
    for dt in FDT:
        x, w = cv(dt, [2, 4, 11]), cv(dt, [6, 2, 3])
        case("%s 1-D stride 2 pad 1 dil 2 groups 2" % NAME[dt], x, w, [2], [1], [2], groups=2)
        case("%s 1-D stride 3" % NAME[dt], x, w, [3], [0], [1], groups=2)
        x, w = cv(dt, [1, 2, 4, 5, 4]), cv(dt, [4, 2, 2, 3, 2])
        case("%s 3-D stride [1,2,1] pad [1,0,1] dil [1,1,2]" % NAME[dt], x, w, [1, 2, 1], [1, 0, 1], [1, 1, 2])
        x, w = cv(dt, [1, 4, 4, 3, 3]), cv(dt, [4, 1, 3, 2, 3])
        case("%s 3-D depthwise pad 1" % NAME[dt], x, w, [1], [1], [1], groups=4)
        x, w = cv(dt, [1, 4, 3, 5]), cv(dt, [4, 3, 3, 2])
        case("%s transposed 2-D stride 2 pad [1,0] output_padding [1,0] groups 2" % NAME[dt], x, w, [2, 2], [1, 0],
             [1, 1], True, [1, 0], groups=2)
        case("%s transposed 2-D dilation 2 output_padding [1,0]" % NAME[dt], x, w, [1, 1], [0, 1], [2, 2], True,
             [1, 0], groups=2)
        x, w = cv(dt, [1, 3, 5]), cv(dt, [3, 2, 3])
        case("%s transposed 1-D stride 3 output_padding 2" % NAME[dt], x, w, [3], [1], [1], True, [2])
        x, w = cv(dt, [1, 2, 3, 3, 2]), cv(dt, [2, 2, 2, 2, 2])
        case("%s transposed 3-D" % NAME[dt], x, w, [2, 1, 2], [0, 1, 0], [1, 1, 1], True, [1, 0, 0])
        x, w = cv(dt, [2, 4, 3, 4]), cv(dt, [4, 1, 3, 3])
        case("%s transposed 2-D depthwise" % NAME[dt], x, w, [2], [1], [1], True, [1], groups=4)
    # dim orders: inputs, grad_output and outs
    orders = ((CL, None, None, None), (None, CL, None, None), (None, None, CL, None), (CL, CL, CL, CL),
              (None, None, None, CL), ([0, 3, 1, 2], [1, 0, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]))
    for dt in (F32, F16, F64, BF16):
        x, w = cv(dt, [2 if dt == F32 else 1, 4, 5, 4]), cv(dt, [6, 2, 3, 3])
        for xo, wo, goo, oo in (orders if dt == F32 else orders[2:4] + orders[5:]):
            case("%s dim orders input %s weight %s grad_output %s outs %s" % (NAME[dt], xo, wo, goo, oo), x, w,
                 [1, 2], [1, 0], [1, 1], groups=2, xo=xo, wo=wo, goo=goo, outs=Outs(orders=(oo, oo, None)))
    for dt in (F32, F64):
        x, w = cv(dt, [1, 2, 4, 5, 4]), cv(dt, [4, 2, 2, 3, 2])
        o5 = [0, 2, 3, 4, 1]
        case("%s 3-D channels last [0,2,3,4,1] everywhere" % NAME[dt], x, w, [1], [1], [1], xo=o5, wo=o5, goo=o5,
             outs=Outs(orders=(o5, o5, None)))
        x, w = cv(dt, [2, 4, 11]), cv(dt, [6, 2, 3])
        case("%s 1-D [0,2,1] everywhere" % NAME[dt], x, w, [2], [1], [1], groups=2, xo=[0, 2, 1], wo=[0, 2, 1],
             goo=[0, 2, 1], outs=Outs(orders=([0, 2, 1], [0, 2, 1], None)))
        x, w = cv(dt, [1, 4, 3, 4]), cv(dt, [4, 3, 3, 2])
        case("%s transposed 2-D channels last everywhere" % NAME[dt], x, w, [2, 1], [0, 0], [1, 1], True, [1, 0],
             groups=2, xo=CL, wo=CL, goo=CL, outs=Outs(orders=(CL, CL, None)))
    # integer and Bool dtypes: ATen computes their bias gradient only (Long: every gradient of a
    # dilated convolution)
    for dt in (U8, gen.I8, gen.I16, gen.I32, I64, B_):
        x, w = cv(dt, [1, 4, 4, 4]), cv(dt, [6, 2, 3, 3])
        case("%s 2-D groups 2 bias gradient only" % NAME[dt], x, w, [1, 2], [1, 0], [1, 1], groups=2,
             mask=[False, False, True])
        case("%s 2-D every gradient (ATen: floating only)" % NAME[dt], x, w, [1], [0], [1], groups=2)
        case("%s 2-D input gradient (ATen: floating only)" % NAME[dt], x, w, [1], [0], [1], groups=2,
             mask=[True, False, False])
        case("%s 2-D weight and bias gradients (ATen: floating only)" % NAME[dt], x, w, [1], [0], [1], groups=2,
             mask=[False, True, True])
        case("%s 2-D no gradient" % NAME[dt], x, w, [1], [0], [1], groups=2, mask=[False, False, False])
        x1, w1 = cv(dt, [2, 4, 6]), cv(dt, [4, 3, 3])
        case("%s transposed 1-D bias gradient only" % NAME[dt], x1, w1, [2], [1], [1], True, [1],
             mask=[False, False, True])
        x3, w3 = cv(dt, [1, 2, 3, 3, 2]), cv(dt, [2, 2, 2, 2, 2])
        case("%s transposed 3-D bias gradient only (ATen: floating only)" % NAME[dt], x3, w3, [1], [0], [1], True,
             [0], mask=[False, False, True])
        case("%s transposed 3-D no gradient" % NAME[dt], x3, w3, [1], [0], [1], True, [0],
             mask=[False, False, False])
        x, w = cv(dt, [1, 2, 7, 7]), cv(dt, [3, 2, 3, 3])
        for m in ([True, True, True], [True, False, False], [False, True, False], [False, False, True],
                  [False, False, False]):
            case("%s 2-D dilation [2,3] mask %s (ATen: Long only)" % (NAME[dt], mname(m)), x, w, [1, 2], [2, 1],
                 [2, 3], mask=m)
    # complex and unsigned dtypes: ComplexFloat/Double compute the bias gradient only, UInt16/32/64
    # and ComplexHalf no gradient at all
    for dt in (C64, C128, C32, U16, U32, U64):
        x, w = cv(dt, [2, 4, 3, 3]), cv(dt, [4, 2, 2, 2])
        for m in ([False, False, True], [True, True, True], [False, True, False], [False, False, False]):
            case("%s 2-D groups 2 mask %s" % (NAME[dt], mname(m)), x, w, [1, 2], [1, 0], [1, 1],
                 groups=2, mask=m)
        if dt in (C64, C32, U16):
            x, w = cv(dt, [1, 2, 5, 5]), cv(dt, [3, 2, 2, 2])
            case("%s 2-D dilation 2, no gradient" % NAME[dt], x, w, [1], [0], [2],
                 mask=[False, False, False])
            x3, w3 = cv(dt, [1, 2, 3, 3, 2]), cv(dt, [2, 2, 2, 2, 2])
            case("%s transposed 3-D bias gradient only" % NAME[dt], x3, w3, [1], [0], [1], True,
                 [0], mask=[False, False, True])
    case("ComplexFloat empty batch", cv(C64, [0, 4, 3, 3]), cv(C64, [4, 2, 2, 2]), groups=2)
    case("UInt16 empty batch", cv(U16, [0, 4, 3, 3]), cv(U16, [4, 2, 2, 2]), groups=2)
    for dt in (I64, gen.I32):
        x, w = cv(dt, [1, 2, 4, 3, 3]), cv(dt, [3, 2, 2, 1, 2])
        case("%s 3-D dilation 2 every gradient" % NAME[dt], x, w, [1], [0], [2])
        x, w = cv(dt, [2, 4, 11]), cv(dt, [6, 2, 3])
        case("%s 1-D dilation 2 groups 2 every gradient" % NAME[dt], x, w, [2], [1], [2], groups=2)
    x, w = torch.full([2, 3, 4, 4], 2 ** 62, dtype=I64), torch.ones([4, 3, 3, 3], dtype=I64)
    case("Long bias gradient wraps", x, w, mask=[False, False, True],
         go=torch.full([2, 4, 2, 2], 2 ** 61 + 7, dtype=I64))
    x, w = torch.ones([2, 3, 4, 4], dtype=U8), torch.ones([4, 3, 3, 3], dtype=U8)
    case("Byte bias gradient wraps", x, w, mask=[False, False, True], go=torch.full([2, 4, 2, 2], 200, dtype=U8))
    case("Bool bias gradient of all False", x.bool(), w.bool(), mask=[False, False, True],
         go=torch.zeros([2, 4, 2, 2], dtype=B_))
    # empty inputs: zero gradients, the bias gradient of shape bias_sizes
    for dt in (F32, F64, F16):
        w = cv(dt, [6, 2, 3, 3])
        for m in ([True, True, True], [False, True, True], [True, False, False]):
            case("%s empty batch mask %s" % (NAME[dt], mname(m)), cv(dt, [0, 4, 6, 6]), w, [1, 1], [0, 0], [1, 1],
                 groups=2, mask=m)
    w = cv(F32, [6, 2, 3, 3])
    case("empty batch, bias_sizes [2,3]", cv(F32, [0, 4, 6, 6]), w, groups=2, bias_sizes=[2, 3])
    case("empty batch, grad_output of another spatial shape (not read)", cv(F32, [0, 4, 6, 6]), w, groups=2,
         go=cv(F32, [0, 6, 7, 3]))
    case("empty batch, no bias gradient, bias_sizes None", cv(F32, [0, 4, 6, 6]), w, groups=2, bias_sizes=None,
         mask=[True, True, False])
    case("zero input channels", cv(F32, [2, 0, 6, 6]), cv(F32, [6, 0, 3, 3]), bias_sizes=[6])
    case("zero input channels transposed", cv(F32, [2, 0, 4, 4]), cv(F32, [0, 3, 3, 3]), [2], [0], [1], True,
         [1], bias_sizes=[3])
    case("Int empty batch, dilation 2", cv(gen.I32, [0, 2, 9, 9]), cv(gen.I32, [3, 2, 3, 3]), [1], [0], [2])
    case("Long empty batch transposed 3-D", cv(I64, [0, 2, 3, 3, 2]), cv(I64, [2, 2, 2, 2, 2]), [1], [0], [1],
         True, [0])
    case("empty spatial dim (only a zero batch or channels)", cv(F32, [2, 4, 0, 6]), w, [1], [1], [1], groups=2,
         go=cv(F32, [2, 6, 0, 4]))
    # parameter lists of one value, resizable and static outs
    x, w = cv(F32, [1, 4, 6, 6]), cv(F32, [6, 2, 3, 3])
    case("single-value lists (stride [2], padding [1])", x, w, [2], [1], [1], groups=2)
    for shapes in (([0], [0], [0]), ([1, 4, 3, 3], [6, 2, 1, 1], [2, 3]), ([2, 4, 6, 6], [7], [12])):
        case("resize outs from %s" % (list(shapes),), x, w, [1], [0], [1], groups=2, outs=Outs(shapes=shapes))
    # errors
    x = cv(F32, [1, 4, 5, 5])
    E = dict(err=True)
    case("grad_output of the wrong spatial shape", x, w, [1], [0], [1], groups=2, go=cv(F32, [1, 6, 3, 2]), **E)
    case("grad_output of the wrong channels", x, w, [1], [0], [1], groups=2, go=cv(F32, [1, 5, 3, 3]), **E)
    case("grad_output of the wrong batch", x, w, [1], [0], [1], groups=2, go=cv(F32, [2, 6, 3, 3]), **E)
    case("grad_output of the wrong rank", x, w, [1], [0], [1], groups=2, go=cv(F32, [6, 3, 3]), **E)
    case("grad_output of the wrong shape, bias gradient only", x, w, [1], [0], [1], groups=2,
         go=cv(F32, [1, 6, 3, 2]), mask=[False, False, True], **E)
    case("grad_output Double", x, w, [1], [0], [1], groups=2, go=cv(F64, [1, 6, 3, 3]), **E)
    case("weight Double", x, w.double(), [1], [0], [1], groups=2, **E)
    case("input Double", x.double(), w, [1], [0], [1], groups=2, go=cv(F32, [1, 6, 3, 3]), **E)
    case("stride 0", x, w, [0, 1], [0], [1], groups=2, go=cv(F32, [1, 6, 3, 3]), **E)
    case("stride -1", x, w, [-1], [0], [1], groups=2, go=cv(F32, [1, 6, 3, 3]), **E)
    case("stride 0, no gradient", x, w, [0], [0], [1], groups=2, go=cv(F32, [1, 6, 3, 3]),
         mask=[False, False, False], **E)
    case("negative padding", x, w, [1], [-1, 0], [1], groups=2, go=cv(F32, [1, 6, 3, 3]), **E)
    case("groups 0", x, w, [1], [0], [1], groups=0, go=cv(F32, [1, 6, 3, 3]), **E)
    case("groups -2", x, w, [1], [0], [1], groups=-2, go=cv(F32, [1, 6, 3, 3]), **E)
    case("groups 3 do not divide", x, w, [1], [0], [1], groups=3, go=cv(F32, [1, 6, 3, 3]), **E)
    case("channel mismatch", x, cv(F32, [6, 3, 3, 3]), [1], [0], [1], go=cv(F32, [1, 6, 3, 3]), **E)
    case("kernel larger than padded input", x, cv(F32, [6, 2, 7, 7]), groups=2, go=cv(F32, [1, 6, 1, 1]), **E)
    case("kernel larger than padded input, bias gradient only", x, cv(F32, [6, 2, 7, 7]), groups=2,
         go=cv(F32, [1, 6, 1, 1]), mask=[False, False, True], **E)
    case("stride of 3 values for 2-D", x, w, [1, 1, 1], [0], [1], groups=2, go=cv(F32, [1, 6, 3, 3]), **E)
    case("output_padding for a convolution that is not transposed", x, w, [2], [0], [1], False, [1], groups=2,
         **E)
    case("output_padding [0,0,0] for 2-D", x, w, [1], [0], [1], False, [0, 0, 0], groups=2, **E)
    case("transposed output_padding >= stride and dilation", cv(F32, [1, 4, 4, 4]), cv(F32, [4, 3, 3, 3]),
         [2], [0], [1], True, [2, 0], **E)
    case("2-D weight", cv(F32, [2, 3]), cv(F32, [4, 3]), go=cv(F32, [2, 4]), **E)
    case("zero output channels", x, cv(F32, [0, 4, 3, 3]), go=cv(F32, [1, 0, 3, 3]), bias_sizes=[0], **E)
    case("out dtype Double", x, w, [1], [0], [1], groups=2, outs=Outs(dtype=F64), **E)
    case("output_mask of two values", x, w, [1], [0], [1], groups=2, mask=[True, True], **E)
    case("Bool, every gradient", x.bool(), w.bool(), [1], [0], [1], groups=2, go=cv(B_, [1, 6, 3, 3]), **E)
    return cs


def ops():
    return [(OPNAME, "convbwd", gen_cases, None)]
