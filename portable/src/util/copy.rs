//! Copying with C++'s `static_cast`, the one mechanism behind `clone`, `_to_copy`, `copy`,
//! `copy_`, `fill.Tensor` and the `*_copy` view ops:
//!
//! - [`copy_cast`]: `out = static_cast<out dtype>(src)`, `src` broadcast to the out's shape.
//! - [`copy_like`]: the out checked against and shaped like a tensor, then copied into.
//! - [`check_memory_format`]: ATen's rank requirement for `channels_last(_3d)`.
//! - [`check_out_dim_order`]: ExecuTorch's dim-order contract of the `dim_order_ops` outs.

use crate::dispatch_compute;
use crate::util::movement::moves::copy_view;
use crate::util::movement::view::View;
use crate::util::scalar::scalar_to_checked;
use etk_core::evalue::MemoryFormat;
use etk_core::iter::{arg, fill, map1};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::{
    Dims, contiguous_dim_order, is_channels_last_dim_order, is_contiguous_dim_order,
};
use etk_core::{Error, ErrorKind, Info, Result, Scalar, Tensor};

/// `out = static_cast<out dtype>(src)` elementwise, `src` broadcast to the out's shape (which
/// the caller has set). Values go through the compute type that holds the source exactly
/// (i64 for integers and Bool, f32 for Half/BFloat16/Float, f64 for Double), so every
/// conversion is C++'s `static_cast` from the source dtype: floats truncate toward zero into
/// integers, anything non-zero (NaN included) is true, Double rounds to Half through Float as
/// ATen does. Same dtype and layout is a plain byte copy.
pub fn copy_cast(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if src.dtype() == out.dtype()
        && src.sizes() == out.sizes()
        && src.dim_order() == out.dim_order()
    {
        let n = src.nbytes();
        let dst = out.as_mut_ptr(op, "out")?;
        if n > 0 {
            // SAFETY: both views are dense with the same dtype, sizes and layout, so each spans
            // exactly `n` bytes of its memory; `copy` tolerates overlap.
            unsafe { core::ptr::copy(src.as_ptr(), dst, n) };
        }
        return Ok(());
    }
    if src.dtype() == out.dtype() || src.dtype().is_complex() || out.dtype().is_complex() {
        // bytes moved whatever the dtype (complex and the barebones unsigned ones included);
        // conversions from or to complex go through the same strided walk
        let view = View::of(src).broadcast_to(out.sizes()).ok_or_else(|| {
            Error::new(ErrorKind::InvalidArgument, op, src_name)
                .expected("a shape that broadcasts to", Info::Shape(out.shape()))
                .got(Info::Shape(src.shape()))
        })?;
        return copy_view(op, src_name, src, &view, out);
    }
    dispatch_compute!(src.dtype(), C => {
        map1::<C, C>(op, out, None, arg(src_name, src), |x, o| o.copy_from_slice(x))
    }, _ => Err(Error::unsupported_dtype(op, src_name, src.dtype())))
}

/// `out` given `like`'s dtype (which it must already have) and shape, then `src` copied into
/// it: the contract of `copy.out`, `fill.Tensor_out` and the `*_copy.out` ops (`clone`,
/// `detach_copy`, `alias_copy`, ..., where `src` is `like` itself). The values go into
/// whatever dim order the out has.
pub fn copy_like(
    op: &'static str,
    like: &Tensor<'_>,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    // the reference engine's `Mover::copy_like`, written here so that this module stays below
    // the engines
    shape_like(op, like, out)?;
    copy_cast(op, src_name, src, out)
}

/// The checks and shaping of [`copy_like`] (and of every engine's `Mover::copy_like`): `out`
/// has `like`'s dtype and takes its shape.
pub fn shape_like(op: &'static str, like: &Tensor<'_>, out: &mut Tensor<'_>) -> Result<()> {
    check_dtype(op, "out", out, like.dtype())?;
    resize_out(op, out, like.sizes())
}

/// ATen's rank requirement for a memory format: `channels_last` needs a rank-4 tensor,
/// `channels_last_3d` a rank-5 one. The format only decides the out's layout, which the caller
/// already gave, so the values never depend on it.
pub fn check_memory_format(
    op: &'static str,
    memory_format: Option<MemoryFormat>,
    rank: usize,
) -> Result<()> {
    let need = match memory_format {
        Some(MemoryFormat::ChannelsLast) => 4,
        Some(MemoryFormat::ChannelsLast3d) => 5,
        _ => return Ok(()),
    };
    if rank != need {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "memory_format")
            .expected("a tensor of rank", Info::Int(need as i64))
            .got(Info::Int(rank as i64)));
    }
    Ok(())
}

/// ExecuTorch's contract for the `dim_order_ops` out variants: a given `dim_order` must be the
/// contiguous or the channels-last order of a tensor of `rank` dims, and the out must already
/// be laid out in it; without one, the out must be laid out as `like` (`None`: contiguous).
pub fn check_out_dim_order(
    op: &'static str,
    dim_order: Option<&[i64]>,
    rank: usize,
    like: Option<&Tensor<'_>>,
    out: &Tensor<'_>,
) -> Result<()> {
    let mut want = contiguous_dim_order(rank);
    match dim_order {
        Some(d) => {
            let order = Dims::from_i64(d).filter(|o| {
                o.len() == rank && (is_contiguous_dim_order(o) || is_channels_last_dim_order(o))
            });
            want = order.ok_or(
                Error::new(ErrorKind::InvalidArgument, op, "dim_order")
                    .expected(
                        "the contiguous or channels-last dim order of rank",
                        Info::Int(rank as i64),
                    )
                    .got(Info::Shape(Dims::from_i64(d).unwrap_or(Dims::EMPTY))),
            )?;
        }
        None => {
            if let Some(t) = like {
                want = Dims::new(t.dim_order()).unwrap_or(want);
            }
        }
    }
    if out.dim_order() != want.as_slice() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
            .expected("an out laid out in dim order", Info::Shape(want))
            .got(Info::Shape(
                Dims::new(out.dim_order()).unwrap_or(Dims::EMPTY),
            )));
    }
    Ok(())
}

/// Sets every element of `out` (already shaped) to `value` converted to the out's dtype;
/// `checked` applies c10's overflow check. Shared with `scalar_tensor.out`.
pub(crate) fn fill_scalar(
    op: &'static str,
    value: &Scalar,
    checked: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dt = out.dtype();
    if dt.is_complex() {
        // `(value, 0)` with the part's range check, as bytes repeated over the out's (dense)
        // memory: every byte of a freshly shaped out belongs to one of its elements
        let mut bytes = [0u8; 16];
        crate::util::index::scalar_bytes(op, "value", value, dt, &mut bytes)?;
        let es = out.element_size();
        let n = out.nbytes();
        let dst = out.as_mut_ptr(op, "out")?;
        // SAFETY: the out's memory holds `n` bytes, `n` a multiple of the element size.
        let mem = unsafe { core::slice::from_raw_parts_mut(dst, n) };
        for e in mem.chunks_exact_mut(es) {
            e.copy_from_slice(&bytes[..es]);
        }
        return Ok(());
    }
    dispatch_compute!(dt, C => {
        let v: C = if checked {
            scalar_to_checked(op, "value", value, dt)?
        } else {
            value.cast_to(dt)
        };
        fill::<C>(op, out, None, |o| o.fill(v))
    }, _ => Err(Error::unsupported_dtype(op, "out", dt)))
}
