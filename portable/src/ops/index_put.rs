//! `index_put.out(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False, *, Tensor(a!) out) -> Tensor(a!)`
//! `index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)`
//!
//! `self[indices] = values` (or `+=` with `accumulate`), `values` broadcast to the shape of
//! `self[indices]` (advanced indexing as in `util::advanced`). `index_put.out` writes into a
//! copy of `self` in `out` (which must have `self`'s dtype and takes its shape); `index_put_`
//! writes into `self`. `values` must have `self`'s dtype. With `accumulate`, every repeat of an
//! index adds again (integers wrap, Half/BFloat16 round after each addition, complex elements
//! add part by part); without it, where positions repeat the last one in row-major order wins
//! (ATen leaves it unspecified).
//!
//! As in ATen, a call with exactly one index tensor that is a mask, a one-element `values`
//! and no `accumulate` is `masked_fill`: the mask (Bool only: a Byte mask is then an error)
//! selects the elements of `self` over the dims it covers and broadcasts over the others (a
//! zero-dim mask selects everything or nothing), and `values` is converted as a Scalar, with
//! no dtype check. Otherwise a list with no index tensor is an error.
//!
//! The boxed `index_put_` takes `[self, indices, values, accumulate, out]` with `out` being
//! `self` itself, as the runtime passes an in-place op's result.

use crate::dispatch_esize;
use crate::util::advanced::{Advanced, broadcast_strides};
use crate::util::index::{bad_esize, copy_elements, move_elem, scalar_bytes, strides_of, walk};
use crate::util::movement::{Mover, Portable};
use etk_core::evalue::out_tensor;
use etk_core::out::{check_dtype, resize_out};
use etk_core::registry::check_arity;
use etk_core::shape::MAX_DIM;
use etk_core::{
    EValue, Error, ErrorKind, FromEValue, Info, KernelContext, Result, Scalar, ScalarType, Tensor,
    boxed_kernel,
};

pub const OP: &str = "aten::index_put.out";
pub const OP_INPLACE: &str = "aten::index_put_";

pub fn index_put_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    values: &Tensor<'_>,
    accumulate: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    index_put_with(&Portable, ctx, self_, indices, values, accumulate, out)
}

/// `index_put.out` with its runs moved by `m` (the accumulating put always runs portable's
/// loop).
pub fn index_put_with(
    m: &dyn Mover,
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    values: &Tensor<'_>,
    accumulate: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_dtype(OP, "out", out, self_.dtype())?;
    resize_out(OP, out, self_.sizes())?;
    put(m, OP, ctx, Some(self_), indices, values, accumulate, out)
}

/// In place: `self[indices] = values` (or `+=`).
pub fn index_put_(
    ctx: &mut KernelContext<'_>,
    self_: &mut Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    values: &Tensor<'_>,
    accumulate: bool,
) -> Result<()> {
    let op = OP_INPLACE;
    if self_.overlaps(values) || indices.iter().flatten().any(|t| self_.overlaps(t)) {
        return Err(Error::invalid(
            op,
            "self",
            "a self that shares no memory with indices or values",
        ));
    }
    put(&Portable, op, ctx, None, indices, values, accumulate, self_)
}

/// The one mask of a `masked_fill`-shaped call, with the dim it starts at.
fn masked_fill_mask<'t>(
    indices: &'t [Option<Tensor<'t>>],
    values: &Tensor<'_>,
    accumulate: bool,
) -> Option<(&'t Tensor<'t>, usize)> {
    if accumulate || values.numel() != 1 {
        return None;
    }
    let mut found = None;
    let mut before = 0;
    for (i, t) in indices.iter().enumerate() {
        match t {
            None => {}
            Some(t)
                if found.is_none() && matches!(t.dtype(), ScalarType::Bool | ScalarType::Byte) =>
            {
                found = Some((t, i));
                before = indices[..i].len();
            }
            Some(_) => return None,
        }
    }
    found.map(|(t, _)| (t, before))
}

/// `values`' one element as the Scalar ATen's `item()` makes of it.
fn item_scalar(op: &'static str, values: &Tensor<'_>) -> Result<Scalar> {
    let dt = values.dtype();
    Ok(if dt == ScalarType::Bool {
        Scalar::Bool(values.item::<bool>(op, "values")?)
    } else if dt.is_floating_point() {
        Scalar::Double(values.item::<f64>(op, "values")?)
    } else {
        Scalar::Int(values.item::<i64>(op, "values")?)
    })
}

#[allow(clippy::too_many_arguments)]
fn put(
    m: &dyn Mover,
    op: &'static str,
    ctx: &mut KernelContext<'_>,
    copy_from: Option<&Tensor<'_>>,
    indices: &[Option<Tensor<'_>>],
    values: &Tensor<'_>,
    accumulate: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dt = out.dtype();
    let rank = out.dim();
    if indices.len() > rank {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "indices")
            .expected(
                "at most one index per dim of self, rank",
                Info::Int(rank as i64),
            )
            .got(Info::Int(indices.len() as i64)));
    }
    if let Some((mask, first)) = masked_fill_mask(indices, values, accumulate) {
        return masked_fill(op, copy_from, mask, first, values, out);
    }
    if values.dtype() != dt {
        return Err(Error::new(ErrorKind::InvalidType, op, "values")
            .expected("self's dtype", Info::Dtype(dt))
            .got(Info::Dtype(values.dtype())));
    }
    let es = out.element_size();
    // a complex element accumulates part by part, in its parts' compute type
    if accumulate && crate::util::dispatch::compute_class(dt.to_real()).is_none() {
        return Err(Error::unsupported_dtype(op, "self", dt));
    }
    ctx.scratch.scope(|scratch| {
        let adv = Advanced::new(op, out.sizes(), out.strides(), indices, scratch)?;
        let vs = broadcast_strides(op, "values", values, &adv.result)?;
        if let Some(src) = copy_from {
            copy_elements(op, "self", src, out)?;
        }
        let (v, dst) = (values.as_ptr(), out.as_mut_ptr(op, "out")?);
        if accumulate {
            return crate::dispatch_compute!(dt.to_real(), C => {
                accumulate_into::<C>(op, &adv, &vs, values, dt, dst)
            }, _ => Err(Error::unsupported_dtype(op, "self", dt)));
        }
        if !matches!(es, 1 | 2 | 4 | 8 | 16) {
            return Err(bad_esize(op, "self", dt));
        }
        // SAFETY: index values were checked; `values` broadcasts to the result; a run is
        // consecutive elements of both, which never overlap.
        unsafe { m.advanced_runs(&adv, &vs, es, dst, v as *mut u8, false) };
        Ok(())
    })
}

fn accumulate_into<C: crate::util::dispatch::Arith>(
    op: &'static str,
    adv: &Advanced<'_>,
    vs: &[usize; MAX_DIM],
    values: &Tensor<'_>,
    dt: ScalarType,
    dst: *mut u8,
) -> Result<()> {
    let part = dt.to_real();
    let load =
        etk_core::element::loader::<C>(part).ok_or(Error::unsupported_dtype(op, "self", dt))?;
    let store =
        etk_core::element::storer::<C>(part).ok_or(Error::unsupported_dtype(op, "self", dt))?;
    let (es, ps) = (values.element_size(), part.element_size());
    let parts = if dt.is_complex() { 2 } else { 1 };
    let v = values.as_ptr();
    adv.for_each(vs, |t, s| {
        for p in 0..parts {
            let (mut a, mut b) = ([C::default()], [C::default()]);
            // SAFETY: offsets stay within the target and `values` (checked as for the moves);
            // part `p` of an element lies `p * ps` bytes into it.
            unsafe {
                load(dst.add(t * es + p * ps), 1, &mut a);
                load(v.add(s * es + p * ps), 1, &mut b);
                store(dst.add(t * es + p * ps), 1, &[a[0].wrapping_add(b[0])]);
            }
        }
    });
    Ok(())
}

/// ATen's `masked_fill` dispatch of `index_put`: `mask` covers the dims from `first`.
fn masked_fill(
    op: &'static str,
    copy_from: Option<&Tensor<'_>>,
    mask: &Tensor<'_>,
    first: usize,
    values: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if mask.dtype() != ScalarType::Bool {
        return Err(Error::dtype(
            op,
            "indices",
            "a Bool mask (masked_fill)",
            mask.dtype(),
        ));
    }
    let k = mask.dim();
    if first + k > out.dim() || (0..k).any(|j| mask.size(j) != out.size(first + j)) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "indices")
            .expected_text("a mask with the sizes of the dims it indexes")
            .got(Info::Shape(mask.shape())));
    }
    let dt = out.dtype();
    let value = item_scalar(op, values)?;
    let mut bytes = [0u8; 16];
    scalar_bytes(op, "values", &value, dt, &mut bytes)?;
    if let Some(src) = copy_from {
        copy_elements(op, "self", src, out)?;
    }
    let mut ms = [0usize; MAX_DIM];
    ms[first..first + k].copy_from_slice(mask.strides());
    let strides = [strides_of(out), ms];
    let (m, dst) = (mask.as_ptr(), out.as_mut_ptr(op, "out")?);
    let sizes = out.shape();
    dispatch_esize!(out.element_size(), W => {
        walk(&sizes, &strides, 2, |o| {
            // SAFETY: the walk stays within the out and the mask (whose sizes were checked).
            unsafe {
                if *m.add(o[1]) != 0 {
                    move_elem::<W>(bytes.as_ptr(), 0, dst, o[0]);
                }
            }
        });
        Ok(())
    }, _ => Err(bad_esize(op, "self", dt)))
}

/// The boxed `index_put_`: `[self, indices, values, accumulate, out]`, `out` being `self`.
pub fn index_put_inplace_boxed(
    ctx: &mut KernelContext<'_>,
    stack: &mut [EValue<'_>],
) -> Result<()> {
    const OP_: &str = OP_INPLACE;
    check_arity(OP_, stack, 5)?;
    let (ins, outs) = stack.split_at_mut(4);
    let self_: &Tensor<'_> = FromEValue::from_evalue(&ins[0], OP_, "self")?;
    let indices: &[Option<Tensor<'_>>] = FromEValue::from_evalue(&ins[1], OP_, "indices")?;
    let values: &Tensor<'_> = FromEValue::from_evalue(&ins[2], OP_, "values")?;
    let accumulate: bool = FromEValue::from_evalue(&ins[3], OP_, "accumulate")?;
    let out = out_tensor(&mut outs[0], OP_, "out")?;
    if !out.same_as(self_) {
        return Err(Error::new(ErrorKind::InvalidProgram, OP_, "out")
            .expected_text("the same tensor as self (index_put_ writes in place)")
            .got(Info::Shape(out.shape())));
    }
    index_put_(ctx, out, indices, values, accumulate)
}

boxed_kernel!(pub fn index_put_out_boxed = OP => index_put_out(self_: &Tensor, indices: &[Option<Tensor>], values: &Tensor, accumulate: bool) -> (out));
