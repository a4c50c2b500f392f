//! `addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//! on the packed GEMM.
//!
//! Float, Half and BFloat16 run on the GEMM with `self` (broadcast to `[M, N]` by zero strides)
//! as the epilogue's addend: `out = beta * self + alpha * mat1 @ mat2`, computed in f32 and
//! rounded once. `beta` and `alpha` are converted as ATen does (to float, with its overflow
//! check); `beta == 0` ignores `self`, `alpha == 0` the product. Other dtypes: portable.

use super::mm::{Packed, gemm_maybe_packed, known_rows, mat_mut, mat_ref};
use crate::gemm::{Activation, Dt, Epilogue, MatRef};
use etk_core::prepare::{Chain, Known};
use etk_core::registry::{check_arity, check_no_alias};
use etk_core::{
    EValue, FromEValue, KernelContext, PreparedKernel, Result, Scalar, ScalarType, Tensor,
    boxed_kernel,
};
use etk_portable::ops::addmm as portable;
use etk_portable::util::matmul::{Strided, opmath_scalar};

pub const OP: &str = portable::OP;

#[allow(clippy::too_many_arguments)]
pub fn addmm_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    beta: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    addmm_with(
        OP,
        ctx,
        self_,
        mat1,
        mat2,
        beta,
        alpha,
        out,
        None,
        Activation::None,
    )
}

/// `addmm` under the name `op` (`linear` with a 2-D input and a bias reaches it), reading `mat2`
/// from `packed` when it was packed from it, and applying `act` to the f32 result in the GEMM's
/// epilogue (`act` only for a Float out, where the rounding to the out is none: then it is
/// exactly the activation kernel run on the out).
#[allow(clippy::too_many_arguments)]
pub(crate) fn addmm_with(
    op: &'static str,
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    beta: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
    packed: Option<&Packed>,
    act: Activation,
) -> Result<()> {
    let Some(dt) = Dt::of(mat1.dtype()) else {
        return portable::addmm_impl(op, self_, mat1, mat2, beta, alpha, out);
    };
    let (m, n) = portable::check_addmm(op, self_, mat1, mat2, out)?;
    let Some(epi) = epilogue(op, self_, mat1.dtype(), m, n, beta, alpha, act)? else {
        // unreachable: check_addmm has checked that `self` broadcasts.
        return portable::addmm_impl(op, self_, mat1, mat2, beta, alpha, out);
    };
    // SAFETY: shapes checked; the out does not overlap the inputs.
    unsafe {
        let a = mat_ref(mat1, dt, 0, 1);
        let b = mat_ref(mat2, dt, 0, 1);
        let c = mat_mut(op, out, dt, 0, 1)?;
        gemm_maybe_packed(ctx, a, b, Packed::of(packed, mat2), c, &epi)
    }
}

/// `addmm`'s epilogue for an `m x n` out of `dtype` (the operands'; `self` checked to
/// broadcast to it): `beta * self + alpha * product`, `beta` and `alpha` converted as ATen
/// converts them, then `act`; `None` if `self` does not broadcast.
#[allow(clippy::too_many_arguments)]
pub(crate) fn epilogue<'s>(
    op: &'static str,
    self_: &'s Tensor<'_>,
    dtype: ScalarType,
    m: usize,
    n: usize,
    beta: Scalar,
    alpha: Scalar,
    act: Activation,
) -> Result<Option<Epilogue<'s>>> {
    let Some(dt) = Dt::of(dtype) else {
        return Ok(None);
    };
    let Some(d) = Strided::expanded(self_, m, n) else {
        return Ok(None);
    };
    let beta: f32 = opmath_scalar(op, "beta", &beta, dtype)?;
    let alpha: f32 = opmath_scalar(op, "alpha", &alpha, dtype)?;
    // SAFETY: `self` broadcast to [m, n] with zero strides stays within its memory.
    let addend = unsafe { MatRef::from_raw(d.ptr, dt, m, n, d.rs as isize, d.cs as isize) };
    Ok(Some(Epilogue {
        alpha,
        beta,
        addend: Some(addend),
        act,
        ..Epilogue::default()
    }))
}

boxed_kernel!(pub fn addmm_out_boxed = OP => addmm_out(self_: &Tensor, mat1: &Tensor, mat2: &Tensor, beta: Scalar, alpha: Scalar) -> (out));

/// `addmm` prepared: `mat2` packed once when constant, and `relu` fused when the chain is
/// `addmm → relu` on Float tensors (`relu_out` is then the out, `act` ReLU).
struct PreparedAddmm {
    packed: Option<Packed>,
    relu: bool,
}

impl PreparedKernel for PreparedAddmm {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        // addmm's arguments; after them, for the fused chain, relu's `self` (addmm's out, not
        // written) and out.
        let n = if self.relu { 8 } else { 6 };
        check_arity(OP, args, n)?;
        let (ins, outs) = args.split_at_mut(5);
        let out_at = if self.relu { 2 } else { 0 };
        check_no_alias(OP, ins, &outs[out_at..])?;
        let self_: &Tensor<'_> = FromEValue::from_evalue(&ins[0], OP, "self")?;
        let mat1: &Tensor<'_> = FromEValue::from_evalue(&ins[1], OP, "mat1")?;
        let mat2: &Tensor<'_> = FromEValue::from_evalue(&ins[2], OP, "mat2")?;
        let beta: Scalar = FromEValue::from_evalue(&ins[3], OP, "beta")?;
        let alpha: Scalar = FromEValue::from_evalue(&ins[4], OP, "alpha")?;
        let out = etk_core::evalue::out_tensor(&mut outs[out_at], OP, "out")?;
        let act = if self.relu {
            Activation::Relu
        } else {
            Activation::None
        };
        let packed = self.packed.as_ref();
        addmm_with(OP, ctx, self_, mat1, mat2, beta, alpha, out, packed, act)
    }
}

/// The packed `mat2` of addmm arguments `args`, if constant.
fn pack_mat2(args: &[EValue<'_>], known: &[Known]) -> Option<Packed> {
    match (args.get(2), known.get(2)) {
        (Some(EValue::Tensor(mat2)), Some(Known::Constant)) => {
            let m = known_rows(args.get(1)?, *known.get(1)?);
            Packed::new(mat2, m)
        }
        _ => None,
    }
}

/// The prepare step of `addmm.out` (`etk_core::prepare`): a constant `mat2` packed once.
pub fn prepare_addmm(
    args: &[EValue<'_>],
    known: &[Known],
) -> Result<Option<Box<dyn PreparedKernel>>> {
    if args.len() != 6 {
        return Ok(None);
    }
    Ok(pack_mat2(args, known).map(|p| {
        Box::new(PreparedAddmm {
            packed: Some(p),
            relu: false,
        }) as _
    }))
}

/// The fused `addmm → relu` (`etk_core::prepare::FusionEntry`): ReLU in the GEMM's epilogue,
/// for Float operands and outs of one static shape, where it is exactly the relu kernel on
/// addmm's Float out (NaN stays NaN, -0.0 stays -0.0, as `0 > x ? 0 : x` keeps them). A Half
/// or BFloat16 out would round before relu unfused (a tiny negative rounds to -0.0, which relu
/// keeps and the epilogue makes +0.0): not fused.
pub fn fuse_addmm_relu(chain: &Chain<'_, '_>) -> Result<Option<Box<dyn PreparedKernel>>> {
    let (addmm, relu) = (chain.op_args(0), chain.op_args(1));
    let (
        [_, EValue::Tensor(mat1), _, _, _, EValue::Tensor(t)],
        [EValue::Tensor(t_in), EValue::Tensor(out)],
        [Some(0), None],
    ) = (addmm, relu, chain.op_from(1))
    else {
        return Ok(None);
    };
    // ReLU in registers writes the out while the product still reads its inputs.
    if chain.shares.iter().any(|&s| s) {
        return Ok(None);
    }
    let float = |x: &Tensor<'_>| x.dtype() == ScalarType::Float;
    let static_shapes = chain.op_known(1).iter().all(|k| *k != Known::Dynamic);
    let same_layout = out.sizes() == t.sizes() && out.dim_order() == t.dim_order();
    if !(float(mat1) && float(t) && float(t_in) && float(out) && static_shapes && same_layout) {
        return Ok(None);
    }
    Ok(Some(Box::new(PreparedAddmm {
        packed: pack_mat2(addmm, chain.op_known(0)),
        relu: true,
    })))
}
