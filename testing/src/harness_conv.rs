//! The argument generator for `convolution.out` in the optimized-vs-portable harness: 2-D
//! convolutions of small integer-valued tensors (exact in Float whatever the summation order)
//! over the paths of etk-optimized's kernel — 1x1 read in place, im2col with stride, padding
//! and dilation, grouped and depthwise — with contiguous and channels-last tensors and an out in
//! either order. Other dtypes and the calls the kernel hands to portable come along (the
//! harness's dtype pairs), so both libraries must agree on those too.

use crate::harness::{Arg, Call, Class, Gen, Rng, Tol, channels_last, contiguous, matrix};
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

pub fn gen_convolution(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
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
    let k = if v.is_multiple_of(3) {
        [1, 1]
    } else {
        [rng.range(1, 4), rng.range(1, 4)]
    };
    let stride = [rng.range(1, 3) as i64, rng.range(1, 3) as i64];
    let dilation = [rng.range(1, 3) as i64, 1];
    let padding = if v.is_multiple_of(2) {
        [0, 0]
    } else {
        [rng.range(0, 2) as i64, rng.range(0, 2) as i64]
    };
    let n = rng.range(0, 3);
    let mut spatial = [0usize; 2];
    let mut out_spatial = [0usize; 2];
    for d in 0..2 {
        let span = dilation[d] as usize * (k[d] - 1) + 1;
        spatial[d] = span + rng.range(0, 19);
        out_spatial[d] = (spatial[d] + 2 * padding[d] as usize - span) / stride[d] as usize + 1;
    }
    let in_sizes = [n, cin, spatial[0], spatial[1]];
    let w_sizes = [cout, cin / groups, k[0], k[1]];
    let out_sizes = vec![n, cout, out_spatial[0], out_spatial[1]];
    let order = |cl: bool, s: &[usize]| if cl { channels_last(s) } else { contiguous(s) };
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
        Arg::Ints(stride.to_vec()),
        Arg::Ints(padding.to_vec()),
        Arg::Ints(dilation.to_vec()),
        Arg::Bool(false),
        Arg::Ints(vec![0, 0]),
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
