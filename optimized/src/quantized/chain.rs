//! The quantized chains of PT2E programs, fused at prepare (`etk_core::prepare::FusionEntry`):
//!
//! ```text
//! dequantize_per_tensor → convolution        → [relu] → quantize_per_tensor
//! dequantize_per_tensor → addmm (bias) / mm  → [relu] → quantize_per_tensor
//! ```
//!
//! computed on the int8 data with `i32` sums ([`super::qgemm`]), the weights packed once. The
//! weight is a Float constant by then (its `dequantize_per_channel` ran at prepare, folded):
//! the int8 weights and per-channel scales are recovered from it, and the chain fuses only
//! when they give back every Float weight exactly (`fl(q · s) == w`, what
//! `dequantize_per_channel` of symmetric int8 weights computes), so the int8 product is the
//! Float chain's product of the same numbers.
//!
//! **Not bit-identical to the ops one by one** (unlike the library's other fusions): the
//! Float chain rounds every dequantized value, product and partial sum to f32 in its GEMM's
//! order, the int8 path sums exactly and rounds once; a quantized out then differs where the
//! Float chain's rounding error crosses a rounding boundary of the quantize — by one step,
//! rarely (measured in `docs/coverage.md`). Where the Float chain is exact (power-of-two
//! scales, sums below 2^24, a bias on the grid) both are exact and agree. The int8 result is
//! the same at every ISA level, which the Float chain's (its GEMM's blocking differs per
//! level) is not.
//!
//! A call the fused kernel was not prepared for (other shapes or dtypes) runs the ops one by
//! one, through the library's own kernels, with their errors.

use super::dot::Way;
use super::qconv::{Act, Geometry, QConv, QLinear, RowParams, Strides4};
use super::qgemm::{PackedW, Requant};
use crate::ops::{
    addmm, convolution, dequantize_per_tensor as dqt, mm, quantize_per_tensor as qt, relu,
};
use etk_core::prepare::{Chain, Known};
use etk_core::registry::BoxedKernel;
use etk_core::{EValue, KernelContext, PreparedKernel, Result, ScalarType, Tensor};
use etk_portable::ops::convolution as portable_conv;
use etk_quantized::ops::dequantize_per_tensor::check_dequant_input;
use etk_quantized::util::check_qparams;

/// `dequantize_per_tensor`'s arguments that matter: the activations' form and scale.
struct Dequant {
    act: Act,
    scale: f32,
}

/// The fused chain's first op (`dequantize_per_tensor.out`: input, scale, zero_point,
/// quant_min, quant_max, dtype, out_dtype, out) if it dequantizes `i8` / `u8` data of a
/// static shape to Float with constant parameters.
fn dequant(args: &[EValue<'_>], known: &[Known]) -> Option<Dequant> {
    let [
        EValue::Tensor(x),
        EValue::Double(scale),
        EValue::Int(zp),
        EValue::Int(qmin),
        EValue::Int(qmax),
        EValue::Int(dtype),
        out_dtype,
        EValue::Tensor(out),
    ] = args
    else {
        return None;
    };
    let dtype = ScalarType::from_code(*dtype)?;
    let constant = known[1..7].iter().all(|k| *k == Known::Constant);
    let float_out = match out_dtype {
        EValue::None => true,
        EValue::Int(t) => ScalarType::from_code(*t) == Some(ScalarType::Float),
        _ => false,
    };
    if !constant || known[0] == Known::Dynamic || !float_out || out.dtype() != ScalarType::Float {
        return None;
    }
    check_dequant_input(dqt::OP, x, *qmin, *qmax, dtype).ok()?;
    let (flip, offset) = match dtype {
        ScalarType::Char => (0x80u8, zp.checked_add(128)?),
        ScalarType::Byte => (0, *zp),
        _ => return None,
    };
    let scale = *scale as f32;
    Some(Dequant {
        act: Act {
            flip,
            offset: u8::try_from(offset).ok()?,
        },
        scale: (scale.is_finite() && scale > 0.0).then_some(scale)?,
    })
}

/// The chain's last op (`quantize_per_tensor.out`: input, scale, zero_point, quant_min,
/// quant_max, dtype, out) as f32 constants, `relu` folded into the lower bound (`rint` is
/// monotone and `rint(0) + zp = zp`), and the out's dtype.
fn quant(args: &[EValue<'_>], known: &[Known], relu: bool) -> Option<(Requant, ScalarType)> {
    let [
        EValue::Tensor(_),
        EValue::Double(scale),
        EValue::Int(zp),
        EValue::Int(qmin),
        EValue::Int(qmax),
        EValue::Int(dtype),
        EValue::Tensor(out),
    ] = args
    else {
        return None;
    };
    let dtype = ScalarType::from_code(*dtype)?;
    if !known[1..6].iter().all(|k| *k == Known::Constant)
        || !matches!(dtype, ScalarType::Char | ScalarType::Byte)
        || out.dtype() != dtype
    {
        return None;
    }
    check_qparams(qt::OP, *qmin, *qmax, dtype).ok()?;
    // as the reference computes them (`etk_quantized::ops::quantize_per_tensor`).
    let inv = (1.0 / *scale) as f32;
    let (zp, lo, hi) = (*zp as f32, *qmin as f32, *qmax as f32);
    let lo = if relu && zp > lo { zp } else { lo };
    inv.is_finite()
        .then_some((Requant { inv, zp, lo, hi }, dtype))
}

/// `w = fl(q · s)` for every weight of a row (`w(i)`, `i < k`), with `q` in `[-128, 127]`
/// into `q`, one `s ≥ 0`: what `dequantize_per_channel` of symmetric int8 weights gives,
/// recovered. `s` is within a few ulps of `m / j` for the magnitude `m` of any nonzero weight
/// and its integer `j ≤ 128`: first the largest magnitude over 127 and 128 (the scale an
/// observer sets), then the smallest over every `j` (a scale clamped to the observer's
/// minimum leaves the largest below 127). Every candidate is checked on every weight.
fn factor_row(k: usize, w: impl Fn(usize) -> f32, q: &mut [i8]) -> Option<f32> {
    let (mut amax, mut amin) = (0f32, f32::INFINITY);
    for i in 0..k {
        let v = w(i);
        if !v.is_finite() {
            return None;
        }
        amax = amax.max(v.abs());
        if v != 0.0 {
            amin = amin.min(v.abs());
        }
    }
    if amax == 0.0 {
        q[..k].fill(0);
        return Some(0.0);
    }
    let fits = |s: f32, q: &mut [i8]| {
        (0..k).all(|i| {
            let v = w(i);
            let r = (v / s).round_ties_even();
            let ok = (-128.0..=127.0).contains(&r) && r * s == v;
            if ok {
                q[i] = r as i8;
            }
            ok
        })
    };
    let bases = [amax / 127.0, amax / 128.0]
        .into_iter()
        .chain((1..=128).map(|j| amin / j as f32));
    for s0 in bases {
        for d in [0i32, -1, 1, -2, 2] {
            let s = f32::from_bits(s0.to_bits().wrapping_add_signed(d));
            if s.is_finite() && s > 0.0 && fits(s, q) {
                return Some(s);
            }
        }
    }
    None
}

/// Packs `rows × k` Float weights (`w(r, i)`) recovered as int8 ([`factor_row`]), with the
/// per-row constants for activations of scale `sx` and offset `act.offset`, and the bias.
fn weights(
    rows: usize,
    k: usize,
    w: impl Fn(usize, usize) -> f32,
    sx: f32,
    act: Act,
    bias: impl Fn(usize) -> f32,
) -> Option<(PackedW, RowParams)> {
    let mut q = vec![0i8; rows * k];
    let mut scale = Vec::with_capacity(rows);
    for r in 0..rows {
        let s = factor_row(k, |i| w(r, i), &mut q[r * k..(r + 1) * k])?;
        scale.push(sx * s);
    }
    let packed = PackedW::new(rows, k, |r, i| q[r * k + i]);
    let corr = (0..rows)
        .map(|r| i32::from(act.offset).checked_mul(packed.sums[r]))
        .collect::<Option<Vec<_>>>()?;
    let bias = (0..rows).map(bias).collect::<Vec<_>>();
    if !bias.iter().all(|b| b.is_finite()) {
        return None;
    }
    Some((packed, RowParams { corr, scale, bias }))
}

/// What the fused kernel computes.
enum Compute {
    Conv(QConv),
    Linear(QLinear),
}

/// A fused chain: the int8 computation, the shapes it was prepared for, and the ops to run one
/// by one for any other call.
struct Fused {
    compute: Compute,
    /// The input's and the out's dtype and sizes at prepare.
    x: (ScalarType, Vec<usize>),
    out: (ScalarType, Vec<usize>),
    starts: Vec<usize>,
    ops: &'static [BoxedKernel],
}

impl Fused {
    /// The int8 computation, or `None` for a call it was not prepared for.
    fn fast(&self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Option<Result<()>> {
        let (first, rest) = args.split_first_mut()?;
        let (EValue::Tensor(x), Some(EValue::Tensor(out))) = (first, rest.last_mut()) else {
            return None;
        };
        let same = |t: &Tensor<'_>, (dt, sizes): &(ScalarType, Vec<usize>)| {
            t.dtype() == *dt && t.sizes() == &sizes[..]
        };
        if !same(x, &self.x) || !same(out, &self.out) {
            return None;
        }
        let level = etk_simd::level();
        let way = Way::current(level);
        let op = qt::OP;
        let dst = match out.as_mut_ptr(op, "out") {
            Ok(p) => p,
            Err(e) => return Some(Err(e)),
        };
        let (xs, os) = (x.strides(), out.strides());
        let KernelContext {
            scratch, parallel, ..
        } = ctx;
        let parallel: &dyn etk_core::Parallel = *parallel;
        scratch.scope(|scratch| {
            // SAFETY: the tensors have the prepared dtypes and sizes (so the computation reads
            // and writes inside them at their strides); the input is read wholly before the out
            // is written (convolution: into its phases; linear: into packed panels), so they
            // may overlap.
            unsafe {
                match &self.compute {
                    Compute::Conv(c) => {
                        let four = |s: &[usize]| -> Strides4 { [s[0], s[1], s[2], s[3]] };
                        let (xp, xs, os) = (x.as_ptr(), four(xs), four(os));
                        Some(c.run(scratch, parallel, level, way, xp, xs, dst, os))
                    }
                    Compute::Linear(l) => {
                        let m = x.size(0);
                        let (xs, os) = ([xs[0], xs[1]], [os[0], os[1]]);
                        Some(l.run(scratch, level, way, m, x.as_ptr(), xs, dst, os))
                    }
                }
            }
        })
    }
}

impl PreparedKernel for Fused {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        if let Some(r) = self.fast(ctx, args) {
            return r;
        }
        for (i, op) in self.ops.iter().enumerate() {
            op(ctx, &mut args[self.starts[i]..self.starts[i + 1]])?;
        }
        Ok(())
    }
}

/// A constant Float tensor argument.
fn constant<'c, 'a>(arg: &'c EValue<'a>, known: Known) -> Option<&'c Tensor<'a>> {
    match arg {
        EValue::Tensor(t) if known == Known::Constant && t.dtype() == ScalarType::Float => Some(t),
        _ => None,
    }
}

fn tensor_of<'c, 'a>(arg: &'c EValue<'a>) -> Option<&'c Tensor<'a>> {
    match arg {
        EValue::Tensor(t) => Some(t),
        _ => None,
    }
}

fn fused(
    chain: &Chain<'_, '_>,
    compute: Compute,
    ops: &'static [BoxedKernel],
) -> Option<Box<dyn PreparedKernel>> {
    let x = tensor_of(&chain.op_args(0)[0])?;
    let last = chain.op_args(chain.len() - 1);
    let out = tensor_of(last.last()?)?;
    Some(Box::new(Fused {
        compute,
        x: (x.dtype(), x.sizes().to_vec()),
        out: (out.dtype(), out.sizes().to_vec()),
        starts: chain.starts.to_vec(),
        ops,
    }))
}

/// `dequantize → convolution → [relu →] quantize`, `relu` when the chain has four ops.
fn conv_chain(chain: &Chain<'_, '_>) -> Option<Box<dyn PreparedKernel>> {
    let relu = chain.len() == 4;
    let dq = dequant(chain.op_args(0), chain.op_known(0))?;
    let (ca, ck) = (chain.op_args(1), chain.op_known(1));
    let [
        EValue::Tensor(input),
        weight,
        bias,
        EValue::IntList(stride),
        EValue::IntList(padding),
        EValue::IntList(dilation),
        EValue::Bool(false),
        EValue::IntList(output_padding),
        EValue::Int(groups),
        EValue::Tensor(_),
    ] = ca
    else {
        return None;
    };
    if chain.link(1) != Some(0) || !ck[3..9].iter().all(|k| *k == Known::Constant) {
        return None;
    }
    let weight = constant(weight, ck[1])?;
    let bias = match bias {
        EValue::None => None,
        b => Some(constant(b, ck[2])?),
    };
    let params = [*stride, *padding, *dilation, *output_padding];
    let geo = portable_conv::check(input, weight, bias, params, false, *groups).ok()?;
    if input.dim() != 4 || input.dtype() != ScalarType::Float {
        return None;
    }
    let sp = |v: [isize; 3]| -> Option<[usize; 2]> {
        Some([usize::try_from(v[1]).ok()?, usize::try_from(v[2]).ok()?])
    };
    let g = Geometry {
        batch: geo.n,
        c_in: geo.icg * geo.groups,
        h: geo.ins[1],
        w: geo.ins[2],
        c_out: geo.ocg * geo.groups,
        oh: geo.outs[1],
        ow: geo.outs[2],
        kh: geo.ks[1],
        kw: geo.ks[2],
        stride: sp(geo.stride)?,
        pad: sp(geo.padding)?,
        dil: sp(geo.dilation)?,
        groups: geo.groups,
    };
    // Depthwise-like convolutions (one output channel per group) would use an eighth of the
    // micro-tile's rows: left to the Float chain's depthwise kernel. No output: nothing to do.
    if (g.groups > 1 && geo.ocg < 4) || g.oh * g.ow == 0 || g.k() == 0 || g.stride.contains(&0) {
        return None;
    }
    let (relu_ok, q_at) = if relu {
        let ra = chain.op_args(2);
        (
            matches!(ra, [EValue::Tensor(t), EValue::Tensor(o)]
                if t.dtype() == ScalarType::Float && o.dtype() == ScalarType::Float),
            3,
        )
    } else {
        (true, 2)
    };
    let (rq, _) = quant(chain.op_args(q_at), chain.op_known(q_at), relu)?;
    if !relu_ok {
        return None;
    }
    let ws = weight.strides();
    let (icg, kh, kw) = (g.c_in / g.groups, g.kh, g.kw);
    let w_at = |oc: usize, k: usize| {
        let (ic, t) = (k / (kh * kw), k % (kh * kw));
        let off = oc * ws[0] + ic * ws[1] + (t / kw) * ws[2] + (t % kw) * ws[3];
        weight.read::<f32>(off).unwrap_or(f32::NAN)
    };
    let bias_at = |oc: usize| {
        bias.map_or(0.0, |b| {
            b.read::<f32>(oc * b.strides()[0]).unwrap_or(f32::NAN)
        })
    };
    let ocg = g.c_out / g.groups;
    let mut packed = Vec::with_capacity(g.groups);
    let mut rows = RowParams {
        corr: Vec::new(),
        scale: Vec::new(),
        bias: Vec::new(),
    };
    for gi in 0..g.groups {
        let o0 = gi * ocg;
        let (p, r) = weights(
            ocg,
            icg * kh * kw,
            |r, k| w_at(o0 + r, k),
            dq.scale,
            dq.act,
            |r| bias_at(o0 + r),
        )?;
        packed.push(p);
        rows.corr.extend(r.corr);
        rows.scale.extend(r.scale);
        rows.bias.extend(r.bias);
    }
    let compute = Compute::Conv(QConv {
        geo: g,
        weights: packed,
        rows,
        rq,
        act: dq.act,
    });
    let ops: &'static [BoxedKernel] = if relu { &CONV_RELU_OPS } else { &CONV_OPS };
    fused(chain, compute, ops)
}

static CONV_OPS: [BoxedKernel; 3] = [
    dqt::dequantize_per_tensor_out_boxed,
    convolution::convolution_out_boxed,
    qt::quantize_per_tensor_out_boxed,
];
static CONV_RELU_OPS: [BoxedKernel; 4] = [
    dqt::dequantize_per_tensor_out_boxed,
    convolution::convolution_out_boxed,
    relu::relu_out_boxed,
    qt::quantize_per_tensor_out_boxed,
];
static ADDMM_OPS: [BoxedKernel; 3] = [
    dqt::dequantize_per_tensor_out_boxed,
    addmm::addmm_out_boxed,
    qt::quantize_per_tensor_out_boxed,
];
static ADDMM_RELU_OPS: [BoxedKernel; 4] = [
    dqt::dequantize_per_tensor_out_boxed,
    addmm::addmm_out_boxed,
    relu::relu_out_boxed,
    qt::quantize_per_tensor_out_boxed,
];
static MM_OPS: [BoxedKernel; 3] = [
    dqt::dequantize_per_tensor_out_boxed,
    mm::mm_out_boxed,
    qt::quantize_per_tensor_out_boxed,
];
static MM_RELU_OPS: [BoxedKernel; 4] = [
    dqt::dequantize_per_tensor_out_boxed,
    mm::mm_out_boxed,
    relu::relu_out_boxed,
    qt::quantize_per_tensor_out_boxed,
];

/// Whether `s` is the Scalar 1 (of any kind).
fn is_one(s: &EValue<'_>) -> bool {
    matches!(s, EValue::Int(1) | EValue::Bool(true)) || matches!(s, EValue::Double(d) if *d == 1.0)
}

/// `dequantize → addmm / mm → [relu →] quantize`: `mm` when the second op has three
/// arguments (`self`, `mat2`, out), `addmm` (bias, `mat1`, `mat2`, beta = 1, alpha = 1, out)
/// otherwise.
fn linear_chain(chain: &Chain<'_, '_>) -> Option<Box<dyn PreparedKernel>> {
    let relu = chain.len() == 4;
    let dq = dequant(chain.op_args(0), chain.op_known(0))?;
    let (la, lk) = (chain.op_args(1), chain.op_known(1));
    let is_mm = la.len() == 3;
    let (x, mat2, bias) = match (la, lk) {
        ([EValue::Tensor(x), mat2, EValue::Tensor(_)], [_, km, _]) if chain.link(1) == Some(0) => {
            (x, constant(mat2, *km)?, None)
        }
        (
            [
                bias,
                EValue::Tensor(x),
                mat2,
                beta,
                alpha,
                EValue::Tensor(_),
            ],
            [kb, _, km, kbeta, kalpha, _],
        ) if chain.link(1) == Some(1)
            && is_one(beta)
            && is_one(alpha)
            && *kbeta == Known::Constant
            && *kalpha == Known::Constant =>
        {
            (x, constant(mat2, *km)?, Some(constant(bias, *kb)?))
        }
        _ => return None,
    };
    if x.dim() != 2 || mat2.dim() != 2 || x.dtype() != ScalarType::Float {
        return None;
    }
    let (k, n) = (mat2.size(0), mat2.size(1));
    if x.size(1) != k || k == 0 || n == 0 {
        return None;
    }
    // a bias per output feature: `[n]` or `[1, n]`.
    let bias_at = match bias {
        None => None,
        Some(b) => {
            let ok = (b.dim() == 1 && b.size(0) == n) || (b.dim() == 2 && b.sizes() == [1, n]);
            if !ok {
                return None;
            }
            Some((b, b.strides()[b.dim() - 1]))
        }
    };
    let q_at = if relu { 3 } else { 2 };
    if relu
        && !matches!(chain.op_args(2), [EValue::Tensor(t), EValue::Tensor(o)]
            if t.dtype() == ScalarType::Float && o.dtype() == ScalarType::Float)
    {
        return None;
    }
    let (rq, _) = quant(chain.op_args(q_at), chain.op_known(q_at), relu)?;
    let ms = mat2.strides();
    let (p, rows) = weights(
        n,
        k,
        |r, i| mat2.read::<f32>(i * ms[0] + r * ms[1]).unwrap_or(f32::NAN),
        dq.scale,
        dq.act,
        |r| bias_at.map_or(0.0, |(b, s)| b.read::<f32>(r * s).unwrap_or(f32::NAN)),
    )?;
    let compute = Compute::Linear(QLinear {
        k,
        n,
        weights: p,
        rows,
        rq,
        act: dq.act,
    });
    let ops: &'static [BoxedKernel] = match (is_mm, relu) {
        (true, false) => &MM_OPS,
        (true, true) => &MM_RELU_OPS,
        (false, false) => &ADDMM_OPS,
        (false, true) => &ADDMM_RELU_OPS,
    };
    fused(chain, compute, ops)
}

/// Why the quantized chains are not bit-identical to the ops one by one, and how far they are,
/// for `docs/coverage.md` (measured by `measure_how_often_the_fused_chains_differ` in
/// `optimized/tests/quantized_chain.rs`).
pub const DIFFERENCE: &str = "computed on the int8 data with exact `i32` sums and one f32 \
     requantization, where the ops one by one round every dequantized value, product and \
     partial sum to f32 in their GEMM's order (an order that differs per ISA level); a \
     quantized out differs where that rounding error crosses a rounding boundary of the \
     quantize, by one step. Measured on calibrated random chains (400 linear chains, K up to \
     2,048, 328,582 outs; 300 convolution chains, 339,284 outs): the fused result differed \
     from the ops one by one in 1 out (linear) and 0 (convolution), and from the exactly \
     computed chain (f64 sums of the same dequantized values, rounded to f32 once) in none, \
     where the ops one by one differed from it in that 1 out. Identical where the Float chain \
     is exact (power-of-two scales, partial sums below 2^24 steps), and at every ISA level.";

/// The fusion entry's prepare step (`FusionEntry`): `dequantize → convolution / addmm / mm →
/// [relu →] quantize`, each op reading the one before.
pub fn fuse_quantized(chain: &Chain<'_, '_>) -> Result<Option<Box<dyn PreparedKernel>>> {
    let linked = (2..chain.len()).all(|i| chain.link(i) == Some(0));
    let ops = chain.ops;
    let tail_ok = match ops.len() {
        3 => ops[2] == qt::OP,
        4 => ops[2] == relu::OP && ops[3] == qt::OP,
        _ => false,
    };
    if ops.first() != Some(&dqt::OP) || !linked || !tail_ok {
        return Ok(None);
    }
    Ok(match ops[1] {
        o if o == convolution::OP => conv_chain(chain),
        o if o == addmm::OP || o == mm::OP => linear_chain(chain),
        _ => None,
    })
}
