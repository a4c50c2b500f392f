//! `native_dropout.out(Tensor input, float p, bool? train, *, Tensor(a!) out0, Tensor(b!) out1)
//! -> (Tensor(a!), Tensor(b!))`
//!
//! Training (`train` true or None): a Bool mask `out1` keeps each element with probability
//! `1 - p`, drawn from the context's generator (`ctx.rng`), and `out0 = input * mask * scale`
//! with `scale = 1 / (1 - p)` (0 when `p = 1`), computed as ATen does — `input * mask` then
//! `* scale` in the input's compute type — so a dropped NaN or infinity gives NaN and a
//! dropped negative gives -0. `p` must lie in `[0, 1]` and the input must be floating.
//! Evaluation (`train` false): `out0` is a copy of the input (any dtype, `p` unchecked) and
//! `out1` all true. `out0` must have the input's dtype and `out1` Bool, except for an empty
//! input, where ATen returns the input and an `empty_like` of it: then both outs must have
//! the input's dtype and nothing is checked or drawn. Both outs take the input's shape.

use crate::dispatch_float;
use crate::util::copy::copy_cast;
use etk_core::iter::{arg, fill, map2};
use etk_core::out::check_dtype;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::native_dropout.out";

pub fn native_dropout_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    p: f64,
    train: Option<bool>,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
) -> Result<()> {
    let dtype = input.dtype();
    if input.numel() == 0 {
        check_dtype(OP, "out0", out0, dtype)?;
        check_dtype(OP, "out1", out1, dtype)?;
        out0.resize(OP, "out0", input.sizes())?;
        return out1.resize(OP, "out1", input.sizes());
    }
    let train = train.unwrap_or(true);
    if train {
        if dtype.is_complex() {
            return Err(Error::unsupported_dtype(OP, "input", dtype));
        }
        if !dtype.is_floating_point() {
            return Err(Error::dtype(
                OP,
                "input",
                "a floating dtype in training",
                dtype,
            ));
        }
        if !(0.0..=1.0).contains(&p) {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "p")
                .expected_text("a probability in [0, 1]")
                .got(Info::Float(p)));
        }
    }
    check_dtype(OP, "out0", out0, dtype)?;
    check_dtype(OP, "out1", out1, ScalarType::Bool)?;
    out0.resize(OP, "out0", input.sizes())?;
    out1.resize(OP, "out1", input.sizes())?;
    if !train {
        copy_cast(OP, "input", input, out0)?;
        return fill::<i64>(OP, out1, None, |m| m.fill(1));
    }
    let keep = 1.0 - p;
    let scale = if keep == 0.0 { 0.0 } else { 1.0 / keep };
    {
        let mut s = ctx.rng.stream();
        fill::<i64>(OP, out1, None, |m| {
            for v in m {
                *v = i64::from(s.uniform(53) < keep);
            }
        })?;
    }
    let mask: &Tensor<'_> = out1;
    dispatch_float!(dtype, C => {
        let scale = scale as C;
        map2::<C, C, C>(OP, out0, None, arg("input", input), arg("out1", mask), |x, m, o| {
            for ((o, &x), &m) in o.iter_mut().zip(x).zip(m) {
                *o = x * m * scale;
            }
        })
    })
}

boxed_kernel!(pub fn native_dropout_out_boxed = OP => native_dropout_out(input: &Tensor, p: f64, train: Option<bool>) -> (out0, out1));
