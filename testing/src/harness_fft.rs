//! Argument generators for the real FFTs in the optimized-vs-portable harness: `_fft_r2c` and
//! `_fft_c2r`.
//!
//! Ranks 1 to 4 in any dim order in and out, one to three transformed dims in any order, the
//! lengths of every radix the optimized transform has (4, 2, 3, 5, the plain-DFT primes up to
//! 64) and of one it declines (67, portable's Bluestein), size-1 dims, every normalization,
//! one- and two-sided, `last_dim_size` odd and even with inputs of `n/2 + 1` or `n` entries,
//! blocks of lines that leave lanes empty, calls large enough for threads. Inputs are Float or
//! Double (ComplexFloat or ComplexDouble for `c2r`) in `[-1, 1)`; the harness's other dtypes,
//! out dtypes other than the transform's own, bad dims and bad `last_dim_size` are rejections
//! or portable's copies, which both libraries must agree on.
//!
//! The optimized transforms round in the input's precision, portable's in f64: they compare
//! within [`FFT`].

use crate::harness::{Arg, Call, Class, DTYPES, Gen, MakeCall, Rng, Tol, contiguous, tensor};
use crate::harness_reduce::order;
use etk_core::{OwnedTensor, ScalarType};

pub fn generator(name: &str) -> Option<Gen> {
    let make: MakeCall = match name {
        "aten::_fft_r2c.out" => gen_r2c,
        "aten::_fft_c2r.out" => gen_c2r,
        _ => return None,
    };
    Some(Gen {
        tol: FFT,
        make,
        pointwise: false,
        scale: None,
    })
}

/// A transform of at most a few thousand values in `[-1, 1)` rounded in f32 against one in
/// f64: the conformance suite's FFT tolerance (2e-6 of the largest modulus, which stays
/// below about 100 here), and 2e-6 relative.
pub const FFT: Tol = Tol::Close {
    rtol: 2e-6,
    atol: 2e-4,
};

/// A transform length: every radix, now and then one portable takes (67) or a long one.
fn length(rng: &mut Rng) -> usize {
    const LENGTHS: [usize; 18] = [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 16, 25, 31, 48, 60, 61, 67,
    ];
    match rng.below(8) {
        0 => [64, 100, 128, 243, 256][rng.below(5)],
        _ => LENGTHS[rng.below(LENGTHS.len())],
    }
}

/// `(sizes, dims)`: ranks 1 to 4, the transformed dims distinct in any order (bad ones now and
/// then), the others short; large enough for threads now and then.
fn geometry(rng: &mut Rng, v: usize) -> (Vec<usize>, Vec<i64>) {
    if v % 16 == 5 {
        // rows enough for several tasks' blocks
        // (within what portable's f64 copies take of the harness's 1 MiB of scratch)
        return (vec![rng.range(64, 80), 256], vec![1]);
    }
    let rank = rng.range(1, 4);
    let mut sizes: Vec<usize> = (0..rank).map(|_| rng.range(1, 5)).collect();
    let k = rng.range(1, rank.min(3));
    let mut dims: Vec<usize> = (0..rank).collect();
    for i in (1..rank).rev() {
        dims.swap(i, rng.below(i + 1));
    }
    dims.truncate(k);
    for &d in &dims {
        let n = length(rng);
        let rest = sizes.iter().product::<usize>() / sizes[d];
        sizes[d] = if rest * n > 4096 { rng.range(1, 9) } else { n };
    }
    let mut dims: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
    match rng.below(24) {
        0 => dims.push(dims[0]),
        1 => dims[0] -= rank as i64,
        2 => dims.clear(),
        _ => {}
    }
    (sizes, dims)
}

/// A tensor of `dtype` (real or complex) with values in `[-1, 1)` (the harness's values for
/// dtypes no transform takes).
fn input(rng: &mut Rng, dtype: ScalarType, sizes: &[usize]) -> OwnedTensor {
    let ord = order(rng, sizes);
    if !matches!(
        dtype,
        ScalarType::Float
            | ScalarType::Double
            | ScalarType::ComplexFloat
            | ScalarType::ComplexDouble
    ) {
        return tensor(rng, dtype, sizes, &ord);
    }
    let mut t = OwnedTensor::with_capacity(dtype, sizes, &ord, 0).unwrap();
    let mut view = t.view_mut().unwrap();
    let part = dtype.to_real();
    let parts = view.numel() * dtype.element_size() / part.element_size();
    let p = view.as_mut_ptr("test", "self").unwrap();
    for i in 0..parts {
        let x = 2.0 * rng.unit() - 1.0;
        // SAFETY: `parts` values of `part` fill the tensor's elements (memory order: every
        // value is random, so which element a part belongs to does not matter).
        unsafe {
            if part == ScalarType::Float {
                (p as *mut f32).add(i).write(x as f32);
            } else {
                (p as *mut f64).add(i).write(x);
            }
        }
    }
    t
}

/// The out dtype: the transform's own mostly, any other now and then.
fn out_dtype(rng: &mut Rng, own: ScalarType, v: usize) -> ScalarType {
    const OTHERS: [ScalarType; 4] = [
        ScalarType::ComplexFloat,
        ScalarType::ComplexDouble,
        ScalarType::Float,
        ScalarType::Double,
    ];
    match v % 7 {
        3 => OTHERS[rng.below(4)],
        6 => DTYPES[rng.below(10)],
        _ => own,
    }
}

fn call(
    args: Vec<Arg>,
    out_dtype: ScalarType,
    out_sizes: Vec<usize>,
    rng: &mut Rng,
    v: usize,
) -> Call {
    let out_order = if rng.chance(0.5) {
        contiguous(&out_sizes)
    } else {
        order(rng, &out_sizes)
    };
    Call {
        args,
        out_dtype,
        out_sizes,
        out_order,
        dynamic: v % 4 == 3,
    }
}

pub fn gen_r2c(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (sizes, dims) = geometry(rng, v);
    let onesided = !rng.chance(0.3);
    let mut out_sizes = sizes.clone();
    if onesided
        && let Some(&last) = dims
            .last()
            .filter(|&&d| (0..sizes.len() as i64).contains(&d))
    {
        out_sizes[last as usize] = sizes[last as usize] / 2 + 1;
    }
    let own = match dt[0] {
        ScalarType::Double => ScalarType::ComplexDouble,
        _ => ScalarType::ComplexFloat,
    };
    let args = vec![
        Arg::T(input(rng, dt[0], &sizes)),
        Arg::Ints(dims),
        Arg::Int(rng.below(3) as i64),
        Arg::Bool(onesided),
    ];
    let odt = out_dtype(rng, own, v);
    Some(call(args, odt, out_sizes, rng, v))
}

pub fn gen_c2r(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (mut sizes, dims) = geometry(rng, v);
    let (in_dt, own) = match dt[0] {
        ScalarType::Float => (ScalarType::ComplexFloat, ScalarType::Float),
        ScalarType::Double => (ScalarType::ComplexDouble, ScalarType::Double),
        other => (other, ScalarType::Float),
    };
    let mut out_sizes = sizes.clone();
    let mut last_dim_size = 1;
    if let Some(&last) = dims
        .last()
        .filter(|&&d| (0..sizes.len() as i64).contains(&d))
    {
        let last = last as usize;
        let n = sizes[last];
        last_dim_size = n as i64;
        sizes[last] = match rng.below(8) {
            0 => n,
            1 => n / 2 + 2,
            _ => n / 2 + 1,
        };
        out_sizes[last] = n;
    }
    let args = vec![
        Arg::T(input(rng, in_dt, &sizes)),
        Arg::Ints(dims),
        Arg::Int(rng.below(3) as i64),
        Arg::Int(last_dim_size),
    ];
    let odt = out_dtype(rng, own, v);
    Some(call(args, odt, out_sizes, rng, v))
}
