//! The p-norm distance between two rows, shared by `_cdist_forward` and `_pdist_forward`,
//! with ATen's special cases: p = 0 counts the differing coordinates, p = 1 sums, p = 2 takes
//! the square root of the sum of squares, p = inf the largest difference, any other p
//! `(Σ |d|^p)^(1/p)`. Accumulated in the compute type (Float for Float, as ATen).

use crate::util::dispatch::Float;

/// The distance of the rows `a(k)`, `b(k)`, `k < m`.
#[inline]
pub fn distance<C: Float>(m: usize, p: f64, a: impl Fn(usize) -> C, b: impl Fn(usize) -> C) -> C {
    let mut acc = C::ZERO;
    if p == 0.0 {
        for k in 0..m {
            let d = (a(k) - b(k)).abs();
            // ATen's min(ceil(|d|), 1): NaN stays NaN
            acc = acc
                + if d.is_nan() || d == C::ZERO {
                    d
                } else {
                    C::ONE
                };
        }
        acc
    } else if p == 1.0 {
        for k in 0..m {
            acc = acc + (a(k) - b(k)).abs();
        }
        acc
    } else if p == 2.0 {
        for k in 0..m {
            let d = a(k) - b(k);
            acc = acc + d * d;
        }
        acc.sqrt()
    } else if p == f64::INFINITY {
        for k in 0..m {
            let d = (a(k) - b(k)).abs();
            if d > acc || d.is_nan() {
                acc = d;
            }
        }
        acc
    } else {
        let pc = C::from_f64(p);
        for k in 0..m {
            acc = acc + (a(k) - b(k)).abs().powf(pc);
        }
        acc.powf(C::ONE / pc)
    }
}
