//! The argument generator for `convolution.out` in the optimized-vs-portable harness: 1-D and
//! 2-D convolutions, plain and transposed, of small integer-valued tensors (exact in Float —
//! and in Half and BFloat16 up to their roundings, which both libraries make once on the same
//! exact sums — whatever the summation order) over the paths of etk-optimized's kernel: 1x1
//! read in place, im2col with stride, padding and dilation, grouped and depthwise, transposed
//! with output padding; with contiguous and channels-last tensors and an out in either order.
//! The dtype pairs bring Half and BFloat16 (the Float GEMM's paths) and the dtypes the kernel
//! hands to portable, so both libraries must agree on those too (and reject the same calls:
//! narrow integers for transposed or dilated convolutions).

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
    })
}

/// `matrix`'s values (-3..=3) laid out in `order`.
fn laid_out(rng: &mut Rng, dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let m = matrix(rng, dtype, sizes);
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    t.fill_logical::<i64>(&m.to_logical::<i64>());
    t
}

/// Channels innermost in any rank (3-D: `[0, 2, 1]`).
fn channels_inner(sizes: &[usize]) -> Vec<usize> {
    if sizes.len() == 3 {
        vec![0, 2, 1]
    } else {
        channels_last(sizes)
    }
}

pub fn gen_convolution(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let transposed = v % 5 == 1 || v % 5 == 3;
    // 1-D: the height dims below are dropped
    let one_d = v % 6 == 4;
    let (groups, cin, cout) = match v % 4 {
        0 => (1, rng.range(1, 6), rng.range(1, 9)),
        // depthwise
        1 => {
            let c = rng.range(1, 21);
            (c, c, c)
        }
        // grouped, with a channel multiplier
        2 => {
            let g = rng.range(2, 4);
            (g, g * rng.range(1, 3), g * rng.range(1, 3))
        }
        _ => (1, rng.range(1, 9), rng.range(1, 17)),
    };
    let mut k = if v.is_multiple_of(3) {
        [1, 1]
    } else {
        [rng.range(1, 4), rng.range(1, 4)]
    };
    let mut stride = [rng.range(1, 3) as i64, rng.range(1, 3) as i64];
    let mut dilation = [rng.range(1, 3) as i64, 1];
    let mut padding = if v.is_multiple_of(2) {
        [0, 0]
    } else {
        [rng.range(0, 2) as i64, rng.range(0, 2) as i64]
    };
    let mut out_pad = [0i64; 2];
    if one_d {
        (k[0], stride[0], dilation[0], padding[0]) = (1, 1, 1, 0);
    }
    let n = rng.range(0, 3);
    let mut spatial = [1usize; 2];
    let mut out_spatial = [1usize; 2];
    for d in usize::from(one_d)..2 {
        let span = dilation[d] as usize * (k[d] - 1) + 1;
        if transposed {
            // the out starts at (in - 1) * stride + 1 positions at least; output padding
            // below stride or dilation (ATen's limit)
            padding[d] = padding[d].min((span as i64 - 1) / 2);
            out_pad[d] = rng.range(0, stride[d].max(dilation[d]) as usize - 1) as i64;
            spatial[d] = rng.range(1, 12);
            out_spatial[d] = (spatial[d] - 1) * stride[d] as usize + span + out_pad[d] as usize
                - 2 * padding[d] as usize;
        } else {
            spatial[d] = span + rng.range(0, 19);
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
    let order = |cl: bool, s: &[usize]| {
        if cl { channels_inner(s) } else { contiguous(s) }
    };
    let bias = (!v.is_multiple_of(5)).then(|| matrix(rng, dt[0], &[cout]));
    let args = vec![
        Arg::T(laid_out(
            rng,
            dt[0],
            &in_sizes,
            &order(v % 2 == 1, &in_sizes),
        )),
        Arg::T(laid_out(rng, dt[0], &w_sizes, &order(v % 7 == 3, &w_sizes))),
        Arg::OptT(bias),
        ints(stride),
        ints(padding),
        ints(dilation),
        Arg::Bool(transposed),
        ints(out_pad),
        Arg::Int(groups as i64),
    ];
    Some(Call {
        args,
        out_dtype: dt[0],
        out_order: order(v % 3 == 1, &out_sizes),
        out_sizes,
        dynamic: v % 4 == 3,
    })
}
