//! `_cdist_forward.out(Tensor x1, Tensor x2, float p, int? compute_mode, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Pairwise p-norm distances between the rows of `x1` (`[*, P, M]`) and `x2` (`[*, R, M]`):
//! `out[*, i, j] = ||x1[*, i, :] - x2[*, j, :]||_p`, the batch dims broadcast, Float or Double
//! (both inputs and the out of one dtype), `p >= 0` (0 counts differing coordinates, inf takes
//! the largest difference). For `p = 2`, `compute_mode` chooses ATen's matrix-product form
//! `sqrt(max(|x1|² + |x2|² - 2 x1·x2, 1e-30))`: always (1), never (2), or when `P > 25` or
//! `R > 25` (None or 0); it rounds differently from the direct sum (and gives 1e-15 for equal
//! rows), so etk computes whichever ATen would. Any dim order.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::dist::distance;
use crate::util::index::walk;
use crate::util::norm::Elems;
use etk_core::out::check_dtype;
use etk_core::shape::broadcast_shapes;
use etk_core::{
    Error, ErrorKind, Info, KernelContext, MAX_DIM, Result, ScalarType, Tensor, boxed_kernel,
};

pub const OP: &str = "aten::_cdist_forward.out";

pub fn cdist_forward_out(
    _ctx: &mut KernelContext<'_>,
    x1: &Tensor<'_>,
    x2: &Tensor<'_>,
    p: f64,
    compute_mode: Option<i64>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    for (name, t) in [("x1", x1), ("x2", x2)] {
        if t.dim() < 2 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, name)
                .expected_text("a tensor of rank at least 2 ([*, rows, M])")
                .got(Info::Shape(t.shape())));
        }
    }
    if !matches!(x1.dtype(), ScalarType::Float | ScalarType::Double) {
        return Err(Error::dtype(OP, "x1", "Float or Double", x1.dtype()));
    }
    check_dtype(OP, "x2", x2, x1.dtype())?;
    if p.is_nan() || p < 0.0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "p")
            .expected_text("a non-negative p")
            .got(Info::Float(p)));
    }
    let mode = compute_mode.unwrap_or(0);
    if !(0..=2).contains(&mode) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "compute_mode")
            .expected_text("0, 1, 2 or None")
            .got(Info::Int(mode)));
    }
    let (r1, r2) = (x1.dim(), x2.dim());
    let (rows1, m) = (x1.size(r1 - 2), x1.size(r1 - 1));
    let rows2 = x2.size(r2 - 2);
    if x2.size(r2 - 1) != m {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "x2")
            .expected("as many columns as x1:", Info::Int(m as i64))
            .got(Info::Int(x2.size(r2 - 1) as i64)));
    }
    let batch = broadcast_shapes(
        OP,
        &[("x1", &x1.sizes()[..r1 - 2]), ("x2", &x2.sizes()[..r2 - 2])],
    )?;
    let mut sizes = batch;
    if !(sizes.push(rows1) && sizes.push(rows2)) {
        return Err(Error::invalid(
            OP,
            "x1",
            "a batch rank below etk's MAX_DIM - 2",
        ));
    }
    check_dtype(OP, "out", out, x1.dtype())?;
    out.resize(OP, "out", sizes.as_slice())?;
    if out.numel() == 0 {
        return Ok(());
    }
    out.as_mut_ptr(OP, "out")?;
    let use_mm = p == 2.0 && (mode == 1 || (mode == 0 && (rows1 > 25 || rows2 > 25)));
    // Batch strides of each operand over the broadcast batch shape (0 where it broadcasts).
    let nb = batch.len();
    let bstrides = |t: &Tensor<'_>| {
        let mut s = [0usize; MAX_DIM];
        let lead = t.dim() - 2;
        for j in 0..lead {
            if t.size(j) != 1 {
                s[nb - lead + j] = t.strides()[j];
            }
        }
        s
    };
    let mut os = [0usize; MAX_DIM];
    os[..nb].copy_from_slice(&out.strides()[..nb]);
    let strides = [bstrides(x1), bstrides(x2), os];
    let (a_row, a_col) = (x1.strides()[r1 - 2], x1.strides()[r1 - 1]);
    let (b_row, b_col) = (x2.strides()[r2 - 2], x2.strides()[r2 - 1]);
    let (o_row, o_col) = (out.strides()[nb], out.strides()[nb + 1]);
    dispatch_float!(x1.dtype(), C => {
        let (a, b, y) = (Elems::<C>::new(x1), Elems::<C>::new(x2), Elems::<C>::new(out));
        walk(batch.as_slice(), &strides, 3, |&[ao, bo, yo]| {
            for i in 0..rows1 {
                for j in 0..rows2 {
                    let (ai, bj) = (ao + i * a_row, bo + j * b_row);
                    // SAFETY (every access): indices below each tensor's sizes (batch dims
                    // broadcast with stride 0), offsets from its own strides; the out
                    // overlaps no input.
                    let va = |k: usize| unsafe { a.get(ai + k * a_col) };
                    let vb = |k: usize| unsafe { b.get(bj + k * b_col) };
                    let d = if use_mm { mm_euclid(m, va, vb) } else { distance(m, p, va, vb) };
                    unsafe { y.set(yo + i * o_row + j * o_col, d) };
                }
            }
        });
    });
    Ok(())
}

/// ATen's `_euclidean_dist`: one entry of `[-2 x1, |x1|², 1] · [x2, 1, |x2|²]`, clamped at
/// 1e-30 and square-rooted.
fn mm_euclid<C: Float>(m: usize, a: impl Fn(usize) -> C, b: impl Fn(usize) -> C) -> C {
    let (mut dot, mut na, mut nb) = (C::ZERO, C::ZERO, C::ZERO);
    for k in 0..m {
        let (x, z) = (a(k), b(k));
        dot = dot + (-(x + x)) * z;
        na = na + x * x;
        nb = nb + z * z;
    }
    let s = dot + na + nb;
    let floor = C::from_f64(1e-30);
    (if s > floor || s.is_nan() { s } else { floor }).sqrt()
}

boxed_kernel!(pub fn cdist_forward_out_boxed = OP => cdist_forward_out(x1: &Tensor, x2: &Tensor, p: f64, compute_mode: Option<i64>) -> (out));
