//! The optimized mm, bmm, addmm and linear against portable's: random shapes (with empty and
//! tail sizes), dim orders of every operand and of the out, dtypes on the GEMM (Float, Half,
//! BFloat16) and off it (Double, Int: the fall back), bias and self broadcasts, one or two
//! threads; and the same errors for bad calls. Run once per ISA level with `ETK_ISA` (the
//! GEMM's own tests cover every level in one process).

use ScalarType::*;
use etk_core::{
    Error, KernelContext, OwnedTensor, Parallel, Scalar, ScalarType, ScopedThreads, Serial, Tensor,
};
use etk_optimized::ops;
use proptest::prelude::*;

/// Multiples of 1/64 in [-1, 1]: products and sums are exact in f32.
fn values(n: usize, seed: &mut u64) -> Vec<f64> {
    (0..n)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            ((*seed >> 20) % 129) as f64 / 64.0 - 1.0
        })
        .collect()
}

fn tensor(dtype: ScalarType, sizes: &[usize], order_seed: u64, seed: &mut u64) -> OwnedTensor {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    if sizes.len() > 1 {
        let r = (order_seed as usize) % sizes.len();
        order.rotate_left(r);
        if order_seed & 8 != 0 {
            order.swap(0, sizes.len() - 1);
        }
    }
    let mut t = OwnedTensor::with_capacity(dtype, sizes, &order, 0).unwrap();
    let n = sizes.iter().product();
    t.fill_logical(&values(n, seed));
    t
}

fn out_like(dtype: ScalarType, sizes: &[usize], order_seed: u64) -> OwnedTensor {
    let mut seed = 1;
    let mut t = tensor(dtype, sizes, order_seed, &mut seed);
    t.fill_logical(&vec![7.0f64; sizes.iter().product()]);
    t
}

fn tol(dtype: ScalarType, x: f64) -> f64 {
    (match dtype {
        Half => 2e-3,
        BFloat16 => 1.6e-2,
        _ => 1e-6,
    }) * (1.0 + x.abs())
}

fn compare(
    what: &str,
    dtype: ScalarType,
    got: (Result<(), Error>, Vec<f64>),
    want: (Result<(), Error>, Vec<f64>),
) -> Result<(), TestCaseError> {
    prop_assert_eq!(&got.0, &want.0, "{}: different results", what);
    prop_assert_eq!(got.1.len(), want.1.len());
    for (i, (g, w)) in got.1.iter().zip(&want.1).enumerate() {
        prop_assert!(
            (g - w).abs() <= tol(dtype, *w) || (g.is_nan() && w.is_nan()),
            "{}: element {} got {} want {}",
            what,
            i,
            g,
            w
        );
    }
    Ok(())
}

fn run(
    threads: usize,
    o: &mut OwnedTensor,
    f: impl FnOnce(&mut KernelContext<'_>, &mut Tensor<'_>) -> Result<(), Error>,
) -> (Result<(), Error>, Vec<f64>) {
    // NaN bytes: a kernel reading scratch it did not write shows in its out.
    let mut scratch = vec![0xffu8; 16 << 20];
    let pool = ScopedThreads(threads);
    let par: &dyn Parallel = if threads > 1 { &pool } else { &Serial };
    let mut ctx = KernelContext::new(&mut scratch, par);
    let mut v = o.view_mut().unwrap();
    let r = f(&mut ctx, &mut v);
    let (sizes, order) = (v.sizes().to_vec(), v.dim_order().to_vec());
    o.set_layout(&sizes, &order);
    (r, o.to_logical::<f64>())
}

fn dtype() -> impl Strategy<Value = ScalarType> {
    prop_oneof![4 => Just(Float), 2 => Just(Half), 2 => Just(BFloat16), 1 => Just(Double), 1 => Just(Int)]
}
fn size() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..3, 1usize..30, 20usize..70]
}
fn ksize() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..3, 1usize..40, 250usize..300]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn mm_and_bmm(dt in dtype(), m in size(), n in size(), k in ksize(), batch in 1usize..4,
                  orders in any::<[u64; 3]>(), threads in 1usize..3, seed in any::<u64>()) {
        let mut s = seed | 1;
        let a = tensor(dt, &[m, k], orders[0], &mut s);
        let b = tensor(dt, &[k, n], orders[1], &mut s);
        let (mut o1, mut o2) = (out_like(dt, &[m, n], orders[2]), out_like(dt, &[m, n], orders[2]));
        let got = run(threads, &mut o1, |c, o| ops::mm::mm_out(c, &a.view(), &b.view(), o));
        let want = run(1, &mut o2, |c, o| etk_portable::ops::mm::mm_out(c, &a.view(), &b.view(), o));
        compare("mm", dt, got, want)?;

        let a = tensor(dt, &[batch, m, k], orders[0], &mut s);
        let b = tensor(dt, &[batch, k, n], orders[1], &mut s);
        let (mut o1, mut o2) = (out_like(dt, &[batch, m, n], orders[2]), out_like(dt, &[batch, m, n], orders[2]));
        let got = run(threads, &mut o1, |c, o| ops::bmm::bmm_out(c, &a.view(), &b.view(), o));
        let want = run(1, &mut o2, |c, o| etk_portable::ops::bmm::bmm_out(c, &a.view(), &b.view(), o));
        compare("bmm", dt, got, want)?;
    }

    #[test]
    fn addmm(dt in dtype(), m in size(), n in size(), k in ksize(), self_kind in 0usize..5,
             beta in prop_oneof![Just(0.0f64), Just(1.0), Just(-0.5), Just(2.0)],
             alpha in prop_oneof![Just(0.0f64), Just(1.0), Just(1.5)],
             orders in any::<[u64; 4]>(), threads in 1usize..3, seed in any::<u64>()) {
        let mut s = seed | 1;
        let self_sizes: Vec<usize> = match self_kind {
            0 => vec![n],
            1 => vec![m, 1],
            2 => vec![],
            3 => vec![1, n],
            _ => vec![m, n],
        };
        let st = tensor(dt, &self_sizes, orders[3], &mut s);
        let a = tensor(dt, &[m, k], orders[0], &mut s);
        let b = tensor(dt, &[k, n], orders[1], &mut s);
        // integers take integral scalars
        let sc = |x: f64| if dt == Int { Scalar::Int(x as i64) } else { Scalar::Double(x) };
        let (beta, alpha) = (sc(beta), sc(alpha));
        let (mut o1, mut o2) = (out_like(dt, &[m, n], orders[2]), out_like(dt, &[m, n], orders[2]));
        let got = run(threads, &mut o1, |c, o| ops::addmm::addmm_out(c, &st.view(), &a.view(), &b.view(), beta, alpha, o));
        let want = run(1, &mut o2, |c, o| etk_portable::ops::addmm::addmm_out(c, &st.view(), &a.view(), &b.view(), beta, alpha, o));
        compare("addmm", dt, got, want)?;
    }

    #[test]
    fn linear(dt in dtype(), lead in prop::collection::vec(0usize..5, 0..3), n in size(), k in ksize(),
              bias_kind in 0usize..5, orders in any::<[u64; 3]>(), threads in 1usize..3, seed in any::<u64>()) {
        let mut s = seed | 1;
        let mut in_sizes = lead.clone();
        in_sizes.push(k);
        let mut out_sizes = lead.clone();
        out_sizes.push(n);
        let x = tensor(dt, &in_sizes, orders[0], &mut s);
        let w = tensor(dt, &[n, k], orders[1], &mut s);
        let bias = match bias_kind {
            0 => None,
            1 => Some(tensor(dt, &[n], 0, &mut s)),
            2 => Some(tensor(dt, &[], 0, &mut s)),
            3 => Some(tensor(Double, &[n], 0, &mut s)),
            _ => Some(tensor(dt, &[1, n], 0, &mut s)),
        };
        let (mut o1, mut o2) = (out_like(dt, &out_sizes, orders[2]), out_like(dt, &out_sizes, orders[2]));
        let bv = bias.as_ref().map(|b| b.view());
        let got = run(threads, &mut o1, |c, o| ops::linear::linear_out(c, &x.view(), &w.view(), bv.as_ref(), o));
        let want = run(1, &mut o2, |c, o| etk_portable::ops::linear::linear_out(c, &x.view(), &w.view(), bv.as_ref(), o));
        compare("linear", dt, got, want)?;
    }
}

/// Bad calls fail the same way in both libraries.
#[test]
fn same_errors() {
    let f = |d: ScalarType, s: &[usize]| OwnedTensor::zeros(d, s).unwrap();
    type Case = (OwnedTensor, OwnedTensor, OwnedTensor);
    let cases: Vec<Case> = vec![
        (f(Float, &[2, 3]), f(Float, &[4, 4]), f(Float, &[2, 4])),
        (f(Float, &[2, 3]), f(Half, &[3, 4]), f(Float, &[2, 4])),
        (f(Half, &[2, 3]), f(Half, &[3, 4]), f(Float, &[2, 4])),
        (f(Float, &[2, 3]), f(Float, &[3, 4]), f(Float, &[3, 3])),
        (f(Float, &[3]), f(Float, &[3, 4]), f(Float, &[4])),
    ];
    for (a, b, mut o) in cases {
        let mut ctx = KernelContext::serial();
        let e1 = ops::mm::mm_out(&mut ctx, &a.view(), &b.view(), &mut o.view_mut().unwrap());
        let e2 = etk_portable::ops::mm::mm_out(
            &mut ctx,
            &a.view(),
            &b.view(),
            &mut o.view_mut().unwrap(),
        );
        assert!(e1.is_err());
        assert_eq!(e1, e2);
        let bias = f(Float, &[4]);
        let w = f(a.dtype(), &[4, 3]);
        let e1 = ops::linear::linear_out(
            &mut ctx,
            &a.view(),
            &w.view(),
            Some(&bias.view()),
            &mut o.view_mut().unwrap(),
        );
        let e2 = etk_portable::ops::linear::linear_out(
            &mut ctx,
            &a.view(),
            &w.view(),
            Some(&bias.view()),
            &mut o.view_mut().unwrap(),
        );
        assert_eq!(e1, e2);
    }
    let mut ctx = KernelContext::serial();
    let mut o = f(Float, &[2, 4]);
    let (s, a, b) = (f(Float, &[4]), f(Float, &[2, 3]), f(Float, &[3, 4]));
    let e1 = ops::addmm::addmm_out(
        &mut ctx,
        &s.view(),
        &a.view(),
        &b.view(),
        Scalar::Int(1),
        Scalar::Double(1e40),
        &mut o.view_mut().unwrap(),
    );
    let e2 = etk_portable::ops::addmm::addmm_out(
        &mut ctx,
        &s.view(),
        &a.view(),
        &b.view(),
        Scalar::Int(1),
        Scalar::Double(1e40),
        &mut o.view_mut().unwrap(),
    );
    assert!(e1.is_err());
    assert_eq!(e1, e2);
}

#[test]
fn registered_over_portable() {
    for name in [
        "aten::mm.out",
        "aten::bmm.out",
        "aten::addmm.out",
        "aten::linear.out",
    ] {
        assert!(
            etk_optimized::TABLE.iter().any(|e| e.name == name),
            "{name}"
        );
    }
}

/// The boxed entry rejects an out that aliases an input and unpacks `bias=None`.
#[test]
fn boxed() {
    use etk_core::EValue;
    let a = OwnedTensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    let w = OwnedTensor::from_slice(&[1.0f32, 0.0, 0.0, 1.0], &[2, 2]).unwrap();
    let mut o = OwnedTensor::zeros(Float, &[2, 2]).unwrap();
    {
        let mut stack = [
            EValue::Tensor(a.view()),
            EValue::Tensor(w.view()),
            EValue::None,
            EValue::Tensor(o.view_mut().unwrap()),
        ];
        ops::linear::linear_out_boxed(&mut KernelContext::serial(), &mut stack).unwrap();
    }
    assert_eq!(o.to_logical::<f32>(), vec![1.0, 2.0, 3.0, 4.0]);
}
