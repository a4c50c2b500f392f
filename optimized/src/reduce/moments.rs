//! `var` and `var_mean` of Float, Half and BFloat16 (into outs they widen into exactly) in f64
//! lanes, by ATen's two algorithms as portable follows them:
//!
//! - over some dims, and always for `var_mean` (ATen's Welford in f64): each lane's sums of
//!   `x - k` and `(x - k)^2` in f64, `k` the lane's first element (one pass, vectors; `x - k`
//!   is exact for inputs of one magnitude, and the shift keeps the sums from cancelling), then
//!   `m2 = s2 - s1^2 / n`. For finite inputs that is Welford's value to about 1e-15, which the
//!   out's rounding hides but now and then; a lane whose result is not finite (it holds NaN or
//!   an infinity, whose place decides Welford's NaN or inf) is recomputed by Welford itself,
//!   element by element in portable's order, so those match exactly.
//! - over every dim of a Float input into a Float or Double out (ATen's `std_var_all`):
//!   declined to portable (a vector version gave NaN where the Float sum overflows).

use super::{Plan, Shared, TILE, Walk, put_f32, split};
use crate::with_f32_elem;
use etk_core::{KernelContext, ScalarType, Tensor};
use etk_portable::util::moments::Welford;
use etk_portable::util::reduce::DimMask;
use etk_portable::util::variance::reduces_everything;
use etk_simd::{Element, Kernel, Simd, dispatch, level};

/// Whether the input reaches the out's dtype without rounding (portable casts it first).
fn widens(input: ScalarType, out: ScalarType) -> bool {
    use ScalarType::*;
    input == out
        || (matches!(out, Float | Double) && matches!(input, Half | BFloat16))
        || (input == Float && out == Double)
}

/// `out = var(self over mask)` and, for `var_mean`, `mean = mean(...)` (both already shaped);
/// `false` (nothing written) for a call portable runs.
pub fn var_mean(
    ctx: &KernelContext<'_>,
    self_: &Tensor<'_>,
    mask: DimMask,
    correction: f64,
    out: &mut Tensor<'_>,
    mean: Option<&mut Tensor<'_>>,
) -> bool {
    let (dt, odt) = (self_.dtype(), out.dtype());
    if !super::f32_family(dt) || !widens(dt, odt) {
        return false;
    }
    let Some(plan) = Plan::new(self_, mask, out, false) else {
        return false;
    };
    let all = mean.is_none()
        && reduces_everything(self_, mask)
        && matches!(odt, ScalarType::Float | ScalarType::Double);
    if all {
        // ATen's std_var_all (the mean in Float, then f64 deviations) is portable's: the vector
        // version gave NaN where a Float sum overflows (the suite's moments cases 116 and 118
        // want inf), at avx2 and avx512.
        return false;
    }
    let mean = match mean {
        Some(m) if !crate::norm::same_layout(out, m) => return false,
        Some(m) => match m.as_mut_ptr("var_mean", "out1") {
            Ok(p) => Some((Shared(p), m.dtype())),
            Err(_) => return false,
        },
        None => None,
    };
    let Ok(o) = out.as_mut_ptr("var", "out") else {
        return false;
    };
    let (x, o) = (Shared(self_.as_ptr()), Shared(o));
    let lvl = level();
    split(
        ctx,
        &plan,
        plan.work(2 * self_.element_size()),
        &|start, end| {
            with_f32_elem!(dt, E => dispatch(lvl, Moments::<E> {
                plan: &plan,
                x: x.get().cast(),
                out: o,
                dtype: odt,
                mean,
                correction,
                start,
                end,
            }))
        },
    );
    true
}

/// Units `start..end` of a variance (and mean).
struct Moments<'a, E> {
    plan: &'a Plan,
    x: *const E,
    out: Shared<*mut u8>,
    dtype: ScalarType,
    mean: Option<(Shared<*mut u8>, ScalarType)>,
    correction: f64,
    start: usize,
    end: usize,
}

/// `(var, mean)` of `n` elements from their shifted sums.
#[inline(always)]
fn finish(n: usize, k: f64, s1: f64, s2: f64, correction: f64) -> (f64, f64) {
    let nf = n as f64;
    let m2 = (s2 - s1 * s1 / nf).max(0.0);
    let d = if nf > correction {
        nf - correction
    } else {
        0.0
    };
    (m2 / d, k + s1 / nf)
}

/// Writes a variance (Double, or rounded through Float as ATen's double-to-Half casts).
///
/// # Safety
/// `i` an element of the out, whose dtype is `dtype`.
#[inline(always)]
unsafe fn put_f64(out: Shared<*mut u8>, dtype: ScalarType, i: usize, v: f64) {
    // SAFETY: the caller's.
    unsafe {
        if dtype == ScalarType::Double {
            *out.0.cast::<f64>().add(i) = v;
        } else {
            put_f32(out, dtype, i, v as f32);
        }
    }
}

impl<E: Element> Moments<'_, E> {
    /// # Safety
    /// `i` an element of the outs.
    #[inline(always)]
    unsafe fn store(&self, i: usize, (var, mean): (f64, f64)) {
        // SAFETY: the caller's.
        unsafe {
            put_f64(self.out, self.dtype, i, var);
            if let Some((m, dt)) = self.mean {
                put_f32(m, dt, i, mean as f32);
            }
        }
    }
}

impl<E: Element> Kernel for Moments<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let (plan, x, n, c) = (self.plan, self.x, self.plan.lane_len, self.correction);
        let welford = |values: &mut dyn Iterator<Item = f64>| {
            let mut w = Welford::default();
            values.for_each(|v| w.push(v));
            (w.var(c), w.mean())
        };
        match plan.walk {
            Walk::Rows => {
                let len = plan.run_len();
                for (ib, ob) in plan.lanes(self.start, self.end) {
                    // SAFETY: the lane's first element.
                    let k = unsafe { (*x.add(ib)).to_f32() };
                    let mut acc = [(s.splat_f64(0.0), s.splat_f64(0.0)); 2];
                    for (off, _) in plan.runs(ib) {
                        // SAFETY: the plan's runs lie within the input.
                        unsafe { shifted_run(s, x.add(off), len, k, &mut acc) };
                    }
                    let [(a1, a2), (b1, b2)] = acc;
                    let s1 = s.reduce_sum_f64(s.add_f64(a1, b1));
                    let s2 = s.reduce_sum_f64(s.add_f64(a2, b2));
                    let mut r = finish(n, k as f64, s1, s2, c);
                    if !(r.0.is_finite() && r.1.is_finite()) {
                        r = welford(&mut plan.runs(ib).flat_map(|(off, _)| {
                            // SAFETY: within the run.
                            (0..len).map(move |i| unsafe { (*x.add(off + i)).to_f32() } as f64)
                        }));
                    }
                    // SAFETY: the plan's out offsets lie within the outs.
                    unsafe { self.store(ob, r) };
                }
            }
            Walk::Columns => {
                let (_, o_step) = plan.width();
                let mut k = [0f32; TILE];
                let mut s1 = [0f64; TILE];
                let mut s2 = [0f64; TILE];
                for (ib, ob, j0, j1) in plan.tiles(self.start, self.end) {
                    let w = j1 - j0;
                    s1[..w].fill(0.0);
                    s2[..w].fill(0.0);
                    let mut first = true;
                    for (off, _) in plan.rows() {
                        // SAFETY: the row's `w` columns lie within the input.
                        let row = unsafe { x.add(ib + off) };
                        if first {
                            for (j, k) in k[..w].iter_mut().enumerate() {
                                // SAFETY: as above.
                                *k = unsafe { (*row.add(j)).to_f32() };
                            }
                            first = false;
                        }
                        // SAFETY: as above; the tiles hold `w`.
                        unsafe { shifted_row(s, row, &k[..w], &mut s1[..w], &mut s2[..w]) };
                    }
                    for j in 0..w {
                        let mut r = finish(n, k[j] as f64, s1[j], s2[j], c);
                        if !(r.0.is_finite() && r.1.is_finite()) {
                            r = welford(&mut plan.rows().map(|(off, _)| {
                                // SAFETY: the row's column `j`.
                                unsafe { (*x.add(ib + off + j)).to_f32() as f64 }
                            }));
                        }
                        // SAFETY: the tile's columns lie within the outs.
                        unsafe { self.store(ob + j * o_step, r) };
                    }
                }
            }
        }
    }
}

/// Adds `x - k` and `(x - k)^2` of the `len` elements at `x` to `acc` (in f64).
///
/// # Safety
/// `x` valid for `len` elements.
#[inline(always)]
unsafe fn shifted_run<S: Simd, E: Element>(
    s: S,
    x: *const E,
    len: usize,
    k: f32,
    acc: &mut [(S::F64, S::F64); 2],
) {
    let (l, kv, kd) = (S::LANES, s.splat(k), s.splat_f64(k as f64));
    let mut i = 0;
    let [mut a, mut b] = *acc;
    // SAFETY: full vectors below `len`, then one partial one (its other lanes `k`: zero).
    unsafe {
        while i + 2 * l <= len {
            a = shifted_add(s, a, E::load(s, x.add(i)), kd);
            b = shifted_add(s, b, E::load(s, x.add(i + l)), kd);
            i += 2 * l;
        }
        if i + l <= len {
            a = shifted_add(s, a, E::load(s, x.add(i)), kd);
            i += l;
        }
        if i < len {
            let m = len - i;
            let v = s.select(s.first_n(m), E::load_n(s, x.add(i), m), kv);
            b = shifted_add(s, b, v, kd);
        }
    }
    *acc = [a, b];
}

/// `(s1 + (v - k), s2 + (v - k)^2)` in f64.
#[inline(always)]
fn shifted_add<S: Simd>(
    s: S,
    (s1, s2): (S::F64, S::F64),
    v: S::F32,
    k: S::F64,
) -> (S::F64, S::F64) {
    let d = s.sub_f64(s.f32_to_f64(v), k);
    (s.add_f64(s1, d), s.mul_add_f64(d, d, s2))
}

/// `s1 += x - k`, `s2 += (x - k)^2` per column of the row at `x` (`k.len()` of them).
///
/// # Safety
/// `x` valid for `k.len()` elements; the tiles of one length.
#[inline(always)]
unsafe fn shifted_row<S: Simd, E: Element>(
    s: S,
    x: *const E,
    k: &[f32],
    s1: &mut [f64],
    s2: &mut [f64],
) {
    let (w, l) = (k.len(), S::LANES);
    let (kp, p1, p2) = (k.as_ptr(), s1.as_mut_ptr(), s2.as_mut_ptr());
    let mut j = 0;
    while j < w {
        let m = (w - j).min(l);
        // SAFETY: columns `j..j + m` of the row and the tiles.
        unsafe {
            let (v, kv) = if m == l {
                (E::load(s, x.add(j)), s.load(kp.add(j)))
            } else {
                (E::load_n(s, x.add(j), m), s.load_n(kp.add(j), m))
            };
            let d = s.sub_f64(s.f32_to_f64(v), s.f32_to_f64(kv));
            s.store_f64_n(p1.add(j), m, s.add_f64(s.load_f64_n(p1.add(j), m), d));
            let q = s.mul_add_f64(d, d, s.load_f64_n(p2.add(j), m));
            s.store_f64_n(p2.add(j), m, q);
        }
        j += m;
    }
}
