//! Argument generators of [`crate::harness`] for the quantized kernels of `etk_optimized`
//! (their reference is etk-quantized's kernel of the same name, see
//! [`crate::harness::portable_kernel`]): float inputs with ties and specials, integers at the
//! quantized dtypes' limits, per-channel axes, dim orders from the layout class (channels-last
//! against a contiguous out falls back), and now and then a dtype or a parameter the kernels
//! must reject the same way.

use crate::harness::random::{Rng, contiguous, value};
use crate::harness::tensors::{Arg, Call, Class, Gen, shapes};
use crate::harness::tolerance::Tol;
use etk_core::{OwnedTensor, Scalar, ScalarType};

use ScalarType::{BFloat16, Byte, Char, Double, Float, Half, Int, Long, Short};

const QDTYPES: [ScalarType; 4] = [Byte, Char, Short, Int];

fn qrange(dtype: ScalarType) -> (i64, i64) {
    etk::quantized::util::qrange(dtype).unwrap_or((0, 255))
}

fn owned(dtype: ScalarType, sizes: &[usize], order: &[usize], values: &[f64]) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    if dtype.is_floating_point() {
        t.fill_logical::<f64>(values);
    } else {
        let v: Vec<i64> = values.iter().map(|&x| x as i64).collect();
        t.fill_logical::<i64>(&v);
    }
    t
}

/// The input's shape and order, and the out's order, from the layout class.
fn layout(rng: &mut Rng, class: Class) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let sh = shapes(rng, class, false);
    let (sizes, order) = sh.a;
    let out_order = if sh.out.0 == sizes {
        sh.out.1
    } else {
        contiguous(&sizes)
    };
    (sizes, order, out_order)
}

/// A float input of a quantize with `scale`: the harness's values, exact ties, large values.
fn float_input(rng: &mut Rng, n: usize, dtype: ScalarType, scale: f64) -> Vec<f64> {
    (0..n)
        .map(|_| match rng.below(6) {
            0 => (rng.below(600) as f64 - 300.0 + 0.5) * scale,
            1 => (rng.unit() - 0.5) * 1e5 * scale,
            _ => value(rng, dtype) * 40.0 * scale,
        })
        .collect()
}

fn int_input(rng: &mut Rng, n: usize, dtype: ScalarType) -> Vec<f64> {
    let (lo, hi) = qrange(dtype);
    (0..n)
        .map(|_| match rng.below(5) {
            0 => [lo, hi][rng.below(2)] as f64,
            _ => (lo as f64 + rng.unit() * (hi - lo) as f64).round(),
        })
        .collect()
}

/// Float / Half / BFloat16 mostly; the drawn dtype (maybe rejected) sometimes.
fn quantize_input_dtype(dt: ScalarType, v: usize) -> ScalarType {
    match dt {
        Float | Half | BFloat16 => dt,
        _ if v.is_multiple_of(5) => dt,
        _ => [Float, Half, BFloat16][v % 3],
    }
}

fn qdtype(rng: &mut Rng, v: usize) -> ScalarType {
    if v % 11 == 5 {
        Long // rejected
    } else {
        QDTYPES[rng.below(4)]
    }
}

fn bounds(q: ScalarType, v: usize) -> (i64, i64) {
    let (lo, hi) = qrange(q);
    match v % 7 {
        0 => (lo.max(-20), hi.min(20)),
        6 => (hi, lo), // crossed (unless equal): rejected
        _ => (lo, hi),
    }
}

fn scale(rng: &mut Rng) -> f64 {
    [0.5, 0.1, 0.037, 3.0, 1e-3, 0.25][rng.below(6)]
}

fn dtype_arg(t: ScalarType) -> Arg {
    Arg::Int(t.code() as i64)
}

fn opt_dtype_arg(t: Option<ScalarType>) -> Arg {
    t.map_or(Arg::None, dtype_arg)
}

fn call(
    args: Vec<Arg>,
    out_dtype: ScalarType,
    sizes: Vec<usize>,
    order: Vec<usize>,
    v: usize,
) -> Call {
    Call {
        args,
        out_dtype,
        out_sizes: sizes,
        out_order: order,
        dynamic: v % 4 == 3,
    }
}

pub fn gen_quantize_per_tensor(
    rng: &mut Rng,
    c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let (sizes, order, oo) = layout(rng, c);
    let n = sizes.iter().product();
    let in_dt = quantize_input_dtype(dt[0], v);
    let (s, q) = (scale(rng), qdtype(rng, v));
    let (lo, hi) = bounds(q, v);
    let zp = rng.below(21) as i64 - 10;
    let x = owned(in_dt, &sizes, &order, &float_input(rng, n, in_dt, s));
    let args = vec![
        Arg::T(x),
        Arg::S(Scalar::Double(s)),
        Arg::Int(zp),
        Arg::Int(lo),
        Arg::Int(hi),
        dtype_arg(q),
    ];
    Some(call(args, q, sizes, oo, v))
}

pub fn gen_quantize_per_tensor_tensor(
    rng: &mut Rng,
    c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let (sizes, order, oo) = layout(rng, c);
    let n = sizes.iter().product();
    let in_dt = quantize_input_dtype(dt[0], v);
    let (s, q) = (scale(rng), qdtype(rng, v));
    let (lo, hi) = bounds(q, v);
    let zp = rng.below(21) as f64 - 10.0;
    let x = owned(in_dt, &sizes, &order, &float_input(rng, n, in_dt, s));
    let st = owned([Float, Double][v % 2], &[1], &[0], &[s]);
    let zt = owned([Long, Int][v % 2], &[], &[], &[zp]);
    let args = vec![
        Arg::T(x),
        Arg::T(st),
        Arg::T(zt),
        Arg::Int(lo),
        Arg::Int(hi),
        dtype_arg(q),
    ];
    Some(call(args, q, sizes, oo, v))
}

/// A dequantize's `out_dtype` and out dtype.
fn dequant_out(rng: &mut Rng, dt: ScalarType) -> (Option<ScalarType>, ScalarType) {
    match rng.below(5) {
        0 => (None, Float),
        1 => (None, dt), // any dtype: floats take the Float result, others are rejected
        2 => (Some(Half), Half),
        3 => (Some(BFloat16), BFloat16),
        _ => (Some(Float), Float),
    }
}

fn dequant_input(
    rng: &mut Rng,
    c: Class,
    v: usize,
) -> (ScalarType, Vec<usize>, OwnedTensor, Vec<usize>) {
    let (sizes, order, oo) = layout(rng, c);
    let n: usize = sizes.iter().product();
    let q = QDTYPES[rng.below(4)];
    let x = owned(q, &sizes, &order, &int_input(rng, n, q));
    let _ = v;
    (q, sizes, x, oo)
}

pub fn gen_dequantize_per_tensor(
    rng: &mut Rng,
    c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let (q, sizes, x, oo) = dequant_input(rng, c, v);
    let (lo, hi) = qrange(q);
    let (out_dtype, out_dt) = dequant_out(rng, dt[1]);
    let zp = [0, 3, -7, 128][rng.below(4)];
    let args = vec![
        Arg::T(x),
        Arg::S(Scalar::Double(scale(rng))),
        Arg::Int(zp),
        Arg::Int(lo),
        Arg::Int(hi),
        dtype_arg(if v % 13 == 7 { dt[0] } else { q }),
        opt_dtype_arg(out_dtype),
    ];
    Some(call(args, out_dt, sizes, oo, v))
}

pub fn gen_dequantize_per_tensor_tensor(
    rng: &mut Rng,
    c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let (q, sizes, x, oo) = dequant_input(rng, c, v);
    let (lo, hi) = qrange(q);
    let (out_dtype, out_dt) = dequant_out(rng, dt[1]);
    let st = owned([Float, Double, Half][v % 3], &[], &[], &[scale(rng)]);
    let zt = owned([Long, Int][v % 2], &[1], &[0], &[rng.below(9) as f64 - 4.0]);
    let args = vec![
        Arg::T(x),
        Arg::T(st),
        Arg::T(zt),
        Arg::Int(lo),
        Arg::Int(hi),
        dtype_arg(q),
        opt_dtype_arg(out_dtype),
    ];
    Some(call(args, out_dt, sizes, oo, v))
}

/// `(axis, channels)`: any dim (negative now and then), one channel sometimes.
fn axis(rng: &mut Rng, sizes: &[usize]) -> Option<(i64, usize)> {
    if sizes.is_empty() {
        return None;
    }
    let d = rng.below(sizes.len());
    let a = if rng.chance(0.3) {
        d as i64 - sizes.len() as i64
    } else {
        d as i64
    };
    let n = if rng.chance(0.15) { 1 } else { sizes[d] };
    Some((a, n))
}

pub fn gen_quantize_per_channel(
    rng: &mut Rng,
    c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let (sizes, order, oo) = layout(rng, c);
    let (ax, nch) = axis(rng, &sizes)?;
    let n = sizes.iter().product();
    let in_dt = quantize_input_dtype(dt[0], v);
    let q = qdtype(rng, v);
    let (lo, hi) = bounds(q, v);
    let x = owned(in_dt, &sizes, &order, &float_input(rng, n, in_dt, 0.25));
    let s: Vec<f64> = (0..nch).map(|_| scale(rng)).collect();
    let z: Vec<f64> = (0..nch).map(|_| rng.below(9) as f64 - 4.0).collect();
    let sdt = [Float, Half, BFloat16, Double][rng.below(4)];
    let zdt = [Long, Int, Long, Float][rng.below(4)];
    let args = vec![
        Arg::T(x),
        Arg::T(owned(sdt, &[nch], &[0], &s)),
        Arg::T(owned(zdt, &[nch], &[0], &z)),
        Arg::Int(ax),
        Arg::Int(lo),
        Arg::Int(hi),
        dtype_arg(q),
    ];
    Some(call(args, q, sizes, oo, v))
}

pub fn gen_dequantize_per_channel(
    rng: &mut Rng,
    c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let (q, sizes, x, oo) = dequant_input(rng, c, v);
    let (ax, nch) = axis(rng, &sizes)?;
    let (lo, hi) = qrange(q);
    let (out_dtype, out_dt) = dequant_out(rng, dt[1]);
    let s: Vec<f64> = (0..nch).map(|_| scale(rng)).collect();
    let z: Vec<f64> = (0..nch).map(|_| rng.below(9) as f64 - 4.0).collect();
    let sdt = [Float, Half, BFloat16, Float][rng.below(4)];
    let zdt = [Long, Int, Long, Char][rng.below(4)];
    let zp = if rng.chance(0.25) {
        Arg::OptT(None)
    } else {
        Arg::OptT(Some(owned(zdt, &[nch], &[0], &z)))
    };
    let args = vec![
        Arg::T(x),
        Arg::T(owned(sdt, &[nch], &[0], &s)),
        zp,
        Arg::Int(ax),
        Arg::Int(lo),
        Arg::Int(hi),
        dtype_arg(q),
        opt_dtype_arg(out_dtype),
    ];
    Some(call(args, out_dt, sizes, oo, v))
}

/// An embedding call: `bits` 8 or 4, `dtype_out` for the `.dtype_out` overload.
fn gen_embedding(rng: &mut Rng, bits: usize, dtype_out: bool, v: usize) -> Option<Call> {
    let rows = rng.range(1, 9);
    let groups = [1, 1, 2, 4][rng.below(4)];
    let cols = groups * [2, 6, 16, 32, 50][rng.below(5)];
    let packed = cols * bits / 8;
    let w_dt = if v % 5 == 4 { Char } else { Byte };
    let w: Vec<f64> = (0..rows * packed)
        .map(|_| rng.below(256) as f64 - if w_dt == Char { 128.0 } else { 0.0 })
        .collect();
    let sdt = [Float, Half, BFloat16][rng.below(3)];
    let ss: Vec<usize> = if groups > 1 || rng.chance(0.5) {
        vec![rows, groups]
    } else {
        vec![rows]
    };
    let so = contiguous(&ss);
    let s: Vec<f64> = (0..rows * groups).map(|_| scale(rng)).collect();
    let z: Vec<f64> = (0..rows * groups)
        .map(|_| [0.0, 0.5, -3.25][rng.below(3)])
        .collect();
    let zp = if rng.chance(0.3) {
        Arg::OptT(None)
    } else {
        Arg::OptT(Some(owned(sdt, &ss, &so, &z)))
    };
    let isizes = [vec![5], vec![2, 3], vec![], vec![0]][rng.below(4)].clone();
    let ni: usize = isizes.iter().product();
    let bad = v % 17 == 9;
    let idx: Vec<f64> = (0..ni)
        .map(|_| {
            if bad {
                rows as f64
            } else {
                rng.below(rows) as f64
            }
        })
        .collect();
    let (qmin, qmax) = if bits == 4 { (-8, 7) } else { (-128, 127) };
    let mut args = vec![
        Arg::T(owned(w_dt, &[rows, packed], &[0, 1], &w)),
        Arg::T(owned(sdt, &ss, &so, &s)),
        zp,
        Arg::Int(qmin),
        Arg::Int(qmax),
        Arg::T(owned(
            [Long, Int][v % 2],
            &isizes,
            &contiguous(&isizes),
            &idx,
        )),
    ];
    let mut out_dt = sdt;
    if dtype_out {
        let d = [None, Some(Float), Some(Half), Some(BFloat16)][rng.below(4)];
        out_dt = d.unwrap_or(sdt);
        args.push(opt_dtype_arg(d));
    }
    let mut os = isizes;
    os.push(cols);
    let oo = contiguous(&os);
    Some(call(args, out_dt, os, oo, v))
}

pub fn gen_embedding_byte(
    rng: &mut Rng,
    _c: Class,
    _dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    gen_embedding(rng, 8, false, v)
}
pub fn gen_embedding_byte_dtype(
    rng: &mut Rng,
    _c: Class,
    _dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    gen_embedding(rng, 8, true, v)
}
pub fn gen_embedding_4bit(
    rng: &mut Rng,
    _c: Class,
    _dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    gen_embedding(rng, 4, false, v)
}
pub fn gen_embedding_4bit_dtype(
    rng: &mut Rng,
    _c: Class,
    _dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    gen_embedding(rng, 4, true, v)
}

/// The generator of a quantized kernel, by full name (exact comparison: the vector paths are
/// bit-identical to the reference).
pub fn generator(name: &str) -> Option<Gen> {
    let make: fn(&mut Rng, Class, [ScalarType; 2], usize) -> Option<Call> = match name {
        "quantized_decomposed::quantize_per_tensor.out" => gen_quantize_per_tensor,
        "quantized_decomposed::quantize_per_tensor.Tensor_out" => gen_quantize_per_tensor_tensor,
        "quantized_decomposed::dequantize_per_tensor.out" => gen_dequantize_per_tensor,
        "quantized_decomposed::dequantize_per_tensor.Tensor_out" => {
            gen_dequantize_per_tensor_tensor
        }
        "quantized_decomposed::quantize_per_channel.out" => gen_quantize_per_channel,
        "quantized_decomposed::dequantize_per_channel.out" => gen_dequantize_per_channel,
        "quantized_decomposed::embedding_byte.out" => gen_embedding_byte,
        "quantized_decomposed::embedding_byte.dtype_out" => gen_embedding_byte_dtype,
        "quantized_decomposed::embedding_4bit.out" => gen_embedding_4bit,
        "quantized_decomposed::embedding_4bit.dtype_out" => gen_embedding_4bit_dtype,
        _ => return None,
    };
    Some(Gen {
        tol: Tol::Exact,
        make,
        pointwise: true,
        scale: None,
    })
}
