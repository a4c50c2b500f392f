//! `_adaptive_avg_pool3d.out(Tensor self, SymInt[3] output_size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Average pooling to a fixed `output_size` (3 sizes, 0 allowed) of a `[N, C, *spatial]` or
//! unbatched `[C, *spatial]` input with non-empty spatial dims: output position `o` of a dim
//! of `out` over `in` averages inputs `floor(o in / out) .. ceil((o + 1) in / out)` (windows
//! may overlap), the sum divided by each dim's window length in turn, as ATen. Floating dtypes;
//! unlike the 2-D op, Half and BFloat16 sum and divide in their own dtype, rounding at every
//! step, as ATen's 3-D kernel does. The mechanics are in [`crate::util::pool`].

use crate::util::pool::adaptive_avg_pool_out;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::_adaptive_avg_pool3d.out";

pub fn adaptive_avg_pool3d_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    output_size: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    adaptive_avg_pool_out(OP, 3, self_, output_size, out)
}

boxed_kernel!(pub fn adaptive_avg_pool3d_out_boxed = OP => adaptive_avg_pool3d_out(self_: &Tensor, output_size: &[i64]) -> (out));
