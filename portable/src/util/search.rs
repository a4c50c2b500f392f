//! The search of `searchsorted` in a sorted sequence (or a sorter's order), its checks and dtype
//! rules, shared with `bucketize`.

use crate::dispatch_compute;
use crate::util::dispatch::reduced_rounder;
use crate::util::index::{IndexReader, strides_of, walk};
use etk_core::element::loader;
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Compute, Error, ErrorKind, Info, Result, ScalarType, Tensor, promote_types};

/// searchsorted's checks and search, shared with `bucketize`.
#[allow(clippy::too_many_arguments)]
pub fn search(
    op: &'static str,
    seq: &Tensor<'_>,
    self_: &Tensor<'_>,
    out_int32: bool,
    right: bool,
    side: Option<&str>,
    sorter: Option<&Tensor<'_>>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let right = match side {
        None => right,
        Some("right") => true,
        Some("left") if !right => false,
        Some("left") => {
            return Err(Error::invalid(
                op,
                "side",
                "a side that agrees with right=True",
            ));
        }
        Some(_) => return Err(Error::invalid(op, "side", "'left' or 'right'")),
    };
    check_dtype(
        op,
        "out",
        out,
        if out_int32 {
            ScalarType::Int
        } else {
            ScalarType::Long
        },
    )?;
    if let Some(s) = sorter {
        check_dtype(op, "sorter", s, ScalarType::Long)?;
        if s.sizes() != seq.sizes() {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "sorter")
                .expected("the shape of sorted_sequence,", Info::Shape(seq.shape()))
                .got(Info::Shape(s.shape())));
        }
    }
    let rows_ok = if self_.dim() == 0 {
        seq.dim() == 1
    } else {
        seq.dim() == 1
            || (seq.dim() == self_.dim()
                && seq.sizes()[..seq.dim() - 1] == self_.sizes()[..seq.dim() - 1])
    };
    if !rows_ok {
        return Err(
            Error::new(ErrorKind::InvalidArgument, op, "sorted_sequence")
                .expected_text("a 1-D sequence, or self's rank with self's leading sizes")
                .got(Info::Shape(seq.shape())),
        );
    }
    bad_dtype(op, "sorted_sequence", seq.dtype())?;
    bad_dtype(op, "self", self_.dtype())?;
    let m = seq.sizes().last().copied().unwrap_or(1);
    if let Some(s) = sorter {
        let r = IndexReader::new(s);
        for off in 0..s.numel() {
            let v = r.get(off);
            if v < 0 || v as u64 >= m as u64 {
                return Err(Error::new(ErrorKind::InvalidArgument, op, "sorter")
                    .expected("indices in [0, size), size", Info::Int(m as i64))
                    .got(Info::Int(v)));
            }
        }
    }
    let common = promote_types(seq.dtype(), self_.dtype()).ok_or(Error::invalid(
        op,
        "self",
        "dtypes that promote together",
    ))?;
    resize_out(op, out, self_.sizes())?;
    dispatch_compute!(common, C => {
        run::<C>(op, seq, self_, right, sorter, common, out)
    }, _ => Err(Error::unsupported_dtype(op, "self", common)))
}

fn bad_dtype(op: &'static str, arg: &'static str, t: ScalarType) -> Result<()> {
    if matches!(
        t,
        ScalarType::Bool | ScalarType::UInt16 | ScalarType::UInt32 | ScalarType::UInt64
    ) || t.is_complex()
    {
        return Err(Error::dtype(op, arg, "a real, non-Bool dtype", t));
    }
    Ok(())
}

fn run<C: Compute>(
    op: &'static str,
    seq: &Tensor<'_>,
    self_: &Tensor<'_>,
    right: bool,
    sorter: Option<&Tensor<'_>>,
    common: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let ls = loader::<C>(seq.dtype()).ok_or(Error::unsupported_dtype(
        op,
        "sorted_sequence",
        seq.dtype(),
    ))?;
    let lv =
        loader::<C>(self_.dtype()).ok_or(Error::unsupported_dtype(op, "self", self_.dtype()))?;
    // Half/BFloat16 as the common dtype: integer inputs round to it first, as ATen casts.
    let round32 = reduced_rounder(common);
    let round = |v: C| -> C {
        if C::DTYPE == ScalarType::Float {
            C::load::<f32>(round32(v.store::<f32>()))
        } else {
            v
        }
    };
    let (sp, vp) = (seq.as_ptr(), self_.as_ptr());
    let (se, ve) = (seq.element_size(), self_.element_size());
    let get = |p: *const u8, es: usize, l: etk_core::element::LoadFn<C>, off: usize| -> C {
        let mut v = [C::default()];
        // SAFETY: callers pass offsets within the tensor at `p`.
        unsafe { l(p.add(off * es), 1, &mut v) };
        round(v[0])
    };
    let m = seq.sizes().last().copied().unwrap_or(1);
    let bstep = seq.strides().last().copied().unwrap_or(0);
    // Row offsets: a 1-D sequence is one row for everything.
    let mut rs = [0usize; MAX_DIM];
    let mut ss = [0usize; MAX_DIM];
    if seq.dim() > 1 {
        rs[..seq.dim() - 1].copy_from_slice(&seq.strides()[..seq.dim() - 1]);
        if let Some(s) = sorter {
            ss[..seq.dim() - 1].copy_from_slice(&s.strides()[..seq.dim() - 1]);
        }
    }
    let sorter_r = sorter.map(|s| {
        (
            IndexReader::new(s),
            s.strides().last().copied().unwrap_or(0),
        )
    });
    let wide = out.dtype() == ScalarType::Long;
    let dst = out.as_mut_ptr(op, "out")?;
    let strides = [strides_of(self_), strides_of(out), rs, ss];
    walk(self_.sizes(), &strides, 4, |o| {
        let val = get(vp, ve, lv, o[0]);
        let at = |mid: usize| -> C {
            let i = match sorter_r {
                Some((r, step)) => r.get(o[3] + mid * step) as usize,
                None => mid,
            };
            get(sp, se, ls, o[2] + i * bstep)
        };
        // ATen's cus_lower_bound / cus_upper_bound, step for step.
        let (mut start, mut end) = (0usize, m);
        while start < end {
            let mid = start + ((end - start) >> 1);
            let mv = at(mid);
            // `!(mid >= val)`, not `mid < val`: NaN compares false both ways, as in ATen.
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            let go_right = if right { !(mv > val) } else { !(mv >= val) };
            if go_right {
                start = mid + 1;
            } else {
                end = mid;
            }
        }
        // SAFETY: `o[1]` is an element of the out, whose dtype is Long or Int.
        unsafe {
            if wide {
                *(dst as *mut i64).add(o[1]) = start as i64;
            } else {
                *(dst as *mut i32).add(o[1]) = start as i32;
            }
        }
    });
    Ok(())
}
