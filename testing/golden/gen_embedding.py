"""Golden cases for `embedding` (`portable/src/table/embedding.rs`; `embedding_bag` is
gen_embedding_bag.py's, the quantized embeddings gen_quant.py's). Registered in gen.py's OPS()
by `ops += gen_embedding.ops()`. Exact: rows are copied.
"""

import torch

import gen
from gen import (T, C, Out, NAME, F16, BF16, F32, F64, I32, I64, U8, B_, ALL, CL, vals, rng_for)
from gen_tolerance import ULP, U_ACC, FDT, fl, dmax, checked

A = torch.ops.aten


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

def ops():
    full = ["aten::embedding.out"]
    gen.NOT_ELEMENTWISE.update(full)
    return [
        ("embedding.out", "exact", lambda: gen_embedding("embedding.out"), False),
    ]
