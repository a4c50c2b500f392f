//! Helpers shared by the portable op tests: tensors from logical values in any dim order,
//! resizable outs, calling a kernel on an owned out (its resized layout kept), comparisons.
#![allow(dead_code)]

use etk_core::{ErrorKind, KernelContext, OwnedTensor, Result, ScalarType, Serial, Tensor};

pub fn ctx() -> KernelContext<'static> {
    KernelContext::serial()
}

/// A context with 1 MiB of scratch, for kernels that need it.
pub fn with_scratch<R>(f: impl FnOnce(&mut KernelContext<'_>) -> R) -> R {
    let mut buf = vec![0u8; 1 << 20];
    let mut ctx = KernelContext::new(&mut buf, &Serial);
    f(&mut ctx)
}

/// A contiguous tensor holding `vals` (in logical order) converted to `dtype`.
pub fn tt(dtype: ScalarType, vals: &[f64], sizes: &[usize]) -> OwnedTensor {
    let order: Vec<usize> = (0..sizes.len()).collect();
    tto(dtype, vals, sizes, &order)
}

/// `tt` in the dim order `order`.
pub fn tto(dtype: ScalarType, vals: &[f64], sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    t.fill_logical::<f64>(vals);
    t
}

pub fn zeros(dtype: ScalarType, sizes: &[usize]) -> OwnedTensor {
    OwnedTensor::zeros(dtype, sizes).unwrap()
}

pub fn zeros_o(dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap()
}

/// A resizable out with room for `cap` elements and a (wrong) shape `[0]`.
pub fn dynamic(dtype: ScalarType, cap: usize) -> OwnedTensor {
    OwnedTensor::with_capacity(dtype, &[0], &[0], cap)
        .unwrap()
        .dynamic()
}

/// Calls `f` on a view of `out` and keeps the layout the kernel resized the view to.
pub fn run(out: &mut OwnedTensor, f: impl FnOnce(&mut Tensor<'_>) -> Result<()>) -> Result<()> {
    let (r, sizes, order) = {
        let mut v = out.view_mut().unwrap();
        let r = f(&mut v);
        (r, v.sizes().to_vec(), v.dim_order().to_vec())
    };
    out.set_layout(&sizes, &order);
    r
}

/// `run` for a kernel with two outs.
pub fn run2(
    a: &mut OwnedTensor,
    b: &mut OwnedTensor,
    f: impl FnOnce(&mut Tensor<'_>, &mut Tensor<'_>) -> Result<()>,
) -> Result<()> {
    let (r, sa, oa, sb, ob) = {
        let mut va = a.view_mut().unwrap();
        let mut vb = b.view_mut().unwrap();
        let r = f(&mut va, &mut vb);
        (
            r,
            va.sizes().to_vec(),
            va.dim_order().to_vec(),
            vb.sizes().to_vec(),
            vb.dim_order().to_vec(),
        )
    };
    a.set_layout(&sa, &oa);
    b.set_layout(&sb, &ob);
    r
}

/// The values in logical order.
pub fn vals(t: &OwnedTensor) -> Vec<f64> {
    t.to_logical::<f64>()
}

/// Equal element by element, NaN equal to NaN.
pub fn assert_same(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let ok = (g.is_nan() && w.is_nan()) || g == w;
        assert!(ok, "{what}: element {i}: got {g:?}, want {w:?}");
    }
}

pub fn err_kind(r: Result<()>) -> ErrorKind {
    r.expect_err("expected an error").kind
}

pub fn iota(n: usize) -> Vec<f64> {
    (0..n).map(|i| i as f64).collect()
}
