"""Golden cases for etk-quantized: `quantized_decomposed::*` out overloads, computed with
torch's reference ops (`torch.ao.quantization.fx._decomposed`, the functional overloads; the
out variants are ExecuTorch's schemas: the functional arguments plus `out`).

Registered in gen.py's OPS(); `gen.py --only quantized_decomposed::quantize_per_tensor.out`
writes `cases/quantized_decomposed__quantize_per_tensor.out.safetensors`.

Every case calls the functional reference op on the case's (contiguous) inputs; the expected
outs are its results. `"expected": "error"` where the reference raises, and for the calls an
out variant must reject although the functional op has no out to check (an out of the wrong
dtype). Not generated: NaN / infinite inputs and values whose float-to-integer conversion is
undefined in C++ (a result past the quantized dtype's range), crossed quant_min > quant_max
(torch's reference accepts them and produces values clamped to quant_max; etk rejects them,
as ExecuTorch's kernels do). Tolerance: exact (etk follows the reference's arithmetic step by
step), with the sign of a zero not significant.
"""

import json
import os
import zlib

import torch
import torch.ao.quantization.fx._decomposed  # noqa: F401  (registers quantized_decomposed)
from safetensors.torch import save_file

# ExecuTorch's reference ops for the embeddings (torch has none): the Python implementations
# of embedding_byte / _4bit / _2bit in executorch.exir.passes (executorch 1.5.1).
from executorch.exir.passes import _quant_patterns_and_replacements  # noqa: F401

from gen import NAME, T, encode_value

Q = torch.ops.quantized_decomposed
U8, I8, I16, I32, I64 = torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64
F16, BF16, F32, F64 = torch.float16, torch.bfloat16, torch.float32, torch.float64
QDT = [U8, I8, I16, I32]
QR = {U8: (0, 255), I8: (-128, 127), I16: (-32768, 32767), I32: (-2 ** 31, 2 ** 31 - 1)}
CL = [0, 2, 3, 1]


class G:
    def __init__(self, op):
        self.g = torch.Generator().manual_seed(zlib.crc32(op.encode()))

    def randn(self, shape, scale=1.0):
        return torch.randn(shape, generator=self.g, dtype=F64) * scale

    def ints(self, shape, lo, hi):
        return torch.randint(lo, hi + 1, shape, generator=self.g, dtype=I64)


class Case:
    """args: list of (name, value) in schema order (T, float, int, bool, None, torch.dtype);
    outs: list of (dtype, shape, dim_order); fn: the functional call returning the results."""

    def __init__(self, note, args, outs, fn, error=False):
        self.note, self.args, self.outs, self.fn, self.error = note, args, outs, fn, error


def enc(v, name, tensors):
    if isinstance(v, torch.dtype):
        return {"dtype": NAME[v]}
    if isinstance(v, T):
        v = T(v.t, v.dim_order)  # a fresh copy: an input reused by several cases is stored once each
    return encode_value(v, name, tensors)


def write_op(opname, cases, outdir):
    opname, _, tag = opname.partition("@")   # "...quantize_per_tensor.out@uint16": a second file
    tensors, jcases, n_err = {}, [], 0
    for c in cases:
        k = len(jcases)
        note = c.note
        expected = None
        if not c.error:
            try:  # noqa: SIM105
                res = c.fn()
                if not isinstance(res, (tuple, list)):
                    res = (res,)
                expected = [r.contiguous().clone() for r in res]
            except Exception as ex:  # the reference rejects the call
                note = "%s -> torch: %s: %s" % (note, type(ex).__name__, str(ex).strip().split("\n")[0][:160])
        args = [enc(v, "%d.%s" % (k, n), tensors) for n, v in c.args]
        outs = []
        for i, (dt, shape, order) in enumerate(c.outs):
            if shape is None:
                shape = list(expected[i].shape) if expected is not None else [0]
            d = {"dtype": NAME[dt], "shape": list(shape)}
            if order is not None:
                d["dim_order"] = order
            if getattr(c, "static_outs", False):
                d["static"] = True
            outs.append(d)
        if expected is None:
            exp = "error"
            n_err += 1
        else:
            exp = []
            for i, t in enumerate(expected):
                if t.dtype != c.outs[i][0]:
                    t = t.to(c.outs[i][0])
                nm = "%d.expected.%d" % (k, i)
                tensors[nm] = t
                exp.append(nm)
        jc = {"op": opname, "args": args, "outs": outs, "expected": exp, "tol": "exact", "note": note}
        if exp != "error":
            jc["signed_zero"] = False
        jcases.append(jc)
    meta = json.dumps(jcases, sort_keys=True, separators=(",", ":"), allow_nan=False)
    path = os.path.join(outdir, opname.replace("::", "__") + ("." + tag if tag else "") + ".safetensors")
    save_file({k: v.contiguous() for k, v in sorted(tensors.items())}, path, metadata={"cases": meta})
    return opname, len(jcases), n_err, 0, os.path.getsize(path)


def mat(v):
    """The tensor a T stands for, laid out in its dim order."""
    if isinstance(v, T):
        if v.dim_order is None:
            return v.t.clone()
        inv = [v.dim_order.index(i) for i in range(len(v.dim_order))]
        return v.t.permute(v.dim_order).contiguous().permute(inv)
    return v


def call(f, args):
    vals = [mat(v) for _, v in args]
    return lambda: f(*vals)


def ties(scale, n):
    """Inputs on which x * (1/scale) lands exactly on k + 0.5 (round half to even matters)."""
    return torch.tensor([(k + 0.5) * scale for k in range(-n, n)], dtype=F64)


# ----------------------------------------------------------------------------------------------
# per tensor

def _qpt_args(tensor_form, x, scale, zp, qmin, qmax, dt, sdt=F64, zdt=I64):
    if tensor_form:
        return [("input", x), ("scale", T(torch.tensor([scale], dtype=sdt))),
                ("zero_point", T(torch.tensor([zp], dtype=zdt))), ("quant_min", qmin), ("quant_max", qmax),
                ("dtype", dt)]
    return [("input", x), ("scale", scale), ("zero_point", zp), ("quant_min", qmin), ("quant_max", qmax),
            ("dtype", dt)]


def _scalar_qparams(args):
    d = dict(args)
    s, z = d["scale"], d["zero_point"]
    if isinstance(s, T):
        return s.t.item(), z.t.item()
    return s, z


def gen_quantize_per_tensor(op, tensor_form):
    g = G(op)
    cs = []

    def add(note, x, scale, zp, qmin, qmax, dt, out=None, error=False, **kw):
        args = _qpt_args(tensor_form, x, scale, zp, qmin, qmax, dt, **kw)
        s, z = _scalar_qparams(args)
        xv = mat(x)
        fn = (lambda: Q.quantize_per_tensor.default(xv, s, z, qmin, qmax, dt))
        cs.append(Case(note, args, [out or (dt, None, None)], fn, error))

    for dt in QDT:
        lo, hi = QR[dt]
        if dt == I32:
            lo, hi = -2 ** 24, 2 ** 24
        for xdt in (F32, F16, BF16):
            for scale, zp in ((0.05, 0), (0.1, 3), (0.0123, -7 if dt != U8 else 128), (1.7, 0)):
                x = T((g.randn([3, 5], 4.0)).to(xdt))
                add("%s -> %s scale %g zp %d" % (NAME[xdt], NAME[dt], scale, zp), x, scale, zp, lo, hi, dt)
        x = T(ties(0.25, 6).to(F32))
        add("ties to even, %s" % NAME[dt], x, 0.25, 1, lo, hi, dt)
        x = T((g.randn([4, 6], 50.0)).to(F32))
        add("saturating, %s" % NAME[dt], x, 0.01, 0, QR[dt][0] if dt != I32 else -1000,
            QR[dt][1] if dt != I32 else 1000, dt)
        add("narrow range [%d, %d], %s" % (lo // 2 + 1, hi // 2, NAME[dt]), T(g.randn([7], 3.0).to(F32)),
            0.02, 0, lo // 2 + 1, hi // 2, dt)
    # layouts, shapes
    x4 = g.randn([2, 3, 2, 4], 2.0).to(F32)
    add("channels-last input", T(x4, CL), 0.03, 2, -128, 127, I8)
    add("channels-last out", T(x4), 0.03, 2, -128, 127, I8, out=(I8, [2, 3, 2, 4], CL))
    add("channels-last both, Half", T(x4.to(F16), CL), 0.03, 2, 0, 255, U8, out=(U8, [2, 3, 2, 4], CL))
    add("permuted [2,0,1]", T(g.randn([3, 4, 5]).to(F32), [2, 0, 1]), 0.01, 0, -128, 127, I8)
    add("zero-dim", T(torch.tensor(1.234, dtype=F32)), 0.1, 1, -128, 127, I8)
    add("empty", T(torch.zeros([0, 3], dtype=F32)), 0.1, 1, -128, 127, I8)
    add("resize a [5] out to [2,3]", T(g.randn([2, 3]).to(F32)), 0.1, 1, -128, 127, I8, out=(I8, [5], None))
    add("negative scale", T(g.randn([6]).to(F32)), -0.05, 3, -128, 127, I8)
    add("tiny scale saturates", T(g.randn([6]).to(F32)), 1e-8, 0, 0, 255, U8)
    if tensor_form:
        for sdt, zdt in ((F32, I64), (F64, I32), (F16, I8)):
            add("scale %s, zero_point %s" % (NAME[sdt], NAME[zdt]), T(g.randn([9], 3.0).to(F32)), 0.07, 5,
                -128, 127, I8, sdt=sdt, zdt=zdt)
    # errors
    xe = T(g.randn([4]).to(F32))
    add("quant_min below the dtype", xe, 0.1, 0, -129, 127, I8)
    add("quant_max above the dtype", xe, 0.1, 0, 0, 256, U8)
    add("Double input", T(g.randn([4])), 0.1, 0, -128, 127, I8)
    add("Int input", T(torch.arange(4, dtype=I32)), 0.1, 0, -128, 127, I8)
    add("Long dtype", xe, 0.1, 0, -128, 127, I64, out=(I64, [4], None))
    add("out of the wrong dtype", xe, 0.1, 0, -128, 127, I8, out=(U8, [4], None), error=True)
    add("resize a [2,3] out to [4]", xe, 0.1, 0, -128, 127, I8, out=(I8, [2, 3], None))
    return cs


def gen_dequantize_per_tensor(op, tensor_form):
    g = G(op)
    cs = []

    def add(note, q, scale, zp, qmin, qmax, dt, out_dtype=None, out=None, error=False, **kw):
        args = _qpt_args(tensor_form, q, scale, zp, qmin, qmax, dt, **kw) + [("out_dtype", out_dtype)]
        s, z = _scalar_qparams(args)
        qv = mat(q)
        fn = (lambda: Q.dequantize_per_tensor.default(qv, s, z, qmin, qmax, dt, out_dtype=out_dtype))
        cs.append(Case(note, args, [out or (out_dtype or F32, None, None)], fn, error))

    for dt in QDT:
        lo, hi = QR[dt]
        for odt in (None, F32, F16, BF16, F64):
            for scale, zp in ((0.05, 0), (0.0123, -7 if dt != U8 else 128), (3.3, 1)):
                q = T(g.ints([3, 5], max(lo, -40000), min(hi, 40000)).to(dt))
                add("%s -> %s scale %g zp %d" % (NAME[dt], NAME[odt] if odt else "None", scale, zp),
                    q, scale, zp, lo, hi, dt, odt)
        q = T(torch.tensor([lo, hi, 0, 1, -1 if dt != U8 else 2], dtype=dt))
        add("extremes, %s" % NAME[dt], q, 0.1, 0, lo, hi, dt)
    q4 = g.ints([2, 3, 2, 4], -128, 127).to(I8)
    add("channels-last input", T(q4, CL), 0.03, 2, -128, 127, I8)
    add("channels-last out", T(q4), 0.03, 2, -128, 127, I8, out=(F32, [2, 3, 2, 4], CL))
    add("channels-last both, Half", T(q4, CL), 0.03, 2, -128, 127, I8, F16, out=(F16, [2, 3, 2, 4], CL))
    add("zero-dim", T(torch.tensor(-5, dtype=I8)), 0.1, 1, -128, 127, I8)
    add("empty", T(torch.zeros([2, 0], dtype=U8)), 0.1, 1, 0, 255, U8)
    add("resize a [0] out to [2,3]", T(g.ints([2, 3], 0, 255).to(U8)), 0.1, 1, 0, 255, U8, out=(F32, [0], None))
    add("out_dtype None into a Double out", T(g.ints([5], 0, 255).to(U8)), 0.37, 4, 0, 255, U8,
        out=(F64, None, None))
    if tensor_form:
        for sdt, zdt in ((F32, I64), (F64, I32), (F16, I8)):
            add("scale %s, zero_point %s" % (NAME[sdt], NAME[zdt]), T(g.ints([9], -128, 127).to(I8)), 0.07, 5,
                -128, 127, I8, sdt=sdt, zdt=zdt)
    # errors
    qe = T(g.ints([4], 0, 100).to(U8))
    add("input dtype differs from dtype", qe, 0.1, 0, -128, 127, I8)
    add("Long dtype", T(torch.arange(4, dtype=I64)), 0.1, 0, -128, 127, I64)
    add("out of the wrong dtype for out_dtype", qe, 0.1, 0, 0, 255, U8, F32, out=(F16, [4], None), error=True)
    add("integer out_dtype", qe, 0.1, 0, 0, 255, U8, I32, out=(I32, [4], None), error=True)
    return cs


# ----------------------------------------------------------------------------------------------
# per channel

def gen_quantize_per_channel(op):
    g = G(op)
    cs = []

    def add(note, x, scales, zps, axis, qmin, qmax, dt, out=None, error=False):
        args = [("input", x), ("scales", T(scales)), ("zero_points", T(zps)), ("axis", axis),
                ("quant_min", qmin), ("quant_max", qmax), ("dtype", dt)]
        xv, sv, zv = mat(x), scales.clone(), zps.clone()
        fn = (lambda: Q.quantize_per_channel.default(xv, sv, zv, axis, qmin, qmax, dt))
        cs.append(Case(note, args, [out or (dt, None, None)], fn, error))

    def sc(n, sdt=F32):
        return (torch.rand([n], generator=g.g, dtype=F64) * 0.2 + 0.005).to(sdt)

    for dt in QDT:
        lo, hi = QR[dt]
        if dt == I32:
            lo, hi = -2 ** 24, 2 ** 24
        for xdt in (F32, F16, BF16):
            for sdt in (F32, F64, F16):
                for axis in (0, 1):
                    x = g.randn([3, 4], 3.0).to(xdt)
                    n = x.shape[axis]
                    zps = g.ints([n], -5, 5) + (128 if dt == U8 else 0)
                    add("%s -> %s, scales %s, axis %d" % (NAME[xdt], NAME[dt], NAME[sdt], axis), T(x), sc(n, sdt),
                        zps, axis, lo, hi, dt)
    x4 = g.randn([2, 3, 2, 4], 2.0).to(F32)
    for axis in (0, 1, 2, 3, -1, -3):
        n = x4.shape[axis]
        add("rank 4 axis %d, channels-last input" % axis, T(x4, CL), sc(n), g.ints([n], -3, 3), axis, -128, 127, I8)
    add("channels-last out, axis 1", T(x4), sc(3), g.ints([3], -3, 3), 1, -128, 127, I8, out=(I8, [2, 3, 2, 4], CL))
    add("channels-last both, axis 3", T(x4, CL), sc(4), g.ints([4], 0, 9), 3, 0, 255, U8, out=(U8, [2, 3, 2, 4], CL))
    add("ties to even", T(ties(0.25, 4).to(F32).reshape(2, 4)), torch.tensor([0.25, 0.25]), torch.tensor([0, 1]),
        0, -128, 127, I8)
    add("one scale for every channel", T(g.randn([3, 4]).to(F32)), sc(1), torch.tensor([2]), 1, -128, 127, I8)
    add("zero_points Int", T(g.randn([3, 4]).to(F32)), sc(4), g.ints([4], -3, 3).to(I32), 1, -128, 127, I8)
    for sdt, zdt in ((F32, F32), (F32, F64), (F64, F32), (F16, F16), (BF16, F32)):
        add("zero_points %s, scales %s" % (NAME[zdt], NAME[sdt]), T(g.randn([3, 4], 2.0).to(F32)), sc(4, sdt),
            (torch.rand([4], generator=g.g, dtype=F64) * 6 - 3).to(zdt), 1, -128, 127, I8)
    add("empty along another dim", T(torch.zeros([0, 4], dtype=F32)), sc(4), g.ints([4], -3, 3), 1, -128, 127, I8)
    add("resize a [1] out", T(g.randn([2, 3]).to(F32)), sc(3), g.ints([3], -3, 3), 1, -128, 127, I8,
        out=(I8, [1], None))
    add("saturating narrow range", T(g.randn([4, 5], 30.0).to(F32)), sc(4), g.ints([4], -3, 3), 0, -8, 7, I8)
    # errors
    x = T(g.randn([3, 4]).to(F32))
    add("axis past the rank", x, sc(4), g.ints([4], 0, 0), 2, -128, 127, I8)
    add("axis below -rank", x, sc(4), g.ints([4], 0, 0), -3, -128, 127, I8, error=True)
    add("scales of the wrong length", x, sc(3), g.ints([3], 0, 0), 1, -128, 127, I8)
    add("zero_points of the wrong length", x, sc(4), g.ints([3], 0, 0), 1, -128, 127, I8, error=True)
    add("quant_max above the dtype", x, sc(4), g.ints([4], 0, 0), 1, -128, 128, I8)
    add("Double input", T(g.randn([3, 4])), sc(4), g.ints([4], 0, 0), 1, -128, 127, I8)
    add("zero-dim input", T(torch.tensor(1.0)), sc(1), g.ints([1], 0, 0), 0, -128, 127, I8)
    add("out of the wrong dtype", x, sc(4), g.ints([4], 0, 0), 1, -128, 127, I8, out=(U8, [3, 4], None), error=True)
    return cs


def gen_dequantize_per_channel(op):
    g = G(op)
    cs = []

    def add(note, q, scales, zps, axis, qmin, qmax, dt, out_dtype=None, out=None, error=False):
        args = [("input", q), ("scales", T(scales)), ("zero_points", T(zps) if zps is not None else None),
                ("axis", axis), ("quant_min", qmin), ("quant_max", qmax), ("dtype", dt), ("out_dtype", out_dtype)]
        qv, sv, zv = mat(q), scales.clone(), zps.clone() if zps is not None else None
        fn = (lambda: Q.dequantize_per_channel.default(qv, sv, zv, axis, qmin, qmax, dt, out_dtype=out_dtype))
        cs.append(Case(note, args, [out or (out_dtype or F32, None, None)], fn, error))

    def sc(n, sdt=F32):
        return (torch.rand([n], generator=g.g, dtype=F64) * 0.2 + 0.005).to(sdt)

    for dt in QDT:
        lo, hi = QR[dt]
        for odt in (None, F16, BF16, F64):
            for sdt in (F32, F64, F16, BF16):
                axis = int(g.ints([], 0, 1))
                q = g.ints([3, 4], max(lo, -40000), min(hi, 40000)).to(dt)
                n = q.shape[axis]
                zps = g.ints([n], -5, 5) + (128 if dt == U8 else 0)
                add("%s -> %s, scales %s, axis %d" % (NAME[dt], NAME[odt] if odt else "None", NAME[sdt], axis), T(q),
                    sc(n, sdt), zps, axis, lo, hi, dt, odt)
        add("no zero points, %s" % NAME[dt], T(g.ints([2, 3], max(lo, -99), min(hi, 99)).to(dt)), sc(3), None, 1,
            lo, hi, dt)
        add("zero_points Int, %s" % NAME[dt], T(g.ints([2, 3], max(lo, -99), min(hi, 99)).to(dt)), sc(2),
            g.ints([2], 0, 9).to(I32), 0, lo, hi, dt)
    add("Int input minus Long zero points past the Int range", T(torch.tensor([[-2 ** 31, 2 ** 31 - 1]], dtype=I32)),
        torch.tensor([1.0]), torch.tensor([5]), 0, -2 ** 31, 2 ** 31 - 1, I32)
    q4 = g.ints([2, 3, 2, 4], -128, 127).to(I8)
    for axis in (0, 1, 2, 3, -1, -2):
        n = q4.shape[axis]
        add("rank 4 axis %d, channels-last input" % axis, T(q4, CL), sc(n), g.ints([n], -3, 3), axis, -128, 127, I8)
    add("channels-last out, axis 1", T(q4), sc(3), g.ints([3], -3, 3), 1, -128, 127, I8, out=(F32, [2, 3, 2, 4], CL))
    add("channels-last both, Half, axis 3", T(q4, CL), sc(4), g.ints([4], -3, 3), 3, -128, 127, I8, F16,
        out=(F16, [2, 3, 2, 4], CL))
    add("one scale for every channel", T(g.ints([3, 4], -9, 9).to(I8)), sc(1), torch.tensor([2]), 1, -128, 127, I8)
    add("empty", T(torch.zeros([0, 4], dtype=I8)), sc(4), g.ints([4], -3, 3), 1, -128, 127, I8)
    add("resize a [1] out", T(g.ints([2, 3], -9, 9).to(I8)), sc(3), g.ints([3], -3, 3), 1, -128, 127, I8,
        out=(F32, [1], None))
    # errors
    q = T(g.ints([3, 4], -9, 9).to(I8))
    add("axis past the rank", q, sc(4), g.ints([4], 0, 0), 2, -128, 127, I8)
    add("scales of the wrong length", q, sc(3), g.ints([3], 0, 0), 1, -128, 127, I8)
    add("zero_points of the wrong length", q, sc(4), g.ints([3], 0, 0), 1, -128, 127, I8)
    add("input dtype differs from dtype", q, sc(4), g.ints([4], 0, 0), 1, 0, 255, U8)
    add("quant_min below the dtype", q, sc(4), g.ints([4], 0, 0), 1, -129, 127, I8)
    add("out of the wrong dtype for out_dtype", q, sc(4), g.ints([4], 0, 0), 1, -128, 127, I8, F32,
        out=(F64, [3, 4], None), error=True)
    return cs


# ----------------------------------------------------------------------------------------------
# choose_qparams

def gen_choose_qparams(op):
    g = G(op)
    cs = []

    def add(note, x, qmin, qmax, eps, dt, outs=None, error=False):
        args = [("input", x), ("quant_min", qmin), ("quant_max", qmax), ("eps", eps), ("dtype", dt)]
        xv = mat(x)
        fn = (lambda: Q.choose_qparams.tensor(xv, qmin, qmax, eps, dt))
        cs.append(Case(note, args, outs or [(F64, None, None), (I64, None, None)], fn, error))

    eps = float(torch.finfo(F32).eps)
    for xdt in (F32, F16, BF16):
        for dt, (qmin, qmax) in ((U8, (0, 255)), (I8, (-128, 127)), (I16, (-32768, 32767)), (I8, (-8, 7)),
                                 (I32, (-2 ** 31, 2 ** 31 - 1))):
            for sc, off in ((1.0, 0.0), (5.0, 2.0), (0.01, -0.5)):
                x = g.randn([4, 5], sc) + off
                add("%s, %s [%d, %d], spread %g offset %g" % (NAME[xdt], NAME[dt], qmin, qmax, sc, off),
                    T(x.to(xdt)), qmin, qmax, eps, dt)
    add("all positive", T(torch.rand([6], generator=g.g).to(F32) + 1), 0, 255, eps, U8)
    add("all negative", T(-torch.rand([6], generator=g.g).to(F32) - 1), -128, 127, eps, I8)
    add("all zero: scale is eps", T(torch.zeros([5], dtype=F32)), -128, 127, eps, I8)
    add("big eps", T(g.randn([5]).to(F32)), -128, 127, 0.5, I8)
    add("zero-dim", T(torch.tensor(-3.5, dtype=F32)), 0, 255, eps, U8)
    add("channels-last input", T(g.randn([2, 3, 2, 2]).to(F32), CL), -128, 127, eps, I8)
    add("resize [0] outs", T(g.randn([5]).to(F32)), -128, 127, eps, I8,
        outs=[(F64, [0], None), (I64, [0], None)])
    # errors
    x = T(g.randn([5]).to(F32))
    add("range without 0", x, 1, 127, eps, I8)
    add("quant_min == quant_max", x, 0, 0, eps, I8)
    add("Double input", T(g.randn([5])), -128, 127, eps, I8)
    add("Long dtype", x, -128, 127, eps, I64)
    add("empty input", T(torch.zeros([0], dtype=F32)), -128, 127, eps, I8)
    add("Float scale_out", x, -128, 127, eps, I8, outs=[(F32, [1], None), (I64, [1], None)], error=True)
    add("Int zero_point_out", x, -128, 127, eps, I8, outs=[(F64, [1], None), (I32, [1], None)], error=True)
    return cs


def ops():
    """(op name, category, generator, conv source) rows for gen.py's OPS(); category "quant"
    routes them to write_op here."""
    P = "quantized_decomposed::"
    return [
        (P + "quantize_per_tensor.out", "quant", lambda: gen_quantize_per_tensor("qpt", False), None),
        (P + "quantize_per_tensor.Tensor_out", "quant", lambda: gen_quantize_per_tensor("qptt", True), None),
        (P + "dequantize_per_tensor.out", "quant", lambda: gen_dequantize_per_tensor("dqpt", False), None),
        (P + "dequantize_per_tensor.Tensor_out", "quant", lambda: gen_dequantize_per_tensor("dqptt", True), None),
        (P + "quantize_per_channel.out", "quant", lambda: gen_quantize_per_channel("qpc"), None),
        (P + "dequantize_per_channel.out", "quant", lambda: gen_dequantize_per_channel("dqpc"), None),
        (P + "choose_qparams.Tensor_out", "quant", lambda: gen_choose_qparams("cq"), None),
    ] + ops_group2() + ops_group3() + ops_group4()


# ----------------------------------------------------------------------------------------------
# group-wise dequantize and the embeddings

def gen_dequantize_per_channel_group(op):
    g = G(op)
    cs = []

    def add(note, q, scales, zps, qmin, qmax, dt, gs, odt, out=None, error=False):
        args = [("input", q), ("scales", T(scales)), ("zero_points", T(zps) if zps is not None else None),
                ("quant_min", qmin), ("quant_max", qmax), ("dtype", dt), ("group_size", gs), ("output_dtype", odt)]
        qv, sv, zv = mat(q), scales.clone(), zps.clone() if zps is not None else None
        fn = (lambda: Q.dequantize_per_channel_group.default(qv, sv, zv, qmin, qmax, dt, gs, odt))
        cs.append(Case(note, args, [out or (odt, None, None)], fn, error))

    def sc(n, sdt=F32):
        return (torch.rand(n, generator=g.g, dtype=F64) * 0.2 + 0.005).to(sdt)

    for dt in (I8, U8, I32):
        lo, hi = QR[dt]
        for sdt in (F32, F16, BF16, F64):
            for odt in (F32, F16, BF16, F64):
                q = g.ints([3, 8], max(lo, -99), min(hi, 99)).to(dt)
                for gs in (4,):
                    zps = g.ints([6], -3, 3) if sdt != F16 else (g.ints([6], -3, 3).to(sdt))
                    add("%s, scales %s -> %s, zero points %s" % (NAME[dt], NAME[sdt], NAME[odt], NAME[zps.dtype]),
                        T(q), sc([6], sdt), zps, lo, hi, dt, gs, odt)
    q = g.ints([4, 6], -8, 7).to(I8)
    add("group size 2", T(q), sc([12]), g.ints([12], -2, 2), -8, 7, I8, 2, F32)
    add("group size 3, scales [4, 2]", T(q), sc([4, 2]), g.ints([4, 2], -2, 2), -8, 7, I8, 3, F32)
    add("no zero points", T(q), sc([8]), None, -8, 7, I8, 3, F32)
    add("Float zero points", T(q), sc([8]), torch.rand([8], generator=g.g) * 4 - 2, -8, 7, I8, 3, F32)
    add("group size past the row, one scale per row", T(q), sc([4, 1]), g.ints([4, 1], -2, 2), -8, 7, I8, 128, F32)
    add("transposed input", T(q, [1, 0]), sc([12]), g.ints([12], -2, 2), -8, 7, I8, 2, F32)
    add("transposed out", T(q), sc([12]), g.ints([12], -2, 2), -8, 7, I8, 2, F32, out=(F32, [4, 6], [1, 0]))
    add("one scale", T(q), sc([1]), g.ints([1], -2, 2), -8, 7, I8, 2, F32)
    add("resize", T(q), sc([12]), None, -8, 7, I8, 2, F32, out=(F32, [3], None))
    # errors
    add("group size 1", T(q), sc([24]), None, -8, 7, I8, 1, F32)
    add("group size not dividing the row", T(q), sc([6]), None, -8, 7, I8, 4, F32)
    add("3-D input", T(g.ints([2, 2, 4], -8, 7).to(I8)), sc([4]), None, -8, 7, I8, 4, F32)
    add("wrong number of scales", T(q), sc([5]), None, -8, 7, I8, 3, F32)
    add("wrong number of zero points", T(q), sc([8]), g.ints([5], 0, 0), -8, 7, I8, 3, F32)
    add("out of the wrong dtype", T(q), sc([8]), None, -8, 7, I8, 3, F32, out=(F16, [4, 6], None), error=True)
    return cs


def _emb_ref(bits, dtype_variant, w, s, z, qmin, qmax, idx, dtype):
    name = {8: "embedding_byte", 4: "embedding_4bit", 2: "embedding_2bit"}[bits]
    p = getattr(Q, name)
    if dtype_variant and dtype is not None:
        return lambda: p.dtype(w, s, z, qmin, qmax, idx, dtype=dtype)
    return lambda: p.default(w, s, z, qmin, qmax, idx)


def gen_embedding(op, bits, dtype_variant):
    g = G(op)
    cs = []
    rng = {8: (-128, 127), 4: (-8, 7), 2: (-2, 1)}[bits]
    per = 8 // bits

    def add(note, w, s, z, idx, qmin=None, qmax=None, dtype=None, out=None, error=False):
        qmin = rng[0] if qmin is None else qmin
        qmax = rng[1] if qmax is None else qmax
        args = [("weight", w), ("weight_scales", T(s)), ("weight_zero_points", T(z) if z is not None else None),
                ("weight_quant_min", qmin), ("weight_quant_max", qmax), ("indices", idx)]
        if dtype_variant:
            args.append(("dtype", dtype))
        fn = _emb_ref(bits, dtype_variant, mat(w), s.clone(), z.clone() if z is not None else None, qmin, qmax,
                      mat(idx), dtype)
        odt = dtype if (dtype_variant and dtype is not None) else s.dtype
        cs.append(Case(note, args, [out or (odt, None, None)], fn, error))

    def sc(shape, sdt=F32):
        return (torch.rand(shape, generator=g.g, dtype=F64) * 0.2 + 0.005).to(sdt)

    V, P = 6, 4          # rows, packed columns
    D = P * per
    for wdt in (U8, I8):
        for sdt in (F32, F16, BF16):
            w = g.ints([V, P], *((0, 255) if wdt == U8 else (-128, 127))).to(wdt)
            idx = g.ints([5], 0, V - 1)
            for zp in (False, True):
                z = (torch.rand([V], generator=g.g) * 6 - 3).to(sdt) if zp else None
                add("%s weight, per-row %s scales%s" % (NAME[wdt], NAME[sdt], ", zero points" if zp else ""),
                    T(w), sc([V], sdt), z, T(idx))
            ng = 2
            z = (torch.rand([V, ng], generator=g.g) * 6 - 3).to(sdt)
            add("%s weight, %d groups per row, %s" % (NAME[wdt], ng, NAME[sdt]), T(w), sc([V, ng], sdt), z,
                T(g.ints([2, 3], 0, V - 1)))
            if dtype_variant:
                for dt in (F32, F16, F64, None):
                    add("dtype %s, %s scales" % (NAME[dt] if dt else "None", NAME[sdt]), T(w), sc([V], sdt), None,
                        T(idx), dtype=dt)
    w = g.ints([V, P], 0, 255).to(U8)
    add("Int indices", T(w), sc([V]), None, T(g.ints([4], 0, V - 1).to(I32)))
    add("zero-dim index", T(w), sc([V]), None, T(torch.tensor(3)))
    add("empty indices", T(w), sc([V]), None, T(torch.zeros([0], dtype=I64)))
    add("2-D indices, transposed", T(w), sc([V]), None, T(g.ints([3, 2], 0, V - 1), [1, 0]))
    add("transposed weight", T(w, [1, 0]), sc([V]), None, T(g.ints([4], 0, V - 1)))
    add("resize", T(w), sc([V]), None, T(g.ints([4], 0, V - 1)), out=(F32, [2], None))
    # errors
    add("index past the rows", T(w), sc([V]), None, T(torch.tensor([0, V])))
    add("negative index", T(w), sc([V]), None, T(torch.tensor([-1])))
    add("Float indices", T(w), sc([V]), None, T(torch.tensor([0.0, 1.0])), error=True)
    add("Int weight", T(w.to(I32)), sc([V]), None, T(torch.tensor([0])))
    add("Double scales", T(w), sc([V], F64), None, T(torch.tensor([0])))
    add("scales of the wrong length", T(w), sc([V - 1]), None, T(torch.tensor([0])))
    add("zero points of another dtype", T(w), sc([V]), g.ints([V], 0, 1).to(F64), T(torch.tensor([0])))
    add("1-D weight", T(w.reshape(-1)), sc([V]), None, T(torch.tensor([0])))
    if bits != 8:
        add("quant_min other than %d" % rng[0], T(w), sc([V]), None, T(torch.tensor([0])), qmin=rng[0] - 1)
        add("quant_max other than %d" % rng[1], T(w), sc([V]), None, T(torch.tensor([0])), qmax=rng[1] + 1)
    add("out of the wrong dtype", T(w), sc([V]), None, T(torch.tensor([0])), out=(F64, [1, D], None), error=True)
    return cs


def ops_group2():
    P = "quantized_decomposed::"
    rows = [(P + "dequantize_per_channel_group.out", "quant", lambda: gen_dequantize_per_channel_group("dqpcg"), None)]
    for n, bits in (("byte", 8), ("4bit", 4), ("2bit", 2)):
        rows.append((P + "embedding_%s.out" % n, "quant",
                     lambda n=n, bits=bits: gen_embedding("emb" + n, bits, False), None))
        rows.append((P + "embedding_%s.dtype_out" % n, "quant",
                     lambda n=n, bits=bits: gen_embedding("embd" + n, bits, True), None))
    return rows


# ----------------------------------------------------------------------------------------------
# per token and group-wise quantize

def gen_quantize_per_token(op):
    g = G(op)
    cs = []

    def add(note, x, s, z, qmin, qmax, dt, out=None, error=False):
        args = [("input", x), ("scales", T(s)), ("zero_points", T(z)), ("quant_min", qmin), ("quant_max", qmax),
                ("dtype", dt)]
        xv, sv, zv = mat(x), s.clone(), z.clone()
        fn = (lambda: Q.quantize_per_token.default(xv, sv, zv, qmin, qmax, dt))
        cs.append(Case(note, args, [out or (dt, None, None)], fn, error))

    def sc(shape, sdt=F64):
        return (torch.rand(shape, generator=g.g, dtype=F64) * 0.1 + 0.005).to(sdt)

    for dt in (I8, U8, I16):
        lo, hi = QR[dt]
        for xdt in (F32, F16, BF16, F64):
            for sdt, zdt in ((F64, I64), (F32, I32), (F16, I64)):
                x = g.randn([2, 3, 5], 2.0).to(xdt)
                z = (g.ints([2, 3, 1], -5, 5) + (128 if dt == U8 else 0)).to(zdt)
                add("%s -> %s, scales %s, zero points %s" % (NAME[xdt], NAME[dt], NAME[sdt], NAME[zdt]), T(x),
                    sc([2, 3, 1], sdt), z, lo, hi, dt)
    add("ties", T(ties(0.25, 4).to(F32).reshape(2, 4)), torch.tensor([[0.25], [0.25]], dtype=F64),
        torch.tensor([[0], [1]]), -128, 127, I8)
    add("1-D input: one token", T(g.randn([6]).to(F32)), sc([1]), torch.tensor([3]), -128, 127, I8)
    add("channels-last input", T(g.randn([2, 3, 2, 4]).to(F32), CL), sc([2, 3, 2, 1]), g.ints([2, 3, 2, 1], -3, 3),
        -128, 127, I8)
    add("channels-last out", T(g.randn([2, 3, 2, 4]).to(F32)), sc([2, 3, 2, 1]), g.ints([2, 3, 2, 1], -3, 3),
        -128, 127, I8, out=(I8, [2, 3, 2, 4], CL))
    add("empty tokens", T(torch.zeros([0, 4], dtype=F32)), sc([0, 1]), g.ints([0, 1], 0, 0), -128, 127, I8)
    add("resize", T(g.randn([2, 3]).to(F32)), sc([2, 1]), g.ints([2, 1], 0, 0), -128, 127, I8, out=(I8, [1], None))
    add("Float zero points", T(g.randn([2, 3]).to(F32)), sc([2, 1]), torch.tensor([[1.5], [-2.25]]), -128, 127, I8)
    # errors
    x = T(g.randn([2, 3]).to(F32))
    add("scales of the wrong length", x, sc([3, 1]), g.ints([3, 1], 0, 0), -128, 127, I8)
    add("zero points of the wrong length", x, sc([2, 1]), g.ints([3, 1], 0, 0), -128, 127, I8)
    add("quant_max above the dtype", x, sc([2, 1]), g.ints([2, 1], 0, 0), -128, 128, I8)
    add("out of the wrong dtype", x, sc([2, 1]), g.ints([2, 1], 0, 0), -128, 127, I8, out=(U8, [2, 3], None),
        error=True)
    return cs


def gen_dequantize_per_token(op):
    g = G(op)
    cs = []

    def add(note, q, s, z, qmin, qmax, dt, odt, out=None, error=False):
        args = [("input", q), ("scales", T(s)), ("zero_points", T(z)), ("quant_min", qmin), ("quant_max", qmax),
                ("dtype", dt), ("output_dtype", odt)]
        qv, sv, zv = mat(q), s.clone(), z.clone()
        fn = (lambda: Q.dequantize_per_token.default(qv, sv, zv, qmin, qmax, dt, odt))
        cs.append(Case(note, args, [out or (odt, None, None)], fn, error))

    def sc(shape, sdt=F64):
        return (torch.rand(shape, generator=g.g, dtype=F64) * 0.1 + 0.005).to(sdt)

    for dt in (I8, U8, I16, I32):
        lo, hi = QR[dt]
        for odt in (F32, F16, BF16, F64):
            for sdt, zdt in ((F64, I64), (F32, I32), (F16, I64)):
                q = g.ints([2, 3, 5], max(lo, -999), min(hi, 999)).to(dt)
                z = (g.ints([2, 3, 1], -5, 5)).to(zdt)
                add("%s -> %s, scales %s, zero points %s" % (NAME[dt], NAME[odt], NAME[sdt], NAME[zdt]), T(q),
                    sc([2, 3, 1], sdt), z, lo, hi, dt, odt)
    q4 = g.ints([2, 3, 2, 4], -128, 127).to(I8)
    add("channels-last input", T(q4, CL), sc([2, 3, 2, 1]), g.ints([2, 3, 2, 1], -3, 3), -128, 127, I8, F32)
    add("channels-last out", T(q4), sc([2, 3, 2, 1]), g.ints([2, 3, 2, 1], -3, 3), -128, 127, I8, F32,
        out=(F32, [2, 3, 2, 4], CL))
    add("Float zero points", T(g.ints([2, 3], -9, 9).to(I8)), sc([2, 1]), torch.tensor([[1.5], [-2.25]]), -128, 127,
        I8, F32)
    add("empty tokens", T(torch.zeros([0, 4], dtype=I8)), sc([0, 1]), g.ints([0, 1], 0, 0), -128, 127, I8, F32)
    add("resize", T(g.ints([2, 3], -9, 9).to(I8)), sc([2, 1]), g.ints([2, 1], 0, 0), -128, 127, I8, F32,
        out=(F32, [1], None))
    # errors
    q = T(g.ints([2, 3], -9, 9).to(I8))
    add("scales of the wrong length", q, sc([3, 1]), g.ints([3, 1], 0, 0), -128, 127, I8, F32)
    add("out of the wrong dtype", q, sc([2, 1]), g.ints([2, 1], 0, 0), -128, 127, I8, F32, out=(F64, [2, 3], None),
        error=True)
    return cs


def gen_choose_qparams_per_token_asymmetric(op):
    g = G(op)
    cs = []

    def add(note, x, dt, outs=None, error=False):
        args = [("input", x), ("dtype", dt)]
        xv = mat(x)
        fn = (lambda: Q.choose_qparams_per_token_asymmetric.default(xv, dt))
        cs.append(Case(note, args, outs or [(F64, None, None), (I64, None, None)], fn, error))

    for xdt in (F32, F16, BF16, F64):
        for sc_, off in ((1.0, 0.0), (4.0, 3.0), (0.01, -0.5), (100.0, 0.0)):
            add("%s spread %g offset %g" % (NAME[xdt], sc_, off), T((g.randn([3, 7], sc_) + off).to(xdt)), I8)
    add("all positive tokens", T(torch.rand([2, 5], generator=g.g) + 1), I8)
    add("all negative tokens", T(-torch.rand([2, 5], generator=g.g) - 1), I8)
    add("a zero token: scale is eps", T(torch.zeros([2, 4])), I8)
    add("1-D input", T(g.randn([9]).to(F32)), I8)
    add("rank 4, channels-last", T(g.randn([2, 3, 2, 4]).to(F32), CL), I8)
    add("uint8 dtype (not used)", T(g.randn([2, 5]).to(F32)), U8)
    add("empty tokens", T(torch.zeros([0, 4])), I8)
    add("resize", T(g.randn([2, 5]).to(F32)), I8, outs=[(F64, [1], None), (I64, [1], None)])
    # errors
    add("Float scale_out", T(g.randn([2, 5]).to(F32)), I8, outs=[(F32, [2, 1], None), (I64, [2, 1], None)],
        error=True)
    add("Int zero_point_out", T(g.randn([2, 5]).to(F32)), I8, outs=[(F64, [2, 1], None), (I32, [2, 1], None)],
        error=True)
    return cs


def gen_quantize_per_channel_group(op):
    g = G(op)
    cs = []

    def add(note, x, s, z, qmin, qmax, dt, gs, out=None, error=False):
        args = [("input", x), ("scales", T(s)), ("zero_points", T(z)), ("quant_min", qmin), ("quant_max", qmax),
                ("dtype", dt), ("group_size", gs)]
        xv, sv, zv = mat(x), s.clone(), z.clone()
        fn = (lambda: Q.quantize_per_channel_group.default(xv, sv, zv, qmin, qmax, dt, gs))
        cs.append(Case(note, args, [out or (dt, None, None)], fn, error))

    def sc(shape, sdt=F32):
        return (torch.rand(shape, generator=g.g, dtype=F64) * 0.2 + 0.01).to(sdt)

    for dt, (qmin, qmax) in ((I8, (-8, 7)), (I8, (-128, 127)), (U8, (0, 15)), (I32, (-8, 7))):
        for xdt in (F32, BF16, F16):
            for sdt in (F32, BF16, F64):
                x = g.randn([3, 8], 1.0).to(xdt)
                z = g.ints([6], qmin // 2, qmax // 2)
                add("%s -> %s [%d, %d], scales %s" % (NAME[xdt], NAME[dt], qmin, qmax, NAME[sdt]), T(x),
                    sc([6], sdt), z, qmin, qmax, dt, 4)
    x = g.randn([4, 6]).to(F32)
    add("group size 2, scales [4, 3]", T(x), sc([4, 3]), g.ints([4, 3], -2, 2), -8, 7, I8, 2)
    add("Float zero points", T(x), sc([8]), torch.rand([8], generator=g.g) * 2 - 1, -8, 7, I8, 3)
    add("group size past the row", T(x), sc([4, 1]), g.ints([4, 1], -2, 2), -8, 7, I8, 128)
    add("transposed input", T(x, [1, 0]), sc([12]), g.ints([12], -2, 2), -8, 7, I8, 2)
    add("resize", T(x), sc([12]), g.ints([12], -2, 2), -8, 7, I8, 2, out=(I8, [2], None))
    # errors
    add("group size 1", T(x), sc([24]), g.ints([24], 0, 0), -8, 7, I8, 1)
    add("group size not dividing the row", T(x), sc([6]), g.ints([6], 0, 0), -8, 7, I8, 4)
    add("1-D input", T(g.randn([8]).to(F32)), sc([2]), g.ints([2], 0, 0), -8, 7, I8, 4)
    xn = x.clone()
    xn[1, 2] = float("nan")
    add("NaN input", T(xn), sc([12]), g.ints([12], 0, 0), -8, 7, I8, 2)
    add("wrong number of scales", T(x), sc([5]), g.ints([12], 0, 0), -8, 7, I8, 2)
    add("out of the wrong dtype", T(x), sc([12]), g.ints([12], 0, 0), -8, 7, I8, 2, out=(U8, [4, 6], None), error=True)
    return cs


def ops_group3():
    P = "quantized_decomposed::"
    return [
        (P + "quantize_per_token.out", "quant", lambda: gen_quantize_per_token("qptok"), None),
        (P + "dequantize_per_token.out", "quant", lambda: gen_dequantize_per_token("dqptok"), None),
        (P + "choose_qparams_per_token_asymmetric.out", "quant",
         lambda: gen_choose_qparams_per_token_asymmetric("cqpta"), None),
        (P + "quantize_per_channel_group.out", "quant", lambda: gen_quantize_per_channel_group("qpcg"), None),
    ]


# ----------------------------------------------------------------------------------------------
# add, mixed_mm, mixed_linear: torch has no reference; the values are ExecuTorch's own kernels
# (executorch.kernels.quantized registers them with torch), run on contiguous inputs. Calls
# ExecuTorch's kernels reject abort the process, so error cases are never run: they are
# marked from ExecuTorch's checks.

def _et_out(name, args, out_dt, shape):
    vals = [mat(v).contiguous() if isinstance(v, T) else v for _, v in args]

    def run():
        import executorch.kernels.quantized  # noqa: F401  (registers ExecuTorch's C++ kernels)
        o = torch.zeros(shape, dtype=out_dt)
        getattr(Q, name).out(*vals, out=o)
        return o
    return run


def gen_add(op):
    g = G(op)
    cs = []

    def add(note, a, sa, za, b, sb, zb, so, zo, rng_a=(0, 255), rng_b=(0, 255), rng_o=(0, 255), out=None, error=False):
        args = [("a", a), ("a_scale", sa), ("a_zero_point", za), ("a_quant_min", rng_a[0]), ("a_quant_max", rng_a[1]),
                ("b", b), ("b_scale", sb), ("b_zero_point", zb), ("b_quant_min", rng_b[0]), ("b_quant_max", rng_b[1]),
                ("out_scale", so), ("out_zero_point", zo), ("out_quant_min", rng_o[0]), ("out_quant_max", rng_o[1])]
        dt = a.t.dtype
        shape = list(a.t.shape)
        fn = None if error else _et_out("add", args, dt, shape)
        cs.append(Case(note, args, [out or (dt, shape, None)], fn, error))

    for dt in (U8, I8, I16, I32, I64):
        lo, hi = (0, 255) if dt == U8 else (-100, 127)
        for k in range(4):
            a = g.ints([3, 5], lo, hi).to(dt)
            b = g.ints([3, 5], lo, hi).to(dt)
            sa, sb, so = [float(v) for v in (torch.rand(3, generator=g.g) * 0.2 + 0.01)]
            za, zb, zo = [int(v) for v in g.ints([3], 0, 200)]
            add("%s, scales %.3g %.3g -> %.3g, zero points %d %d -> %d" % (NAME[dt], sa, sb, so, za, zb, zo),
                T(a), sa, za, T(b), sb, zb, so, zo)
    a = g.ints([2, 3, 2, 2], 0, 255).to(U8)
    b = g.ints([2, 3, 2, 2], 0, 255).to(U8)
    add("narrow out range", T(a), 0.1, 10, T(b), 0.05, 3, 0.2, 100, rng_o=(50, 150))
    add("channels-last a and b", T(a, CL), 0.1, 10, T(b, CL), 0.05, 3, 0.2, 100)
    add("channels-last a only", T(a, CL), 0.1, 10, T(b), 0.05, 3, 0.2, 100)
    add("channels-last out", T(a), 0.1, 10, T(b), 0.05, 3, 0.2, 100, out=(U8, [2, 3, 2, 2], CL))
    add("zero-dim", T(torch.tensor(7, dtype=U8)), 0.5, 1, T(torch.tensor(9, dtype=U8)), 0.25, 2, 0.3, 4)
    add("empty", T(torch.zeros([0, 3], dtype=U8)), 0.5, 1, T(torch.zeros([0, 3], dtype=U8)), 0.25, 2, 0.3, 4)
    # errors (ExecuTorch's checks)
    a1 = T(g.ints([4], 0, 9).to(U8))
    add("a range past 255", a1, 0.1, 0, a1, 0.1, 0, 0.1, 0, rng_a=(0, 256), error=True)
    add("negative out range", a1, 0.1, 0, a1, 0.1, 0, 0.1, 0, rng_o=(-1, 255), error=True)
    add("crossed b range", a1, 0.1, 0, a1, 0.1, 0, 0.1, 0, rng_b=(9, 3), error=True)
    add("b of another dtype", a1, 0.1, 0, T(a1.t.to(I8)), 0.1, 0, 0.1, 0, error=True)
    add("b of another shape", a1, 0.1, 0, T(g.ints([5], 0, 9).to(U8)), 0.1, 0, 0.1, 0, error=True)
    add("Float a", T(torch.ones(4)), 0.1, 0, T(torch.ones(4)), 0.1, 0, 0.1, 0, error=True)
    add("out of another dtype", a1, 0.1, 0, a1, 0.1, 0, 0.1, 0, out=(I8, [4], None), error=True)
    return cs


def gen_mixed(op, linear):
    g = G(op)
    cs = []

    def add(note, x, w, s, z=None, dtype=None, out=None, error=False):
        args = [("input", x), ("weight", w), ("weight_scales", T(s)), ("weight_zero_points", z)]
        if linear:
            args.append(("dtype", dtype))
        m = x.t.shape[0]
        p = w.t.shape[0] if linear else w.t.shape[1]
        odt = out[0] if out else (dtype or x.t.dtype)
        fn = None if error else _et_out("mixed_linear" if linear else "mixed_mm", args, odt, [m, p])
        cs.append(Case(note, args, [out or (odt, [m, p], None)], fn, error))

    def sc(shape, dt):
        return (torch.rand(shape, generator=g.g, dtype=F64) * 0.1 + 0.01).to(dt)

    for xdt in (F32, F16):
        for (m, n, p) in ((1, 4, 3), (3, 8, 5), (4, 33, 7), (2, 64, 2)):
            x = T((g.randn([m, n])).to(xdt))
            if linear:
                w = T(g.ints([p, n], -8, 7).to(I8))
                add("%s [%d,%d] x int8 [%d,%d]^T, per-row scales" % (NAME[xdt], m, n, p, n), x, w, sc([p], xdt))
                for ng in (2, 3):
                    add("%s, %d groups per row" % (NAME[xdt], ng), x, w, sc([p, ng], xdt))
                for odt in (F32, F16):
                    add("%s, dtype %s" % (NAME[xdt], NAME[odt]), x, w, sc([p], xdt), dtype=odt)
                add("%s into a Double out (dtype None)" % NAME[xdt], x, w, sc([p], xdt), out=(F64, [m, p], None))
            else:
                w = T(g.ints([n, p], -128, 127).to(I8))
                add("%s [%d,%d] x int8 [%d,%d], per-row scales" % (NAME[xdt], m, n, n, p), x, w, sc([n], xdt))
    # errors (ExecuTorch's checks)
    x = T(g.randn([2, 4]).to(F32))
    wl = T(g.ints([3, 4], -8, 7).to(I8)) if linear else T(g.ints([4, 3], -8, 7).to(I8))
    ns = 3 if linear else 4
    add("zero points (unsupported)", x, wl, sc([ns], F32), z=T(sc([ns], F32)), error=True)
    add("Double input", T(g.randn([2, 4])), wl, sc([ns], F64), error=True)
    add("scales of another dtype", x, wl, sc([ns], F16), error=True)
    add("uint8 weight", x, T(wl.t.to(U8)), sc([ns], F32), error=True)
    add("1-D input", T(g.randn([4]).to(F32)), wl, sc([ns], F32), error=True)
    add("scales of the wrong length", x, wl, sc([ns + 1], F32), error=True)
    add("weight of the wrong inner size", x, T(g.ints([3, 5], -8, 7).to(I8)) if linear else T(g.ints([5, 3], -8, 7).to(I8)),
        sc([ns if linear else 5], F32), error=True)
    if linear:
        add("dtype BFloat16", x, wl, sc([ns], F32), dtype=BF16, error=True)
        add("out not of dtype", x, wl, sc([ns], F32), dtype=F16, out=(F32, [2, 3], None), error=True)
    else:
        add("out of another dtype", x, wl, sc([ns], F32), out=(F16, [2, 3], None), error=True)
    return cs


def ops_group4():
    P = "quantized_decomposed::"
    return [
        (P + "add.out", "quant", lambda: gen_add("qadd"), None),
        (P + "mixed_mm.out", "quant", lambda: gen_mixed("mixed_mm", False), None),
        (P + "mixed_linear.out", "quant", lambda: gen_mixed("mixed_linear", True), None),
    ]
