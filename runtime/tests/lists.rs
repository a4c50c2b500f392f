//! List arguments reach kernels as ExecuTorch defines them: an IntList's items are the
//! values of Int entries (read at each call), a TensorList's and an optional-tensor list's
//! items are tensors (or None). Checked on committed models whose list-taking operators etk
//! does not implement yet, with small stand-in kernels registered over portable: the outputs
//! must match PyTorch's. `sym_size` also checks that Int results of kernels (a size read at
//! run time, then multiplied by a prim op) are written back and read by a later int list.

mod common;

use common::{check, read};
use etk::{EValue, KernelContext, KernelEntry, Registry, Result, Scalar, Tensor};
use etk_core::boxed_kernel;
use etk_runtime::{Method, Program};

fn logical(t: &Tensor<'_>) -> Vec<f64> {
    let s = t.strides().to_vec();
    (0..t.numel())
        .map(|i| {
            t.read::<f64>(etk::owned::logical_to_offset(i, t.sizes(), &s))
                .unwrap()
        })
        .collect()
}

fn write(out: &mut Tensor<'_>, sizes: &[usize], vals: &[f64]) -> Result<()> {
    out.resize("test", "out", sizes)?;
    assert!(out.is_contiguous());
    let o = out.as_mut_slice::<f32>().expect("a writable Float out");
    for (o, v) in o.iter_mut().zip(vals) {
        *o = *v as f32;
    }
    Ok(())
}

fn permute(
    _: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dims: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    // Only what the MLP needs: a 2-D transpose.
    assert_eq!(dims, [1, 0]);
    let (r, c) = (self_.size(0), self_.size(1));
    let v = logical(self_);
    let t: Vec<f64> = (0..r * c).map(|k| v[(k % r) * c + k / r]).collect();
    write(out, &[c, r], &t)
}
boxed_kernel!(fn permute_boxed = "aten::permute_copy.out" => permute(self_: &Tensor, dims: &[i64]) -> (out));

fn cat(
    _: &mut KernelContext<'_>,
    tensors: &[Tensor<'_>],
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    assert_eq!(dim, 0);
    let rows: usize = tensors.iter().map(|t| t.size(0)).sum();
    let vals: Vec<f64> = tensors.iter().flat_map(logical).collect();
    write(out, &[rows, tensors[0].size(1)], &vals)
}
boxed_kernel!(fn cat_boxed = "aten::cat.out" => cat(tensors: &[Tensor], dim: i64) -> (out));

fn index(
    _: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    out: &mut Tensor<'_>,
) -> Result<()> {
    assert_eq!(indices.len(), 1);
    let idx = indices[0].as_ref().expect("an index tensor");
    let (v, c) = (logical(self_), self_.size(1));
    let rows: Vec<usize> = logical(idx).iter().map(|&i| i as usize).collect();
    let vals: Vec<f64> = rows
        .iter()
        .flat_map(|&r| v[r * c..(r + 1) * c].to_vec())
        .collect();
    write(out, &[rows.len(), c], &vals)
}
boxed_kernel!(fn index_boxed = "aten::index.Tensor_out" => index(self_: &Tensor, indices: &[Option<Tensor>]) -> (out));

fn int_arg(v: &EValue<'_>) -> i64 {
    match v {
        EValue::Int(i) => *i,
        other => panic!("expected an Int, got {}", other.kind_name()),
    }
}

/// `sym_size.int(Tensor self, int dim) -> SymInt`: the result is the call's last value.
fn sym_size(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    let EValue::Tensor(t) = &stack[0] else {
        panic!("self")
    };
    let n = t.size(int_arg(&stack[1]) as usize) as i64;
    stack[2] = EValue::Int(n);
    Ok(())
}

/// `executorch_prim::mul.Scalar(Scalar a, Scalar b) -> Scalar`.
fn prim_mul(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    stack[2] = EValue::Int(int_arg(&stack[0]) * int_arg(&stack[1]));
    Ok(())
}

fn full(
    _: &mut KernelContext<'_>,
    size: &[i64],
    fill_value: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let sizes: Vec<usize> = size.iter().map(|&s| s as usize).collect();
    let n = sizes.iter().product();
    write(out, &sizes, &vec![fill_value.to_f64(); n])
}
boxed_kernel!(fn full_boxed = "aten::full.out" => full(size: &[i64], fill_value: Scalar) -> (out));

fn repeat(
    _: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    repeats: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    assert_eq!(repeats, [2, 1]);
    let v = logical(self_);
    let vals: Vec<f64> = v.iter().chain(&v).copied().collect();
    write(out, &[2 * self_.size(0), self_.size(1)], &vals)
}
boxed_kernel!(fn repeat_boxed = "aten::repeat.out" => repeat(self_: &Tensor, repeats: &[i64]) -> (out));

const STANDINS: &[KernelEntry] = &[
    KernelEntry {
        name: "aten::sym_size.int",
        kernel: sym_size,
    },
    KernelEntry {
        name: "executorch_prim::mul.Scalar",
        kernel: prim_mul,
    },
    KernelEntry {
        name: "aten::full.out",
        kernel: full_boxed,
    },
    KernelEntry {
        name: "aten::repeat.out",
        kernel: repeat_boxed,
    },
    KernelEntry {
        name: "aten::permute_copy.out",
        kernel: permute_boxed,
    },
    KernelEntry {
        name: "aten::cat.out",
        kernel: cat_boxed,
    },
    KernelEntry {
        name: "aten::index.Tensor_out",
        kernel: index_boxed,
    },
];
const TABLES: &[&[KernelEntry]] = &[etk::portable::TABLE, STANDINS];

#[test]
fn list_and_scalar_arguments_reach_kernels_and_scalar_results_come_back() {
    for name in ["mlp_linear", "cat_index", "sym_size"] {
        let bytes = read(name, "pte");
        let program = Program::load(&bytes).unwrap();
        let mut m = Method::prepare(&program, "forward", &Registry::new(TABLES)).unwrap();
        let mut ctx = KernelContext::serial();
        check(name, &mut m, &mut ctx);
    }
}
