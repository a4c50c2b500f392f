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

/// A pooling window's parameters, one entry per spatial dim: ATen's `int[k]` lists of
/// `max_pool{2,3}d` / `avg_pool{2,3}d` expanded and checked.
#[derive(Clone, Copy, Debug)]
pub struct PoolWindow {
    pub k: usize,
    pub kernel: [i64; MAX_SPATIAL],
    pub stride: [i64; MAX_SPATIAL],
    pub padding: [i64; MAX_SPATIAL],
    pub dilation: [i64; MAX_SPATIAL],
    pub ceil_mode: bool,
}

impl PoolWindow {
    /// ATen's rules: `kernel_size` one value or `k`, positive; `stride` empty (= the kernel),
    /// one value or `k`, positive; `padding` one or `k`, non-negative and at most half the
    /// kernel; `dilation` (`[1]` for average pooling) one or `k`, positive.
    pub fn new(
        op: &'static str,
        k: usize,
        kernel_size: &[i64],
        stride: &[i64],
        padding: &[i64],
        dilation: &[i64],
        ceil_mode: bool,
    ) -> Result<PoolWindow> {
        let kernel = expand_param(op, "kernel_size", kernel_size, k, 1)?;
        let stride = if stride.is_empty() {
            kernel
        } else {
            expand_param(op, "stride", stride, k, 1)?
        };
        let padding = expand_param(op, "padding", padding, k, 0)?;
        let dilation = expand_param(op, "dilation", dilation, k, 1)?;
        // ATen narrows every parameter to a 32-bit `int` (`safe_downcast`) and fails beyond.
        for (arg, v) in [
            ("kernel_size", &kernel),
            ("stride", &stride),
            ("padding", &padding),
            ("dilation", &dilation),
        ] {
            if let Some(&bad) = v[..k].iter().find(|&&x| x > i32::MAX as i64) {
                return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                    .expected("values of at most", Info::Int(i32::MAX as i64))
                    .got(Info::Int(bad)));
            }
        }
        for i in 0..k {
            if padding[i] > kernel[i] / 2 {
                return Err(Error::new(ErrorKind::InvalidArgument, op, "padding")
                    .expected("at most half the kernel size; kernel", Info::Int(kernel[i]))
                    .got(Info::Int(padding[i])));
            }
        }
        Ok(PoolWindow {
            k,
            kernel,
            stride,
            padding,
            dilation,
            ceil_mode,
        })
    }

    /// The output extent of every spatial dim of an input with spatial sizes `input` (`k`
    /// entries); an error when one is below 1.
    pub fn out_sizes(&self, op: &'static str, input: &[usize]) -> Result<[usize; MAX_SPATIAL]> {
        let mut o = [0usize; MAX_SPATIAL];
        for i in 0..self.k {
            o[i] = pool_out_size(
                op,
                input[i],
                self.kernel[i],
                self.stride[i],
                self.padding[i],
                self.dilation[i],
                self.ceil_mode,
            )?;
        }
        Ok(o)
    }

    /// The taps of output position `o` along dim `i` for max pooling, as ATen walks them:
    /// input positions `start, start + dilation, ... < end`, `start` moved past the left
    /// padding in whole dilation steps (it may then reach `end`: an empty window).
    pub fn max_taps(&self, i: usize, o: usize, input: usize) -> (i64, i64, i64) {
        let (s, p, d) = (
            self.stride[i] as i128,
            self.padding[i] as i128,
            self.dilation[i] as i128,
        );
        let mut start = o as i128 * s - p;
        let end = (start + (self.kernel[i] as i128 - 1) * d + 1).min(input as i128);
        if start < 0 {
            // ceil(-start / d) steps; `-start <= padding`
            start += (-start + d - 1) / d * d;
        }
        (clamp64(start), clamp64(end), self.dilation[i])
    }

    /// The window of output position `o` along dim `i` for average pooling: `(start, end)`
    /// clipped to the input and the window's length counting padding (clipped to the padded
    /// input), as ATen's `avg_pool` computes them.
    pub fn avg_taps(&self, i: usize, o: usize, input: usize) -> (usize, usize, usize) {
        let (s, p) = (self.stride[i] as i128, self.padding[i] as i128);
        let start = o as i128 * s - p;
        let end = (start + self.kernel[i] as i128).min(input as i128 + p);
        let padded = (end - start).max(0);
        let (a, b) = (start.max(0), end.min(input as i128));
        // Window lengths are below `kernel <= i64::MAX`, and `0 <= a, b <= input`.
        (
            a as usize,
            (b.max(a)) as usize,
            padded.min(i64::MAX as i128) as usize,
        )
    }
}

fn clamp64(v: i128) -> i64 {
    v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

/// ATen's `pooling_output_shape`: `floor((input + 2 padding - dilation (kernel - 1) - 1 [+
/// stride - 1 with ceil_mode]) / stride) + 1`, and with `ceil_mode` one less when the last
/// window would start beyond the input and its left padding. An error when it is below 1.
pub fn pool_out_size(
    op: &'static str,
    input: usize,
    kernel: i64,
    stride: i64,
    padding: i64,
    dilation: i64,
    ceil_mode: bool,
) -> Result<usize> {
    let (i, k, s, p, d) = (
        input as i128,
        kernel as i128,
        stride as i128,
        padding as i128,
        dilation as i128,
    );
    let num = i + 2 * p - d * (k - 1) - 1 + if ceil_mode { s - 1 } else { 0 };
    let mut o = num.div_euclid(s) + 1;
    if ceil_mode && (o - 1) * s >= i + p {
        o -= 1;
    }
    if o < 1 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "self")
            .expected(
                "an input large enough for one window; computed output size",
                Info::Int(clamp64(o)),
            )
            .got(Info::Int(input as i64)));
    }
    to_size(op, "self", o)
}

/// ATen's adaptive pooling window of output `o` of `out` over `input`: `[floor(o input /
/// out), ceil((o + 1) input / out))`, never empty.
pub fn adaptive_window(o: usize, out: usize, input: usize) -> (usize, usize) {
    let (o, n, i) = (o as u128, out as u128, input as u128);
    let start = o * i / n;
    let end = ((o + 1) * i).div_ceil(n);
    (start as usize, end as usize)
}
