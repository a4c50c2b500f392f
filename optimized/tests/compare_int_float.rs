//! An integer tensor compared with a floating Scalar: ATen compares in Float, so every
//! integer is first rounded to f32 (2^24 + 1 becomes 2^24). The optimized kernels answer with
//! one integer comparison against a threshold; here every integer dtype, every comparison and
//! Scalars that are fractional, integral, at the f32 rounding steps, at and past the dtype's
//! limits, infinite and NaN, against portable, on values around each threshold.

use etk_core::{KernelContext, OwnedTensor, Scalar, ScalarType, Tensor};
use etk_optimized::ops::{eq, ge, gt, le, lt, ne};
use etk_portable::util::scalar::int_range;

type Kernel =
    fn(&mut KernelContext<'_>, &Tensor<'_>, Scalar, &mut Tensor<'_>) -> etk_core::Result<()>;

const KERNELS: [(&str, Kernel, Kernel); 6] = [
    (
        "eq",
        eq::eq_scalar_out,
        etk_portable::ops::eq::eq_scalar_out,
    ),
    (
        "ne",
        ne::ne_scalar_out,
        etk_portable::ops::ne::ne_scalar_out,
    ),
    (
        "lt",
        lt::lt_scalar_out,
        etk_portable::ops::lt::lt_scalar_out,
    ),
    (
        "le",
        le::le_scalar_out,
        etk_portable::ops::le::le_scalar_out,
    ),
    (
        "gt",
        gt::gt_scalar_out,
        etk_portable::ops::gt::gt_scalar_out,
    ),
    (
        "ge",
        ge::ge_scalar_out,
        etk_portable::ops::ge::ge_scalar_out,
    ),
];

fn tensor(dtype: ScalarType, values: &[i64]) -> OwnedTensor {
    fn of<E: etk_core::Element>(values: &[i64], f: fn(i64) -> E) -> OwnedTensor {
        let v: Vec<E> = values.iter().map(|&x| f(x)).collect();
        OwnedTensor::from_slice(&v, &[v.len()]).unwrap()
    }
    match dtype {
        ScalarType::Byte => of(values, |x| x as u8),
        ScalarType::Char => of(values, |x| x as i8),
        ScalarType::Short => of(values, |x| x as i16),
        ScalarType::Int => of(values, |x| x as i32),
        _ => of(values, |x| x),
    }
}

/// The dtype's values near `c` and near the places where f32's spacing changes.
fn values_near(dtype: ScalarType, scalars: &[f64]) -> Vec<i64> {
    let (lo, hi) = int_range(dtype);
    let mut centers: Vec<i128> = vec![0, lo as i128, hi as i128];
    for e in [7, 8, 15, 16, 24, 25, 31, 32, 53, 62, 63] {
        centers.push(1i128 << e);
        centers.push(-(1i128 << e));
    }
    for &c in scalars {
        if c.is_finite() {
            centers.push(c as i64 as i128);
            centers.push(c as f32 as i64 as i128);
        }
    }
    let mut v: Vec<i64> = centers
        .iter()
        .flat_map(|&c| (-3..=3).map(move |d| c + d))
        .filter(|&x| x >= lo as i128 && x <= hi as i128)
        .map(|x| x as i64)
        .collect();
    // f32's rounding steps above 2^24: an odd multiple of half the spacing, and its neighbours
    for e in 24..63 {
        for s in [1i128, -1] {
            let half_step = 1i128 << (e - 24);
            for d in -1..=1 {
                let x = s * ((1i128 << e) + 3 * half_step + d);
                if x >= lo as i128 && x <= hi as i128 {
                    v.push(x as i64);
                }
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    v
}

#[test]
fn integer_tensor_against_floating_scalar_matches_portable() {
    use ScalarType::{Byte, Char, Int, Long, Short};
    let scalars = [
        0.0,
        -0.0,
        0.5,
        -0.5,
        2.5,
        -1.25,
        3.0,
        127.5,
        128.0,
        -128.5,
        255.0,
        255.5,
        256.0,
        -32768.5,
        32767.5,
        16777216.0,
        16777217.0,
        16777218.0,
        -16777217.0,
        2147483647.0,
        2147483648.0,
        -2147483648.0,
        -2147483904.0,
        9.223_371_5e18,
        9_223_372_036_854_775_807.0, // i64::MAX, which rounds to 2^63
        -9_223_372_036_854_775_808.0,
        1e19,
        -1e19,
        3e38,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];
    for dtype in [Byte, Char, Short, Int, Long] {
        let values = values_near(dtype, &scalars);
        let x = tensor(dtype, &values);
        for &c in &scalars {
            for (name, optimized, portable) in KERNELS {
                let [got, want] = [optimized, portable].map(|kernel| {
                    let mut out = OwnedTensor::zeros(ScalarType::Bool, &[values.len()]).unwrap();
                    kernel(
                        &mut KernelContext::serial(),
                        &x.view(),
                        Scalar::Double(c),
                        &mut out.view_mut().unwrap(),
                    )
                    .unwrap();
                    out.to_logical::<i64>()
                });
                for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                    assert_eq!(g, w, "{name} {dtype:?} x = {} against {c:e}", values[i]);
                }
            }
        }
    }
}
