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


def export_pte(model, example, init_buffers=(), dynamic_shapes=None):
    """to_executorch without delegation; `init_buffers` names mutable buffers whose initial
    value is kept in the program (ExecuTorch otherwise stores only their shape)."""
    config = ExecutorchBackendConfig(passes=[InitializedMutableBufferPass(list(init_buffers))])
    ep = export(model, example, dynamic_shapes=dynamic_shapes)
    prog = to_edge(ep).to_executorch(config)
    return prog.buffer


def save_io(name, tensors, n_inputs, n_outputs, n_steps=None):
    meta = {
        "model": name,
        "n_inputs": str(n_inputs),
        "n_outputs": str(n_outputs),
        "producer": PRODUCER,
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


def write(name, model, inputs, steps=1, init_buffers=(), example=None, dynamic_shapes=None):
    """Exports `model` on `example` (default `inputs[0]`), then records `steps` calls of
    `inputs` on a fresh copy."""
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
    save_io(name, tensors, len(inputs[0]), len(outs), steps if steps > 1 else None)
    print(f"wrote {name}.pte ({os.path.getsize(os.path.join(HERE, name + '.pte'))} bytes)")


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
    for n in names or models:
        models[n]()


if __name__ == "__main__":
    main(sys.argv[1:])
