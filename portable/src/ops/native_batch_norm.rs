//! `_native_batch_norm_legit_no_training.out(Tensor input, Tensor? weight, Tensor? bias,
//!   Tensor running_mean, Tensor running_var, float momentum, float eps, *, Tensor(a!) out0,
//!   Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))`
//!
//! Inference batch norm over channel dim 1 of an `[N, C, ...]` input, with the running
//! statistics: `alpha = weight / sqrt(running_var + eps)`, `beta = bias - running_mean * alpha`
//! per channel, `out0 = x * alpha + beta` (ATen's formula, computed in Float for Half/BFloat16).
//! `out1` and `out2` (save_mean, save_invstd) are empty (`[0]`) in inference, of the
//! parameters' dtype. `momentum` is unused. Parameters share one dtype: the input's, or Float
//! for a Half/BFloat16 input. Any dim order.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::norm::{Elems, check_float, check_shape, for_each_index, param_dtype};
use etk_core::out::check_dtype;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::_native_batch_norm_legit_no_training.out";

#[allow(clippy::too_many_arguments)]
pub fn native_batch_norm_legit_no_training_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    running_mean: &Tensor<'_>,
    running_var: &Tensor<'_>,
    _momentum: f64,
    eps: f64,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
) -> Result<()> {
    if input.dim() < 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "input")
            .expected_text("an [N, C, ...] input of rank at least 2")
            .got(Info::Shape(input.shape())));
    }
    let c = input.size(1);
    check_float(OP, "input", input)?;
    let pt = param_dtype(
        OP,
        input,
        &[
            ("weight", weight),
            ("bias", bias),
            ("running_mean", Some(running_mean)),
            ("running_var", Some(running_var)),
        ],
    )?;
    for (name, p) in [
        ("weight", weight),
        ("bias", bias),
        ("running_mean", Some(running_mean)),
        ("running_var", Some(running_var)),
    ] {
        if let Some(p) = p {
            check_shape(OP, name, p, &[c])?;
        }
    }
    check_dtype(OP, "out0", out0, input.dtype())?;
    check_dtype(OP, "out1", out1, pt)?;
    check_dtype(OP, "out2", out2, pt)?;
    out0.resize(OP, "out0", input.sizes())?;
    out1.resize(OP, "out1", &[0])?;
    out2.resize(OP, "out2", &[0])?;
    out0.as_mut_ptr(OP, "out0")?;
    let sizes = input.sizes();
    let (s1i, s1o) = (input.strides()[1], out0.strides()[1]);
    dispatch_float!(input.dtype(), C => {
        let (x, y) = (Elems::<C>::new(input), Elems::<C>::new(out0));
        let (rm, rv) = (Elems::<C>::new(running_mean), Elems::<C>::new(running_var));
        let w = weight.map(|w| (Elems::<C>::new(w), w.strides()[0]));
        let b = bias.map(|b| (Elems::<C>::new(b), b.strides()[0]));
        let (ms, vs) = (running_mean.strides()[0], running_var.strides()[0]);
        for ch in 0..c {
            // SAFETY (every access): `ch < C`, the parameters have C elements, and the other
            // offsets come from each tensor's own strides at indices below its sizes.
            let (alpha, beta) = unsafe {
                let invstd = C::ONE / (rv.get(ch * vs) + C::from_f64(eps)).sqrt();
                let alpha = w.map_or(C::ONE, |(w, s)| w.get(ch * s)) * invstd;
                let beta = b.map_or(C::ZERO, |(b, s)| b.get(ch * s)) - rm.get(ch * ms) * alpha;
                (alpha, beta)
            };
            let (xi, yi) = (ch * s1i, ch * s1o);
            for_each_index(sizes, |d| d != 1, [input.strides(), out0.strides()], |[xo, yo]| unsafe {
                y.set(yi + yo, x.get(xi + xo) * alpha + beta);
            });
        }
    });
    Ok(())
}

boxed_kernel!(pub fn native_batch_norm_legit_no_training_out_boxed = OP => native_batch_norm_legit_no_training_out(input: &Tensor, weight: Option<&Tensor>, bias: Option<&Tensor>, running_mean: &Tensor, running_var: &Tensor, momentum: f64, eps: f64) -> (out0, out1, out2));
