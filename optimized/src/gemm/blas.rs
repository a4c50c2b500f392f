//! OpenBLAS's `sgemm` as the alternative GEMM (the `openblas` cargo feature): the same
//! `MatRef` / `MatMut` operands as [`super::gemm`], f32 only, each matrix with a unit stride in
//! one of its dims (what BLAS can express). Used by `opbench --lib openblas` and the GEMM
//! benchmark as the comparison. Set `OPENBLAS_CORETYPE=SkylakeX` before the process starts on
//! AVX-512 machines: Debian's build detects them as "Prescott" and runs ~5x slower.

use super::{Dt, MatMut, MatRef, bad};
use cblas_sys::{CBLAS_LAYOUT, CBLAS_TRANSPOSE, cblas_sgemm};
use etk_core::Result;

// `openblas-src` is not used: its `system` feature still builds its downloader (and a TLS
// stack), which does not build here; linking the system library directly is enough.
#[link(name = "openblas")]
unsafe extern "C" {
    fn openblas_set_num_threads(n: core::ffi::c_int);
}

/// How many threads OpenBLAS uses (its own pool; by default one per core).
pub fn set_threads(n: usize) {
    // SAFETY: a plain setter of OpenBLAS's global configuration.
    unsafe { openblas_set_num_threads(n.clamp(1, 1024) as core::ffi::c_int) }
}

/// `(transpose, leading dimension)` of a row-major BLAS operand with strides `(rs, cs)`.
fn operand(rs: isize, cs: isize, cols: usize, rows: usize) -> Option<(CBLAS_TRANSPOSE, i32)> {
    let ld = |s: isize, min: usize| i32::try_from(s.max(min.max(1) as isize)).ok();
    if cs == 1 && rs >= cols as isize {
        Some((CBLAS_TRANSPOSE::CblasNoTrans, ld(rs, cols)?))
    } else if rs == 1 && cs >= rows as isize {
        Some((CBLAS_TRANSPOSE::CblasTrans, ld(cs, rows)?))
    } else {
        None
    }
}

/// `C = alpha * A B + beta * C` by OpenBLAS. Errors name the operand whose dtype, shape or
/// strides BLAS cannot take.
pub fn sgemm(a: MatRef<'_>, b: MatRef<'_>, c: MatMut<'_>, alpha: f32, beta: f32) -> Result<()> {
    const F32: &str = "f32 operands";
    if a.dt != Dt::F32 || b.dt != Dt::F32 || c.dt != Dt::F32 {
        return Err(bad("a", F32));
    }
    let (m, k, n) = (a.rows, a.cols, b.cols);
    if b.rows != k || c.rows != m || c.cols != n {
        return Err(bad("b", "shapes [M, K] x [K, N] -> [M, N]"));
    }
    // a column-major C is the row-major C^T = B^T A^T.
    let (a, b, c_rs, c_cs, m, n) = if c.cs == 1 {
        ((a.ptr, a.rs, a.cs), (b.ptr, b.rs, b.cs), c.rs, c.cs, m, n)
    } else {
        ((b.ptr, b.cs, b.rs), (a.ptr, a.cs, a.rs), c.cs, c.rs, n, m)
    };
    let unit = "a unit stride in one dim";
    let (ta, lda) = operand(a.1, a.2, k, m).ok_or(bad("a", unit))?;
    let (tb, ldb) = operand(b.1, b.2, n, k).ok_or(bad("b", unit))?;
    if c_cs != 1 || c_rs < n as isize {
        return Err(bad("out", unit));
    }
    let dims = [m, n, k, c_rs as usize].map(i32::try_from);
    let [Ok(m), Ok(n), Ok(k), Ok(ldc)] = dims else {
        return Err(bad("a", "sizes below 2^31"));
    };
    if m == 0 || n == 0 {
        return Ok(());
    }
    // SAFETY: the views hold every element their strides reach (checked when they were made);
    // BLAS reads A and B and writes C within those bounds.
    unsafe {
        cblas_sgemm(
            CBLAS_LAYOUT::CblasRowMajor,
            ta,
            tb,
            m,
            n,
            k,
            alpha,
            a.0 as *const f32,
            lda,
            b.0 as *const f32,
            ldb,
            beta,
            c.ptr as *mut f32,
            ldc,
        )
    };
    Ok(())
}
