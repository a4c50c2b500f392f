//! Rows quantized in groups: the group size of per-channel-group parameters, the token length of
//! per-token ones, the quantize step both use, and the dequantization of a row of groups (also
//! the embeddings').

use crate::util::{clamp, map_offsets, param, round_to};
use etk_core::element::round_trip;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor, promote_types};

/// The group size torch uses for a `[rows, n]` tensor and `scales`, and the number of groups,
/// after its checks.
pub(crate) fn groups(
    op: &'static str,
    rows: usize,
    n: usize,
    scales: &Tensor<'_>,
    zero_points: Option<&Tensor<'_>>,
    group_size: i64,
) -> Result<(usize, usize)> {
    if group_size <= 1 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "group_size")
            .expected_text("a group size above 1")
            .got(Info::Int(group_size)));
    }
    let last = scales.sizes().last().copied();
    let gs = if group_size as u64 > n as u64 && last == Some(1) {
        n
    } else {
        group_size as usize
    };
    if gs == 0 || !n.is_multiple_of(gs) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "group_size")
            .expected("a divisor of the row length", Info::Int(n as i64))
            .got(Info::Int(group_size)));
    }
    let g = rows.saturating_mul(n / gs);
    for (arg, t) in [("scales", Some(scales)), ("zero_points", zero_points)] {
        if let Some(t) = t
            && t.numel() != g
            && t.numel() != 1
        {
            return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected("one value per group (or one); groups:", Info::Int(g as i64))
                .got(Info::Shape(t.shape())));
        }
    }
    Ok((gs, g))
}

/// `((input - zero_points[g]) * scales[g]).to(to)` with `g = group(offset)` (a logical index
/// into the parameter tensors), in the dtypes torch's tensor ops use: the difference in the
/// promotion of the input's and the zero points' dtypes (integers wrap; a floating zero point
/// makes it floating), the product in its promotion with the scales' dtype. `via_float`: the
/// result is Float first (an out_dtype of None), then whatever dtype the out has.
#[allow(clippy::too_many_arguments)]
pub(crate) fn dequantize_groups(
    op: &'static str,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: Option<&Tensor<'_>>,
    group: impl Fn(usize) -> usize,
    to: ScalarType,
    via_float: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let d = Dequant::new(input.dtype(), scales, zero_points);
    let narrow = round_to(if via_float { ScalarType::Float } else { to });
    let mut last = (usize::MAX, 0.0, 0i64, 0.0);
    map_offsets::<i64, f64>(op, "input", input, out, |o, q| {
        let g = group(o);
        if g != last.0 {
            last = d.params(g);
        }
        narrow(d.value(q, last.1, last.2, last.3))
    })
}

/// The dequantization of one element, with torch's dtypes for each step.
#[derive(Clone, Copy)]
pub(crate) struct Dequant<'t, 'a> {
    scales: &'t Tensor<'a>,
    zero_points: Option<&'t Tensor<'a>>,
    /// The dtype of `input - zero_points`.
    diff: ScalarType,
    diff_round: fn(f64) -> f64,
    prod_round: fn(f64) -> f64,
}

impl<'t, 'a> Dequant<'t, 'a> {
    pub(crate) fn new(
        input: ScalarType,
        scales: &'t Tensor<'a>,
        zero_points: Option<&'t Tensor<'a>>,
    ) -> Self {
        let diff = zero_points
            .and_then(|z| promote_types(input, z.dtype()))
            .unwrap_or(input);
        let prod = promote_types(diff, scales.dtype()).unwrap_or(ScalarType::Float);
        Dequant {
            scales,
            zero_points,
            diff,
            diff_round: round_to(diff),
            prod_round: round_to(prod),
        }
    }

    /// `(g, scale, integer zero point, floating zero point)` of parameter group `g`.
    pub(crate) fn params(&self, g: usize) -> (usize, f64, i64, f64) {
        let (zi, zf) = match self.zero_points {
            Some(z) if z.dtype().is_floating_point() => (0, param::<f64>(z, g)),
            Some(z) => (param::<i64>(z, g), 0.0),
            None => (0, 0.0),
        };
        (g, param::<f64>(self.scales, g), zi, zf)
    }

    #[inline(always)]
    pub(crate) fn value(&self, q: i64, s: f64, zi: i64, zf: f64) -> f64 {
        let d = if self.diff.is_floating_point() {
            (self.diff_round)((self.diff_round)(q as f64) - zf)
        } else {
            round_trip(q.wrapping_sub(zi), self.diff) as f64
        };
        let r = self.prod_round;
        r(r(d) * s)
    }
}

/// The number of elements per token, after checking that `scales` (and `zero_points`) hold
/// one value per token and broadcast against `input` as `[..., 1]`.
pub(crate) fn token_len(
    op: &'static str,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
) -> Result<usize> {
    if input.dim() == 0 {
        return Err(Error::invalid(
            op,
            "input",
            "a tensor with at least one dim",
        ));
    }
    let rank = input.dim();
    let n = input.size(rank - 1);
    let tokens = input.sizes()[..rank - 1].iter().product::<usize>();
    for (arg, t) in [("scales", scales), ("zero_points", zero_points)] {
        let r = t.dim();
        let fits = t.numel() == tokens
            && r <= rank
            && (r == 0 || t.size(r - 1) == 1 || (n == 1 && t.size(r - 1) == 1))
            && (0..r.saturating_sub(1)).all(|k| t.size(k) == input.size(rank - r + k));
        if !fits {
            return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected(
                    "one value per token, shaped [..., 1]; tokens:",
                    Info::Int(tokens as i64),
                )
                .got(Info::Shape(t.shape())));
        }
    }
    Ok(n)
}

/// `input.mul(1 / scales[g]).add(zero_points[g]).round().clamp(lo, hi)` with `g =
/// group(offset)`, each step rounded to the dtype torch's promotion gives it, stored in `out`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn quantize_add_round(
    op: &'static str,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    group: impl Fn(usize) -> usize,
    quant_min: i64,
    quant_max: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let sdt = scales.dtype();
    let prod = promote_types(input.dtype(), sdt).unwrap_or(ScalarType::Float);
    let sum = promote_types(prod, zero_points.dtype()).unwrap_or(prod);
    let (rs, rp, rf) = (round_to(sdt), round_to(prod), round_to(sum));
    let (lo, hi) = (rf(quant_min as f64), rf(quant_max as f64));
    let mut last = (usize::MAX, 0.0, 0.0);
    map_offsets::<f64, f64>(op, "input", input, out, |o, x| {
        let g = group(o);
        if g != last.0 {
            last = (
                g,
                rs(1.0 / param::<f64>(scales, g)),
                rf(param::<f64>(zero_points, g)),
            );
        }
        let v = libm::rint(rf(rp(x * last.1) + last.2));
        clamp(v, lo, hi)
    })
}
