//! `linear.out(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor(a!) out) -> Tensor(a!)`
//! on the packed GEMM.
//!
//! `out = input @ weight.T (+ bias)` for Float, Half and BFloat16 with a 2-D weight `[N, K]`
//! (packed by in-register transposes, no copy of the weight). As ATen's `linear_out`:
//! - 2-D input with a bias: `addmm(bias, input, weight.T)`, the bias fused into the GEMM's
//!   epilogue (rounded once);
//! - otherwise `matmul` then `out.add_(bias)`: the leading dims of the input become the GEMM's
//!   rows (when their strides merge; else portable). A Float bias of the out's dtype that is
//!   one row (`[N]`, or one element) is fused — exact, since the f32 product needs no rounding —
//!   while Half/BFloat16 outs (rounded twice in ATen) and other biases get the separate
//!   in-place add.
//!
//! Other dtypes and 1-D weights go to the portable kernel.

use crate::gemm::tensor::{Packed, addmm_with, gemm_maybe_packed, mat_ref, merged_stride};
use crate::gemm::{Activation, Dt, Epilogue, MatMut, MatRef};
use etk_core::out::resize_out;
use etk_core::prepare::Known;
use etk_core::registry::{check_arity, check_no_alias};
use etk_core::{
    EValue, FromEValue, KernelContext, PreparedKernel, Result, Scalar, ScalarType, Tensor,
    boxed_kernel,
};
use etk_portable::ops::linear as portable;

pub const OP: &str = portable::OP;

pub fn linear_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    linear_out_with(ctx, input, weight, bias, out, None)
}

/// `linear`, reading `weight.T` from `packed` when it was packed from it.
fn linear_out_with(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    out: &mut Tensor<'_>,
    packed: Option<&Packed>,
) -> Result<()> {
    portable::check_linear_ranks(OP, input, weight)?;
    let Some(dt) = Dt::of(input.dtype()) else {
        return portable::linear_out(ctx, input, weight, bias, out);
    };
    if weight.dim() != 2 {
        return portable::linear_out(ctx, input, weight, bias, out);
    }
    let weight_t = portable::transposed(weight)?;
    if let (2, Some(bias)) = (input.dim(), bias) {
        let one = Scalar::Int(1);
        let act = Activation::None;
        return addmm_with(OP, ctx, bias, input, &weight_t, one, one, out, packed, act);
    }
    let shape = portable::check_linear(OP, input, weight, out)?;
    resize_out(OP, out, &shape)?;
    let lead = input.dim() - 1;
    let (Some(in_rs), Some(out_rs)) = (
        merged_stride(&input.sizes()[..lead], input.strides()),
        merged_stride(&out.sizes()[..lead], out.strides()),
    ) else {
        return portable::linear_out(ctx, input, weight, bias, out);
    };
    let m = input.sizes()[..lead].iter().product::<usize>();
    let (k, n) = (input.size(lead), weight.size(0));
    let fused = bias.filter(|b| {
        dt == Dt::F32
            && b.dtype() == ScalarType::Float
            && b.dim() <= lead + 1
            && (b.numel() == 1 || row_vector(b, n))
    });
    // SAFETY: shapes checked; the leading dims of input and out merge into one stride, so
    // row `i` of each is `i * stride` from the data pointer; the out does not overlap the
    // inputs.
    unsafe {
        let a = MatRef::from_raw(
            input.as_ptr(),
            dt,
            m,
            k,
            in_rs as isize,
            input.strides()[lead] as isize,
        );
        let b = mat_ref(&weight_t, dt, 0, 1);
        let c_cs = out.strides()[lead] as isize;
        let c = MatMut::from_raw(out.as_mut_ptr(OP, "out")?, dt, m, n, out_rs as isize, c_cs);
        let mut epi = Epilogue::default();
        if let Some(bias) = fused {
            let cs = if bias.numel() == 1 {
                0
            } else {
                bias.strides()[bias.dim() - 1] as isize
            };
            epi.beta = 1.0;
            epi.addend = Some(MatRef::from_raw(bias.as_ptr(), dt, m, n, 0, cs));
        }
        gemm_maybe_packed(ctx, a, b, Packed::of(packed, &weight_t), c, &epi)?;
    }
    match (bias, fused) {
        (Some(bias), None) => portable::add_bias_in_place(OP, out, bias),
        _ => Ok(()),
    }
}

boxed_kernel!(pub fn linear_out_boxed = OP => linear_out(input: &Tensor, weight: &Tensor, bias: Option<&Tensor>) -> (out));

/// `linear` with a constant 2-D weight: its transpose (the GEMM's B) packed once.
struct PreparedLinear(Packed);

impl PreparedKernel for PreparedLinear {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        check_arity(OP, args, 4)?;
        let (ins, outs) = args.split_at_mut(3);
        check_no_alias(OP, ins, outs)?;
        let input: &Tensor<'_> = FromEValue::from_evalue(&ins[0], OP, "input")?;
        let weight: &Tensor<'_> = FromEValue::from_evalue(&ins[1], OP, "weight")?;
        let bias: Option<&Tensor<'_>> = FromEValue::from_evalue(&ins[2], OP, "bias")?;
        let out = etk_core::evalue::out_tensor(&mut outs[0], OP, "out")?;
        linear_out_with(ctx, input, weight, bias, out, Some(&self.0))
    }
}

/// The prepare step of `linear.out` (`etk_core::prepare`): a constant weight's transpose
/// packed once.
pub fn prepare_linear(
    args: &[EValue<'_>],
    known: &[Known],
) -> Result<Option<Box<dyn PreparedKernel>>> {
    let ([EValue::Tensor(input), EValue::Tensor(weight), _, _], [ki, Known::Constant, _, _]) =
        (args, known)
    else {
        return Ok(None);
    };
    if weight.dim() != 2 || input.dim() == 0 {
        return Ok(None);
    }
    let rows =
        (*ki != Known::Dynamic).then(|| input.sizes()[..input.dim() - 1].iter().product::<usize>());
    let weight_t = portable::transposed(weight)?;
    Ok(Packed::new(&weight_t, rows).map(|p| Box::new(PreparedLinear(p)) as _))
}

/// `b` is `[N]` or `[1, ..., 1, N]`.
fn row_vector(b: &Tensor<'_>, n: usize) -> bool {
    b.dim() >= 1 && b.size(b.dim() - 1) == n && b.numel() == n
}
