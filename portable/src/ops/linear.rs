//! `linear.out(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = input @ weight.T + bias` for `input` `[..., K]` (rank >= 1) and `weight` `[N, K]`
//! (or `[K]`, which drops the last dim); `out` is resized to `[..., N]`. As ATen's
//! `linear_out`:
//! - a 2-D `input` with a bias is `addmm(bias, input, weight.T)`: the bias has the input's
//!   dtype, broadcasts to `[M, N]` (`[N]`, `[M, 1]`, `[M, N]`, a scalar), and is added before
//!   the single rounding to the out's dtype;
//! - otherwise the product is `matmul(input, weight.T)` (rounded to the out's dtype), and a
//!   bias is then added in place (`out.add_(bias)`): it broadcasts to the out's shape, may have
//!   another dtype (promoted as `add`, the result cast back to the out), and Half/BFloat16 round
//!   twice, as in ATen.
//!
//! Input, weight and out share one dtype (no Bool); Half/BFloat16 accumulate in float.

use crate::dispatch_compute;
use crate::util::dispatch::Arith;
use crate::util::matmul::{Product, Strided, addmm_impl, check_same_dtype, matmul};
use crate::util::pointwise::promoted;
use etk_core::out::{check_can_cast, check_dtype, resize_out};
use etk_core::{
    Compute, Dims, Error, ErrorKind, Info, KernelContext, MAX_DIM, Result, ResultTypeState, Scalar,
    Tensor, boxed_kernel,
};

pub const OP: &str = "aten::linear.out";

pub fn linear_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_linear_ranks(OP, input, weight)?;
    let weight_t = transposed(weight)?;
    if let (2, Some(bias)) = (input.dim(), bias) {
        let one = Scalar::Int(1);
        return addmm_impl(OP, bias, input, &weight_t, one, one, out);
    }
    let shape = check_linear(OP, input, weight, out)?;
    resize_out(OP, out, &shape)?;
    let k = input.size(input.dim() - 1);
    let n = if weight.dim() == 2 { weight.size(0) } else { 1 };
    // `weight.T` as a `[K, N]` matrix; a 1-D weight is one column.
    let b = if weight.dim() == 2 {
        Strided::matrix(weight, 1, 0)
    } else {
        Strided {
            ptr: weight.as_ptr(),
            rs: weight.strides()[0],
            cs: 0,
        }
    };
    let lead = input.dim() - 1;
    let in_last = input.strides()[lead];
    let out_last = if weight.dim() == 2 {
        out.strides()[out.dim() - 1]
    } else {
        0
    };
    let esize = input.element_size();
    let (out_sizes, out_strides) = (out.shape(), Dims::new(out.strides()).unwrap_or(Dims::EMPTY));
    let out_ptr = out.as_mut_ptr(OP, "out")?;
    let rows = input.sizes()[..lead].iter().product::<usize>();
    // one row of the leading dims at a time: their strides need not merge into one.
    for r in 0..rows {
        let in_off = offset_of_row(r, &input.sizes()[..lead], input.strides());
        let out_off = offset_of_row(r, &out_sizes[..lead], &out_strides);
        let p = Product {
            m: 1,
            n,
            k,
            a: Strided {
                ptr: input.as_ptr(),
                rs: 0,
                cs: in_last,
            }
            .advance(in_off, esize),
            b,
            alpha: Scalar::Int(1),
            addend: None,
        };
        // SAFETY: row `r` of the input and out lie within their views; the out was resized.
        unsafe {
            matmul(
                OP,
                input.dtype(),
                &p,
                out_ptr.wrapping_add(out_off * esize),
                0,
                out_last,
            )?
        };
    }
    match bias {
        Some(bias) => add_bias_in_place(OP, out, bias),
        None => Ok(()),
    }
}

boxed_kernel!(pub fn linear_out_boxed = OP => linear_out(input: &Tensor, weight: &Tensor, bias: Option<&Tensor>) -> (out));

/// Rank checks of `linear`: input at least 1-D, weight 1-D or 2-D.
pub fn check_linear_ranks(op: &'static str, input: &Tensor<'_>, weight: &Tensor<'_>) -> Result<()> {
    if input.dim() == 0 || weight.dim() == 0 {
        let (arg, t) = if input.dim() == 0 {
            ("input", input)
        } else {
            ("weight", weight)
        };
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected_text("at least 1-D")
            .got(Info::Shape(t.shape())));
    }
    if weight.dim() > 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "weight")
            .expected_text("a tensor of at most 2 dims ([N, K] or [K])")
            .got(Info::Shape(weight.shape())));
    }
    Ok(())
}

/// The dtype and shape checks of `matmul(input, weight.T)` (the path without `addmm`); the
/// out's shape.
pub fn check_linear(
    op: &'static str,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    out: &Tensor<'_>,
) -> Result<Dims> {
    check_same_dtype(op, "weight", input, weight)?;
    let k = input.size(input.dim() - 1);
    let wk = weight.size(weight.dim() - 1);
    if k != wk {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "weight")
            .expected(
                "[N, K] (or [K]) with K the last size of input",
                Info::Shape(input.shape()),
            )
            .got(Info::Shape(weight.shape())));
    }
    check_dtype(op, "out", out, input.dtype())?;
    let mut shape = Dims::new(&input.sizes()[..input.dim() - 1]).unwrap_or(Dims::EMPTY);
    if weight.dim() == 2 && !shape.push(weight.size(0)) {
        return Err(Error::invalid(op, "input", "rank at most 16"));
    }
    Ok(shape)
}

/// `t.T` for a 2-D `t` (a view of the same memory), `t` itself for a 1-D one.
pub fn transposed<'t>(t: &'t Tensor<'_>) -> Result<Tensor<'t>> {
    if t.dim() != 2 {
        return Ok(t.view());
    }
    let order = [1 - t.dim_order()[0], 1 - t.dim_order()[1]];
    // SAFETY: the same memory, read-only, with the dims swapped: every element of the view is
    // an element of `t`.
    unsafe {
        Tensor::from_raw_parts(
            t.dtype(),
            &[t.size(1), t.size(0)],
            &order,
            t.as_ptr() as *mut u8,
            t.capacity(),
            false,
        )
    }
}

/// The element offset of row `r` (in row-major order over `sizes`) given per-dim `strides`.
pub fn offset_of_row(mut r: usize, sizes: &[usize], strides: &[usize]) -> usize {
    let mut off = 0;
    for d in (0..sizes.len()).rev() {
        off += (r % sizes[d]) * strides[d];
        r /= sizes[d];
    }
    off
}

/// `out.add_(bias)`: `bias` broadcasts to the out's shape; computed in the promoted dtype of
/// the two and cast back to the out's.
pub fn add_bias_in_place(op: &'static str, out: &mut Tensor<'_>, bias: &Tensor<'_>) -> Result<()> {
    let common = promoted(op, "bias", ResultTypeState::new().tensor(out).tensor(bias))?;
    check_can_cast(op, common, out)?;
    let rank = out.dim();
    if bias.dim() > rank
        || (0..bias.dim()).any(|d| {
            let s = bias.size(d);
            s != 1 && s != out.size(d + rank - bias.dim())
        })
    {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "bias")
            .expected(
                "a shape that broadcasts to the out's shape",
                Info::Shape(out.shape()),
            )
            .got(Info::Shape(bias.shape())));
    }
    // bias strides aligned with the out's dims, 0 where it broadcasts.
    let mut bstrides = [0usize; MAX_DIM];
    for d in 0..bias.dim() {
        if bias.size(d) != 1 {
            bstrides[d + rank - bias.dim()] = bias.strides()[d];
        }
    }
    let (sizes, ostrides) = (out.shape(), Dims::new(out.strides()).unwrap_or(Dims::EMPTY));
    let (odt, bdt) = (out.dtype(), bias.dtype());
    let out_ptr = out.as_mut_ptr(op, "out")?;
    dispatch_compute!(common, C => {
        let (Some(load_o), Some(store_o), Some(load_b)) = (
            etk_core::element::loader::<C>(odt),
            etk_core::element::storer::<C>(odt),
            etk_core::element::loader::<C>(bdt),
        )
        else {
            return Err(Error::unsupported_dtype(op, "bias", common));
        };
        let (osz, bsz) = (odt.element_size(), bdt.element_size());
        for i in 0..sizes.iter().product::<usize>() {
            let o = offset_of_row(i, &sizes, &ostrides);
            let b = offset_of_row(i, &sizes, &bstrides[..rank]);
            let (mut x, mut y) = ([C::default()], [C::default()]);
            // SAFETY: `o` and `b` address elements of the out and of the broadcast bias.
            unsafe {
                load_o(out_ptr.add(o * osz), 1, &mut x);
                load_b(bias.as_ptr().add(b * bsz), 1, &mut y);
                store_o(out_ptr.add(o * osz), 1, &[add::<C>(x[0], y[0])]);
            }
        }
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "bias", common)))
}

fn add<C: Compute + Arith>(x: C, y: C) -> C {
    x.wrapping_add(y)
}
