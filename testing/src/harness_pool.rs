//! The argument generators for pooling and resampling in the optimized-vs-portable harness:
//! `max_pool2d_with_indices`, `avg_pool2d`, `_adaptive_avg_pool2d`, `upsample_bilinear2d` and
//! `grid_sampler_2d`, on batched and unbatched inputs, contiguous and channels-last, with the
//! outs in either order (so that mixed layouts, which the optimized kernels may hand to
//! portable, are compared too), windows with padding, dilation, `ceil_mode` and sizes that
//! leave vector tails, empty batches, size-1 dims, and outs large enough for two threads.
//! Values are the harness's (NaN, infinities, signed zeros now and then) or small integers
//! (ties, for the index a max pool picks). Every dtype comes along (the driver's), so both
//! libraries must agree on which are rejected. Everything is compared exactly: the optimized
//! kernels sum and round in portable's order.

use crate::harness::random::{Rng, channels_last, contiguous, tensor};
use crate::harness::tensors::{Arg, Call, Class, Gen, OutSpec};
use crate::harness::tolerance::Tol;
use etk_core::{OwnedTensor, ScalarType};

pub fn generator(name: &str) -> Option<Gen> {
    let make: fn(&mut Rng, Class, [ScalarType; 2], usize) -> Option<Call> = match name {
        "aten::max_pool2d_with_indices.out" => gen_max_pool2d,
        "aten::avg_pool2d.out" => gen_avg_pool2d,
        "aten::_adaptive_avg_pool2d.out" => gen_adaptive_avg_pool2d,
        "aten::upsample_bilinear2d.vec_out" => gen_upsample_bilinear2d,
        "aten::grid_sampler_2d.out" => gen_grid_sampler_2d,
        _ => return None,
    };
    Some(Gen {
        tol: Tol::Exact,
        make,
        pointwise: false,
        scale: None,
    })
}

/// An input of `sizes` (`[N, C, H, W]` or `[C, H, W]`) in `order`: the harness's random
/// values, or small integers (`ties`) so that windows hold equal maxima.
fn input(
    rng: &mut Rng,
    dt: ScalarType,
    sizes: &[usize],
    order: &[usize],
    ties: bool,
) -> OwnedTensor {
    let mut t = tensor(rng, dt, sizes, order);
    if ties {
        let n = t.numel();
        let v: Vec<i64> = (0..n).map(|_| rng.below(5) as i64 - 2).collect();
        t.fill_logical::<i64>(&v);
    }
    t
}

/// Channels-last for a rank-4 or unbatched rank-3 (`[1, 2, 0]`) tensor.
fn cl(sizes: &[usize]) -> Vec<usize> {
    match sizes.len() {
        3 => vec![1, 2, 0],
        _ => channels_last(sizes),
    }
}

/// The dim order choice `k` (0 contiguous, 1 channels-last).
fn order(sizes: &[usize], k: usize) -> Vec<usize> {
    if k % 2 == 1 {
        cl(sizes)
    } else {
        contiguous(sizes)
    }
}

/// A pooling input's sizes: batched `[N, C, H, W]` (N may be 0) or unbatched `[C, H, W]`;
/// spatial sizes of at least `min_hw`; variant 5 (mod 16) is large enough for two threads.
fn pool_sizes(rng: &mut Rng, v: usize, min_hw: usize) -> Vec<usize> {
    if v % 16 == 5 {
        return vec![1, 24, 40 + rng.below(9), 64 + rng.below(9)];
    }
    let c = if rng.chance(0.3) {
        rng.range(15, 40)
    } else {
        rng.range(1, 6)
    };
    let hw = |rng: &mut Rng| {
        if rng.chance(0.15) {
            min_hw
        } else {
            rng.range(min_hw, min_hw + 37)
        }
    };
    let (h, w) = (hw(rng), hw(rng));
    if v % 5 == 4 {
        vec![c, h, w]
    } else {
        let n = if rng.chance(0.1) { 0 } else { rng.range(1, 2) };
        vec![n, c, h, w]
    }
}

/// ATen's pooled extent, or `None` when there is no window.
fn pooled(i: usize, k: i64, s: i64, p: i64, d: i64, ceil: bool) -> Option<usize> {
    let (i, k, s, p, d) = (i as i64, k, s, p, d);
    let num = i + 2 * p - d * (k - 1) - 1 + if ceil { s - 1 } else { 0 };
    if num < 0 {
        return None;
    }
    let mut o = num / s + 1;
    if ceil && (o - 1) * s >= i + p {
        o -= 1;
    }
    (o >= 1).then_some(o as usize)
}

/// A window: kernel, stride, padding and dilation per spatial dim.
struct Window {
    k: [i64; 2],
    s: [i64; 2],
    p: [i64; 2],
    d: [i64; 2],
    ceil: bool,
    /// `stride=[]` (the kernel's).
    stride_empty: bool,
}

fn window(rng: &mut Rng, v: usize, dilate: bool) -> Window {
    let mut w = Window {
        k: [0; 2],
        s: [0; 2],
        p: [0; 2],
        d: [1; 2],
        ceil: rng.chance(0.3),
        stride_empty: rng.chance(0.15),
    };
    let square = v % 3 != 2;
    for i in 0..2 {
        w.k[i] = if i == 1 && square {
            w.k[0]
        } else if rng.chance(0.1) {
            rng.range(5, 7) as i64
        } else {
            rng.range(1, 4) as i64
        };
        w.s[i] = if w.stride_empty {
            w.k[i]
        } else {
            rng.range(1, 3) as i64
        };
        w.p[i] = rng.range(0, (w.k[i] / 2) as usize) as i64;
        if dilate && rng.chance(0.25) {
            w.d[i] = 2;
        }
    }
    w
}

/// An int list given as one value when both are equal (half the time), as ATen allows.
fn ints(rng: &mut Rng, v: [i64; 2]) -> Arg {
    if v[0] == v[1] && rng.chance(0.5) {
        Arg::Ints(vec![v[0]])
    } else {
        Arg::Ints(v.to_vec())
    }
}

/// The pooled out sizes of `sizes` (`[1]` when there is no window: both libraries reject it).
fn pooled_sizes(sizes: &[usize], w: &Window) -> Vec<usize> {
    let r = sizes.len();
    let mut out = sizes.to_vec();
    for i in 0..2 {
        match pooled(sizes[r - 2 + i], w.k[i], w.s[i], w.p[i], w.d[i], w.ceil) {
            Some(o) => out[r - 2 + i] = o,
            None => return vec![1],
        }
    }
    out
}

/// The out dtype: the input's, now and then another (rejected alike).
fn out_dtype(rng: &mut Rng, dt: [ScalarType; 2], v: usize) -> ScalarType {
    if v % 11 == 7 && rng.chance(0.5) {
        dt[1]
    } else {
        dt[0]
    }
}

/// The call of a generator with one out of `out_sizes`: in the input's dim order mostly (now
/// and then either order), of `out_dtype`'s dtype, dynamic a quarter of the time.
fn pooled_call(
    rng: &mut Rng,
    dt: [ScalarType; 2],
    v: usize,
    args: Vec<Arg>,
    out_sizes: Vec<usize>,
) -> Option<Call> {
    let ko = if v % 7 == 6 { rng.below(2) } else { v };
    Some(Call {
        args,
        out_dtype: out_dtype(rng, dt, v),
        out_order: order(&out_sizes, ko),
        out_sizes,
        dynamic: v % 4 == 3,
    })
}

/// A 4-D input (an unbatched one given a batch of 1) of `pool_sizes` and its sizes.
fn batched_input(rng: &mut Rng, dtype: ScalarType, v: usize) -> (Vec<usize>, OwnedTensor) {
    let mut sizes = pool_sizes(rng, v, 1);
    if sizes.len() == 3 {
        sizes.insert(0, 1);
    }
    let x = input(rng, dtype, &sizes, &order(&sizes, v), false);
    (sizes, x)
}

pub fn gen_max_pool2d(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let sizes = pool_sizes(rng, v, 1);
    let x = input(rng, dt[0], &sizes, &order(&sizes, v), v.is_multiple_of(3));
    let w = window(rng, v, true);
    let out_sizes = pooled_sizes(&sizes, &w);
    // the values' out and the indices each in either order, mostly the input's
    let (ko, ki) = if v % 7 == 6 {
        (rng.below(2), rng.below(2))
    } else {
        (v, v)
    };
    let values = OutSpec {
        dtype: out_dtype(rng, dt, v),
        order: order(&out_sizes, ko),
        sizes: out_sizes.clone(),
    };
    let stride = if w.stride_empty {
        Arg::Ints(vec![])
    } else {
        ints(rng, w.s)
    };
    let args = vec![
        Arg::T(x),
        ints(rng, w.k),
        stride,
        ints(rng, w.p),
        ints(rng, w.d),
        Arg::Bool(w.ceil),
        Arg::Out(values),
    ];
    Some(Call {
        args,
        out_dtype: ScalarType::Long,
        out_order: order(&out_sizes, ki),
        out_sizes,
        dynamic: v % 4 == 3,
    })
}

pub fn gen_avg_pool2d(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let sizes = pool_sizes(rng, v, 1);
    let x = input(rng, dt[0], &sizes, &order(&sizes, v), v.is_multiple_of(3));
    let w = window(rng, v, false);
    let out_sizes = pooled_sizes(&sizes, &w);
    let divisor = match v % 5 {
        2 => Arg::Int([3, -2, 7, 1][rng.below(4)]),
        _ => Arg::None,
    };
    let stride = if w.stride_empty {
        Arg::Ints(vec![])
    } else {
        ints(rng, w.s)
    };
    let args = vec![
        Arg::T(x),
        ints(rng, w.k),
        stride,
        ints(rng, w.p),
        Arg::Bool(w.ceil),
        Arg::Bool(rng.chance(0.5)),
        divisor,
    ];
    pooled_call(rng, dt, v, args, out_sizes)
}

pub fn gen_adaptive_avg_pool2d(
    rng: &mut Rng,
    _c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let sizes = pool_sizes(rng, v, 1);
    let r = sizes.len();
    let x = input(rng, dt[0], &sizes, &order(&sizes, v), v.is_multiple_of(3));
    // 1x1 (global), divisors of the input (uniform windows), anything up to past the input
    let mut o = [0usize; 2];
    for (i, oi) in o.iter_mut().enumerate() {
        let s = sizes[r - 2 + i];
        *oi = match v % 4 {
            0 => 1,
            1 => (1..=s)
                .filter(|d| s.is_multiple_of(*d))
                .nth(rng.below(3))
                .unwrap_or(1),
            _ => rng.range(0, s + 3),
        };
    }
    let mut out_sizes = sizes.clone();
    out_sizes[r - 2..].copy_from_slice(&o);
    pooled_call(
        rng,
        dt,
        v,
        vec![Arg::T(x), Arg::Ints(o.map(|s| s as i64).to_vec())],
        out_sizes,
    )
}

pub fn gen_upsample_bilinear2d(
    rng: &mut Rng,
    _c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let (sizes, x) = batched_input(rng, dt[0], v);
    let (h, w) = (sizes[2], sizes[3]);
    let align = rng.chance(0.5);
    // an output size (up, down, the same) or scale factors (which ATen also uses as the
    // coordinate map's scale)
    let (size_arg, scales, oh, ow) = if v % 3 == 1 {
        let f = |rng: &mut Rng| [2.0, 0.5, 1.5, 3.0, 0.7, 1.0][rng.below(6)];
        let (fh, fw) = (f(rng), f(rng));
        let (oh, ow) = (
            (h as f64 * fh).floor() as usize,
            (w as f64 * fw).floor() as usize,
        );
        (Arg::None, Arg::Floats(vec![fh, fw]), oh, ow)
    } else {
        let o = |rng: &mut Rng, s: usize| match rng.below(4) {
            0 => 2 * s,
            1 => s,
            _ => rng.range(1, 2 * s + 3),
        };
        let (oh, ow) = (o(rng, h), o(rng, w));
        (Arg::Ints(vec![oh as i64, ow as i64]), Arg::None, oh, ow)
    };
    let out_sizes = vec![sizes[0], sizes[1], oh, ow];
    pooled_call(
        rng,
        dt,
        v,
        vec![Arg::T(x), size_arg, Arg::Bool(align), scales],
        out_sizes,
    )
}

pub fn gen_grid_sampler_2d(
    rng: &mut Rng,
    _c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let (sizes, x) = batched_input(rng, dt[0], v);
    let (oh, ow) = (rng.range(0, 19), rng.range(1, 37));
    let g_sizes = [sizes[0], oh, ow, 2];
    // contiguous, or the coordinates outermost, or rows and columns swapped
    let g_order = match v % 9 {
        2 => vec![0, 3, 1, 2],
        8 => vec![0, 2, 1, 3],
        _ => contiguous(&g_sizes),
    };
    // mostly inside [-1, 1] and a little past it, sometimes on a lattice of quarters (taps
    // exactly on pixels and halfway between), sometimes the harness's specials
    let mut grid = tensor(rng, dt[0], &g_sizes, &g_order);
    if v % 5 != 3 {
        let n = grid.numel();
        let lattice = v % 4 == 1;
        let g: Vec<f64> = (0..n)
            .map(|_| {
                if lattice {
                    rng.range(0, 11) as f64 / 4.0 - 1.25
                } else {
                    rng.unit() * 2.4 - 1.2
                }
            })
            .collect();
        grid.fill_logical::<f64>(&g);
    }
    // bilinear with zeros or border padding mostly (what the optimized kernel takes)
    let (mode, padding) = match v % 6 {
        0..=2 => (0, (v % 2) as i64),
        3 => (0, 2),
        4 => (1, rng.below(3) as i64),
        _ => (2, rng.below(3) as i64),
    };
    // now and then a mode that does not exist (rejected alike)
    let (mode, padding) = match v % 17 {
        16 => (3, padding),
        15 => (mode, -1),
        _ => (mode, padding),
    };
    let out_sizes = vec![sizes[0], sizes[1], oh, ow];
    let align_corners = Arg::Bool(rng.chance(0.5));
    let args = vec![
        Arg::T(x),
        Arg::T(grid),
        Arg::Int(mode),
        Arg::Int(padding),
        align_corners,
    ];
    pooled_call(rng, dt, v, args, out_sizes)
}
