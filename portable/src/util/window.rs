//! Window arithmetic shared by convolution and pooling: ATen's `int[]` parameters expanded to
//! one value per spatial dim, checked, and the output extent of a sliding window.
//!
//! All arithmetic on user ints is done in `i128` (which cannot overflow for `i64` inputs and
//! tensor sizes) and converted back to `usize` with a check.

use etk_core::{Error, ErrorKind, Info, Result};

/// Most spatial dims any window op has (3-D convolution and pooling).
pub const MAX_SPATIAL: usize = 3;

/// `values` as one entry per spatial dim: a list of length `k`, or one value repeated (ATen's
/// `expand_param_if_needed`). Each entry must be at least `min`.
pub fn expand_param(
    op: &'static str,
    arg: &'static str,
    values: &[i64],
    k: usize,
    min: i64,
) -> Result<[i64; MAX_SPATIAL]> {
    let mut out = [0i64; MAX_SPATIAL];
    match values.len() {
        1 => out[..k].fill(values[0]),
        n if n == k => out[..k].copy_from_slice(values),
        n => {
            return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected("one value or one per spatial dim:", Info::Int(k as i64))
                .got(Info::Int(n as i64)));
        }
    }
    if let Some(&bad) = out[..k].iter().find(|&&v| v < min) {
        let what = if min > 0 {
            "positive values"
        } else {
            "non-negative values"
        };
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected_text(what)
            .got(Info::Int(bad)));
    }
    Ok(out)
}

/// Output extent of a window of `kernel` taps, `dilation` apart, sliding by `stride` over
/// `input` padded by `padding` on both sides: `(input + 2 padding - dilation (kernel - 1) - 1)
/// / stride + 1`; an error when the dilated window is larger than the padded input.
pub fn conv_out_size(
    op: &'static str,
    input: usize,
    kernel: usize,
    stride: i64,
    padding: i64,
    dilation: i64,
) -> Result<usize> {
    let padded = input as i128 + 2 * padding as i128;
    let span = dilation as i128 * (kernel as i128 - 1) + 1;
    if padded < span {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "weight")
            .expected(
                "a (dilated) kernel no larger than the padded input; padded input",
                Info::Int(padded as i64),
            )
            .got(Info::Int(span.min(i64::MAX as i128) as i64)));
    }
    to_size(op, "input", (padded - span) / stride as i128 + 1)
}

/// Output extent of a transposed window: `(input - 1) stride - 2 padding + dilation (kernel -
/// 1) + output_padding + 1`, which must be positive.
pub fn conv_transpose_out_size(
    op: &'static str,
    input: usize,
    kernel: usize,
    stride: i64,
    padding: i64,
    dilation: i64,
    output_padding: i64,
) -> Result<usize> {
    let o = (input as i128 - 1) * stride as i128 - 2 * padding as i128
        + dilation as i128 * (kernel as i128 - 1)
        + output_padding as i128
        + 1;
    if o <= 0 && input > 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "padding")
            .expected_text("padding that leaves a positive output size")
            .got(Info::Int(o.max(i64::MIN as i128) as i64)));
    }
    to_size(op, "input", o.max(0))
}

fn to_size(op: &'static str, arg: &'static str, v: i128) -> Result<usize> {
    usize::try_from(v)
        .ok()
        .filter(|&v| v <= isize::MAX as usize)
        .ok_or(
            Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected_text("an output size that fits in isize"),
        )
}
