//! `mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)` on the packed GEMM.
//!
//! Float, Half and BFloat16 run on [`crate::gemm`] (f32 accumulation, one rounding), at the
//! ISA level [`crate::gemm::isa`] picks, on the context's threads; every other dtype goes to the
//! portable kernel. The checks are portable's (`etk_portable::ops::mm::check_mm`), so errors
//! are the same. Any dim order of the operands and the out (strides go to the packing).

use crate::gemm::tensor::{Packed, gemm_maybe_packed, known_rows, mat_mut, mat_ref};
use crate::gemm::{Dt, Epilogue};
use etk_core::prepare::Known;
use etk_core::registry::{check_arity, check_no_alias};
use etk_core::{EValue, FromEValue, KernelContext, PreparedKernel, Result, Tensor, boxed_kernel};
use etk_portable::ops::mm as portable;

pub const OP: &str = portable::OP;

pub fn mm_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    mm_out_with(ctx, self_, mat2, out, None)
}

/// `mm`, reading `mat2` from `packed` when it was packed from it.
fn mm_out_with(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
    packed: Option<&Packed>,
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
        gemm_maybe_packed(ctx, a, b, Packed::of(packed, mat2), c, &Epilogue::default())
    }
}

boxed_kernel!(pub fn mm_out_boxed = OP => mm_out(self_: &Tensor, mat2: &Tensor) -> (out));

/// `mm` with a constant `mat2` packed at prepare.
struct PreparedMm(Packed);

impl PreparedKernel for PreparedMm {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        check_arity(OP, args, 3)?;
        let (ins, outs) = args.split_at_mut(2);
        check_no_alias(OP, ins, outs)?;
        let self_: &Tensor<'_> = FromEValue::from_evalue(&ins[0], OP, "self")?;
        let mat2: &Tensor<'_> = FromEValue::from_evalue(&ins[1], OP, "mat2")?;
        let out = etk_core::evalue::out_tensor(&mut outs[0], OP, "out")?;
        mm_out_with(ctx, self_, mat2, out, Some(&self.0))
    }
}

/// The prepare step of `mm.out` (`etk_core::prepare`): a constant `mat2` packed once.
pub fn prepare_mm(args: &[EValue<'_>], known: &[Known]) -> Result<Option<Box<dyn PreparedKernel>>> {
    let ([a, EValue::Tensor(mat2), _], [ka, Known::Constant, _]) = (args, known) else {
        return Ok(None);
    };
    Ok(Packed::new(mat2, known_rows(a, *ka)).map(|p| Box::new(PreparedMm(p)) as _))
}
