"""Golden cases for the padding family: reflection / replication padding (1-D, 2-D, 3-D)."""

import gen
from gen import ALL, C, CL, F16, F32, F64, I32, I64, NAME, Out, T, rng_for, vals, BF16, U8, I8, I16, B_

CL3 = [0, 2, 3, 4, 1]
PAD_DTS = [d for d in ALL if d != B_]


def gen_pad(op, mode, k):
    r = rng_for(op)
    cs = []
    batched = [2, 3] + [4, 5, 3][:k]
    unbatched = [3] + [4, 5, 3][:k]
    base = [1, 2, 2, 1, 1, 0][:2 * k]
    for dt in PAD_DTS:
        cs.append(C("batched %s" % NAME[dt], self=T(vals(r, dt, batched)), padding=base))
    cs.append(C("Bool is rejected", self=T(vals(r, B_, batched)), padding=base))
    cs.append(C("unbatched", self=T(vals(r, F32, unbatched)), padding=base))
    cs.append(C("unbatched Long", self=T(vals(r, I64, unbatched)), padding=base))
    # pad sets: zero, maximal for reflection, asymmetric, negative (crop), mixed
    sets = [[0] * (2 * k), [3, 3, 3, 3, 2, 2][:2 * k], [3, 0, 0, 3, 0, 2][:2 * k],
            [-1, -1, -1, 0, 0, -1][:2 * k], [-2, 3, 2, -3, -1, 2][:2 * k],
            [4, 0, 0, 0, 0, 0][:2 * k], [0, 4, 1, 5, 3, 0][:2 * k], [7, 6, 9, 8, 5, 5][:2 * k],
            [-4, 0, 0, 0, 0, 0][:2 * k], [-2, -2, 0, 0, 0, 0][:2 * k],
            [-3, -2, -4, -1, -3, 0][:2 * k], [-5, 0, 0, 0, 0, 0][:2 * k]]
    for p in sets:
        cs.append(C("padding %s" % p, self=T(vals(r, F32, batched)), padding=p))
    # size-1 dims: reflection must reject any positive pad there
    one = [2, 3] + [1] * k
    cs.append(C("size-1 dims, zero pad", self=T(vals(r, F32, one)), padding=[0] * (2 * k)))
    cs.append(C("size-1 dims, pad 1", self=T(vals(r, F32, one)), padding=[1] * (2 * k)))
    # empty batch, zero-size other dims (rejected), wrong ranks, wrong padding lengths
    cs.append(C("empty batch", self=T(vals(r, F32, [0] + batched[1:])), padding=base))
    z = list(batched)
    z[1] = 0
    cs.append(C("zero channels", self=T(vals(r, F32, z)), padding=base))
    z = list(batched)
    z[-1] = 0
    cs.append(C("zero width", self=T(vals(r, F32, z)), padding=[0] * (2 * k)))
    cs.append(C("empty batch unbatched rank", self=T(vals(r, F32, [0] + unbatched[1:])), padding=base))
    cs.append(C("rank too small", self=T(vals(r, F32, unbatched[1:])), padding=base))
    cs.append(C("rank too large", self=T(vals(r, F32, [2] + batched)), padding=base))
    cs.append(C("padding too short", self=T(vals(r, F32, batched)), padding=base[:-1]))
    cs.append(C("padding too long", self=T(vals(r, F32, batched)), padding=base + [1, 1]))
    cs.append(C("huge padding", self=T(vals(r, F32, batched)), padding=[2 ** 62] * (2 * k)))
    cs.append(C("huge opposite pads", self=T(vals(r, F32, batched)), padding=[-(2 ** 62), 2 ** 62] + [0] * (2 * k - 2)))
    cs.append(C("i64 min pad", self=T(vals(r, F32, batched)), padding=[-(2 ** 63)] + [0] * (2 * k - 1)))
    # out dtype must match; resize
    for odt in (F64, I32):
        cs.append(C("out %s" % NAME[odt], outs=[Out(odt)], self=T(vals(r, F32, batched)), padding=base))
    for s in ([0], [3], [2, 3] + [2] * k):
        cs.append(C("resize out from %s" % s, outs=[Out(shape=s)], self=T(vals(r, F32, batched)), padding=base))
    # dim orders
    if k == 2:
        orders = [CL, [0, 2, 1, 3], [0, 3, 2, 1]]
        for dt in (F32, F16, I64, U8):
            for din, dout in ((CL, CL), (CL, None), (None, CL)):
                cs.append(C("dim order in %s out %s %s" % (din, dout, NAME[dt]), outs=[Out(dim_order=dout)],
                            self=T(vals(r, dt, [2, 3, 4, 5]), din), padding=[2, 1, -1, 3]))
        for o in orders[1:]:
            cs.append(C("dim order in %s" % o, self=T(vals(r, F32, [2, 3, 4, 5]), o), padding=[1, 2, 3, 0]))
    if k == 3:
        for din, dout in ((CL3, CL3), (CL3, None), (None, CL3)):
            cs.append(C("dim order in %s out %s" % (din, dout), outs=[Out(dim_order=dout)],
                        self=T(vals(r, F32, [2, 3, 4, 3, 5]), din), padding=[2, 1, -1, 2, 1, 0]))
        cs.append(C("dim order in [0,4,3,2,1]", self=T(vals(r, F64, [2, 3, 4, 3, 5]), [0, 4, 3, 2, 1]),
                    padding=[1, 1, 1, 1, 1, 1]))
    if k == 1:
        for o in ([0, 2, 1], [2, 1, 0], [1, 0, 2]):
            cs.append(C("dim order in %s" % o, outs=[Out(dim_order=o)], self=T(vals(r, F32, [2, 3, 5]), o),
                        padding=[2, 3]))
        cs.append(C("unbatched transposed", self=T(vals(r, I16, [3, 5]), [1, 0]), padding=[4, -1]))
    return cs


def ops():
    res = []
    for mode in ("reflection", "replication"):
        for k in (1, 2, 3):
            name = "%s_pad%dd.out" % (mode, k)
            gen.NOT_ELEMENTWISE.add("aten::" + name)
            res.append((name, "exact", lambda name=name, mode=mode, k=k: gen_pad(name, mode, k), None))
    return res
