//! `bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)` on the packed GEMM.
//!
//! Float, Half and BFloat16 run as one batched GEMM (threads split the batches, or a single
//! product's rows or columns); other dtypes go to the portable kernel, whose checks are used.

use super::mm::{mat_mut, mat_ref};
use crate::gemm::{self, BatchStrides, Dt, Epilogue};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::bmm as portable;

pub const OP: &str = portable::OP;

pub fn bmm_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let Some(dt) = Dt::of(self_.dtype()) else {
        return portable::bmm_out(ctx, self_, mat2, out);
    };
    portable::check_bmm(OP, self_, mat2, out)?;
    let batch = self_.size(0);
    let strides = BatchStrides {
        a: self_.strides()[0] as isize,
        b: mat2.strides()[0] as isize,
        c: out.strides()[0] as isize,
        addend: 0,
    };
    // SAFETY: batch `t` of each operand lies within its view (sizes checked); the outs of
    // different batches are disjoint (a dense out); the out does not overlap the inputs.
    unsafe {
        let a = mat_ref(self_, dt, 1, 2);
        let b = mat_ref(mat2, dt, 1, 2);
        let c = mat_mut(OP, out, dt, 1, 2)?;
        gemm::gemm_batched_raw(
            ctx,
            gemm::isa(),
            batch,
            strides,
            a,
            b,
            c,
            &Epilogue::default(),
        )
    }
}

boxed_kernel!(pub fn bmm_out_boxed = OP => bmm_out(self_: &Tensor, mat2: &Tensor) -> (out));
