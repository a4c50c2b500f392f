"""Golden cases for the second NN family (embedding, glu, group / batch norm in training,
cdist / pdist, convolution backward): registered in gen.py's OPS() by `ops += gen_nnmisc.ops()`.

Tolerances:
  * embedding: exact (rows are copied).
  * glu: a / (1 + exp(-b)) is one exp, one add and one division: Float rtol 1e-5 atol 1e-6,
    Double 1e-12, Half / BFloat16 one ulp of the out dtype (computed in Float and rounded once;
    ATen's vectorized exp and libm's may round the Float value to different neighbours).
"""

import json
import os

import torch
from safetensors import safe_open
from safetensors.torch import load_file, save_file

import gen
from gen import (T, C, Out, NAME, F16, BF16, F32, F64, I32, I64, U8, B_, ALL, CL, vals, rng_for)

A = torch.ops.aten
ULP = {F16: 2.0 ** -10, BF16: 2.0 ** -7, F32: 2.0 ** -23, F64: 2.0 ** -52}
FDT = [F16, BF16, F32, F64]


def fl(x):
    return float("%.3g" % x)


# ----------------------------------------------------------------------------------------------
# embedding

def gen_embedding(op):
    r = rng_for(op)
    cs = []

    def case(note, w, idx, outs=None, worder=None, iorder=None, **kw):
        cs.append(C(note, outs=outs, tol="exact", weight=T(w, worder), indices=T(idx, iorder), **kw))

    # (UInt16/32/64 tables are moved as bytes too, but the runner has no element type for them)
    for dt in ALL:
        w = vals(r, dt, [6, 4])
        case("%s [6,4], Long [5]" % NAME[dt], w, r.randint([5], 0, 5))
        case("%s [6,4], Int [2,3]" % NAME[dt], w, r.randint([2, 3], 0, 5).int())
    for dt in (F32, F16, I64, U8):
        w = vals(r, dt, [7, 3])
        case("%s weight transposed (dim order [1,0])" % NAME[dt], w, r.randint([4], 0, 6), worder=[1, 0])
        case("%s indices [2,3,2] dim order [2,0,1]" % NAME[dt], w, r.randint([2, 3, 2], 0, 6).int(),
             iorder=[2, 0, 1])
        case("%s indices [2,2,2,2] channels-last, out channels-last-like" % NAME[dt], w,
             r.randint([2, 2, 2, 2], 0, 6), iorder=CL, outs=[Out(dt, [2, 2, 2, 2, 3], [0, 4, 1, 2, 3])])
        case("%s out [4,3] in dim order [1,0]" % NAME[dt], w, r.randint([4], 0, 6),
             outs=[Out(dt, [4, 3], [1, 0])])
    w = vals(r, F32, [5, 3])
    case("zero-dim index", w, torch.tensor(4))
    case("zero-dim Int index", w, torch.tensor(0, dtype=I32))
    case("empty indices [0]", w, torch.zeros([0], dtype=I64))
    case("empty indices [2,0]", w, torch.zeros([2, 0], dtype=I32))
    case("embedding_dim 0", vals(r, F32, [5, 0]), r.randint([3], 0, 4))
    case("embedding_dim 1", vals(r, F64, [5, 1]), r.randint([3], 0, 4))
    case("repeated indices", w, torch.tensor([1, 1, 1, 4, 0, 4]))
    case("padding_idx 2, scale_grad_by_freq, sparse (ignored in forward)", w, torch.tensor([2, 1, 2]),
         padding_idx=2, scale_grad_by_freq=True, sparse=True)
    case("padding_idx -1 (None)", w, torch.tensor([0, 4]), padding_idx=-1)
    case("padding_idx out of range (ignored in forward)", w, torch.tensor([0, 4]), padding_idx=10)
    case("resize out from [2,2]", w, torch.tensor([3, 1, 0]), outs=[Out(F32, [2, 2])])
    case("resize out from [0]", w, torch.tensor([[3, 1], [0, 2]]), outs=[Out(F32, [0])])
    # errors
    case("index == num_embeddings", w, torch.tensor([5]))
    case("negative index", w, torch.tensor([0, -1]))
    case("out-of-range index among empty rows", vals(r, F32, [5, 0]), torch.tensor([7]))
    case("index into an empty table", vals(r, F32, [0, 3]), torch.tensor([0]))
    case("1-D weight", vals(r, F32, [5]), torch.tensor([1]), outs=[Out(F32, [1])])
    case("3-D weight", vals(r, F32, [5, 2, 2]), torch.tensor([1]), outs=[Out(F32, [1, 2, 2])])
    case("zero-dim weight", torch.tensor(1.0), torch.tensor([0]), outs=[Out(F32, [1])])
    for dt in (torch.int16, U8, F32, B_):
        case("%s indices" % NAME[dt], w, torch.tensor([1, 2]).to(dt), outs=[Out(F32, [2, 3])])
    case("Double out for Float weight", w, torch.tensor([1]), outs=[Out(F64, [1, 3])])
    case("Int out for Long weight", vals(r, I64, [5, 3]), torch.tensor([1]), outs=[Out(I32, [1, 3])])
    return cs


# ----------------------------------------------------------------------------------------------
# glu

GLU_TOL = {F16: (ULP[F16], 1e-5), BF16: (ULP[BF16], 1e-5), F32: (1e-5, 1e-6), F64: (1e-12, 1e-12)}


def glu_tol(in_dt, out_dt):
    rt, at = GLU_TOL[in_dt]
    if out_dt in (F16, BF16):
        rt = max(rt, ULP[out_dt])
    return {"rtol": rt, "atol": at}


def gen_glu(op):
    r = rng_for(op)
    cs = []

    def case(note, x, dim=None, outs=None, order=None, tol=True):
        kw = {} if dim is None else {"dim": dim}
        t = None
        if tol:
            od = outs[0].dtype if outs else x.dtype
            t = glu_tol(x.dtype, od)
        cs.append(C(note, outs=outs, tol=t, self=T(x, order), **kw))

    for dt in FDT:
        for shape, dim in (([4, 6], None), ([4, 6], 0), ([6], 0), ([2, 4, 3], 1), ([3, 2, 2], -3),
                           ([2, 8, 3, 3], 1), ([1, 2], -1)):
            case("%s %s dim %s" % (NAME[dt], shape, dim), vals(r, dt, shape), dim)
        for order, dim in ((CL, 1), (CL, 3), ([0, 3, 1, 2], 2), ([3, 2, 1, 0], 0)):
            case("%s [2,4,2,6] dim order %s, dim %d" % (NAME[dt], order, dim), vals(r, dt, [2, 4, 2, 6]), dim,
                 order=order)
        case("%s channels-last in and out, dim 1" % NAME[dt], vals(r, dt, [2, 4, 3, 3]), 1, order=CL,
             outs=[Out(dt, [2, 2, 3, 3], CL)])
        case("%s wide values (sigmoid saturates)" % NAME[dt], (r.randn([3, 8]) * 40).to(dt), 1)
        inf, nan = float("inf"), float("nan")
        case("%s specials" % NAME[dt],
             torch.tensor([[1.0, -2.0, inf, nan, 0.0, 3.0], [inf, -inf, -inf, nan, 5.0, 1.0]], dtype=dt), 1)
    for idt, odt in ((F32, F64), (F32, F16), (F16, F32), (BF16, F64), (F64, F32), (F64, BF16)):
        case("%s in, %s out" % (NAME[idt], NAME[odt]), vals(r, idt, [3, 4]), 1, outs=[Out(odt, [3, 2])])
    case("empty [0,4] dim 1", vals(r, F32, [0, 4]), 1)
    case("empty [0,4] dim 0 (size 0 is even)", vals(r, F32, [0, 4]), 0)
    case("resize out from [5]", vals(r, F32, [3, 4]), 1, outs=[Out(F32, [5])])
    case("resize out from [4,4]", vals(r, F32, [4, 4]), 0, outs=[Out(F32, [4, 4])])
    # errors
    case("odd size", vals(r, F32, [3, 4]), 0, outs=[Out(F32, [1, 4])], tol=False)
    case("odd last dim", vals(r, F32, [4, 5]), outs=[Out(F32, [4, 2])], tol=False)
    case("zero-dim", torch.tensor(1.5), 0, outs=[Out(F32, [])], tol=False)
    case("dim out of range", vals(r, F32, [4, 4]), 2, outs=[Out(F32, [4, 2])], tol=False)
    case("dim -3 out of range", vals(r, F32, [4, 4]), -3, outs=[Out(F32, [4, 2])], tol=False)
    for dt in (B_, U8, I32, I64):
        case("%s input" % NAME[dt], vals(r, dt, [2, 4]), 1, outs=[Out(dt, [2, 2])], tol=False)
    for odt in (I32, I64, B_):
        case("Float in, %s out" % NAME[odt], vals(r, F32, [2, 4]), 1, outs=[Out(odt, [2, 2])], tol=False)
    return cs


# ----------------------------------------------------------------------------------------------
# group norm

def gen_group_norm(op):
    import gen_nn
    r = rng_for(op)
    cs = []

    def case(note, x, g, w=None, b=None, eps=1e-5, nchw=None, outs=None, order=None, tol=True):
        dt = x.dtype
        pt = w.dtype if w is not None else (b.dtype if b is not None else dt)
        if nchw is None:
            nchw = (x.shape[0], x.shape[1], x.numel() // max(x.shape[0] * x.shape[1], 1))
        N, Cc, HxW = nchw
        if outs is None:
            outs = [Out(dt, list(x.shape)), Out(pt, [N, g]), Out(pt, [N, g])]
        t = None
        if tol and dt in FDT and g > 0 and N * Cc * HxW == x.numel() and Cc % g == 0:
            xs = x.reshape(N, g, (Cc // g) * HxW)
            t = gen_nn.layer_norm_tol(dt, xs, 1, w, b)
        cs.append(C(note, outs=outs, tol=t, input=T(x, order), weight=None if w is None else T(w),
                    bias=None if b is None else T(b), N=N, C=Cc, HxW=HxW, group=g, eps=eps))

    for dt in FDT:
        for shape, g in (([2, 4, 3, 3], 2), ([2, 6, 5], 3), ([3, 4], 4), ([1, 8, 2, 2, 2], 2), ([2, 4, 3, 3], 1),
                         ([2, 6, 2, 2], 6), ([1, 32, 5, 5], 8)):
            x = vals(r, dt, shape)
            c = shape[1]
            case("%s %s group %d, weight and bias" % (NAME[dt], shape, g), x, g, vals(r, dt, [c]), vals(r, dt, [c]))
        x = vals(r, dt, [2, 4, 3, 3])
        case("%s no weight or bias" % NAME[dt], x, 2)
        case("%s weight only, eps 0.1" % NAME[dt], x, 2, w=vals(r, dt, [4]), eps=0.1)
        case("%s bias only" % NAME[dt], x, 4, b=vals(r, dt, [4]))
        case("%s channels-last input" % NAME[dt], vals(r, dt, [2, 6, 3, 2]), 3, vals(r, dt, [6]), vals(r, dt, [6]),
             order=CL)
        case("%s channels-last in, channels-last out0" % NAME[dt], vals(r, dt, [2, 4, 3, 3]), 2, vals(r, dt, [4]),
             vals(r, dt, [4]), order=CL, outs=[Out(dt, [2, 4, 3, 3], CL), Out(dt, [2, 2]), Out(dt, [2, 2])])
        case("%s channels-last 5-D" % NAME[dt], vals(r, dt, [2, 4, 2, 3, 2]), 2, order=[0, 2, 3, 4, 1])
        x = (r.randn([2, 4, 6]) * 0.05 + 20).to(dt)
        case("%s large mean, small variance" % NAME[dt], x, 2)
    for dt in (F16, BF16):
        x = vals(r, dt, [2, 4, 3, 3])
        case("%s input, Float weight and bias (mixed)" % NAME[dt], x, 2, vals(r, F32, [4]), vals(r, F32, [4]))
        case("%s input, Float weight, channels-last (mixed)" % NAME[dt], x, 2, w=vals(r, F32, [4]), order=CL)
    x = vals(r, F32, [2, 4, 3, 3])
    case("N, C, HxW other than the shape (1, 8, 9): flat [N, C, HxW] view", x, 2, nchw=(1, 8, 9))
    case("1-D input as N=2, C=4, HxW=1", vals(r, F32, [8]), 2, nchw=(2, 4, 1))
    case("empty batch", vals(r, F32, [0, 4, 3]), 2)
    case("HxW = 0 (mean 0, rstd nan)", vals(r, F32, [2, 4, 0]), 2)
    case("resize outs", x, 2, outs=[Out(F32, [3]), Out(F32, [4, 4]), Out(F32, [0])])
    case("out0 in dim order [0,3,1,2]", x, 2, outs=[Out(F32, [2, 4, 3, 3], [0, 3, 1, 2]), Out(F32, [2, 2]),
                                                    Out(F32, [2, 2], [1, 0])])
    # errors
    case("group does not divide C", x, 3, tol=False, outs=[Out(F32, [2, 4, 3, 3]), Out(F32, [2, 3]), Out(F32, [2, 3])])
    case("group 0", x, 0, tol=False, outs=[Out(F32, [2, 4, 3, 3]), Out(F32, [2, 1]), Out(F32, [2, 1])])
    case("group -2", x, -2, tol=False, outs=[Out(F32, [2, 4, 3, 3]), Out(F32, [2, 1]), Out(F32, [2, 1])])
    case("N * C * HxW != numel", x, 2, nchw=(3, 4, 9), tol=False)
    case("HxW != numel / (N C)", x, 2, nchw=(2, 4, 8), tol=False)
    case("weight of C' != C", x, 2, w=vals(r, F32, [4]), nchw=(2, 2, 18), tol=False)
    case("weight [3]", x, 1, w=vals(r, F32, [3]), tol=False)
    case("weight [4,1]", x, 2, w=vals(r, F32, [4, 1]), tol=False)
    case("bias [5]", x, 2, b=vals(r, F32, [5]), tol=False)
    for dt in (I32, I64):
        case("%s input" % NAME[dt], vals(r, dt, [2, 4, 3]), 2, tol=False)
    case("Float input, Double weight", x, 2, w=vals(r, F64, [4]), tol=False)
    case("Double input, Float weight", x.double(), 2, w=vals(r, F32, [4]), tol=False)
    case("Float input, Half weight", x, 2, w=vals(r, F16, [4]), tol=False)
    case("3-D input in dim order [0,2,1]", vals(r, F32, [2, 4, 3]), 2, order=[0, 2, 1], tol=False)
    case("4-D input in dim order [0,3,1,2]", x, 2, order=[0, 3, 1, 2], tol=False)
    case("out0 Double", x, 2, outs=[Out(F64, [2, 4, 3, 3]), Out(F32, [2, 2]), Out(F32, [2, 2])])
    case("out1 Double", x, 2, outs=[Out(F32, [2, 4, 3, 3]), Out(F64, [2, 2]), Out(F32, [2, 2])])
    case("mixed: out1 Half for Float weight", vals(r, F16, [2, 4]), 2, w=vals(r, F32, [4]),
         outs=[Out(F16, [2, 4]), Out(F16, [2, 2]), Out(F16, [2, 2])])
    return cs


# ----------------------------------------------------------------------------------------------
# batch norm in training

def gen_batch_norm_legit(op):
    import gen_nn
    r = rng_for(op)
    cs = []
    stats = op == "_native_batch_norm_legit.out"

    def case(note, x, w, b, rm=None, rv=None, training=True, eps=1e-5, momentum=0.1, outs=None, xorder=None,
             tol=True):
        dt = x.dtype
        pt = w.dtype if w is not None else (b.dtype if b is not None else (rm.dtype if stats else dt))
        c = x.shape[1] if x.dim() >= 2 else 1
        if outs is None:
            st = [c] if training else [0]
            outs = [Out(dt, list(x.shape)), Out(pt, st), Out(pt, st)]
        t = None
        if tol and dt in FDT and x.dim() >= 2 and x.numel():
            xs = x.transpose(0, 1).reshape(c, -1)
            t = gen_nn.layer_norm_tol(dt, xs, 1, w, b)
            if pt in (F16, BF16) or dt in (F16, BF16):
                # the saved statistics are rounded to the parameters' dtype before use, and
                # ATen's reduced-float paths round alpha / beta: a few ulps of the largest term
                u = ULP[pt] if pt in ULP and pt != F32 else ULP[dt]
                xd = x.double()
                s_ = float(((xd - xd.mean()).abs().max() / xd.std(unbiased=False).clamp_min(1e-3)))
                s_ = s_ * max(gen_nn.dmax(w), 1.0) + gen_nn.dmax(b)
                t["rtol"] = max(t["rtol"], 4 * u)
                t["atol"] = max(t["atol"], fl(4 * u * s_))
        kw = dict(input=T(x, xorder), weight=None if w is None else T(w), bias=None if b is None else T(b),
                  training=training, momentum=momentum, eps=eps)
        if stats:
            kw.update(running_mean=T(rm), running_var=T(rv))
        cs.append(C(note, outs=outs, tol=t, **kw))

    def params(dt, c):
        return (gen.vals(r, dt, [c]), gen.vals(r, dt, [c]), gen.vals(r, dt, [c]), gen.vals(r, dt, [c], "pos"))

    # Only contiguous and channels-last inputs: for an input in any other dim order ATen's out
    # overloads compute other values than its functional op (measured; etk follows the
    # functional op there), so torch's answer is no reference.
    for dt in FDT:
        for shape, order in (([2, 3, 4, 5], None), ([2, 3, 4, 5], CL), ([4, 3], None), ([2, 3, 5], None),
                             ([2, 3, 2, 2, 2], [0, 2, 3, 4, 1]), ([3, 16, 3, 3], None), ([1, 4, 3, 3], CL)):
            x = vals(r, dt, shape)
            w, b, rm, rv = params(dt, shape[1])
            case("%s %s order %s" % (NAME[dt], shape, order), x, w, b, rm, rv, xorder=order)
        x = vals(r, dt, [2, 3, 4])
        w, b, rm, rv = params(dt, 3)
        case("%s no weight" % NAME[dt], x, None, b, rm, rv)
        case("%s no bias, eps 0.1, momentum 0.9" % NAME[dt], x, w, None, rm, rv, eps=0.1, momentum=0.9)
        case("%s no weight or bias, momentum 0" % NAME[dt], x, None, None, rm, rv, momentum=0.0)
        case("%s momentum 1" % NAME[dt], x, w, b, rm, rv, momentum=1.0)
        x = (r.randn([4, 3, 5]) * 0.05 + 20).to(dt)
        case("%s large mean, small variance" % NAME[dt], x, w, b, rm, rv)
    for dt in (F16, BF16):
        x = vals(r, dt, [2, 3, 4, 5])
        w, b, rm, rv = params(F32, 3)
        case("%s input, Float parameters (mixed)" % NAME[dt], x, w, b, rm, rv, xorder=CL)
        case("%s input, Float stats, no weight or bias (mixed)" % NAME[dt], x, None, None, rm, rv)
    w, b, rm, rv = params(F32, 3)
    x = vals(r, F32, [2, 3, 4])
    case("one element per channel (running_var NaN)", vals(r, F32, [1, 3]), w, b, rm, rv)
    case("resize outs", x, w, b, rm, rv, outs=[Out(F32, [3]), Out(F32, [5]), Out(F32, [2, 2])])
    case("channels-last out", vals(r, F32, [2, 3, 4, 5]), w, b, rm, rv,
         outs=[Out(F32, [2, 3, 4, 5], CL), Out(F32, [3]), Out(F32, [3])])
    # errors
    case("empty batch in training", vals(r, F32, [0, 3, 2]), w, b, rm, rv, tol=False)
    case("1-D input", vals(r, F32, [3]), w, b, rm, rv, tol=False, outs=[Out(F32, [3]), Out(F32, [3]), Out(F32, [3])])
    for dt in (I32, I64):
        xi = vals(r, dt, [2, 3])
        case("%s input" % NAME[dt], xi, None, None, rm, rv, tol=False,
             outs=[Out(dt, [2, 3]), Out(F32, [3]), Out(F32, [3])])
    case("Float input, Double weight", x, w.double(), None, rm, rv, tol=False)
    case("Float input, Half weight", x, w.half(), None, rm, rv, tol=False)
    case("out Double", x, w, b, rm, rv, outs=[Out(F64, [2, 3, 4]), Out(F32, [3]), Out(F32, [3])])
    case("save_mean Double", x, w, b, rm, rv, outs=[Out(F32, [2, 3, 4]), Out(F64, [3]), Out(F32, [3])])
    if stats:
        case("Float input, Double running stats", x, None, None, rm.double(), rv.double(), tol=False)
        # not in training: the inference batch norm with the running statistics
        for dt in (F32, F64):
            x = vals(r, dt, [2, 3, 4, 5])
            w, b, rm, rv = params(dt, 3)
            case("%s not training" % NAME[dt], x, w, b, rm, rv, training=False)
            case("%s not training, channels-last" % NAME[dt], x, None, None, rm, rv, training=False, xorder=CL)
        case("not training, empty batch", vals(r, F32, [0, 3]), *params(F32, 3), training=False)
    return cs


def write_op_mutating(opname, cases, outdir, conv_src):
    """gen.write_op, then the running statistics as ATen leaves them, added to every case that
    torch accepts as `"mutated"` expectations (args 3 and 4, written in place)."""
    res = gen.write_op(opname, "trans", cases, outdir, conv_src)
    path = os.path.join(outdir, "aten__" + opname + ".safetensors")
    with safe_open(path, "pt") as f:
        jcases = json.loads(f.metadata()["cases"])
    tensors = load_file(path)

    def arg(a):
        return None if a is None else gen.with_dim_order(tensors[a["tensor"]], a.get("dim_order"))

    for k, c in enumerate(jcases):
        if c["expected"] == "error":
            continue
        x, w, b, rm, rv = [arg(a) for a in c["args"][:5]]
        training, momentum, eps = (c["args"][5]["bool"], float(c["args"][6]["float"]), float(c["args"][7]["float"]))
        rm2, rv2 = rm.clone(), rv.clone()
        A._native_batch_norm_legit(x, w, b, rm, rv, training, momentum, eps)
        outs = [torch.empty(0, dtype=getattr(torch, {"Half": "float16", "BFloat16": "bfloat16", "Float": "float32",
                                                     "Double": "float64"}[o["dtype"]])) for o in c["outs"]]
        A._native_batch_norm_legit.out(x, w, b, rm2, rv2, training, momentum, eps, out=outs[0], save_mean=outs[1],
                                       save_invstd=outs[2])
        if not all(torch.allclose(p.double(), q.double(), rtol=1e-3, atol=1e-5, equal_nan=True)
                   for p, q in ((rm, rm2), (rv, rv2))):
            # measured: for an input in neither contiguous nor channels-last memory, ATen's out
            # overload updates the running statistics as if the batch mean were 0 (its functional
            # op, which etk follows, updates them correctly): no expectation for them here
            c["note"] += " (running statistics not compared: ATen's out overload mis-updates them for this layout)"
            continue
        c["mutated"] = []
        for i, t in ((3, rm), (4, rv)):
            nm = "%d.mutated.%d" % (k, i)
            tensors[nm] = t.contiguous()
            c["mutated"].append({"arg": i, "expected": nm})
    meta = json.dumps(jcases, sort_keys=True, separators=(",", ":"), allow_nan=False)
    save_file({k: v.contiguous() for k, v in sorted(tensors.items())}, path, metadata={"cases": meta})
    return res[:4] + (os.path.getsize(path),)


# ----------------------------------------------------------------------------------------------
# cdist / pdist

U = {F32: 2.0 ** -24, F64: 2.0 ** -53}


def dist_tol(dt, x1, x2, p, mm):
    """A sum of M terms in the accumulation type (rtol ~ (M + 2) u, loosened for a fractional
    p's pow); the matrix-product form cancels |x1|² + |x2|² - 2 x1.x2, so its error is absolute
    in the squared distance: atol = sqrt(8 (M + 2) u max(|x1|² + |x2|²))."""
    m = x1.shape[-1]
    u = U[dt]
    rtol = 4 * (m + 2) * u * (8 if p not in (0.0, 1.0, 2.0, float("inf")) else 1)
    atol = 1e-12 if dt == F64 else 1e-6
    if mm and x1.numel() and x2.numel():
        n = float((x1.double() ** 2).sum(-1).max()) + float((x2.double() ** 2).sum(-1).max())
        atol = max(atol, (8 * (m + 2) * u * n) ** 0.5)
    return {"rtol": fl(rtol), "atol": fl(atol)}


def gen_cdist(op):
    r = rng_for(op)
    cs = []

    def case(note, x1, x2, p, mode=None, outs=None, o1=None, o2=None, tol=True):
        t = None
        if tol:
            mm = p == 2.0 and (mode == 1 or (mode in (None, 0) and (x1.shape[-2] > 25 or x2.shape[-2] > 25)))
            t = dist_tol(x1.dtype, x1, x2, p, mm)
        cs.append(C(note, outs=outs, tol=t, x1=T(x1, o1), x2=T(x2, o2), p=p, compute_mode=mode))

    for dt in (F32, F64):
        for p in (0.0, 1.0, 2.0, float("inf"), 0.5, 1.5, 3.0):
            case("%s [4,3] x [5,3] p %s" % (NAME[dt], p), vals(r, dt, [4, 3]), vals(r, dt, [5, 3]), p)
        x1, x2 = vals(r, dt, [30, 4]), vals(r, dt, [6, 4])
        for mode in (None, 0, 1, 2):
            case("%s [30,4] x [6,4] p 2 compute_mode %s" % (NAME[dt], mode), x1, x2, 2.0, mode)
        case("%s [3,4] x [5,4] p 2 compute_mode 1 (matrix form)" % NAME[dt], vals(r, dt, [3, 4]),
             vals(r, dt, [5, 4]), 2.0, 1)
        case("%s [3,4] x [27,4] p 1 compute_mode 1 (direct: only p 2 uses the matrix form)" % NAME[dt],
             vals(r, dt, [3, 4]), vals(r, dt, [27, 4]), 1.0, 1)
        case("%s batch [2,3,4] x [2,5,4]" % NAME[dt], vals(r, dt, [2, 3, 4]), vals(r, dt, [2, 5, 4]), 2.0)
        case("%s broadcast batch [2,1,3,4] x [3,5,4]" % NAME[dt], vals(r, dt, [2, 1, 3, 4]),
             vals(r, dt, [3, 5, 4]), 1.0)
        case("%s transposed x1 (dim order [1,0])" % NAME[dt], vals(r, dt, [4, 3]), vals(r, dt, [5, 3]), 2.0,
             o1=[1, 0])
        case("%s x2 in dim order [0,2,1], channels-last-like batch" % NAME[dt], vals(r, dt, [2, 3, 4]),
             vals(r, dt, [2, 5, 4]), 3.0, o2=[0, 2, 1])
        case("%s equal rows (zero distances), matrix form" % NAME[dt],
             torch.tensor([[1.0, 2.0], [3.0, -1.0]], dtype=dt), torch.tensor([[1.0, 2.0], [3.0, -1.0]], dtype=dt),
             2.0, 1)
    x1, x2 = vals(r, F32, [3, 4]), vals(r, F32, [5, 4])
    case("empty x1 rows", vals(r, F32, [0, 4]), x2, 2.0)
    case("zero columns", vals(r, F32, [3, 0]), vals(r, F32, [5, 0]), 2.0)
    case("p 0 with repeated coordinates", torch.tensor([[1.0, 0.0, 2.0]]), torch.tensor([[1.0, 3.0, 2.0]]), 0.0)
    case("resize out from [2]", x1, x2, 2.0, outs=[Out(F32, [2])])
    case("out in dim order [1,0]", x1, x2, 1.0, outs=[Out(F32, [3, 5], [1, 0])])
    # errors
    case("negative p", x1, x2, -1.0, tol=False, outs=[Out(F32, [3, 5])])
    case("NaN p", x1, x2, float("nan"), tol=False, outs=[Out(F32, [3, 5])])
    case("compute_mode 3", x1, x2, 2.0, 3, tol=False, outs=[Out(F32, [3, 5])])
    case("columns differ", x1, vals(r, F32, [5, 3]), 2.0, tol=False, outs=[Out(F32, [3, 5])])
    case("1-D x1", vals(r, F32, [4]), x2, 2.0, tol=False, outs=[Out(F32, [1, 5])])
    case("batch dims do not broadcast", vals(r, F32, [2, 3, 4]), vals(r, F32, [3, 5, 4]), 2.0, tol=False,
         outs=[Out(F32, [3, 3, 5])])
    case("Float x1, Double x2", x1, x2.double(), 2.0, tol=False, outs=[Out(F32, [3, 5])])
    for dt in (F16, BF16, I32):
        case("%s inputs" % NAME[dt], x1.to(dt), x2.to(dt), 2.0, tol=False, outs=[Out(dt, [3, 5])])
    case("Double out for Float inputs", x1, x2, 2.0, tol=False, outs=[Out(F64, [3, 5])])
    return cs


def gen_pdist(op):
    r = rng_for(op)
    cs = []

    def case(note, x, p=None, outs=None, order=None, tol=True):
        kw = {} if p is None else {"p": p}
        t = dist_tol(x.dtype, x, x, 2.0 if p is None else p, False) if tol else None
        cs.append(C(note, outs=outs, tol=t, self=T(x, order), **kw))

    for dt in (F32, F64):
        for p in (None, 0.0, 1.0, 2.0, float("inf"), 0.5, 3.0):
            case("%s [5,3] p %s" % (NAME[dt], p), vals(r, dt, [5, 3]), p)
        case("%s [30,4] (no matrix form in pdist)" % NAME[dt], vals(r, dt, [30, 4]))
        case("%s negative p (ATen does not check)" % NAME[dt], vals(r, dt, [4, 3]), -1.5)
    case("one row: no pairs", vals(r, F32, [1, 4]))
    case("no rows", vals(r, F32, [0, 4]))
    case("zero columns", vals(r, F32, [3, 0]))
    case("equal rows", torch.tensor([[1.0, 2.0], [1.0, 2.0], [0.0, 1.0]]))
    case("resize out from [7]", vals(r, F32, [4, 3]), outs=[Out(F32, [7])])
    # errors
    case("transposed (non-contiguous) self", vals(r, F32, [4, 3]), order=[1, 0], tol=False, outs=[Out(F32, [6])])
    case("1-D self", vals(r, F32, [4]), tol=False, outs=[Out(F32, [0])])
    for dt in (F16, BF16, I32):
        case("%s self" % NAME[dt], vals(r, dt, [4, 3]), tol=False, outs=[Out(dt, [6])])
    case("Double out for Float self", vals(r, F32, [4, 3]), tol=False, outs=[Out(F64, [6])])
    return cs


# ----------------------------------------------------------------------------------------------

def ops():
    full = ["aten::embedding.out", "aten::glu.out", "aten::native_group_norm.out",
            "aten::_native_batch_norm_legit.out", "aten::_native_batch_norm_legit.no_stats_out",
            "aten::_cdist_forward.out", "aten::_pdist_forward.out"]
    gen.NOT_ELEMENTWISE.update(full)
    return [
        ("embedding.out", "exact", lambda: gen_embedding("embedding.out"), False),
        ("glu.out", "trans", lambda: gen_glu("glu.out"), False),
        ("native_group_norm.out", "trans", lambda: gen_group_norm("native_group_norm.out"), False),
        ("_native_batch_norm_legit.out", "mutating", lambda: gen_batch_norm_legit("_native_batch_norm_legit.out"),
         False),
        ("_native_batch_norm_legit.no_stats_out", "trans",
         lambda: gen_batch_norm_legit("_native_batch_norm_legit.no_stats_out"), False),
        ("_cdist_forward.out", "trans", lambda: gen_cdist("_cdist_forward.out"), False),
        ("_pdist_forward.out", "trans", lambda: gen_pdist("_pdist_forward.out"), False),
    ]
