//! Random numbers and tensors: a small deterministic generator, values that reach every
//! dtype's specials (NaN, infinities, extremes, ties), tensors in any dim order, Scalars.

use etk_core::shape::contiguous_dim_order;
use etk_core::{OwnedTensor, Scalar, ScalarType};

pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}

pub const DTYPES: [ScalarType; 10] = ScalarType::REAL;

/// A value typical of `dtype`, with specials (NaN, ±inf, ±0, extremes) now and then.
pub fn value(rng: &mut Rng, dtype: ScalarType) -> f64 {
    use ScalarType::*;
    if dtype.is_floating_point() {
        if rng.chance(0.04) {
            return [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -0.0, 1e-40][rng.below(6)];
        }
        if rng.chance(0.02) {
            // past the integer ranges (casts saturate to INT_MIN or wrap), and at their edges
            return [
                3e9,
                -3e9,
                1e19,
                -1e19,
                2147483648.0,
                -2147483648.0,
                255.75,
                -129.5,
            ][rng.below(8)];
        }
        let x = (rng.unit() * 2.0 - 1.0) * 8.0;
        return if rng.chance(0.1) { x.round() } else { x };
    }
    let (lo, hi): (i64, i64) = match dtype {
        Bool => (0, 1),
        Byte => (0, 255),
        Char => (-128, 127),
        Short => (-32768, 32767),
        Int => (i32::MIN as i64, i32::MAX as i64),
        _ => (i64::MIN / 2, i64::MAX / 2),
    };
    if dtype != Bool && rng.chance(0.05) {
        return [lo as f64, hi as f64][rng.below(2)];
    }
    let small = (rng.below(41) as i64 - 20).clamp(lo, hi);
    small as f64
}

/// A tensor of `dtype` with `sizes` laid out in `order`, filled with random values.
pub fn tensor(rng: &mut Rng, dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    let n = t.numel();
    if dtype.is_floating_point() {
        let v: Vec<f64> = (0..n).map(|_| value(rng, dtype)).collect();
        t.fill_logical::<f64>(&v);
    } else {
        let v: Vec<i64> = (0..n).map(|_| value(rng, dtype) as i64).collect();
        t.fill_logical::<i64>(&v);
    }
    t
}

pub fn contiguous(sizes: &[usize]) -> Vec<usize> {
    contiguous_dim_order(sizes.len()).to_vec()
}

pub fn channels_last(sizes: &[usize]) -> Vec<usize> {
    match sizes.len() {
        4 => vec![0, 2, 3, 1],
        5 => vec![0, 2, 3, 4, 1],
        _ => contiguous(sizes),
    }
}

/// A Scalar typical of `dtype`'s kind.
pub fn scalar(rng: &mut Rng, kind: usize) -> Scalar {
    match kind % 3 {
        0 => Scalar::Int(rng.below(9) as i64 - 4),
        1 => Scalar::Double([0.5, -1.25, 3.0, 0.1, -0.0, 2.5][rng.below(6)]),
        _ => Scalar::Bool(rng.chance(0.5)),
    }
}

/// GEMM shapes: small integers as values, so every accumulation order is exact in f32.
pub fn matrix(rng: &mut Rng, dtype: ScalarType, sizes: &[usize]) -> OwnedTensor {
    let mut t = OwnedTensor::zeros(dtype, sizes).unwrap();
    let v: Vec<i64> = (0..t.numel()).map(|_| rng.below(7) as i64 - 3).collect();
    t.fill_logical::<i64>(&v);
    t
}
