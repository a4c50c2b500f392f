//! `masked_fill.Scalar_out(Tensor self, Tensor mask, Scalar value, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = mask ? value : self`, `self` and `mask` broadcast together (the out takes the
//! broadcast shape, so a mask may also expand `self`). The mask must be Bool; the out must have
//! exactly `self`'s dtype. `value` is converted to that dtype as ATen's `Scalar::to` does:
//! floats truncate into integer tensors (`2.5` fills an Int tensor with 2), and a value that
//! overflows the dtype is an error even where the mask selects nothing.
//!
//! A complex `self` takes `(value, 0)`, range-checked as its part dtype.

use crate::util::access::map3;
use crate::util::complex::Complex;
use crate::util::pointwise::{each2, resize_to_broadcast};
use crate::util::scalar::scalar_to_checked;
use crate::{dispatch_compute, dispatch_float};
use etk_core::iter::{arg, map2};
use etk_core::out::check_dtype;
use etk_core::{Error, KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::masked_fill.Scalar_out";

pub fn masked_fill_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mask: &Tensor<'_>,
    value: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if mask.dtype() != ScalarType::Bool {
        return Err(Error::dtype(OP, "mask", "a Bool mask", mask.dtype()));
    }
    let st = self_.dtype();
    check_dtype(OP, "out", out, st)?;
    if st.is_complex() {
        // `(value, 0)`, range-checked as the part dtype (c10's complex conversion)
        return dispatch_float!(st.to_real(), T => {
            let v: T = scalar_to_checked(OP, "value", &value, st.to_real())?;
            let v = Complex::new(v, 0.0);
            resize_to_broadcast(OP, out, &[("self", self_), ("mask", mask)])?;
            map3::<Complex<T>, bool, bool, Complex<T>>(
                OP,
                out,
                [("self", self_), ("mask", mask), ("mask", mask)],
                |x, m, _| if m { v } else { x },
            )
        });
    }
    dispatch_compute!(st, C => {
        let v: C = scalar_to_checked(OP, "value", &value, st)?;
        resize_to_broadcast(OP, out, &[("self", self_), ("mask", mask)])?;
        let (x, m) = (arg("self", self_), arg("mask", mask));
        map2::<C, bool, C>(OP, out, None, x, m, each2(|x, m| if m { v } else { x }))
    }, _ => Err(Error::unsupported_dtype(OP, "self", st)))
}

boxed_kernel!(pub fn masked_fill_scalar_out_boxed = OP => masked_fill_scalar_out(self_: &Tensor, mask: &Tensor, value: Scalar) -> (out));
