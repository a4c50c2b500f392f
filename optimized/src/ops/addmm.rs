//! `addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//! on the packed GEMM.
//!
//! Float, Half and BFloat16 run on the GEMM with `self` (broadcast to `[M, N]` by zero strides)
//! as the epilogue's addend: `out = beta * self + alpha * mat1 @ mat2`, computed in f32 and
//! rounded once. `beta` and `alpha` are converted as ATen does (to float, with its overflow
//! check); `beta == 0` ignores `self`, `alpha == 0` the product. Other dtypes: portable.

use crate::gemm::Activation;
use crate::gemm::tensor::{Packed, addmm_with, known_rows};
use etk_core::prepare::{Chain, Known};
use etk_core::registry::{check_arity, check_no_alias};
use etk_core::{
    EValue, FromEValue, KernelContext, PreparedKernel, Result, Scalar, ScalarType, Tensor,
    boxed_kernel,
};
use etk_portable::ops::addmm as portable;

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
