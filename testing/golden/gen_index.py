"""Golden cases of the index family: index_select, gather, scatter (src/value), scatter_add,
scatter_reduce, index.Tensor, index_put (out and in place), masked_select, masked_scatter,
nonzero, sort, topk, repeat_interleave, bucketize, searchsorted.

Imported by gen.py's OPS(); uses gen's helpers.  Index lists (`Tensor?[]`) are `OptTs` values,
encoded as FORMAT.md's `{"opt_tensors": [...]}`.  Every op here is in gen.NOT_ELEMENTWISE (no
per-element re-evaluation) and is generated with conv_src=False (no float->int conversion
happens).  Float sums (scatter_add, scatter_reduce sum/mean/prod, index_put accumulate) use
small integer values, so every summation order gives the same exact result: ATen sums in
different orders on its serial and vectorized paths.
"""

import torch

import gen
from gen import (T, C, Out, NAME, ALL, INTS, FLOATS, B_, U8, I8, I16, I32, I64, F16, BF16, F32, F64,
                 CL, vals, rng_for)


class OptTs:
    """A Tensor?[] argument: a list of T or None."""

    def __init__(self, items):
        self.items = list(items)


_materialize = gen.materialize
_encode_value = gen.encode_value


def materialize(v):
    if isinstance(v, OptTs):
        return [None if x is None else _materialize(x) for x in v.items]
    return _materialize(v)


def encode_value(v, name, tensors):
    if isinstance(v, OptTs):
        names = []
        for i, x in enumerate(v.items):
            if x is None:
                names.append(None)
            else:
                nm = "%s.%d" % (name, i)
                tensors[nm] = x.t
                names.append(nm)
        return {"opt_tensors": names}
    return _encode_value(v, name, tensors)


gen.materialize = materialize
gen.encode_value = encode_value

MINE = ["index_select.out", "gather.out", "scatter.src_out", "scatter.value_out", "scatter_add.out",
        "scatter_reduce.two_out", "index.Tensor_out", "index_put.out", "index_put_", "masked_select.out",
        "masked_scatter.out", "nonzero.out", "topk.values", "sort.values_stable", "sort.values",
        "repeat_interleave.Tensor_out", "bucketize.Tensor_out", "searchsorted.Tensor_out"]
gen.NOT_ELEMENTWISE.update("aten::" + n for n in MINE)

ARITH_TOL = {F16: {"rtol": 1e-3, "atol": 1e-5}, BF16: {"rtol": 8e-3, "atol": 1e-5},
             F32: {"rtol": 1.3e-6, "atol": 1e-5}, F64: {"rtol": 1e-12, "atol": 1e-12}}


def L(*v, dt=I64):
    return torch.tensor(list(v), dtype=dt)


def ints(r, dt, shape, lo=-4, hi=4):
    """Small integers in dt (exact in every dtype); 0/1 for Bool."""
    if dt == B_:
        return r.randint(list(shape), 0, 1).bool()
    if dt == U8:
        lo = max(lo, 0)
    return r.randint(list(shape), lo, hi).to(dt)


def rand_index(r, shape, hi, dt=I64):
    return r.randint(list(shape), 0, hi - 1).to(dt) if hi > 0 else torch.zeros(shape, dtype=dt)


def perm_index(r, n, k):
    """k distinct indices in [0, n)."""
    p = torch.randperm(n, generator=r.g)[:k]
    return p.to(I64)


# ----------------------------------------------------------------------------------------------
# index_select

def gen_index_select(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        x = vals(r, dt, [3, 4])
        cs.append(C("%s dim 1" % NAME[dt], self=T(x), dim=1, index=T(L(2, 0, 3, 3))))
        cs.append(C("%s dim 0 int32" % NAME[dt], self=T(x), dim=0, index=T(L(1, 0, dt=I32))))
    x = vals(r, F32, [2, 3, 4, 5])
    for order in (CL, [3, 2, 1, 0], [1, 0, 2, 3]):
        for d in range(4):
            cs.append(C("dim %d self %s" % (d, order), self=T(x, order), dim=d,
                        index=T(rand_index(r, [3], x.shape[d]))))
    cs.append(C("out channels-last", self=T(x), dim=2, index=T(L(3, 0, 1, 2)),
                outs=[Out(shape=[2, 3, 4, 5], dim_order=CL)]))
    cs.append(C("dim -1", self=T(x), dim=-1, index=T(L(4, 4))))
    cs.append(C("zero-dim index", self=T(x), dim=1, index=T(torch.tensor(2))))
    cs.append(C("empty index", self=T(x), dim=1, index=T(L(dt=I64)[:0])))
    cs.append(C("zero-dim self", self=T(torch.tensor(5.0)), dim=0, index=T(L(0))))
    cs.append(C("zero-dim self zero-dim index", self=T(torch.tensor(5.0)), dim=-1, index=T(torch.tensor(0))))
    cs.append(C("zero-dim self index 1", self=T(torch.tensor(5.0)), dim=0, index=T(L(1))))
    cs.append(C("zero-dim self two indices", self=T(torch.tensor(5.0)), dim=0, index=T(L(0, 0))))
    cs.append(C("empty self other dim", self=T(torch.zeros(0, 3)), dim=1, index=T(L(0, 2))))
    cs.append(C("empty selected dim", self=T(torch.zeros(2, 0)), dim=1, index=T(L(0))))
    cs.append(C("empty selected dim, empty index", self=T(torch.zeros(2, 0)), dim=1, index=T(L()[:0])))
    cs.append(C("negative index", self=T(x), dim=1, index=T(L(-1))))
    cs.append(C("index too large", self=T(x), dim=1, index=T(L(3))))
    cs.append(C("2-d index", self=T(x), dim=1, index=T(L(0, 1).reshape(1, 2))))
    cs.append(C("Short index", self=T(x), dim=1, index=T(L(0, dt=I16))))
    cs.append(C("Bool index", self=T(x), dim=1, index=T(L(True, dt=B_))))
    cs.append(C("float index", self=T(x), dim=1, index=T(L(1.0, dt=F32))))
    cs.append(C("dim out of range", self=T(x), dim=4, index=T(L(0))))
    cs.append(C("out dtype differs", self=T(x), dim=1, index=T(L(0)), outs=[Out(dtype=F64)]))
    for shape in ([0], [3], [2, 3, 2, 5], [100]):
        cs.append(C("resize from %s" % shape, self=T(x), dim=2, index=T(L(1, 2)), outs=[Out(shape=shape)]))
    return cs


# ----------------------------------------------------------------------------------------------
# gather / scatter

def gen_gather(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        x = vals(r, dt, [3, 4])
        cs.append(C("%s dim 1" % NAME[dt], self=T(x), dim=1, index=T(rand_index(r, [3, 5], 4)), sparse_grad=False))
        cs.append(C("%s dim 0 int32, smaller index" % NAME[dt], self=T(x), dim=0,
                    index=T(rand_index(r, [2, 3], 3, I32))))
    x = vals(r, F32, [2, 3, 4, 5])
    for order in (CL, [3, 2, 1, 0], [0, 3, 1, 2]):
        for d in range(4):
            shp = [2, 3, 4, 5]
            shp[d] = 3
            idx = rand_index(r, shp, x.shape[d])
            cs.append(C("dim %d self %s" % (d, order), self=T(x, order), dim=d, index=T(idx)))
            cs.append(C("dim %d index and out %s" % (d, order), self=T(x), dim=d, index=T(idx, order),
                        outs=[Out(shape=shp, dim_order=order)]))
        cs.append(C("all channels-last smaller index %s" % order, self=T(x, order), dim=1,
                    index=T(rand_index(r, [1, 4, 2, 3], 3), order), outs=[Out(shape=[1, 4, 2, 3], dim_order=order)]))
    cs.append(C("sparse_grad true", self=T(x), dim=1, index=T(rand_index(r, [2, 2, 4, 5], 3)), sparse_grad=True))
    cs.append(C("dim -1", self=T(x), dim=-1, index=T(rand_index(r, [2, 3, 4, 2], 5))))
    cs.append(C("zero-dim self and index", self=T(torch.tensor(3.0)), dim=0, index=T(torch.tensor(0))))
    cs.append(C("zero-dim self, 1-d index", self=T(torch.tensor(3.0)), dim=0, index=T(L(0, 0))))
    cs.append(C("1-d self, zero-dim index", self=T(L(3.0, 4.0, dt=F32)), dim=0, index=T(torch.tensor(1))))
    cs.append(C("empty index", self=T(x), dim=1, index=T(torch.zeros(0, 5, dtype=I64))))
    cs.append(C("empty index of other rank", self=T(x), dim=1, index=T(torch.zeros(0, dtype=I64))))
    cs.append(C("empty Short index", self=T(x), dim=1, index=T(torch.zeros(0, dtype=I16))))
    cs.append(C("negative index", self=T(x), dim=1, index=T(torch.full([1, 1, 1, 1], -1))))
    cs.append(C("index too large", self=T(x), dim=1, index=T(torch.full([1, 1, 1, 1], 3))))
    cs.append(C("index larger than self outside dim", self=T(x), dim=1, index=T(torch.zeros(3, 1, 1, 1, dtype=I64))))
    cs.append(C("index larger than self in dim", self=T(x), dim=1, index=T(torch.zeros(1, 7, 1, 1, dtype=I64))))
    cs.append(C("index of other rank", self=T(x), dim=1, index=T(L(0))))
    cs.append(C("Short index", self=T(x), dim=1, index=T(torch.zeros(1, 1, 1, 1, dtype=I16))))
    cs.append(C("dim out of range", self=T(x), dim=4, index=T(torch.zeros(1, 1, 1, 1, dtype=I64))))
    cs.append(C("out dtype differs", self=T(x), dim=1, index=T(torch.zeros(1, 1, 1, 1, dtype=I64)),
                outs=[Out(dtype=F64)]))
    for shape in ([0], [3], [2, 3, 4, 5]):
        cs.append(C("resize from %s" % shape, self=T(x), dim=2, index=T(rand_index(r, [2, 3, 2, 5], 4)),
                    outs=[Out(shape=shape)]))
    return cs


def scatter_common(op, r, kind):
    """Cases shared by scatter.src_out, scatter.value_out, scatter_add.out, scatter_reduce."""
    cs = []
    exact_vals = kind in ("add", "reduce")

    def mk(dt, shape):
        return ints(r, dt, shape) if exact_vals else vals(r, dt, shape)

    def extra(dt):
        if kind == "value":
            return dict(value=2)
        return dict(src=T(mk(dt, [4, 5])))

    def dup_index(shape, n, dt=I64):
        # scatter: distinct targets per row for the plain scatter (ATen does not define which
        # duplicate wins); repeats for the reductions.
        if kind in ("src", "value"):
            return None
        return rand_index(r, shape, n, dt)

    for dt in ALL:
        x = mk(dt, [3, 4])
        idx = dup_index([2, 4], 3)
        if idx is None:
            idx = torch.stack([perm_index(r, 3, 2) for _ in range(4)], 1)
        cs.append(dict(note="%s dim 0" % NAME[dt], self=T(x), dim=0, index=T(idx), **extra(dt)))
        idx = dup_index([3, 2], 4, I32)
        if idx is None:
            idx = torch.stack([perm_index(r, 4, 2) for _ in range(3)], 0).to(I32)
        cs.append(dict(note="%s dim 1 int32" % NAME[dt], self=T(x), dim=1, index=T(idx), **extra(dt)))
    x = mk(F32, [2, 3, 4, 5])
    for order in (CL, [3, 2, 1, 0], [0, 3, 1, 2]):
        for d in range(4):
            shp = [2, 3, 4, 5]
            shp[d] = 2
            if kind in ("src", "value"):
                other = [s for i, s in enumerate(shp) if i != d]
                m = other[0] * other[1] * other[2]
                idx = torch.stack([perm_index(r, x.shape[d], 2) for _ in range(m)], 1)
                idx = idx.reshape([2] + other).movedim(0, d).contiguous()
            else:
                idx = rand_index(r, shp, x.shape[d])
            e = {} if kind == "value" else dict(src=T(mk(F32, [2, 3, 4, 5]), order))
            if kind == "value":
                e = dict(value=-1.5)
            cs.append(dict(note="dim %d self/src %s" % (d, order), self=T(x, order), dim=d, index=T(idx), **e))
            cs.append(dict(note="dim %d index and out %s" % (d, order), self=T(x), dim=d, index=T(idx, order),
                           outs=[Out(shape=[2, 3, 4, 5], dim_order=order)], **(
                               dict(value=3) if kind == "value" else dict(src=T(mk(F32, [2, 3, 4, 5]))))))
    sm = dict(value=1) if kind == "value" else dict(src=T(mk(F32, [3, 4, 5, 6])))
    cs.append(dict(note="smaller index than self and src", self=T(x), dim=2,
                   index=T(torch.tensor([[[[0], [2]]]])), **sm))
    cs.append(dict(note="dim -1", self=T(x), dim=-1, index=T(torch.tensor([[[[4]]]])), **sm))
    z = dict(value=7) if kind == "value" else dict(src=T(torch.tensor(5.0)))
    cs.append(dict(note="zero-dim self, src and index", self=T(torch.tensor(1.0)), dim=0,
                   index=T(torch.tensor(0)), **z))
    cs.append(dict(note="1-d self, zero-dim index", self=T(L(1.0, 2.0, dt=F32)), dim=0,
                   index=T(torch.tensor(1)), **z))
    cs.append(dict(note="empty index", self=T(x), dim=1, index=T(torch.zeros(0, dtype=I64)), **sm))
    cs.append(dict(note="empty Short index", self=T(x), dim=1, index=T(torch.zeros(0, dtype=I16)), **sm))
    one = torch.zeros(1, 1, 1, 1, dtype=I64)
    cs.append(dict(note="negative index", self=T(x), dim=1, index=T(one - 1), **sm))
    cs.append(dict(note="index too large", self=T(x), dim=1, index=T(one + 3), **sm))
    cs.append(dict(note="index larger than self outside dim", self=T(x), dim=1,
                   index=T(torch.zeros(3, 1, 1, 1, dtype=I64)), **sm))
    cs.append(dict(note="index of other rank", self=T(x), dim=1, index=T(L(0)), **sm))
    cs.append(dict(note="Short index", self=T(x), dim=1, index=T(one.to(I16)), **sm))
    cs.append(dict(note="dim out of range", self=T(x), dim=4, index=T(one), **sm))
    cs.append(dict(note="out dtype differs", self=T(x), dim=1, index=T(one), outs=[Out(dtype=F64)], **sm))
    for shape in ([0], [3], [2, 3, 4, 6]):
        cs.append(dict(note="resize from %s" % shape, self=T(x), dim=2, index=T(one), outs=[Out(shape=shape)], **sm))
    if kind != "value":
        cs.append(dict(note="src dtype differs", self=T(x), dim=1, index=T(one), src=T(torch.ones(1, 1, 1, 1, dtype=F64))))
        cs.append(dict(note="src dtype differs, empty index", self=T(x), dim=1, index=T(torch.zeros(0, dtype=I64)),
                       src=T(torch.ones(1, dtype=F64))))
        cs.append(dict(note="src smaller than index", self=T(x), dim=1, index=T(torch.zeros(1, 2, 1, 1, dtype=I64)),
                       src=T(torch.ones(1, 1, 1, 1))))
        cs.append(dict(note="src of lower rank", self=T(x), dim=1, index=T(one), src=T(torch.ones(1, 1))))
        cs.append(dict(note="src of higher rank", self=T(x), dim=1, index=T(one), src=T(torch.ones(1, 1, 1, 1, 2))))
        cs.append(dict(note="zero-dim src, 4-d index", self=T(x), dim=1, index=T(one), src=T(torch.tensor(3.0))))
    return cs


def fresh(v):
    """A copy of a tensor argument (cases must not share tensor memory in the file)."""
    if isinstance(v, T):
        return T(v.t, v.dim_order)
    if isinstance(v, OptTs):
        return OptTs([None if x is None else fresh(x) for x in v.items])
    return v


def to_cases(ds, tol_of=None):
    out = []
    for d in ds:
        d = dict(d)
        note = d.pop("note")
        outs = d.pop("outs", None)
        tol = tol_of(d) if tol_of else None
        d = {k: fresh(v) for k, v in d.items()}
        out.append(C(note, outs=outs, tol=tol, **d))
    return out


def float_tol(d):
    dt = d["self"].t.dtype
    return ARITH_TOL.get(dt)


def gen_scatter_src(op):
    return to_cases(scatter_common(op, rng_for(op), "src"))


def gen_scatter_value(op):
    r = rng_for(op)
    cs = to_cases(scatter_common(op, r, "value"))
    x = torch.arange(6).reshape(2, 3)
    idx = T(torch.tensor([[0], [2]]))
    for dt in ALL:
        for v in (3, -2, 2.5, -0.75, True, 300, 1e10, float("nan"), float("inf")):
            if isinstance(v, float) and v != v and dt in INTS + [B_]:
                pass
            cs.append(C("%s value %r" % (NAME[dt], v), self=T(x.to(dt)), dim=1, index=idx, value=v))
    cs.append(C("overflowing value, empty index", self=T(x.to(I8)), dim=1, index=T(torch.zeros(0, dtype=I64)),
                value=300))
    return cs


def gen_scatter_add(op):
    return to_cases(scatter_common(op, rng_for(op), "add"), float_tol)


def gen_scatter_reduce(op):
    r = rng_for(op)
    base = scatter_common(op, r, "reduce")
    cs = []
    reds = ["sum", "prod", "mean", "amax", "amin"]
    for i, d in enumerate(base):
        red = reds[i % 5]
        inc = (i // 5) % 2 == 0
        d2 = dict(d, reduce=red, include_self=inc)
        d2["note"] = "%s, reduce=%s include_self=%s" % (d["note"], red, inc)
        cs.append(d2)
    # every mode x include_self x dtype on one repeated-index call
    for dt in ALL:
        for red in reds:
            for inc in (True, False):
                x = ints(r, dt, [3, 4], -3, 3)
                src = ints(r, dt, [4, 4], -3, 3)
                idx = rand_index(r, [4, 4], 3)
                cs.append(dict(note="%s %s include_self=%s" % (NAME[dt], red, inc), self=T(x), dim=0,
                               index=T(idx), src=T(src), reduce=red, include_self=inc))
    sp = torch.tensor([1.0, float("nan"), -float("inf"), 2.0, float("inf"), -0.0])
    for red in ("amax", "amin", "sum", "prod", "mean"):
        for inc in (True, False):
            cs.append(dict(note="specials %s include_self=%s" % (red, inc), self=T(sp), dim=0,
                           index=T(L(0, 0, 2, 2, 3, 5, 5, 1)), src=T(torch.tensor([3.0, -1.0, 5.0, float("nan"), 0.5,
                                                                                  0.0, -2.0, 4.0])),
                           reduce=red, include_self=inc))
    x = torch.arange(6.0)
    for red in ("max", "min", "add", "multiply", "foo", ""):
        cs.append(dict(note="reduce=%r" % red, self=T(x), dim=0, index=T(L(0, 0)), src=T(L(3.0, 9.0, dt=F32)),
                       reduce=red, include_self=True))
    cs.append(dict(note="reduce=max, empty index", self=T(x), dim=0, index=T(L()[:0]), src=T(L(3.0, dt=F32)),
                   reduce="foo", include_self=True))
    cs.append(dict(note="Int mean with negatives (floor)", self=T(L(-5, 6, 7, dt=I32)), dim=0, index=T(L(0, 0, 1)),
                   src=T(L(0, 0, -8, dt=I32)), reduce="mean", include_self=True))
    return to_cases(cs, float_tol)


def fin(cs):
    for c in cs:
        c["kw"] = {k: fresh(v) for k, v in c["kw"].items()}
    return cs


def ops():
    return [(n, cat, (lambda g=g: fin(g())), conv) for n, cat, g, conv in _ops()]


def _ops():
    return [
        ("index_select.out", "exact", lambda: gen_index_select("index_select.out"), False),
        ("gather.out", "exact", lambda: gen_gather("gather.out"), False),
        ("scatter.src_out", "exact", lambda: gen_scatter_src("scatter.src_out"), False),
        ("scatter.value_out", "exact", lambda: gen_scatter_value("scatter.value_out"), False),
        ("scatter_add.out", "exact", lambda: gen_scatter_add("scatter_add.out"), False),
        ("scatter_reduce.two_out", "exact", lambda: gen_scatter_reduce("scatter_reduce.two_out"), False),
    ]


# ----------------------------------------------------------------------------------------------
# advanced indexing

def index_lists(r, x):
    """(note, OptTs) index lists for a [2,3,4,5] tensor x: every rule of advanced indexing."""
    B = lambda *v: torch.tensor(list(v), dtype=B_)
    out = [
        ("one Long index", [T(L(1, 0, 1))]),
        ("one Int index", [T(L(1, 0, dt=I32))]),
        ("negative indices", [None, T(L(-1, -3, 2))]),
        ("gap then index", [None, None, T(L(3, 0))]),
        ("two adjacent", [None, T(L(0, 2)), T(L(1, 3))]),
        ("two adjacent broadcast", [None, T(L(0, 2).reshape(2, 1)), T(L(1, 3, 0))]),
        ("non-adjacent (transposed to front)", [T(L(0, 1)), None, T(L(3, 2))]),
        ("non-adjacent with broadcast", [T(L(1).reshape(1, 1)), None, None, T(L(4, 0, 2))]),
        ("all four", [T(L(1)), T(L(2)), T(L(3)), T(L(4))]),
        ("2-d index", [None, T(L(0, 1, 2, 0).reshape(2, 2))]),
        ("Int and Long mixed", [T(L(1, dt=I32)), T(L(2, 0))]),
        ("Bool mask on dim 0", [T(B(True, False))]),
        ("Bool 2-d mask", [None, T(ints(r, B_, [3, 4]))]),
        ("Byte mask", [None, None, T(L(1, 0, 0, 1, dt=U8))]),
        ("mask and index", [T(B(False, True)), T(L(2, 1))]),
        ("mask after gap, non-adjacent", [T(L(1, 0)), None, T(B(True, False, True, False))]),
        ("all-false mask", [None, T(B(False, False, False))]),
        ("zero-dim Long index", [None, T(torch.tensor(2))]),
        ("zero-dim index and a vector", [T(torch.tensor(1)), None, T(L(0, 3))]),
        ("zero-dim true mask with an index", [T(L(1)), T(torch.tensor(True))]),
        ("empty index", [None, T(L()[:0])]),
        ("3-d mask", [T(ints(r, B_, [2, 3, 4]))]),
    ]
    return out


BAD_LISTS = [
    ("index out of range", lambda: [T(L(2))]),
    ("negative index out of range", lambda: [None, T(L(-4))]),
    ("too many indices", lambda: [T(L(0)), T(L(0)), T(L(0)), T(L(0)), T(L(0))]),
    ("Short index", lambda: [T(L(0, dt=I16))]),
    ("float index", lambda: [T(L(0.0, dt=F32))]),
    ("indices do not broadcast", lambda: [T(L(0, 1)), T(L(0, 1, 2))]),
    ("mask of the wrong size", lambda: [T(torch.tensor([True, False, True]))]),
    ("mask past the last dim", lambda: [None, None, None, T(torch.ones(5, 2, dtype=B_))]),
    ("only None", lambda: [None]),
    ("empty list", lambda: []),
    ("only a zero-dim mask", lambda: [T(torch.tensor(True))]),
]


def gen_index_tensor(op):
    r = rng_for(op)
    cs = []
    x = vals(r, F32, [2, 3, 4, 5])
    for note, lst in index_lists(r, x):
        cs.append(C(note, self=T(x), indices=OptTs(lst)))
        cs.append(C(note + ", self channels-last", self=T(x, CL), indices=OptTs(lst)))
    for order in ([3, 2, 1, 0], [1, 3, 0, 2]):
        cs.append(C("non-adjacent, self %s" % order, self=T(x, order),
                    indices=OptTs([T(L(0, 1)), None, T(L(3, 2))])))
        cs.append(C("mask, index in %s" % order, self=T(x, order),
                    indices=OptTs([T(torch.tensor([[1, 0, 0], [0, 0, 1]], dtype=B_), [1, 0]), T(L(0, 3))])))
    cs.append(C("index tensor channels-last", self=T(x),
                indices=OptTs([T(rand_index(r, [1, 2, 2, 3], 2), CL)])))
    cs.append(C("out channels-last", self=T(x), indices=OptTs([None, T(L(1, 0))]),
                outs=[Out(shape=[2, 2, 4, 5], dim_order=CL)]))
    for dt in ALL:
        y = vals(r, dt, [3, 4])
        cs.append(C("%s" % NAME[dt], self=T(y), indices=OptTs([T(L(2, 0)), T(L(-1, 1))])))
        cs.append(C("%s mask" % NAME[dt], self=T(y), indices=OptTs([None, T(L(1, 0, 1, 1, dt=B_))])))
    cs.append(C("1-d self", self=T(L(1.0, 2.0, 3.0, dt=F32)), indices=OptTs([T(L(2, 2, 0))])))
    cs.append(C("zero-dim self", self=T(torch.tensor(3.0)), indices=OptTs([T(torch.tensor(0))])))
    cs.append(C("zero-dim self, zero-dim mask", self=T(torch.tensor(3.0)), indices=OptTs([T(torch.tensor(True))])))
    cs.append(C("empty self, empty index", self=T(torch.zeros(0, 3)), indices=OptTs([T(L()[:0])])))
    cs.append(C("empty self dim indexed", self=T(torch.zeros(0, 3)), indices=OptTs([T(L(0))])))
    cs.append(C("empty other dim, index out of range", self=T(torch.zeros(3, 0)), indices=OptTs([T(L(5))])))
    for note, f in BAD_LISTS:
        cs.append(C(note, self=T(x), indices=OptTs(f())))
    cs.append(C("out dtype differs", self=T(x), indices=OptTs([T(L(0))]), outs=[Out(dtype=F64)]))
    for shape in ([0], [3], [2, 3, 4, 5]):
        cs.append(C("resize from %s" % shape, self=T(x), indices=OptTs([None, T(L(2, 1))]), outs=[Out(shape=shape)]))
    return cs


def result_shape(x, lst):
    return list(x[tuple(None if v is None else v.t for v in lst)].shape) if lst else None


def gen_index_put(op, inplace=False):
    r = rng_for(op)
    cs = []
    x = ints(r, F32, [2, 3, 4, 5])

    def case(note, self_t, lst, acc, vshape=None, dt=None, order=None, vals_t=None):
        try:
            shp = list(torch.ops.aten.index.Tensor(self_t, [None if v is None else v.t for v in lst]).shape)
        except Exception:
            shp = [1]
        if vshape is not None:
            shp = vshape
        v = vals_t if vals_t is not None else ints(r, dt or self_t.dtype, shp)
        kw = dict(self=T(self_t, order), indices=OptTs(lst), values=T(v), accumulate=acc)
        cs.append(C(note + (" accumulate" if acc else ""), **kw))

    for note, lst in index_lists(r, x):
        if note in ("zero-dim true mask with an index",):
            pass
        dup = note in ("one Long index", "2-d index", "non-adjacent with broadcast", "two adjacent broadcast",
                       "zero-dim index and a vector")
        for acc in (False, True):
            if dup and not acc:
                continue
            case(note, x, lst, acc)
        case(note + ", self channels-last", x, lst, True, order=CL)
    # no duplicates, without accumulate
    case("distinct Long index", x, [T(L(1, 0))], False)
    case("distinct 2-d index", x, [None, T(L(0, 1, 2).reshape(3, 1))], False)
    case("distinct non-adjacent broadcast", x, [T(L(1).reshape(1, 1)), None, None, T(L(4, 0, 2))], False)
    case("values broadcast from [5]", x, [None, T(L(2, 0))], False, vshape=[5])
    case("values broadcast from [1, 1]", x, [None, T(L(2, 0))], False, vshape=[1, 1])
    case("values broadcast, accumulate", x, [T(L(1, 1, 0))], True, vshape=[4, 1])
    for order in ([3, 2, 1, 0], [1, 3, 0, 2]):
        case("non-adjacent, self %s" % order, x, [T(L(0, 1)), None, T(L(3, 2))], False, order=order)
        case("mask, self %s" % order, x, [None, T(ints(r, B_, [3, 4]))], True, order=order)
    for dt in ALL:
        y = ints(r, dt, [3, 4])
        case("%s" % NAME[dt], y, [T(L(2, 0)), T(L(-1, 1))], False)
        case("%s repeats" % NAME[dt], y, [T(L(2, 0, 2, 2))], True)
        case("%s mask" % NAME[dt], y, [None, T(L(1, 0, 1, 1, dt=B_))], False)
    # the masked_fill dispatch: one mask, one value, no accumulate
    y = ints(r, F32, [3, 4])
    tm = torch.tensor(True)
    fm = torch.tensor(False)
    case("one mask, one value (masked_fill)", y, [None, T(L(1, 0, 1, 1, dt=B_))], False, vshape=[1])
    case("one 2-d mask, one value", y, [T(ints(r, B_, [3, 4]))], False, vshape=[])
    case("one mask, one value of another dtype", y, [T(L(1, 0, 1, dt=B_))], False, vals_t=torch.tensor(7, dtype=I64))
    case("one mask, one value [1,1,1]", y, [T(L(1, 0, 1, dt=B_))], False, vals_t=torch.ones(1, 1, 1))
    case("one Byte mask, one value (rejected)", y, [T(L(1, 0, 1, dt=U8))], False, vshape=[1])
    case("one Byte mask, two values", y, [T(L(1, 0, 1, dt=U8))], False, vshape=[4])
    case("zero-dim true mask, one value", y, [T(tm)], False, vshape=[1])
    case("zero-dim false mask, one value", y, [T(fm)], False, vshape=[])
    case("None then zero-dim mask, one value", y, [None, T(tm)], False, vshape=[1])
    case("zero-dim true mask, four values", y, [T(tm)], False, vshape=[4])
    case("zero-dim true mask, one value, accumulate", y, [T(tm)], True, vshape=[1])
    case("one mask, value overflows Char", y.to(I8), [T(L(1, 0, 1, dt=B_))], False,
         vals_t=torch.tensor(300, dtype=I64))
    case("zero-dim self", torch.tensor(3.0), [T(torch.tensor(0))], False, vshape=[])
    case("empty index", x, [None, T(L()[:0])], False, vshape=[4, 5])
    case("empty index, values [5]", x, [None, T(L()[:0])], True, vshape=[5])
    for note, f in BAD_LISTS:
        case(note, x, f(), False, vshape=[1, 1])
    case("values do not broadcast", x, [T(L(0))], False, vshape=[2])
    case("values of higher rank", x, [T(L(0))], False, vshape=[2, 1, 3, 4, 5])
    case("values dtype differs", x, [T(L(0))], False, vals_t=torch.ones(3, 4, 5, dtype=F64))
    if not inplace:
        cs.append(C("out dtype differs", self=T(x), indices=OptTs([T(L(0))]), values=T(torch.ones(1)),
                    accumulate=False, outs=[Out(dtype=F64)]))
        for shape in ([0], [3], [2, 3, 4, 6]):
            cs.append(C("resize from %s" % shape, self=T(x), indices=OptTs([None, T(L(2, 1))]),
                        values=T(torch.ones(1)), accumulate=True, outs=[Out(shape=shape)]))
        cs.append(C("out channels-last", self=T(x), indices=OptTs([None, T(L(2, 1))]),
                    values=T(torch.ones(5)), accumulate=False, outs=[Out(shape=[2, 3, 4, 5], dim_order=CL)]))
    return cs


# ----------------------------------------------------------------------------------------------
# masked_select, masked_scatter, nonzero

def gen_masked_select(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        x = vals(r, dt, [3, 4])
        cs.append(C(NAME[dt], self=T(x), mask=T(ints(r, B_, [3, 4]))))
    x = vals(r, F32, [2, 3, 4, 5])
    for order in (CL, [3, 2, 1, 0]):
        cs.append(C("self %s" % order, self=T(x, order), mask=T(ints(r, B_, [2, 3, 4, 5]))))
        cs.append(C("mask %s" % order, self=T(x), mask=T(ints(r, B_, [2, 3, 4, 5]), order)))
    cs.append(C("mask broadcast", self=T(x), mask=T(ints(r, B_, [4, 1]))))
    cs.append(C("self broadcast", self=T(vals(r, F32, [4, 1])), mask=T(ints(r, B_, [2, 3, 4, 5]))))
    cs.append(C("both broadcast", self=T(vals(r, F32, [3, 1])), mask=T(ints(r, B_, [1, 4]))))
    cs.append(C("all false", self=T(x), mask=T(torch.zeros(5, dtype=B_))))
    cs.append(C("zero-dim self and mask", self=T(torch.tensor(2.5)), mask=T(torch.tensor(True))))
    cs.append(C("zero-dim false mask", self=T(vals(r, F32, [3])), mask=T(torch.tensor(False))))
    cs.append(C("empty self", self=T(torch.zeros(0, 3)), mask=T(torch.ones(3, dtype=B_))))
    cs.append(C("Byte mask", self=T(x), mask=T(torch.ones(5, dtype=U8))))
    cs.append(C("Int mask", self=T(x), mask=T(torch.ones(5, dtype=I32))))
    cs.append(C("shapes do not broadcast", self=T(x), mask=T(torch.ones(4, dtype=B_))))
    cs.append(C("out dtype differs", self=T(x), mask=T(torch.ones(5, dtype=B_)), outs=[Out(dtype=F64)]))
    for shape in ([0], [2, 3], [500]):
        cs.append(C("resize from %s" % shape, self=T(x), mask=T(ints(r, B_, [5])), outs=[Out(shape=shape)]))
    return cs


def gen_masked_scatter(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        x = vals(r, dt, [3, 4])
        cs.append(C(NAME[dt], self=T(x), mask=T(ints(r, B_, [3, 4])), source=T(vals(r, dt, [3, 5]))))
    x = vals(r, F32, [2, 3, 4, 5])
    for order in (CL, [3, 2, 1, 0]):
        cs.append(C("self %s" % order, self=T(x, order), mask=T(ints(r, B_, [2, 3, 4, 5])),
                    source=T(vals(r, F32, [2, 3, 4, 5]), order)))
        cs.append(C("mask %s, out %s" % (order, order), self=T(x), mask=T(ints(r, B_, [2, 3, 4, 5]), order),
                    source=T(vals(r, F32, [130])), outs=[Out(shape=[2, 3, 4, 5], dim_order=order)]))
    cs.append(C("mask broadcast", self=T(x), mask=T(ints(r, B_, [4, 1])), source=T(vals(r, F32, [120]))))
    cs.append(C("self broadcast", self=T(vals(r, F32, [4, 1])), mask=T(ints(r, B_, [2, 3, 4, 5])),
                source=T(vals(r, F32, [125]))))
    cs.append(C("exactly enough source", self=T(vals(r, F32, [4])), mask=T(L(1, 0, 1, 1, dt=B_)),
                source=T(vals(r, F32, [3]))))
    cs.append(C("source one short", self=T(vals(r, F32, [4])), mask=T(L(1, 0, 1, 1, dt=B_)),
                source=T(vals(r, F32, [2]))))
    cs.append(C("zero-dim", self=T(torch.tensor(2.5)), mask=T(torch.tensor(True)), source=T(torch.tensor(7.0))))
    cs.append(C("empty source, all false", self=T(vals(r, F32, [3])), mask=T(torch.zeros(3, dtype=B_)),
                source=T(torch.zeros(0))))
    cs.append(C("Byte mask", self=T(x), mask=T(torch.ones(5, dtype=U8)), source=T(vals(r, F32, [120]))))
    cs.append(C("source dtype differs", self=T(x), mask=T(torch.ones(5, dtype=B_)),
                source=T(vals(r, F64, [120]))))
    cs.append(C("shapes do not broadcast", self=T(x), mask=T(torch.ones(4, dtype=B_)), source=T(vals(r, F32, [120]))))
    cs.append(C("out dtype differs", self=T(x), mask=T(torch.ones(5, dtype=B_)), source=T(vals(r, F32, [120])),
                outs=[Out(dtype=F64)]))
    for shape in ([0], [3, 4, 5], [2, 3, 4, 6]):
        cs.append(C("resize from %s" % shape, self=T(vals(r, F32, [4, 5])), mask=T(ints(r, B_, [2, 3, 4, 5])),
                    source=T(vals(r, F32, [120])), outs=[Out(shape=shape)]))
    return cs


def gen_nonzero(op):
    r = rng_for(op)
    cs = []
    for dt in ALL:
        x = ints(r, dt, [3, 4], -1, 1)
        cs.append(C(NAME[dt], self=T(x)))
    sp = torch.tensor([0.0, -0.0, float("nan"), 1e-40, float("inf"), -2.0])
    for dt in FLOATS:
        cs.append(C("%s specials" % NAME[dt], self=T(sp.to(dt))))
    x = ints(r, F32, [2, 3, 4, 5], -1, 1)
    for order in (CL, [3, 2, 1, 0], [1, 0, 3, 2]):
        cs.append(C("self %s" % order, self=T(x, order)))
    cs.append(C("out dim order [1, 0] (ATen's own)", self=T(x), outs=[Out(shape=[0, 4], dim_order=[1, 0])]))
    cs.append(C("zero-dim non-zero", self=T(torch.tensor(3.0))))
    cs.append(C("zero-dim zero", self=T(torch.tensor(0))))
    cs.append(C("all zero", self=T(torch.zeros(3, 2))))
    cs.append(C("empty", self=T(torch.zeros(0, 3))))
    cs.append(C("1-d", self=T(ints(r, I64, [13], -1, 1))))
    cs.append(C("Int out", self=T(x), outs=[Out(dtype=I32)]))
    for shape in ([0], [3], [200, 4], [1, 1, 1]):
        cs.append(C("resize from %s" % shape, self=T(x), outs=[Out(dtype=I64, shape=shape)]))
    return cs


_GROUP1 = _ops


def _ops():
    return _GROUP1() + [
        ("index.Tensor_out", "exact", lambda: gen_index_tensor("index.Tensor_out"), False),
        ("index_put.out", "exact", lambda: gen_index_put("index_put.out"), False),
        ("index_put_", "exact", lambda: gen_index_put("index_put_", inplace=True), False),
        ("masked_select.out", "exact", lambda: gen_masked_select("masked_select.out"), False),
        ("masked_scatter.out", "exact", lambda: gen_masked_scatter("masked_scatter.out"), False),
        ("nonzero.out", "exact", lambda: gen_nonzero("nonzero.out"), False),
    ]


# ----------------------------------------------------------------------------------------------
# sort, topk

NAN = float("nan")
INF = float("inf")


def distinct(r, dt, shape):
    """Distinct values (no ties) in every dtype that holds them."""
    n = 1
    for s in shape:
        n *= s
    p = torch.randperm(n, generator=r.g).to(F64)
    if dt == U8:
        v = p % 256
    elif dt == I8:
        v = p % 256 - 128
    elif dt in FLOATS:
        v = (p - n / 2) * 0.5
    else:
        v = p - n // 2
    return v.reshape(shape).to(dt)


def gen_sort(op):
    r = rng_for(op)
    stable_ovl = op == "sort.values_stable"
    cs = []

    def c(note, x, dim=-1, desc=False, outs=None, stable=None):
        kw = dict(self=x, dim=dim, descending=desc)
        if stable_ovl:
            kw["stable"] = stable
        cs.append(C(note, outs=outs or [Out(), Out(dtype=I64)], **kw))

    for dt in ALL:
        x = vals(r, dt, [3, 7], "cmp")   # many ties
        c("%s ties ascending" % NAME[dt], T(x))
        c("%s ties descending dim 0" % NAME[dt], T(x), 0, True, stable=True)
    sp = torch.tensor([3.0, NAN, 1.0, -0.0, 0.0, NAN, -1.0, INF, -INF, 0.0, -0.0, 2.0])
    for dt in FLOATS:
        c("%s specials" % NAME[dt], T(sp.to(dt)), stable=False)
        c("%s specials descending" % NAME[dt], T(sp.to(dt)), desc=True, stable=True)
    x = vals(r, F32, [2, 3, 4, 5], "cmp")
    for order in (CL, [3, 2, 1, 0], [0, 3, 1, 2]):
        for d in range(4):
            c("dim %d self %s" % (d, order), T(x, order), d, d % 2 == 1)
        c("outs %s" % order, T(x), 1, False, outs=[Out(shape=[2, 3, 4, 5], dim_order=order),
                                                   Out(dtype=I64, shape=[2, 3, 4, 5], dim_order=order)])
    # ATen's order among equal values is only defined for stable=True (its unstable sort of
    # long rows differs); ties in long rows only there.
    c("long rows (merge passes)", T(distinct(r, F32, [3, 300])), 1, False)
    c("long rows descending", T(distinct(r, I64, [300, 2])), 0, True)
    nanrow = distinct(r, F64, [500])
    nanrow[7] = NAN
    c("long row with one NaN", T(nanrow))
    if stable_ovl:
        c("long rows with ties, stable", T(vals(r, F32, [3, 300], "cmp")), 1, False, stable=True)
        c("long rows with ties, stable, descending", T(vals(r, I64, [300, 2], "cmp")), 0, True, stable=True)
        c("long rows with NaNs, stable", T(torch.where(torch.rand(500, generator=r.g) < 0.1, NAN,
                                                       vals(r, F64, [500], "cmp"))), stable=True)
    c("zero-dim", T(torch.tensor(2.5)), 0)
    c("zero-dim dim -1", T(torch.tensor(7)), -1)
    c("empty", T(torch.zeros(0, 3)), 0)
    c("size-1 dim", T(vals(r, F32, [4, 1])), 1)
    c("dim out of range", T(x), 4)
    c("values dtype differs", T(x), outs=[Out(dtype=F64), Out(dtype=I64)])
    c("Int indices", T(x), outs=[Out(), Out(dtype=I32)])
    pass
    for shape in ([0], [3], [2, 3, 4, 6]):
        c("resize from %s" % shape, T(x), 2, outs=[Out(shape=shape), Out(dtype=I64, shape=shape)])
    # ATen sorts the barebones unsigned dtypes, over their whole range
    from gen_random import UINTS, uvals
    for dt in UINTS:
        u = uvals(dt, [3, 40])
        c("%s ascending" % NAME[dt], T(u), 1, False, stable=True)
        c("%s descending dim 0, channels-last" % NAME[dt], T(uvals(dt, [2, 3, 4, 5]), CL), 1, True, stable=True)
        c("%s empty" % NAME[dt], T(uvals(dt, [0, 3])), 0)
    return cs


def gen_topk(op):
    r = rng_for(op)
    cs = []

    def c(note, x, k, dim=-1, largest=True, srt=True, outs=None):
        cs.append(C(note, outs=outs or [Out(), Out(dtype=I64)], self=x, k=k, dim=dim, largest=largest,
                    sorted=srt))

    for dt in ALL:
        if dt == B_:
            continue
        x = distinct(r, dt, [3, 9])
        c("%s largest" % NAME[dt], T(x), 4)
        c("%s smallest dim 0" % NAME[dt], T(x), 2, 0, False)
    x = distinct(r, F32, [2, 3, 4, 5])
    for order in (CL, [3, 2, 1, 0], [0, 3, 1, 2]):
        for d in range(4):
            c("dim %d self %s" % (d, order), T(x, order), 2, d, d % 2 == 0)
        c("outs %s" % order, T(x), 2, 1, outs=[Out(shape=[2, 2, 4, 5], dim_order=order),
                                               Out(dtype=I64, shape=[2, 2, 4, 5], dim_order=order)])
    sp = torch.tensor([3.0, NAN, 1.0, -0.5, INF, -INF, 2.0])
    for dt in FLOATS:
        c("%s NaN is largest" % NAME[dt], T(sp.to(dt)), 3)
        c("%s NaN is not smallest" % NAME[dt], T(sp.to(dt)), 3, largest=False)
    c("k = size", T(distinct(r, F64, [2, 6])), 6)
    c("k = 0", T(distinct(r, F64, [2, 6])), 0)
    c("k = 1, sorted=False", T(distinct(r, F32, [4, 6])), 1, srt=False)
    c("long row, sorted=False (partial sort)", T(distinct(r, F32, [2, 300])), 3, srt=False)
    c("long row smallest", T(distinct(r, I32, [300])), 5, largest=False)
    c("zero-dim k=1", T(torch.tensor(2.5)), 1, 0)
    c("zero-dim k=0", T(torch.tensor(2.5)), 0, -1)
    c("zero-dim k=2", T(torch.tensor(2.5)), 2, 0)
    c("k too large", T(x), 6)
    c("k negative", T(x), -1)
    c("Bool", T(torch.tensor([True, False])), 1)
    from gen_random import UINTS, uvals
    for dt in UINTS:   # topk_cpu has no kernel for them
        c("%s" % NAME[dt], T(uvals(dt, [2, 5])), 2)
    c("dim out of range", T(x), 1, 4)
    c("values dtype differs", T(x), 1, outs=[Out(dtype=F64), Out(dtype=I64)])
    c("Int indices", T(x), 1, outs=[Out(), Out(dtype=I32)])
    for shape in ([0], [3], [2, 3, 4, 6]):
        c("resize from %s" % shape, T(x), 2, 2, outs=[Out(shape=shape), Out(dtype=I64, shape=shape)])
    return cs


# ----------------------------------------------------------------------------------------------
# repeat_interleave, bucketize, searchsorted

def gen_repeat_interleave(op):
    r = rng_for(op)
    cs = []
    for dt in (I64, I32):
        cs.append(C("%s" % NAME[dt], repeats=T(L(1, 0, 3, 2, dt=dt))))
        cs.append(C("%s output_size" % NAME[dt], repeats=T(L(2, 2, 0, 1, dt=dt)), output_size=5))
        cs.append(C("%s random" % NAME[dt], repeats=T(r.randint([20], 0, 4).to(dt))))
    cs.append(C("output_size too small", repeats=T(L(1, 0, 3)), output_size=3))
    cs.append(C("output_size too large", repeats=T(L(1, 0, 3)), output_size=6))
    cs.append(C("all zero", repeats=T(L(0, 0, 0))))
    cs.append(C("empty", repeats=T(L()[:0])))
    cs.append(C("negative", repeats=T(L(1, -1, 3))))
    cs.append(C("2-d", repeats=T(L(1, 2).reshape(1, 2))))
    cs.append(C("zero-dim", repeats=T(torch.tensor(2))))
    for dt in (U8, I8, I16, F32, B_):
        cs.append(C("%s repeats" % NAME[dt], repeats=T(L(1, 1).to(dt)), outs=[Out(dtype=dt)]))
    cs.append(C("out Long for Int repeats", repeats=T(L(1, 2, dt=I32)), outs=[Out(dtype=I64)]))
    cs.append(C("out Float", repeats=T(L(1, 2)), outs=[Out(dtype=F32)]))
    for shape in ([0], [2], [50]):
        cs.append(C("resize from %s" % shape, repeats=T(L(3, 1, 2)), outs=[Out(shape=shape)]))
    return cs


def search_values(r, dt, shape):
    if dt in FLOATS:
        return r.choice(shape, [-1.0, 0.0, 1.0, 1.5, 3.0, 4.0, 7.0, 8.0, 9.5, NAN]).to(dt)
    return r.randint(shape, 0 if dt == U8 else -2, 10).to(dt)


def gen_bucketize(op):
    r = rng_for(op)
    cs = []
    bnd = torch.tensor([1.0, 3.0, 4.0, 4.0, 7.0, 9.0])
    for dt in ALL:
        for right in (False, True):
            cs.append(C("%s right=%s" % (NAME[dt], right), self=T(search_values(r, dt, [3, 5])),
                        boundaries=T(bnd.to(dt)), out_int32=False, right=right))
    for sdt, bdt in ((F32, I64), (I64, F32), (I8, U8), (BF16, I16), (F16, F64), (I32, F16)):
        cs.append(C("self %s, boundaries %s" % (NAME[sdt], NAME[bdt]), self=T(search_values(r, sdt, [7])),
                    boundaries=T(bnd.to(bdt)), out_int32=True, right=False))
    x = search_values(r, F32, [2, 3, 4, 5])
    for order in (CL, [3, 2, 1, 0]):
        cs.append(C("self %s" % order, self=T(x, order), boundaries=T(bnd), out_int32=False, right=True))
        cs.append(C("out %s" % order, self=T(x), boundaries=T(bnd), out_int32=True, right=False,
                    outs=[Out(dtype=I32, shape=[2, 3, 4, 5], dim_order=order)]))
    cs.append(C("boundaries with NaN", self=T(search_values(r, F32, [10])), boundaries=T(torch.tensor([1.0, NAN, 7.0])),
                out_int32=False, right=False))
    cs.append(C("unsorted boundaries", self=T(search_values(r, F32, [10])), boundaries=T(torch.tensor([5.0, 1.0, 7.0])),
                out_int32=False, right=True))
    cs.append(C("long boundaries", self=T(search_values(r, I64, [40])), boundaries=T(torch.arange(-3, 60, 2)),
                out_int32=False, right=False))
    cs.append(C("empty boundaries", self=T(x), boundaries=T(torch.zeros(0)), out_int32=False, right=False))
    cs.append(C("zero-dim self", self=T(torch.tensor(3.0)), boundaries=T(bnd), out_int32=False, right=False))
    cs.append(C("empty self", self=T(torch.zeros(0, 2)), boundaries=T(bnd), out_int32=False, right=False))
    cs.append(C("2-d boundaries", self=T(x), boundaries=T(bnd.reshape(2, 3)), out_int32=False, right=False))
    cs.append(C("zero-dim boundaries", self=T(x), boundaries=T(torch.tensor(1.0)), out_int32=False, right=False))
    cs.append(C("Bool self", self=T(torch.tensor([True])), boundaries=T(torch.tensor([False, True])),
                out_int32=False, right=False))
    cs.append(C("out Long with out_int32", self=T(x), boundaries=T(bnd), out_int32=True, right=False,
                outs=[Out(dtype=I64)]))
    cs.append(C("out Int without out_int32", self=T(x), boundaries=T(bnd), out_int32=False, right=False,
                outs=[Out(dtype=I32)]))
    for shape in ([0], [3], [2, 3, 4, 6]):
        cs.append(C("resize from %s" % shape, self=T(x), boundaries=T(bnd), out_int32=False, right=False,
                    outs=[Out(dtype=I64, shape=shape)]))
    return cs


def gen_searchsorted(op):
    r = rng_for(op)
    cs = []

    def c(note, seq, x, out_int32=False, right=False, side=None, sorter=None, outs=None):
        cs.append(C(note, outs=outs, sorted_sequence=seq, self=x, out_int32=out_int32, right=right, side=side,
                    sorter=sorter))

    seq = torch.tensor([[1.0, 3.0, 4.0, 4.0, 7.0], [0.0, 2.0, 2.0, 5.0, 9.0], [-1.0, 1.0, 3.0, 8.0, 8.0]])
    for dt in ALL:
        x = search_values(r, dt, [3, 4])
        c("%s left" % NAME[dt], T(seq.to(dt)), T(x))
        c("%s side=right" % NAME[dt], T(seq.to(dt)), T(x), side="right")
    c("right=True", T(seq), T(search_values(r, F32, [3, 4])), right=True)
    c("right=True side=right", T(seq), T(search_values(r, F32, [3, 4])), right=True, side="right")
    c("side=left", T(seq), T(search_values(r, F32, [3, 4])), side="left")
    c("side=left with right=True", T(seq), T(search_values(r, F32, [3, 4])), right=True, side="left")
    c("side=bogus", T(seq), T(search_values(r, F32, [3, 4])), side="bogus")
    c("1-D sequence", T(seq[0]), T(search_values(r, F32, [2, 3, 4])), out_int32=True, outs=[Out(dtype=I32)])
    c("seq %s" % [1, 0], T(seq, [1, 0]), T(search_values(r, F32, [3, 6]), [1, 0]))
    x4 = search_values(r, F32, [2, 3, 4, 5])
    seq4 = torch.sort(vals(r, F32, [2, 3, 4, 6], "cmp"), -1).values
    c("4-D rows channels-last", T(seq4, CL), T(x4, CL))
    c("4-D rows, out channels-last", T(seq4), T(x4), outs=[Out(dtype=I64, shape=[2, 3, 4, 5], dim_order=CL)])
    uns = torch.tensor([[5.0, 1.0, 3.0, 9.0], [2.0, 8.0, 0.0, 4.0]])
    srt = torch.argsort(uns, -1)
    c("sorter", T(uns), T(search_values(r, F32, [2, 5])), sorter=T(srt))
    c("sorter right", T(uns), T(search_values(r, F32, [2, 5])), right=True, sorter=T(srt))
    c("1-D sorter", T(uns[0]), T(search_values(r, F32, [6])), sorter=T(srt[0]))
    c("sorter transposed layout", T(uns), T(search_values(r, F32, [2, 5])), sorter=T(srt, [1, 0]))
    c("sorter out of range", T(uns), T(search_values(r, F32, [2, 5])), sorter=T(srt + 1))
    c("Int sorter", T(uns), T(search_values(r, F32, [2, 5])), sorter=T(srt.to(I32)))
    c("sorter of another shape", T(uns), T(search_values(r, F32, [2, 5])), sorter=T(srt[:, :3]))
    for sdt, xdt in ((I64, F32), (F32, I64), (I8, U8), (BF16, I16), (F64, F16), (I16, BF16)):
        c("seq %s, self %s" % (NAME[sdt], NAME[xdt]), T(seq[0].to(sdt)), T(search_values(r, xdt, [9])))
    c("NaN in sequence", T(torch.tensor([1.0, NAN, 3.0, NAN])), T(search_values(r, F32, [10])))
    c("zero-dim self", T(seq[1]), T(torch.tensor(2.0)))
    c("zero-dim self, 2-D sequence", T(seq), T(torch.tensor(2.0)))
    c("zero-dim sequence", T(torch.tensor(2.0)), T(torch.tensor(2.0)))
    c("empty sequence", T(torch.zeros(0)), T(search_values(r, F32, [4])))
    c("empty rows", T(torch.zeros(2, 0)), T(search_values(r, F32, [2, 3])))
    c("empty self", T(seq[0]), T(torch.zeros(0, 3)))
    c("rank mismatch", T(seq), T(search_values(r, F32, [3])))
    c("leading sizes differ", T(seq), T(search_values(r, F32, [2, 4])))
    c("Bool", T(torch.tensor([False, True])), T(torch.tensor([True])))
    c("out Long with out_int32", T(seq), T(search_values(r, F32, [3, 4])), out_int32=True, outs=[Out(dtype=I64)])
    c("out Float", T(seq), T(search_values(r, F32, [3, 4])), outs=[Out(dtype=F32)])
    for shape in ([0], [3], [3, 5]):
        c("resize from %s" % shape, T(seq), T(search_values(r, F32, [3, 4])), outs=[Out(dtype=I64, shape=shape)])
    return cs


_GROUP1B = _ops


def _ops():
    return _GROUP1B() + [
        ("sort.values", "exact", lambda: gen_sort("sort.values"), False),
        ("sort.values_stable", "exact", lambda: gen_sort("sort.values_stable"), False),
        ("topk.values", "exact", lambda: gen_topk("topk.values"), False),
        ("repeat_interleave.Tensor_out", "exact", lambda: gen_repeat_interleave("repeat_interleave.Tensor_out"), False),
        ("bucketize.Tensor_out", "exact", lambda: gen_bucketize("bucketize.Tensor_out"), False),
        ("searchsorted.Tensor_out", "exact", lambda: gen_searchsorted("searchsorted.Tensor_out"), False),
    ]
