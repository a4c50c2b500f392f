//! `bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)` on the packed GEMM.
//!
//! Float, Half and BFloat16 run as one batched GEMM (threads split the batches, or a single
//! product's rows or columns); other dtypes go to the portable kernel, whose checks are used.
//! Prepared (`etk_core::prepare`) with a constant `mat2`, each batch's B is packed once and
//! the batches run one by one on their panels: the same sums as the batched GEMM (the sums of
//! an element do not depend on how the work is split).

use crate::gemm::tensor::{Packed, mat_mut, mat_ref};
use crate::gemm::{self, BatchStrides, Dt, Epilogue};
use etk_core::prepare::Known;
use etk_core::registry::{check_arity, check_no_alias};
use etk_core::{EValue, FromEValue, KernelContext, PreparedKernel, Result, Tensor, boxed_kernel};
use etk_portable::ops::bmm as portable;

pub const OP: &str = portable::OP;

pub fn bmm_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    bmm_out_with(ctx, self_, mat2, out, None)
}

/// `bmm`, reading each batch of `mat2` from `packed` when it was packed from it.
fn bmm_out_with(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
    packed: Option<&Packed>,
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
        let epi = Epilogue::default();
        if let Some(packs) = Packed::all(packed, mat2).filter(|p| p.len() == batch) {
            let (sa, sc) = (strides.a as usize, strides.c as usize);
            for (t, pb) in packs.iter().enumerate() {
                let c = mat_mut(OP, out, dt, 1, 2)?.offset(t * sc);
                let (at, bt) = (a.offset(t * sa), b.offset(t * strides.b as usize));
                gemm::gemm_prepacked(ctx, gemm::isa(), at, bt, pb, c, &epi)?;
            }
            return Ok(());
        }
        let c = mat_mut(OP, out, dt, 1, 2)?;
        gemm::gemm_batched_raw(ctx, gemm::isa(), batch, strides, a, b, c, &epi)
    }
}

boxed_kernel!(pub fn bmm_out_boxed = OP => bmm_out(self_: &Tensor, mat2: &Tensor) -> (out));

/// `bmm` with a constant `mat2`, every batch's B packed at prepare.
struct PreparedBmm(Packed);

impl PreparedKernel for PreparedBmm {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        check_arity(OP, args, 3)?;
        let (ins, outs) = args.split_at_mut(2);
        check_no_alias(OP, ins, outs)?;
        let self_: &Tensor<'_> = FromEValue::from_evalue(&ins[0], OP, "self")?;
        let mat2: &Tensor<'_> = FromEValue::from_evalue(&ins[1], OP, "mat2")?;
        let out = etk_core::evalue::out_tensor(&mut outs[0], OP, "out")?;
        bmm_out_with(ctx, self_, mat2, out, Some(&self.0))
    }
}

/// The prepare step of `bmm.out` (`etk_core::prepare`): a constant 3-D `mat2` packed once per
/// batch. (A constant `self` is the GEMM's A, which is packed per call.)
pub fn prepare_bmm(
    args: &[EValue<'_>],
    known: &[Known],
) -> Result<Option<Box<dyn PreparedKernel>>> {
    let ([EValue::Tensor(a), EValue::Tensor(mat2), _], [ka, Known::Constant, _]) = (args, known)
    else {
        return Ok(None);
    };
    if a.dim() != 3 || mat2.dim() != 3 || a.size(0) != mat2.size(0) {
        return Ok(None);
    }
    let rows = (*ka != Known::Dynamic).then(|| a.size(1));
    Ok(Packed::batches(mat2, rows, 1).map(|p| Box::new(PreparedBmm(p)) as _))
}
