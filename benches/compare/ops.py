"""One operator at a time against the peers: for each row a one-operator program, timed in one
run, one thread, rounds interleaved, in etk-run (release; and `opbench` where the row names its
call), ExecuTorch 1.5.1 on its kernels, ExecuTorch 1.5.1 with the program lowered by the XNNPACK
partitioner, and torch eager (see peers.py). Prints µs per operator call and etk/XNNPACK,
etk/torch. Never run in CI.

    ~/torchenv/bin/python benches/compare/ops.py [--filter SUBSTRING] [--rounds 5] [--seconds 0.2]
        [--no-executorch]

A row is one line of `ROWS`: a label, the operator as a function of its inputs (or a module
holding its weights), its inputs (`f32(64, 1024)`, `ints(4096, 1024)`, ...), and optionally
`eager=` (what torch eager runs, when the exported form differs: `permute` is a view in eager
and a copy in a program) and `opbench=` (opbench's arguments for the same call). The program
calls the operator K times on the same inputs, each call's result an output of its own (no
chain, which XNNPACK could fuse, and nothing shared), K = 16 or fewer, so that one call of the
program takes about 100 µs in torch eager; times are per operator call.
The programs go to `~/.cache/etk-compare/ops` with test vectors, which etk-run checks before
timing. Where XNNPACK does not take the operator, its column is ExecuTorch's kernels again (the
coverage lines say so)."""
import inspect
import os
import re
import subprocess
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers import (  # noqa: E402
    EtMethod, EtkRun, TorchCall, arguments, bold_above_1, cache_dir, cached_xnnpack, coverage_text,
    digest, first_line, fmt, geomean, machine, measure_rounds, models_export, one_thread,
    print_rounds, ratio, release_binaries, summary, write_io,
)

nn = torch.nn


def f32(*shape):
    return lambda g: torch.randn(*shape, generator=g)


def cl32(*shape):
    """A channels-last Float input (the program's input in dim order 0, 2, 3, 1)."""
    return lambda g: torch.randn(*shape, generator=g).contiguous(memory_format=torch.channels_last)


def f16(*shape):
    return lambda g: torch.randn(*shape, generator=g).half()


def bf16(*shape):
    return lambda g: torch.randn(*shape, generator=g).bfloat16()


def grid(*shape):
    """Sampling points over the input and a little past its edges."""
    return lambda g: torch.rand(*shape, generator=g) * 2.2 - 1.1


def ints(high, *shape):
    return lambda g: torch.randint(0, high, shape, generator=g)


class Op:
    def __init__(self, label, op, *inputs, eager=None, opbench=None):
        self.label, self.op, self.inputs, self.eager, self.opbench = label, op, inputs, eager, opbench


torch.manual_seed(0)
ROWS = [
    Op("_softmax 64x1024", lambda x: torch.softmax(x, -1), f32(64, 1024)),
    Op("_log_softmax 64x1024", lambda x: torch.log_softmax(x, -1), f32(64, 1024)),
    Op("native_layer_norm 64x1024", nn.LayerNorm(1024), f32(64, 1024)),
    Op("native_group_norm 1x64x56x56 g8", nn.GroupNorm(8, 64), f32(1, 64, 56, 56)),
    Op("batch_norm 1x96x56x56", nn.BatchNorm2d(96).eval(), f32(1, 96, 56, 56)),
    Op("mean dim 0 of 256x1024", lambda x: x.mean(0), f32(256, 1024), opbench="mean f32 256x1024 --dim 0"),
    Op("mean dims (2,3) of 1x256x14x14", lambda x: x.mean((2, 3)), f32(1, 256, 14, 14),
       opbench="mean f32 1x256x14x14 --args 2,3"),
    Op("amax last dim of 256x1024", lambda x: x.amax(-1), f32(256, 1024), opbench="amax f32 256x1024"),
    Op("sum last dim of 256x1024", lambda x: x.sum(-1), f32(256, 1024), opbench="sum f32 256x1024"),
    Op("sum dim 0 of 256x1024", lambda x: x.sum(0), f32(256, 1024), opbench="sum f32 256x1024 --dim 0"),
    Op("amin dim 0 of 256x1024", lambda x: x.amin(0), f32(256, 1024), opbench="amin f32 256x1024 --dim 0"),
    Op("argmax last dim of 256x1024", lambda x: x.argmax(-1), f32(256, 1024), opbench="argmax f32 256x1024"),
    Op("var last dim of 256x1024", lambda x: x.var(-1), f32(256, 1024), opbench="var f32 256x1024"),
    Op("any last dim of 256x1024 bool", lambda x: x.any(-1), lambda g: torch.rand(256, 1024, generator=g) > 0.9999),
    Op("rfft last dim of 64x1024", lambda x: torch.fft.rfft(x), f32(64, 1024), opbench="_fft_r2c f32 64x1024"),
    Op("irfft last dim to 64x1024", lambda x: torch.fft.irfft(x, n=1024),
       lambda g: torch.randn(64, 513, dtype=torch.complex64, generator=g), opbench="_fft_c2r f32 64x1024"),
    Op("max_pool2d 1x64x112x112 k3 s2 p1", nn.MaxPool2d(3, 2, 1), f32(1, 64, 112, 112),
       opbench="max_pool2d f32 1x64x112x112 --args 3,2,1"),
    Op("avg_pool2d 1x64x56x56 k2", nn.AvgPool2d(2), f32(1, 64, 56, 56),
       opbench="avg_pool2d f32 1x64x56x56 --args 2,2,0"),
    Op("adaptive_avg_pool2d 1x256x7x7 to 1", nn.AdaptiveAvgPool2d(1), f32(1, 256, 7, 7),
       opbench="adaptive_avg_pool2d f32 1x256x7x7 --other 1x1"),
    Op("upsample_bilinear2d x2 1x32x64x64", nn.Upsample(scale_factor=2, mode="bilinear"), f32(1, 32, 64, 64),
       opbench="upsample_bilinear2d f32 1x32x64x64"),
    Op("grid_sampler_2d bilinear 1x32x64x64", lambda x, g: nn.functional.grid_sample(x, g, align_corners=False),
       f32(1, 32, 64, 64), grid(1, 64, 64, 2), opbench="grid_sampler_2d f32 1x32x64x64"),
    Op("upsample_nearest2d x2 1x32x64x64", nn.Upsample(scale_factor=2), f32(1, 32, 64, 64),
       opbench="upsample_nearest2d f32 1x32x64x64 --args 128,128"),
    Op("permute_copy (2,0,1) 64x128x32", lambda x: x.permute(2, 0, 1), f32(64, 128, 32),
       eager=lambda x: x.permute(2, 0, 1).contiguous(), opbench="permute_copy f32 64x128x32 --args 2,0,1"),
    Op("permute_copy (0,2,1,3) 1x128x8x64", lambda x: x.permute(0, 2, 1, 3), f32(1, 128, 8, 64),
       eager=lambda x: x.permute(0, 2, 1, 3).contiguous(), opbench="permute_copy f32 1x128x8x64 --args 0,2,1,3"),
    Op("permute_copy (1,0) 768x3072", lambda x: x.permute(1, 0), f32(768, 3072),
       eager=lambda x: x.permute(1, 0).contiguous(), opbench="permute_copy f32 768x3072 --args 1,0"),
    Op("NCHW to NHWC 1x64x56x56", lambda x: x.contiguous(memory_format=torch.channels_last), f32(1, 64, 56, 56),
       opbench="to_dim_order_copy f32 1x64x56x56 --args 0,2,3,1"),
    Op("expand_copy 1x8x1x64 to 1x8x128x64", lambda x: x.expand(1, 8, 128, 64), f32(1, 8, 1, 64),
       eager=lambda x: x.expand(1, 8, 128, 64).contiguous(), opbench="expand_copy f32 1x8x1x64 --other 1x8x128x64"),
    Op("slice_copy [:, :64] of 1x128x8x64", lambda x: x[:, :64], f32(1, 128, 8, 64),
       eager=lambda x: x[:, :64].contiguous(), opbench="slice_copy f32 1x128x8x64 --args 1,0,64,1"),
    Op("constant_pad_nd 1x64x56x56 p1", lambda x: nn.functional.pad(x, (1, 1, 1, 1)), f32(1, 64, 56, 56),
       opbench="constant_pad_nd f32 1x64x56x56 --args 1,1,1,1"),
    Op("pixel_shuffle r2 1x64x56x56", nn.PixelShuffle(2), f32(1, 64, 56, 56),
       opbench="pixel_shuffle f32 1x64x56x56 --args 2"),
    Op("cat dim 1 2x 1x32x56x56", lambda a, b: torch.cat([a, b], 1), f32(1, 32, 56, 56), f32(1, 32, 56, 56),
       opbench="cat f32 1x32x56x56 1x32x56x56 --args 1"),
    Op("stack 2x 64x256", lambda a, b: torch.stack([a, b], 1), f32(64, 256), f32(64, 256),
       opbench="stack f32 64x256 64x256 --args 1"),
    Op("conv2d 1x64x56x56 64 k3 p1", nn.Conv2d(64, 64, 3, padding=1), f32(1, 64, 56, 56),
       opbench="convolution f32 1x64x56x56 64x64x3x3 1x1x1x1"),
    Op("conv2d depthwise 1x96x56x56 k3 p1", nn.Conv2d(96, 96, 3, padding=1, groups=96), f32(1, 96, 56, 56),
       opbench="convolution f32 1x96x56x56 96x1x3x3 1x1x1x96"),
    Op("conv2d 1x3x112x112 16 k3 s2 p1", nn.Conv2d(3, 16, 3, stride=2, padding=1), f32(1, 3, 112, 112)),
    Op("conv_transpose2d 1x64x16x16 32 k3 s2", nn.ConvTranspose2d(64, 32, 3, 2, 1, output_padding=1), f32(1, 64, 16, 16)),
    Op("conv2d 1x64x56x56 64 k3 p2 dilation 2", nn.Conv2d(64, 64, 3, padding=2, dilation=2), f32(1, 64, 56, 56)),
    Op("conv2d 1x64x56x56 64 k3 p1 groups 2", nn.Conv2d(64, 64, 3, padding=1, groups=2), f32(1, 64, 56, 56)),
    Op("conv2d 1x64x56x56 64 k3 p1 groups 32", nn.Conv2d(64, 64, 3, padding=1, groups=32), f32(1, 64, 56, 56)),
    Op("conv1d 1x128x1024 128 k3 p1", nn.Conv1d(128, 128, 3, padding=1), f32(1, 128, 1024)),
    Op("conv2d 1x3x224x224 32 k3 s2 p1", nn.Conv2d(3, 32, 3, stride=2, padding=1), f32(1, 3, 224, 224)),
    Op("conv2d channels-last 1x64x56x56 64 k3 p1", nn.Conv2d(64, 64, 3, padding=1), cl32(1, 64, 56, 56)),
    Op("conv2d channels-last depthwise 1x96x56x56 k3 p1", nn.Conv2d(96, 96, 3, padding=1, groups=96),
       cl32(1, 96, 56, 56)),
    Op("conv2d small 2x3x16x16 8 k3 p1", nn.Conv2d(3, 8, 3, padding=1), f32(2, 3, 16, 16),
       opbench="convolution f32 2x3x16x16 8x3x3x3 1x1x1x1"),
    Op("conv2d small 2x8x8x8 16 k3 p1", nn.Conv2d(8, 16, 3, padding=1), f32(2, 8, 8, 8),
       opbench="convolution f32 2x8x8x8 16x8x3x3 1x1x1x1"),
    Op("conv2d small 1x8x16x16 16 k3 s2 p1", nn.Conv2d(8, 16, 3, stride=2, padding=1), f32(1, 8, 16, 16),
       opbench="convolution f32 1x8x16x16 16x8x3x3 2x1x1x1"),
    Op("conv2d small channels-last 1x3x8x8 8 k3 p1", nn.Conv2d(3, 8, 3, padding=1), cl32(1, 3, 8, 8)),
    Op("conv2d f16 1x64x56x56 64 k3 p1", nn.Conv2d(64, 64, 3, padding=1).half(), f16(1, 64, 56, 56)),
    Op("conv2d bf16 1x64x56x56 64 k3 p1", nn.Conv2d(64, 64, 3, padding=1).bfloat16(), bf16(1, 64, 56, 56)),
    # The convolutions of the committed models resnet and mobilenet_112, one per shape.
    Op("layer resnet stem 1x3x96x96 32 k7 s2 p3", nn.Conv2d(3, 32, 7, 2, 3, bias=False), f32(1, 3, 96, 96)),
    Op("layer resnet 1x32x24x24 32 k3 p1", nn.Conv2d(32, 32, 3, padding=1, bias=False), f32(1, 32, 24, 24)),
    Op("layer resnet 1x32x24x24 64 k3 s2 p1", nn.Conv2d(32, 64, 3, 2, 1, bias=False), f32(1, 32, 24, 24)),
    Op("layer resnet 1x32x24x24 64 k1 s2", nn.Conv2d(32, 64, 1, 2, bias=False), f32(1, 32, 24, 24)),
    Op("layer resnet 1x64x12x12 64 k3 p1", nn.Conv2d(64, 64, 3, padding=1, bias=False), f32(1, 64, 12, 12)),
    # resnet_cl's: the same convolutions on channels-last tensors
    Op("layer resnet_cl stem 1x3x96x96 32 k7 s2 p3", nn.Conv2d(3, 32, 7, 2, 3, bias=False), cl32(1, 3, 96, 96)),
    Op("layer resnet_cl 1x32x24x24 32 k3 p1", nn.Conv2d(32, 32, 3, padding=1, bias=False), cl32(1, 32, 24, 24)),
    Op("layer resnet_cl 1x32x24x24 64 k3 s2 p1", nn.Conv2d(32, 64, 3, 2, 1, bias=False), cl32(1, 32, 24, 24)),
    Op("layer resnet_cl 1x32x24x24 64 k1 s2", nn.Conv2d(32, 64, 1, 2, bias=False), cl32(1, 32, 24, 24)),
    Op("layer resnet_cl 1x64x12x12 64 k3 p1", nn.Conv2d(64, 64, 3, padding=1, bias=False), cl32(1, 64, 12, 12)),
    Op("layer resnet max_pool2d 1x32x48x48 k3 s2 p1", nn.MaxPool2d(3, 2, 1), f32(1, 32, 48, 48)),
    Op("layer resnet_cl max_pool2d 1x32x48x48 k3 s2 p1", nn.MaxPool2d(3, 2, 1), cl32(1, 32, 48, 48)),
    Op("layer convnet_bn max_pool2d 2x8x16x16 k2", nn.MaxPool2d(2), f32(2, 8, 16, 16)),
    Op("layer convnet_bn max_pool2d 2x16x8x8 k2", nn.MaxPool2d(2), f32(2, 16, 8, 8)),
    Op("layer unet enc1 1x3x64x64 16 k3 p1", nn.Conv2d(3, 16, 3, padding=1), f32(1, 3, 64, 64)),
    Op("layer unet enc2 1x16x32x32 32 k3 p1", nn.Conv2d(16, 32, 3, padding=1), f32(1, 16, 32, 32)),
    Op("layer unet down 1x32x32x32 32 k3 s2 p1", nn.Conv2d(32, 32, 3, 2, 1), f32(1, 32, 32, 32)),
    Op("layer unet mid 1x32x16x16 64 k3 p2 d2", nn.Conv2d(32, 64, 3, padding=2, dilation=2), f32(1, 32, 16, 16)),
    Op("layer unet mid 1x64x16x16 64 k3 p1 g4", nn.Conv2d(64, 64, 3, padding=1, groups=4), f32(1, 64, 16, 16)),
    Op("layer unet up2 transposed 1x64x16x16 32 k3 s2 p1 op1", nn.ConvTranspose2d(64, 32, 3, 2, 1, 1),
       f32(1, 64, 16, 16)),
    Op("layer unet dec2 1x64x32x32 32 k3 p1", nn.Conv2d(64, 32, 3, padding=1), f32(1, 64, 32, 32)),
    Op("layer unet dec1 1x48x64x64 16 k3 p1", nn.Conv2d(48, 16, 3, padding=1), f32(1, 48, 64, 64)),
    Op("layer unet head 1x16x64x64 3 k1", nn.Conv2d(16, 3, 1), f32(1, 16, 64, 64)),
    Op("layer unet native_group_norm 1x16x64x64 g8", nn.GroupNorm(8, 16), f32(1, 16, 64, 64)),
    Op("layer unet native_group_norm 1x32x32x32 g8", nn.GroupNorm(8, 32), f32(1, 32, 32, 32)),
    Op("layer unet upsample_bilinear2d x2 1x32x32x32", nn.Upsample(scale_factor=2, mode="bilinear"),
       f32(1, 32, 32, 32)),
    Op("layer mobilenet_112 1x16x56x56 16 k1", nn.Conv2d(16, 16, 1, bias=False), f32(1, 16, 56, 56)),
    Op("layer mobilenet_112 depthwise 1x16x56x56 k3 p1", nn.Conv2d(16, 16, 3, padding=1, groups=16, bias=False),
       f32(1, 16, 56, 56)),
    Op("layer mobilenet_112 1x16x56x56 64 k1", nn.Conv2d(16, 64, 1, bias=False), f32(1, 16, 56, 56)),
    Op("layer mobilenet_112 depthwise 1x64x56x56 k3 s2 p1", nn.Conv2d(64, 64, 3, 2, 1, groups=64, bias=False),
       f32(1, 64, 56, 56)),
    Op("layer mobilenet_112 1x64x28x28 24 k1", nn.Conv2d(64, 24, 1, bias=False), f32(1, 64, 28, 28)),
    Op("layer mobilenet_112 1x24x28x28 96 k1", nn.Conv2d(24, 96, 1, bias=False), f32(1, 24, 28, 28)),
    Op("layer mobilenet_112 depthwise 1x96x28x28 k3 p1", nn.Conv2d(96, 96, 3, padding=1, groups=96, bias=False),
       f32(1, 96, 28, 28)),
    Op("layer mobilenet_112 1x96x28x28 24 k1", nn.Conv2d(96, 24, 1, bias=False), f32(1, 96, 28, 28)),
    Op("layer mobilenet_112 depthwise 1x96x28x28 k3 s2 p1", nn.Conv2d(96, 96, 3, 2, 1, groups=96, bias=False),
       f32(1, 96, 28, 28)),
    Op("layer mobilenet_112 depthwise 1x128x14x14 k3 p1",
       nn.Conv2d(128, 128, 3, padding=1, groups=128, bias=False), f32(1, 128, 14, 14)),
    Op("layer mobilenet_112 depthwise 1x128x14x14 k3 s2 p1",
       nn.Conv2d(128, 128, 3, 2, 1, groups=128, bias=False), f32(1, 128, 14, 14)),
    Op("layer mobilenet_112 depthwise 1x256x7x7 k3 p1", nn.Conv2d(256, 256, 3, padding=1, groups=256, bias=False),
       f32(1, 256, 7, 7)),
    Op("layer mobilenet_112 1x32x14x14 128 k1", nn.Conv2d(32, 128, 1, bias=False), f32(1, 32, 14, 14)),
    Op("layer mobilenet_112 1x128x14x14 32 k1", nn.Conv2d(128, 32, 1, bias=False), f32(1, 128, 14, 14)),
    Op("layer mobilenet_112 1x64x7x7 256 k1", nn.Conv2d(64, 256, 1, bias=False), f32(1, 64, 7, 7)),
    Op("sigmoid 64K", torch.sigmoid, f32(65536), opbench="sigmoid f32 65536"),
    Op("tanh 64K", torch.tanh, f32(65536), opbench="tanh f32 65536"),
    Op("gelu 64K", nn.functional.gelu, f32(65536), opbench="gelu f32 65536"),
    Op("silu 64K", nn.functional.silu, f32(65536)),
    Op("hardswish 64K", nn.functional.hardswish, f32(65536)),
    Op("relu 64K", torch.relu, f32(65536), opbench="relu f32 65536"),
    Op("gelu tanh 64K", lambda x: nn.functional.gelu(x, approximate="tanh"), f32(65536)),
    Op("hardsigmoid 64K", nn.functional.hardsigmoid, f32(65536)),
    Op("hardtanh 64K", nn.functional.hardtanh, f32(65536), opbench="hardtanh f32 65536"),
    Op("elu 64K", nn.functional.elu, f32(65536), opbench="elu f32 65536"),
    Op("leaky_relu 64K", nn.functional.leaky_relu, f32(65536), opbench="leaky_relu f32 65536"),
    Op("add 64x1024 + 1024", torch.add, f32(64, 1024), f32(1024), opbench="add f32 64x1024 --other 1024"),
    Op("mul 64K", torch.mul, f32(65536), f32(65536), opbench="mul f32 65536"),
    Op("linear 128x768 by 768x768", nn.Linear(768, 768), f32(128, 768)),
    Op("mm 256x256 by 256x256", torch.mm, f32(256, 256), f32(256, 256), opbench="mm f32 256x256 256x256"),
    Op("bmm 8x128x64 by 8x64x128", torch.bmm, f32(8, 128, 64), f32(8, 64, 128), opbench="bmm f32 8x128x64 8x64x128"),
    Op("mm 1x4096 by 4096x4096", torch.mm, f32(1, 4096), f32(4096, 4096), opbench="mm f32 1x4096 4096x4096"),
    Op("mm 1x256 by 256x1024", torch.mm, f32(1, 256), f32(256, 1024), opbench="mm f32 1x256 256x1024"),
    Op("bmm 8x1x64 by 8x64x128", torch.bmm, f32(8, 1, 64), f32(8, 64, 128), opbench="bmm f32 8x1x64 8x64x128"),
    Op("linear 1x4096 by 4096x4096", nn.Linear(4096, 4096, bias=False), f32(1, 4096)),
    Op("add 1x64 + 1x64", torch.add, f32(1, 64), f32(1, 64), opbench="add f32 1x64 --other 1x64"),
    Op("index_select 1024 rows of 4096x256", lambda x, i: torch.index_select(x, 0, i), f32(4096, 256), ints(4096, 1024),
       opbench="index_select f32 4096x256 --other 1024"),
    Op("index.Tensor 1024 rows of 4096x256", lambda x, i: x[i], f32(4096, 256), ints(4096, 1024),
       opbench="index f32 4096x256 --other 1024"),
    Op("embedding 512 of 32000x256", nn.Embedding(32000, 256), ints(32000, 512),
       opbench="embedding f32 32000x256 --other 512"),
]


class Fan(nn.Module):
    """`op` called `k` times on the same inputs, each result an output."""

    def __init__(self, op, k):
        super().__init__()
        self.k = k
        if isinstance(op, nn.Module):
            self.inner = op
        else:
            self.fn = op

    # Not `*xs`: torch.export takes a varargs forward for one without inputs.
    def forward(self, a, b=None):
        f = self.inner if hasattr(self, "inner") else self.fn
        xs = (a,) if b is None else (a, b)
        return tuple(f(*xs) for _ in range(self.k))


def calls_per_program(row, inputs, target_us=100.0, most=16):
    """K: as many calls as take about `target_us` in torch eager, at most `most`: enough that
    a runtime's cost per program call (a few µs) is small beside the operator's, few enough
    that the K results stay in cache (16 softmax results of 64x1024 made ExecuTorch's kernel
    3.5x slower per call than 1 to 4 did)."""
    f = row.eager or row.op
    with torch.no_grad():
        f(*inputs)
        t = TorchCall(Fan(f, 1), inputs).timing(20, 5)[0]
    return max(1, min(most, int(target_us / max(t, 1e-3))))


def slug(label):
    return re.sub(r"[^A-Za-z0-9]+", "_", label).strip("_")


def source_of(op):
    """What identifies the operator's definition, for the cache key."""
    try:
        return inspect.getsource(op)
    except (OSError, TypeError):
        return repr(op)


class Opbench:
    """`opbench ARGS --threads 1`: one operator call timed by etk's own benchmark CLI."""

    US = re.compile(r"\s([0-9.]+) us")

    def __init__(self, binary, args):
        self.cmd, self.error = [binary, *args.split(), "--threads", "1"], None

    def timing(self, iters, warmup):
        """opbench's own median (of 9 batches), as both the median and the least."""
        r = subprocess.run(self.cmd, capture_output=True, text=True)
        m = self.US.search(r.stdout)
        if r.returncode != 0 or not m:
            self.error = f"opbench exit {r.returncode}: {(r.stderr or r.stdout).strip()[-200:]}"
            return None
        return float(m.group(1)), float(m.group(1))


class PerCall:
    """A runner of a K-call program, timed per operator call."""

    def __init__(self, runner, k):
        self.runner, self.k = runner, k

    @property
    def error(self):
        return self.runner.error

    def timing(self, iters, warmup):
        t = self.runner.timing(iters, warmup)
        return None if t is None else (t[0] / self.k, t[1] / self.k)


def prepare(row, etk_run, opbench, with_executorch):
    """The runtimes' runners for one row (or the text of why one cannot run it), and notes."""
    g = torch.Generator().manual_seed(1)
    inputs = [make(g) for make in row.inputs]
    k = calls_per_program(row, inputs)
    fan = Fan(row.op, k).eval()
    key = digest(row.label, k, source_of(row.op), [tuple(t.shape) for t in inputs])
    d = cache_dir("ops")
    stem = os.path.join(d, f"{slug(row.label)}-{key}")
    out, notes = {}, {"k": k}
    try:
        if not os.path.exists(stem + ".io.safetensors"):
            with torch.no_grad():
                outputs = fan(*inputs)
            with open(stem + ".pte", "wb") as f:
                f.write(models_export.export_pte(fan, tuple(inputs)))
            write_io(stem + ".io.safetensors", row.label, inputs, outputs)
        out["etk"] = PerCall(EtkRun(etk_run, stem + ".pte", stem + ".io.safetensors"), k)
        if with_executorch:
            out["executorch"] = PerCall(EtMethod(stem + ".pte", inputs), k)
    except Exception as e:  # the export failed
        out["etk"] = f"export: {first_line(e)}"
    try:
        xpte, summary = cached_xnnpack(slug(row.label), key, lambda: (fan, inputs, None, ()), kind="ops-xnnpack")
        notes["xnnpack"] = coverage_text(summary)
        out["xnnpack"] = PerCall(EtMethod(xpte, inputs), k)
    except Exception as e:
        out["xnnpack"] = f"XNNPACK: {first_line(e)}"
    out["torch"] = PerCall(TorchCall(Fan(row.eager or row.op, k).eval(), inputs), k)
    if row.opbench:
        out["opbench"] = Opbench(opbench, row.opbench)
    return out, notes


def main():
    ap = arguments()
    ap.add_argument("--no-executorch", action="store_true", help="skip ExecuTorch's own kernels")
    ap.add_argument("--bin", default="", help="a folder holding etk-run and opbench instead of this checkout's")
    args = ap.parse_args()
    if args.bin:
        etk_run, opbench = (os.path.join(args.bin, b) for b in ("etk-run", "opbench"))
    else:
        etk_run, opbench = release_binaries("etk-run", "opbench")
    one_thread()
    table, notes = {}, {}
    for row in ROWS:
        if args.filter in row.label:
            print(f"preparing {row.label}", file=sys.stderr)
            table[row.label], notes[row.label] = prepare(row, etk_run, opbench, not args.no_executorch)
    times, errors = measure_rounds(table, args.rounds, args.seconds, args.max_iters)

    print(f"Machine: {machine()}\n")
    print(f"{args.rounds} rounds; µs per operator call, the median of the rounds' medians; ratios "
          "below 1: etk (etk-run on the one-operator program) is faster (bold: slower); (min): the "
          "same ratio of the least calls, which a loaded machine disturbs least.\n")
    print("| operator, shape | K | etk | etk opbench | ExecuTorch (kernels) | XNNPACK | torch eager "
          "| etk / XNNPACK | etk / torch | etk / XNNPACK (min) | etk / torch (min) |")
    print("| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |")
    cols = [[], [], [], []]
    for label in table:
        ts = times[label]
        med = {rt: fmt(summary(ts.get(rt, []), "median")) for rt in ("etk", "opbench", "executorch", "xnnpack", "torch")}
        lowered = "not lowered" not in notes[label].get("xnnpack", "not lowered")
        if not lowered:
            med["xnnpack"] = f"({med['xnnpack']})"
        rs = [ratio(ts, "etk", "xnnpack") if lowered else None, ratio(ts, "etk", "torch"),
              ratio(ts, "etk", "xnnpack", "min") if lowered else None, ratio(ts, "etk", "torch", "min")]
        for c, r in zip(cols, rs):
            c.append(r)
        print(f"| `{label}` | {notes[label]['k']} | " + " | ".join(med.values()) + " | "
              + " | ".join([bold_above_1(rs[0]), bold_above_1(rs[1]), fmt(rs[2]), fmt(rs[3])]) + " |")
    print("| geometric mean | | | | | | | " + " | ".join(fmt(geomean(c)) for c in cols) + " |")
    print("\nXNNPACK in parentheses: the partitioner did not take the operator (ExecuTorch's kernels "
          "ran it); no ratio.\n\n```")
    for label in table:
        print(f"{label}: {notes[label].get('xnnpack', '')}")
    for (label, rt), err in sorted(errors.items()):
        print(f"{label}: {rt} error: {err}")
    print("```\n")
    print_rounds(times)


if __name__ == "__main__":
    main()
