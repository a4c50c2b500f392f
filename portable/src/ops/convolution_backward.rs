//! `convolution_backward.out(Tensor grad_output, Tensor input, Tensor weight, SymInt[]?
//!   bias_sizes, SymInt[] stride, SymInt[] padding, SymInt[] dilation, bool transposed,
//!   SymInt[] output_padding, SymInt groups, bool[3] output_mask, *, Tensor(a!) out0,
//!   Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))`
//!
//! The gradients of `convolution.out` (see `convolution.rs`) with respect to its input
//! (`out0`, shape of `input`), weight (`out1`, shape of `weight`) and bias (`out2`, `[C_out]`),
//! given `grad_output`, the gradient of its output. Where the forward adds `x[n, ic, i] * w(ic,
//! oc, t)` to `y[n, oc, o]` for every tap `t` that links input position `i` to output position
//! `o`, the backward sums the same products the other way round:
//!   - `grad_input[n, ic, i] = Σ_{oc, t} grad_output[n, oc, o(i, t)] * w(ic, oc, t)`
//!   - `grad_weight(ic, oc, t) = Σ_{n, o} grad_output[n, oc, o] * x[n, ic, i(o, t)]`
//!   - `grad_bias[oc] = Σ_{n, o} grad_output[n, oc, o]`
//!
//! Only the results whose `output_mask` entry is true are computed; the outs of false entries
//! are left untouched, as ExecuTorch's kernel and ATen's functional op do (ATen's generated out
//! wrapper rejects every such call; `../shared/conformance/NOTES.md`).
//!
//! As ATen: an input with no batch or no channels has zero gradients (and `out2` then has the
//! shape `bias_sizes`, which must be given); otherwise `bias_sizes` is not read and
//! `grad_output` must have the forward output's shape. `grad_output`, `input`, `weight` and the
//! outs share one dtype, and the dtypes are those of the ATen kernel the call would reach:
//! floating dtypes take every call; integer, Bool and ComplexFloat/Double calls compute only the
//! bias gradient (a sum of `grad_output`), except Long in a dilated (not transposed)
//! convolution, which takes every mask; in a dilated convolution the other integer and complex
//! dtypes, and in a 3-D transposed one every non-floating dtype, compute no gradient at all;
//! UInt16/32/64 and ComplexHalf compute none anywhere (an all-false mask is accepted where
//! ATen accepts it). Half/BFloat16 accumulate in Float and round once; integers wrap.

use crate::util::conv::{ConvGeometry, conv_geometry, dot3, spatial_strides, unflat3};
use crate::util::dispatch::Arith;
use etk_core::out::check_dtype;
use etk_core::{
    Compute, Dims, Element, Error, ErrorKind, Info, KernelContext, MAX_DIM, Result, ScalarType,
    Tensor, bf16, boxed_kernel, f16,
};

pub const OP: &str = "aten::convolution_backward.out";

#[allow(clippy::too_many_arguments)]
pub fn convolution_backward_out(
    _ctx: &mut KernelContext<'_>,
    grad_output: &Tensor<'_>,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias_sizes: Option<&[i64]>,
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    transposed: bool,
    output_padding: &[i64],
    groups: i64,
    output_mask: &[bool],
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
) -> Result<()> {
    let &[want_input, want_weight, want_bias] = output_mask else {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "output_mask")
            .expected("one bool per gradient:", Info::Int(3))
            .got(Info::Int(output_mask.len() as i64)));
    };
    let geo = conv_geometry(
        OP,
        input,
        weight,
        [stride, padding, dilation, output_padding],
        transposed,
        groups,
    )?;
    let rank = input.dim();
    if !transposed && output_padding.iter().any(|&v| v != 0) {
        return Err(Error::invalid(
            OP,
            "output_padding",
            "zeros: output_padding is only supported for transposed convolutions",
        ));
    }
    if weight.size(0) == 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "weight")
            .expected_text("at least one kernel along dim 0")
            .got(Info::Shape(weight.shape())));
    }
    if grad_output.dim() != rank {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "grad_output")
            .expected("the input's rank", Info::Int(rank as i64))
            .got(Info::Shape(grad_output.shape())));
    }
    // ATen sends an input without batch or channels to no kernel: its gradients are zeros.
    let empty = input.size(0) == 0 || input.size(1) == 0;
    if !empty && input.numel() == 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "input")
            .expected_text("no empty spatial dims (only a zero batch or zero channels)")
            .got(Info::Shape(input.shape())));
    }
    let dt = input.dtype();
    for (arg, t) in [("grad_output", grad_output), ("weight", weight)] {
        if t.dtype() != dt {
            return Err(Error::new(ErrorKind::InvalidType, OP, arg)
                .expected("the input's dtype", Info::Dtype(dt))
                .got(Info::Dtype(t.dtype())));
        }
    }
    if !empty {
        check_dtype_support(&geo, dt, rank, output_mask)?;
    }
    let any = want_input || want_weight || want_bias;
    if !empty && any && grad_output.sizes() != &geo.out_sizes[..rank] {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "grad_output")
            .expected(
                "the convolution's output shape",
                Info::Shape(Dims::new(&geo.out_sizes[..rank]).unwrap_or(Dims::EMPTY)),
            )
            .got(Info::Shape(grad_output.shape())));
    }
    let mut bias_shape = [0usize; MAX_DIM];
    let bias_rank = if empty && want_bias {
        let sizes = bias_sizes.ok_or(Error::invalid(
            OP,
            "bias_sizes",
            "the bias's sizes, for the bias gradient of an empty input",
        ))?;
        if sizes.len() > MAX_DIM || sizes.iter().any(|&v| v < 0) {
            return Err(Error::invalid(
                OP,
                "bias_sizes",
                "at most MAX_DIM (16) non-negative sizes",
            ));
        }
        for (d, &v) in bias_shape.iter_mut().zip(sizes) {
            *d = usize::try_from(v).unwrap_or(usize::MAX);
        }
        sizes.len()
    } else {
        bias_shape[0] = geo.out_sizes[1];
        1
    };
    let outs: [(bool, &'static str, &Tensor<'_>); 3] = [
        (want_input, "out0", out0),
        (want_weight, "out1", out1),
        (want_bias, "out2", out2),
    ];
    for (want, arg, out) in outs {
        if want {
            check_dtype(OP, arg, out, dt)?;
        }
    }
    if want_input {
        out0.resize(OP, "out0", input.sizes())?;
    }
    if want_weight {
        out1.resize(OP, "out1", weight.sizes())?;
    }
    if want_bias {
        out2.resize(OP, "out2", &bias_shape[..bias_rank])?;
    }
    if empty {
        // grad_input has no elements; the other two are zeros (all-zero bytes in every dtype).
        if want_weight {
            zero(out1, "out1")?;
        }
        if want_bias {
            zero(out2, "out2")?;
        }
        return Ok(());
    }
    if !any {
        return Ok(());
    }
    // The outs to fill, `None` for the masked-off ones.
    let outs = (
        want_input.then_some(out0),
        want_weight.then_some(out1),
        want_bias.then_some(out2),
    );
    let call = Call {
        geo: &geo,
        grad_output,
        input,
        weight,
    };
    use ScalarType::*;
    // SAFETY: the shapes and dtypes of every tensor `run` touches were checked above.
    unsafe {
        match dt {
            Long => run::<i64, i64>(&call, outs),
            Half => run::<f16, f32>(&call, outs),
            BFloat16 => run::<bf16, f32>(&call, outs),
            Float => run::<f32, f32>(&call, outs),
            Double => run::<f64, f64>(&call, outs),
            // only the bias gradient (`check_dtype_support`); complex: real and imaginary
            // parts apart
            Bool => grad_bias::<bool, i64>(&call, out2_of(outs)?, 1),
            Byte => grad_bias::<u8, i64>(&call, out2_of(outs)?, 1),
            Char => grad_bias::<i8, i64>(&call, out2_of(outs)?, 1),
            Short => grad_bias::<i16, i64>(&call, out2_of(outs)?, 1),
            Int => grad_bias::<i32, i64>(&call, out2_of(outs)?, 1),
            ComplexFloat => grad_bias::<f32, f32>(&call, out2_of(outs)?, 2),
            ComplexDouble => grad_bias::<f64, f64>(&call, out2_of(outs)?, 2),
            d => Err(Error::unsupported_dtype(OP, "input", d)),
        }
    }
}

boxed_kernel!(pub fn convolution_backward_out_boxed = OP => convolution_backward_out(grad_output: &Tensor, input: &Tensor, weight: &Tensor, bias_sizes: Option<&[i64]>, stride: &[i64], padding: &[i64], dilation: &[i64], transposed: bool, output_padding: &[i64], groups: i64, output_mask: &[bool]) -> (out0, out1, out2));

/// Sets every element of `out` to zero (all-zero bytes in every dtype).
fn zero(out: &mut Tensor<'_>, arg: &'static str) -> Result<()> {
    let n = out.nbytes();
    let p = out.as_mut_ptr(OP, arg)?;
    // SAFETY: a tensor's elements are the `nbytes` bytes from its pointer (a dense view).
    unsafe { core::ptr::write_bytes(p, 0, n) };
    Ok(())
}

/// The dtypes ATen's CPU backward kernels take, by the kernel it would pick for this call.
fn check_dtype_support(
    geo: &ConvGeometry,
    dt: ScalarType,
    rank: usize,
    mask: &[bool],
) -> Result<()> {
    use ScalarType::*;
    if matches!(dt, Half | BFloat16 | Float | Double) {
        return Ok(());
    }
    let none = !mask.contains(&true);
    let (why, ok) = if geo.transposed && rank == 5 {
        // slow_conv_transpose3d: no gradient at all but in floating dtypes, not even the bias's
        (
            "a floating dtype for a 3-D transposed convolution's gradients",
            none,
        )
    } else if !geo.transposed && geo.dilated {
        // slow_conv_dilated: floating dtypes and Long, for every mask (even an empty one)
        (
            "a floating dtype or Long for a dilated convolution",
            dt == Long,
        )
    } else if matches!(
        dt,
        Bool | Byte | Char | Short | Int | Long | ComplexFloat | ComplexDouble
    ) {
        // the other kernels compute these dtypes' gradients only for the bias (a plain sum)
        (
            "a floating dtype for the input or weight gradient",
            !mask[0] && !mask[1],
        )
    } else {
        // UInt16/32/64 and ComplexHalf: not even the bias's sum
        ("a dtype ATen computes convolution gradients in", none)
    };
    if ok {
        Ok(())
    } else {
        Err(Error::dtype(OP, "input", why, dt))
    }
}

struct Call<'c, 'a> {
    geo: &'c ConvGeometry,
    grad_output: &'c Tensor<'a>,
    input: &'c Tensor<'a>,
    weight: &'c Tensor<'a>,
}

/// # Safety
/// `call` must have passed the checks of `convolution_backward_out`, each out must have the
/// shape of its gradient and the dtype of `E`, and no out may overlap an input.
#[allow(clippy::type_complexity)]
unsafe fn run<E: Element, C: Compute + Arith>(
    call: &Call<'_, '_>,
    outs: (
        Option<&mut Tensor<'_>>,
        Option<&mut Tensor<'_>>,
        Option<&mut Tensor<'_>>,
    ),
) -> Result<()> {
    // SAFETY (all three): forwarded from the caller.
    unsafe {
        if let Some(out) = outs.0 {
            grad_input::<E, C>(call, out)?;
        }
        if let Some(out) = outs.1 {
            grad_weight::<E, C>(call, out)?;
        }
        if let Some(out) = outs.2 {
            grad_bias::<E, C>(call, out, 1)?;
        }
    }
    Ok(())
}

/// The bias gradient's out, the only one a call in a dtype without ATen's input and weight
/// gradients computes.
#[allow(clippy::type_complexity)]
fn out2_of<'o, 'a>(
    outs: (
        Option<&mut Tensor<'_>>,
        Option<&mut Tensor<'_>>,
        Option<&'o mut Tensor<'a>>,
    ),
) -> Result<&'o mut Tensor<'a>> {
    outs.2
        .ok_or(Error::invalid(OP, "output_mask", "the bias gradient"))
}

/// Reads element `off` (in elements) of a tensor of element type `E`.
///
/// # Safety
/// `off` must be the offset of an element of `t`.
#[inline(always)]
unsafe fn at<E: Element, C: Compute>(t: &Tensor<'_>, off: usize) -> C {
    // SAFETY: forwarded from the caller.
    C::load(unsafe { *(t.as_ptr() as *const E).add(off) })
}

/// `grad_input[n, ic, i] = Σ_{oc in ic's group, t} grad_output[n, oc, o(i, t)] * w(ic, oc, t)`.
///
/// # Safety
/// As [`run`].
unsafe fn grad_input<E: Element, C: Compute + Arith>(
    call: &Call<'_, '_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let Call {
        geo,
        grad_output: go,
        input: _,
        weight: w,
    } = *call;
    let (gos, ws, outs) = (
        spatial_strides(go),
        spatial_strides(w),
        spatial_strides(out),
    );
    let (gn, gc) = (go.strides()[0], go.strides()[1]);
    let (w0, w1) = (w.strides()[0], w.strides()[1]);
    let (on, oc_) = (out.strides()[0], out.strides()[1]);
    let y = out.as_mut_ptr(OP, "out0")? as *mut E;
    let positions = geo.ins.iter().product::<usize>();
    let [k0, k1, k2] = geo.ks;
    for n in 0..geo.n {
        for g in 0..geo.groups {
            for icl in 0..geo.icg {
                let ic = g * geo.icg + icl;
                for p in 0..positions {
                    let i = unflat3(p, geo.ins);
                    let mut acc = C::default();
                    for ocl in 0..geo.ocg {
                        let oc = g * geo.ocg + ocl;
                        let wbase = geo.weight_base(w0, w1, ic, icl, oc, ocl);
                        let gbase = n * gn + oc * gc;
                        for t0 in 0..k0 {
                            let Some(o0) = geo.output_pos(0, i[0], t0) else {
                                continue;
                            };
                            for t1 in 0..k1 {
                                let Some(o1) = geo.output_pos(1, i[1], t1) else {
                                    continue;
                                };
                                for t2 in 0..k2 {
                                    let Some(o2) = geo.output_pos(2, i[2], t2) else {
                                        continue;
                                    };
                                    // SAFETY: every index is below its dim's size.
                                    let (gv, wv) = unsafe {
                                        (
                                            at::<E, C>(go, gbase + dot3([o0, o1, o2], gos)),
                                            at::<E, C>(w, wbase + dot3([t0, t1, t2], ws)),
                                        )
                                    };
                                    acc = acc.wrapping_add(gv.wrapping_mul(wv));
                                }
                            }
                        }
                    }
                    // SAFETY: `out` has the input's shape.
                    unsafe { *y.add(n * on + ic * oc_ + dot3(i, outs)) = acc.store() };
                }
            }
        }
    }
    Ok(())
}

/// `grad_weight(ic, oc, t) = Σ_{n, o} grad_output[n, oc, o] * x[n, ic, i(o, t)]`.
///
/// # Safety
/// As [`run`].
unsafe fn grad_weight<E: Element, C: Compute + Arith>(
    call: &Call<'_, '_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let Call {
        geo,
        grad_output: go,
        input: x,
        weight: _,
    } = *call;
    let (gos, xs, outs) = (
        spatial_strides(go),
        spatial_strides(x),
        spatial_strides(out),
    );
    let (gn, gc) = (go.strides()[0], go.strides()[1]);
    let (xn, xc) = (x.strides()[0], x.strides()[1]);
    let (w0, w1) = (out.strides()[0], out.strides()[1]);
    let y = out.as_mut_ptr(OP, "out1")? as *mut E;
    let [o0, o1, o2] = geo.outs;
    let taps = geo.ks.iter().product::<usize>();
    for g in 0..geo.groups {
        for ocl in 0..geo.ocg {
            let oc = g * geo.ocg + ocl;
            for icl in 0..geo.icg {
                let ic = g * geo.icg + icl;
                let wbase = geo.weight_base(w0, w1, ic, icl, oc, ocl);
                for tf in 0..taps {
                    let t = unflat3(tf, geo.ks);
                    let mut acc = C::default();
                    for n in 0..geo.n {
                        let (gbase, xbase) = (n * gn + oc * gc, n * xn + ic * xc);
                        for a in 0..o0 {
                            let Some(i0) = geo.input_pos(0, a, t[0]) else {
                                continue;
                            };
                            for b in 0..o1 {
                                let Some(i1) = geo.input_pos(1, b, t[1]) else {
                                    continue;
                                };
                                for c in 0..o2 {
                                    let Some(i2) = geo.input_pos(2, c, t[2]) else {
                                        continue;
                                    };
                                    // SAFETY: every index is below its dim's size.
                                    let (gv, xv) = unsafe {
                                        (
                                            at::<E, C>(go, gbase + dot3([a, b, c], gos)),
                                            at::<E, C>(x, xbase + dot3([i0, i1, i2], xs)),
                                        )
                                    };
                                    acc = acc.wrapping_add(gv.wrapping_mul(xv));
                                }
                            }
                        }
                    }
                    // SAFETY: `out` has the weight's shape.
                    unsafe { *y.add(wbase + dot3(t, outs)) = acc.store() };
                }
            }
        }
    }
    Ok(())
}

/// `grad_bias[oc] = Σ_{n, o} grad_output[n, oc, o]`, for each of an element's `parts` (2 for
/// complex dtypes, whose components `E` then is).
///
/// # Safety
/// As [`run`].
unsafe fn grad_bias<E: Element, C: Compute + Arith>(
    call: &Call<'_, '_>,
    out: &mut Tensor<'_>,
    parts: usize,
) -> Result<()> {
    let (geo, go) = (call.geo, call.grad_output);
    let gos = spatial_strides(go);
    let (gn, gc) = (go.strides()[0], go.strides()[1]);
    let ob = out.strides()[0];
    let y = out.as_mut_ptr(OP, "out2")? as *mut E;
    let positions = geo.outs.iter().product::<usize>();
    for oc in 0..geo.groups * geo.ocg {
        for part in 0..parts {
            let mut acc = C::default();
            for n in 0..geo.n {
                for p in 0..positions {
                    let off = n * gn + oc * gc + dot3(unflat3(p, geo.outs), gos);
                    // SAFETY: every index is below its dim's size.
                    acc = acc.wrapping_add(unsafe { at::<E, C>(go, off * parts + part) });
                }
            }
            // SAFETY: `out` is `[C_out]`.
            unsafe { *y.add(oc * ob * parts + part) = acc.store() };
        }
    }
    Ok(())
}
