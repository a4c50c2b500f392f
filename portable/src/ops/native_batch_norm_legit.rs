//! `_native_batch_norm_legit.out(Tensor input, Tensor? weight, Tensor? bias,
//!   Tensor(a!) running_mean, Tensor(b!) running_var, bool training, float momentum, float eps,
//!   *, Tensor(d!) out, Tensor(e!) save_mean, Tensor(f!) save_invstd) -> (Tensor(d!), Tensor(e!), Tensor(f!))`
//! `_native_batch_norm_legit.no_stats_out(Tensor input, Tensor? weight, Tensor? bias,
//!   bool training, float momentum, float eps, *, Tensor(a!) out, Tensor(b!) save_mean,
//!   Tensor(c!) save_invstd) -> (Tensor(a!), Tensor(b!), Tensor(c!))`
//!
//! Batch norm over channel dim 1 of an `[N, C, ...]` input. In training, each channel's
//! statistics come from the batch (all dims but 1, which must hold at least one element):
//! `save_mean = mean`, `save_invstd = 1 / sqrt(var + eps)` (biased variance), `[C]`, and
//! `out = x * alpha + beta` with `alpha = invstd * weight`, `beta = bias - mean * alpha`, from
//! the saved statistics as rounded to their dtype (ATen's formula). The `.out` overload then
//! updates the running statistics IN PLACE, as ATen does (its statistics: the mean from a sum
//! in f64, the squared deviations from the rounded mean summed in f64; `invstd` in f64, so a
//! channel holding an infinity has mean inf and invstd NaN):
//! `running_mean = momentum * mean + (1 - momentum) * running_mean` and
//! `running_var = momentum * var * n / (n - 1) + (1 - momentum) * running_var` (the unbiased
//! variance; NaN for a single element per channel, as ATen). Not in training, `.out` is the
//! inference batch norm (`_native_batch_norm_legit_no_training`), its saved statistics empty;
//! `.no_stats_out` needs training (ATen has no statistics to use and crashes). As ATen's out
//! overloads, the result goes to the out's memory in the input's memory order (the out's own
//! dim order is ignored: give it the input's). Floating dtypes, Half/BFloat16 computed in
//! Float; the parameters share the input's dtype or Float for a Half/BFloat16 input, also the
//! saved statistics' dtype.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::norm::{Elems, check_float, check_shape, for_each_index, param_dtype};
use etk_core::element::round_trip;
use etk_core::evalue::out_tensor;
use etk_core::out::check_dtype;
use etk_core::registry::{check_arity, check_no_alias};
use etk_core::{
    EValue, Error, ErrorKind, FromEValue, Info, KernelContext, Result, Tensor, boxed_kernel,
};

pub const OP: &str = "aten::_native_batch_norm_legit.out";
pub const OP_NO_STATS: &str = "aten::_native_batch_norm_legit.no_stats_out";

#[allow(clippy::too_many_arguments)]
pub fn native_batch_norm_legit_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    running_mean: &mut Tensor<'_>,
    running_var: &mut Tensor<'_>,
    training: bool,
    momentum: f64,
    eps: f64,
    out: &mut Tensor<'_>,
    save_mean: &mut Tensor<'_>,
    save_invstd: &mut Tensor<'_>,
) -> Result<()> {
    let stats = Some((running_mean, running_var));
    batch_norm(
        OP,
        input,
        weight,
        bias,
        stats,
        training,
        momentum,
        eps,
        out,
        save_mean,
        save_invstd,
    )
}

#[allow(clippy::too_many_arguments)]
pub fn native_batch_norm_legit_no_stats_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    training: bool,
    momentum: f64,
    eps: f64,
    out: &mut Tensor<'_>,
    save_mean: &mut Tensor<'_>,
    save_invstd: &mut Tensor<'_>,
) -> Result<()> {
    if !training {
        return Err(Error::invalid(
            OP_NO_STATS,
            "training",
            "true (without running statistics there is nothing to normalize with)",
        ));
    }
    batch_norm(
        OP_NO_STATS,
        input,
        weight,
        bias,
        None,
        true,
        momentum,
        eps,
        out,
        save_mean,
        save_invstd,
    )
}

#[allow(clippy::too_many_arguments)]
fn batch_norm(
    op: &'static str,
    input: &Tensor<'_>,
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    mut stats: Option<(&mut Tensor<'_>, &mut Tensor<'_>)>,
    training: bool,
    momentum: f64,
    eps: f64,
    out: &mut Tensor<'_>,
    save_mean: &mut Tensor<'_>,
    save_invstd: &mut Tensor<'_>,
) -> Result<()> {
    if input.dim() < 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "input")
            .expected_text("an [N, C, ...] input of rank at least 2")
            .got(Info::Shape(input.shape())));
    }
    if training && input.numel() == 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "input")
            .expected_text("at least one element in training")
            .got(Info::Shape(input.shape())));
    }
    let c = input.size(1);
    check_float(op, "input", input)?;
    let (rm, rv) = match &stats {
        Some((m, v)) => (Some(&**m), Some(&**v)),
        None => (None, None),
    };
    let params = [
        ("weight", weight),
        ("bias", bias),
        ("running_mean", rm),
        ("running_var", rv),
    ];
    let pt = param_dtype(op, input, &params)?;
    for (name, p) in params {
        if let Some(p) = p {
            check_shape(op, name, p, &[c])?;
        }
    }
    if let Some((m, v)) = stats.as_ref().filter(|_| training) {
        for (name, t) in [("running_mean", &**m), ("running_var", &**v)] {
            let others = [Some(input), weight, bias];
            if others.iter().flatten().any(|o| t.overlaps(o)) || m.overlaps(v) {
                return Err(Error::invalid(
                    op,
                    name,
                    "running statistics that overlap no other input",
                ));
            }
        }
    }
    check_dtype(op, "out", out, input.dtype())?;
    check_dtype(op, "save_mean", save_mean, pt)?;
    check_dtype(op, "save_invstd", save_invstd, pt)?;
    out.resize(op, "out", input.sizes())?;
    let saved = if training { c } else { 0 };
    save_mean.resize(op, "save_mean", &[saved])?;
    save_invstd.resize(op, "save_invstd", &[saved])?;
    out.as_mut_ptr(op, "out")?;
    save_mean.as_mut_ptr(op, "save_mean")?;
    save_invstd.as_mut_ptr(op, "save_invstd")?;
    if let Some((m, v)) = stats.as_mut().filter(|_| training) {
        m.as_mut_ptr(op, "running_mean")?;
        v.as_mut_ptr(op, "running_var")?;
    }

    let n = input.numel() / c.max(1);
    let sizes = input.sizes();
    // ATen's out overloads write the result in the input's memory order into the out's memory
    // (measured: a contiguous out of a channels-last input receives the channels-last order),
    // so the out (dense, as every view) is addressed with the input's strides. With the out in
    // the input's dim order, as a runtime's memory plan gives it, this is the plain answer.
    let ys = input.strides();
    let (s1i, s1o) = (input.strides()[1], ys[1]);
    dispatch_float!(input.dtype(), C => {
        let (x, y) = (Elems::<C>::new(input), Elems::<C>::new(out));
        let (sm, si) = (Elems::<C>::new(save_mean), Elems::<C>::new(save_invstd));
        let (sms, sis) = (save_mean.strides()[0], save_invstd.strides()[0]);
        let w = weight.map(|w| (Elems::<C>::new(w), w.strides()[0]));
        let b = bias.map(|b| (Elems::<C>::new(b), b.strides()[0]));
        let run = stats.as_ref().map(|(m, v)| {
            (Elems::<C>::new(m), m.strides()[0], Elems::<C>::new(v), v.strides()[0])
        });
        for ch in 0..c {
            let xi = ch * s1i;
            // SAFETY (every access): `ch < C`, the parameters and statistics have C elements,
            // and the other offsets come from each tensor's own strides at indices below its
            // sizes; the outs and the running statistics overlap no input.
            let channel = |f: &mut dyn FnMut(C)| {
                for_each_index(sizes, |d| d != 1, [input.strides()], |[o]| f(unsafe { x.get(xi + o) }));
            };
            let (mean, var, invstd) = match run {
                // not training: ATen's inference formula on the running statistics
                Some((rm, rms, rv, rvs)) if !training => unsafe {
                    let var = rv.get(ch * rvs);
                    (rm.get(ch * rms), var, C::ONE / (var + C::from_f64(eps)).sqrt())
                },
                _ => {
                    let (mean, var) = batch_moments(n, channel);
                    (mean, var, invstd(var, eps))
                }
            };
            // In training ATen normalizes with the saved statistics as stored.
            let (mean_s, invstd_s) = if training {
                (round_trip(mean, pt), round_trip(invstd, pt))
            } else {
                (mean, invstd)
            };
            let alpha = w.map_or(C::ONE, |(w, s)| unsafe { w.get(ch * s) }) * invstd_s;
            let beta = b.map_or(C::ZERO, |(b, s)| unsafe { b.get(ch * s) }) - mean_s * alpha;
            let yi = ch * s1o;
            for_each_index(sizes, |d| d != 1, [input.strides(), ys], |[xo, yo]| unsafe {
                y.set(yi + yo, x.get(xi + xo) * alpha + beta);
            });
            if !training {
                continue;
            }
            unsafe {
                sm.set(ch * sms, mean);
                si.set(ch * sis, invstd);
            }
            if let Some((rm, rms, rv, rvs)) = run {
                // In f64 as ATen's update (its `momentum` is a double).
                let unbiased = var.to_f64() * n as f64 / (n as f64 - 1.0);
                unsafe {
                    let m = momentum * mean.to_f64() + (1.0 - momentum) * rm.get(ch * rms).to_f64();
                    let v = momentum * unbiased + (1.0 - momentum) * rv.get(ch * rvs).to_f64();
                    rm.set(ch * rms, C::from_f64(m));
                    rv.set(ch * rvs, C::from_f64(v));
                }
            }
        }
    });
    Ok(())
}

/// ATen's training statistics of one channel of `n` elements: the sum in f64, the mean
/// rounded to the compute type, then the squared deviations from that mean (each in the
/// compute type) summed in f64 and rounded, divided by `n`. A channel holding an infinity has
/// mean inf (or NaN, with both signs) and variance NaN.
fn batch_moments<C: Float>(n: usize, visit: impl Fn(&mut dyn FnMut(C))) -> (C, C) {
    let mut sum = 0.0;
    visit(&mut |v| sum += v.to_f64());
    let mean = C::from_f64(sum / n as f64);
    let mut sq = 0.0;
    visit(&mut |v| {
        let d = v - mean;
        sq += (d * d).to_f64();
    });
    (mean, C::from_f64(sq) / C::from_f64(n as f64))
}

/// ATen's `InvStd`: `1 / sqrt(var + eps)` in f64 (0 when both are 0), rounded.
fn invstd<C: Float>(var: C, eps: f64) -> C {
    let v = var.to_f64();
    if v == 0.0 && eps == 0.0 {
        return C::ZERO;
    }
    C::from_f64(1.0 / (v + eps).sqrt())
}

/// The boxed `.out`: `running_mean` and `running_var` are inputs the kernel writes, so they
/// are taken from the stack mutably (a read-only view of them is an error).
pub fn native_batch_norm_legit_out_boxed(
    ctx: &mut KernelContext<'_>,
    stack: &mut [EValue<'_>],
) -> Result<()> {
    check_arity(OP, stack, 11)?;
    let (ins, outs) = stack.split_at_mut(8);
    check_no_alias(OP, ins, outs)?;
    let (params, rest) = ins.split_at_mut(3);
    let (stats, flags) = rest.split_at_mut(2);
    let input: &Tensor<'_> = FromEValue::from_evalue(&params[0], OP, "input")?;
    let weight: Option<&Tensor<'_>> = FromEValue::from_evalue(&params[1], OP, "weight")?;
    let bias: Option<&Tensor<'_>> = FromEValue::from_evalue(&params[2], OP, "bias")?;
    let training: bool = FromEValue::from_evalue(&flags[0], OP, "training")?;
    let momentum: f64 = FromEValue::from_evalue(&flags[1], OP, "momentum")?;
    let eps: f64 = FromEValue::from_evalue(&flags[2], OP, "eps")?;
    let (m, v) = stats.split_at_mut(1);
    let running_mean = running_stat(&mut m[0], "running_mean")?;
    let running_var = running_stat(&mut v[0], "running_var")?;
    let [o0, o1, o2] = outs else {
        return Err(Error::invalid(OP, "arguments", "three outs"));
    };
    let out = out_tensor(o0, OP, "out")?;
    let save_mean = out_tensor(o1, OP, "save_mean")?;
    let save_invstd = out_tensor(o2, OP, "save_invstd")?;
    native_batch_norm_legit_out(
        ctx,
        input,
        weight,
        bias,
        running_mean,
        running_var,
        training,
        momentum,
        eps,
        out,
        save_mean,
        save_invstd,
    )
}

fn running_stat<'e, 'a>(v: &'e mut EValue<'a>, arg: &'static str) -> Result<&'e mut Tensor<'a>> {
    match v {
        EValue::Tensor(t) => Ok(t),
        _ => Err(Error::new(ErrorKind::InvalidProgram, OP, arg)
            .expected_text("a Tensor (written in place)")
            .got(Info::Text(v.kind_name()))),
    }
}

boxed_kernel!(pub fn native_batch_norm_legit_no_stats_out_boxed = OP_NO_STATS => native_batch_norm_legit_no_stats_out(input: &Tensor, weight: Option<&Tensor>, bias: Option<&Tensor>, training: bool, momentum: f64, eps: f64) -> (out, save_mean, save_invstd));
