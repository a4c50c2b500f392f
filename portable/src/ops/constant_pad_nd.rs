//! `constant_pad_nd.out(Tensor self, SymInt[] pad, Scalar value=0, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Pads the last `pad.len() / 2` dims of `self` with `value`: `pad` holds `(left, right)` pairs
//! from the last dim backwards (an even length of at most twice the rank). Negative pads crop.
//! ATen's rules, checked in torch 2.13:
//!
//! - a dim is cropped as `narrow` would: first its left crop, then its right crop out of what is
//!   left; a crop larger than what is left is an error (so `[-2, -2]` on a size-3 dim fails,
//!   `[-3, 3]` gives three `value`s).
//! - `value` is converted to the dtype with c10's overflow check (300 into Byte fails, -1 into
//!   Byte is 255, anything into Bool is `value != 0`) — but only when some pad is positive:
//!   a crop-only call is a clone and never looks at `value`. A one-element Half / BFloat16 out
//!   takes an overflowing value as ±inf (ATen's `fill_` fast path).
//! - every dtype, UInt16/32/64 and complex included; the out has `self`'s dtype and takes the
//!   padded shape (resized); values are written into whatever dim order the out has.
//!
//! Values only move: the out is filled with `value`'s bytes, then `self`'s (cropped) elements
//! are copied into their region through the byte-moving strided copy.

use crate::util::dispatch::is_reduced_float;
use crate::util::movement::{Mover, Portable, View};
use crate::util::scalar::scalar_overflows;
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::{MAX_DIM, extent_fits};
use etk_core::{
    Error, ErrorKind, Info, KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel,
};

pub const OP: &str = "aten::constant_pad_nd.out";

pub fn constant_pad_nd_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    pad: &[i64],
    value: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    constant_pad_nd_with(&Portable, self_, pad, value, out)
}

/// The op with its elements moved by `m`.
pub fn constant_pad_nd_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    pad: &[i64],
    value: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim();
    if !pad.len().is_multiple_of(2) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "pad")
            .expected_text("a list of even length")
            .got(Info::Int(pad.len() as i64)));
    }
    if pad.len() / 2 > rank {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "pad")
            .expected("a length of at most twice the rank", Info::Int(rank as i64))
            .got(Info::Int(pad.len() as i64)));
    }
    let first = rank - pad.len() / 2;
    let mut src = View::of(self_);
    let mut sizes = [0usize; MAX_DIM];
    sizes[..rank].copy_from_slice(self_.sizes());
    // Where the (cropped) input lands in the out, per dim.
    let mut starts = [0usize; MAX_DIM];
    let mut grows = false;
    for d in first..rank {
        let pair = 2 * (rank - 1 - d);
        let (left, right) = (pad[pair] as i128, pad[pair + 1] as i128);
        let mut kept = self_.size(d) as i128;
        let mut crop_start = 0i128;
        for (p, is_left) in [(left, true), (right, false)] {
            if p < 0 {
                if -p > kept {
                    return Err(Error::new(ErrorKind::InvalidArgument, OP, "pad")
                        .expected(
                            "a crop of at most the dim's remaining size",
                            Info::Int(kept as i64),
                        )
                        .got(Info::Int(p as i64)));
                }
                kept += p;
                if is_left {
                    crop_start = -p;
                }
            }
        }
        let n = kept + left.max(0) + right.max(0);
        if n > isize::MAX as i128 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "pad")
                .expected_text("a padded size that fits in memory")
                .got(Info::Int(n.min(i64::MAX as i128) as i64)));
        }
        grows |= left > 0 || right > 0;
        src = src.slice(d, crop_start as usize, kept as usize, 1);
        sizes[d] = n as usize;
        starts[d] = left.max(0) as usize;
    }
    let sizes = &sizes[..rank];
    if !extent_fits(sizes, self_.element_size()) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "pad")
            .expected_text("a padded shape whose storage size fits in memory")
            .got(Info::Int(pad.iter().copied().max().unwrap_or(0))));
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    let elem = if grows {
        let numel = sizes.iter().product::<usize>();
        let checked = !(numel == 1 && is_reduced_float(self_.dtype()));
        Some(element_bytes(OP, "value", &value, self_.dtype(), checked)?)
    } else {
        None
    };
    resize_out(OP, out, sizes)?;
    let mut dst = View::of(out);
    if let Some(elem) = elem {
        m.fill_view(OP, out, &dst, &elem)?;
    }
    for (d, &start) in starts.iter().enumerate().take(rank).skip(first) {
        dst = dst.slice(d, start, src.sizes()[d], 1);
    }
    m.copy_between(OP, "self", self_, &src, out, &dst)
}

boxed_kernel!(pub fn constant_pad_nd_out_boxed = OP => constant_pad_nd_out(self_: &Tensor, pad: &[i64], value: Scalar) -> (out));

/// `value.to<T>()` for the element type `T` of `dtype` as its bytes (little to big as the
/// machine stores them), with c10's overflow check when `checked`.
fn element_bytes(
    op: &'static str,
    arg: &'static str,
    value: &Scalar,
    dtype: ScalarType,
    checked: bool,
) -> Result<[u8; 16]> {
    use ScalarType::*;
    let overflow = || {
        let got = match *value {
            Scalar::Int(i) => Info::Int(i),
            Scalar::Double(d) => Info::Float(d),
            Scalar::Bool(b) => Info::Int(b as i64),
        };
        Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected(
                "a value that converts without overflow to",
                Info::Dtype(dtype),
            )
            .got(got)
    };
    let mut bytes = [0u8; 16];
    let mut put = |b: &[u8]| bytes[..b.len()].copy_from_slice(b);
    match dtype {
        UInt16 | UInt32 | UInt64 => {
            let max = match dtype {
                UInt16 => u16::MAX as u64,
                UInt32 => u32::MAX as u64,
                _ => u64::MAX,
            };
            // c10: negative ints wrap if their magnitude is in range; doubles must lie in
            // [0, max] (NaN fails).
            let v: u64 = match *value {
                Scalar::Bool(b) => b as u64,
                Scalar::Int(i) => {
                    if checked && i.unsigned_abs() > max {
                        return Err(overflow());
                    }
                    i as u64
                }
                Scalar::Double(d) => {
                    if checked && (d.is_nan() || d < 0.0 || d > max as f64) {
                        return Err(overflow());
                    }
                    d as u64
                }
            };
            match dtype {
                UInt16 => put(&(v as u16).to_ne_bytes()),
                UInt32 => put(&(v as u32).to_ne_bytes()),
                _ => put(&v.to_ne_bytes()),
            }
        }
        ComplexFloat | ComplexDouble => {
            let real = if dtype == ComplexFloat { Float } else { Double };
            if checked && scalar_overflows(value, real) {
                return Err(overflow());
            }
            if dtype == ComplexFloat {
                put(&(value.to_f64() as f32).to_ne_bytes());
            } else {
                put(&value.to_f64().to_ne_bytes());
            }
        }
        _ => {
            let written = etk_core::match_element!(dtype, E => {
                if checked && dtype != Bool && scalar_overflows(value, dtype) {
                    return Err(overflow());
                }
                let e: E = value.to_element();
                // SAFETY: `E` is a plain element type of at most 8 bytes.
                let b = unsafe {
                    core::slice::from_raw_parts((&e as *const E).cast::<u8>(), core::mem::size_of::<E>())
                };
                put(b);
                true
            }, _ => false);
            if !written {
                return Err(Error::unsupported_dtype(op, "self", dtype));
            }
        }
    }
    Ok(bytes)
}
