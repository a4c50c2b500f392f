//! The quantized kernels' vector paths against etk-quantized's reference kernels, bit for bit,
//! at every ISA level the machine has (`etk_simd::with_level`): every input and quantized
//! dtype, ties (`x / scale` exactly `k + 0.5`), NaN, infinities, signed zeros, the dtypes'
//! limits and values past them, per-channel axes in every position, dim orders (contiguous,
//! channels-last, reversed), lengths with and without vector tails, empty tensors, and the
//! errors (the same `Err` as the reference).

use etk_core::{KernelContext, Result, ScalarType, Tensor};
use etk_optimized::ops as opt;
use etk_quantized::ops as reference;
use etk_simd::{Level, with_level};
use half::{bf16, f16};

use ScalarType::{BFloat16, Byte, Char, Double, Float, Half, Int, Long, Short};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// An aligned byte buffer holding a tensor's elements.
#[derive(Clone)]
struct Buf {
    words: Vec<u64>,
    len: usize,
}

impl Buf {
    fn zeroed(len: usize) -> Buf {
        Buf {
            words: vec![0; len.div_ceil(8) + 1],
            len,
        }
    }
    fn bytes(&self) -> &[u8] {
        // SAFETY: the words hold at least `len` bytes.
        unsafe { std::slice::from_raw_parts(self.words.as_ptr() as *const u8, self.len) }
    }
    fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as above.
        unsafe { std::slice::from_raw_parts_mut(self.words.as_mut_ptr() as *mut u8, self.len) }
    }
    fn tensor(&self, dtype: ScalarType, sizes: &[usize], order: &[usize]) -> Tensor<'_> {
        Tensor::from_bytes(dtype, self.bytes(), sizes, order).unwrap()
    }
    fn tensor_mut(&mut self, dtype: ScalarType, sizes: &[usize], order: &[usize]) -> Tensor<'_> {
        Tensor::from_bytes_mut(dtype, self.bytes_mut(), sizes, order).unwrap()
    }
}

/// `values` stored as `dtype`.
fn buf_of(dtype: ScalarType, values: &[f64]) -> Buf {
    let mut b = Buf::zeroed(values.len() * dtype.element_size());
    let bytes = b.bytes_mut();
    for (i, &v) in values.iter().enumerate() {
        let e = dtype.element_size();
        let dst = &mut bytes[i * e..(i + 1) * e];
        match dtype {
            Float => dst.copy_from_slice(&(v as f32).to_le_bytes()),
            Double => dst.copy_from_slice(&v.to_le_bytes()),
            Half => dst.copy_from_slice(&f16::from_f64(v).to_le_bytes()),
            BFloat16 => dst.copy_from_slice(&bf16::from_f64(v).to_le_bytes()),
            Byte => dst[0] = v as i64 as u8,
            Char => dst[0] = v as i64 as i8 as u8,
            Short => dst.copy_from_slice(&(v as i64 as i16).to_le_bytes()),
            Int => dst.copy_from_slice(&(v as i64 as i32).to_le_bytes()),
            Long => dst.copy_from_slice(&(v as i64).to_le_bytes()),
            _ => unreachable!(),
        }
    }
    b
}

/// Float inputs of a quantize with scale `scale`: ordinary values, exact ties, NaN,
/// infinities, signed zeros, huge and subnormal values.
fn float_values(rng: &mut Rng, n: usize, scale: f64) -> Vec<f64> {
    let specials = [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
        1e-40,
        -1e-40,
        3.0e38,
        -3.0e38,
        65504.0,
        1e10,
        -1e10,
    ];
    (0..n)
        .map(|_| match rng.below(8) {
            0 => specials[rng.below(specials.len())],
            1 | 2 => (rng.below(4000) as f64 - 2000.0 + 0.5) * scale,
            3 => (rng.unit() - 0.5) * 1e6 * scale,
            _ => (rng.unit() - 0.5) * 600.0 * scale,
        })
        .collect()
}

fn qrange(dtype: ScalarType) -> (i64, i64) {
    etk_quantized::util::qrange(dtype).unwrap()
}

/// Integers of a quantized dtype, its limits among them.
fn int_values(rng: &mut Rng, n: usize, dtype: ScalarType) -> Vec<f64> {
    let (lo, hi) = qrange(dtype);
    (0..n)
        .map(|_| match rng.below(6) {
            0 => lo as f64,
            1 => hi as f64,
            2 => (rng.below(64) as i64 - 32) as f64,
            _ => (lo as f64 + rng.unit() * (hi - lo) as f64).round(),
        })
        .collect()
}

const SHAPES: &[&[usize]] = &[
    &[],
    &[0],
    &[1],
    &[7],
    &[16],
    &[37],
    &[300],
    &[2, 3, 5, 7],
    &[3, 17, 2, 9],
    &[2, 0, 3],
    &[4, 33],
];

fn orders(rank: usize) -> Vec<Vec<usize>> {
    let mut v = vec![(0..rank).collect::<Vec<_>>()];
    if rank == 4 {
        v.push(vec![0, 2, 3, 1]);
    }
    if rank >= 2 {
        v.push((0..rank).rev().collect());
    }
    v
}

const LEVELS_ALL: fn() -> &'static [Level] = Level::available_levels;

/// Runs `f` (a kernel writing into the out it is given) on a fresh out of `out_dtype`,
/// `sizes`, `order`; returns the result and the out's bytes and shape.
fn run_out(
    out_dtype: ScalarType,
    sizes: &[usize],
    order: &[usize],
    f: impl FnOnce(&mut KernelContext<'_>, &mut Tensor<'_>) -> Result<()>,
) -> (Result<()>, Vec<u8>, Vec<usize>) {
    let n: usize = sizes.iter().product();
    let mut b = Buf::zeroed(n * out_dtype.element_size());
    b.bytes_mut().fill(0xA5);
    let mut out = b.tensor_mut(out_dtype, sizes, order);
    let mut ctx = KernelContext::serial();
    let r = f(&mut ctx, &mut out);
    let shape = out.sizes().to_vec();
    let nb = out.nbytes();
    let _ = out;
    (r, b.bytes()[..nb].to_vec(), shape)
}

/// The outs agree byte for byte, NaN lanes aside (any NaN equals any NaN).
fn same(dtype: ScalarType, a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return true;
    }
    if a.len() != b.len() {
        return false;
    }
    let e = dtype.element_size();
    a.chunks(e).zip(b.chunks(e)).all(|(x, y)| {
        x == y
            || match dtype {
                Float => {
                    f32::from_le_bytes(x.try_into().unwrap()).is_nan()
                        && f32::from_le_bytes(y.try_into().unwrap()).is_nan()
                }
                Half | BFloat16 => {
                    let (x, y) = (
                        u16::from_le_bytes([x[0], x[1]]),
                        u16::from_le_bytes([y[0], y[1]]),
                    );
                    let nan = |v: u16| {
                        if dtype == Half {
                            f16::from_bits(v).is_nan()
                        } else {
                            bf16::from_bits(v).is_nan()
                        }
                    };
                    nan(x) && nan(y)
                }
                _ => false,
            }
    })
}

/// Calls `fast` and `slow` the same way at every level and compares.
/// An embedding kernel's typed entry (`.dtype_out`, and `.out` without the dtype).
type EmbeddingDtypeFn = fn(
    &mut KernelContext<'_>,
    &Tensor<'_>,
    &Tensor<'_>,
    Option<&Tensor<'_>>,
    i64,
    i64,
    &Tensor<'_>,
    Option<ScalarType>,
    &mut Tensor<'_>,
) -> Result<()>;
type EmbeddingFn = fn(
    &mut KernelContext<'_>,
    &Tensor<'_>,
    &Tensor<'_>,
    Option<&Tensor<'_>>,
    i64,
    i64,
    &Tensor<'_>,
    &mut Tensor<'_>,
) -> Result<()>;

fn check(
    what: &str,
    out_dtype: ScalarType,
    sizes: &[usize],
    order: &[usize],
    fast: &dyn Fn(&mut KernelContext<'_>, &mut Tensor<'_>) -> Result<()>,
    slow: &dyn Fn(&mut KernelContext<'_>, &mut Tensor<'_>) -> Result<()>,
) {
    let want = run_out(out_dtype, sizes, order, slow);
    for &isa in LEVELS_ALL() {
        let got = with_level(isa, || run_out(out_dtype, sizes, order, fast));
        let ok = match (&got.0, &want.0) {
            (Ok(()), Ok(())) => got.2 == want.2 && same(out_dtype, &got.1, &want.1),
            (Err(a), Err(b)) => a == b,
            _ => false,
        };
        if !ok {
            let first = got.1.iter().zip(&want.1).position(|(a, b)| a != b);
            panic!(
                "{what} at {isa}: got {:?} shape {:?}, want {:?} shape {:?}; first differing byte {first:?}",
                got.0, got.2, want.0, want.2
            );
        }
    }
}

#[test]
fn quantize_per_tensor_matches_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for &sizes in SHAPES {
        for order in orders(sizes.len()) {
            for in_dt in [Float, Half, BFloat16] {
                for q in [Byte, Char, Short, Int] {
                    let (lo, hi) = qrange(q);
                    let n: usize = sizes.iter().product();
                    let scale = [0.5, 0.1, 3.0, 1e-3, 2.0f64.powi(-20), 0.0, 1e30][rng.below(7)];
                    let x = buf_of(in_dt, &float_values(&mut rng, n, scale));
                    let zp = [0, 3, -7, 128, lo, hi][rng.below(6)];
                    let (qmin, qmax) = match rng.below(3) {
                        0 => (lo, hi),
                        1 => (lo.max(-100), hi.min(100)),
                        _ => (lo, hi.min(lo + 15)),
                    };
                    let xt = x.tensor(in_dt, sizes, &order);
                    let what = format!(
                        "quantize_per_tensor {in_dt} -> {q} {sizes:?} {order:?} scale {scale} zp {zp} [{qmin}, {qmax}]"
                    );
                    check(
                        &what,
                        q,
                        sizes,
                        &order,
                        &|c, o| {
                            opt::quantize_per_tensor::quantize_per_tensor_out(
                                c, &xt, scale, zp, qmin, qmax, q, o,
                            )
                        },
                        &|c, o| {
                            reference::quantize_per_tensor::quantize_per_tensor_out(
                                c, &xt, scale, zp, qmin, qmax, q, o,
                            )
                        },
                    );
                    // the Tensor overload, with Float / Double scales and a Long zero point.
                    let sdt = [Float, Double][rng.below(2)];
                    let (s, z) = (buf_of(sdt, &[scale]), buf_of(Long, &[zp as f64]));
                    let (st, zt) = (s.tensor(sdt, &[1], &[0]), z.tensor(Long, &[], &[]));
                    check(
                        &format!("{what} (Tensor_out)"),
                        q,
                        sizes,
                        &order,
                        &|c, o| {
                            opt::quantize_per_tensor::quantize_per_tensor_tensor_out(
                                c, &xt, &st, &zt, qmin, qmax, q, o,
                            )
                        },
                        &|c, o| {
                            reference::quantize_per_tensor::quantize_per_tensor_tensor_out(
                                c, &xt, &st, &zt, qmin, qmax, q, o,
                            )
                        },
                    );
                }
            }
        }
    }
}

#[test]
fn quantize_per_tensor_errors_and_other_layouts_match_reference() {
    let mut rng = Rng(77);
    let sizes = [2usize, 3, 4, 5];
    let x = buf_of(Float, &float_values(&mut rng, 120, 0.25));
    let xt = x.tensor(Float, &sizes, &[0, 1, 2, 3]);
    // crossed or out-of-range bounds, a wrong out dtype, a non-quantized dtype.
    for (qmin, qmax, q, out_dt) in [
        (10, 5, Byte, Byte),
        (-1, 255, Byte, Byte),
        (0, 256, Byte, Byte),
        (0, 255, Byte, Char),
        (0, 255, Long, Long),
        (-128, 127, Char, Char),
    ] {
        // an out in another dim order than the input: the reference's walk.
        check(
            &format!("quantize_per_tensor errors [{qmin}, {qmax}] {q} -> {out_dt}"),
            out_dt,
            &sizes,
            &[0, 2, 3, 1],
            &|c, o| {
                opt::quantize_per_tensor::quantize_per_tensor_out(c, &xt, 0.25, 1, qmin, qmax, q, o)
            },
            &|c, o| {
                reference::quantize_per_tensor::quantize_per_tensor_out(
                    c, &xt, 0.25, 1, qmin, qmax, q, o,
                )
            },
        );
    }
    // a Double input (rejected) and a resize of a dynamic-shaped out are the reference's.
    let d = buf_of(Double, &[1.0, 2.0]);
    let dt = d.tensor(Double, &[2], &[0]);
    check(
        "quantize_per_tensor Double input",
        Byte,
        &[2],
        &[0],
        &|c, o| opt::quantize_per_tensor::quantize_per_tensor_out(c, &dt, 0.5, 0, 0, 255, Byte, o),
        &|c, o| {
            reference::quantize_per_tensor::quantize_per_tensor_out(c, &dt, 0.5, 0, 0, 255, Byte, o)
        },
    );
}

#[test]
fn dequantize_per_tensor_matches_reference() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for &sizes in SHAPES {
        for order in orders(sizes.len()) {
            for q in [Byte, Char, Short, Int] {
                for (out_dtype, out_dt) in [
                    (None, Float),
                    (None, Half),
                    (None, BFloat16),
                    (Some(Float), Float),
                    (Some(Half), Half),
                    (Some(BFloat16), BFloat16),
                    (Some(Double), Double),
                ] {
                    let (lo, hi) = qrange(q);
                    let n: usize = sizes.iter().product();
                    let x = buf_of(q, &int_values(&mut rng, n, q));
                    let scale = [0.5, 0.1, 3.0, 1e-3, 1e-8, 7e4, 0.0, f64::INFINITY][rng.below(8)];
                    let zp = [0, 3, -7, 128, lo, hi, 100_000][rng.below(7)];
                    let xt = x.tensor(q, sizes, &order);
                    let what = format!(
                        "dequantize_per_tensor {q} -> {out_dtype:?}/{out_dt} {sizes:?} {order:?} scale {scale} zp {zp}"
                    );
                    check(
                        &what,
                        out_dt,
                        sizes,
                        &order,
                        &|c, o| {
                            opt::dequantize_per_tensor::dequantize_per_tensor_out(
                                c, &xt, scale, zp, lo, hi, q, out_dtype, o,
                            )
                        },
                        &|c, o| {
                            reference::dequantize_per_tensor::dequantize_per_tensor_out(
                                c, &xt, scale, zp, lo, hi, q, out_dtype, o,
                            )
                        },
                    );
                    let (s, z) = (buf_of(Float, &[scale]), buf_of(Int, &[zp as f64]));
                    let (st, zt) = (s.tensor(Float, &[], &[]), z.tensor(Int, &[1], &[0]));
                    check(
                        &format!("{what} (Tensor_out)"),
                        out_dt,
                        sizes,
                        &order,
                        &|c, o| {
                            opt::dequantize_per_tensor::dequantize_per_tensor_tensor_out(
                                c, &xt, &st, &zt, lo, hi, q, out_dtype, o,
                            )
                        },
                        &|c, o| {
                            reference::dequantize_per_tensor::dequantize_per_tensor_tensor_out(
                                c, &xt, &st, &zt, lo, hi, q, out_dtype, o,
                            )
                        },
                    );
                }
            }
        }
    }
    // errors: a dtype the input does not have, an integer out.
    let x = buf_of(Byte, &[1.0, 2.0, 3.0]);
    let xt = x.tensor(Byte, &[3], &[0]);
    for (q, out_dtype, out_dt) in [
        (Char, None, Float),
        (Byte, None, Int),
        (Byte, Some(Half), Float),
    ] {
        check(
            "dequantize_per_tensor errors",
            out_dt,
            &[3],
            &[0],
            &|c, o| {
                opt::dequantize_per_tensor::dequantize_per_tensor_out(
                    c, &xt, 0.5, 1, -128, 127, q, out_dtype, o,
                )
            },
            &|c, o| {
                reference::dequantize_per_tensor::dequantize_per_tensor_out(
                    c, &xt, 0.5, 1, -128, 127, q, out_dtype, o,
                )
            },
        );
    }
}

/// Per-channel scales (positive, some giving ties, one zero) and zero points.
fn channel_params(rng: &mut Rng, n: usize, q: ScalarType) -> (Vec<f64>, Vec<f64>) {
    let (lo, hi) = qrange(q);
    let scales = (0..n)
        .map(|_| [0.5, 0.25, 0.1, 3.0, 1e-3, 0.0, 0.037][rng.below(7)])
        .collect();
    let zps = (0..n)
        .map(|_| [0, 1, -5, lo, hi, 17][rng.below(6)] as f64)
        .collect();
    (scales, zps)
}

#[test]
fn quantize_per_channel_matches_reference() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for &sizes in &[
        &[2usize, 3, 5, 7][..],
        &[3, 17, 2, 9],
        &[4, 300],
        &[37],
        &[2, 0, 3],
    ] {
        for order in orders(sizes.len()) {
            for axis in -(sizes.len() as i64)..sizes.len() as i64 {
                let d = axis.rem_euclid(sizes.len() as i64) as usize;
                for in_dt in [Float, Half, BFloat16] {
                    let q = [Byte, Char, Short, Int][rng.below(4)];
                    let (lo, hi) = qrange(q);
                    let nch = if rng.below(5) == 0 { 1 } else { sizes[d] };
                    let (s, z) = channel_params(&mut rng, nch, q);
                    let sdt = [Float, Half, BFloat16, Double][rng.below(4)];
                    let zdt = [Long, Int, Long, Float][rng.below(4)];
                    let n: usize = sizes.iter().product();
                    let x = buf_of(in_dt, &float_values(&mut rng, n, 0.25));
                    let (sb, zb) = (buf_of(sdt, &s), buf_of(zdt, &z));
                    let xt = x.tensor(in_dt, sizes, &order);
                    let (st, zt) = (sb.tensor(sdt, &[nch], &[0]), zb.tensor(zdt, &[nch], &[0]));
                    check(
                        &format!(
                            "quantize_per_channel {in_dt} -> {q} {sizes:?} {order:?} axis {axis} scales {sdt}[{nch}] zp {zdt}"
                        ),
                        q,
                        sizes,
                        &order,
                        &|c, o| {
                            opt::quantize_per_channel::quantize_per_channel_out(
                                c, &xt, &st, &zt, axis, lo, hi, q, o,
                            )
                        },
                        &|c, o| {
                            reference::quantize_per_channel::quantize_per_channel_out(
                                c, &xt, &st, &zt, axis, lo, hi, q, o,
                            )
                        },
                    );
                }
            }
            // errors: an axis past the rank, scales of the wrong length.
            let x = buf_of(Float, &vec![1.0; sizes.iter().product()]);
            let xt = x.tensor(Float, sizes, &order);
            let s = buf_of(Float, &[0.5; 3]);
            let st = s.tensor(Float, &[2], &[0]);
            let z = buf_of(Long, &[0.0; 3]);
            let zt = z.tensor(Long, &[2], &[0]);
            for axis in [sizes.len() as i64, 0] {
                check(
                    "quantize_per_channel errors",
                    Byte,
                    sizes,
                    &order,
                    &|c, o| {
                        opt::quantize_per_channel::quantize_per_channel_out(
                            c, &xt, &st, &zt, axis, 0, 255, Byte, o,
                        )
                    },
                    &|c, o| {
                        reference::quantize_per_channel::quantize_per_channel_out(
                            c, &xt, &st, &zt, axis, 0, 255, Byte, o,
                        )
                    },
                );
            }
        }
    }
}

#[test]
fn dequantize_per_channel_matches_reference() {
    let mut rng = Rng(0x0bad_c0de_1234_4321);
    for &sizes in &[
        &[2usize, 3, 5, 7][..],
        &[3, 17, 2, 9],
        &[4, 300],
        &[37],
        &[2, 0, 3],
    ] {
        for order in orders(sizes.len()) {
            for axis in -(sizes.len() as i64)..sizes.len() as i64 {
                let d = axis.rem_euclid(sizes.len() as i64) as usize;
                for q in [Byte, Char, Short, Int] {
                    let (lo, hi) = qrange(q);
                    let nch = if rng.below(5) == 0 { 1 } else { sizes[d] };
                    let (s, mut z) = channel_params(&mut rng, nch, q);
                    if !z.is_empty() && rng.below(4) == 0 {
                        z[0] = [1e7, -2e7, 9e6][rng.below(3)];
                    }
                    let sdt = [Float, Half, BFloat16, Float, Double][rng.below(5)];
                    let zdt = [Long, Int, Long, Char, Float, Long][rng.below(6)];
                    let (out_dtype, out_dt) = [
                        (None, Float),
                        (None, Half),
                        (Some(Float), Float),
                        (Some(BFloat16), BFloat16),
                        (Some(Half), Half),
                        (Some(Double), Double),
                    ][rng.below(6)];
                    let n: usize = sizes.iter().product();
                    let x = buf_of(q, &int_values(&mut rng, n, q));
                    let (sb, zb) = (buf_of(sdt, &s), buf_of(zdt, &z));
                    let xt = x.tensor(q, sizes, &order);
                    let (st, zt) = (sb.tensor(sdt, &[nch], &[0]), zb.tensor(zdt, &[nch], &[0]));
                    let zp = if rng.below(4) == 0 { None } else { Some(&zt) };
                    check(
                        &format!(
                            "dequantize_per_channel {q} -> {out_dtype:?}/{out_dt} {sizes:?} {order:?} axis {axis} scales {sdt}[{nch}] zp {zdt} {}",
                            zp.is_some()
                        ),
                        out_dt,
                        sizes,
                        &order,
                        &|c, o| {
                            opt::dequantize_per_channel::dequantize_per_channel_out(
                                c, &xt, &st, zp, axis, lo, hi, q, out_dtype, o,
                            )
                        },
                        &|c, o| {
                            reference::dequantize_per_channel::dequantize_per_channel_out(
                                c, &xt, &st, zp, axis, lo, hi, q, out_dtype, o,
                            )
                        },
                    );
                }
            }
        }
    }
}

/// One embedding call on random weights: `bits` 8 or 4, `groups` scales per row.
fn embedding_case(rng: &mut Rng, bits: u32, w_dt: ScalarType, groups: usize, cols: usize) {
    let rows = 1 + rng.below(9);
    let per = (8 / bits) as usize;
    let packed = cols / per;
    let w = buf_of(
        w_dt,
        &(0..rows * packed)
            .map(|_| match w_dt {
                Byte => rng.below(256) as f64,
                _ => rng.below(256) as f64 - 128.0,
            })
            .collect::<Vec<_>>(),
    );
    let wt = w.tensor(w_dt, &[rows, packed], &[0, 1]);
    let sdt = [Float, Half, BFloat16][rng.below(3)];
    let s: Vec<f64> = (0..rows * groups)
        .map(|_| [0.5, 0.013, 3.0, 1e-5, 70000.0][rng.below(5)])
        .collect();
    let z: Vec<f64> = (0..rows * groups)
        .map(|_| [0.0, 0.5, -3.25, 1e-3][rng.below(4)])
        .collect();
    let (sb, zb) = (buf_of(sdt, &s), buf_of(sdt, &z));
    let two_d = groups > 1 || rng.below(2) == 0;
    let ssizes: Vec<usize> = if two_d {
        vec![rows, groups]
    } else {
        vec![rows]
    };
    let sorder: Vec<usize> = (0..ssizes.len()).collect();
    let (st, zt) = (
        sb.tensor(sdt, &ssizes, &sorder),
        zb.tensor(sdt, &ssizes, &sorder),
    );
    let zp = if rng.below(3) == 0 { None } else { Some(&zt) };
    let idt = [Long, Int][rng.below(2)];
    let isizes: Vec<usize> = [vec![5], vec![2, 3], vec![], vec![0]][rng.below(4)].clone();
    let ni: usize = isizes.iter().product();
    let bad = rng.below(10) == 0;
    let idx = buf_of(
        idt,
        &(0..ni)
            .map(|_| {
                if bad {
                    rows as f64
                } else {
                    rng.below(rows) as f64
                }
            })
            .collect::<Vec<_>>(),
    );
    let iorder: Vec<usize> = (0..isizes.len()).collect();
    let it = idx.tensor(idt, &isizes, &iorder);
    let dtype = [None, Some(Float), Some(Half), Some(BFloat16)][rng.below(4)];
    let out_dt = dtype.unwrap_or(sdt);
    let mut osizes = isizes.clone();
    osizes.push(cols);
    let oorder: Vec<usize> = (0..osizes.len()).collect();
    let (qmin, qmax) = if bits == 4 { (-8, 7) } else { (-128, 127) };
    let what = format!(
        "embedding_{bits} {w_dt}[{rows}, {packed}] scales {sdt}{ssizes:?} zp {} idx {idt}{isizes:?} dtype {dtype:?}",
        zp.is_some()
    );
    let (opt_dtype, ref_dtype, opt_plain, ref_plain): (
        EmbeddingDtypeFn,
        EmbeddingDtypeFn,
        EmbeddingFn,
        EmbeddingFn,
    ) = if bits == 8 {
        (
            opt::embedding_byte::embedding_byte_dtype_out,
            reference::embedding_byte::embedding_byte_dtype_out,
            opt::embedding_byte::embedding_byte_out,
            reference::embedding_byte::embedding_byte_out,
        )
    } else {
        (
            opt::embedding_4bit::embedding_4bit_dtype_out,
            reference::embedding_4bit::embedding_4bit_dtype_out,
            opt::embedding_4bit::embedding_4bit_out,
            reference::embedding_4bit::embedding_4bit_out,
        )
    };
    check(
        &what,
        out_dt,
        &osizes,
        &oorder,
        &|c, o| opt_dtype(c, &wt, &st, zp, qmin, qmax, &it, dtype, o),
        &|c, o| ref_dtype(c, &wt, &st, zp, qmin, qmax, &it, dtype, o),
    );
    if dtype.is_none() {
        check(
            &what,
            out_dt,
            &osizes,
            &oorder,
            &|c, o| opt_plain(c, &wt, &st, zp, qmin, qmax, &it, o),
            &|c, o| ref_plain(c, &wt, &st, zp, qmin, qmax, &it, o),
        );
    }
}

#[test]
fn embeddings_match_reference() {
    let mut rng = Rng(0x5151_2727_abab_9090);
    for _ in 0..40 {
        for (groups, cols) in [
            (1, 8),
            (1, 64),
            (2, 64),
            (4, 96),
            (1, 6),
            (3, 36),
            (8, 256),
            (1, 2),
            (2, 20),
            (2, 6),
        ] {
            let w8 = [Byte, Char][rng.below(2)];
            embedding_case(&mut rng, 8, w8, groups, cols);
            let w4 = [Byte, Byte, Char][rng.below(3)];
            embedding_case(&mut rng, 4, w4, groups, cols);
        }
    }
}
