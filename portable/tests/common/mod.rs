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

pub const NAN: f64 = f64::NAN;
pub const INF: f64 = f64::INFINITY;
pub const CL: [usize; 4] = [0, 2, 3, 1];
pub const REAL: [ScalarType; 10] = ScalarType::REAL;
pub const FLOATS: [ScalarType; 4] = [
    ScalarType::Half,
    ScalarType::BFloat16,
    ScalarType::Float,
    ScalarType::Double,
];
pub const NON_BOOL: [ScalarType; 9] = [
    ScalarType::Byte,
    ScalarType::Char,
    ScalarType::Short,
    ScalarType::Int,
    ScalarType::Long,
    ScalarType::Half,
    ScalarType::BFloat16,
    ScalarType::Float,
    ScalarType::Double,
];

/// A tensor of `sizes` in dim order `order` holding `vals` in logical order.
pub fn t(dtype: ScalarType, sizes: &[usize], order: &[usize], vals: &[f64]) -> OwnedTensor {
    tto(dtype, vals, sizes, order)
}

/// `n` small values of both signs, exact in every floating dtype.
pub fn seq(n: usize) -> Vec<f64> {
    (0..n).map(|i| ((i * 37 % 11) as f64 - 5.0) * 0.5).collect()
}

/// `|got - want| <= tol (1 + |want|)` element by element; NaN matches NaN.
pub fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()) || (g.is_nan() && w.is_nan()),
            "got {got:?}, want {want:?}"
        );
    }
}

/// A dynamic out of rank `rank` (all sizes 0) with room for `cap` elements.
pub fn dynamic_rank(dtype: ScalarType, rank: usize, cap: usize) -> OwnedTensor {
    let order: Vec<usize> = (0..rank).collect();
    OwnedTensor::with_capacity(dtype, &vec![0; rank], &order, cap)
        .unwrap()
        .dynamic()
}

/// Bitwise-ish equality: NaN equals NaN, and the sign of zeros matters.
pub fn assert_same_signed(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let ok =
            (g.is_nan() && w.is_nan()) || (g == w && g.is_sign_negative() == w.is_sign_negative());
        assert!(ok, "{what}: element {i}: got {g:?}, want {w:?}");
    }
}

/// `|got - want| <= atol + rtol * |want|`, NaN and infinities matched exactly.
pub fn assert_close(got: &[f64], want: &[f64], rtol: f64, atol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let ok = if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() {
            g == w
        } else {
            (g - w).abs() <= atol + rtol * w.abs()
        };
        assert!(ok, "{what}: element {i}: got {g:?}, want {w:?}");
    }
}

/// The arithmetic tolerance `(rtol, atol)` of a floating dtype.
pub fn tol(dtype: ScalarType) -> (f64, f64) {
    match dtype {
        ScalarType::Half => (1e-3, 1e-5),
        ScalarType::BFloat16 => (8e-3, 1e-5),
        ScalarType::Float => (1e-5, 1e-6),
        _ => (1e-12, 1e-12),
    }
}
