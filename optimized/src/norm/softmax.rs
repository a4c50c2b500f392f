//! `_softmax.out` and `_log_softmax.out` (the op files are `ops::_softmax` and
//! `ops::_log_softmax`): Float, Half and BFloat16 (in f32, rounded once), along any dim, the
//! out laid out as the input. In memory the input is `[outer, len, inner]` around the dim:
//!
//! - `inner == 1` (the dim innermost): each lane is a contiguous row. Its maximum (NaN when it
//!   holds one, as portable), then `e = exp(x - max)` summed in vector lanes (kept in a Float
//!   out), then `e / sum` as portable computes it (`e * (1 / sum)`) or `(x - max) - log(sum)`.
//! - otherwise: 32 neighbouring lanes at a time, one per vector lane, walked along the dim
//!   (a lane's maximum and sum in portable's order).
//!
//! `exp` is the vector layer's (within 2 ulp; portable calls libm) and the rows' sums run in
//! another order than portable's: results differ from portable in the last bits. Lanes are
//! split over threads when there are enough elements. Everything else (Double, an out laid
//! out otherwise, empty inputs, `half_to_float`) runs portable's kernel, which also gives
//! every rejection.

use super::{Shared, accelerated, around, same_layout, split};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::wrap_dim;
use etk_core::{KernelContext, Result, ScalarType, Tensor};
use etk_portable::ops::softmax as portable;
use etk_portable::util::dispatch::Float;
use etk_simd::{Element, Kernel, Level, Simd, dispatch, level};
use half::{bf16, f16};

/// Lanes walked together when the dim is not innermost.
const BLOCK: usize = 32;

/// `_softmax.out` (`log == false`) or `_log_softmax.out`.
pub fn softmax(
    ctx: &mut KernelContext<'_>,
    log: bool,
    self_: &Tensor<'_>,
    dim: i64,
    half_to_float: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let op = if log { portable::OP_LOG } else { portable::OP };
    if !half_to_float && run(ctx, op, log, self_, dim, out) {
        return Ok(());
    }
    if log {
        portable::log_softmax_out(ctx, self_, dim, half_to_float, out)
    } else {
        portable::softmax_out(ctx, self_, dim, half_to_float, out)
    }
}

/// Checks as portable does, resizes the out and computes it; `false` (nothing written) for a
/// call portable should run.
fn run(
    ctx: &mut KernelContext<'_>,
    op: &'static str,
    log: bool,
    x: &Tensor<'_>,
    dim: i64,
    out: &mut Tensor<'_>,
) -> bool {
    let Ok(d) = wrap_dim(op, "dim", dim, x.dim()) else {
        return false;
    };
    if check_dtype(op, "out", out, x.dtype()).is_err()
        || !accelerated(x.dtype())
        || x.numel() == 0
        || resize_out(op, out, x.sizes()).is_err()
        || !same_layout(x, out)
    {
        return false;
    }
    let Ok(y) = out.as_mut_ptr(op, "out") else {
        return false;
    };
    let (outer, len, inner) = if x.dim() == 0 {
        (1, 1, 1)
    } else {
        around(x, d)
    };
    let job = Shared(Lanes {
        x: x.as_ptr(),
        y,
        len,
        inner,
        log,
    });
    let (lv, dtype) = (level(), x.dtype());
    let blocks = inner.div_ceil(BLOCK);
    let items = if inner == 1 { outer } else { outer * blocks };
    let per_item = len * inner.min(BLOCK) * 8;
    split(ctx.parallel, items, per_item, &|start, end| {
        let job = job.get();
        // SAFETY: items `start..end` lie within the input and the out.
        unsafe {
            match dtype {
                ScalarType::Float => job.items::<f32>(lv, start, end),
                ScalarType::Half => job.items::<f16>(lv, start, end),
                _ => job.items::<bf16>(lv, start, end),
            }
        }
    });
    true
}

/// One call: the input and the out as `[outer, len, inner]` in memory.
struct Lanes {
    x: *const u8,
    y: *mut u8,
    len: usize,
    inner: usize,
    log: bool,
}

impl Lanes {
    /// Items `start..end`: rows (`inner == 1`) or blocks of [`BLOCK`] lanes.
    ///
    /// # Safety
    /// The items lie within the input and the out.
    unsafe fn items<E: Element>(&self, lv: Level, start: usize, end: usize) {
        let (x, y) = (self.x.cast::<E>(), self.y.cast::<E>());
        if self.inner == 1 {
            let at = start * self.len;
            let rows = Rows {
                // SAFETY: rows `start..end` lie within the tensors.
                x: unsafe { x.add(at) },
                y: unsafe { y.add(at) },
                len: self.len,
                rows: end - start,
                log: self.log,
            };
            return dispatch(lv, rows);
        }
        let blocks = self.inner.div_ceil(BLOCK);
        for item in start..end {
            let (o, b) = (item / blocks, item % blocks);
            let at = o * self.len * self.inner + b * BLOCK;
            let cols = Columns {
                // SAFETY: the block's lanes lie within the tensors.
                x: unsafe { x.add(at) },
                y: unsafe { y.add(at) },
                len: self.len,
                stride: self.inner,
                width: BLOCK.min(self.inner - b * BLOCK),
                log: self.log,
            };
            dispatch(lv, cols);
        }
    }
}

/// `rows` contiguous rows of `len` elements.
struct Rows<E> {
    x: *const E,
    y: *mut E,
    len: usize,
    rows: usize,
    log: bool,
}

impl<E: Element> Kernel for Rows<E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let Rows {
            x,
            y,
            len,
            rows,
            log,
        } = self;
        // A Float out holds `e` between the passes; other outs recompute it.
        let keep = E::IS_F32 && !log;
        for r in 0..rows {
            // SAFETY: row `r`'s `len` elements lie within the tensors (the caller's); a kept
            // `e` is read back from the out, which is `f32` then.
            unsafe {
                let (x, y) = (x.add(r * len), y.add(r * len));
                let max = s.splat(row_max::<S, E>(s, x, len));
                let mut acc = [s.zero(); 4];
                let mut i = 0;
                while i + 4 * S::LANES <= len {
                    for (k, acc) in acc.iter_mut().enumerate() {
                        let at = i + k * S::LANES;
                        let e = s.exp(s.sub(get::<S, E>(s, x.add(at), S::LANES), max));
                        if keep {
                            s.store(y.cast::<f32>().add(at), e);
                        }
                        *acc = s.add(*acc, e);
                    }
                    i += 4 * S::LANES;
                }
                while i < len {
                    let n = S::LANES.min(len - i);
                    let e = s.exp(s.sub(get::<S, E>(s, x.add(i), n), max));
                    if keep {
                        s.store_n(y.cast::<f32>().add(i), n, e);
                    }
                    acc[0] = s.add(acc[0], s.select(s.first_n(n), e, s.zero()));
                    i += n;
                }
                let sum = s.reduce_sum(s.add(s.add(acc[0], acc[1]), s.add(acc[2], acc[3])));
                if log {
                    let lse = s.splat(Float::ln(sum));
                    let mut i = 0;
                    while i < len {
                        let n = S::LANES.min(len - i);
                        put::<S, E>(
                            s,
                            y.add(i),
                            n,
                            s.sub(s.sub(get::<S, E>(s, x.add(i), n), max), lse),
                        );
                        i += n;
                    }
                } else {
                    let inv = s.splat(1.0 / sum);
                    let mut i = 0;
                    while i < len {
                        let n = S::LANES.min(len - i);
                        let e = if keep {
                            s.load_n(y.cast::<f32>().add(i), n)
                        } else {
                            s.exp(s.sub(get::<S, E>(s, x.add(i), n), max))
                        };
                        put::<S, E>(s, y.add(i), n, s.mul(e, inv));
                        i += n;
                    }
                }
            }
        }
    }
}

/// The largest of `len > 0` contiguous elements, NaN when one is NaN.
///
/// # Safety
/// `x` valid for `len` elements.
#[inline(always)]
unsafe fn row_max<S: Simd, E: Element>(s: S, x: *const E, len: usize) -> f32 {
    let (mut m, mut nan);
    // SAFETY (every load): within the `len` elements.
    unsafe {
        if len < S::LANES {
            let v = E::load_n(s, x, len);
            nan = s.is_nan(v);
            m = s.select(s.first_n(len), v, s.splat(f32::NEG_INFINITY));
        } else {
            m = E::load(s, x);
            nan = s.is_nan(m);
            let mut i = S::LANES;
            while i < len {
                // the last vector ends at `len`, overlapping its neighbour (max is idempotent)
                let at = i.min(len - S::LANES);
                let v = E::load(s, x.add(at));
                nan = s.mask_or(nan, s.is_nan(v));
                m = s.max(m, v);
                i += S::LANES;
            }
        }
    }
    if s.any(nan) {
        f32::NAN
    } else {
        s.reduce_max(m)
    }
}

/// Maximum lanes of a block, in vectors of the smallest level (Scalar's one lane).
const MAX_VECTORS: usize = BLOCK;

/// `width <= BLOCK` neighbouring lanes, each `len` elements `stride` apart.
struct Columns<E> {
    x: *const E,
    y: *mut E,
    len: usize,
    stride: usize,
    width: usize,
    log: bool,
}

impl<E: Element> Kernel for Columns<E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let Columns {
            x,
            y,
            len,
            stride,
            width,
            log,
        } = self;
        let nv = width.div_ceil(S::LANES);
        let lanes = |j: usize| S::LANES.min(width - j * S::LANES);
        // element `k` of lane `j * LANES + l` is at `k * stride + j * LANES + l` for `l <
        // lanes(j)`, within the tensors (the caller's)
        let at = |k: usize, j: usize| k * stride + j * S::LANES;
        let mut max = [s.splat(f32::NEG_INFINITY); MAX_VECTORS];
        let mut nan = [s.is_nan(s.zero()); MAX_VECTORS];
        for k in 0..len {
            for j in 0..nv {
                let v = unsafe { get::<S, E>(s, x.add(at(k, j)), lanes(j)) };
                nan[j] = s.mask_or(nan[j], s.is_nan(v));
                max[j] = s.max(max[j], v);
            }
        }
        for j in 0..nv {
            max[j] = s.select(nan[j], s.splat(f32::NAN), max[j]);
        }
        let keep = E::IS_F32 && !log;
        let mut sum = [s.zero(); MAX_VECTORS];
        for k in 0..len {
            for j in 0..nv {
                let e = s.exp(s.sub(unsafe { get::<S, E>(s, x.add(at(k, j)), lanes(j)) }, max[j]));
                if keep {
                    unsafe { put::<S, E>(s, y.add(at(k, j)), lanes(j), e) };
                }
                sum[j] = s.add(sum[j], e);
            }
        }
        if log {
            // portable's scalar logarithm of each lane's sum
            let mut lse = [0f32; BLOCK];
            let mut sums = [0f32; BLOCK];
            for (j, &v) in sum.iter().enumerate().take(nv) {
                // SAFETY: `lanes(j)` floats of `sums` from `j * LANES`.
                unsafe { s.store_n(sums.as_mut_ptr().add(j * S::LANES), lanes(j), v) };
            }
            for (l, &v) in lse.iter_mut().zip(&sums).take(width) {
                *l = Float::ln(v);
            }
            for (j, v) in sum.iter_mut().enumerate().take(nv) {
                // SAFETY: as above.
                *v = unsafe { s.load_n(lse.as_ptr().add(j * S::LANES), lanes(j)) };
            }
            for k in 0..len {
                for j in 0..nv {
                    // SAFETY: as above.
                    unsafe {
                        let v = get::<S, E>(s, x.add(at(k, j)), lanes(j));
                        put::<S, E>(
                            s,
                            y.add(at(k, j)),
                            lanes(j),
                            s.sub(s.sub(v, max[j]), sum[j]),
                        );
                    }
                }
            }
        } else {
            for v in sum.iter_mut().take(nv) {
                *v = s.div(s.splat(1.0), *v);
            }
            for k in 0..len {
                for j in 0..nv {
                    let e = if keep {
                        // SAFETY: the Float out holds `e` (written above).
                        unsafe {
                            let p = y.cast::<f32>().add(k * stride + j * S::LANES);
                            s.load_n(p, lanes(j))
                        }
                    } else {
                        s.exp(s.sub(unsafe { get::<S, E>(s, x.add(at(k, j)), lanes(j)) }, max[j]))
                    };
                    unsafe { put::<S, E>(s, y.add(at(k, j)), lanes(j), s.mul(e, sum[j])) };
                }
            }
        }
    }
}

/// `n <= LANES` elements at `p`, widened. Loads and stores of the kernels above go through
/// functions, not closures: a closure is compiled without the level's target features, and
/// its vector operations became calls.
///
/// # Safety
/// `p` valid for them.
#[inline(always)]
unsafe fn get<S: Simd, E: Element>(s: S, p: *const E, n: usize) -> S::F32 {
    // SAFETY: as the caller vouches.
    unsafe {
        if n == S::LANES {
            E::load(s, p)
        } else {
            E::load_n(s, p, n)
        }
    }
}

/// `v`'s first `n <= LANES` lanes to `p`, rounded to `E`.
///
/// # Safety
/// `p` valid for them.
#[inline(always)]
unsafe fn put<S: Simd, E: Element>(s: S, p: *mut E, n: usize, v: S::F32) {
    // SAFETY: as the caller vouches.
    unsafe {
        if n == S::LANES {
            E::store(s, p, v)
        } else {
            E::store_n(s, p, n, v)
        }
    }
}
