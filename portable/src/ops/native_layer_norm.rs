//! `native_layer_norm.out(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias,
//!   float eps, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))`
//!
//! Normalizes `input` over its trailing dims `normalized_shape` (`N` elements per row):
//! `out1 = mean`, `out2 = rstd = 1 / sqrt(var + eps)` (biased variance), one per row, shaped as
//! `input` with the normalized dims set to 1, and `out0 = (x * rstd - mean * rstd) * weight +
//! bias` (ATen's formula, in that order). Floating dtypes; Half/BFloat16 compute in Float. The
//! weight and bias (shaped `normalized_shape`) share one dtype: the input's, or Float for a
//! Half/BFloat16 input ("mixed dtype"), which is then also the statistics' dtype. A row of zero
//! elements has mean 0 and rstd NaN, as in ATen. Any dim order for every tensor.

use crate::dispatch_float;
use crate::util::norm::{
    Elems, check_float, check_shape, for_each_index, moments, param_dtype, rstd,
};
use etk_core::out::check_dtype;
use etk_core::{
    Dims, Error, ErrorKind, Info, KernelContext, MAX_DIM, Result, Tensor, boxed_kernel,
};

pub const OP: &str = "aten::native_layer_norm.out";

#[allow(clippy::too_many_arguments)]
pub fn native_layer_norm_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    normalized_shape: &[i64],
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    eps: f64,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
) -> Result<()> {
    let k = normalized_shape.len();
    if k == 0 {
        return Err(Error::invalid(
            OP,
            "normalized_shape",
            "at least one dim (a non-empty list)",
        ));
    }
    let rank = input.dim();
    let matches = rank >= k
        && normalized_shape
            .iter()
            .zip(&input.sizes()[rank - k..])
            .all(|(&n, &s)| n >= 0 && n as u64 == s as u64);
    if !matches {
        return Err(
            Error::new(ErrorKind::InvalidArgument, OP, "normalized_shape")
                .expected("the trailing sizes of input", Info::Shape(input.shape()))
                .got(Info::Shape(
                    Dims::from_i64(normalized_shape).unwrap_or(Dims::EMPTY),
                )),
        );
    }
    let axis = rank - k;
    let norm = &input.sizes()[axis..];
    if let Some(w) = weight {
        check_shape(OP, "weight", w, norm)?;
    }
    if let Some(b) = bias {
        check_shape(OP, "bias", b, norm)?;
    }
    check_float(OP, "input", input)?;
    let pt = param_dtype(OP, input, &[("weight", weight), ("bias", bias)])?;
    check_dtype(OP, "out0", out0, input.dtype())?;
    check_dtype(OP, "out1", out1, pt)?;
    check_dtype(OP, "out2", out2, pt)?;
    let mut stat = [1usize; MAX_DIM];
    stat[..axis].copy_from_slice(&input.sizes()[..axis]);
    let stat = &stat[..rank];
    out0.resize(OP, "out0", input.sizes())?;
    out1.resize(OP, "out1", stat)?;
    out2.resize(OP, "out2", stat)?;
    out0.as_mut_ptr(OP, "out0")?;
    out1.as_mut_ptr(OP, "out1")?;
    out2.as_mut_ptr(OP, "out2")?;

    // Parameter strides over the input's dims (0 on the outer dims, where they repeat).
    let mut ws = [0usize; MAX_DIM];
    let mut bs = [0usize; MAX_DIM];
    if let Some(w) = weight {
        ws[axis..rank].copy_from_slice(w.strides());
    }
    if let Some(b) = bias {
        bs[axis..rank].copy_from_slice(b.strides());
    }
    let n: usize = norm.iter().product();
    let sizes = input.sizes();
    dispatch_float!(input.dtype(), C => {
        let (x, y) = (Elems::<C>::new(input), Elems::<C>::new(out0));
        let (m, r) = (Elems::<C>::new(out1), Elems::<C>::new(out2));
        let w = weight.map(Elems::<C>::new);
        let b = bias.map(Elems::<C>::new);
        let strides = [input.strides(), out0.strides(), out1.strides(), out2.strides()];
        for_each_index(sizes, |d| d < axis, strides, |[xo, yo, mo, ro]| {
            let inner = |f: &mut dyn FnMut(usize, usize, usize, usize)| {
                for_each_index(
                    sizes,
                    |d| d >= axis,
                    [input.strides(), out0.strides(), &ws[..rank], &bs[..rank]],
                    |[xi, yi, wi, bi]| f(xo + xi, yo + yi, wi, bi),
                );
            };
            // SAFETY (every access): offsets come from each tensor's own strides at indices
            // below its sizes; the outs are writable and distinct from the inputs.
            let (mean, var) = moments(n, |f| inner(&mut |xi, _, _, _| f(unsafe { x.get(xi) })));
            let rs = rstd(var, eps);
            let shift = -(mean * rs);
            inner(&mut |xi, yi, wi, bi| unsafe {
                let mut v = x.get(xi) * rs + shift;
                if let Some(w) = w {
                    v *= w.get(wi);
                }
                if let Some(b) = b {
                    v += b.get(bi);
                }
                y.set(yi, v);
            });
            unsafe {
                m.set(mo, mean);
                r.set(ro, rs);
            }
        });
    });
    Ok(())
}

boxed_kernel!(pub fn native_layer_norm_out_boxed = OP => native_layer_norm_out(input: &Tensor, normalized_shape: &[i64], weight: Option<&Tensor>, bias: Option<&Tensor>, eps: f64) -> (out0, out1, out2));
