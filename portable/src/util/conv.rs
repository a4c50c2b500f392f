//! Convolution geometry shared by `convolution.out` and `convolution_backward.out`: the checks
//! ATen's `check_shape_forward` makes on input, weight and parameter lists, the output size,
//! and the one relation every convolution loop walks — output position `o` reads input
//! position `i` through kernel tap `t` — solved for either side.
//!
//! Sizes are padded in front to three spatial dims (leading 1s), so one loop nest serves 1-,
//! 2- and 3-D convolutions.

use crate::util::window::{MAX_SPATIAL, conv_out_size, conv_transpose_out_size, expand_param};
use etk_core::{Error, ErrorKind, Info, MAX_DIM, Result, Tensor};

/// A checked convolution call.
pub struct ConvGeometry {
    pub transposed: bool,
    pub n: usize,
    pub groups: usize,
    /// Input / output channels per group.
    pub icg: usize,
    pub ocg: usize,
    /// Input, output and kernel extents, padded to three spatial dims.
    pub ins: [usize; MAX_SPATIAL],
    pub outs: [usize; MAX_SPATIAL],
    pub ks: [usize; MAX_SPATIAL],
    pub stride: [isize; MAX_SPATIAL],
    pub padding: [isize; MAX_SPATIAL],
    pub dilation: [isize; MAX_SPATIAL],
    /// Some dilation above 1 (ATen picks its dilated kernels then, with their own dtypes).
    pub dilated: bool,
    /// `[N, C_out, *out spatial]` of the forward output (`rank` entries used).
    pub out_sizes: [usize; MAX_DIM],
}

/// The spatial part of a rank-`rank` tensor's sizes or strides, padded in front to three
/// dims with `fill`.
pub fn pad3(v: &[usize], rank: usize, fill: usize) -> [usize; MAX_SPATIAL] {
    let k = rank - 2;
    let mut o = [fill; MAX_SPATIAL];
    o[MAX_SPATIAL - k..].copy_from_slice(&v[2..rank]);
    o
}

/// The spatial strides of a rank-`rank` tensor (0 for the padding dims, which have size 1).
pub fn spatial_strides(t: &Tensor<'_>) -> [usize; MAX_SPATIAL] {
    pad3(t.strides(), t.dim(), 0)
}

/// Checks a convolution of `input` with `weight` (ranks, parameter lists, groups, channels,
/// window sizes) and computes its geometry; dtypes are the caller's to check.
pub fn conv_geometry(
    op: &'static str,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    [stride, padding, dilation, output_padding]: [&[i64]; 4],
    transposed: bool,
    groups: i64,
) -> Result<ConvGeometry> {
    let rank = weight.dim();
    if !(3..=5).contains(&rank) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "weight")
            .expected_text("a 3-, 4- or 5-D weight (1-, 2- or 3-D convolution)")
            .got(Info::Shape(weight.shape())));
    }
    if input.dim() != rank {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "input")
            .expected(
                "a batched input of the weight's rank",
                Info::Int(rank as i64),
            )
            .got(Info::Shape(input.shape())));
    }
    let k = rank - 2;
    let s = expand_param(op, "stride", stride, k, 1)?;
    let p = expand_param(op, "padding", padding, k, 0)?;
    let d = expand_param(op, "dilation", dilation, k, 1)?;
    let opad = expand_param(op, "output_padding", output_padding, k, 0)?;
    if groups <= 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "groups")
            .expected_text("a positive number of groups")
            .got(Info::Int(groups)));
    }
    if transposed && (0..k).any(|i| opad[i] >= s[i] && opad[i] >= d[i]) {
        return Err(Error::invalid(
            op,
            "output_padding",
            "output padding smaller than either stride or dilation",
        ));
    }
    let g = usize::try_from(groups).unwrap_or(usize::MAX);
    let (c_in, w0, w1) = (input.size(1), weight.size(0), weight.size(1));
    let channels_ok = if transposed {
        c_in == w0 && w0 % g == 0
    } else {
        w0 % g == 0 && w1.checked_mul(g) == Some(c_in)
    };
    if !channels_ok {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "input")
            .expected(
                "input channels matching the weight and groups; weight",
                Info::Shape(weight.shape()),
            )
            .got(Info::Shape(input.shape())));
    }
    let c_out = if transposed {
        w1.checked_mul(g)
            .ok_or(Error::invalid(op, "groups", "a group count that fits"))?
    } else {
        w0
    };
    let ins = pad3(input.sizes(), rank, 1);
    let ks = pad3(weight.sizes(), rank, 1);
    let mut outs = [1usize; MAX_SPATIAL];
    let off = MAX_SPATIAL - k;
    for i in 0..k {
        let (ii, kk) = (ins[off + i], ks[off + i]);
        outs[off + i] = if transposed {
            conv_transpose_out_size(op, ii, kk, s[i], p[i], d[i], opad[i])?
        } else {
            conv_out_size(op, ii, kk, s[i], p[i], d[i])?
        };
    }
    let mut out_sizes = [0usize; MAX_DIM];
    out_sizes[0] = input.size(0);
    out_sizes[1] = c_out;
    out_sizes[2..rank].copy_from_slice(&outs[off..]);
    let lim = |v: i64| isize::try_from(v).unwrap_or(isize::MAX);
    let mut geo = ConvGeometry {
        transposed,
        n: input.size(0),
        groups: g,
        icg: c_in / g,
        ocg: c_out / g,
        ins,
        outs,
        ks,
        stride: [1; MAX_SPATIAL],
        padding: [0; MAX_SPATIAL],
        dilation: [1; MAX_SPATIAL],
        dilated: d[..k].iter().any(|&v| v > 1),
        out_sizes,
    };
    for i in 0..k {
        geo.stride[off + i] = lim(s[i]);
        geo.padding[off + i] = lim(p[i]);
        geo.dilation[off + i] = lim(d[i]);
    }
    Ok(geo)
}

impl ConvGeometry {
    /// Along spatial dim `dim`: the input position that output position `o` reads through
    /// tap `t`, if it lies inside the input. A convolution reads `o * stride - padding + t *
    /// dilation`; a transposed one is the adjoint, so it reads the `i` that a convolution
    /// with these parameters would map to `o`.
    #[inline]
    pub fn input_pos(&self, dim: usize, o: usize, t: usize) -> Option<usize> {
        self.solve(dim, !self.transposed, o, t, self.ins[dim])
    }

    /// The inverse: the output position that reads input position `i` through tap `t`, if it
    /// lies inside the output (the walk of the backward pass's gradient of the input).
    #[inline]
    pub fn output_pos(&self, dim: usize, i: usize, t: usize) -> Option<usize> {
        self.solve(dim, self.transposed, i, t, self.outs[dim])
    }

    /// `from * stride - padding + t * dilation` (`direct`) or the `to` that position maps to
    /// `from` that way (`(from + padding - t * dilation) / stride` when exact), within `0..limit`.
    // Checked arithmetic: a position that overflows `isize` lies outside the tensor either way.
    #[inline]
    fn solve(
        &self,
        dim: usize,
        direct: bool,
        from: usize,
        t: usize,
        limit: usize,
    ) -> Option<usize> {
        let (s, p, d) = (self.stride[dim], self.padding[dim], self.dilation[dim]);
        let td = (t as isize).checked_mul(d)?;
        let to = if direct {
            (from as isize)
                .checked_mul(s)?
                .checked_sub(p)?
                .checked_add(td)?
        } else {
            let num = (from as isize).checked_add(p)?.checked_sub(td)?;
            // stride 1 (the common case) needs no division
            if s == 1 {
                num
            } else if num < 0 || num % s != 0 {
                return None;
            } else {
                num / s
            }
        };
        (to >= 0 && (to as usize) < limit).then_some(to as usize)
    }

    /// The offset, along the weight's first two dims, of the kernel linking input channel
    /// `ic` and output channel `oc` (local index `ocl` within its group, `icl` for `ic`): the
    /// weight is `[C_out, C_in / groups, *k]`, or transposed `[C_in, C_out / groups, *k]`.
    #[inline]
    pub fn weight_base(
        &self,
        w0: usize,
        w1: usize,
        ic: usize,
        icl: usize,
        oc: usize,
        ocl: usize,
    ) -> usize {
        if self.transposed {
            ic * w0 + ocl * w1
        } else {
            oc * w0 + icl * w1
        }
    }
}

/// The three spatial coordinates of flat position `p` in a `dims` grid (row-major).
#[inline]
pub fn unflat3(p: usize, dims: [usize; MAX_SPATIAL]) -> [usize; MAX_SPATIAL] {
    [p / (dims[1] * dims[2]), p / dims[2] % dims[1], p % dims[2]]
}

/// `a · b` over the three spatial coordinates (an element offset from positions and strides).
#[inline]
pub fn dot3(a: [usize; MAX_SPATIAL], b: [usize; MAX_SPATIAL]) -> usize {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
