//! `repeat_interleave.Tensor_out(Tensor repeats, *, SymInt? output_size=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out` lists each position `i` of the 1-D `repeats` `repeats[i]` times (`[1, 0, 3]` gives
//! `[0, 2, 2, 2]`). `repeats` is Int or Long, with no negative entry; `out` has its dtype and
//! is resized to the sum, which must fit its capacity (and equal `output_size` when given).

use crate::util::index::IndexReader;
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::repeat_interleave.Tensor_out";

pub fn repeat_interleave_tensor_out(
    _ctx: &mut KernelContext<'_>,
    repeats: &Tensor<'_>,
    output_size: Option<i64>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dt = repeats.dtype();
    if dt != ScalarType::Long && dt != ScalarType::Int {
        return Err(Error::dtype(OP, "repeats", "Int or Long repeats", dt));
    }
    if repeats.dim() != 1 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "repeats")
            .expected_text("a 1-D tensor")
            .got(Info::Shape(repeats.shape())));
    }
    check_dtype(OP, "out", out, dt)?;
    let r = IndexReader::new(repeats);
    let step = repeats.strides()[0];
    let n = repeats.size(0);
    let mut total: usize = 0;
    for i in 0..n {
        let v = r.get(i * step);
        if v < 0 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "repeats")
                .expected_text("non-negative repeats")
                .got(Info::Int(v)));
        }
        total = total.checked_add(v as usize).ok_or(Error::invalid(
            OP,
            "repeats",
            "repeats whose sum fits in memory",
        ))?;
    }
    if let Some(s) = output_size
        && (s < 0 || s as u64 != total as u64)
    {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "output_size")
            .expected("the sum of repeats,", Info::Int(total as i64))
            .got(Info::Int(s)));
    }
    resize_out(OP, out, &[total])?;
    let p = out.as_mut_ptr(OP, "out")?;
    let mut j = 0;
    for i in 0..n {
        for _ in 0..r.get(i * step) {
            // SAFETY: `j < total`, the out's length; the out's dtype is the repeats' dtype.
            unsafe {
                if dt == ScalarType::Long {
                    *(p as *mut i64).add(j) = i as i64;
                } else {
                    *(p as *mut i32).add(j) = i as i32;
                }
            }
            j += 1;
        }
    }
    Ok(())
}

boxed_kernel!(pub fn repeat_interleave_tensor_out_boxed = OP => repeat_interleave_tensor_out(repeats: &Tensor, output_size: Option<i64>) -> (out));
