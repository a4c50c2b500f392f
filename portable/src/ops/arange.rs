//! `arange.out(Scalar end, *, Tensor(a!) out) -> Tensor(a!)`
//! `arange.start_out(Scalar start, Scalar end, Scalar step=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `start, start + step, ...` up to `end` (excluded), in the out's dtype (every real dtype but
//! Bool). As ATen's CPU kernel:
//! - element `i` is `start + step * i` computed in the out's accumulate type and converted to
//!   the out's dtype: `i64` for the integer dtypes (the Scalars converted with c10's overflow
//!   check and truncated: `0.5` becomes 0, so a step of `0.5` repeats `start`), integers
//!   wrapping; `f32` for Half and BFloat16, `f64` for Float and Double, fused multiply-add;
//! - the checks (a non-zero step, finite bounds, `end` on the step's side of `start`) and the
//!   length `ceil((end - start) / step)` are computed in double from the Scalars themselves;
//!   for Long the checks are made again and the length computed on the truncated `i64`
//!   values (a step of `0.5` is an error there);
//! - the out is resized to `[length]` unless it already has that many elements (then its shape
//!   stays and the values fill it in row-major order).
//!
//! A complex out is a dtype error (ATen has no complex arange).

use crate::util::movement::for_each_logical_run;
use crate::util::scalar::scalar_to_checked;
use core::cmp::Ordering;
use etk_core::element::storer;
use etk_core::iter::CHUNK;
use etk_core::out::resize_out;
use etk_core::{
    Compute, Error, ErrorKind, Info, KernelContext, Result, Scalar, ScalarType, Tensor,
    boxed_kernel,
};

pub const OP: &str = "aten::arange.out";
pub const OP_START: &str = "aten::arange.start_out";

pub fn arange_out(_ctx: &mut KernelContext<'_>, end: Scalar, out: &mut Tensor<'_>) -> Result<()> {
    arange(OP, Scalar::Int(0), end, Scalar::Int(1), out)
}

pub fn arange_start_out(
    _ctx: &mut KernelContext<'_>,
    start: Scalar,
    end: Scalar,
    step: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    arange(OP_START, start, end, step, out)
}

/// Arithmetic of the accumulate types.
trait Acc: Compute {
    const ZERO: Self;
    /// `start + step * i`; floats fused (one rounding), as ATen's vectorized kernel computes.
    fn at(start: Self, step: Self, i: usize) -> Self;
}
impl Acc for i64 {
    const ZERO: Self = 0;
    fn at(start: Self, step: Self, i: usize) -> Self {
        start.wrapping_add(step.wrapping_mul(i as i64))
    }
}
impl Acc for f32 {
    const ZERO: Self = 0.0;
    fn at(start: Self, step: Self, i: usize) -> Self {
        libm::fmaf(step, i as f32, start)
    }
}
impl Acc for f64 {
    const ZERO: Self = 0.0;
    fn at(start: Self, step: Self, i: usize) -> Self {
        libm::fma(step, i as f64, start)
    }
}

fn arange(
    op: &'static str,
    start: Scalar,
    end: Scalar,
    step: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    use ScalarType::*;
    let dt = out.dtype();
    crate::util::complex::reject_complex(op, "out", dt)?;
    if dt == Bool {
        return Err(Error::dtype(op, "out", "a dtype other than Bool", dt));
    }
    let (s, e, st) = (start.to_f64(), end.to_f64(), step.to_f64());
    check_range(op, s, e, st, s.is_finite() && e.is_finite())?;
    let len = if dt == Long {
        let s: i64 = scalar_to_checked(op, "start", &start, Long)?;
        let e: i64 = scalar_to_checked(op, "end", &end, Long)?;
        let st: i64 = scalar_to_checked(op, "step", &step, Long)?;
        check_range(op, s, e, st, true)?;
        // ceil((e - s) / st): the signs of (e - s) and st agree here.
        let span = (e as i128 - s as i128).unsigned_abs();
        length(op, span.div_ceil((st as i128).unsigned_abs()) as f64)?
    } else {
        length(op, libm::ceil((e - s) / st))?
    };
    match dt {
        Byte | Char | Short | Int | Long => {
            let s: i64 = scalar_to_checked(op, "start", &start, Long)?;
            let st: i64 = scalar_to_checked(op, "step", &step, Long)?;
            write::<i64>(op, s, st, len, out)
        }
        Half | BFloat16 => write::<f32>(op, start.to_compute(), step.to_compute(), len, out),
        Float | Double => write::<f64>(op, start.to_compute(), step.to_compute(), len, out),
        _ => Err(Error::unsupported_dtype(op, "out", dt)),
    }
}

/// ATen's checks, in the type it makes them in: a non-zero step, finite bounds, and `end`
/// on the step's side of `start`.
fn check_range<T: PartialOrd + Default>(
    op: &'static str,
    start: T,
    end: T,
    step: T,
    finite: bool,
) -> Result<()> {
    let zero = T::default();
    // NaN is no step either.
    if !matches!(
        step.partial_cmp(&zero),
        Some(Ordering::Greater | Ordering::Less)
    ) {
        return Err(Error::invalid(op, "step", "a non-zero step"));
    }
    if !finite {
        return Err(Error::invalid(op, "end", "finite start and end"));
    }
    if !((step > zero && end >= start) || (step < zero && end <= start)) {
        return Err(Error::invalid(
            op,
            "step",
            "a step whose sign leads from start to end",
        ));
    }
    Ok(())
}

fn length(op: &'static str, size: f64) -> Result<usize> {
    if !(size >= 0.0 && size <= i64::MAX as f64) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "end")
            .expected_text("a length that fits in int64")
            .got(Info::Float(size)));
    }
    usize::try_from(size as i64)
        .map_err(|_| Error::invalid(op, "end", "a length that fits in usize"))
}

/// Resizes the out to `[len]` unless it has `len` elements, then writes `start + step * i`
/// converted to its dtype at row-major position `i`.
fn write<C: Acc>(
    op: &'static str,
    start: C,
    step: C,
    len: usize,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if out.numel() != len {
        resize_out(op, out, &[len])?;
    }
    let store = storer::<C>(out.dtype()).ok_or(Error::unsupported_dtype(op, "out", out.dtype()))?;
    let es = out.element_size() as isize;
    let dst = out.as_mut_ptr(op, "out")?;
    let mut buf = [C::ZERO; CHUNK];
    for_each_logical_run(out, |offset, stride, run, pos| {
        let mut done = 0;
        while done < run {
            let n = (run - done).min(CHUNK);
            for (k, v) in buf[..n].iter_mut().enumerate() {
                *v = C::at(start, step, pos + done + k);
            }
            // SAFETY: the run lies inside the out's writable memory.
            unsafe {
                store(
                    dst.offset((offset + done as isize * stride) * es),
                    stride,
                    &buf[..n],
                )
            };
            done += n;
        }
    });
    Ok(())
}

boxed_kernel!(pub fn arange_out_boxed = OP => arange_out(end: Scalar) -> (out));
boxed_kernel!(pub fn arange_start_out_boxed = OP_START => arange_start_out(start: Scalar, end: Scalar, step: Scalar) -> (out));
