//! The checked moves: a view's elements into another view (converting dtypes as C++
//! `static_cast` does), flat row-major ranges, and fills of a region. Each checks that both
//! views stay inside their tensors before it touches memory.

use super::view::View;
use super::walk::{Pair, Space, elem_as, fill_run, move_runs, walk};
use crate::util::access::Access;
use crate::{dispatch_arith, dispatch_compute};
use etk_core::element::{loader, storer};
use etk_core::iter::CHUNK;
use etk_core::{Error, ErrorKind, Info, Result, Tensor};

/// The elements of `src` that `src_view` describes, moved into the elements of `out` that
/// `dst_view` describes (both views have the same sizes; `dst_view` must not repeat an
/// element). Same dtype: bytes moved as they are, any dtype. Different dtypes: converted as
/// C++ `static_cast` does, for the dtypes with an element type.
pub fn copy_between(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    src_view: &View,
    out: &mut Tensor<'_>,
    dst_view: &View,
) -> Result<()> {
    let dst = check_between(op, src_name, src, src_view, out, dst_view)?;
    if src_view.numel() == 0 {
        return Ok(());
    }
    let (sd, od) = (src.dtype(), out.dtype());
    let pair = Pair::new(dst_view, src_view);
    if sd == od {
        // SAFETY: both views were checked to stay inside their tensors, whose memory is
        // valid (and, for the out, exclusively borrowed); the boxed entry rejects an out that
        // overlaps an input.
        let moved = unsafe { move_runs(sd.element_size(), dst, src.as_ptr(), |f| pair.walk(f)) };
        if !moved {
            return Err(Error::unsupported_dtype(op, src_name, sd));
        }
        return Ok(());
    }
    if od.is_complex() {
        // SAFETY: as above.
        return unsafe { convert_to_complex(op, src_name, src, out, dst, &pair) };
    }
    // a complex source into a real out: c10's casts (the real part; Bool: either part)
    dispatch_arith!(sd, C => {
        let load = C::loader(sd).ok_or(Error::unsupported_dtype(op, src_name, sd))?;
        let store = C::storer(od).ok_or(Error::unsupported_dtype(op, "out", od))?;
        let (ses, des) = (sd.element_size() as isize, od.element_size() as isize);
        let mut buf = [C::default(); CHUNK];
        // SAFETY: as above; each chunk's elements are offsets the walk yields.
        unsafe {
            pair.walk(|d, s, len, ds, ss| {
                let mut done = 0;
                while done < len {
                    let n = (len - done).min(CHUNK);
                    let k = done as isize;
                    load(src.as_ptr().offset((s + k * ss) * ses), ss, &mut buf[..n]);
                    store(dst.offset((d + k * ds) * des), ds, &buf[..n]);
                    done += n;
                }
            })
        }
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, src_name, sd)))
}

/// The checks of [`copy_between`] (and of any engine with its contract, see [`Mover`]): the
/// views have the same sizes and stay inside their tensors, and the out is writable. Returns
/// the out's data pointer.
pub fn check_between(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    src_view: &View,
    out: &mut Tensor<'_>,
    dst_view: &View,
) -> Result<*mut u8> {
    if src_view.sizes() != dst_view.sizes() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
            .expected("a region of shape", Info::Shape(src_view.shape()))
            .got(Info::Shape(dst_view.shape())));
    }
    if !src_view.fits(src.numel()) {
        return Err(Error::invalid(
            op,
            src_name,
            "a view that stays inside the tensor's elements",
        ));
    }
    if !dst_view.fits(out.numel()) {
        return Err(Error::invalid(
            op,
            "out",
            "a region that stays inside the out's elements",
        ));
    }
    out.as_mut_ptr(op, "out")
}

/// The conversions into a complex out (C++'s `static_cast` to `c10::complex`): a complex
/// source converts part by part, a real one becomes the real part with a zero imaginary part.
/// Each part goes through the compute type of the source's part dtype.
///
/// # Safety
/// `pair` walks offsets inside `src` and inside `out`, whose data pointer is `dst`.
unsafe fn convert_to_complex(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &Tensor<'_>,
    dst: *mut u8,
    pair: &Pair,
) -> Result<()> {
    let (sd, od) = (src.dtype(), out.dtype());
    let (sp, dp) = (sd.to_real(), od.to_real());
    // a complex element is two parts; `parts` of them are read from the source
    let (parts, s_step) = if sd.is_complex() { (2, 2) } else { (1, 1) };
    dispatch_compute!(sp, C => {
        let load = loader::<C>(sp).ok_or(Error::unsupported_dtype(op, src_name, sd))?;
        let store = storer::<C>(dp).ok_or(Error::unsupported_dtype(op, "out", od))?;
        let (ses, des) = (sd.element_size() as isize, od.element_size() as isize);
        let (sps, dps) = (sp.element_size() as isize, dp.element_size() as isize);
        let mut buf = [C::default(); CHUNK];
        let zeros = [C::default(); CHUNK];
        // SAFETY: each chunk's elements are offsets the walk yields inside both tensors; a
        // part `p` of an element lies `p` part sizes after the element's start.
        unsafe {
            pair.walk(|d, s, len, ds, ss| {
                let mut done = 0;
                while done < len {
                    let n = (len - done).min(CHUNK);
                    let k = done as isize;
                    let (s0, d0) = ((s + k * ss) * ses, (d + k * ds) * des);
                    for p in 0..2isize {
                        let part = if p < parts {
                            load(src.as_ptr().offset(s0 + p * sps), s_step * ss, &mut buf[..n]);
                            &buf[..n]
                        } else {
                            &zeros[..n]
                        };
                        store(dst.offset(d0 + p * dps), 2 * ds, part);
                    }
                    done += n;
                }
            })
        }
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, src_name, sd)))
}

/// `src` (every element) moved into the region `dst_view` of `out`.
pub fn copy_into(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
    dst_view: &View,
) -> Result<()> {
    copy_between(op, src_name, src, &View::of(src), out, dst_view)
}

/// The elements `view` describes of `src`, moved into `out` (already of the view's shape).
pub fn copy_view(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    view: &View,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dst = View::of(out);
    copy_between(op, src_name, src, view, out, &dst)
}

/// `src`'s elements in row-major order moved into `out`'s elements in row-major order: a
/// reshape (`view_copy`). The two must have the same number of elements.
pub fn copy_flat(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if src.numel() != out.numel() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
            .expected("as many elements as", Info::Shape(src.shape()))
            .got(Info::Shape(out.shape())));
    }
    copy_flat_range(op, src_name, src, 0, out, 0, src.numel())
}

/// `len` elements of `src` from row-major position `src_start` moved into `out` from
/// row-major position `dst_start` (same dtype): the flat moves of `roll` without dims.
pub fn copy_flat_range(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    src_start: usize,
    out: &mut Tensor<'_>,
    dst_start: usize,
    len: usize,
) -> Result<()> {
    let in_range = |start: usize, n: usize| start.checked_add(len).is_some_and(|e| e <= n);
    if src.dtype() != out.dtype()
        || !in_range(src_start, src.numel())
        || !in_range(dst_start, out.numel())
    {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
            .expected(
                "a range of elements of the same dtype inside",
                Info::Shape(src.shape()),
            )
            .got(Info::Shape(out.shape())));
    }
    let dst = out.as_mut_ptr(op, "out")?;
    if len == 0 {
        return Ok(());
    }
    let a = Space::merged(&View::of(out));
    let b = Space::merged(&View::of(src));
    // SAFETY: both spaces are the tensors' own dense layouts and both ranges were checked.
    let moved = unsafe {
        move_runs(src.element_size(), dst, src.as_ptr(), |f| {
            walk(&a, dst_start, &b, src_start, len, f)
        })
    };
    if !moved {
        return Err(Error::unsupported_dtype(op, src_name, src.dtype()));
    }
    Ok(())
}

/// The elements `view` describes of `out` set to zero bits (zero, `false` or `+0.0` in every
/// dtype).
pub fn zero_view(op: &'static str, out: &mut Tensor<'_>, view: &View) -> Result<()> {
    let es = out.element_size() as isize;
    let dst = check_region(op, out, view)?;
    if view.numel() == 0 {
        return Ok(());
    }
    // SAFETY: the view stays inside the out's writable memory.
    unsafe {
        Pair::new(view, view).walk(|d, _, len, ds, _| {
            if ds == 1 {
                core::ptr::write_bytes(dst.offset(d * es), 0, len * es as usize);
            } else {
                for i in 0..len as isize {
                    core::ptr::write_bytes(dst.offset((d + i * ds) * es), 0, es as usize);
                }
            }
        })
    }
    Ok(())
}

/// The elements `view` describes of `out` set to one element's bytes: the first
/// `out.element_size()` bytes of `elem` (a fill that moves bytes, so any dtype, UInt16/32/64
/// and complex included).
pub fn fill_view(
    op: &'static str,
    out: &mut Tensor<'_>,
    view: &View,
    elem: &[u8; 16],
) -> Result<()> {
    let es = out.element_size();
    let dst = check_region(op, out, view)?;
    if view.numel() == 0 {
        return Ok(());
    }
    let pair = Pair::new(view, view);
    // SAFETY (each arm): the view stays inside the out's writable memory; `elem` holds at
    // least `es` bytes.
    unsafe {
        match es {
            1 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem[0])),
            2 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem_as::<u16>(elem))),
            4 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem_as::<u32>(elem))),
            8 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem_as::<u64>(elem))),
            16 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem_as::<u128>(elem))),
            _ => return Err(Error::unsupported_dtype(op, "out", out.dtype())),
        }
    }
    Ok(())
}

/// The checks of [`zero_view`] and [`fill_view`]: the region stays inside the out, which is
/// writable. Returns the out's data pointer.
pub fn check_region(op: &'static str, out: &mut Tensor<'_>, view: &View) -> Result<*mut u8> {
    if !view.fits(out.numel()) {
        return Err(Error::invalid(
            op,
            "out",
            "a region that stays inside the out's elements",
        ));
    }
    out.as_mut_ptr(op, "out")
}
