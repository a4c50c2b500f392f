//! How two outs may differ ([`Tol`] and the usual tolerances) and the comparison of the out
//! of an optimized call against portable's ([`Outcome`], [`compare`]).

use etk_core::ScalarType;

/// How two outs may differ.
#[derive(Clone, Copy, Debug)]
pub enum Tol {
    Exact,
    /// `|a - b| <= atol + rtol |b|`, with rtol given for Float and scaled to the out's ULP for
    /// Half and BFloat16.
    Close {
        rtol: f64,
        atol: f64,
    },
}

pub const EXACT: Tol = Tol::Exact;
/// The vector math against libm: each within a few ULP of the correctly rounded result.
pub const MATH: Tol = Tol::Close {
    rtol: 4e-6,
    atol: 1e-37,
};

/// Within one ulp of the correctly rounded result (relative 2^-23, and one more for the
/// rounding of the reference itself).
pub const ULP1: Tol = Tol::Close {
    rtol: 2.4e-7,
    atol: 1e-45,
};

/// The out after a call: sizes, dim order, dtype and the elements in memory order (as f64 for
/// floats, i64 bits as f64-compatible pairs for integers).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub sizes: Vec<usize>,
    pub dim_order: Vec<usize>,
    pub dtype: ScalarType,
    pub floats: Vec<f64>,
    pub ints: Vec<i64>,
    /// The first byte past the out's elements that the call changed, if any.
    pub wrote_past: Option<usize>,
    /// The call's other outs: the `Arg::Out`s in argument order, then the rest of a list out
    /// (`Arg::Outs`).
    pub rest: Vec<Outcome>,
}

/// One ULP of `dtype` relative (the scale of a rounding difference in the out).
pub fn ulp_scale(dtype: ScalarType) -> f64 {
    match dtype {
        ScalarType::Half => 2f64.powi(-10) / 2f64.powi(-23),
        ScalarType::BFloat16 => 2f64.powi(-7) / 2f64.powi(-23),
        _ => 1.0,
    }
}

pub fn compare(tol: Tol, got: &Outcome, want: &Outcome) -> Result<(), String> {
    compare_scaled(tol, &[], got, want)
}

/// [`compare`] with per-element absolute tolerances added to `tol`'s: `scale[k][i]` for
/// element `i` (memory order) of out `k` (the call's own out first, then `rest`), where given
/// (see [`ScaleFn`](crate::harness::tensors::ScaleFn)).
pub fn compare_scaled(
    tol: Tol,
    scale: &[Vec<f64>],
    got: &Outcome,
    want: &Outcome,
) -> Result<(), String> {
    let of_out = |k: usize| scale.get(k).map_or(&[][..], |v| &v[..]);
    if got.rest.len() != want.rest.len() {
        return Err(format!(
            "{} outs, want {}",
            got.rest.len() + 1,
            want.rest.len() + 1
        ));
    }
    for (k, (g, w)) in got.rest.iter().zip(&want.rest).enumerate() {
        compare_out(tol, of_out(k + 1), g, w).map_err(|e| format!("out {}: {e}", k + 1))?;
    }
    compare_out(tol, of_out(0), got, want)
}

/// One out (its `rest` aside), element `i` given `extra[i]` more absolute tolerance.
fn compare_out(tol: Tol, extra: &[f64], got: &Outcome, want: &Outcome) -> Result<(), String> {
    if (&got.sizes, &got.dim_order, got.dtype, &got.ints)
        != (&want.sizes, &want.dim_order, want.dtype, &want.ints)
    {
        let first = got.ints.iter().zip(&want.ints).position(|(a, b)| a != b);
        return Err(format!(
            "out differs: got {:?} {:?} {:?}, want {:?} {:?} {:?}; first int diff at {first:?}: {:?} vs {:?}",
            got.sizes,
            got.dim_order,
            got.dtype,
            want.sizes,
            want.dim_order,
            want.dtype,
            first.map(|i| got.ints[i]),
            first.map(|i| want.ints[i]),
        ));
    }
    for (i, (&g, &w)) in got.floats.iter().zip(&want.floats).enumerate() {
        let extra = extra.get(i).copied().unwrap_or(0.0);
        let ok = match tol {
            _ if g.is_nan() || w.is_nan() => g.is_nan() && w.is_nan(),
            Tol::Exact => g.to_bits() == w.to_bits(),
            Tol::Close { rtol, atol } => {
                if g.is_infinite() || w.is_infinite() {
                    g == w
                } else {
                    let s = ulp_scale(got.dtype);
                    (g - w).abs() <= atol * s.max(1.0) + rtol * s * w.abs() + extra
                }
            }
        };
        if !ok {
            return Err(format!(
                "element {i} (memory order): got {g:e}, want {w:e} (scaled tolerance {extra:e})"
            ));
        }
    }
    Ok(())
}
