"""Golden cases for the shape family (view-like copies, cat/stack, splits, dim-order copies).

Imported by gen.py's OPS(); generators use gen's helpers. This module also teaches gen's
generic machinery three things the family needs, without changing gen.py:
  * `Tensor[]` arguments (`TL`) and `int[]` arguments (encoded `{"ints": [...]}`);
  * outs of type `Tensor(a!)[]` (split_copy, split_with_sizes_copy, unbind_copy): the case's
    outs are passed to torch as one list;
  * operators outside `aten` (`dim_order_ops::`, `et_copy::`), registered by importing
    ExecuTorch's Python registries.
All are copies: checked against the functional op (gen's NOT_ELEMENTWISE path), tolerance exact.
"""

import importlib
import math
import sys

import torch

# gen.py runs as __main__; its helpers (and the globals patched below) live there.
_main = sys.modules.get("__main__")
G = _main if hasattr(_main, "write_op") else importlib.import_module("gen")

T, C, Out, NAME, ALL, CL = G.T, G.C, G.Out, G.NAME, G.ALL, G.CL
F16, BF16, F32, F64, I32, I64, U8, I8, B_ = G.F16, G.BF16, G.F32, G.F64, G.I32, G.I64, G.U8, G.I8, G.B_
vals, rng_for = G.vals, G.rng_for

import executorch.exir.passes.dim_order_ops_registry  # noqa: E402,F401  (registers dim_order_ops)

try:
    import executorch.exir.passes.device_copy_ops_registry  # noqa: F401  (registers et_copy)
except ImportError:
    pass


class TL:
    """A `Tensor[]` argument: a list of T."""

    def __init__(self, ts):
        self.ts = list(ts)


_materialize, _encode = G.materialize, G.encode_value


def materialize(v):
    if isinstance(v, TL):
        return [_materialize(t) for t in v.ts]
    return _materialize(v)


def encode_value(v, name, tensors):
    if isinstance(v, TL):
        items = []
        for i, t in enumerate(v.ts):
            d = _encode(T(t.t, t.dim_order), "%s.%d" % (name, i), tensors)
            items.append(d if "dim_order" in d else d["tensor"])
        return {"tensors": items}
    if isinstance(v, (list, tuple)) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return {"ints": list(v)}
    return _encode(v, name, tensors)


LIST_OUT = {"aten::split_copy.Tensor_out", "aten::split_with_sizes_copy.out", "aten::unbind_copy.int_out"}
MAX_OUTS = 64


class _FakeOut:
    def __init__(self, i):
        self.name = "__out%d" % i


DIM_ORDER_OPS = {"dim_order_ops::_clone_dim_order.out", "dim_order_ops::_to_dim_order_copy.out",
                 "dim_order_ops::_empty_dim_order.out"}


def et_dim_order_contract(real, full):
    """ExecuTorch's kernels for the dim_order_ops outs check what the Python reference does not:
    a given dim_order is the contiguous or channels-last order of the rank, and the out is laid
    out in it; without one, the out is laid out as `self` (contiguous for `_empty_dim_order`).
    The reference of `_empty_dim_order.out` passes a memory format to `aten::empty.out`, which
    torch rejects for every call; there the op is ExecuTorch's: the out resized to `size`
    (values unspecified; the suite expects zeros, which etk writes)."""

    def ovl(*pos, **kws):
        out = kws["out"]
        order = kws.get("dim_order")
        if full.endswith("_empty_dim_order.out"):
            size = list(pos[0]) if pos else list(kws["size"])
            rank = len(size)
        else:
            self_ = pos[0] if pos else kws["self"]
            rank = self_.dim()
        contiguous = list(range(rank))
        cl = {4: [0, 2, 3, 1], 5: [0, 2, 3, 4, 1]}.get(rank)
        if order is not None:
            if list(order) not in (contiguous, cl):
                raise RuntimeError("dim_order %s is neither contiguous nor channels-last" % list(order))
            want = list(order)
        elif full.endswith("_empty_dim_order.out"):
            want = contiguous
        else:
            want = list(self_.dim_order())
        if full.endswith("_empty_dim_order.out"):
            torch.ops.aten.empty.out(size, out=out)
            have = list(out.dim_order())
            if have != want:
                raise RuntimeError("out dim order %s, dim_order %s" % (have, want))
            out.zero_()
            return out
        have = list(out.dim_order()) if out.dim() == rank else None
        if have != want:
            raise RuntimeError("out dim order %s, expected %s" % (have, want))
        # the reference maps dim_order to a memory format (4-D only) and hands non_blocking
        # to clone, which has none; the out's layout is already checked, so call ATen directly.
        if full.endswith("_clone_dim_order.out"):
            return torch.ops.aten.clone.out(self_, out=out)
        return torch.ops.aten._to_copy.out(self_, non_blocking=kws.get("non_blocking", False), out=out)

    return ovl


class ShapeOpInfo(G.OpInfo):
    """gen.OpInfo for `ns::name.overload` names and for ops whose out is a tensor list."""

    def __init__(self, opname):
        if "::" not in opname:
            super().__init__(opname)
        else:
            ns, rest = opname.split("::", 1)
            base, ov = rest.split(".", 1)
            self.packet = getattr(getattr(torch.ops, ns), base)
            self.ovl = getattr(self.packet, ov)
            self.schema = self.ovl._schema
            self.inplace = False
            self.full = opname
            self.fname = ns + "__" + rest
            self.in_args = [a for a in self.schema.arguments if not a.is_out]
            self.out_args = [a for a in self.schema.arguments if a.is_out]
            self.functional = self._find_functional()
        # ATen's cat checks the out dtype in Python-facing code that raises TypeError, which
        # gen reads as a malformed call; it is an ordinary rejection here.
        checked = self.ovl

        def ovl_checked(*pos, **kws):
            try:
                return checked(*pos, **kws)
            except TypeError as ex:
                if "can't be cast to the desired output type" in str(ex):
                    raise RuntimeError(str(ex))
                raise

        self.ovl = ovl_checked
        if self.full == "aten::empty.out":
            # values are unspecified (ATen leaves an out that needed no resize untouched and a
            # resized one uninitialised); the suite expects zeros, which etk writes.
            real_empty = self.ovl

            def ovl_empty(*pos, **kws):
                r = real_empty(*pos, **kws)
                kws["out"].zero_()
                return r

            self.ovl = ovl_empty
        if self.full in DIM_ORDER_OPS:
            self.ovl = et_dim_order_contract(self.ovl, self.full)
            # the reference functional breaks on what the contract accepts (5-D channels-last)
            self.functional = None
        if self.full in LIST_OUT:
            real = self.ovl

            def ovl(*pos, **kws):
                outs = [kws.pop("__out%d" % i) for i in range(MAX_OUTS) if "__out%d" % i in kws]
                return real(*pos, out=outs, **kws)

            self.ovl = ovl
            self.out_args = [_FakeOut(i) for i in range(MAX_OUTS)]
            self.functional = None


G.materialize, G.encode_value, G.OpInfo = materialize, encode_value, ShapeOpInfo

# ----------------------------------------------------------------------------------------------


def dtype_cases(r, mk, shape=(2, 3, 4)):
    """One case per dtype: mk(x) -> kw."""
    return [C("%s %s" % (NAME[dt], list(shape)), **mk(T(vals(r, dt, shape)))) for dt in ALL]


def layout_cases(r, mk, shape=(2, 3, 4, 5), dts=(F32, F16, I64, B_)):
    """Channels-last and other dim orders on the input and on the out."""
    cs = []
    for dt in dts:
        x = vals(r, dt, shape)
        for din, dout in ((CL, None), (None, CL), (CL, CL), ([3, 1, 0, 2], None), ([1, 0, 3, 2], [2, 0, 3, 1])):
            kw = mk(T(x, din))
            rank = kw.pop("_out_rank", len(shape))
            if dout is not None and rank != len(dout):
                continue
            cs.append(C("%s, input %s, out %s" % (NAME[dt], din, dout), outs=[Out(dim_order=dout)], **kw))
    return cs


def resize_cases(r, mk, shapes=([0], [7], [5, 5, 5])):
    x = vals(r, F32, [2, 3, 4])
    return [C("resize out from %s" % s, outs=[Out(shape=s)], **mk(T(x))) for s in shapes]


def wrong_dtype(r, mk):
    x = vals(r, F32, [2, 3])
    return [C("out dtype %s for Float self" % NAME[dt], outs=[Out(dt)], **mk(T(x))) for dt in (F64, I32, F16)]


def gen_permute(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, dims=[2, 0, 1]))
    cs += layout_cases(r, lambda x: dict(self=x, dims=[0, 3, 1, 2]))
    cs += layout_cases(r, lambda x: dict(self=x, dims=[3, 2, 1, 0]), dts=(F64, I8))
    for dims in ([0, 1, 2], [-1, 0, 1], [1, 2, 0], [2, 1, 0], [-3, -1, -2]):
        cs.append(C("dims %s" % dims, self=T(vals(r, F32, [2, 3, 4])), dims=dims))
    cs.append(C("size-1 dims", self=T(vals(r, I32, [1, 3, 1, 2])), dims=[3, 2, 1, 0]))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), dims=[]))
    cs.append(C("empty", self=T(vals(r, F32, [2, 0, 3])), dims=[2, 1, 0]))
    cs.append(C("large inner runs", self=T(vals(r, F32, [3, 64, 16])), dims=[1, 0, 2]))
    cs.append(C("transpose 33x17", self=T(vals(r, F64, [33, 17])), dims=[1, 0]))
    cs += resize_cases(r, lambda x: dict(self=x, dims=[1, 2, 0]))
    cs += wrong_dtype(r, lambda x: dict(self=x, dims=[1, 0]))
    for dims in ([0, 1], [0, 0, 1], [0, 1, 3], [0, 1, -4], [1, 1, 0]):
        cs.append(C("bad dims %s" % dims, self=T(vals(r, F32, [2, 3, 4])), dims=dims))
    return cs


def gen_view(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, size=[4, -1]))
    cs += layout_cases(r, lambda x: dict(self=x, size=[6, 20], _out_rank=2), dts=(F32, I64, B_))
    cs += layout_cases(r, lambda x: dict(self=x, size=[5, 2, 4, 3]), dts=(F16, I32))
    for size in ([24], [-1], [2, 12], [1, 24, 1], [4, 3, 2], [3, -1, 2], [2, 2, 2, 3]):
        cs.append(C("size %s" % size, self=T(vals(r, F32, [2, 3, 4])), size=size))
    cs.append(C("zero-dim to [1,1]", self=T(vals(r, F32, [])), size=[1, 1]))
    cs.append(C("[1] to zero-dim", self=T(vals(r, F32, [1])), size=[]))
    cs.append(C("zero-dim to [-1]", self=T(vals(r, I64, [])), size=[-1]))
    cs.append(C("empty [0,2] to [5,0]", self=T(vals(r, F32, [0, 2])), size=[5, 0]))
    cs.append(C("empty [0,2] to [2,-1]", self=T(vals(r, F32, [0, 2])), size=[2, -1]))
    cs += resize_cases(r, lambda x: dict(self=x, size=[3, 8]))
    cs += wrong_dtype(r, lambda x: dict(self=x, size=[6]))
    for size in ([-1, -1], [5], [4, -1, 5], [-2, -3], [0, -1], [25]):
        cs.append(C("bad size %s" % size, self=T(vals(r, F32, [2, 3, 4])), size=size))
    cs.append(C("bad size [0,-1] of empty", self=T(vals(r, F32, [0, 2])), size=[0, -1]))
    return cs


def gen_expand(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, size=[2, 2, 3, 4]))
    cs += layout_cases(r, lambda x: dict(self=x, size=[2, 3, 4, 5]))
    x1 = vals(r, F32, [2, 1, 4, 1])
    for din in (None, CL):
        for dout in (None, CL):
            cs.append(C("[2,1,4,1] to [2,3,4,5], input %s out %s" % (din, dout), outs=[Out(dim_order=dout)],
                        self=T(x1, din), size=[2, 3, 4, 5]))
    for size, shape in (([3, -1], [1, 4]), ([-1, 5], [3, 1]), ([2, 3, -1], [4]), ([0, 4], [1, 4]),
                        ([2, 0, 4], [1, 4]), ([3, 2], []), ([], []), ([1], []), ([5, 1, 3], [1, 1])):
        cs.append(C("%s to %s" % (shape, size), self=T(vals(r, I32, shape)), size=size))
    cs.append(C("implicit=True", self=T(vals(r, F32, [1, 3])), size=[2, 3], implicit=True))
    cs += resize_cases(r, lambda x: dict(self=x, size=[2, 2, 3, 4]))
    cs += wrong_dtype(r, lambda x: dict(self=x, size=[2, 2, 3]))
    for size, shape in (([3], [1, 3]), ([2, 4], [1, 3]), ([-1, 3], [3]), ([-2, 3], [1, 3]), ([3, 3], [2, 3])):
        cs.append(C("bad %s to %s" % (shape, size), self=T(vals(r, F32, shape)), size=size))
    return cs


def gen_t(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x), shape=(3, 5))
    for shape in ([], [4], [0], [1, 3], [3, 0], [17, 9]):
        cs.append(C("shape %s" % shape, self=T(vals(r, F32, shape))))
    x = vals(r, F32, [3, 4])
    cs.append(C("input dim order [1,0]", self=T(x, [1, 0])))
    cs.append(C("out dim order [1,0]", outs=[Out(dim_order=[1, 0])], self=T(x)))
    cs.append(C("both dim order [1,0]", outs=[Out(dim_order=[1, 0])], self=T(x, [1, 0])))
    cs += [C("resize out from %s" % s, outs=[Out(shape=s)], self=T(x)) for s in ([0], [3, 4], [12])]
    cs += wrong_dtype(r, lambda x: dict(self=x))
    cs.append(C("3-D is an error", self=T(vals(r, F32, [2, 3, 4]))))
    return cs


def gen_transpose(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, dim0=0, dim1=2))
    cs += layout_cases(r, lambda x: dict(self=x, dim0=1, dim1=3))
    cs += layout_cases(r, lambda x: dict(self=x, dim0=-1, dim1=-2), dts=(F64, U8))
    for d0, d1 in ((0, 1), (1, 1), (-1, 0), (2, -3), (1, 2)):
        cs.append(C("dims %d %d" % (d0, d1), self=T(vals(r, F32, [2, 3, 4])), dim0=d0, dim1=d1))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), dim0=0, dim1=-1))
    cs.append(C("1-D", self=T(vals(r, F32, [5])), dim0=0, dim1=-1))
    cs.append(C("empty", self=T(vals(r, F32, [2, 0, 3])), dim0=0, dim1=2))
    cs += resize_cases(r, lambda x: dict(self=x, dim0=0, dim1=1))
    cs += wrong_dtype(r, lambda x: dict(self=x, dim0=0, dim1=1))
    for d0, d1 in ((0, 3), (-4, 0), (5, 1)):
        cs.append(C("bad dims %d %d" % (d0, d1), self=T(vals(r, F32, [2, 3, 4])), dim0=d0, dim1=d1))
    cs.append(C("zero-dim bad dim 1", self=T(vals(r, F32, [])), dim0=0, dim1=1))
    return cs


def gen_unsqueeze(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, dim=1))
    cs += layout_cases(r, lambda x: dict(self=x, dim=2, _out_rank=5))
    for d in (0, 1, 2, 3, -1, -2, -4):
        cs.append(C("dim %d" % d, self=T(vals(r, F32, [2, 3, 4])), dim=d))
    cs.append(C("zero-dim dim 0", self=T(vals(r, F32, [])), dim=0))
    cs.append(C("zero-dim dim -1", self=T(vals(r, F32, [])), dim=-1))
    cs.append(C("empty", self=T(vals(r, F32, [0, 3])), dim=1))
    cs += resize_cases(r, lambda x: dict(self=x, dim=0))
    cs += wrong_dtype(r, lambda x: dict(self=x, dim=0))
    for d in (4, -5):
        cs.append(C("bad dim %d" % d, self=T(vals(r, F32, [2, 3, 4])), dim=d))
    cs.append(C("zero-dim bad dim 1", self=T(vals(r, F32, [])), dim=2))
    return cs


def gen_squeeze(op, dims):
    r = rng_for(op)
    arg = (lambda d: dict(dim=d)) if not dims else (lambda d: dict(dim=list(d)))
    one = 1 if not dims else [1]
    cs = [C("%s [2,1,3]" % NAME[dt], self=T(vals(r, dt, [2, 1, 3])), **arg(one)) for dt in ALL]
    x = vals(r, F32, [2, 1, 4, 5])
    for din in (None, CL):
        cs.append(C("[2,1,4,5] input %s" % din, self=T(x, din), **arg(one)))
        cs.append(C("[2,1,4,5] no-op dim, input %s" % din, self=T(x, din), **arg(2 if not dims else [2])))
    cs.append(C("[2,1,4,5] no-op dim, cl out", outs=[Out(dim_order=CL)], self=T(x, CL), **arg(0 if not dims else [0])))
    x = vals(r, I32, [1, 3, 1, 1])
    if dims:
        for d in ([0, 2], [-1, 0, 2], [], [1], [0, 1, 2, 3], [3, -2]):
            cs.append(C("dims %s" % d, self=T(x), dim=d))
    else:
        for d in (0, 1, 2, -1, -4):
            cs.append(C("dim %d" % d, self=T(x), dim=d))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), **arg(0 if not dims else [0])))
    cs.append(C("zero-dim dim -1", self=T(vals(r, F32, [])), **arg(-1 if not dims else [-1])))
    cs.append(C("empty [0,1]", self=T(vals(r, F32, [0, 1])), **arg(1 if not dims else [1])))
    cs.append(C("empty [0,1] dim 0", self=T(vals(r, F32, [0, 1])), **arg(0 if not dims else [0])))
    y = vals(r, F32, [3, 1, 2])
    cs += [C("resize out from %s" % s, outs=[Out(shape=s)], self=T(y), **arg(one)) for s in ([0], [3, 1, 2], [9])]
    cs += [C("out dtype %s" % NAME[dt], outs=[Out(dt)], self=T(y), **arg(one)) for dt in (F64, I32)]
    for d in ((3,), (-4,)) if not dims else ([3], [-4], [0, 0], [1, -2]):
        cs.append(C("bad dim %s" % (d,), self=T(y), **arg(d[0] if not dims else d)))
    cs.append(C("zero-dim bad dim 1", self=T(vals(r, F32, [])), **arg(1 if not dims else [1])))
    return cs


def gen_select(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, dim=1, index=2))
    cs += layout_cases(r, lambda x: dict(self=x, dim=1, index=1, _out_rank=3))
    cs += layout_cases(r, lambda x: dict(self=x, dim=3, index=-1, _out_rank=3), dts=(F64, I32))
    for d, i in ((0, 0), (0, -2), (2, 3), (-1, -4), (1, -1), (-3, 1)):
        cs.append(C("dim %d index %d" % (d, i), self=T(vals(r, F32, [2, 3, 4])), dim=d, index=i))
    cs.append(C("1-D to zero-dim", self=T(vals(r, I64, [5])), dim=0, index=3))
    cs.append(C("empty", self=T(vals(r, F32, [2, 0, 3])), dim=0, index=1))
    cs += resize_cases(r, lambda x: dict(self=x, dim=0, index=1))
    cs += wrong_dtype(r, lambda x: dict(self=x, dim=0, index=1))
    for d, i in ((0, 2), (0, -3), (3, 0), (-4, 0), (1, 100)):
        cs.append(C("bad dim %d index %d" % (d, i), self=T(vals(r, F32, [2, 3, 4])), dim=d, index=i))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), dim=0, index=0))
    cs.append(C("empty dim", self=T(vals(r, F32, [2, 0])), dim=1, index=0))
    return cs


def gen_slice(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, dim=2, start=1, end=3, step=1))
    cs += layout_cases(r, lambda x: dict(self=x, dim=1, start=0, end=3, step=2))
    cs += layout_cases(r, lambda x: dict(self=x, dim=3, start=1, end=None, step=1), dts=(F64, I8))
    x = vals(r, F32, [4, 10])
    for st, en, sp in ((None, None, 1), (2, None, 1), (None, 7, 1), (1, 9, 3), (-3, None, 1), (None, -2, 2),
                       (-100, 100, 1), (5, 2, 1), (12, 20, 1), (-20, -12, 1), (0, 10, 4), (3, 4, 100),
                       (2 ** 62, None, 1), (None, -2 ** 63, 1), (-2 ** 63, 2 ** 63 - 1, 2 ** 62), (10, 10, 1)):
        cs.append(C("start %s end %s step %s" % (st, en, sp), self=T(x), dim=1, start=st, end=en, step=sp))
    cs.append(C("dim 0 negative", self=T(x), dim=-2, start=1, end=3, step=1))
    cs.append(C("empty dim", self=T(vals(r, F32, [0, 3])), dim=0, start=0, end=5, step=2))
    cs += resize_cases(r, lambda x: dict(self=x, dim=1, start=0, end=2, step=1))
    cs += wrong_dtype(r, lambda x: dict(self=x, dim=1, start=0, end=2, step=1))
    for d, sp in ((2, 1), (-3, 1), (0, 0), (0, -1)):
        cs.append(C("bad dim %d step %d" % (d, sp), self=T(x), dim=d, start=0, end=2, step=sp))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), dim=0, start=0, end=1, step=1))
    return cs


def gen_cat(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("%s dim 1" % NAME[dt], tensors=TL([T(vals(r, dt, [2, 3])), T(vals(r, dt, [2, 4])),
                                                           T(vals(r, dt, [2, 1]))]), dim=1))
    for dt in (F32, I64, B_, F16):
        a, b = vals(r, dt, [2, 3, 4, 5]), vals(r, dt, [2, 2, 4, 5])
        for da, db, do in ((CL, CL, None), (CL, CL, CL), (None, CL, CL), (CL, None, None), ([3, 1, 0, 2], None, None)):
            cs.append(C("%s dim 1, dim orders %s %s out %s" % (NAME[dt], da, db, do), outs=[Out(dim_order=do)],
                        tensors=TL([T(a, da), T(b, db)]), dim=1))
    a, b = vals(r, F32, [2, 3, 4, 5]), vals(r, F32, [2, 3, 4, 2])
    cs.append(C("last dim of channels-last inputs", outs=[Out(dim_order=CL)], tensors=TL([T(a, CL), T(b, CL)]), dim=3))
    for d in (0, 1, 2, -1, -3):
        cs.append(C("dim %d" % d, tensors=TL([T(vals(r, F32, [2, 3, 4])), T(vals(r, F32, [2, 3, 4]))]), dim=d))
    cs.append(C("one tensor", tensors=TL([T(vals(r, F32, [2, 3]))]), dim=0))
    cs.append(C("default dim", tensors=TL([T(vals(r, F32, [2, 3])), T(vals(r, F32, [1, 3]))])))
    # mixed dtypes: promoted, then cast to the out
    for da, db, do in ((I32, F32, None), (B_, U8, None), (I8, U8, None), (F16, BF16, None), (I64, F64, F32),
                       (B_, I32, F64), (F32, F64, F16), (I32, I8, I64), (B_, B_, I32), (U8, F16, F64)):
        cs.append(C("%s + %s into %s" % (NAME[da], NAME[db], NAME[do] if do else "promoted"),
                    outs=[Out(do)], tensors=TL([T(vals(r, da, [2, 3], "conv")), T(vals(r, db, [1, 3], "conv"))]), dim=0))
    # legacy empty tensors
    e = vals(r, F32, [0])
    cs.append(C("legacy [0] skipped", tensors=TL([T(e), T(vals(r, F32, [2, 3])), T(e)]), dim=1))
    cs.append(C("legacy [0] Double promotes", tensors=TL([T(vals(r, F64, [0])), T(vals(r, F32, [2, 3]))]), dim=0))
    cs.append(C("legacy [0] Int with Float", tensors=TL([T(vals(r, I32, [0])), T(vals(r, F32, [2, 3]))]), dim=-1))
    cs.append(C("all legacy [0], dim 5", tensors=TL([T(e), T(e)]), dim=5))
    cs.append(C("[2,0] and [2,3] dim 1", tensors=TL([T(vals(r, F32, [2, 0])), T(vals(r, F32, [2, 3]))]), dim=1))
    cs.append(C("[0,3] and [2,3] dim 0", tensors=TL([T(vals(r, F32, [0, 3])), T(vals(r, F32, [2, 3]))]), dim=0))
    cs.append(C("all empty [0,3]", tensors=TL([T(vals(r, I32, [0, 3])), T(vals(r, I32, [0, 3]))]), dim=0))
    x = [T(vals(r, F32, [2, 3])), T(vals(r, F32, [2, 3]))]
    cs += [C("resize out from %s" % s, outs=[Out(shape=s)], tensors=TL(x), dim=0) for s in ([0], [4, 3], [2, 6], [9])]
    # errors
    cs.append(C("legacy [0] Double into Float", outs=[Out(F32)], tensors=TL([T(vals(r, F64, [0])), T(vals(r, I32, [0]))]), dim=0))
    cs.append(C("Float into Int out", outs=[Out(I32)], tensors=TL(x), dim=0))
    cs.append(C("Int and Float into Long out", outs=[Out(I64)], tensors=TL([T(vals(r, I32, [2, 3])), x[0]]), dim=0))
    cs.append(C("Float into Bool out", outs=[Out(B_)], tensors=TL(x), dim=0))
    cs.append(C("empty list", outs=[Out(F32, [0])], tensors=TL([]), dim=0))
    cs.append(C("zero-dim tensor", outs=[Out(F32, [2])], tensors=TL([T(vals(r, F32, [])), T(vals(r, F32, []))]), dim=0))
    cs.append(C("sizes differ off dim", outs=[Out(F32, [4, 3])], tensors=TL([x[0], T(vals(r, F32, [2, 4]))]), dim=0))
    cs.append(C("ranks differ", outs=[Out(F32, [4, 3])], tensors=TL([x[0], T(vals(r, F32, [1, 2, 3]))]), dim=0))
    cs.append(C("[1,0,3] with [2,3]", outs=[Out(F32, [3, 3])], tensors=TL([T(vals(r, F32, [1, 0, 3])), x[0]]), dim=0))
    cs.append(C("dim out of range", outs=[Out(F32, [4, 3])], tensors=TL(x), dim=2))
    cs.append(C("dim out of range with legacy [0]", outs=[Out(F32, [4, 3])], tensors=TL([T(e), x[0]]), dim=-3))
    return cs


def gen_stack(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("%s dim 1" % NAME[dt], tensors=TL([T(vals(r, dt, [2, 3])) for _ in range(3)]), dim=1))
    for dt in (F32, I64, B_):
        a, b = vals(r, dt, [2, 3, 4]), vals(r, dt, [2, 3, 4])
        for da, db in (([2, 0, 1], [2, 0, 1]), ([1, 2, 0], None)):
            for d in (0, 1, 3):
                cs.append(C("%s dim %d dim orders %s %s" % (NAME[dt], d, da, db), tensors=TL([T(a, da), T(b, db)]), dim=d))
    a = vals(r, F32, [2, 3, 4])
    cs.append(C("out channels-last", outs=[Out(dim_order=CL)], tensors=TL([T(a), T(a)]), dim=1))
    for d in (0, 1, 2, 3, -1, -4):
        cs.append(C("dim %d" % d, tensors=TL([T(vals(r, F32, [2, 3, 4])), T(vals(r, F32, [2, 3, 4]))]), dim=d))
    cs.append(C("default dim", tensors=TL([T(vals(r, F32, [2, 3])), T(vals(r, F32, [2, 3]))])))
    cs.append(C("zero-dim tensors", tensors=TL([T(vals(r, F32, [])), T(vals(r, F32, []))]), dim=0))
    cs.append(C("zero-dim mixed dtypes", tensors=TL([T(vals(r, F32, [])), T(vals(r, I64, []))]), dim=-1))
    cs.append(C("empty tensors", tensors=TL([T(vals(r, F32, [0])), T(vals(r, F32, [0]))]), dim=1))
    cs.append(C("one tensor", tensors=TL([T(vals(r, I32, [3]))]), dim=0))
    for da, db, do in ((I32, F32, None), (B_, U8, None), (I8, U8, None), (F16, BF16, None), (I64, F64, F32),
                       (B_, I32, F64), (I32, I8, I64)):
        cs.append(C("%s + %s into %s" % (NAME[da], NAME[db], NAME[do] if do else "promoted"), outs=[Out(do)],
                    tensors=TL([T(vals(r, da, [2, 3], "conv")), T(vals(r, db, [2, 3], "conv"))]), dim=0))
    x = [T(vals(r, F32, [2, 3])), T(vals(r, F32, [2, 3]))]
    cs += [C("resize out from %s" % s, outs=[Out(shape=s)], tensors=TL(x), dim=0) for s in ([0], [4, 3], [12])]
    cs.append(C("Float into Int out", outs=[Out(I32)], tensors=TL(x), dim=0))
    cs.append(C("empty list", outs=[Out(F32, [0])], tensors=TL([]), dim=0))
    cs.append(C("shapes differ", outs=[Out(F32, [2, 2, 3])], tensors=TL([x[0], T(vals(r, F32, [1, 3]))]), dim=0))
    cs.append(C("dim out of range", outs=[Out(F32, [2, 2, 3])], tensors=TL(x), dim=3))
    cs.append(C("dim out of range neg", outs=[Out(F32, [2, 2, 3])], tensors=TL(x), dim=-4))
    return cs


def chunk_outs(shapes, dt=None, orders=None):
    return [Out(dt, s, (orders or {}).get(i)) for i, s in enumerate(shapes)]


def gen_split(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("%s split 2 dim 1" % NAME[dt], outs=chunk_outs([[2, 2], [2, 2], [2, 1]], dt),
                    self=T(vals(r, dt, [2, 5])), split_size=2, dim=1))
    x = vals(r, F32, [2, 3, 4, 5])
    for din in (None, CL):
        cs.append(C("channels-last dim 1, input %s" % din, outs=chunk_outs([[2, 2, 4, 5], [2, 1, 4, 5]], F32, {0: CL}),
                    self=T(x, din), split_size=2, dim=1))
        cs.append(C("dim 3, input %s" % din, outs=chunk_outs([[2, 3, 4, 3], [2, 3, 4, 2]], F32, {1: CL}),
                    self=T(x, din), split_size=3, dim=3))
    y = vals(r, F32, [6, 4])
    cs.append(C("split 6 of 6", outs=chunk_outs([[6, 4]], F32), self=T(y), split_size=6, dim=0))
    cs.append(C("split 100 of 6", outs=chunk_outs([[6, 4]], F32), self=T(y), split_size=100, dim=0))
    cs.append(C("split 1 dim -1", outs=chunk_outs([[6, 1]] * 4, F32), self=T(y), split_size=1, dim=-1))
    cs.append(C("split 4 of 6", outs=chunk_outs([[4, 4], [2, 4]], F32), self=T(y), split_size=4, dim=0))
    cs.append(C("split 0 of empty dim", outs=chunk_outs([[2, 0]], F32), self=T(vals(r, F32, [2, 0])), split_size=0, dim=1))
    cs.append(C("split 3 of empty dim", outs=chunk_outs([[0, 3]], F32), self=T(vals(r, F32, [0, 3])), split_size=3, dim=0))
    cs.append(C("default dim", outs=chunk_outs([[3, 4], [3, 4]], F32), self=T(y), split_size=3))
    # copy_ semantics: outs keep their shape (broadcast) and dtype (cast)
    cs.append(C("chunks cast to each out's dtype", outs=[Out(I64, [3, 4]), Out(F64, [3, 4])], self=T(y), split_size=3, dim=0))
    cs.append(C("chunk [1,4] broadcast into [3,4]", outs=[Out(F32, [3, 4]), Out(F32, [1, 4])],
                self=T(vals(r, F32, [2, 4])), split_size=1, dim=0))
    cs.append(C("chunk into a higher-rank out", outs=[Out(F32, [2, 3, 4]), Out(F32, [3, 4])], self=T(y), split_size=3, dim=0))
    # errors
    cs.append(C("too few outs", outs=chunk_outs([[3, 4]], F32), self=T(y), split_size=3, dim=0))
    cs.append(C("too many outs", outs=chunk_outs([[3, 4]] * 3, F32), self=T(y), split_size=3, dim=0))
    cs.append(C("out chunk does not broadcast", outs=chunk_outs([[3, 4], [4]], F32), self=T(y), split_size=3, dim=0))
    cs.append(C("out [0] (no resize)", outs=chunk_outs([[0], [0]], F32), self=T(y), split_size=3, dim=0))
    cs.append(C("negative split", outs=chunk_outs([[6, 4]], F32), self=T(y), split_size=-1, dim=0))
    cs.append(C("split 0 of a non-empty dim", outs=chunk_outs([[6, 4]], F32), self=T(y), split_size=0, dim=0))
    cs.append(C("dim out of range", outs=chunk_outs([[6, 4]], F32), self=T(y), split_size=6, dim=2))
    cs.append(C("zero-dim self", outs=chunk_outs([[]], F32), self=T(vals(r, F32, [])), split_size=1, dim=0))
    return cs


def gen_split_with_sizes(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("%s sizes [1,3,1] dim 1" % NAME[dt], outs=chunk_outs([[2, 1], [2, 3], [2, 1]], dt),
                    self=T(vals(r, dt, [2, 5])), split_sizes=[1, 3, 1], dim=1))
    x = vals(r, F16, [2, 3, 4, 5])
    for din in (None, CL):
        cs.append(C("channels-last dim 1, input %s" % din, outs=chunk_outs([[2, 1, 4, 5], [2, 2, 4, 5]], F16, {0: CL}),
                    self=T(x, din), split_sizes=[1, 2], dim=1))
        cs.append(C("dim -1, input %s" % din, outs=chunk_outs([[2, 3, 4, 4], [2, 3, 4, 1]], F16, {1: CL}),
                    self=T(x, din), split_sizes=[4, 1], dim=-1))
    y = vals(r, I32, [6, 4])
    cs.append(C("zero-size chunks", outs=chunk_outs([[0, 4], [6, 4], [0, 4]], I32), self=T(y), split_sizes=[0, 6, 0], dim=0))
    cs.append(C("one chunk", outs=chunk_outs([[6, 4]], I32), self=T(y), split_sizes=[6], dim=0))
    cs.append(C("default dim", outs=chunk_outs([[2, 4], [4, 4]], I32), self=T(y), split_sizes=[2, 4]))
    cs.append(C("empty self, no sizes", outs=[], tol="exact", self=T(vals(r, I32, [0, 4])), split_sizes=[],
                dim=0))
    cs.append(C("resize outs", outs=chunk_outs([[0], [5, 5]], I32), self=T(y), split_sizes=[3, 3], dim=0))
    cs.append(C("out dtype differs", outs=[Out(I64, [3, 4]), Out(I32, [3, 4])], self=T(y), split_sizes=[3, 3], dim=0))
    cs.append(C("sizes sum short", outs=chunk_outs([[3, 4], [2, 4]], I32), self=T(y), split_sizes=[3, 2], dim=0))
    cs.append(C("sizes sum long", outs=chunk_outs([[3, 4], [4, 4]], I32), self=T(y), split_sizes=[3, 4], dim=0))
    cs.append(C("negative size", outs=chunk_outs([[7, 4], [0, 4]], I32), self=T(y), split_sizes=[7, -1], dim=0))
    cs.append(C("too few outs", outs=chunk_outs([[3, 4]], I32), self=T(y), split_sizes=[3, 3], dim=0))
    cs.append(C("too many outs", outs=chunk_outs([[3, 4]] * 3, I32), self=T(y), split_sizes=[3, 3], dim=0))
    cs.append(C("dim out of range", outs=chunk_outs([[6, 4]], I32), self=T(y), split_sizes=[6], dim=-3))
    cs.append(C("zero-dim self", outs=chunk_outs([[]], I32), self=T(vals(r, I32, [])), split_sizes=[1], dim=0))
    return cs


def gen_unbind(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("%s dim 1" % NAME[dt], outs=chunk_outs([[2]] * 3, dt), self=T(vals(r, dt, [2, 3])), dim=1))
    x = vals(r, F32, [2, 3, 4, 5])
    for din in (None, CL):
        cs.append(C("dim 1, input %s" % din, outs=chunk_outs([[2, 4, 5]] * 3, F32), self=T(x, din), dim=1))
        cs.append(C("dim 0, input %s" % din, outs=chunk_outs([[3, 4, 5]] * 2, F32), self=T(x, din), dim=0))
    y = vals(r, I64, [3, 4])
    cs.append(C("dim -1", outs=chunk_outs([[3]] * 4, I64), self=T(y), dim=-1))
    cs.append(C("default dim", outs=chunk_outs([[4]] * 3, I64), self=T(y)))
    cs.append(C("1-D into zero-dim outs", outs=chunk_outs([[]] * 4, I64), self=T(vals(r, I64, [4])), dim=0))
    cs.append(C("empty dim, no outs", outs=[], tol="exact", self=T(vals(r, I64, [0, 3])), dim=0))
    cs.append(C("empty other dim", outs=chunk_outs([[0]] * 3, I64), self=T(vals(r, I64, [0, 3])), dim=1))
    cs.append(C("resize outs", outs=chunk_outs([[0], [7], [2, 2]], I64), self=T(y), dim=0))
    cs.append(C("out dtype differs", outs=[Out(I64, [4]), Out(I32, [4]), Out(I64, [4])], self=T(y), dim=0))
    cs.append(C("too few outs", outs=chunk_outs([[4]] * 2, I64), self=T(y), dim=0))
    cs.append(C("too many outs", outs=chunk_outs([[4]] * 4, I64), self=T(y), dim=0))
    cs.append(C("dim out of range", outs=chunk_outs([[4]] * 3, I64), self=T(y), dim=2))
    cs.append(C("zero-dim self", outs=chunk_outs([[]], I64), self=T(vals(r, I64, [])), dim=0))
    return cs


def gen_dim_order_copy(op, to_copy):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("%s" % NAME[dt], self=T(vals(r, dt, [2, 3, 4]))))
    if to_copy:
        for a in ALL:
            x = vals(r, a, [2, 3], "conv")
            for odt in ALL:
                if odt != a:
                    cs.append(C("%s to %s" % (NAME[a], NAME[odt]), outs=[Out(odt)], self=T(x)))
    else:
        cs.append(C("out dtype differs", outs=[Out(F64)], self=T(vals(r, F32, [2, 3]))))
    x = vals(r, F32, [2, 3, 4, 5])
    for dt in (F32, I64, F16):
        x = vals(r, dt, [2, 3, 4, 5])
        cs.append(C("%s contiguous to channels-last" % NAME[dt], outs=[Out(dim_order=CL)], self=T(x), dim_order=CL))
        cs.append(C("%s channels-last to contiguous" % NAME[dt], self=T(x, CL), dim_order=[0, 1, 2, 3]))
        cs.append(C("%s channels-last preserved" % NAME[dt], outs=[Out(dim_order=CL)], self=T(x, CL)))
        cs.append(C("%s channels-last to channels-last" % NAME[dt], outs=[Out(dim_order=CL)], self=T(x, CL), dim_order=CL))
    if to_copy:
        cs.append(C("Float channels-last to Half contiguous", outs=[Out(F16)], self=T(vals(r, F32, [2, 3, 4, 5], "conv"), CL),
                    dim_order=[0, 1, 2, 3]))
    x = vals(r, F32, [2, 3, 4, 5])
    cs.append(C("out contiguous, self channels-last, no dim_order", self=T(x, CL)))
    cs.append(C("out channels-last, dim_order contiguous", outs=[Out(dim_order=CL)], self=T(x), dim_order=[0, 1, 2, 3]))
    cs.append(C("dim_order neither contiguous nor channels-last", outs=[Out(dim_order=[1, 0, 2, 3])], self=T(x),
                dim_order=[1, 0, 2, 3]))
    cs.append(C("dim_order of another rank", self=T(x), dim_order=[0, 1, 2]))
    cs.append(C("5-D channels-last", outs=[Out(dim_order=[0, 2, 3, 4, 1])], self=T(vals(r, F32, [1, 2, 3, 4, 5])),
                dim_order=[0, 2, 3, 4, 1]))
    cs.append(C("non_blocking=True", self=T(vals(r, F32, [3])), non_blocking=True, dim_order=[0]))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), dim_order=[]))
    cs.append(C("empty", self=T(vals(r, F32, [2, 0, 3]))))
    cs += [C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, [2, 3])), dim_order=[0, 1])
           for s in ([0], [3, 2], [4, 4])]
    return cs


def gen_empty_dim_order(op):
    cs = []
    for dt in ALL:
        cs.append(C("%s [2,3]" % NAME[dt], outs=[Out(dt, [2, 3])], size=[2, 3]))
    cs.append(C("channels-last", outs=[Out(F32, [2, 3, 4, 5], CL)], size=[2, 3, 4, 5], dim_order=CL))
    cs.append(C("contiguous order", outs=[Out(F32, [2, 3, 4, 5])], size=[2, 3, 4, 5], dim_order=[0, 1, 2, 3]))
    cs.append(C("zero-dim", outs=[Out(I64, [])], size=[]))
    cs.append(C("empty", outs=[Out(F32, [2, 0])], size=[2, 0], dim_order=[0, 1]))
    cs.append(C("5-D channels-last", outs=[Out(F16, [1, 2, 3, 4, 5], [0, 2, 3, 4, 1])], size=[1, 2, 3, 4, 5],
                dim_order=[0, 2, 3, 4, 1]))
    cs.append(C("resize from [0]", outs=[Out(F32, [0])], size=[2, 3], dim_order=[0, 1]))
    cs.append(C("out channels-last without dim_order", outs=[Out(F32, [2, 3, 4, 5], CL)], size=[2, 3, 4, 5]))
    cs.append(C("out contiguous, dim_order channels-last", outs=[Out(F32, [2, 3, 4, 5])], size=[2, 3, 4, 5],
                dim_order=CL))
    cs.append(C("dim_order neither contiguous nor channels-last", outs=[Out(F32, [2, 3, 4, 5], [1, 0, 2, 3])],
                size=[2, 3, 4, 5], dim_order=[1, 0, 2, 3]))
    cs.append(C("dim_order of another rank", outs=[Out(F32, [2, 3])], size=[2, 3], dim_order=[0, 1, 2]))
    cs.append(C("negative size", outs=[Out(F32, [2, 3])], size=[2, -3]))
    return cs


def gen_device_copy(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("%s" % NAME[dt], outs=[Out(dt, [2, 3, 4])], self=T(vals(r, dt, [2, 3, 4]))))
    x = vals(r, F32, [2, 3, 4, 5])
    for din, dout in ((CL, None), (None, CL), (CL, CL)):
        cs.append(C("input %s out %s" % (din, dout), outs=[Out(F32, [2, 3, 4, 5], dout)], self=T(x, din)))
    cs.append(C("cast to the out's dtype", outs=[Out(F64, [2, 3])], self=T(vals(r, I32, [2, 3]))))
    cs.append(C("broadcast into the out", outs=[Out(F32, [4, 3])], self=T(vals(r, F32, [3]))))
    cs.append(C("zero-dim", outs=[Out(F32, [])], self=T(vals(r, F32, []))))
    cs.append(C("does not broadcast", outs=[Out(F32, [3])], self=T(vals(r, F32, [2, 3]))))
    return cs


def gen_narrow(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, dim=2, start=1, length=2))
    cs += layout_cases(r, lambda x: dict(self=x, dim=1, start=1, length=2))
    cs += layout_cases(r, lambda x: dict(self=x, dim=3, start=-3, length=3), dts=(F64, U8))
    x = vals(r, F32, [4, 6])
    for d, st, ln in ((0, 0, 4), (0, 4, 0), (1, -6, 6), (1, -1, 1), (-1, 2, 3), (-2, 1, 2)):
        cs.append(C("dim %d start %d length %d" % (d, st, ln), self=T(x), dim=d, start=st, length=ln))
    cs += resize_cases(r, lambda x: dict(self=x, dim=1, start=0, length=2))
    cs += wrong_dtype(r, lambda x: dict(self=x, dim=1, start=0, length=2))
    for d, st, ln in ((1, 5, 2), (1, -7, 1), (1, 7, 0), (1, 1, -1), (2, 0, 1), (1, 2 ** 62, 2 ** 62)):
        cs.append(C("bad dim %d start %d length %d" % (d, st, ln), self=T(x), dim=d, start=st, length=ln))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), dim=0, start=0, length=1))
    return cs


def gen_flip(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, dims=[0, 2]))
    cs += layout_cases(r, lambda x: dict(self=x, dims=[1, 3]))
    cs += layout_cases(r, lambda x: dict(self=x, dims=[0, 1, 2, 3]), dts=(F64, I8))
    x = vals(r, F32, [3, 4, 5])
    for dims in ([], [0], [-1], [1, 2], [2, 0, 1]):
        cs.append(C("dims %s" % dims, self=T(x), dims=dims))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), dims=[0]))
    cs.append(C("empty", self=T(vals(r, F32, [0, 3])), dims=[0, 1]))
    cs += resize_cases(r, lambda x: dict(self=x, dims=[1]))
    cs += wrong_dtype(r, lambda x: dict(self=x, dims=[1]))
    for dims in ([3], [0, 0], [1, -2], [-4]):
        cs.append(C("bad dims %s" % dims, self=T(x), dims=dims))
    return cs


def gen_roll(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, shifts=[1, -2], dims=[0, 2]))
    cs += layout_cases(r, lambda x: dict(self=x, shifts=[2, 1], dims=[1, 3]))
    cs += layout_cases(r, lambda x: dict(self=x, shifts=[7], dims=[]), dts=(F64, I8, B_))
    x = vals(r, F32, [3, 4, 5])
    for sh, dims in (([1], []), ([-1], []), ([61], []), ([0], []), ([2], [1]), ([-9], [2]), ([1, 1], [1, 1]),
                     ([3, -1, 2], [0, 1, 2]), ([2 ** 62], [2]), ([-2 ** 62], []), ([4], [-2])):
        cs.append(C("shifts %s dims %s" % (sh, dims), self=T(x), shifts=sh, dims=dims))
    cs.append(C("zero-dim, no dims", self=T(vals(r, F32, [])), shifts=[3], dims=[]))
    cs.append(C("empty", self=T(vals(r, F32, [0, 3])), shifts=[1], dims=[0]))
    cs.append(C("empty flat", self=T(vals(r, F32, [0, 3])), shifts=[1], dims=[]))
    cs += resize_cases(r, lambda x: dict(self=x, shifts=[1], dims=[1]))
    cs += wrong_dtype(r, lambda x: dict(self=x, shifts=[1], dims=[1]))
    for sh, dims in (([], []), ([1, 2], []), ([1], [0, 1]), ([1], [3]), ([1, 1], [0])):
        cs.append(C("bad shifts %s dims %s" % (sh, dims), self=T(x), shifts=sh, dims=dims))
    cs.append(C("zero-dim with a dim", self=T(vals(r, F32, [])), shifts=[1], dims=[0]))
    return cs


def gen_repeat(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, repeats=[2, 1, 3]))
    cs += layout_cases(r, lambda x: dict(self=x, repeats=[1, 2, 1, 2]), shape=(2, 3, 2, 2))
    cs += layout_cases(r, lambda x: dict(self=x, repeats=[2, 1, 3, 1, 2], _out_rank=5), shape=(2, 3, 2, 2), dts=(F64,))
    x = vals(r, F32, [2, 3])
    for rep in ([1, 1], [3, 1], [1, 4], [2, 2, 2], [0, 2], [2, 0, 1], [1, 1, 1, 1]):
        cs.append(C("repeats %s" % rep, self=T(x), repeats=rep))
    cs.append(C("size-1 dims", self=T(vals(r, I32, [1, 3, 1])), repeats=[4, 2, 3]))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), repeats=[]))
    cs.append(C("zero-dim to [2,3]", self=T(vals(r, F32, [])), repeats=[2, 3]))
    cs.append(C("empty", self=T(vals(r, F32, [0, 2])), repeats=[3, 2]))
    cs.append(C("rank 9 with 9 split dims", self=T(vals(r, I8, [2] * 9)), repeats=[2] * 9))
    cs += resize_cases(r, lambda x: dict(self=x, repeats=[1, 2, 1]))
    cs += wrong_dtype(r, lambda x: dict(self=x, repeats=[2, 1]))
    for rep in ([2], [-1, 2], [2, -3]):
        cs.append(C("bad repeats %s" % rep, self=T(x), repeats=rep))
    return cs


def gen_tril(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, diagonal=0), shape=(2, 4, 5))
    cs += layout_cases(r, lambda x: dict(self=x, diagonal=1))
    cs += layout_cases(r, lambda x: dict(self=x, diagonal=-2), dts=(F64, U8))
    x = vals(r, F32, [5, 4])
    for dg in (0, 1, -1, 3, 4, 10, -4, -5, -100, 2 ** 62, -2 ** 62):
        cs.append(C("diagonal %d" % dg, self=T(x), diagonal=dg))
    cs.append(C("default diagonal", self=T(vals(r, I32, [3, 3]))))
    cs.append(C("empty", self=T(vals(r, F32, [0, 3])), diagonal=0))
    cs.append(C("batch of empty", self=T(vals(r, F32, [2, 3, 0])), diagonal=0))
    cs += resize_cases(r, lambda x: dict(self=x, diagonal=0))
    cs += wrong_dtype(r, lambda x: dict(self=x, diagonal=0))
    cs.append(C("1-D", self=T(vals(r, F32, [4])), diagonal=0))
    cs.append(C("zero-dim", self=T(vals(r, F32, [])), diagonal=0))
    return cs


def gen_diagonal(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, offset=0, dim1=1, dim2=2))
    cs += layout_cases(r, lambda x: dict(self=x, offset=1, dim1=1, dim2=3, _out_rank=3))
    cs += layout_cases(r, lambda x: dict(self=x, offset=-1, dim1=3, dim2=0, _out_rank=3), dts=(F64, I8))
    x = vals(r, F32, [4, 6])
    for off, d1, d2 in ((0, 0, 1), (2, 0, 1), (-2, 0, 1), (5, 0, 1), (6, 0, 1), (-4, 0, 1), (-9, 0, 1),
                        (1, 1, 0), (0, -1, -2), (2 ** 62, 0, 1), (-2 ** 62, 0, 1)):
        cs.append(C("offset %d dims %d %d" % (off, d1, d2), self=T(x), offset=off, dim1=d1, dim2=d2))
    cs.append(C("default args", self=T(vals(r, I32, [3, 3, 2]))))
    cs.append(C("empty", self=T(vals(r, F32, [0, 3])), offset=0, dim1=0, dim2=1))
    cs += resize_cases(r, lambda x: dict(self=x, offset=0, dim1=0, dim2=2))
    cs += wrong_dtype(r, lambda x: dict(self=x, offset=0, dim1=0, dim2=1))
    for d1, d2 in ((0, 0), (1, -2), (0, 2), (-3, 0)):
        cs.append(C("bad dims %d %d" % (d1, d2), self=T(x), offset=0, dim1=d1, dim2=d2))
    cs.append(C("1-D", self=T(vals(r, F32, [3])), offset=0, dim1=0, dim2=0))
    return cs


def gen_as_strided(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, size=[3, 2], stride=[1, 3], storage_offset=2))
    x = vals(r, F32, [2, 3, 4, 5])
    for din in (None, CL, [3, 1, 0, 2]):
        for dout in (None, [1, 0]):
            cs.append(C("input %s out %s" % (din, dout), outs=[Out(dim_order=dout)], self=T(x, din),
                        size=[4, 5], stride=[7, 2], storage_offset=3))
    y = vals(r, F32, [4, 6])
    for size, stride, off in (([4, 6], [6, 1], None), ([6, 4], [1, 6], 0), ([2, 2], [0, 1], 5), ([3, 3], [7, 1], 1),
                              ([24], [1], 0), ([], [], 23), ([2, 3, 2], [12, 4, 1], 0), ([0, 2], [100, 3], 30),
                              ([1], [1000], 23), ([2, 2], [23, 0], 0)):
        cs.append(C("size %s stride %s offset %s" % (size, stride, off), self=T(y), size=size, stride=stride,
                    storage_offset=off))
    cs += resize_cases(r, lambda x: dict(self=x, size=[2, 2], stride=[1, 2], storage_offset=None))
    cs += wrong_dtype(r, lambda x: dict(self=x, size=[2], stride=[1], storage_offset=None))
    for size, stride, off in (([4, 6], [6, 1], 1), ([2, 2], [1, 23], 1), ([24], [1], 1), ([], [], 24),
                              ([2], [1, 3], 0), ([2], [-1], 3), ([-1], [1], 0), ([1], [1], -1), ([2], [2 ** 62], 0)):
        cs.append(C("bad size %s stride %s offset %s" % (size, stride, off), self=T(y), size=size, stride=stride,
                    storage_offset=off))
    return cs


def gen_unfold(op):
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x, dimension=2, size=2, step=1))
    cs += layout_cases(r, lambda x: dict(self=x, dimension=1, size=2, step=1, _out_rank=5))
    x = vals(r, F32, [3, 7])
    for d, sz, st in ((1, 3, 2), (1, 7, 1), (1, 0, 1), (1, 1, 1), (0, 2, 5), (-1, 3, 3), (1, 2, 100), (1, 7, 2 ** 62)):
        cs.append(C("dimension %d size %d step %d" % (d, sz, st), self=T(x), dimension=d, size=sz, step=st))
    for sz in (0, 1):
        cs.append(C("zero-dim size %d" % sz, self=T(vals(r, F32, [])), dimension=0, size=sz, step=1))
    cs.append(C("empty dim, size 0", self=T(vals(r, F32, [2, 0])), dimension=1, size=0, step=1))
    cs += resize_cases(r, lambda x: dict(self=x, dimension=1, size=2, step=1))
    cs += wrong_dtype(r, lambda x: dict(self=x, dimension=1, size=2, step=1))
    for d, sz, st in ((1, 8, 1), (1, -1, 1), (1, 2, 0), (1, 2, -1), (2, 1, 1)):
        cs.append(C("bad dimension %d size %d step %d" % (d, sz, st), self=T(x), dimension=d, size=sz, step=st))
    cs.append(C("zero-dim size 2", self=T(vals(r, F32, [])), dimension=0, size=2, step=1))
    return cs


def gen_select_scatter(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("%s" % NAME[dt], self=T(vals(r, dt, [2, 3, 4])), src=T(vals(r, dt, [2, 4])), dim=1, index=1))
    x = vals(r, F32, [2, 3, 4, 5])
    for din, dsrc, dout in ((CL, None, None), (None, None, CL), (CL, [1, 0, 2], CL), ([3, 1, 0, 2], [2, 1, 0], None)):
        cs.append(C("dim orders self %s src %s out %s" % (din, dsrc, dout), outs=[Out(dim_order=dout)],
                    self=T(x, din), src=T(vals(r, F32, [2, 4, 5]), dsrc), dim=1, index=-1))
    for sdt in (I32, F64, B_, F16):
        cs.append(C("src %s into Float" % NAME[sdt], self=T(vals(r, F32, [3, 4])), src=T(vals(r, sdt, [4], "conv")),
                    dim=0, index=2))
    cs.append(C("1-D, zero-dim src", self=T(vals(r, I64, [5])), src=T(vals(r, I64, [])), dim=0, index=-2))
    cs.append(C("empty", self=T(vals(r, F32, [2, 0])), src=T(vals(r, F32, [0])), dim=0, index=1))
    y, ys = vals(r, F32, [3, 4]), vals(r, F32, [3])
    cs += [C("resize out from %s" % s, outs=[Out(shape=s)], self=T(y), src=T(ys), dim=1, index=0) for s in ([0], [4, 3])]
    cs.append(C("out dtype Double", outs=[Out(F64)], self=T(y), src=T(ys), dim=1, index=0))
    cs.append(C("src shape differs", self=T(y), src=T(vals(r, F32, [1, 3])), dim=1, index=0))
    cs.append(C("src would broadcast", self=T(y), src=T(vals(r, F32, [1])), dim=1, index=0))
    cs.append(C("index out of range", self=T(y), src=T(ys), dim=1, index=4))
    cs.append(C("dim out of range", self=T(y), src=T(ys), dim=2, index=0))
    cs.append(C("zero-dim self", self=T(vals(r, F32, [])), src=T(vals(r, F32, [])), dim=0, index=0))
    return cs


def gen_slice_scatter(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("%s" % NAME[dt], self=T(vals(r, dt, [2, 5, 3])), src=T(vals(r, dt, [2, 2, 3])), dim=1, start=1,
                    end=5, step=2))
    x = vals(r, F32, [2, 3, 4, 5])
    for din, dsrc, dout in ((CL, None, None), (None, CL, CL), (CL, CL, CL), ([3, 1, 0, 2], None, None)):
        cs.append(C("dim orders self %s src %s out %s" % (din, dsrc, dout), outs=[Out(dim_order=dout)],
                    self=T(x, din), src=T(vals(r, F32, [2, 3, 4, 2]), dsrc), dim=3, start=-2, end=None, step=1))
    y = vals(r, F32, [4, 6])
    for st, en, sp, n in ((None, None, 1, 6), (2, None, 1, 4), (-100, 100, 3, 2), (5, 2, 1, 0), (1, 6, 4, 2),
                          (2 ** 62, None, 1, 0)):
        cs.append(C("start %s end %s step %s" % (st, en, sp), self=T(y), src=T(vals(r, F32, [4, n])), dim=1,
                    start=st, end=en, step=sp))
    cs.append(C("default args", self=T(y), src=T(vals(r, F32, [4, 6]))))
    cs.append(C("src Int into Float", self=T(y), src=T(vals(r, I32, [2, 6], "conv")), dim=0, start=1, end=3, step=1))
    cs += [C("resize out from %s" % s, outs=[Out(shape=s)], self=T(y), src=T(vals(r, F32, [4, 2])), dim=1, start=0,
             end=2, step=1) for s in ([0], [6, 4])]
    cs.append(C("out dtype Double", outs=[Out(F64)], self=T(y), src=T(vals(r, F32, [4, 2])), dim=1, start=0, end=2,
                step=1))
    cs.append(C("src shape differs", self=T(y), src=T(vals(r, F32, [4, 1])), dim=1, start=0, end=2, step=1))
    cs.append(C("step 0", self=T(y), src=T(vals(r, F32, [4, 2])), dim=1, start=0, end=2, step=0))
    cs.append(C("dim out of range", self=T(y), src=T(vals(r, F32, [4, 2])), dim=2, start=0, end=2, step=1))
    cs.append(C("zero-dim self", self=T(vals(r, F32, [])), src=T(vals(r, F32, [])), dim=0, start=0, end=1, step=1))
    return cs


NON_BOOL = [d for d in ALL if d != B_]


def gen_full(op):
    cs = []
    for dt in ALL:
        for v in (3, -2.5, True, 0):
            cs.append(C("%r into %s" % (v, NAME[dt]), outs=[Out(dt, [2, 3])], size=[2, 3], fill_value=v))
    cs.append(C("channels-last out", outs=[Out(F32, [2, 3, 4, 5], CL)], size=[2, 3, 4, 5], fill_value=1.5))
    cs.append(C("zero-dim", outs=[Out(F64, [])], size=[], fill_value=7))
    cs.append(C("empty", outs=[Out(F32, [2, 0])], size=[2, 0], fill_value=7))
    for s in ([0], [3], [2, 4]):
        cs.append(C("resize from %s" % s, outs=[Out(I32, s)], size=[3, 2], fill_value=-4))
    for v, dt in ((300, I8), (-129, I8), (256, U8), (-256, U8), (-255, U8), (2.0 ** 31, I32), (1e10, F16),
                  (1e39, F32), (float("nan"), I32), (float("inf"), I64), (float("nan"), F32), (float("-inf"), F16),
                  (1e300, F64), (3.9e38, BF16), (2.7, I32), (-2.7, G.I16)):
        cs.append(C("%r into %s" % (v, NAME[dt]), outs=[Out(dt, [2])], size=[2], fill_value=v))
    cs.append(C("overflow into an empty out", outs=[Out(I8, [0])], size=[0], fill_value=1000))
    cs.append(C("negative size", outs=[Out(F32, [2])], size=[-1], fill_value=1))
    return cs


def gen_full_like(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        cs.append(C("Int self, %s out" % NAME[dt], outs=[Out(dt)], self=T(vals(r, I32, [2, 3])), fill_value=2.5))
        cs.append(C("%s self, same out" % NAME[dt], outs=[Out(dt)], self=T(vals(r, dt, [3])), fill_value=1))
    x = vals(r, F32, [2, 3, 4, 5])
    for mf in (None, "contiguous", "channels_last", "preserve"):
        for dout in (None, CL):
            cs.append(C("memory_format %s out %s" % (mf, dout), outs=[Out(F32, None, dout)], self=T(x, CL),
                        fill_value=-1, memory_format=G.MF(mf) if mf else None))
    cs.append(C("channels_last on 2-D", outs=[Out(F32)], self=T(vals(r, F32, [2, 3])), fill_value=1,
                memory_format=G.MF("channels_last")))
    cs.append(C("zero-dim", outs=[Out(F32)], self=T(vals(r, F32, [])), fill_value=3))
    cs.append(C("empty", outs=[Out(F32)], self=T(vals(r, F32, [0, 3])), fill_value=3))
    for s in ([0], [7]):
        cs.append(C("resize from %s" % s, outs=[Out(F32, s)], self=T(vals(r, F32, [2, 3])), fill_value=3))
    cs.append(C("300 into Char", outs=[Out(I8)], self=T(vals(r, I32, [2])), fill_value=300))
    cs.append(C("nan into Long", outs=[Out(I64)], self=T(vals(r, F32, [2])), fill_value=float("nan")))
    return cs


def gen_zeros_ones(op):
    cs = []
    for dt in ALL:
        cs.append(C("%s [2,3]" % NAME[dt], outs=[Out(dt, [2, 3])], size=[2, 3]))
    cs.append(C("channels-last out", outs=[Out(F16, [2, 3, 4, 5], CL)], size=[2, 3, 4, 5]))
    cs.append(C("zero-dim", outs=[Out(I64, [])], size=[]))
    cs.append(C("empty", outs=[Out(F32, [0, 4])], size=[0, 4]))
    for s in ([0], [5], [3, 3]):
        cs.append(C("resize from %s" % s, outs=[Out(F64, s)], size=[2, 3]))
    cs.append(C("negative size", outs=[Out(F32, [2])], size=[2, -2]))
    return cs


def gen_empty(op):
    cs = gen_zeros_ones(op)
    cs.append(C("memory_format contiguous", outs=[Out(F32, [2, 3])], size=[2, 3], memory_format=G.MF("contiguous")))
    cs.append(C("memory_format preserve", outs=[Out(F32, [2, 3])], size=[2, 3], memory_format=G.MF("preserve")))
    return cs


def arange_tol(dt, kw):
    """ATen's vectorized loop computes start + step * i with one rounding (FMA), its scalar
    loop with two: allow one ulp of the out dtype plus the accumulate type's rounding of
    step * i."""
    if not G.is_float(dt):
        return None
    start, end, step = (float(kw.get(k, d)) for k, d in (("start", 0), ("end", 0), ("step", 1)))
    if not all(map(math.isfinite, (start, end, step))):
        return None
    u_acc = 2.0 ** -24 if dt in (F16, BF16) else 2.0 ** -53
    return {"rtol": {F16: 2.0 ** -10, BF16: 2.0 ** -7, F32: 2.0 ** -23, F64: 2.0 ** -52}[dt],
            "atol": float("%.3g" % max(2 * u_acc * (abs(start) + abs(end) + abs(step)), 1e-300))}


def gen_arange(op, start_out):
    cs = []

    def case(note, dt, shape=None, order=None, **kw):
        if not start_out:
            if not (type(kw["start"]) is int and kw["start"] == 0 and type(kw["step"]) is int and kw["step"] == 1):
                return
            kw = dict(end=kw["end"])
        cs.append(C(note, outs=[Out(dt, shape if shape is not None else [0], order)], tol=arange_tol(dt, kw), **kw))

    for dt in NON_BOOL:
        case("%s 0..10" % NAME[dt], dt, start=0, end=10, step=1)
        case("%s 2.5..-3 step -0.5" % NAME[dt], dt, start=2.5, end=-3, step=-0.5)
        case("%s -3..7.5 step 2" % NAME[dt], dt, start=-3, end=7.5, step=2)
    for dt in (F32, F64, F16, BF16):
        case("%s 0..1 step 0.1" % NAME[dt], dt, start=0, end=1, step=0.1)
        case("%s 0.1..0.35 step 0.05" % NAME[dt], dt, start=0.1, end=0.35, step=0.05)
        case("%s 1..0 step -0.3" % NAME[dt], dt, start=1, end=0, step=-0.3)
        case("%s 1e6..1e6+3 step 0.25" % NAME[dt], dt, start=1e6, end=1e6 + 3, step=0.25)
    case("Half 0..2049", F16, start=0, end=2049, step=1)
    case("Char 0..300 wraps", I8, start=0, end=300, step=1)
    case("Byte -5..5", U8, start=-5, end=5, step=1)
    case("Int 0.5..3", I32, start=0.5, end=3, step=1)
    case("Int -2.5..3 step 1.5", I32, start=-2.5, end=3, step=1.5)
    case("Long 0..5.5", I64, start=0, end=5.5, step=1)
    case("Long 0..-7 step -3", I64, start=0, end=-7, step=-3)
    case("Long big span", I64, start=-2 ** 62, end=2 ** 62, step=2 ** 61)
    case("Long max end", I64, start=2 ** 63 - 4, end=2 ** 63 - 1, step=1)
    case("Float bool start", F32, start=True, end=4, step=1)
    case("empty range", F32, start=3, end=3, step=1)
    case("empty Long range", I64, start=3, end=3, step=-1)
    case("out with the length, other shape", F32, [5, 1], start=0, end=5, step=1)
    case("out with the length, dim order [1,0]", F32, [2, 3], [1, 0], start=0, end=6, step=1)
    case("resize from [7]", F64, [7], start=0, end=5, step=1)
    case("resize from [2,3]", F64, [2, 3], start=0, end=5, step=1)
    # errors
    case("step 0", F32, start=0, end=5, step=0)
    case("Int step 0.5 truncates to 0", I32, start=0, end=5, step=0.5)
    case("wrong sign", F32, start=0, end=5, step=-1)
    case("wrong sign Long", I64, start=5, end=0, step=1)
    case("end inf", F32, start=0, end=float("inf"), step=1)
    case("end nan", F64, start=0, end=float("nan"), step=1)
    case("start -inf", F16, start=float("-inf"), end=0, step=1)
    case("too long", F32, start=0, end=1e20, step=1e-5)
    case("Bool out", B_, start=0, end=1, step=1)
    case("end overflows Char's accumulate type? no: Long", I8, start=0, end=2 ** 40, step=2 ** 38)
    case("end past float", F16, start=0, end=1e39, step=1e38)
    if not start_out:
        for end in (7, 7.5, -1, 0, 2.0 ** 40, float("nan"), -0.5):
            cs.append(C("end %r into Long" % end, outs=[Out(I64, [0])], end=end))
        cs.append(C("end 4.5 into Double", outs=[Out(F64, [0])], tol=arange_tol(F64, dict(end=4.5)), end=4.5))
    return cs


def gen_conj_physical(op):
    """Real tensors only: the runner and gen have no complex tensors yet."""
    r = rng_for(op)
    cs = dtype_cases(r, lambda x: dict(self=x))
    cs += layout_cases(r, lambda x: dict(self=x))
    cs.append(C("special values", self=T(G.specials(F32))))
    cs.append(C("zero-dim", self=T(vals(r, F64, []))))
    cs.append(C("empty", self=T(vals(r, F32, [0, 3]))))
    cs += resize_cases(r, lambda x: dict(self=x))
    cs += wrong_dtype(r, lambda x: dict(self=x))
    cs.append(C("Int self, Float out", outs=[Out(F32)], self=T(vals(r, I32, [3]))))
    return cs


def ops():
    for n in ("aten::permute_copy.out", "aten::view_copy.out", "aten::expand_copy.out", "aten::t_copy.out",
              "aten::transpose_copy.int_out", "aten::unsqueeze_copy.out", "aten::squeeze_copy.dim_out",
              "aten::squeeze_copy.dims_out", "aten::select_copy.int_out", "aten::slice_copy.Tensor_out",
              "aten::cat.out", "aten::stack.out", "aten::split_copy.Tensor_out",
              "aten::split_with_sizes_copy.out", "aten::unbind_copy.int_out",
              "dim_order_ops::_clone_dim_order.out", "dim_order_ops::_to_dim_order_copy.out",
              "dim_order_ops::_empty_dim_order.out", "et_copy::_h2d_copy.out", "et_copy::_d2h_copy.out",
              "aten::narrow_copy.out", "aten::flip.out", "aten::roll.out", "aten::repeat.out", "aten::tril.out",
              "aten::diagonal_copy.out", "aten::as_strided_copy.out", "aten::unfold_copy.out",
              "aten::select_scatter.out", "aten::slice_scatter.out", "aten::full.out", "aten::full_like.out",
              "aten::zeros.out", "aten::ones.out", "aten::empty.out", "aten::arange.out", "aten::arange.start_out",
              "aten::_conj_physical.out"):
        G.NOT_ELEMENTWISE.add(n)
    return [
        ("permute_copy.out", "exact", lambda: gen_permute("permute_copy.out"), None),
        ("view_copy.out", "exact", lambda: gen_view("view_copy.out"), None),
        ("expand_copy.out", "exact", lambda: gen_expand("expand_copy.out"), None),
        ("t_copy.out", "exact", lambda: gen_t("t_copy.out"), None),
        ("transpose_copy.int_out", "exact", lambda: gen_transpose("transpose_copy.int_out"), None),
        ("unsqueeze_copy.out", "exact", lambda: gen_unsqueeze("unsqueeze_copy.out"), None),
        ("squeeze_copy.dim_out", "exact", lambda: gen_squeeze("squeeze_copy.dim_out", False), None),
        ("squeeze_copy.dims_out", "exact", lambda: gen_squeeze("squeeze_copy.dims_out", True), None),
        ("select_copy.int_out", "exact", lambda: gen_select("select_copy.int_out"), None),
        ("slice_copy.Tensor_out", "exact", lambda: gen_slice("slice_copy.Tensor_out"), None),
        ("cat.out", "exact", lambda: gen_cat("cat.out"), None),
        ("stack.out", "exact", lambda: gen_stack("stack.out"), None),
        ("split_copy.Tensor_out", "exact", lambda: gen_split("split_copy.Tensor_out"), "self"),
        ("split_with_sizes_copy.out", "exact", lambda: gen_split_with_sizes("split_with_sizes_copy.out"), "self"),
        ("unbind_copy.int_out", "exact", lambda: gen_unbind("unbind_copy.int_out"), "self"),
        ("dim_order_ops::_clone_dim_order.out", "exact",
         lambda: gen_dim_order_copy("_clone_dim_order.out", False), None),
        ("dim_order_ops::_to_dim_order_copy.out", "exact",
         lambda: gen_dim_order_copy("_to_dim_order_copy.out", True), "self"),
        ("dim_order_ops::_empty_dim_order.out", "exact", lambda: gen_empty_dim_order("_empty_dim_order.out"), False),
        ("et_copy::_h2d_copy.out", "exact", lambda: gen_device_copy("_h2d_copy.out"), False),
        ("et_copy::_d2h_copy.out", "exact", lambda: gen_device_copy("_d2h_copy.out"), False),
        ("narrow_copy.out", "exact", lambda: gen_narrow("narrow_copy.out"), None),
        ("flip.out", "exact", lambda: gen_flip("flip.out"), None),
        ("roll.out", "exact", lambda: gen_roll("roll.out"), None),
        ("repeat.out", "exact", lambda: gen_repeat("repeat.out"), None),
        ("tril.out", "exact", lambda: gen_tril("tril.out"), None),
        ("diagonal_copy.out", "exact", lambda: gen_diagonal("diagonal_copy.out"), None),
        ("as_strided_copy.out", "exact", lambda: gen_as_strided("as_strided_copy.out"), False),
        ("unfold_copy.out", "exact", lambda: gen_unfold("unfold_copy.out"), None),
        ("select_scatter.out", "exact", lambda: gen_select_scatter("select_scatter.out"), None),
        ("slice_scatter.out", "exact", lambda: gen_slice_scatter("slice_scatter.out"), None),
        ("full.out", "exact", lambda: gen_full("full.out"), False),
        ("full_like.out", "exact", lambda: gen_full_like("full_like.out"), False),
        ("zeros.out", "exact", lambda: gen_zeros_ones("zeros.out"), False),
        ("ones.out", "exact", lambda: gen_zeros_ones("ones.out"), False),
        ("empty.out", "exact", lambda: gen_empty("empty.out"), False),
        ("arange.out", "exact", lambda: gen_arange("arange.out", False), False),
        ("arange.start_out", "exact", lambda: gen_arange("arange.start_out", True), False),
        ("_conj_physical.out", "exact", lambda: gen_conj_physical("_conj_physical.out"), None),
    ]
