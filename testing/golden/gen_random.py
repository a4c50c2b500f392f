"""Golden cases of the random family: rand.out, randn.out, randperm.out, native_dropout.out.

Imported by gen.py's OPS(); uses gen's helpers.  No implementation can reproduce PyTorch's
random numbers, so a case of a random draw is written with one of two runner tolerances beyond
FORMAT.md (implemented in testing/src/conform and check.py):

  * "shape": the outs' dtypes and shapes are checked, their values not (rand, randn, and
    native_dropout in training with 0 < p < 1);
  * "multiset": the out holds exactly the expected values in some order (randperm: a
    permutation of 0..n stored in the out's dtype, with BFloat16's rounding of large values).

Everything deterministic is compared exactly: native_dropout in evaluation (a copy and an
all-true mask), with p = 0 (identity) and p = 1 (zeros, NaN for non-finite inputs, -0 for
negative ones), empty inputs, and every rejection (dtypes, sizes, p, the outs' dtypes).
The distributions themselves are checked by portable/tests/random.rs.

The barebones unsigned dtypes (UInt16/32/64) get names here, for dropout's evaluation copies
and sort's unsigned cases (gen_index.py).
"""

import torch

import gen
from gen import T, C, Out, NAME, ALL, INTS, FLOATS, B_, U8, I8, I16, I32, I64, F16, BF16, F32, F64, CL, vals, \
    rng_for

U16, U32, U64 = torch.uint16, torch.uint32, torch.uint64
UINTS = [U16, U32, U64]
NAME.update({U16: "UInt16", U32: "UInt32", U64: "UInt64"})

MINE = ["rand.out", "randn.out", "randperm.out", "native_dropout.out"]
gen.NOT_ELEMENTWISE.update("aten::" + n for n in MINE)

NAN = float("nan")
INF = float("inf")


def uvals(dt, shape):
    """Values of a barebones unsigned dtype, up to its maximum."""
    n = 1
    for s in shape:
        n *= s
    top = {U16: 65535, U32: 2 ** 32 - 1, U64: 2 ** 63 - 1}[dt]
    v = [(k * 7919) % 1000 for k in range(n)]
    if n:
        v[-1] = top
    return torch.tensor(v, dtype=torch.int64 if dt != U64 else torch.uint64).to(dt).reshape(shape)


def gen_factory(op, normal):
    cs = []

    def c(note, size, outs, tol="shape"):
        cs.append(C(note, outs=outs, tol=tol, size=size))

    for dt in FLOATS:
        for size in ([2, 3], [7], [3, 1, 5]):
            c("%s %s" % (NAME[dt], size), size, [Out(dt, size)])
        c("%s zero-dim" % NAME[dt], [], [Out(dt, [])])
        c("%s empty" % NAME[dt], [0, 3], [Out(dt, [0, 3])])
        c("%s resize from [0]" % NAME[dt], [4, 5], [Out(dt, [0])])
        c("%s resize from [3, 2]" % NAME[dt], [2, 2], [Out(dt, [3, 2])])
    for order in (CL, [0, 3, 1, 2], [3, 2, 1, 0]):
        c("out dim order %s" % order, [2, 3, 4, 5], [Out(F32, [2, 3, 4, 5], order)])
    c("large", [64, 33], [Out(F64, [64, 33])])
    for dt in [B_] + INTS + UINTS:
        c("%s out" % NAME[dt], [2, 3], [Out(dt, [2, 3])])
        # normal_ returns before its dtype dispatch on an empty tensor; uniform_ does not
        c("%s empty out" % NAME[dt], [0, 2], [Out(dt, [0, 2])], "exact")
    c("negative size", [2, -1], [Out(F32, [0])])
    c("overflowing size", [2 ** 62, 4], [Out(F32, [0])])
    return cs


def gen_randperm(op):
    cs = []

    def c(note, n, out):
        cs.append(C(note, outs=[out], tol="multiset", n=n))

    for dt in INTS + FLOATS:
        for n in (0, 1, 2, 5, 37):
            c("%s n=%d" % (NAME[dt], n), n, Out(dt, [n]))
    for dt, n in ((U8, 256), (U8, 257), (I8, 128), (I8, 129), (I16, 300), (F16, 2049), (F16, 2050),
                  (BF16, 258), (BF16, 1000), (F32, 2 ** 24 + 2), (F64, 2 ** 53 + 2),
                  (I64, 1000)):
        c("%s n=%d (limit)" % (NAME[dt], n), n, Out(dt, [0]))
    # (Int's limit, n = 2^31 + 1, is left to the unit tests: the generator's call of the
    # functional randperm would allocate 16 GB.)
    for dt in [B_] + UINTS:
        for n in (0, 3):
            c("%s out n=%d" % (NAME[dt], n), n, Out(dt, [n]))
    c("negative n", -1, Out(I64, [0]))
    c("resize from [0]", 9, Out(I64, [0]))
    c("resize from [2, 2]", 4, Out(I64, [2, 2]))
    c("resize to empty", 0, Out(I32, [3]))
    return cs


def gen_dropout(op):
    r = rng_for(op)
    cs = []

    def c(note, x, p, train, outs=None, tol="exact"):
        x = T(x.t, x.dim_order)   # a tensor of its own for every case
        shape = list(x.t.shape)
        if outs is None:
            outs = [Out(x.t.dtype, shape), Out(B_, shape)]
        cs.append(C(note, outs=outs, tol=tol, input=x, p=p, train=train))

    sp = torch.tensor([1.0, NAN, INF, -3.0, 2.0, -INF, 0.0, -0.0, 5.5, -0.25])
    for dt in FLOATS:
        x = T(vals(r, dt, [3, 4]))
        for train in (True, None):
            c("%s training p=0.5 train=%s" % (NAME[dt], train), x, 0.5, train, tol="shape")
        c("%s training p=0.2 [2,3,5]" % NAME[dt], T(vals(r, dt, [2, 3, 5])), 0.2, True, tol="shape")
        c("%s training p=0.9" % NAME[dt], x, 0.9, None, tol="shape")
        # deterministic training: p = 0 keeps everything, p = 1 drops everything
        for p in (0.0, 1.0):
            for train in (True, None):
                c("%s specials p=%g train=%s" % (NAME[dt], p, train), T(sp.to(dt)), p, train)
        c("%s evaluation" % NAME[dt], x, 0.5, False)
    for dt in [B_] + INTS:
        x = T(vals(r, dt, [2, 5]))
        c("%s evaluation" % NAME[dt], x, 0.3, False)
        c("%s training rejected" % NAME[dt], x, 0.3, True)
        c("%s training p=0 rejected" % NAME[dt], x, 0.0, None)
    for dt in UINTS:
        x = T(uvals(dt, [2, 3]))
        c("%s evaluation" % NAME[dt], x, 0.5, False)
        c("%s training rejected" % NAME[dt], x, 0.5, True)
    # evaluation ignores p
    x = T(vals(r, F32, [4]))
    for p in (-0.5, 1.5, NAN):
        c("evaluation p=%g" % p, x, p, False)
        c("training p=%g rejected" % p, x, p, True)
        c("train=None p=%g rejected" % p, x, p, None)
    # dim orders: the input, the out and the mask each in their own
    x = vals(r, F32, [2, 3, 4, 5])
    for xo, oo, mo in ((CL, None, None), (CL, CL, CL), (None, CL, [0, 3, 1, 2]), ([3, 2, 1, 0], [0, 2, 1, 3], CL)):
        outs = [Out(F32, [2, 3, 4, 5], oo), Out(B_, [2, 3, 4, 5], mo)]
        c("dim orders in %s out %s mask %s" % (xo, oo, mo), T(x, xo), 0.5, True, outs, tol="shape")
        c("dim orders in %s out %s mask %s, p=1" % (xo, oo, mo), T(x, xo), 1.0, True, outs)
        c("dim orders in %s out %s mask %s, evaluation" % (xo, oo, mo), T(x, xo), 0.5, False, outs)
    # zero-dim
    c("zero-dim training", T(torch.tensor(3.0)), 0.5, True, tol="shape")
    c("zero-dim p=1", T(torch.tensor(-3.0)), 1.0, True)
    # resizing
    x = T(vals(r, F64, [3, 4]))
    for s in ([0], [2, 2], [12]):
        c("resize from %s" % s, x, 0.5, True, [Out(F64, s), Out(B_, s)], tol="shape")
        c("resize from %s, evaluation" % s, x, 0.5, False, [Out(F64, s), Out(B_, s)])
    # out dtypes: out0 exactly the input's, out1 Bool
    x = T(vals(r, F32, [2, 3]))
    for train in (True, False):
        c("out0 Double, train=%s" % train, x, 0.5, train, [Out(F64, [2, 3]), Out(B_, [2, 3])])
        c("out0 Long, train=%s" % train, x, 0.5, train, [Out(I64, [2, 3]), Out(B_, [2, 3])])
        c("out1 Float, train=%s" % train, x, 0.5, train, [Out(F32, [2, 3]), Out(F32, [2, 3])])
        c("out1 Byte, train=%s" % train, x, 0.5, train, [Out(F32, [2, 3]), Out(U8, [2, 3])])
    # an empty input: ATen returns (input, empty_like(input)), so the mask out takes the input's
    # dtype, and nothing else is checked
    for dt in (F32, I32, B_, F16):
        e = T(torch.zeros([2, 0], dtype=dt))
        c("empty %s, mask of its dtype" % NAME[dt], e, 0.5, True, [Out(dt, [2, 0]), Out(dt, [2, 0])])
        c("empty %s, p=2" % NAME[dt], e, 2.0, None, [Out(dt, [0]), Out(dt, [0])])
        if dt != B_:
            c("empty %s, Bool mask" % NAME[dt], e, 0.5, True, [Out(dt, [2, 0]), Out(B_, [2, 0])])
    return cs


def ops():
    return [
        ("rand.out", "exact", lambda: gen_factory("rand.out", False), False),
        ("randn.out", "exact", lambda: gen_factory("randn.out", True), False),
        ("randperm.out", "exact", lambda: gen_randperm("randperm.out"), False),
        ("native_dropout.out", "exact", lambda: gen_dropout("native_dropout.out"), False),
    ]
