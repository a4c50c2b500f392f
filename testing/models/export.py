"""Exports the small models whose ExecuTorch programs etk's runtime is tested on.

Run by hand where torch and executorch are installed (torch 2.13.0, executorch 1.5.1):

    ~/torchenv/bin/python testing/models/export.py            # every model
    ~/torchenv/bin/python testing/models/export.py mlp_matmul # some

For each model NAME it writes, beside this file, `NAME.pte` (torch.export -> to_edge ->
to_executorch, no delegation) and `NAME.io.safetensors`: inputs and the outputs PyTorch
eager computes for them (CPU, eval mode, no_grad), in the format of
`../shared/models/FORMAT.md` (one call, or `n_steps` calls for models with state).
Weights are seeded, so re-running gives the same files (on one machine: PyTorch's float
results may differ in the last bit from machine to machine).

`programs()` says how each program with test vectors is made, and `module(NAME)` rebuilds the
PyTorch module it was exported from, so that benchmarks can export the same module for other
runtimes (ExecuTorch with XNNPACK) and time it in torch eager (`benches/compare/models.py`).
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
    def __init__(self, dim, heads, max_seq, hidden, kv_cache=True):
        super().__init__()
        nn = torch.nn
        self.heads, self.hd, self.kv_cache = heads, dim // heads, kv_cache
        self.attn_norm, self.mlp_norm = RmsNorm(dim), RmsNorm(dim)
        self.wq, self.wk = nn.Linear(dim, dim, bias=False), nn.Linear(dim, dim, bias=False)
        self.wv, self.wo = nn.Linear(dim, dim, bias=False), nn.Linear(dim, dim, bias=False)
        self.w1, self.w3 = nn.Linear(dim, hidden, bias=False), nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)
        if kv_cache:
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
        if self.kv_cache:
            # This step's keys and values written in place at their positions; attention
            # reads the whole cache (the mask hides the positions not written yet).
            self.k_cache[:, :, pos] = k
            self.v_cache[:, :, pos] = v
            k, v = self.k_cache, self.v_cache
        att = (q @ k.transpose(2, 3)) / (self.hd ** 0.5) + mask
        y = torch.softmax(att, dim=-1) @ v
        x = x + self.wo(y.transpose(1, 2).reshape(b, t, -1))
        h = self.mlp_norm(x)
        return x + self.w2(torch.nn.functional.silu(self.w1(h)) * self.w3(h))


class Llama(torch.nn.Module):
    """A Llama-style decoder: token embedding, two blocks (RMSNorm, rotary embeddings, causal
    attention over a KV cache held in mutable buffers, SiLU-gated MLP), final norm, output
    projection. Called with `tokens` (1, T) and their positions `pos` (T,): the caches keep
    the earlier steps' keys and values, so the calls form one stateful decode."""

    def __init__(self, vocab=64, dim=32, heads=4, max_seq=16, hidden=64, kv_cache=True, seed=14):
        super().__init__()
        torch.manual_seed(seed)
        self.embed = torch.nn.Embedding(vocab, dim)
        self.layers = torch.nn.ModuleList(
            LlamaBlock(dim, heads, max_seq, hidden, kv_cache) for _ in range(2)
        )
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

# Programs at realistic sizes: the kinds of models users run, small enough that the portable
# kernels in a test-profile build still run them in ci/models.sh in well under a second each.


class LlamaPrefill(Llama):
    """The Llama-style decoder without a KV cache, as a prompt is processed in one call: 32
    tokens attend causally to each other; dim 128, 4 heads, MLP 384, vocabulary 256."""

    def __init__(self, seq=32):
        super().__init__(vocab=256, dim=128, heads=4, max_seq=seq, hidden=384, kv_cache=False, seed=30)
        self.register_buffer("positions", torch.arange(seq), persistent=False)

    def forward(self, tokens):
        return super().forward(tokens, self.positions[: tokens.shape[1]])


class EncoderWide(torch.nn.Module):
    """A BERT-style transformer encoder layer at a realistic width: d_model 256, 4 heads, a
    1024-wide GELU MLP, post-norm, then a final layer norm; 64 tokens."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(31)
        self.layer = torch.nn.TransformerEncoderLayer(
            d_model=256, nhead=4, dim_feedforward=1024, dropout=0.0, activation="gelu",
            batch_first=True,
        )
        self.norm = torch.nn.LayerNorm(256)

    def forward(self, x):
        return self.norm(self.layer(x))


def mlp_large():
    """An MLP of realistic width: 256 -> 1024 -> 256 -> 10, ReLU, batch 16."""
    torch.manual_seed(32)
    nn = torch.nn
    return nn.Sequential(nn.Linear(256, 1024), nn.ReLU(), nn.Linear(1024, 256), nn.ReLU(), nn.Linear(256, 10))


class MobileNet112(torch.nn.Module):
    """A MobileNetV2/V3-style stack on a 1x3x112x112 image: a strided stem, inverted residual
    blocks (expansion 4) down to 7x7 with ReLU6 then hardswish, a 1x1 conv to 256 channels,
    global average pool, linear."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(33)
        nn = torch.nn
        ir = InvertedResidual
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(16), nn.Hardswish())
        self.blocks = nn.Sequential(
            ir(16, 16, 1, 1, nn.ReLU6),
            ir(16, 24, 4, 2, nn.ReLU6), ir(24, 24, 4, 1, nn.ReLU6),
            ir(24, 32, 4, 2, nn.Hardswish), ir(32, 32, 4, 1, nn.Hardswish),
            ir(32, 64, 4, 2, nn.Hardswish), ir(64, 64, 4, 1, nn.Hardswish),
        )
        self.last = nn.Sequential(nn.Conv2d(64, 256, 1, bias=False), nn.BatchNorm2d(256), nn.Hardswish())
        self.head = nn.Linear(256, 100)
        randomize_bn(self)

    def forward(self, x):
        y = self.last(self.blocks(self.stem(x)))
        return self.head(y.mean(dim=(2, 3)))


class BasicBlock(torch.nn.Module):
    """ResNet's basic block: two 3x3 convs with batch norm, a 1x1 projection on the shortcut
    when the shape changes, ReLU after the residual add."""

    def __init__(self, cin, cout, stride):
        super().__init__()
        nn = torch.nn
        self.body = nn.Sequential(
            nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(),
            nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout),
        )
        self.shortcut = nn.Identity()
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        return torch.relu(self.body(x) + self.shortcut(x))


class ResNet(torch.nn.Module):
    """A ResNet-18-style convnet at half width on a 1x3x96x96 image: 7x7 stride-2 stem, batch
    norm, 3x3 max pool, two stages of basic blocks (32 channels at 24x24, 64 at 12x12), global
    average pool, linear."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(34)
        nn = torch.nn
        self.stem = nn.Sequential(
            nn.Conv2d(3, 32, 7, stride=2, padding=3, bias=False), nn.BatchNorm2d(32), nn.ReLU(),
            nn.MaxPool2d(3, stride=2, padding=1),
        )
        self.stages = nn.Sequential(BasicBlock(32, 32, 1), BasicBlock(32, 32, 1), BasicBlock(32, 64, 2), BasicBlock(64, 64, 1))
        self.fc = nn.Linear(64, 10)
        randomize_bn(self)

    def forward(self, x):
        y = self.stages(self.stem(x))
        return self.fc(torch.flatten(torch.nn.functional.adaptive_avg_pool2d(y, 1), 1))


def conv_gn_silu(cin, cout, **conv):
    """3x3 conv, group norm (8 groups), SiLU: the unit of diffusion-style U-Nets."""
    nn = torch.nn
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=conv.pop("padding", 1), **conv), nn.GroupNorm(8, cout), nn.SiLU())


class UNet(torch.nn.Module):
    """A U-Net-style encoder-decoder on a 1x3x64x64 image: two downsampling stages (max pool,
    strided conv), a dilated and a grouped conv at 16x16, two upsampling stages (a transposed
    conv with output_padding, a bilinear upsample), skip connections concatenated, group norm
    and SiLU after every 3x3 conv, a 1x1 conv head."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(35)
        nn = torch.nn
        self.enc1 = conv_gn_silu(3, 16)
        self.enc2 = nn.Sequential(nn.MaxPool2d(2), conv_gn_silu(16, 32))
        self.down = nn.Conv2d(32, 32, 3, stride=2, padding=1)
        self.mid = nn.Sequential(conv_gn_silu(32, 64, dilation=2, padding=2), conv_gn_silu(64, 64, groups=4))
        self.up2 = nn.ConvTranspose2d(64, 32, 3, stride=2, padding=1, output_padding=1)
        self.dec2 = conv_gn_silu(64, 32)
        self.up1 = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.dec1 = conv_gn_silu(48, 16)
        self.head = nn.Conv2d(16, 3, 1)
        g = torch.Generator().manual_seed(36)
        for m in self.modules():
            if isinstance(m, nn.GroupNorm):
                m.weight.data.copy_(torch.rand(m.num_channels, generator=g) + 0.5)
                m.bias.data.copy_(torch.randn(m.num_channels, generator=g) / 4)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(e1)
        m = self.mid(self.down(e2))
        d2 = self.dec2(torch.cat([self.up2(m), e2], dim=1))
        d1 = self.dec1(torch.cat([self.up1(d2), e1], dim=1))
        return self.head(d1)


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


DTYPES = {torch.float32: "F32", torch.float64: "F64", torch.int64: "I64", torch.bool: "BOOL",
          torch.float16: "F16", torch.bfloat16: "BF16"}


def write_safetensors(path, tensors, meta):
    """safetensors with sorted keys, so that re-running gives the same bytes (the library's
    writer orders its header differently from run to run)."""
    header, blobs, offset = {"__metadata__": meta}, [], 0
    for k in sorted(tensors):
        t = tensors[k].contiguous()
        # (numpy has no bfloat16: its bits as int16)
        data = (t.view(torch.int16) if t.dtype == torch.bfloat16 else t).numpy().tobytes()
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


def quantized(model, shape, seed=17):
    """`model` quantized with PT2E (XNNPACKQuantizer, symmetric int8, per-channel weights),
    calibrated on 8 seeded random inputs of `shape`, and converted: a graph module calling
    quantized_decomposed's quantize / dequantize ops around float ones. Exported without
    delegation, the program runs those q/dq ops around float kernels; its test vectors are the
    converted module's eager outputs (the quantization simulated by those same ops)."""
    from executorch.backends.xnnpack.quantizer.xnnpack_quantizer import (
        XNNPACKQuantizer,
        get_symmetric_quantization_config,
    )
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e

    # Registers the out variants of quantized_decomposed's ops, which to_executorch needs.
    import executorch.kernels.quantized  # noqa: F401

    quantizer = XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True))
    m = prepare_pt2e(export(model.eval(), (torch.randn(*shape),)).module(), quantizer)
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for _ in range(8):
            m(torch.randn(*shape, generator=g))
    return convert_pt2e(m)


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


class Program:
    """How a committed program is made: `module()` gives the PyTorch module it is exported from
    (in eval mode; for PT2E programs the converted graph module), `inputs()` the arguments of
    each recorded call (drawn when called, from the generators given), `example()` the
    arguments to export on when they are not the first call's. `model`: one of the model kinds
    of issue 24 (benchmarks take their geometric means over these), not a runtime feature
    test."""

    def __init__(self, module, inputs, example=None, init_buffers=(), dynamic_shapes=None, model=False):
        self.module, self.inputs, self.example = module, inputs, example
        self.init_buffers, self.dynamic_shapes, self.model = init_buffers, dynamic_shapes, model

    def write(self, name):
        m, inputs = self.module(), self.inputs()
        write(
            name, m, inputs, steps=len(inputs), init_buffers=self.init_buffers,
            example=self.example() if self.example else None, dynamic_shapes=self.dynamic_shapes,
            exported=isinstance(m, torch.fx.GraphModule),
        )


def gen(seed):
    return torch.Generator().manual_seed(seed)


def programs():
    """Every committed program with test vectors, by name. The first ones draw their inputs
    from one shared generator, in this order (exporting one of them alone gives other inputs
    than exporting all); the later ones each from a seed of their own."""
    g = gen(0)
    P = {}
    P["mlp_matmul"] = Program(MlpMatmul, lambda: [(torch.randn(4, 16, generator=g),)])
    P["mlp_linear"] = Program(mlp_linear, lambda: [(torch.randn(4, 16, generator=g),)])
    P["counter"] = Program(Counter, lambda: [(torch.randn(4, generator=g),) for _ in range(3)], init_buffers=["count"])
    P["cond"] = Program(Cond, lambda: [(torch.tensor(b), torch.randn(3, generator=g)) for b in (True, False)])
    # Dynamic batch (bound 8): the program's tensors are DYNAMIC_BOUND, planned at the bound;
    # the calls use batches 3 and 8, so inputs and outputs are resized within the bound.
    batch = torch.export.Dim("batch", min=1, max=8)
    P["mlp_dynamic"] = Program(
        MlpMatmul,
        lambda: [(torch.randn(3, 16, generator=g),), (torch.randn(8, 16, generator=g),)],
        example=lambda: (torch.randn(8, 16, generator=g),),
        dynamic_shapes=({0: batch},),
    )
    P["view_alias"] = Program(ViewAlias, lambda: [(torch.randn(2, 3, generator=g),)])
    P["cat_index"] = Program(CatIndex, lambda: [(torch.randn(2, 3, generator=g), torch.tensor([3, 0, 1]))])
    P["sym_size"] = Program(
        SymSize,
        lambda: [(torch.randn(4, 3, generator=g),), (torch.randn(2, 3, generator=g),)],
        example=lambda: (torch.randn(4, 3, generator=g),),
        dynamic_shapes=({0: batch},),
    )
    P["where_const"] = Program(WhereConst, lambda: [(torch.randn(3, generator=g),)])
    P["mlp_wide"] = Program(MlpWide, lambda g=gen(7): [(torch.randn(64, 64, generator=g),)], model=True)
    P["convnet_bn"] = Program(ConvBn, lambda g=gen(20): [(torch.randn(2, 3, 16, 16, generator=g),)], model=True)
    P["mobilenet"] = Program(MobileNet, lambda g=gen(21): [(torch.randn(1, 3, 32, 32, generator=g),)], model=True)
    # ConvBn again with a dynamic batch (bound 4): convolution, batch norm and pooling outs
    # resized per call (batches 1 and 3).
    g22 = gen(22)
    P["convnet_dynamic"] = Program(
        ConvBn,
        lambda: [(torch.randn(1, 3, 16, 16, generator=g22),), (torch.randn(3, 3, 16, 16, generator=g22),)],
        example=lambda: (torch.randn(4, 3, 16, 16, generator=g22),),
        dynamic_shapes=({0: torch.export.Dim("batch", min=1, max=4)},),
    )
    P["encoder"] = Program(Encoder, lambda g=gen(23): [(torch.randn(2, 8, 32, generator=g),)], model=True)
    # Four decode steps of one token each: the KV caches (zero-initialized, kept in the
    # program) fill position by position, and each step attends over the earlier ones.
    P["llama"] = Program(
        Llama,
        lambda: [(torch.tensor([[t]]), torch.tensor([k])) for k, t in enumerate([3, 17, 42, 5])],
        init_buffers=[f"layers.{i}.{c}" for i in range(2) for c in ("k_cache", "v_cache")],
        model=True,
    )
    cl = torch.channels_last
    P["convnet_cl"] = Program(
        lambda: ConvCl().to(memory_format=cl),
        lambda g=gen(24): [(torch.randn(1, 3, 8, 8, generator=g).to(memory_format=cl),)],
        model=True,
    )
    P["convnet_q"] = Program(
        lambda: quantized(ConvQ(), (1, 3, 16, 16)),
        lambda g=gen(25): [(torch.randn(1, 3, 16, 16, generator=g),)],
        model=True,
    )
    # Realistic sizes.
    P["mlp_large"] = Program(mlp_large, lambda g=gen(40): [(torch.randn(16, 256, generator=g),)], model=True)
    P["encoder_wide"] = Program(EncoderWide, lambda g=gen(41): [(torch.randn(1, 64, 256, generator=g),)], model=True)
    P["llama_prefill"] = Program(
        LlamaPrefill, lambda g=gen(42): [(torch.randint(0, 256, (1, 32), generator=g),)], model=True
    )
    P["mobilenet_112"] = Program(MobileNet112, lambda g=gen(43): [(torch.randn(1, 3, 112, 112, generator=g),)], model=True)
    P["resnet"] = Program(ResNet, lambda g=gen(44): [(torch.randn(1, 3, 96, 96, generator=g),)], model=True)
    P["resnet_cl"] = Program(
        lambda: ResNet().to(memory_format=cl),
        lambda g=gen(45): [(torch.randn(1, 3, 96, 96, generator=g).to(memory_format=cl),)],
        model=True,
    )
    P["resnet_q"] = Program(
        lambda: quantized(ResNet(), (1, 3, 96, 96), seed=46),
        lambda g=gen(47): [(torch.randn(1, 3, 96, 96, generator=g),)],
        model=True,
    )
    P["pointwise_chain"] = Program(
        PointwiseChain,
        lambda g=gen(26): [
            (torch.randn(1, 8, generator=g), torch.rand(1, 8, generator=g) * 0.9, torch.randn(1, 8, generator=g))
        ],
        model=True,
    )
    P["unet"] = Program(UNet, lambda g=gen(48): [(torch.randn(1, 3, 64, 64, generator=g),)], model=True)
    return P


# Programs written from others (run those first) or without test vectors of this format.
DERIVED = {"where_inline": "where_const"}


def module(name):
    """The PyTorch module program NAME was exported from (benches/compare/models.py exports
    it again with XNNPACK and times it in torch eager; the inputs are its test vectors')."""
    m = programs()[DERIVED.get(name, name)].module()
    return m if isinstance(m, torch.fx.GraphModule) else m.eval()


def main(names):
    P = programs()
    writers = {name: (lambda n=name: P[n].write(n)) for name in P}
    writers["delegated"] = write_delegated
    writers["bad_alias"] = write_bad_alias
    writers["where_inline"] = write_where_inline
    writers["mlp_bundled"] = lambda g=gen(5): write_bundled(
        "mlp_bundled", MlpMatmul(), [(torch.randn(4, 16, generator=g),) for _ in range(3)]
    )
    writers["cl_bundled"] = lambda g=gen(8): write_bundled(
        "cl_bundled",
        ScaleShift(),
        [(torch.randn(1, 3, 4, 4, generator=g).to(memory_format=torch.channels_last),) for _ in range(2)],
    )
    for n in names or writers:
        writers[n]()


if __name__ == "__main__":
    main(sys.argv[1:])
