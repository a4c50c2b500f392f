//! What the random kernels share: the float components of a floating or complex out, filled
//! straight through its memory (an out's values are independent draws, so the order in which
//! positions receive them does not matter and any dim order is one dense run), and the
//! normal distribution. The numbers come from the context's Philox generator
//! (`etk_core::random`).

use etk_core::iter::fill;
use etk_core::random::Stream;
use etk_core::{Error, Result, ScalarType, Tensor};

/// The real dtype and the number of its values per element of a floating or complex dtype.
pub fn real_parts(dtype: ScalarType) -> Option<(ScalarType, usize)> {
    use ScalarType::*;
    match dtype {
        Half | BFloat16 | Float | Double => Some((dtype, 1)),
        ComplexHalf => Some((Half, 2)),
        ComplexFloat => Some((Float, 2)),
        ComplexDouble => Some((Double, 2)),
        _ => None,
    }
}

/// Significand digits of a floating dtype: the random bits a uniform draw in it carries
/// (ATen's `uniform_real_distribution` masks its draw to these), so that a value below 1
/// stays below 1 when stored.
pub fn digits(real: ScalarType) -> u32 {
    match real {
        ScalarType::Half => 11,
        ScalarType::BFloat16 => 8,
        ScalarType::Float => 24,
        _ => 53,
    }
}

/// Fills every float component of `out` (a floating or complex dtype; the caller checked)
/// with values `f` writes into chunks of `f64`s, stored rounded to the out's real dtype.
pub fn fill_parts(op: &'static str, out: &mut Tensor<'_>, f: impl FnMut(&mut [f64])) -> Result<()> {
    let Some((real, parts)) = real_parts(out.dtype()) else {
        return Err(Error::dtype(
            op,
            "out",
            "a floating or complex dtype",
            out.dtype(),
        ));
    };
    let n = out.numel() * parts;
    if n == 0 {
        return Ok(());
    }
    let bytes = out.nbytes();
    let ptr = out.as_mut_ptr(op, "out")?;
    // SAFETY: an out view is dense: its `nbytes` bytes from its data pointer are its elements,
    // borrowed exclusively through `out` for this call.
    let mem = unsafe { core::slice::from_raw_parts_mut(ptr, bytes) };
    let mut flat = Tensor::from_bytes_mut(real, mem, &[n], &[0])?;
    fill::<f64>(op, &mut flat, None, f)
}

/// A pair of independent standard normals (Box–Muller, in `f64`).
pub fn normal_pair(s: &mut Stream<'_>) -> (f64, f64) {
    // 1 - u lies in (0, 1], so the logarithm is finite.
    let u1 = 1.0 - s.uniform(53);
    let u2 = s.uniform(53);
    let r = libm::sqrt(-2.0 * libm::log(u1));
    let (sin, cos) = libm::sincos(core::f64::consts::TAU * u2);
    (r * cos, r * sin)
}
