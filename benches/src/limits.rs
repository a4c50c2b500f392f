//! The machine's limits, measured now: peak FMA throughput of one core and memory bandwidth at
//! a given working-set size. Benchmarks report their throughput as a percentage of these.

use crate::timing::median_secs;

/// Peak single-precision FLOP/s of one core using the widest FMA this CPU has.
pub fn peak_f32_flops() -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx512f") {
            // SAFETY: AVX-512F is present.
            return measure_flops(|iters| unsafe { fma_avx512(iters) }, 32 * 12);
        }
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            // SAFETY: AVX2 and FMA are present.
            return measure_flops(|iters| unsafe { fma_avx2(iters) }, 16 * 12);
        }
    }
    measure_flops(fma_scalar, 2 * 8)
}

fn measure_flops(kernel: impl Fn(u64) -> f32, flops_per_iter: u64) -> f64 {
    let iters = 20_000_000u64;
    let secs = median_secs(5, || {
        std::hint::black_box(kernel(std::hint::black_box(iters)));
    });
    (iters * flops_per_iter) as f64 / secs
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn fma_avx512(iters: u64) -> f32 {
    use std::arch::x86_64::*;
    let mut acc = [_mm512_set1_ps(0.0); 12];
    let a = _mm512_set1_ps(0.999_999);
    let b = _mm512_set1_ps(1e-7);
    for _ in 0..iters {
        for x in acc.iter_mut() {
            *x = _mm512_fmadd_ps(*x, a, b);
        }
    }
    let mut s = _mm512_set1_ps(0.0);
    for x in acc {
        s = _mm512_add_ps(s, x);
    }
    _mm512_reduce_add_ps(s)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn fma_avx2(iters: u64) -> f32 {
    use std::arch::x86_64::*;
    let mut acc = [_mm256_set1_ps(0.0); 12];
    let a = _mm256_set1_ps(0.999_999);
    let b = _mm256_set1_ps(1e-7);
    for _ in 0..iters {
        for x in acc.iter_mut() {
            *x = _mm256_fmadd_ps(*x, a, b);
        }
    }
    let mut out = [0f32; 8];
    let mut s = _mm256_set1_ps(0.0);
    for x in acc {
        s = _mm256_add_ps(s, x);
    }
    // SAFETY: `out` holds 8 floats.
    unsafe { _mm256_storeu_ps(out.as_mut_ptr(), s) };
    out.iter().sum()
}

fn fma_scalar(iters: u64) -> f32 {
    let mut acc = [0f32; 8];
    for _ in 0..iters {
        for x in acc.iter_mut() {
            *x = x.mul_add(0.999_999, 1e-7);
        }
    }
    acc.iter().sum()
}

/// 64-byte aligned f32 buffer (unaligned AVX-512 streams run at half speed).
pub struct AlignedF32 {
    buf: Vec<Block>,
    len: usize,
}

#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Block([f32; 16]);

impl AlignedF32 {
    pub fn new(len: usize, value: f32) -> Self {
        AlignedF32 {
            buf: vec![Block([value; 16]); len.div_ceil(16)],
            len,
        }
    }
    pub fn as_slice(&self) -> &[f32] {
        // SAFETY: the blocks hold at least `len` initialized f32s.
        unsafe { std::slice::from_raw_parts(self.buf.as_ptr() as *const f32, self.len) }
    }
    pub fn as_mut_slice(&mut self) -> &mut [f32] {
        // SAFETY: as `as_slice`, exclusively borrowed.
        unsafe { std::slice::from_raw_parts_mut(self.buf.as_mut_ptr() as *mut f32, self.len) }
    }
}

/// Bandwidth in bytes/s of `a[i] = b[i] + s * c[i]` over a working set of `bytes` (three
/// arrays), counting 12 bytes per element as STREAM does.
pub fn triad_bandwidth(bytes: usize) -> f64 {
    let n = (bytes / 12).max(1024);
    let mut a = AlignedF32::new(n, 0.0);
    let b = AlignedF32::new(n, 1.0);
    let c = AlignedF32::new(n, 2.0);
    let reps = (64 << 20) / (n * 12) + 1;
    let secs = median_secs(7, || {
        for _ in 0..reps {
            for ((a, b), c) in a
                .as_mut_slice()
                .iter_mut()
                .zip(b.as_slice())
                .zip(c.as_slice())
            {
                *a = b + 0.5 * c;
            }
            std::hint::black_box(a.as_slice());
        }
    });
    (reps * n * 12) as f64 / secs
}

/// Bandwidth in bytes/s of `a[i] = b[i]` over a working set of `bytes` (two arrays), counting
/// 8 bytes per element.
pub fn copy_bandwidth(bytes: usize) -> f64 {
    let n = (bytes / 8).max(1024);
    let mut a = AlignedF32::new(n, 0.0);
    let b = AlignedF32::new(n, 1.0);
    let reps = (64 << 20) / (n * 8) + 1;
    let secs = median_secs(7, || {
        for _ in 0..reps {
            a.as_mut_slice().copy_from_slice(b.as_slice());
            std::hint::black_box(a.as_slice());
        }
    });
    (reps * n * 8) as f64 / secs
}

/// Read-only bandwidth in bytes/s (a sum over `bytes` of f32), the bound for GEMV-like kernels
/// that stream weights once.
pub fn read_bandwidth(bytes: usize) -> f64 {
    let n = (bytes / 4).max(1024);
    let a = AlignedF32::new(n, 1.0);
    let reps = (64 << 20) / (n * 4) + 1;
    let secs = median_secs(7, || {
        for _ in 0..reps {
            let mut acc = [0f32; 16];
            for ch in a.as_slice().chunks_exact(16) {
                for (x, y) in acc.iter_mut().zip(ch) {
                    *x += y;
                }
            }
            std::hint::black_box(acc);
        }
    });
    (reps * n * 4) as f64 / secs
}
