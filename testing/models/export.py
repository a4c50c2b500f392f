"""Exports the small models whose ExecuTorch programs etk's runtime is tested on.

Run by hand where torch and executorch are installed (torch 2.13.0, executorch 1.5.1):

    ~/torchenv/bin/python testing/models/export.py            # every model
    ~/torchenv/bin/python testing/models/export.py mlp_matmul # some

For each model NAME it writes, beside this file, `NAME.pte` (torch.export -> to_edge ->
to_executorch, no delegation) and `NAME.io.safetensors`: inputs and the outputs PyTorch
eager computes for them (CPU, eval mode, no_grad), in the format of
`../shared/models/FORMAT.md` (one call, or `n_steps` calls for models with state).
Weights are seeded, so re-running gives the same files.
"""

import os
import sys

import torch
import json
import struct
from torch.export import export

from executorch.exir import ExecutorchBackendConfig, to_edge
from executorch.exir.passes.init_mutable_pass import InitializedMutableBufferPass

HERE = os.path.dirname(os.path.abspath(__file__))
PRODUCER = f"torch {torch.__version__.split('+')[0]}, executorch 1.5.1, testing/models/export.py"


class MlpMatmul(torch.nn.Module):
    """An MLP written with tensor ops: mm, add, relu (the kernels etk has today)."""

    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(1)
        self.w1 = torch.nn.Parameter(torch.randn(16, 32, generator=g) / 4)
        self.b1 = torch.nn.Parameter(torch.randn(32, generator=g) / 4)
        self.w2 = torch.nn.Parameter(torch.randn(32, 8, generator=g) / 4)
        self.b2 = torch.nn.Parameter(torch.randn(8, generator=g) / 4)

    def forward(self, x):
        return torch.relu(x @ self.w1 + self.b1) @ self.w2 + self.b2


class MlpWide(torch.nn.Module):
    """Two GEMMs big enough (64x64x64, 64x64x32) that etk's optimized mm splits them over a
    context's threads: the runtime's no-allocation test runs it on a thread pool."""

    def __init__(self):
        super().__init__()
        g = torch.Generator().manual_seed(6)
        self.w1 = torch.nn.Parameter(torch.randn(64, 64, generator=g) / 8)
        self.b1 = torch.nn.Parameter(torch.randn(64, generator=g) / 8)
        self.w2 = torch.nn.Parameter(torch.randn(64, 32, generator=g) / 8)

    def forward(self, x):
        return torch.relu(x @ self.w1 + self.b1) @ self.w2


def mlp_linear():
    """The standard MLP: Linear, ReLU, Linear (permute_copy + addmm + relu once exported)."""
    torch.manual_seed(2)
    return torch.nn.Sequential(
        torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 8)
    )


class Counter(torch.nn.Module):
    """State across calls: a buffer incremented in place each call and added to the input."""

    def __init__(self):
        super().__init__()
        # A nonzero initial state, serialized into the program (see `export_pte`), so that a
        # runtime that ignores it fails the first step.
        self.register_buffer("count", torch.tensor([0.5, -1.0, 2.0, 10.0]))

    def forward(self, x):
        self.count.add_(1.0)
        return x * 2.0 + self.count


class Cond(torch.nn.Module):
    """Control flow: torch.cond on a Bool input becomes JumpFalseCall and MoveCall."""

    def forward(self, pred, x):
        return torch.cond(pred, lambda x: x + 1.0, lambda x: x * 2.0, (x,))


class ViewAlias(torch.nn.Module):
    """A static view is planned at its source's offset (no instruction): `a * a.reshape(...)`
    passes two values sharing memory to one kernel, which a runtime must accept."""

    def forward(self, x):
        a = x + 1.0
        return a * a.reshape(6).reshape(2, 3)


class CatIndex(torch.nn.Module):
    """List arguments: cat takes a TensorList, index an optional-tensor list (Tensor?[])."""

    def forward(self, x, idx):
        y = torch.cat([x, x * 2.0], dim=0)
        return y[idx]


class SymSize(torch.nn.Module):
    """A size computed at run time: sym_size.int and executorch_prim::mul.Scalar produce Ints
    that an int list (full's size) reads; repeat takes a constant int list."""

    def forward(self, x):
        return torch.ones(x.shape[0] * 2, 3) + x.repeat(2, 1)


class WhereConst(torch.nn.Module):
    """Float and Bool constants in the constant segment (the Bool one 3 bytes long, so the
    Float one follows at the next aligned offset)."""

    def __init__(self):
        super().__init__()
        self.register_buffer("mask", torch.tensor([True, False, True]))
        self.w = torch.nn.Parameter(torch.tensor([1.5, -2.0, 3.0]))

    def forward(self, x):
        return torch.where(self.mask, x * self.w, x)


class ConvBn(torch.nn.Module):
    """A convnet with batch norm and pooling: (conv -> bn -> relu -> maxpool) x 2 -> adaptive
    avg pool -> linear. Batch norm in eval mode with non-trivial running statistics (a runtime
    or kernel that ignores them fails)."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(10)
        nn = torch.nn
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2, 2),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 10)
        randomize_bn(self)

    def forward(self, x):
        return self.fc(torch.flatten(self.pool(self.features(x)), 1))


def randomize_bn(model):
    """Seeded running statistics and affine parameters for every batch norm of `model`."""
    g = torch.Generator().manual_seed(11)
    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            n = m.num_features
            m.running_mean.copy_(torch.randn(n, generator=g) / 4)
            m.running_var.copy_(torch.rand(n, generator=g) + 0.5)
            m.weight.data.copy_(torch.rand(n, generator=g) + 0.5)
            m.bias.data.copy_(torch.randn(n, generator=g) / 4)


class InvertedResidual(torch.nn.Module):
    """MobileNetV2/V3's block: pointwise expand -> depthwise 3x3 -> pointwise project, batch
    norm after each conv, and a residual when the shape allows."""

    def __init__(self, cin, cout, expand, stride, act):
        super().__init__()
        nn = torch.nn
        mid = cin * expand
        self.residual = stride == 1 and cin == cout
        self.body = nn.Sequential(
            nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), act(),
            nn.Conv2d(mid, mid, 3, stride=stride, padding=1, groups=mid, bias=False),
            nn.BatchNorm2d(mid), act(),
            nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout),
        )

    def forward(self, x):
        y = self.body(x)
        return x + y if self.residual else y


class MobileNet(torch.nn.Module):
    """A MobileNet-style stack: a strided stem with hardswish, inverted residual blocks with
    ReLU6 and hardswish (depthwise convs, residual adds), global average pool, linear."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(12)
        nn = torch.nn
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(8), nn.Hardswish())
        self.blocks = nn.Sequential(
            InvertedResidual(8, 8, 2, 1, nn.ReLU6),
            InvertedResidual(8, 16, 2, 2, nn.Hardswish),
            InvertedResidual(16, 16, 2, 1, nn.Hardswish),
        )
        self.head = nn.Linear(16, 10)
        randomize_bn(self)

    def forward(self, x):
        y = self.blocks(self.stem(x))
        return self.head(y.mean(dim=(2, 3)))


class Encoder(torch.nn.Module):
    """A transformer encoder: two nn.TransformerEncoderLayer (pre-norm, GELU MLP, 4 heads,
    d_model 32), a key padding mask, a final layer norm."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(13)
        layer = torch.nn.TransformerEncoderLayer(
            d_model=32, nhead=4, dim_feedforward=64, dropout=0.0, activation="gelu",
            batch_first=True, norm_first=True,
        )
        self.encoder = torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)
        self.norm = torch.nn.LayerNorm(32)

    def forward(self, x):
        return self.norm(self.encoder(x))


class RmsNorm(torch.nn.Module):
    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = torch.nn.Parameter(torch.ones(dim) + torch.randn(dim) / 8)

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotate(x, cos, sin):
    """Rotary embedding on interleaved pairs (x[2i], x[2i+1]) as Llama's reference does."""
    x0, x1 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1).flatten(-2)


class LlamaBlock(torch.nn.Module):
    def __init__(self, dim, heads, max_seq, hidden):
        super().__init__()
        nn = torch.nn
        self.heads, self.hd = heads, dim // heads
        self.attn_norm, self.mlp_norm = RmsNorm(dim), RmsNorm(dim)
        self.wq, self.wk = nn.Linear(dim, dim, bias=False), nn.Linear(dim, dim, bias=False)
        self.wv, self.wo = nn.Linear(dim, dim, bias=False), nn.Linear(dim, dim, bias=False)
        self.w1, self.w3 = nn.Linear(dim, hidden, bias=False), nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)
        self.register_buffer("k_cache", torch.zeros(1, heads, max_seq, self.hd))
        self.register_buffer("v_cache", torch.zeros(1, heads, max_seq, self.hd))

    def forward(self, x, pos, cos, sin, mask):
        b, t, _ = x.shape
        h = self.attn_norm(x)
        q = self.wq(h).view(b, t, self.heads, self.hd)
        k = self.wk(h).view(b, t, self.heads, self.hd)
        v = self.wv(h).view(b, t, self.heads, self.hd)
        q, k = rotate(q, cos, sin).transpose(1, 2), rotate(k, cos, sin).transpose(1, 2)
        v = v.transpose(1, 2)
        # The KV cache: this step's keys and values written in place at their positions.
        self.k_cache[:, :, pos] = k
        self.v_cache[:, :, pos] = v
        att = (q @ self.k_cache.transpose(2, 3)) / (self.hd ** 0.5) + mask
        y = torch.softmax(att, dim=-1) @ self.v_cache
        x = x + self.wo(y.transpose(1, 2).reshape(b, t, -1))
        h = self.mlp_norm(x)
        return x + self.w2(torch.nn.functional.silu(self.w1(h)) * self.w3(h))


class Llama(torch.nn.Module):
    """A Llama-style decoder: token embedding, two blocks (RMSNorm, rotary embeddings, causal
    attention over a KV cache held in mutable buffers, SiLU-gated MLP), final norm, output
    projection. Called with `tokens` (1, T) and their positions `pos` (T,): the caches keep
    the earlier steps' keys and values, so the calls form one stateful decode."""

    def __init__(self, vocab=64, dim=32, heads=4, max_seq=16, hidden=64):
        super().__init__()
        torch.manual_seed(14)
        self.embed = torch.nn.Embedding(vocab, dim)
        self.layers = torch.nn.ModuleList(LlamaBlock(dim, heads, max_seq, hidden) for _ in range(2))
        self.norm = RmsNorm(dim)
        self.out = torch.nn.Linear(dim, vocab, bias=False)
        hd = dim // heads
        freqs = 1.0 / (10000.0 ** (torch.arange(0, hd, 2).float() / hd))
        angles = torch.outer(torch.arange(max_seq).float(), freqs)
        self.register_buffer("cos", torch.cos(angles), persistent=False)
        self.register_buffer("sin", torch.sin(angles), persistent=False)
        causal = torch.full((max_seq, max_seq), float("-inf")).triu(1)
        self.register_buffer("causal", causal, persistent=False)

    def forward(self, tokens, pos):
        x = self.embed(tokens)
        cos, sin = self.cos[pos].view(1, -1, 1, self.cos.shape[1]), self.sin[pos].view(1, -1, 1, self.sin.shape[1])
        mask = self.causal[pos].view(1, 1, pos.shape[0], -1)
        for layer in self.layers:
            x = layer(x, pos, cos, sin, mask)
        return self.out(self.norm(x))


class ConvCl(torch.nn.Module):
    """A convnet run in channels-last memory format: input and weights channels_last, so the
    program's 4-d tensors are in dim order (0, 2, 3, 1); the output stays 4-d (channels-last)."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(15)
        nn = torch.nn
        self.c1 = nn.Conv2d(3, 8, 3, padding=1)
        # Grouped, not depthwise: a depthwise weight (8, 1, 3, 3) in channels_last has two
        # unit-stride dims, and the exporter then writes dim order (0, 2, 1, 3), which
        # ExecuTorch's own convolution refuses.
        self.c2 = nn.Conv2d(8, 8, 3, padding=1, groups=2)
        self.c3 = nn.Conv2d(8, 4, 1)

    def forward(self, x):
        y = torch.relu(self.c1(x))
        y = y + torch.relu(self.c2(y))
        return torch.sigmoid(self.c3(y))


class ConvQ(torch.nn.Module):
    """The convnet PT2E quantizes: conv -> relu -> conv -> relu -> avg pool -> linear."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(16)
        nn = torch.nn
        self.c1, self.c2 = nn.Conv2d(3, 8, 3, padding=1), nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        y = torch.relu(self.c2(torch.relu(self.c1(x))))
        return self.fc(torch.flatten(torch.nn.functional.adaptive_avg_pool2d(y, 1), 1))

class PointwiseChain(torch.nn.Module):
    """1,000 kernel calls on [1, 8] Float tensors, `x = x * y` then `x = x + z`, 500 times:
    the runtime's per-instruction cost (each call's arithmetic is a few nanoseconds). Inputs,
    not constants, so nothing folds; with |y| < 1 the values settle instead of overflowing."""

    def forward(self, x, y, z):
        for _ in range(500):
            x = x * y
            x = x + z
        return x


def export_pte(model, example, init_buffers=(), dynamic_shapes=None):
    """to_executorch without delegation; `init_buffers` names mutable buffers whose initial
    value is kept in the program (ExecuTorch otherwise stores only their shape)."""
    config = ExecutorchBackendConfig(passes=[InitializedMutableBufferPass(list(init_buffers))])
    ep = export(model, example, dynamic_shapes=dynamic_shapes)
    # no_grad: to_executorch's passes re-run the graph, and an in-place update of a buffer
    # (the KV cache's index_put_ + copy_) from values computed with parameters fails in grad mode.
    with torch.no_grad():
        prog = to_edge(ep).to_executorch(config)
    return prog.buffer


def save_io(name, tensors, n_inputs, n_outputs, n_steps=None, extra=None):
    meta = {
        "model": name,
        "n_inputs": str(n_inputs),
        "n_outputs": str(n_outputs),
        "producer": PRODUCER,
        **(extra or {}),
    }
    if n_steps is not None:
        meta["n_steps"] = str(n_steps)
    write_safetensors(os.path.join(HERE, f"{name}.io.safetensors"), tensors, meta)


DTYPES = {torch.float32: "F32", torch.float64: "F64", torch.int64: "I64", torch.bool: "BOOL"}


def write_safetensors(path, tensors, meta):
    """safetensors with sorted keys, so that re-running gives the same bytes (the library's
    writer orders its header differently from run to run)."""
    header, blobs, offset = {"__metadata__": meta}, [], 0
    for k in sorted(tensors):
        t = tensors[k].contiguous()
        data = t.numpy().tobytes()
        header[k] = {"dtype": DTYPES[t.dtype], "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    h = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h + b"".join(blobs))


def write(name, model, inputs, steps=1, init_buffers=(), example=None, dynamic_shapes=None, exported=False):
    """Exports `model` on `example` (default `inputs[0]`), then records `steps` calls of
    `inputs` on a fresh copy. `exported`: `model` is already a graph module (PT2E's), which
    has no eval(). A channels-last 4-d input is recorded with its dim order."""
    if not exported:
        model = model.eval()
    import copy

    fresh = copy.deepcopy(model)
    with open(os.path.join(HERE, f"{name}.pte"), "wb") as f:
        f.write(export_pte(model, example or inputs[0], init_buffers, dynamic_shapes))
    tensors = {}
    with torch.no_grad():
        for k in range(steps):
            outs = fresh(*inputs[k])
            outs = outs if isinstance(outs, tuple) else (outs,)
            prefix = f"s{k}." if steps > 1 else ""
            for i, t in enumerate(inputs[k]):
                tensors[f"{prefix}input_{i}"] = t
            for j, t in enumerate(outs):
                tensors[f"{prefix}output_{j}"] = t
    extra = {
        f"input_{i}_dim_order": "0,2,3,1"
        for i, t in enumerate(inputs[0])
        if t.dim() == 4 and not t.is_contiguous() and t.is_contiguous(memory_format=torch.channels_last)
    }
    save_io(name, tensors, len(inputs[0]), len(outs), steps if steps > 1 else None, extra)
    print(f"wrote {name}.pte ({os.path.getsize(os.path.join(HERE, name + '.pte'))} bytes)")


def write_quantized(name, inputs):
    """ConvQ quantized with PT2E (XNNPACKQuantizer, symmetric int8, per-channel weights),
    converted and NOT delegated: the program calls quantized_decomposed's quantize /
    dequantize ops around float kernels. The test vectors are the converted model's eager
    outputs (the quantization simulated by those same q/dq ops)."""
    from executorch.backends.xnnpack.quantizer.xnnpack_quantizer import (
        XNNPACKQuantizer,
        get_symmetric_quantization_config,
    )
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e

    # Registers the out variants of quantized_decomposed's ops, which to_executorch needs.
    import executorch.kernels.quantized  # noqa: F401

    model = ConvQ().eval()
    quantizer = XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True))
    m = prepare_pt2e(export(model, inputs[0]).module(), quantizer)
    g = torch.Generator().manual_seed(17)
    with torch.no_grad():
        for _ in range(8):
            m(torch.randn(*inputs[0][0].shape, generator=g))
    m = convert_pt2e(m)
    write(name, m, inputs, exported=True)


def write_delegated():
    """A Linear lowered to XNNPACK: etk's runtime must refuse it, naming the backend. Only the
    program is written (no test vectors: it is not meant to run)."""
    from executorch.backends.xnnpack.partition.xnnpack_partitioner import XnnpackPartitioner
    from executorch.exir import to_edge_transform_and_lower

    torch.manual_seed(3)
    model = torch.nn.Linear(4, 2).eval()
    ep = export(model, (torch.randn(1, 4),))
    prog = to_edge_transform_and_lower(ep, partitioner=[XnnpackPartitioner()]).to_executorch()
    with open(os.path.join(HERE, "delegated.pte"), "wb") as f:
        f.write(prog.buffer)
    print(f"wrote delegated.pte ({len(prog.buffer)} bytes)")


def write_bad_alias():
    """view_alias.pte with the multiply's out planned over its inputs: a memory plan no valid
    export produces, which a runtime must refuse rather than hand a kernel an out that aliases
    its inputs. Derived from view_alias.pte (run that first)."""
    from executorch.exir._serialize._program import deserialize_pte_binary, serialize_pte_binary

    with open(os.path.join(HERE, "view_alias.pte"), "rb") as f:
        pte = deserialize_pte_binary(f.read())
    plan = pte.program.execution_plan[0]
    mul = plan.chains[0].instructions[-1].instr_args
    out = plan.values[mul.args[-1]].val
    src = plan.values[mul.args[0]].val
    out.allocation_info.memory_offset_low = src.allocation_info.memory_offset_low
    with open(os.path.join(HERE, "bad_alias.pte"), "wb") as f:
        f.write(bytes(serialize_pte_binary(pte)))
    print("wrote bad_alias.pte")


def write_where_inline():
    """where_const in the layout of files written before September 2024: constants inline in
    the flatbuffer (`Program.constant_buffer`), no extended header, no segments. Derived from
    where_const.pte, whose test vectors it shares (run that first)."""
    import shutil

    from executorch.exir._serialize._flatbuffer_program import _program_to_flatbuffer
    from executorch.exir._serialize._program import deserialize_pte_binary

    with open(os.path.join(HERE, "where_const.pte"), "rb") as f:
        program = deserialize_pte_binary(f.read()).program
    # The deserializer moved the constant segment's tensors into `constant_buffer`.
    assert len(program.constant_buffer) == 3 and not program.segments
    with open(os.path.join(HERE, "where_inline.pte"), "wb") as f:
        f.write(_program_to_flatbuffer(program).data)
    shutil.copyfile(
        os.path.join(HERE, "where_const.io.safetensors"),
        os.path.join(HERE, "where_inline.io.safetensors"),
    )
    print("wrote where_inline.pte")


class ScaleShift(torch.nn.Module):
    """A pointwise model exported on a channels-last input: the program takes it in dim order
    (0, 2, 3, 1), while the bundle's serializer writes its tensors contiguous."""

    def forward(self, x):
        return torch.relu(x * 2.0 + 1.0)


def write_bundled(name, model, inputs):
    """`model` as an ExecuTorch bundled program (`NAME.bpte`): the program and one test case
    per input tuple (the outputs PyTorch eager computes), checked by `etk-run --io`. The
    program is exported on the first inputs, in their memory format."""
    from executorch.devtools import BundledProgram
    from executorch.devtools.bundled_program.config import MethodTestCase, MethodTestSuite
    from executorch.devtools.bundled_program.serialize import (
        serialize_from_bundled_program_to_flatbuffer,
    )

    model = model.eval()
    prog = to_edge(export(model, inputs[0])).to_executorch()
    with torch.no_grad():
        cases = [MethodTestCase(inputs=list(x), expected_outputs=(model(*x),)) for x in inputs]
    bundled = BundledProgram(prog, [MethodTestSuite(method_name="forward", test_cases=cases)])
    data = serialize_from_bundled_program_to_flatbuffer(bundled)
    with open(os.path.join(HERE, f"{name}.bpte"), "wb") as f:
        f.write(data)
    print(f"wrote {name}.bpte ({len(data)} bytes)")


def main(names):
    g = torch.Generator().manual_seed(0)
    models = {
        "mlp_matmul": lambda: write("mlp_matmul", MlpMatmul(), [(torch.randn(4, 16, generator=g),)]),
        "mlp_linear": lambda: write("mlp_linear", mlp_linear(), [(torch.randn(4, 16, generator=g),)]),
        "counter": lambda: write(
            "counter",
            Counter(),
            [(torch.randn(4, generator=g),) for _ in range(3)],
            steps=3,
            init_buffers=["count"],
        ),
    }
    models["cond"] = lambda: write(
        "cond",
        Cond(),
        [(torch.tensor(b), torch.randn(3, generator=g)) for b in (True, False)],
        steps=2,
    )
    models["delegated"] = write_delegated
    # Dynamic batch (bound 8): the program's tensors are DYNAMIC_BOUND, planned at the bound;
    # the calls use batches 3 and 8, so inputs and outputs are resized within the bound.
    batch = torch.export.Dim("batch", min=1, max=8)
    models["mlp_dynamic"] = lambda: write(
        "mlp_dynamic",
        MlpMatmul(),
        [(torch.randn(3, 16, generator=g),), (torch.randn(8, 16, generator=g),)],
        steps=2,
        example=(torch.randn(8, 16, generator=g),),
        dynamic_shapes=({0: batch},),
    )
    models["view_alias"] = lambda: write("view_alias", ViewAlias(), [(torch.randn(2, 3, generator=g),)])
    models["cat_index"] = lambda: write(
        "cat_index",
        CatIndex(),
        [(torch.randn(2, 3, generator=g), torch.tensor([3, 0, 1]))],
    )
    models["sym_size"] = lambda: write(
        "sym_size",
        SymSize(),
        [(torch.randn(4, 3, generator=g),), (torch.randn(2, 3, generator=g),)],
        steps=2,
        example=(torch.randn(4, 3, generator=g),),
        dynamic_shapes=({0: batch},),
    )
    models["bad_alias"] = write_bad_alias

    models["where_const"] = lambda: write("where_const", WhereConst(), [(torch.randn(3, generator=g),)])
    models["where_inline"] = write_where_inline
    g5 = torch.Generator().manual_seed(5)
    models["mlp_bundled"] = lambda: write_bundled(
        "mlp_bundled", MlpMatmul(), [(torch.randn(4, 16, generator=g5),) for _ in range(3)]
    )
    g8 = torch.Generator().manual_seed(8)
    models["cl_bundled"] = lambda: write_bundled(
        "cl_bundled",
        ScaleShift(),
        [(torch.randn(1, 3, 4, 4, generator=g8).to(memory_format=torch.channels_last),) for _ in range(2)],
    )
    models["mlp_wide"] = lambda: write(
        "mlp_wide", MlpWide(), [(torch.randn(64, 64, generator=torch.Generator().manual_seed(7)),)]
    )
    # The models below each draw their inputs from their own seed, so exporting one alone
    # gives the same files as exporting all.
    def gen(seed):
        return torch.Generator().manual_seed(seed)

    models["convnet_bn"] = lambda g=gen(20): write("convnet_bn", ConvBn(), [(torch.randn(2, 3, 16, 16, generator=g),)])
    models["mobilenet"] = lambda g=gen(21): write("mobilenet", MobileNet(), [(torch.randn(1, 3, 32, 32, generator=g),)])
    # ConvBn again with a dynamic batch (bound 4): convolution, batch norm and pooling outs
    # resized per call (batches 1 and 3).
    batch4 = torch.export.Dim("batch", min=1, max=4)
    models["convnet_dynamic"] = lambda g=gen(22): write(
        "convnet_dynamic",
        ConvBn(),
        [(torch.randn(1, 3, 16, 16, generator=g),), (torch.randn(3, 3, 16, 16, generator=g),)],
        steps=2,
        example=(torch.randn(4, 3, 16, 16, generator=g),),
        dynamic_shapes=({0: batch4},),
    )
    models["encoder"] = lambda g=gen(23): write("encoder", Encoder(), [(torch.randn(2, 8, 32, generator=g),)])
    # Four decode steps of one token each: the KV caches (zero-initialized, kept in the
    # program) fill position by position, and each step attends over the earlier ones.
    tokens = [3, 17, 42, 5]
    models["llama"] = lambda: write(
        "llama",
        Llama(),
        [(torch.tensor([[t]]), torch.tensor([k])) for k, t in enumerate(tokens)],
        steps=len(tokens),
        init_buffers=[f"layers.{i}.{c}" for i in range(2) for c in ("k_cache", "v_cache")],
    )
    cl = torch.channels_last
    models["convnet_cl"] = lambda g=gen(24): write(
        "convnet_cl",
        ConvCl().to(memory_format=cl),
        [(torch.randn(1, 3, 8, 8, generator=g).to(memory_format=cl),)],
    )
    models["convnet_q"] = lambda g=gen(25): write_quantized("convnet_q", [(torch.randn(1, 3, 16, 16, generator=g),)])
    models["pointwise_chain"] = lambda g=gen(26): write(
        "pointwise_chain",
        PointwiseChain(),
        [(torch.randn(1, 8, generator=g), torch.rand(1, 8, generator=g) * 0.9, torch.randn(1, 8, generator=g))],
    )
    for n in names or models:
        models[n]()


if __name__ == "__main__":
    main(sys.argv[1:])
