//! `native_layer_norm.out(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias,
//!   float eps, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))`
//!
//! Normalizes `input` over its trailing dims `normalized_shape` (`N` elements per row):
//! `out1 = mean`, `out2 = rstd = 1 / sqrt(var + eps)` (biased variance, `eps` rounded to the
//! compute type), one per row, shaped as `input` with the normalized dims set to 1, and
//! `out0 = (x - mean) * rstd * weight + bias`. Floating dtypes; Half/BFloat16 compute in Float
//! (their out0 is `(x * rstd - mean * rstd) * weight + bias`, ATen's mixed-type formula). The
//! weight and bias (shaped `normalized_shape`) share one dtype: the input's, or Float for a
//! Half/BFloat16 input ("mixed dtype"), which is then also the statistics' dtype. Any dim order
//! for every tensor.
//!
//! The statistics are ATen's `RowwiseMoments` of the row in logical order
//! (`util::moments::row_moments`), so a row holding an infinity
//! has rstd NaN and mean NaN, except where ATen's column merge leaves it infinite (a single
//! infinity at the last position of the last column). A row of zero elements has mean 0 and
//! rstd NaN, as in ATen.
use crate::dispatch_float;
use crate::util::dispatch::{Float, is_reduced_float};
use crate::util::moments::{ROW_BLOCK, RowFloat, RowShape, row_moments};
use crate::util::norm::{Elems, RowDims, check_float, check_shape, for_each_index, param_dtype};
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

    let n: usize = norm.iter().product();
    let rows = [input, &*out0].map(|t| RowDims::new(&t.sizes()[axis..], &t.strides()[axis..]));
    let params = [weight, bias].map(|p| p.map(|p| RowDims::new(p.sizes(), p.strides())));
    let shape = RowShape::of(input.dtype());
    let mixed_formula = is_reduced_float(input.dtype());
    let outer = [
        input.strides(),
        out0.strides(),
        out1.strides(),
        out2.strides(),
    ];
    dispatch_float!(input.dtype(), C => {
        let (x, y) = (Elems::<C>::new(input), Elems::<C>::new(out0));
        let (m, r) = (Elems::<C>::new(out1), Elems::<C>::new(out2));
        let w = weight.map(Elems::<C>::new);
        let b = bias.map(Elems::<C>::new);
        for_each_index(input.sizes(), |d| d < axis, outer, |[xo, yo, mo, ro]| {
            // SAFETY (every access): the rows and the parameters are walked within their
            // tensors' sizes from offsets within them; the outs are writable and distinct
            // from the inputs, and each slice is the only access to its memory while it lives.
            let (mean, var) = row_moments::<C>(n, shape, |start, buf| unsafe {
                x.row(xo, &rows[0], start, buf)
            });
            let rs = C::ONE / (var + C::from_f64(eps)).sqrt();
            let mut start = 0;
            let mut bufs = [[C::ZERO; ROW_BLOCK]; 4];
            while start < n {
                let len = ROW_BLOCK.min(n - start);
                let [vb, gb, bb, yb] = &mut bufs;
                let xs = unsafe { x.row(xo, &rows[0], start, &mut vb[..len]) };
                let gamma = match (&w, &params[0]) {
                    (Some(w), Some(row)) => Some(unsafe { w.row(0, row, start, &mut gb[..len]) }),
                    _ => None,
                };
                let beta = match (&b, &params[1]) {
                    (Some(b), Some(row)) => Some(unsafe { b.row(0, row, start, &mut bb[..len]) }),
                    _ => None,
                };
                match unsafe { y.row_mut(yo, &rows[1], start, len) } {
                    Some(ys) => normalize(ys, xs, gamma, beta, mean, rs, mixed_formula),
                    None => {
                        normalize(&mut yb[..len], xs, gamma, beta, mean, rs, mixed_formula);
                        unsafe { y.store_row(yo, &rows[1], start, &yb[..len]) };
                    }
                }
                start += len;
            }
            unsafe {
                m.set(mo, mean);
                r.set(ro, rs);
            }
        });
    });
    Ok(())
}

/// `y = (x - mean) * rstd * gamma + beta` (ATen's Float/Double formula); the Half/BFloat16
/// (mixed) kernel's is `(x * rstd - mean * rstd) * gamma + beta`. A missing `gamma` is 1, a
/// missing `beta` 0.
fn normalize<C: RowFloat>(
    y: &mut [C],
    x: &[C],
    gamma: Option<&[C]>,
    beta: Option<&[C]>,
    mean: C,
    rs: C,
    mixed: bool,
) {
    let shift = -(rs * mean);
    let scaled = |x: C| {
        if mixed {
            x * rs + shift
        } else {
            (x - mean) * rs
        }
    };
    match (gamma, beta) {
        (Some(g), Some(b)) => {
            for (((y, &x), &g), &b) in y.iter_mut().zip(x).zip(g).zip(b) {
                *y = scaled(x) * g + b;
            }
        }
        (Some(g), None) => {
            for ((y, &x), &g) in y.iter_mut().zip(x).zip(g) {
                *y = scaled(x) * g;
            }
        }
        (None, Some(b)) => {
            for ((y, &x), &b) in y.iter_mut().zip(x).zip(b) {
                *y = scaled(x) + b;
            }
        }
        (None, None) => {
            for (y, &x) in y.iter_mut().zip(x) {
                *y = scaled(x);
            }
        }
    }
}

boxed_kernel!(pub fn native_layer_norm_out_boxed = OP => native_layer_norm_out(input: &Tensor, normalized_shape: &[i64], weight: Option<&Tensor>, bias: Option<&Tensor>, eps: f64) -> (out0, out1, out2));
