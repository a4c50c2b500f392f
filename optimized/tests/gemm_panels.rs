//! A B given only as panels that its caller wrote (`gemm::gemm_packed_raw`, what the
//! convolution's im2col writes into) gives the sums of the same B in place, bit for bit, at
//! every level: the layout `gemm::packed_b_layout` describes is the one the kernels read.

use etk_core::{KernelContext, Serial};
use etk_optimized::gemm::{self, Activation, Bias, Epilogue, Isa, MatMut, MatRef};

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

/// `b` (`k x n`, row-major) in `packed_b_layout(isa, k)`'s panels.
fn panels(isa: Isa, b: &[f32], k: usize, n: usize) -> Vec<f32> {
    let (nr, kc) = gemm::packed_b_layout(isa, k);
    let n_pad = n.next_multiple_of(nr);
    let mut out = vec![f32::NAN; k * n_pad];
    for pc in (0..k).step_by(kc) {
        let rows = kc.min(k - pc);
        for kk in 0..rows {
            for j in 0..n_pad {
                let v = if j < n { b[(pc + kk) * n + j] } else { 0.0 };
                out[pc * n_pad + j / nr * nr * rows + kk * nr + j % nr] = v;
            }
        }
    }
    out
}

#[test]
fn written_panels_give_the_sums_of_b_in_place() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for &isa in Isa::available_levels() {
        for (m, n, k) in [
            (64, 455, 576),
            (32, 130, 27),
            (5, 40, 300),
            (13, 33, 513),
            (1, 7, 3),
        ] {
            let a = values(m * k, &mut seed);
            let b = values(k * n, &mut seed);
            let bias = values(m, &mut seed);
            let pb = panels(isa, &b, k, n);
            let mut scratch = vec![0u8; 8 << 20];
            let mut ctx = KernelContext::new(&mut scratch, &Serial);
            let epi = Epilogue {
                bias: Bias::PerRow(MatRef::new(&bias, m, 1, 1, 1).unwrap()),
                act: Activation::Relu,
                ..Epilogue::default()
            };
            let am = MatRef::new(&a, m, k, k as isize, 1).unwrap();
            let bm = MatRef::new(&b, k, n, n as isize, 1).unwrap();
            let mut want = vec![0f32; m * n];
            let cm = MatMut::new(&mut want, m, n, n as isize, 1).unwrap();
            gemm::gemm(&mut ctx, isa, am, bm, cm, &epi).unwrap();
            let mut got = vec![0f32; m * n];
            let cm = MatMut::new(&mut got, m, n, n as isize, 1).unwrap();
            // SAFETY: `pb` holds the panels of `isa`'s layout for `k x n`.
            unsafe { gemm::gemm_packed_raw(&mut ctx, isa, am, pb.as_ptr(), n, cm, &epi) }.unwrap();
            let same = got
                .iter()
                .zip(&want)
                .all(|(x, y)| x.to_bits() == y.to_bits());
            assert!(same, "{isa} {m}x{n}x{k}");
        }
    }
}

/// Without scratch for one tile's blocks the GEMM takes its unblocked loop, which must read a
/// B given only as panels from the panels (the same values in the same order as B in place).
#[test]
fn panels_without_scratch_give_the_sums_of_b_in_place() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for &isa in Isa::available_levels() {
        for (m, n, k) in [(13, 40, 576), (5, 33, 300), (12, 32, 27)] {
            let a = values(m * k, &mut seed);
            let b = values(k * n, &mut seed);
            let pb = panels(isa, &b, k, n);
            let mut scratch = vec![0u8; 0];
            let mut ctx = KernelContext::new(&mut scratch, &Serial);
            let epi = Epilogue::default();
            let am = MatRef::new(&a, m, k, k as isize, 1).unwrap();
            let bm = MatRef::new(&b, k, n, n as isize, 1).unwrap();
            let mut want = vec![0f32; m * n];
            let cm = MatMut::new(&mut want, m, n, n as isize, 1).unwrap();
            gemm::gemm(&mut ctx, isa, am, bm, cm, &epi).unwrap();
            let mut got = vec![0f32; m * n];
            let cm = MatMut::new(&mut got, m, n, n as isize, 1).unwrap();
            // SAFETY: `pb` holds the panels of `isa`'s layout for `k x n`.
            unsafe { gemm::gemm_packed_raw(&mut ctx, isa, am, pb.as_ptr(), n, cm, &epi) }.unwrap();
            let same = got
                .iter()
                .zip(&want)
                .all(|(x, y)| x.to_bits() == y.to_bits());
            assert!(same, "{isa} {m}x{n}x{k}");
        }
    }
}

#[test]
fn a_column_major_out_is_refused() {
    let isa = Isa::available_levels()[0];
    let (a, pb) = (vec![1f32; 4 * 3], vec![0f32; 3 * 64]);
    let mut out = vec![0f32; 4 * 2];
    let mut scratch = vec![0u8; 1 << 20];
    let mut ctx = KernelContext::new(&mut scratch, &Serial);
    let am = MatRef::new(&a, 4, 3, 3, 1).unwrap();
    let cm = MatMut::new(&mut out, 4, 2, 1, 4).unwrap();
    // SAFETY: `pb` is larger than any level's panels for 3 x 2.
    let r = unsafe {
        gemm::gemm_packed_raw(&mut ctx, isa, am, pb.as_ptr(), 2, cm, &Epilogue::default())
    };
    assert!(r.is_err());
}
