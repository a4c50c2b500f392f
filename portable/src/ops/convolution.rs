//! `convolution.out(Tensor input, Tensor weight, Tensor? bias, SymInt[] stride, SymInt[] padding,
//!   SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups, *,
//!   Tensor(a!) out) -> Tensor(a!)`
//!
//! 1-, 2- and 3-D convolution of a batched `[N, C_in, *spatial]` input with a `[C_out, C_in /
//! groups, *kernel]` weight: output channel `oc` of group `g` sees input channels `g * C_in /
//! groups ..` and, at output position `o`, input position `o * stride - padding + k *
//! dilation` for kernel tap `k` (zero outside the input). `transposed` runs the adjoint: the
//! weight is `[C_in, C_out / groups, *kernel]` and input position `i` feeds output `i * stride -
//! padding + k * dilation` (plus `output_padding` extra rows at the end). `bias` (`[C_out]`) is
//! added to every output position. The parameter lists hold one value per spatial dim or one
//! value for all. Input, weight and out share one dtype (every real dtype but Bool;
//! transposed and dilated convolutions only floating dtypes and Long, as in ATen); the bias
//! may have any real dtype and is converted to the input's, as ATen's native CPU kernels copy
//! it into the out (a Double bias with a Float input gives a Float result; ATen's oneDNN path,
//! which it picks by size, thread count and CPU, rejects that instead);
//! Half/BFloat16 accumulate in Float and round once, integers wrap. Any dim order for every
//! tensor (channels-last included); the out keeps its own dim order.
//!
//! The loop nest is written once for three spatial dims: 1-D and 2-D calls see leading
//! spatial dims of size 1.

use crate::util::conv::{ConvGeometry, conv_geometry, spatial_strides};
use crate::util::dispatch::Arith;
use crate::util::window::MAX_SPATIAL;
use etk_core::out::check_dtype;
use etk_core::{
    Compute, Element, Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, bf16,
    boxed_kernel, f16,
};

pub const OP: &str = "aten::convolution.out";

#[allow(clippy::too_many_arguments)]
pub fn convolution_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    transposed: bool,
    output_padding: &[i64],
    groups: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let geo = check(
        input,
        weight,
        bias,
        [stride, padding, dilation, output_padding],
        transposed,
        groups,
    )?;
    check_dtype(OP, "out", out, input.dtype())?;
    out.resize(OP, "out", &geo.out_sizes[..input.dim()])?;
    let out_ptr = out.as_mut_ptr(OP, "out")?;
    let os = spatial_strides(out);
    use ScalarType::*;
    // SAFETY: every offset `run` forms stays within the sizes checked above.
    unsafe {
        match input.dtype() {
            Byte => run::<u8, i64>(&geo, input, weight, bias, out_ptr, out.strides(), os),
            Char => run::<i8, i64>(&geo, input, weight, bias, out_ptr, out.strides(), os),
            Short => run::<i16, i64>(&geo, input, weight, bias, out_ptr, out.strides(), os),
            Int => run::<i32, i64>(&geo, input, weight, bias, out_ptr, out.strides(), os),
            Long => run::<i64, i64>(&geo, input, weight, bias, out_ptr, out.strides(), os),
            Half => run::<f16, f32>(&geo, input, weight, bias, out_ptr, out.strides(), os),
            BFloat16 => run::<bf16, f32>(&geo, input, weight, bias, out_ptr, out.strides(), os),
            Float => run::<f32, f32>(&geo, input, weight, bias, out_ptr, out.strides(), os),
            Double => run::<f64, f64>(&geo, input, weight, bias, out_ptr, out.strides(), os),
            d => return Err(Error::unsupported_dtype(OP, "input", d)),
        }
    }
    Ok(())
}

boxed_kernel!(pub fn convolution_out_boxed = OP => convolution_out(input: &Tensor, weight: &Tensor, bias: Option<&Tensor>, stride: &[i64], padding: &[i64], dilation: &[i64], transposed: bool, output_padding: &[i64], groups: i64) -> (out));

/// The forward's own checks on top of the shared geometry: bias and dtypes (public so that
/// optimized kernels reject exactly the calls this one rejects).
pub fn check(
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    params: [&[i64]; 4],
    transposed: bool,
    groups: i64,
) -> Result<ConvGeometry> {
    let geo = conv_geometry(OP, input, weight, params, transposed, groups)?;
    let c_out = geo.out_sizes[1];
    if weight.dtype() != input.dtype() {
        return Err(Error::new(ErrorKind::InvalidType, OP, "weight")
            .expected("the input's dtype", Info::Dtype(input.dtype()))
            .got(Info::Dtype(weight.dtype())));
    }
    if let Some(b) = bias {
        if b.dim() != 1 || b.size(0) != c_out {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "bias")
                .expected(
                    "a 1-D bias with one value per output channel:",
                    Info::Int(c_out as i64),
                )
                .got(Info::Shape(b.shape())));
        }
        // ATen's CPU kernels (other than its oneDNN path) copy the bias into the out, so any
        // real dtype converts to the input's; a complex one cannot.
        if b.dtype().is_complex() || etk_core::element::loader::<f64>(b.dtype()).is_none() {
            return Err(Error::new(ErrorKind::InvalidType, OP, "bias")
                .expected("a real dtype (converted to", Info::Dtype(input.dtype()))
                .got(Info::Dtype(b.dtype())));
        }
    }
    if input.dtype() == ScalarType::Bool {
        return Err(Error::dtype(
            OP,
            "input",
            "a numeric dtype (ATen has no Bool convolution)",
            ScalarType::Bool,
        ));
    }
    // ATen's dilated and transposed CPU kernels take floating dtypes and Long only (its plain
    // slow_conv2d/3d take every integer dtype).
    let narrow_int = matches!(
        input.dtype(),
        ScalarType::Byte | ScalarType::Char | ScalarType::Short | ScalarType::Int
    );
    if narrow_int && (transposed || geo.dilated) {
        return Err(Error::dtype(
            OP,
            "input",
            "a floating dtype or Long for a transposed or dilated convolution",
            input.dtype(),
        ));
    }
    Ok(geo)
}

/// # Safety
/// `geo` must come from `check` on these tensors, `out` (with `out_strides`) must be a
/// writable tensor of `geo.out_sizes` that no input overlaps, and `E` must be the dtype's
/// element type.
unsafe fn run<E: Element, C: Compute + Arith>(
    geo: &ConvGeometry,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    out: *mut u8,
    out_strides: &[usize],
    os: [usize; MAX_SPATIAL],
) {
    let (x, w, y) = (
        input.as_ptr() as *const E,
        weight.as_ptr() as *const E,
        out as *mut E,
    );
    let (xs, ws) = (spatial_strides(input), spatial_strides(weight));
    let (xn, xc) = (input.strides()[0], input.strides()[1]);
    let (w0, w1) = (weight.strides()[0], weight.strides()[1]);
    let (yn, yc) = (out_strides[0], out_strides[1]);
    // SAFETY (all reads and writes): every index is below the size of its dim, checked by
    // `check` and by the range tests on input positions below.
    let xv = |off: usize| C::load(unsafe { *x.add(off) });
    let wv = |off: usize| C::load(unsafe { *w.add(off) });
    // The bias in any real dtype, converted to the input's (ATen copies it into the out).
    let b_load = bias.and_then(|b| etk_core::element::loader::<C>(b.dtype()));
    let bv = |oc: usize| match (bias, b_load) {
        (Some(b), Some(load)) => {
            let mut v = [C::default()];
            unsafe {
                load(
                    b.as_ptr().add(oc * b.strides()[0] * b.element_size()),
                    1,
                    &mut v,
                )
            };
            C::load::<E>(v[0].store::<E>())
        }
        _ => C::default(),
    };
    let [o0, o1, o2] = geo.outs;
    let [k0, k1, k2] = geo.ks;
    for n in 0..geo.n {
        for g in 0..geo.groups {
            for ocl in 0..geo.ocg {
                let oc = g * geo.ocg + ocl;
                let b = bv(oc);
                for a in 0..o0 {
                    for bb in 0..o1 {
                        for c in 0..o2 {
                            let mut acc = C::default();
                            for icl in 0..geo.icg {
                                let ic = g * geo.icg + icl;
                                // weight [C_out, C_in/g, k..] or, transposed, [C_in, C_out/g, k..]
                                let wbase = geo.weight_base(w0, w1, ic, icl, oc, ocl);
                                let xbase = n * xn + ic * xc;
                                for t0 in 0..k0 {
                                    let Some(i0) = geo.input_pos(0, a, t0) else {
                                        continue;
                                    };
                                    for t1 in 0..k1 {
                                        let Some(i1) = geo.input_pos(1, bb, t1) else {
                                            continue;
                                        };
                                        for t2 in 0..k2 {
                                            let Some(i2) = geo.input_pos(2, c, t2) else {
                                                continue;
                                            };
                                            let xo = xbase + i0 * xs[0] + i1 * xs[1] + i2 * xs[2];
                                            let wo = wbase + t0 * ws[0] + t1 * ws[1] + t2 * ws[2];
                                            acc = acc.wrapping_add(xv(xo).wrapping_mul(wv(wo)));
                                        }
                                    }
                                }
                            }
                            let yo = n * yn + oc * yc + a * os[0] + bb * os[1] + c * os[2];
                            unsafe { *y.add(yo) = acc.wrapping_add(b).store() };
                        }
                    }
                }
            }
        }
    }
}
