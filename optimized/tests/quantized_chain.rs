//! The fused quantized chains (`etk_optimized::quantized::chain`) against the same chains run
//! op by op on the library's kernels: `dequantize_per_tensor → convolution / addmm / mm →
//! [relu] → quantize_per_tensor`, on random geometries (strides, padding, dilation, groups,
//! batches, sizes that leave panel tails), int8 and uint8 activations and outs, random zero
//! points and scales, weights that are symmetric int8 per channel times their scales, in
//! contiguous and channels-last layouts, at every ISA level the machine has and every way of
//! computing the dot products.
//!
//! What must hold (see the module docs of `chain`):
//! - every quantized out within one step of the op-by-op chain, and the steps rare;
//! - the same bits at every level and every way (the int8 sums are exact);
//! - bit-identical to the op-by-op chain when the Float chain is exact (power-of-two scales);
//! - a call with other shapes than prepared runs the ops one by one (same bits, same errors);
//! - weights that are not int8 times a per-channel scale are not fused.

use etk_core::prepare::{Chain, Known};
use etk_core::registry::BoxedKernel;
use etk_core::{EValue, KernelContext, OwnedTensor, PreparedKernel, ScalarType, Serial, Tensor};
use etk_optimized::ops::{
    addmm, convolution, dequantize_per_tensor as dqt, mm, quantize_per_tensor as qt, relu,
};
use etk_optimized::quantized::chain::fuse_quantized;
use etk_optimized::quantized::dot::{Way, with_way};
use etk_simd::{Level, with_level};

use Known::{Constant, Shape};
use ScalarType::{Byte, Char, Float};

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
    /// A scale: a power of two in `[2^-6, 2^-2]` when `pow2`, else log-uniform over a few
    /// decades.
    fn scale(&mut self, pow2: bool) -> f64 {
        if pow2 {
            2f64.powi(-(self.below(5) as i32) - 2)
        } else {
            10f64.powf(-3.0 + 2.5 * self.unit())
        }
    }
}

/// The quantization of one tensor: dtype, scale, zero point, bounds.
#[derive(Clone, Copy, Debug)]
struct QParams {
    dtype: ScalarType,
    scale: f64,
    zp: i64,
    lo: i64,
    hi: i64,
}

impl QParams {
    fn random(rng: &mut Rng, pow2: bool) -> QParams {
        let dtype = [Char, Byte][rng.below(2)];
        let (lo, hi) = if dtype == Char { (-128, 127) } else { (0, 255) };
        let zp = lo + rng.below((hi - lo + 1) as usize) as i64;
        QParams {
            dtype,
            scale: rng.scale(pow2),
            zp,
            lo,
            hi,
        }
    }
}

fn q_tensor(rng: &mut Rng, q: QParams, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let n: usize = sizes.iter().product();
    let v: Vec<i64> = (0..n)
        .map(|_| q.lo + rng.below((q.hi - q.lo + 1) as usize) as i64)
        .collect();
    let mut t = OwnedTensor::with_capacity(q.dtype, sizes, order, 0).unwrap();
    t.fill_logical::<i64>(&v);
    t
}

fn zeros(dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap()
}

/// Weights `[rows, ...]` (logical order, `per_row` each): symmetric int8 per row times a
/// scale per row, the largest magnitude of each row 127 or -128 (as an observer makes them).
fn weights(rng: &mut Rng, rows: usize, per_row: usize, pow2: bool) -> Vec<f32> {
    let mut w = Vec::with_capacity(rows * per_row);
    for _ in 0..rows {
        let s = if pow2 {
            rng.scale(true) as f32
        } else {
            (rng.scale(false) * 0.1) as f32
        };
        let at = rng.below(per_row);
        let top = [127i32, -127, -128][rng.below(3)];
        for i in 0..per_row {
            let q = if i == at {
                top
            } else {
                rng.below(255) as i32 - 127
            };
            w.push(q as f32 * s);
        }
    }
    w
}

fn float_tensor(values: &[f32], sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let mut t = zeros(Float, sizes, order);
    t.fill_logical::<f32>(values);
    t
}

fn order(rank: usize, channels_last: bool) -> Vec<usize> {
    if channels_last && rank == 4 {
        vec![0, 2, 3, 1]
    } else {
        (0..rank).collect()
    }
}

/// One chain's tensors and arguments.
struct Case {
    x: OwnedTensor,
    xq: QParams,
    /// The second op's tensors: conv (weight, bias) or linear (mat2, bias).
    w: OwnedTensor,
    bias: Option<OwnedTensor>,
    conv: Option<ConvParams>,
    relu: bool,
    yq: QParams,
    /// The intermediates (dequantized, product, relu) and the out.
    dq: OwnedTensor,
    y: OwnedTensor,
    r: OwnedTensor,
    out: OwnedTensor,
}

#[derive(Clone, Debug)]
struct ConvParams {
    stride: Vec<i64>,
    padding: Vec<i64>,
    dilation: Vec<i64>,
    groups: i64,
}

const OUT_PAD: [i64; 2] = [0, 0];

impl Case {
    /// The chain's arguments, op by op, and what is known of each.
    fn args(&mut self) -> (Vec<EValue<'_>>, Vec<Known>, Vec<usize>) {
        let xq = self.xq;
        let yq = self.yq;
        let (dq_out, dq_in) = pair(&mut self.dq);
        let (y_out, y_in) = pair(&mut self.y);
        let (r_out, r_in) = pair(&mut self.r);
        let mut a: Vec<EValue<'_>> = Vec::new();
        let mut k = Vec::new();
        let mut starts = vec![0];
        a.extend([
            EValue::Tensor(self.x.view()),
            EValue::Double(xq.scale),
            EValue::Int(xq.zp),
            EValue::Int(xq.lo),
            EValue::Int(xq.hi),
            EValue::Int(xq.dtype.code() as i64),
            EValue::None,
            EValue::Tensor(dq_out),
        ]);
        k.extend([
            Shape, Constant, Constant, Constant, Constant, Constant, Constant, Shape,
        ]);
        starts.push(a.len());
        let bias = self.bias.as_ref().map(|b| b.view());
        match &self.conv {
            Some(c) => {
                a.extend([
                    EValue::Tensor(dq_in),
                    EValue::Tensor(self.w.view()),
                    bias.map_or(EValue::None, EValue::Tensor),
                    EValue::IntList(&c.stride),
                    EValue::IntList(&c.padding),
                    EValue::IntList(&c.dilation),
                    EValue::Bool(false),
                    EValue::IntList(&OUT_PAD),
                    EValue::Int(c.groups),
                    EValue::Tensor(y_out),
                ]);
                k.extend([
                    Shape, Constant, Constant, Constant, Constant, Constant, Constant,
                ]);
                k.extend([Constant, Constant, Shape]);
            }
            None => match bias {
                Some(b) => {
                    a.extend([
                        EValue::Tensor(b),
                        EValue::Tensor(dq_in),
                        EValue::Tensor(self.w.view()),
                        EValue::Int(1),
                        EValue::Int(1),
                        EValue::Tensor(y_out),
                    ]);
                    k.extend([Constant, Shape, Constant, Constant, Constant, Shape]);
                }
                None => {
                    a.extend([
                        EValue::Tensor(dq_in),
                        EValue::Tensor(self.w.view()),
                        EValue::Tensor(y_out),
                    ]);
                    k.extend([Shape, Constant, Shape]);
                }
            },
        }
        starts.push(a.len());
        let q_in = if self.relu {
            a.extend([EValue::Tensor(y_in), EValue::Tensor(r_out)]);
            k.extend([Shape, Shape]);
            starts.push(a.len());
            r_in
        } else {
            y_in
        };
        a.extend([
            EValue::Tensor(q_in),
            EValue::Double(yq.scale),
            EValue::Int(yq.zp),
            EValue::Int(yq.lo),
            EValue::Int(yq.hi),
            EValue::Int(yq.dtype.code() as i64),
            EValue::Tensor(self.out.view_mut().unwrap()),
        ]);
        k.extend([
            Shape, Constant, Constant, Constant, Constant, Constant, Shape,
        ]);
        starts.push(a.len());
        (a, k, starts)
    }

    fn ops(&self) -> Vec<BoxedKernel> {
        let mut ops: Vec<BoxedKernel> = vec![dqt::dequantize_per_tensor_out_boxed];
        ops.push(match (&self.conv, &self.bias) {
            (Some(_), _) => convolution::convolution_out_boxed,
            (None, Some(_)) => addmm::addmm_out_boxed,
            (None, None) => mm::mm_out_boxed,
        });
        if self.relu {
            ops.push(relu::relu_out_boxed);
        }
        ops.push(qt::quantize_per_tensor_out_boxed);
        ops
    }

    /// The out's values after the ops one by one.
    fn op_by_op(&mut self) -> Vec<i64> {
        let ops = self.ops();
        let mut scratch = vec![0u8; 16 << 20];
        let mut ctx = KernelContext::new(&mut scratch, &Serial);
        let (mut a, _, starts) = self.args();
        for (i, op) in ops.iter().enumerate() {
            op(&mut ctx, &mut a[starts[i]..starts[i + 1]]).unwrap();
        }
        drop(a);
        self.out.to_logical::<i64>()
    }

    /// Sets the out's quantization from the range of the Float results, as a calibrated
    /// observer does (else most outs would sit at the bounds, where nothing can differ).
    /// Power-of-two scales stay powers of two.
    fn calibrate(&mut self, pow2: bool) {
        self.op_by_op();
        let y = if self.relu { &self.r } else { &self.y };
        let v = y.to_logical::<f64>();
        let lo = v.iter().fold(0f64, |m, &x| m.min(x));
        let hi = v.iter().fold(0f64, |m, &x| m.max(x));
        let q = &mut self.yq;
        let mut scale = ((hi - lo) / (q.hi - q.lo) as f64).max(1e-6);
        if pow2 {
            scale = 2f64.powi(scale.log2().ceil() as i32);
        }
        q.scale = scale;
        q.zp = (q.lo as f64 - (lo / scale).round()).clamp(q.lo as f64, q.hi as f64) as i64;
    }

    /// The fused kernel, if the chain fuses.
    fn prepare(&mut self) -> Option<Box<dyn PreparedKernel>> {
        let linear = self.conv.is_none();
        let links: Vec<usize> = if !linear || self.bias.is_none() {
            vec![0; 2 + usize::from(self.relu)]
        } else {
            let mut l = vec![1];
            l.extend(vec![0; 1 + usize::from(self.relu)]);
            l
        };
        let mut names = vec![dqt::OP];
        names.push(match (&self.conv, &self.bias) {
            (Some(_), _) => convolution::OP,
            (None, Some(_)) => addmm::OP,
            (None, None) => mm::OP,
        });
        if self.relu {
            names.push(relu::OP);
        }
        names.push(qt::OP);
        let (a, k, starts) = self.args();
        let mut from = vec![None; a.len()];
        for (i, &l) in links.iter().enumerate() {
            from[starts[i + 1] + l] = Some(i);
        }
        let shares = vec![false; a.len()];
        let chain = Chain {
            ops: &names,
            args: &a,
            known: &k,
            starts: &starts,
            from: &from,
            shares: &shares,
        };
        fuse_quantized(&chain).unwrap()
    }

    /// The out's values from the fused kernel (the out cleared first).
    fn fused(&mut self, k: &mut dyn PreparedKernel, threads: usize) -> Vec<i64> {
        let (sizes, order) = (self.out.sizes().to_vec(), out_order(&self.out));
        self.out = zeros(self.out.dtype(), &sizes, &order);
        let mut scratch = vec![0u8; 16 << 20];
        let par = etk_core::ScopedThreads(threads);
        let mut ctx = KernelContext::new(&mut scratch, &par);
        let (mut a, _, _) = self.args();
        k.run(&mut ctx, &mut a).unwrap();
        drop(a);
        self.out.to_logical::<i64>()
    }
}

/// A writable view of `t` and a read-only view of the same memory: the runtime passes an
/// intermediate as one op's out and the next op's input.
fn pair(t: &mut OwnedTensor) -> (Tensor<'_>, Tensor<'_>) {
    let w = t.view_mut().unwrap();
    // SAFETY: the views cover `t`'s memory, which outlives them; the kernels use them one
    // after the other, as the runtime does.
    let bytes = unsafe { std::slice::from_raw_parts(w.as_ptr(), w.nbytes()) };
    let r = Tensor::from_bytes(w.dtype(), bytes, w.sizes(), w.dim_order()).unwrap();
    (w, r)
}

fn out_order(t: &OwnedTensor) -> Vec<usize> {
    t.view().dim_order().to_vec()
}

fn conv_case(rng: &mut Rng, pow2: bool) -> Case {
    let groups = [1, 1, 1, 2, 3][rng.below(5)];
    let wide = rng.below(4) == 0;
    // (exact Float chains need every partial sum below 2^24 grid steps: K ≤ 500 will do)
    let icg = 1 + rng.below(if wide && !pow2 { 40 } else { 8 });
    let ocg = 4 + rng.below(30);
    let (c_in, c_out) = (icg * groups, ocg * groups);
    let kh = 1 + rng.below(5);
    let kw = 1 + rng.below(5);
    let stride = [1 + rng.below(3), 1 + rng.below(3)];
    let dilation = [1 + rng.below(2), 1 + rng.below(2)];
    let padding = [rng.below(3), rng.below(3)];
    let n = 1 + rng.below(2);
    let min_h = (kh - 1) * dilation[0] + 1;
    let min_w = (kw - 1) * dilation[1] + 1;
    let h = min_h.saturating_sub(2 * padding[0]).max(1) + rng.below(14);
    let w = min_w.saturating_sub(2 * padding[1]).max(1) + rng.below(14);
    let oh = (h + 2 * padding[0] - min_h) / stride[0] + 1;
    let ow = (w + 2 * padding[1] - min_w) / stride[1] + 1;
    let cl = rng.below(3) == 0;
    let xq = QParams::random(rng, pow2);
    let yq = QParams::random(rng, pow2);
    let x = q_tensor(rng, xq, &[n, c_in, h, w], &order(4, cl));
    let wv = weights(rng, c_out, icg * kh * kw, pow2);
    let wt = float_tensor(&wv, &[c_out, icg, kh, kw], &order(4, false));
    let bias = (rng.below(4) != 0).then(|| {
        let b: Vec<f32> = (0..c_out)
            .map(|_| {
                let v = (rng.unit() - 0.5) * 4.0;
                if pow2 {
                    (v * 64.0).round() as f32 / 64.0
                } else {
                    v as f32
                }
            })
            .collect();
        float_tensor(&b, &[c_out], &[0])
    });
    let out_sizes = [n, c_out, oh, ow];
    let o = order(4, cl);
    let u = |v: [usize; 2]| v.iter().map(|&x| x as i64).collect::<Vec<_>>();
    Case {
        dq: zeros(Float, &[n, c_in, h, w], &o),
        y: zeros(Float, &out_sizes, &o),
        r: zeros(Float, &out_sizes, &o),
        out: zeros(yq.dtype, &out_sizes, &o),
        x,
        xq,
        w: wt,
        bias,
        conv: Some(ConvParams {
            stride: u(stride),
            padding: u(padding),
            dilation: u(dilation),
            groups: groups as i64,
        }),
        relu: rng.below(2) == 0,
        yq,
    }
}

fn linear_case(rng: &mut Rng, pow2: bool) -> Case {
    let tall = rng.below(3) == 0;
    let m = 1 + rng.below(if tall { 120 } else { 5 });
    let k = 1 + rng.below(300);
    let n = 1 + rng.below(70);
    let xq = QParams::random(rng, pow2);
    let yq = QParams::random(rng, pow2);
    let x = q_tensor(rng, xq, &[m, k], &[0, 1]);
    let wv = weights(rng, n, k, pow2);
    // mat2 = W^T, [k, n], as the folded permute_copy leaves it.
    let mut wt = vec![0f32; k * n];
    for r in 0..n {
        for i in 0..k {
            wt[i * n + r] = wv[r * k + i];
        }
    }
    let mat2 = float_tensor(&wt, &[k, n], &[0, 1]);
    let bias = (rng.below(3) != 0).then(|| {
        let b: Vec<f32> = (0..n).map(|_| ((rng.unit() - 0.5) * 2.0) as f32).collect();
        if rng.below(2) == 0 {
            float_tensor(&b, &[n], &[0])
        } else {
            float_tensor(&b, &[1, n], &[0, 1])
        }
    });
    Case {
        dq: zeros(Float, &[m, k], &[0, 1]),
        y: zeros(Float, &[m, n], &[0, 1]),
        r: zeros(Float, &[m, n], &[0, 1]),
        out: zeros(yq.dtype, &[m, n], &[0, 1]),
        x,
        xq,
        w: mat2,
        bias,
        conv: None,
        relu: rng.below(2) == 0,
        yq,
    }
}

/// Every way of computing the dot products at `level`.
fn ways(level: Level) -> Vec<Way> {
    let mut w = vec![Way::Wide];
    if level != etk_simd::Isa::Scalar {
        w.push(Way::Madd);
    }
    if Way::best(level) == Way::Vnni {
        w.push(Way::Vnni);
    }
    w
}

/// Runs `cases` cases of `make`: within one step of the op-by-op chain at every level (the
/// same bits at every level), bit-identical when `pow2`. Returns (elements, steps).
fn check(seed: u64, cases: usize, pow2: bool, make: fn(&mut Rng, bool) -> Case) -> (usize, usize) {
    let mut rng = Rng(seed);
    let (mut total, mut off) = (0, 0);
    let mut fused_cases = 0;
    for c in 0..cases {
        let mut case = make(&mut rng, pow2);
        case.calibrate(pow2);
        let mut first: Option<Vec<i64>> = None;
        for &level in Level::available_levels() {
            with_level(level, || {
                let want = case.op_by_op();
                let Some(mut k) = case.prepare() else {
                    return;
                };
                let got = case.fused(k.as_mut(), 1 + c % 2);
                assert_eq!(got.len(), want.len());
                for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                    assert!(
                        (g - w).abs() <= 1,
                        "case {c} at {level}: element {i}: fused {g}, op by op {w} ({:?} {:?} relu {})",
                        case.xq,
                        case.yq,
                        case.relu
                    );
                    if pow2 {
                        assert_eq!(g, w, "case {c} at {level}: element {i} (exact scales)");
                    }
                }
                if level == Level::detected() {
                    total += got.len();
                    off += got.iter().zip(&want).filter(|(g, w)| g != w).count();
                    fused_cases += 1;
                }
                match &first {
                    None => first = Some(got),
                    Some(f) => {
                        assert_eq!(f, &got, "case {c}: {level} differs from the scalar level")
                    }
                }
            });
        }
    }
    assert!(
        fused_cases * 10 >= cases * 9,
        "only {fused_cases} of {cases} cases fused"
    );
    (total, off)
}

#[test]
fn fused_convolution_chains_are_within_one_step_of_the_ops_one_by_one() {
    let (total, off) = check(0x5eed_00c0, 60, false, conv_case);
    eprintln!(
        "convolution chains: {off} of {total} quantized outs one step off the op-by-op chain"
    );
    // a step needs the Float chain's rounding error to cross a rounding boundary: rare.
    assert!(off * 200 <= total, "{off} of {total} outs off");
}

#[test]
fn fused_convolution_chains_are_exact_where_the_float_chain_is() {
    check(0x5eed_00c1, 30, true, conv_case);
}

#[test]
fn fused_linear_chains_are_within_one_step_of_the_ops_one_by_one() {
    let (total, off) = check(0x5eed_0011, 80, false, linear_case);
    eprintln!("linear chains: {off} of {total} quantized outs one step off the op-by-op chain");
    assert!(off * 200 <= total, "{off} of {total} outs off");
}

#[test]
fn fused_linear_chains_are_exact_where_the_float_chain_is() {
    check(0x5eed_0012, 40, true, linear_case);
}

#[test]
fn every_way_of_computing_the_dot_products_gives_the_same_bits() {
    // the ways a level does not have fall to the next one down: each way at each level.
    let mut rng = Rng(0x5eed_00d0);
    for c in 0..12 {
        let mut case = if c % 2 == 0 {
            conv_case(&mut rng, false)
        } else {
            linear_case(&mut rng, false)
        };
        let mut k = case.prepare().expect("fuses");
        let want = case.fused(k.as_mut(), 1);
        for &level in Level::available_levels() {
            for way in ways(level) {
                let got = with_level(level, || with_way(way, || case.fused(k.as_mut(), 1)));
                assert_eq!(got, want, "case {c}: {level} {way:?}");
            }
        }
    }
}

#[test]
fn calls_of_other_shapes_run_the_ops_one_by_one() {
    let mut rng = Rng(0x5eed_00e0);
    let mut case = conv_case(&mut rng, false);
    let mut k = case.prepare().expect("fuses");
    // another input shape (one more row): not what was prepared.
    let s = case.x.sizes().to_vec();
    let grown = [s[0], s[1], s[2] + 1, s[3]];
    case.x = q_tensor(&mut rng, case.xq, &grown, &[0, 1, 2, 3]);
    case.dq = zeros(Float, &grown, &[0, 1, 2, 3]);
    let want = {
        let ops = case.ops();
        let mut scratch = vec![0u8; 16 << 20];
        let mut ctx = KernelContext::new(&mut scratch, &Serial);
        let (mut a, _, starts) = case.args();
        let mut r = Ok(());
        for (i, op) in ops.iter().enumerate() {
            r = r.and_then(|()| op(&mut ctx, &mut a[starts[i]..starts[i + 1]]));
        }
        r.map_err(|e| format!("{e}"))
    };
    let mut scratch = vec![0u8; 16 << 20];
    let mut ctx = KernelContext::new(&mut scratch, &Serial);
    let (mut a, _, _) = case.args();
    let got = k.run(&mut ctx, &mut a).map_err(|e| format!("{e}"));
    assert_eq!(got, want);
}

#[test]
fn weights_that_are_not_int8_times_a_scale_do_not_fuse() {
    let mut rng = Rng(0x5eed_00f0);
    let mut case = linear_case(&mut rng, false);
    let mut v = case.w.to_logical::<f32>();
    v[0] *= 1.0 + f32::EPSILON * 3.0;
    v[0] += 1e-3;
    case.w = float_tensor(&v, case.w.sizes(), &[0, 1]);
    assert!(case.prepare().is_none());
}

/// The Float chain's answer in exact arithmetic for a linear case: the dequantized f32 values
/// multiplied and summed in f64 (exact products, sums far below an f32 ulp off), rounded to
/// f32 once, then relu and the quantize as the kernels compute them.
fn ideal_linear(case: &Case) -> Vec<i64> {
    let x = case.x.to_logical::<f64>();
    let w = case.w.to_logical::<f64>();
    let (m, k, n) = (case.x.sizes()[0], case.x.sizes()[1], case.w.sizes()[1]);
    let sx = case.xq.scale as f32;
    let xf: Vec<f64> = x
        .iter()
        .map(|&v| ((v as f32 - case.xq.zp as f32) * sx) as f64)
        .collect();
    let b = case.bias.as_ref().map(|b| b.to_logical::<f64>());
    let q = case.yq;
    let inv = (1.0 / q.scale) as f32;
    let mut out = Vec::with_capacity(m * n);
    for i in 0..m {
        for j in 0..n {
            let mut y = b.as_ref().map_or(0.0, |b| b[j]);
            for t in 0..k {
                y += xf[i * k + t] * w[t * n + j];
            }
            let mut y = y as f32;
            if case.relu && y < 0.0 {
                y = 0.0;
            }
            let r = (y * inv).round_ties_even() + q.zp as f32;
            out.push(r.clamp(q.lo as f32, q.hi as f32) as i64);
        }
    }
    out
}

/// The measurement quoted in docs/coverage.md (run by hand: `cargo test --release -p
/// etk-optimized --test quantized_chain -- --ignored --nocapture`): how often the fused int8
/// result, the op-by-op Float chain and the exactly computed chain disagree, on calibrated
/// linear chains (K up to 2,048) and convolution chains.
#[test]
#[ignore]
fn measure_how_often_the_fused_chains_differ() {
    let mut rng = Rng(0x00c0_ffee);
    let (mut total, mut fused_vs_ops, mut ops_vs_ideal, mut fused_vs_ideal) = (0, 0, 0, 0);
    for _ in 0..400 {
        let mut case = linear_case(&mut rng, false);
        // wider products than the tests': K up to 2,048.
        let k = 1 + rng.below(2048);
        let (m, n) = (case.x.sizes()[0], case.w.sizes()[1]);
        case.x = q_tensor(&mut rng, case.xq, &[m, k], &[0, 1]);
        let wv = weights(&mut rng, n, k, false);
        let mut wt = vec![0f32; k * n];
        for r in 0..n {
            for i in 0..k {
                wt[i * n + r] = wv[r * k + i];
            }
        }
        case.w = float_tensor(&wt, &[k, n], &[0, 1]);
        case.dq = zeros(Float, &[m, k], &[0, 1]);
        case.calibrate(false);
        let ops = case.op_by_op();
        let mut kern = case.prepare().expect("fuses");
        let fused = case.fused(kern.as_mut(), 1);
        let ideal = ideal_linear(&case);
        total += ops.len();
        for ((f, o), i) in fused.iter().zip(&ops).zip(&ideal) {
            fused_vs_ops += usize::from(f != o);
            ops_vs_ideal += usize::from(o != i);
            fused_vs_ideal += usize::from(f != i);
        }
    }
    eprintln!(
        "linear: {total} outs; fused != ops one by one: {fused_vs_ops}; ops one by one != exact: {ops_vs_ideal}; fused != exact: {fused_vs_ideal}"
    );
    let (mut total, mut off) = (0, 0);
    for _ in 0..300 {
        let mut case = conv_case(&mut rng, false);
        case.calibrate(false);
        let ops = case.op_by_op();
        let mut kern = case.prepare().expect("fuses");
        let fused = case.fused(kern.as_mut(), 1);
        total += ops.len();
        off += fused.iter().zip(&ops).filter(|(f, o)| f != o).count();
    }
    eprintln!("convolution: {total} outs; fused != ops one by one: {off}");
}
