//! `mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)` on the packed GEMM.
//!
//! Float, Half and BFloat16 run on [`crate::gemm`] (f32 accumulation, one rounding), at the
//! ISA level [`gemm::isa`] picks, on the context's threads; every other dtype goes to the
//! portable kernel. The checks are portable's (`etk_portable::ops::mm::check_mm`), so errors
//! are the same. Any dim order of the operands and the out (strides go to the packing).

use crate::gemm::{self, Dt, Epilogue, MatMut, MatRef};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::mm as portable;

pub const OP: &str = portable::OP;

pub fn mm_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let Some(dt) = Dt::of(self_.dtype()) else {
        return portable::mm_out(ctx, self_, mat2, out);
    };
    portable::check_mm(OP, self_, mat2, out)?;
    // SAFETY: the views come from valid tensors whose shapes were checked; the out does not
    // overlap the inputs (the boxed entry checks it; typed callers promise it).
    unsafe {
        let a = mat_ref(self_, dt, 0, 1);
        let b = mat_ref(mat2, dt, 0, 1);
        let c = mat_mut(OP, out, dt, 0, 1)?;
        gemm::gemm(ctx, gemm::isa(), a, b, c, &Epilogue::default())
    }
}

boxed_kernel!(pub fn mm_out_boxed = OP => mm_out(self_: &Tensor, mat2: &Tensor) -> (out));

/// The matrix of `t` with rows along dim `row` and columns along dim `col`.
///
/// # Safety
/// `dt` must be `t`'s dtype; the view must not be written while the result is used.
pub(crate) unsafe fn mat_ref<'t>(t: &'t Tensor<'_>, dt: Dt, row: usize, col: usize) -> MatRef<'t> {
    let s = t.strides();
    // SAFETY: every (i, j) within the sizes is an element of the view.
    unsafe {
        MatRef::from_raw(
            t.as_ptr(),
            dt,
            t.size(row),
            t.size(col),
            s[row] as isize,
            s[col] as isize,
        )
    }
}

/// The writable matrix of `t` (see [`mat_ref`]); an error for a read-only view.
///
/// # Safety
/// As [`mat_ref`], and nothing else may access `t` while the result is used.
pub(crate) unsafe fn mat_mut<'t>(
    op: &'static str,
    t: &'t mut Tensor<'_>,
    dt: Dt,
    row: usize,
    col: usize,
) -> Result<MatMut<'t>> {
    let (rows, cols) = (t.size(row), t.size(col));
    let (rs, cs) = (t.strides()[row] as isize, t.strides()[col] as isize);
    let p = t.as_mut_ptr(op, "out")?;
    // SAFETY: a dense view: distinct elements, all within its memory.
    Ok(unsafe { MatMut::from_raw(p, dt, rows, cols, rs, cs) })
}
