//! A product of few rows (M <= 8) against a row-major B takes its own path (`gemm/few_rows.rs`,
//! no packing); its sums must be the blocked kernels' bit for bit, since the runtime's fused
//! layout chains and prepacked operands assume a product's result does not depend on the path
//! its layout or row count sends it down. Checked on random (inexact) values at every level:
//! rows of a taller product (which takes the blocked kernels) against the same rows alone,
//! with B in place and prepacked.

use etk_core::{KernelContext, Serial};
use etk_optimized::gemm::{
    self, Activation, Bias, Dt, Epilogue, GemmElem, Isa, MatMut, MatRef, PackedB,
};
use half::bf16;

fn values(n: usize, seed: &mut u64) -> Vec<f32> {
    (0..n)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            (*seed >> 11) as f32 / (1u64 << 53) as f32 * 2.0 - 1.0
        })
        .collect()
}

/// `rows x n` of `a @ b` (rows of `a` from 0), with an epilogue, at `isa`, into an out of `T`.
#[allow(clippy::too_many_arguments)]
fn product<T: GemmElem + Default + Copy>(
    isa: Isa,
    a: &[f32],
    b: MatRef<'_>,
    packed: Option<&PackedB>,
    rows: usize,
    k: usize,
    bias: &[f32],
    alpha: f32,
) -> Vec<T> {
    let n = b.cols();
    let mut scratch = vec![0u8; 8 << 20];
    let mut ctx = KernelContext::new(&mut scratch, &Serial);
    let mut out = vec![T::default(); rows * n];
    let am = MatRef::new(&a[..rows * k], rows, k, k as isize, 1).unwrap();
    let cm = MatMut::new(&mut out, rows, n, n as isize, 1).unwrap();
    let epi = Epilogue {
        alpha,
        bias: Bias::PerCol(MatRef::new(bias, n, 1, 1, 1).unwrap()),
        act: Activation::Relu,
        ..Epilogue::default()
    };
    match packed {
        Some(p) => gemm::gemm_prepacked(&mut ctx, isa, am, b, p, cm, &epi).unwrap(),
        None => gemm::gemm(&mut ctx, isa, am, b, cm, &epi).unwrap(),
    }
    out
}

#[test]
fn few_rows_give_the_blocked_sums() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    // M = 13: a tile of 12 (AVX-512) or two of 6 (AVX2) and an edge tile.
    let tall = 13;
    for &isa in Isa::available_levels() {
        // (291, 530) and (2100, 40): B streamed by strips; (2100, 40) in several strips of
        // `STRIP / M` columns for M > 3.
        for (n, k) in [(1, 300), (40, 19), (130, 256), (291, 530), (2100, 40)] {
            let a = values(tall * k, &mut seed);
            let bias = values(n, &mut seed);
            let b32 = values(k * n, &mut seed);
            let b16: Vec<bf16> = b32.iter().map(|&x| bf16::from_f32(x)).collect();
            for bf in [false, true] {
                let bm = if bf {
                    MatRef::new(&b16, k, n, n as isize, 1).unwrap()
                } else {
                    MatRef::new(&b32, k, n, n as isize, 1).unwrap()
                };
                let packed = PackedB::new(isa, bm);
                let want32 = product::<f32>(isa, &a, bm, None, tall, k, &bias, 0.75);
                let want16 = product::<bf16>(isa, &a, bm, None, tall, k, &bias, 0.75);
                for m in 1..=8 {
                    for pk in [None, Some(&packed)] {
                        let got = product::<f32>(isa, &a, bm, pk, m, k, &bias, 0.75);
                        let same = got
                            .iter()
                            .zip(&want32)
                            .all(|(x, y)| x.to_bits() == y.to_bits());
                        assert!(
                            same,
                            "{isa} m {m} n {n} k {k} bf16 B {bf} packed {}",
                            pk.is_some()
                        );
                        let got = product::<bf16>(isa, &a, bm, pk, m, k, &bias, 0.75);
                        assert_eq!(got[..], want16[..m * n], "{isa} m {m} n {n} k {k} bf16 out");
                    }
                }
            }
        }
    }
    let _ = Dt::F32;
}
