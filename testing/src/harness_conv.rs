//! The argument generator for `convolution.out` in the optimized-vs-portable harness: 1-D and
//! 2-D convolutions, plain and transposed, of small integer-valued tensors (exact in Float —
//! and in Half and BFloat16 up to their roundings, which both libraries make once on the same
//! exact sums — whatever the summation order).
//!
//! A call is one of the [`Shape`]s the models use (each a path of etk-optimized's kernel:
//! 1x1 read in place, im2col with stride, padding and dilation, grouped, depthwise with and
//! without a channel multiplier, a first layer of 3 channels, 1-D, transposed with output
//! padding) in one of eight layouts (input, weight and out each contiguous or channels
//! innermost), with random sizes around it: batches of 0 to 2 images (0: an empty out), odd
//! widths that leave vector tails, size-1 dims. The harness's random mixes draw shapes and
//! layouts from the variant; [`every_shape_and_layout`] lists each pair once, which
//! `testing/tests/optimized_vs_portable.rs` runs in Float, Half and BFloat16 at every level.
//! The dtype pairs bring the dtypes the kernel hands to portable, so both libraries must agree
//! on those too (and reject the same calls: narrow integers for transposed or dilated
//! convolutions).

use crate::harness::random::{Rng, channels_last, contiguous, matrix};
use crate::harness::tensors::{Arg, Call, Class, Gen};
use crate::harness::tolerance::Tol;
use etk_core::{OwnedTensor, ScalarType};

pub fn generator(name: &str) -> Option<Gen> {
    (name == "aten::convolution.out").then_some(Gen {
        tol: Tol::Close {
            rtol: 1e-6,
            atol: 0.0,
        },
        make: gen_convolution,
        pointwise: false,
        scale: None,
    })
}

/// The kinds of convolution the models use, each a path (or a branch of one) in the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Groups 1, kernel up to 3x3, stride up to 2, padding up to 1.
    Plain,
    /// 1x1 without padding (read in place when the stride is 1).
    Pointwise,
    /// Dilation 2 or 3 in both spatial dims.
    Dilated,
    /// Groups 2 to 4 of 2 or 3 input channels each.
    Grouped,
    /// Groups = input channels = output channels; stride up to 3, dilation up to 2.
    Depthwise,
    /// Groups = input channels, 2 output channels each.
    DepthwiseMultiplier,
    /// 3 input channels, kernel 3x3, stride 2, padding 1 (a network's stem).
    FirstLayer,
    /// 1-D: any kernel, stride, padding and dilation along the one spatial dim.
    OneD,
    /// Transposed, with output padding, sometimes grouped or dilated.
    Transposed,
    /// Transposed 1-D.
    TransposedOneD,
    /// 3 to 16 input channels, 9 to 20 output channels, 3x3, stride 1 or 2, padding 1 (the
    /// small convnets: more than one block of the direct kernel's channels, a partial one).
    SmallChannels,
    /// 33 to 36 output channels (past the direct kernel: im2col and the GEMM, 1x1 read in
    /// place).
    WideChannels,
    /// 3 to 6 input channels, 33 to 40 output channels (im2col into the GEMM's panels: by
    /// masked loads from 4 channels, by runs below), kernel up to 5x5, stride up
    /// to 3, dilation up to 2, padding up to past the kernel's reach: every mask of the
    /// panels' vectors (padding on each side, whole rows and vectors of padding, out width
    /// unlike the input's, vectors across output rows, a partial last panel).
    PanelMasks,
    /// Channels-last sizes of the GEMM with the pixels as rows: 29 to 35 input channels per
    /// group (odd; the 3x3 kernel's taps span two of the GEMM's k blocks), 33 to 70 output
    /// channels per group (a partial last panel), groups 1 or 2, stride up to 2, padding up
    /// to 1.
    WideTaps,
    /// 1 to 4 input channels, 33 to 70 output channels (past the direct kernel: the indirect
    /// GEMM of few channels, `stem.rs`), kernel up to 7x7, stride up to 3, padding up to 3:
    /// bands of pixels with a partial last tile, a partial last panel of channels.
    Stem,
}

pub const SHAPES: [Shape; 15] = [
    Shape::Plain,
    Shape::Pointwise,
    Shape::Dilated,
    Shape::Grouped,
    Shape::Depthwise,
    Shape::DepthwiseMultiplier,
    Shape::FirstLayer,
    Shape::OneD,
    Shape::Transposed,
    Shape::TransposedOneD,
    Shape::SmallChannels,
    Shape::WideChannels,
    Shape::PanelMasks,
    Shape::WideTaps,
    Shape::Stem,
];

/// Layouts: bit 0 the input, bit 1 the weight, bit 2 the out channels innermost.
pub const LAYOUTS: usize = 8;

/// Every (shape, layout) pair once.
pub fn every_shape_and_layout() -> impl Iterator<Item = (Shape, usize)> {
    SHAPES
        .into_iter()
        .flat_map(|s| (0..LAYOUTS).map(move |l| (s, l)))
}

/// `matrix`'s values (-3..=3) laid out in `order`.
fn laid_out(rng: &mut Rng, dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let m = matrix(rng, dtype, sizes);
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    t.fill_logical::<i64>(&m.to_logical::<i64>());
    t
}

/// Channels innermost in any rank (3-D: `[0, 2, 1]`), or contiguous.
fn order(channels_inner: bool, sizes: &[usize]) -> Vec<usize> {
    match (channels_inner, sizes.len()) {
        (false, _) => contiguous(sizes),
        (true, 3) => vec![0, 2, 1],
        (true, _) => channels_last(sizes),
    }
}

pub fn gen_convolution(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let shape = SHAPES[v % SHAPES.len()];
    // the layout from other digits of the variant, so that every shape meets every layout
    let layout = (v / 2 + v / SHAPES.len()) % LAYOUTS;
    Some(convolution(rng, dt[0], shape, layout, v % 4 == 3))
}

/// A random call of `shape` in `layout` (see [`LAYOUTS`]); `dynamic`: the out is resized.
pub fn convolution(
    rng: &mut Rng,
    dtype: ScalarType,
    shape: Shape,
    layout: usize,
    dynamic: bool,
) -> Call {
    use Shape::*;
    let transposed = matches!(shape, Transposed | TransposedOneD);
    let one_d = matches!(shape, OneD | TransposedOneD);
    let (groups, cin, cout) = match shape {
        Plain | Pointwise | Dilated | OneD => (1, rng.range(1, 6), rng.range(1, 9)),
        Grouped => {
            let g = rng.range(2, 4);
            (g, g * rng.range(2, 3), g * rng.range(1, 3))
        }
        Depthwise => {
            let c = rng.range(1, 21);
            (c, c, c)
        }
        DepthwiseMultiplier => {
            let c = rng.range(1, 12);
            (c, c, 2 * c)
        }
        FirstLayer => (1, 3, rng.range(4, 9)),
        SmallChannels => (1, rng.range(3, 16), rng.range(9, 20)),
        WideChannels => (1, rng.range(1, 4), rng.range(33, 36)),
        PanelMasks => (1, rng.range(3, 6), rng.range(33, 40)),
        Stem => (1, rng.range(1, 4), rng.range(33, 70)),
        WideTaps => {
            let g = rng.range(1, 2);
            (g, g * (2 * rng.range(14, 17) + 1), g * rng.range(33, 70))
        }
        Transposed | TransposedOneD => {
            let g = if rng.chance(0.3) { 2 } else { 1 };
            (g, g * rng.range(1, 5), g * rng.range(1, 5))
        }
    };
    // along [height, width]
    let mut k = [rng.range(1, 3), rng.range(1, 3)];
    let mut stride = [rng.range(1, 2) as i64, rng.range(1, 2) as i64];
    let mut dilation = [1i64, 1];
    let mut padding = [rng.range(0, 1) as i64, rng.range(0, 1) as i64];
    match shape {
        Pointwise => (k, padding) = ([1, 1], [0, 0]),
        Dilated => {
            k = [rng.range(2, 3), rng.range(2, 3)];
            dilation = [rng.range(2, 3) as i64, rng.range(2, 3) as i64];
            padding = [dilation[0], dilation[1]];
        }
        FirstLayer => (k, stride, padding) = ([3, 3], [2, 2], [1, 1]),
        SmallChannels => (k, padding) = ([3, 3], [1, 1]),
        // strides to 3, dilated now and then (the depthwise kernel's strided and dilated taps)
        Depthwise | DepthwiseMultiplier => {
            stride = [rng.range(1, 3) as i64, rng.range(1, 3) as i64];
            dilation = [rng.range(1, 2) as i64, rng.range(1, 2) as i64];
        }
        WideTaps => k = [3, 3],
        Stem => {
            k = [rng.range(1, 7), rng.range(1, 7)];
            stride = [rng.range(1, 3) as i64, rng.range(1, 3) as i64];
            padding = [rng.range(0, 3) as i64, rng.range(0, 3) as i64];
        }
        PanelMasks => {
            k = [rng.range(1, 5), rng.range(1, 5)];
            stride = [rng.range(1, 3) as i64, rng.range(1, 3) as i64];
            dilation = [rng.range(1, 2) as i64, rng.range(1, 2) as i64];
            for d in 0..2 {
                let reach = dilation[d] as usize * (k[d] - 1);
                padding[d] = rng.range(0, reach + 2) as i64;
            }
        }
        OneD | Transposed | TransposedOneD => {
            dilation = [rng.range(1, 2) as i64, rng.range(1, 2) as i64];
        }
        _ => {}
    }
    if one_d {
        (k[0], stride[0], dilation[0], padding[0]) = (1, 1, 1, 0);
    }
    let n = rng.range(0, 2);
    let mut spatial = [1usize; 2];
    let mut out_spatial = [1usize; 2];
    let mut out_pad = [0i64; 2];
    for d in usize::from(one_d)..2 {
        let span = dilation[d] as usize * (k[d] - 1) + 1;
        if transposed {
            // the out starts at (in - 1) * stride + 1 positions at least; output padding
            // below stride or dilation (ATen's limit)
            padding[d] = padding[d].min((span as i64 - 1) / 2);
            out_pad[d] = rng.range(0, stride[d].max(dilation[d]) as usize - 1) as i64;
            spatial[d] = rng.range(1, 11);
            out_spatial[d] = (spatial[d] - 1) * stride[d] as usize + span + out_pad[d] as usize
                - 2 * padding[d] as usize;
        } else {
            // the input just the kernel's span now and then (a height of 1 for a 1-high
            // kernel); widths odd and even, past a vector
            // (depthwise rows now and then wide enough for its split stride-2 rows)
            let most = match shape {
                WideTaps => 8,
                Depthwise if d == 1 && rng.chance(0.3) => 64,
                _ => 20,
            };
            let extra = if rng.chance(0.2) {
                0
            } else {
                rng.range(0, most)
            };
            spatial[d] = span + extra;
            out_spatial[d] = (spatial[d] + 2 * padding[d] as usize - span) / stride[d] as usize + 1;
        }
    }
    let dims = |a: [usize; 2]| if one_d { vec![a[1]] } else { a.to_vec() };
    let ints = |a: [i64; 2]| Arg::Ints(if one_d { vec![a[1]] } else { a.to_vec() });
    let in_sizes = [vec![n, cin], dims(spatial)].concat();
    let w_sizes = if transposed {
        [vec![cin, cout / groups], dims(k)].concat()
    } else {
        [vec![cout, cin / groups], dims(k)].concat()
    };
    let out_sizes = [vec![n, cout], dims(out_spatial)].concat();
    let bias = rng.chance(0.8).then(|| matrix(rng, dtype, &[cout]));
    let args = vec![
        Arg::T(laid_out(
            rng,
            dtype,
            &in_sizes,
            &order(layout & 1 != 0, &in_sizes),
        )),
        Arg::T(laid_out(
            rng,
            dtype,
            &w_sizes,
            &order(layout & 2 != 0, &w_sizes),
        )),
        Arg::OptT(bias),
        ints(stride),
        ints(padding),
        ints(dilation),
        Arg::Bool(transposed),
        ints(out_pad),
        Arg::Int(groups as i64),
    ];
    Call {
        args,
        out_dtype: dtype,
        out_order: order(layout & 4 != 0, &out_sizes),
        out_sizes,
        dynamic,
    }
}
