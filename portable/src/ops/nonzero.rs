//! `nonzero.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The coordinates of `self`'s non-zero elements, one row per element in row-major order:
//! `out` is Long, `[count, self.dim()]` (`[1, 0]` or `[0, 0]` for a zero-dim `self`). A
//! floating element is non-zero unless it is `±0.0` (NaN counts), a complex one unless both
//! parts are. The out is resized to the count, which must fit its capacity. Elements are tested
//! as bytes (sign bits masked for floating dtypes); any dim order.

use crate::dispatch_esize;
use crate::util::index::{bad_esize, elem_nonzero, nonzero_bits, strides_of, walk};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::nonzero.out";

pub fn nonzero_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_dtype(OP, "out", out, ScalarType::Long)?;
    if matches!(
        self_.dtype(),
        ScalarType::UInt16 | ScalarType::UInt32 | ScalarType::UInt64
    ) {
        return Err(Error::dtype(
            OP,
            "self",
            "a dtype other than UInt16/32/64",
            self_.dtype(),
        ));
    }
    let bits = nonzero_bits(self_.dtype());
    let p = self_.as_ptr();
    let st = [strides_of(self_)];
    let rank = self_.dim();
    dispatch_esize!(self_.element_size(), W => {
        let mut count = 0usize;
        // SAFETY (both walks): offsets come from the walk over self's own shape.
        walk(self_.sizes(), &st, 1, |o| count += usize::from(unsafe { elem_nonzero::<W>(p, o[0], bits) }));
        resize_out(OP, out, &[count, rank])?;
        let os = strides_of(out);
        let dst = out.as_mut_ptr(OP, "out")? as *mut i64;
        let mut row = 0usize;
        let mut index = [0usize; MAX_DIM];
        let sizes = self_.sizes();
        walk(sizes, &st, 1, |o| {
            if unsafe { elem_nonzero::<W>(p, o[0], bits) } {
                for (d, &i) in index[..rank].iter().enumerate() {
                    // SAFETY: `row < count` and `d < rank`: an element of the out.
                    unsafe { *dst.add(row * os[0] + d * os[1]) = i as i64 };
                }
                row += 1;
            }
            // the logical index of the next element (the walk goes row-major).
            let mut d = rank;
            while d > 0 {
                d -= 1;
                index[d] += 1;
                if index[d] < sizes[d] {
                    break;
                }
                index[d] = 0;
            }
        });
        Ok(())
    }, _ => Err(bad_esize(OP, "self", self_.dtype())))
}

boxed_kernel!(pub fn nonzero_out_boxed = OP => nonzero_out(self_: &Tensor) -> (out));
