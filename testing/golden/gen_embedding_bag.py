"""Golden cases for `_embedding_bag.out`: registered in gen.py's OPS() by
`ops += gen_embedding_bag.ops()`.

The four outs are compared as ATen's CPU kernel writes them, including its two paths: the fast
sum / mean path (Float / Half / BFloat16 with unit column stride and no padding_idx) reads bags
from consecutive offsets, the other path (Double, padding_idx, max) from offset2bag; the cases
with include_last_offset and a last offset short of len(indices), and with decreasing offsets,
tell them apart.

Tolerances: max is exact (a selection); sum and mean accumulate in Float (Double for Double) in
index order and round once, as here, but ATen's vectorized loop may fuse the per-sample-weight
multiply-add: Float / Double rtol 1e-5 / 1e-12 with an absolute term scaled by the bag's
magnitude, Half / BFloat16 one ulp of the out dtype. The integer outs are exact.
"""

import torch

import gen
from gen import (T, C, Out, NAME, F16, BF16, F32, F64, I32, I64, rng_for)

A = torch.ops.aten
OP = "_embedding_bag.out"
FDT = [F16, BF16, F32, F64]


def tol_for(dt, mode):
    if mode == 2:
        return "exact"
    if dt == F16:
        return {"rtol": 2.0 ** -10, "atol": 2.0 ** -12}
    if dt == BF16:
        return {"rtol": 2.0 ** -7, "atol": 2.0 ** -9}
    if dt == F32:
        return {"rtol": 1e-5, "atol": 1e-5}
    return {"rtol": 1e-12, "atol": 1e-12}


def shapes(w, idx, off, mode, psw, ilo, pad):
    """The outs' dtypes and shapes from the functional op (None when torch rejects the call)."""
    try:
        r = A._embedding_bag(w, idx, off, False, mode, False, psw, ilo, pad)
    except Exception:
        return None
    return [Out(t.dtype, list(t.shape)) for t in r]


def gen_embedding_bag(op):
    r = rng_for(op)
    cs = []

    def case(note, w, idx, off, mode=0, psw=None, ilo=False, pad=-1, worder=None, outs=None, tol=None,
             keywords=True, **kw):
        if outs is None:
            outs = shapes(w, idx, off, mode, psw, ilo, pad)
            if outs is None:
                it = torch.promote_types(idx.dtype, off.dtype) if not idx.dtype.is_floating_point else I64
                outs = [Out(w.dtype, [0]), Out(it, [0]), Out(it, [0]), Out(it, [0])]
        if tol is None:
            tol = tol_for(w.dtype, mode) if w.dtype in FDT else "exact"
        args = dict(weight=T(w, worder), indices=T(idx), offsets=T(off), mode=mode,
                    per_sample_weights=None if psw is None else T(psw), include_last_offset=ilo,
                    padding_idx=pad)
        if keywords:
            args.update(scale_grad_by_freq=False, sparse=False)
        args.update(kw)
        cs.append(C(note, outs=outs, tol=tol, **args))

    def table(dt, rows, d):
        return (r.randn([rows, d]) * 3).to(dt)

    def bags(n, nb):
        """Random non-decreasing offsets starting at 0 (some bags empty)."""
        cuts = sorted(int(x) for x in r.randint([nb - 1], 0, n)) if nb > 1 else []
        return torch.tensor([0] + cuts, dtype=I64)

    modes = {0: "sum", 1: "mean", 2: "max"}
    # the dtype matrix, every mode, both index kinds
    for dt in FDT:
        w = table(dt, 10, 5)
        for mode in (0, 1, 2):
            idx = r.randint([12], 0, 9)
            off = torch.tensor([0, 3, 3, 7, 11])
            m = modes[mode]
            case("%s %s, Long indices / offsets, an empty bag" % (NAME[dt], m), w, idx, off, mode)
            case("%s %s, Int indices / offsets" % (NAME[dt], m), w, idx.int(), off.int(), mode)
            case("%s %s, Int indices, Long offsets (Long outs)" % (NAME[dt], m), w, idx.int(), off, mode)
            case("%s %s, include_last_offset" % (NAME[dt], m), w, idx, torch.tensor([0, 3, 3, 7, 12]), mode,
                 ilo=True)
            case("%s %s, padding_idx 4" % (NAME[dt], m), w, torch.tensor([4, 1, 4, 2, 4, 4, 0, 3]),
                 torch.tensor([0, 2, 4, 6]), mode, pad=4)
            case("%s %s, padding_idx 4 with include_last_offset" % (NAME[dt], m), w,
                 torch.tensor([4, 1, 4, 2, 4, 4, 0, 3]), torch.tensor([0, 2, 4, 8]), mode, ilo=True, pad=4)
            case("%s %s, weight in dim order [1,0]" % (NAME[dt], m), w, idx, off, mode, worder=[1, 0])
            case("%s %s, weight [1,0] with include_last_offset short of the end" % (NAME[dt], m), w, idx,
                 torch.tensor([0, 4, 9]), mode, ilo=True, worder=[1, 0])
            case("%s %s, include_last_offset short of the end (fast / offset2bag paths differ)" % (NAME[dt], m),
                 w, idx, torch.tensor([0, 4, 9]), mode, ilo=True)
            case("%s %s, include_last_offset short, padding_idx 0" % (NAME[dt], m), w, idx,
                 torch.tensor([0, 4, 9]), mode, ilo=True, pad=0)
        big = table(dt, 40, 16)
        for mode in (0, 1, 2):
            n = 60
            case("%s %s, [40,16] table, 60 indices in 9 bags" % (NAME[dt], modes[mode]), big,
                 r.randint([n], 0, 39), bags(n, 9), mode)
        psw = r.randn([12]).to(dt)
        case("%s sum with per_sample_weights" % NAME[dt], w, r.randint([12], 0, 9), torch.tensor([0, 5, 5, 9]),
             0, psw=psw)
        case("%s sum with per_sample_weights, padding_idx 2" % NAME[dt], w, torch.tensor([2, 1, 2, 3] * 3),
             torch.tensor([0, 5, 5, 9]), 0, psw=psw, pad=2)
        case("%s sum with per_sample_weights, include_last_offset short" % NAME[dt], w,
             r.randint([12], 0, 9), torch.tensor([0, 5, 9]), 0, psw=psw, ilo=True)
        case("%s sum with per_sample_weights, weight [1,0]" % NAME[dt], w, r.randint([12], 0, 9),
             torch.tensor([0, 5, 5, 9]), 0, psw=psw, worder=[1, 0])
        # max of equal values and of NaN / infinities
        wv = torch.tensor([[1.0, float("nan"), -float("inf")], [1.0, 2.0, 3.0], [0.5, float("nan"), float("inf")],
                           [1.0, 2.0, -1.0]]).to(dt)
        for mode in (0, 1, 2):
            case("%s %s of ties, NaN and infinities" % (NAME[dt], modes[mode]), wv,
                 torch.tensor([1, 3, 0, 2, 0, 3, 1]), torch.tensor([0, 2, 4]), mode)
    w = table(F32, 6, 3)
    idx = torch.tensor([0, 2, 4, 1, 3, 0])
    for mode in (0, 1, 2):
        m = modes[mode]
        case("%s, empty offsets" % m, w, idx[:0], torch.zeros([0], dtype=I64), mode)
        case("%s, no indices, two empty bags" % m, w, idx[:0], torch.tensor([0, 0]), mode)
        case("%s, no indices, include_last_offset" % m, w, idx[:0], torch.tensor([0, 0]), mode, ilo=True)
        case("%s, single offset with include_last_offset, no indices" % m, w, idx[:0], torch.tensor([0]), mode,
             ilo=True)
        case("%s, embedding_dim 0" % m, table(F32, 6, 0), idx, torch.tensor([0, 2, 2]), mode)
        case("%s, embedding_dim 1, Double" % m, table(F64, 6, 1), idx, torch.tensor([0, 2, 2]), mode)
        case("%s, embedding_dim 1 weight [1,0]" % m, table(F32, 6, 1), idx, torch.tensor([0, 2, 2]), mode,
             worder=[1, 0])
        case("%s, all indices padding" % m, w, torch.tensor([3, 3, 3]), torch.tensor([0, 1]), mode, pad=3)
        case("%s, padding_idx past the table (never matches)" % m, w, idx, torch.tensor([0, 3]), mode, pad=9)
        case("%s, negative padding_idx -3 (not wrapped: no padding)" % m, w, idx, torch.tensor([0, 3]), mode,
             pad=-3)
        case("%s, one bag of everything" % m, w, idx, torch.tensor([0]), mode)
        case("%s, last offset == len(indices): an empty last bag" % m, w, idx, torch.tensor([0, 6]), mode)
        case("%s, positional defaults" % m, w, idx, torch.tensor([0, 3]), mode, keywords=False)
        case("%s, scale_grad_by_freq and sparse (backward only)" % m, w, idx, torch.tensor([0, 3]), mode,
             scale_grad_by_freq=True, sparse=True)
        case("%s, Int offsets, Long indices" % m, w, idx, torch.tensor([0, 3], dtype=I32), mode)
        case("%s, an index into a one-row table" % m, table(F32, 1, 3), torch.tensor([0, 0]), torch.tensor([0, 1]),
             mode)
        case("%s, decreasing offsets [0,3,2] (offset2bag path only)" % m, w.double(), idx, torch.tensor([0, 3, 2]),
             mode)
        case("%s, Float decreasing offsets with padding_idx" % m, w, idx, torch.tensor([0, 3, 2]), mode, pad=1)
        if mode == 2:
            # (sum / mean of Float read memory ATen never wrote here: garbage or an error)
            case("max, Float decreasing offsets", w, idx, torch.tensor([0, 3, 2]), mode)
            case("max, include_last_offset with a decreasing last offset", w, idx, torch.tensor([0, 3, 2]), mode,
                 ilo=True)
        # resize
        outs = shapes(w, idx, torch.tensor([0, 2, 4]), mode, None, False, -1)
        outs = [Out(o.dtype, [7] if k != 1 else [2]) for k, o in enumerate(outs)]
        case("%s, resize every out" % m, w, idx, torch.tensor([0, 2, 4]), mode, outs=outs)
        outs = shapes(w, idx, torch.tensor([0, 2, 4]), mode, None, False, -1)
        if mode == 2:
            outs[0].dim_order = [1, 0]
            outs[3].dim_order = [1, 0]
            case("max, out0 and out3 in dim order [1,0]", w, idx, torch.tensor([0, 2, 4]), mode, outs=outs)
        else:
            outs[0].dim_order = [1, 0]
            case("%s, out0 in dim order [1,0]" % m, w, idx, torch.tensor([0, 2, 4]), mode, outs=outs)
    # 2-D indices [B, k]: B counts for the offsets, offset2bag and bag_size; ATen's fast path reads the
    # B * k elements as one list, its other paths reject them (sum, mean) or read out of bounds (max)
    idx2 = torch.tensor([[0, 2, 4], [1, 3, 0]])
    for dt in (F32, F16, BF16, F64):
        wt = table(dt, 6, 3)
        for mode in (0, 1):  # (max reads past offset2bag: torch crashes)
            m = modes[mode]
            case("%s %s, 2-D indices [2,3], offsets [0,1]" % (NAME[dt], m), wt, idx2, torch.tensor([0, 1]), mode)
        case("%s sum, 2-D Int indices, include_last_offset [0,1,2]" % NAME[dt], wt, idx2.int(),
             torch.tensor([0, 1, 2], dtype=I32), 0, ilo=True)
        case("%s sum, 2-D indices with per_sample_weights" % NAME[dt], wt, idx2, torch.tensor([0, 1]), 0,
             psw=r.randn([6]).to(dt))
        case("%s mean, 2-D indices, padding_idx 0" % NAME[dt], wt, idx2, torch.tensor([0, 1]), 1, pad=0)
    wt = table(F32, 6, 3)
    case("sum, 2-D indices [2,3] in dim order [1,0] (read in memory order)", wt, idx2, torch.tensor([0, 1]), 0)
    cs[-1]["kw"]["indices"] = T(idx2, [1, 0])
    case("mean, 2-D indices, empty offsets", wt, idx2, torch.zeros([0], dtype=I64), 1)
    case("sum, 2-D indices, offsets past the rows", wt, idx2, torch.tensor([0, 3]), 0)
    case("sum, 2-D indices [3,0], offsets [0]", wt, torch.zeros([3, 0], dtype=I64), torch.tensor([0]), 0)
    case("sum, 3-D indices", wt, idx2.reshape(1, 2, 3), torch.tensor([0, 1]), 0)
    # a negative closing offset (include_last_offset): the offset2bag path never reads it
    for dt, pad, mode in ((F64, -1, 0), (F32, 1, 1), (F32, -1, 2), (F32, -1, 0), (F32, -1, 1)):
        case("%s %s, padding_idx %d, include_last_offset closing at -5" % (NAME[dt], modes[mode], pad),
             table(dt, 6, 3), idx, torch.tensor([0, 2, -5]), mode, ilo=True, pad=pad)
    # rounding of a tie: FBGEMM (the BFloat16 fast path) rounds away from zero, elsewhere to even
    for dt, tiny in ((BF16, 2.0 ** -8), (F16, 2.0 ** -11)):
        wt = torch.tensor([[1.0, -1.0], [tiny, -tiny], [0.0, 0.0]]).to(dt)
        for mode in (0, 1):
            case("%s %s of a rounding tie (fast path)" % (NAME[dt], modes[mode]), wt, torch.tensor([0, 1]),
                 torch.tensor([0]), mode, tol="exact")
            case("%s %s of a rounding tie (padding path)" % (NAME[dt], modes[mode]), wt, torch.tensor([0, 1]),
                 torch.tensor([0]), mode, pad=2, tol="exact")
    # out-of-range indices: ATen checks only the indices inside bags on its fast path
    case("sum, index past the last bag is not checked on the fast path", w, torch.tensor([0, 1, 9]),
         torch.tensor([0, 1]), 0, ilo=True)
    case("mean, empty offsets skip every index on the fast path", w, idx, torch.zeros([0], dtype=I64), 1)
    case("sum, empty offsets on the fast path", w, idx, torch.zeros([0], dtype=I64), 0)
    case("mean, single offset with include_last_offset", w, idx, torch.tensor([0]), 1, ilo=True)
    # errors
    for mode in (0, 1, 2):
        m = modes[mode]
        case("%s, index == num_embeddings" % m, w, torch.tensor([0, 6]), torch.tensor([0]), mode)
        case("%s, negative index" % m, w, torch.tensor([0, -1]), torch.tensor([0]), mode)
        case("%s, Double: index past the last bag" % m, w.double(), torch.tensor([0, 1, 9]), torch.tensor([0, 1]),
             mode, ilo=True)
        case("%s, index into an empty table" % m, table(F32, 0, 3), torch.tensor([0]), torch.tensor([0]), mode)
        case("%s, offsets[0] == 1" % m, w, idx, torch.tensor([1, 3]), mode)
        case("%s, last offset past the end" % m, w, idx, torch.tensor([0, 7]), mode)
        case("%s, middle offset past the end" % m, w, idx, torch.tensor([0, 9, 2]), mode)
        case("%s, negative middle offset" % m, w, idx, torch.tensor([0, -1, 2]), mode)
        case("%s, include_last_offset without offsets" % m, w, idx, torch.zeros([0], dtype=I64), mode, ilo=True)
        case("%s, 2-D offsets" % m, w, idx, torch.tensor([[0, 2], [3, 4]]), mode)
        case("%s, zero-dim indices" % m, w, torch.tensor(1), torch.tensor([0]), mode)
        case("%s, 1-D weight" % m, w[0], idx, torch.tensor([0]), mode)
        case("%s, 3-D weight" % m, w.reshape(6, 3, 1), idx, torch.tensor([0]), mode)
        for dt in (I64, I32, torch.uint8, torch.bool):
            case("%s, %s weight" % (m, NAME[dt]), w.to(dt), idx, torch.tensor([0]), mode)
        for dt in (F32, torch.int16, torch.uint8):
            case("%s, %s indices" % (m, NAME[dt]), w, idx.to(dt), torch.tensor([0], dtype=dt), mode)
            case("%s, %s indices, Long offsets (promoted to Long)" % (m, NAME[dt]), w, idx.to(dt),
                 torch.tensor([0, 2]), mode)
            case("%s, Long indices, %s offsets (promoted to Long)" % (m, NAME[dt]), w, idx,
                 torch.tensor([0, 2]).to(dt), mode)
        case("%s, Bool indices, Int offsets (promoted to Int)" % m, w, torch.tensor([True, False, True]),
             torch.tensor([0, 2], dtype=I32), mode)
        case("%s, Int indices, Char offsets (promoted to Int)" % m, w, idx.int(),
             torch.tensor([0, 2], dtype=torch.int8), mode)
        case("%s, Bool indices and offsets" % m, w, torch.tensor([True, False]), torch.tensor([False]), mode)
        outs = shapes(w, idx, torch.tensor([0, 3]), mode, None, False, -1)
        case("%s, Double out0 for a Float table" % m, w, idx, torch.tensor([0, 3]), mode,
             outs=[Out(F64, outs[0].shape)] + outs[1:])
        for k in (1, 2, 3):
            bad = list(outs)
            bad[k] = Out(I32, outs[k].shape)
            case("%s, Int out%d for Long indices" % (m, k), w, idx, torch.tensor([0, 3]), mode, outs=bad)
        bad = list(outs)
        bad[2] = Out(F32, outs[2].shape)
        case("%s, Float out2" % m, w, idx, torch.tensor([0, 3]), mode, outs=bad)
    for mode in (1, 2):
        case("%s with per_sample_weights" % modes[mode], w, idx, torch.tensor([0, 3]), mode, psw=torch.ones(6))
    case("Double per_sample_weights for a Float table", w, idx, torch.tensor([0, 3]), 0, psw=torch.ones(6, dtype=F64))
    case("per_sample_weights of the wrong length", w, idx, torch.tensor([0, 3]), 0, psw=torch.ones(5))
    case("2-D per_sample_weights", w, idx, torch.tensor([0, 3]), 0, psw=torch.ones(2, 3))
    for mode in (3, -1):
        case("mode %d" % mode, w, idx, torch.tensor([0, 3]), mode)
    return cs


def ops():
    gen.NOT_ELEMENTWISE.add("aten::_embedding_bag.out")
    return [(OP, "exact", lambda: gen_embedding_bag(OP), False)]
