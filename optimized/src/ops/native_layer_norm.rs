//! `native_layer_norm.out(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias,
//!   float eps, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))`
//!
//! Float, Half and BFloat16 inputs (in f32) whose normalized dims are contiguous in memory, in
//! the input and in an out0 laid out alike (the rows then tile memory; the outer dims may be
//! in any order), with contiguous parameters: per row, ATen's moments on vectors
//! (`norm::moments`), `rstd = 1 / sqrt(var + eps)`, then `out0 = (x - mean) * rstd * w + b`
//! with portable's rounding (the Half/BFloat16 formula `(x * rstd - mean * rstd) * w + b`),
//! rows split over threads when there are enough. Parameters of Half/BFloat16 are widened
//! once into scratch. Every other call (Double, other layouts, empty rows, too little
//! scratch) runs portable's kernel, which also gives every rejection.
//!
//! The moments' column updates are fused multiply-adds rounded once, where portable rounds
//! them through f64: they differ from portable in the last bits when that lands on a halfway
//! point.

use crate::norm::moments::Moments;
use crate::norm::{Shared, accelerated, get_f32, same_layout, set_f32, split};
use etk_core::out::check_dtype;
use etk_core::{KernelContext, MAX_DIM, Result, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::native_layer_norm as portable;
use etk_portable::util::dispatch::is_reduced_float;
use etk_portable::util::norm::{dense_to_strided, param_dtype};
use etk_simd::{Element, Kernel, Level, Simd, dispatch, level};
use half::{bf16, f16};

pub const OP: &str = portable::OP;

/// Rows whose moments are computed before they are normalized (while they are in cache).
const BLOCK: usize = 16;

#[allow(clippy::too_many_arguments)]
pub fn native_layer_norm_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    normalized_shape: &[i64],
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    eps: f64,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
) -> Result<()> {
    let done = accept(input, normalized_shape, weight, bias, out0, out1, out2)
        .is_some_and(|plan| run(ctx, input, weight, bias, eps, plan, out0, out1, out2));
    if done {
        return Ok(());
    }
    portable::native_layer_norm_out(
        ctx,
        input,
        normalized_shape,
        weight,
        bias,
        eps,
        out0,
        out1,
        out2,
    )
}

boxed_kernel!(pub fn native_layer_norm_out_boxed = OP => native_layer_norm_out(input: &Tensor, normalized_shape: &[i64], weight: Option<&Tensor>, bias: Option<&Tensor>, eps: f64) -> (out0, out1, out2));

/// Whether `t`'s dims from `axis` on (of more than one element) are row-major contiguous.
fn contiguous_from(t: &Tensor<'_>, axis: usize) -> bool {
    let mut want = 1;
    for d in (axis..t.dim()).rev() {
        if t.size(d) > 1 && t.strides()[d] != want {
            return false;
        }
        want *= t.size(d);
    }
    true
}

/// What [`accept`] found: the parameters' dtype and the first normalized dim.
#[derive(Clone, Copy)]
struct Plan {
    pt: ScalarType,
    axis: usize,
}

/// The plan, when every check of portable's kernel passes for these arguments (before the
/// outs are resized) and the input is one this kernel computes.
fn accept(
    input: &Tensor<'_>,
    normalized_shape: &[i64],
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    out0: &Tensor<'_>,
    out1: &Tensor<'_>,
    out2: &Tensor<'_>,
) -> Option<Plan> {
    let (rank, k) = (input.dim(), normalized_shape.len());
    if k == 0 || k > rank || !accelerated(input.dtype()) {
        return None;
    }
    let axis = rank - k;
    let norm = &input.sizes()[axis..];
    let matches = normalized_shape
        .iter()
        .zip(norm)
        .all(|(&n, &s)| n >= 0 && n as u64 == s as u64);
    let params_fit = [weight, bias]
        .iter()
        .flatten()
        .all(|p| p.sizes() == norm && contiguous_from(p, 0));
    if !matches || !params_fit {
        return None;
    }
    let pt = param_dtype(OP, input, &[("weight", weight), ("bias", bias)]).ok()?;
    let dtypes = [(out0, input.dtype()), (out1, pt), (out2, pt)]
        .iter()
        .all(|(t, d)| check_dtype(OP, "out", t, *d).is_ok());
    (dtypes && input.numel() > 0 && contiguous_from(input, axis)).then_some(Plan { pt, axis })
}

/// Resizes the outs and normalizes; `false` (nothing written) for a call portable should run.
#[allow(clippy::too_many_arguments)]
fn run(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    eps: f64,
    Plan { pt, axis }: Plan,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
) -> bool {
    let rank = input.dim();
    let n: usize = input.sizes()[axis..].iter().product();
    let mut stat = [1usize; MAX_DIM];
    stat[..axis].copy_from_slice(&input.sizes()[..axis]);
    let resized = out0.resize(OP, "out0", input.sizes()).is_ok()
        && out1.resize(OP, "out1", &stat[..rank]).is_ok()
        && out2.resize(OP, "out2", &stat[..rank]).is_ok();
    if !resized || !same_layout(input, out0) {
        return false;
    }
    let (Ok(y), Ok(mean), Ok(rstd)) = (
        out0.as_mut_ptr(OP, "out0"),
        out1.as_mut_ptr(OP, "out1"),
        out2.as_mut_ptr(OP, "out2"),
    ) else {
        return false;
    };
    let parallel = ctx.parallel;
    let (sizes, xs) = (input.sizes(), input.strides());
    let (ms, rs) = (out1.strides(), out2.strides());
    let dtype = input.dtype();
    let levels = (level(), level().at_most_lanes(8));
    ctx.scratch.scope(|scratch| {
        // Half/BFloat16 parameters widened once (Float ones are read in place).
        let widen = |p: Option<&Tensor<'_>>| -> Option<Option<*const f32>> {
            let Some(p) = p else { return Some(None) };
            if p.dtype() == ScalarType::Float {
                return Some(Some(p.as_ptr().cast()));
            }
            let buf = scratch.alloc_for_overwrite::<f32>(OP, n).ok()?;
            for (i, v) in buf.iter_mut().enumerate() {
                // SAFETY: the parameter has `n` elements, contiguous.
                *v = unsafe { get_f32(p, i) };
            }
            Some(Some(buf.as_ptr()))
        };
        let (Some(gamma), Some(beta)) = (widen(weight), widen(bias)) else {
            return false;
        };
        let job = Shared(Rows {
            x: input.as_ptr(),
            y,
            n,
            gamma,
            beta,
            eps: eps as f32,
            mixed: is_reduced_float(dtype),
        });
        let stats = Shared((mean, rstd, pt));
        split(parallel, input.numel() / n, n * 8, &|start, end| {
            let (job, &(mean, rstd, pt)) = (job.get(), stats.get());
            let mut r = start;
            while r < end {
                let rows = BLOCK.min(end - r);
                let mut st = [(0f32, 0f32); BLOCK];
                // SAFETY: rows `r..r + rows` lie within the input and the out; the
                // statistics' offsets come from their own strides at the rows' outer indices.
                unsafe {
                    match dtype {
                        ScalarType::Float => job.block::<f32>(levels, r, &mut st[..rows]),
                        ScalarType::Half => job.block::<f16>(levels, r, &mut st[..rows]),
                        _ => job.block::<bf16>(levels, r, &mut st[..rows]),
                    }
                    for (i, &(m, rs_)) in st[..rows].iter().enumerate() {
                        let at = (r + i) * n;
                        set_f32(mean, pt, dense_to_strided(at, sizes, xs, ms), m);
                        set_f32(rstd, pt, dense_to_strided(at, sizes, xs, rs), rs_);
                    }
                }
                r += rows;
            }
        });
        true
    })
}

/// One call's rows: `x` and `y` hold rows of `n` contiguous elements one after another.
struct Rows {
    x: *const u8,
    y: *mut u8,
    n: usize,
    gamma: Option<*const f32>,
    beta: Option<*const f32>,
    eps: f32,
    mixed: bool,
}

impl Rows {
    /// Rows `first..first + st.len()`: their moments (at most at AVX2), then each row
    /// normalized; `st` receives each row's `(mean, rstd)`.
    ///
    /// # Safety
    /// The rows lie within the input and the out.
    unsafe fn block<E: Element>(
        &self,
        (full, narrow): (Level, Level),
        first: usize,
        st: &mut [(f32, f32)],
    ) {
        // SAFETY: the caller's.
        let x = unsafe { self.x.cast::<E>().add(first * self.n) };
        let y = unsafe { self.y.cast::<E>().add(first * self.n) };
        dispatch(
            narrow,
            Moments {
                x,
                stride: self.n,
                len: self.n,
                stats: st,
            },
        );
        for s in st.iter_mut() {
            // portable's `1 / sqrt(var + eps)` in f32
            s.1 = 1.0 / (s.1 + self.eps).sqrt();
        }
        dispatch(
            full,
            Normalize {
                rows: self,
                x,
                y,
                st,
            },
        );
    }
}

/// `out0` of a block of rows.
struct Normalize<'a, E> {
    rows: &'a Rows,
    x: *const E,
    y: *mut E,
    st: &'a [(f32, f32)],
}

impl<E: Element> Kernel for Normalize<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let Rows {
            n,
            gamma,
            beta,
            mixed,
            ..
        } = *self.rows;
        for (r, &(mean, rs)) in self.st.iter().enumerate() {
            // SAFETY: row `r` of the block (the caller's); the parameters hold `n` floats.
            unsafe {
                let (x, y) = (self.x.add(r * n), self.y.add(r * n));
                let t = Terms {
                    vm: s.splat(mean),
                    vr: s.splat(rs),
                    shift: s.splat(-(rs * mean)),
                    gamma,
                    beta,
                    mixed,
                };
                let mut i = 0;
                while i + S::LANES <= n {
                    normalize::<S, E>(s, &t, x, y, i, S::LANES);
                    i += S::LANES;
                }
                if i < n {
                    normalize::<S, E>(s, &t, x, y, i, n - i);
                }
            }
        }
    }
}

/// `len <= LANES` floats at `p`.
///
/// # Safety
/// `p` valid for them.
#[inline(always)]
unsafe fn load_part<S: Simd>(s: S, p: *const f32, len: usize) -> S::F32 {
    // SAFETY: as the caller vouches.
    unsafe {
        if len == S::LANES {
            s.load(p)
        } else {
            s.load_n(p, len)
        }
    }
}

/// One row's normalization: its mean and rstd as vectors, `-(rstd * mean)`, the parameters.
struct Terms<V> {
    vm: V,
    vr: V,
    shift: V,
    gamma: Option<*const f32>,
    beta: Option<*const f32>,
    mixed: bool,
}

/// Elements `i..i + len` (`len <= LANES`) of a row. A function, not a closure: a closure is
/// compiled without the level's target features, and its vector operations became calls.
///
/// # Safety
/// The elements lie within the row at `x` and `y` and within the parameters.
#[inline(always)]
unsafe fn normalize<S: Simd, E: Element>(
    s: S,
    t: &Terms<S::F32>,
    x: *const E,
    y: *mut E,
    i: usize,
    len: usize,
) {
    let full = len == S::LANES;
    // SAFETY: as the caller vouches.
    unsafe {
        let v = if full {
            E::load(s, x.add(i))
        } else {
            E::load_n(s, x.add(i), len)
        };
        let g = match t.gamma {
            Some(g) => load_part(s, g.add(i), len),
            None => s.splat(1.0),
        };
        let b = match t.beta {
            Some(b) => load_part(s, b.add(i), len),
            None => s.zero(),
        };
        let u = if t.mixed {
            s.add(s.mul(v, t.vr), t.shift)
        } else {
            s.mul(s.sub(v, t.vm), t.vr)
        };
        let v = s.add(s.mul(u, g), b);
        if full {
            E::store(s, y.add(i), v)
        } else {
            E::store_n(s, y.add(i), len, v)
        }
    }
}
